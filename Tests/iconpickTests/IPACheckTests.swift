import Foundation
import IconRender
import Testing

/// `iconpick check` on an `.ipa` finds what it finds on the same `.app` as a folder: the files
/// inside the zip exist for it (no false `missing-file`), and a file the Info.plist names that
/// the zip lacks is still reported.
@Suite struct IPACheckTests {
  static let plist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>
    <key>CFBundleIdentifier</key><string>com.example.seed</string>
    <key>CFBundleDisplayName</key><string>Seed</string>
    <key>CFBundleIcons</key><dict>
      <key>CFBundlePrimaryIcon</key><dict>
        <key>CFBundleIconFiles</key><array><string>AppIcon60x60</string></array></dict>
      <key>CFBundleAlternateIcons</key><dict>
        <key>Blue</key><dict>
          <key>CFBundleIconFiles</key><array><string>Blue60x60</string></array></dict>
        <key>Gone</key><dict>
          <key>CFBundleIconFiles</key><array><string>Gone60x60</string></array></dict>
      </dict></dict>
    </dict></plist>
    """

  /// An opaque square PNG of `pixels` × `pixels`, written by libpng.
  static func png(_ pixels: Int, in scratch: Scratch) throws -> [UInt8] {
    let file = scratch.file("made-\(pixels).png")
    let image = try #require(
      RGBAImage(
        width: pixels, height: pixels,
        pixels: [UInt8](repeating: 0, count: pixels * pixels * 4).enumerated().map {
          $0.offset % 4 == 3 ? 255 : 90
        }))
    try PNGWriter.write(image, to: file)
    return Array(try Data(contentsOf: file))
  }

  /// Each finding without its place (a finding about the Info.plist names the `.ipa`, the plist
  /// being inside it, which also sorts it elsewhere), with its fix, and the count.
  static func findings(_ output: String) -> [String] {
    output.split(separator: "\n").map { line in
      for level in [": error: ", ": warning: "] {
        if let range = line.range(of: level) { return String(line[range.lowerBound...]) }
      }
      return String(line)
    }
  }

  func check(_ path: String, in scratch: Scratch) throws -> (status: Int32, stdout: String) {
    let result = try runProcess(
      iconpickBinary().path, ["check", path, "--state-dir", scratch.file("state").path],
      environment: ["LANG": "C.UTF-8", "HOME": scratch.url.path])
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    return (result.status, result.stdout)
  }

  @Test func anIpaIsCheckedAsTheSameAppInAFolder() throws {
    let scratch = try Scratch()
    let files: [(String, [UInt8])] = [
      ("Info.plist", Array(Self.plist.utf8)),
      ("AppIcon60x60@2x.png", try Self.png(120, in: scratch)),
      ("AppIcon60x60@3x.png", try Self.png(180, in: scratch)),
      ("Blue60x60@2x.png", try Self.png(120, in: scratch)),
      ("Blue60x60@3x.png", try Self.png(180, in: scratch)),
    ]
    let app = scratch.file("folder/Seed.app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    for (name, bytes) in files { try Data(bytes).write(to: app.appendingPathComponent(name)) }
    let ipa = scratch.file("Seed.ipa")
    try Data(IPACommandTests.zip(files.map { ("Payload/Seed.app/\($0.0)", $0.1) })).write(to: ipa)

    let fromFolder = try check(app.path, in: scratch)
    let fromIpa = try check(ipa.path, in: scratch)
    #expect(!fromIpa.stdout.contains("[missing-file]"), "\(fromIpa.stdout)")
    // Gone's file is named but in neither: reported the same way from both.
    #expect(fromIpa.stdout.contains("[alternate-without-image]"), "\(fromIpa.stdout)")
    #expect(fromIpa.stdout.contains("\"Gone\""))
    #expect(fromIpa.status == fromFolder.status)
    #expect(Set(Self.findings(fromIpa.stdout)) == Set(Self.findings(fromFolder.stdout)))
  }

  /// The files' contents are read from the zip: a JPEG named .png, and a PNG of the wrong size.
  @Test func whatAFileInTheIpaHoldsIsCheckedAsInAFolder() throws {
    let scratch = try Scratch()
    let files: [(String, [UInt8])] = [
      ("Info.plist", Array(Self.plist.utf8)),
      ("AppIcon60x60@2x.png", [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46, 0, 1]),
      ("Blue60x60@2x.png", try Self.png(100, in: scratch)),
    ]
    let app = scratch.file("folder/Seed.app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    for (name, bytes) in files { try Data(bytes).write(to: app.appendingPathComponent(name)) }
    let ipa = scratch.file("Seed.ipa")
    try Data(IPACommandTests.zip(files.map { ("Payload/Seed.app/\($0.0)", $0.1) })).write(to: ipa)

    let fromFolder = try check(app.path, in: scratch)
    let fromIpa = try check(ipa.path, in: scratch)
    #expect(fromIpa.stdout.contains("[wrong-format]"), "\(fromIpa.stdout)")
    #expect(!fromIpa.stdout.contains("[missing-file]"), "\(fromIpa.stdout)")
    #expect(Set(Self.findings(fromIpa.stdout)) == Set(Self.findings(fromFolder.stdout)))
    #expect(fromIpa.status == fromFolder.status)
  }

  /// The artifact rules through an `.ipa`: a binary Info.plist and an `Assets.car` read in place.
  /// The alternate `Blue` is compiled; `Gone` is declared but neither compiled nor a loose file.
  @Test func theArtifactRulesRunOnAnIpaAtKeyPathsAndRenditions() throws {
    let scratch = try Scratch()
    typealias Rendition = CarWriter.Rendition
    func set(_ identifier: Int, _ name: String) -> [Rendition] {
      [
        Rendition(identifier: identifier, idiom: 1, scale: 1, pixels: 0, layout: 1010, name: name),
        Rendition(identifier: identifier, idiom: 1, scale: 2, pixels: 120, name: "\(name)@2x"),
        Rendition(identifier: identifier, idiom: 6, scale: 1, pixels: 1024, name: "\(name)-1024"),
      ]
    }
    let car = CarWriter.car(
      facets: [("AppIcon", 100), ("Blue", 101)], renditions: set(100, "AppIcon") + set(101, "Blue"))
    func ipa(_ alternates: [String: Any], named name: String) throws -> String {
      let plist: [String: Any] = [
        "CFBundleIdentifier": "com.example.seed", "UIDeviceFamily": [1],
        "CFBundleIcons": [
          "CFBundlePrimaryIcon": [
            "CFBundleIconName": "AppIcon", "CFBundleIconFiles": ["AppIcon60x60"],
          ],
          "CFBundleAlternateIcons": alternates,
        ],
      ]
      let binary = try PropertyListSerialization.data(
        fromPropertyList: plist, format: .binary, options: 0)
      let file = scratch.file(name)
      try Data(
        IPACommandTests.zip([
          ("Payload/Seed.app/Info.plist", Array(binary)),
          ("Payload/Seed.app/Assets.car", car.bytes()),
          ("Payload/Seed.app/AppIcon60x60@2x.png", try Self.png(120, in: scratch)),
        ])
      ).write(to: file)
      return file.path
    }

    let clean = try check(
      try ipa(["Blue": ["CFBundleIconName": "Blue"]], named: "Clean.ipa"), in: scratch)
    #expect(clean.status == 0, "\(clean.stdout)")
    #expect(clean.stdout.hasSuffix("0 errors, 0 warnings, 1 note\n"), "\(clean.stdout)")
    #expect(
      clean.stdout.contains(
        "/Payload/Seed.app/Assets.car: AppIcon, ios-marketing 1024×1024 @1x: note: "))

    let broken = try check(
      try ipa(
        ["Blue": ["CFBundleIconName": "Blue"], "Gone": ["CFBundleIconName": "Gone"]],
        named: "Broken.ipa"), in: scratch)
    #expect(broken.status == 1)
    let plist = scratch.file("Broken.ipa").path + "/Payload/Seed.app/Info.plist"
    #expect(
      broken.stdout.contains(
        "\(plist): CFBundleIcons → CFBundleAlternateIcons → Gone: error: alternate icon \"Gone\""),
      "\(broken.stdout)")
    #expect(
      broken.stdout.contains(
        "\(plist): CFBundleIcons → CFBundleAlternateIcons → Gone → CFBundleIconName: error: "))
    #expect(broken.stdout.contains("[plist-name-not-in-catalog]"))
    #expect(!broken.stdout.contains("\"Blue\""))
  }
}
