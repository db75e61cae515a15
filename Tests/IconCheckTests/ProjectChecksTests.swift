import Foundation
import IconCatalog
import Testing

@testable import IconCheck

/// One app folder in a temporary directory, written file by file.
private struct ProjectFolder {
  let root: URL

  init() throws {
    root =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("iconpick-project-checks-\(UUID().uuidString)", isDirectory: true)
      .standardizedFileURL
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  func remove() { try? FileManager.default.removeItem(at: root) }

  func url(_ relative: String) -> URL { root.appendingPathComponent(relative).standardizedFileURL }

  func path(_ relative: String) -> String { url(relative).path }

  @discardableResult
  func write(_ relative: String, _ data: Data) throws -> URL {
    let file = url(relative)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: file)
    return file
  }

  func write(_ relative: String, text: String) throws {
    try write(relative, Data(text.utf8))
  }

  /// An XML Info.plist; returns its text, to find lines in.
  @discardableResult
  func writeInfoPlist(_ keys: [String: Any], at relative: String = "Info.plist") throws -> String {
    var plist: [String: Any] = ["CFBundleIdentifier": "com.example.checks"]
    plist.merge(keys) { _, new in new }
    let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
    try write(relative, data)
    return String(decoding: data, as: UTF8.self)
  }

  /// An app icon set holding one 1024 image (a few bytes: these checks never decode it).
  func writeIconSet(_ name: String, in catalog: String = "Assets.xcassets") throws {
    try write("\(catalog)/Contents.json", text: #"{"info":{"author":"xcode","version":1}}"#)
    try write(
      "\(catalog)/\(name).appiconset/Contents.json",
      text: """
        {"images":[{"filename":"icon.png","idiom":"universal","platform":"ios","size":"1024x1024"}],\
        "info":{"author":"xcode","version":1}}
        """)
    try write("\(catalog)/\(name).appiconset/icon.png", Data([0x89, 0x50, 0x4E, 0x47]))
  }

  func diagnose() throws -> [Diagnostic] {
    try projectFindings(try AppIconReader.facts(at: root, target: nil, configuration: nil))
  }
}

/// The 1-based line of the first line of `text` holding `needle`.
private func line(of needle: String, in text: String, after start: Int = 0) -> Int? {
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
  return lines.indices.first { $0 + 1 > start && lines[$0].contains(needle) }.map { $0 + 1 }
}

/// `{ "CFBundleIcons": { "CFBundleAlternateIcons": { name: { "CFBundleIconName": name } } } }`.
private func alternates(_ names: [String]) -> [String: Any] {
  [
    "CFBundleAlternateIcons": Dictionary(
      uniqueKeysWithValues: names.map { ($0, ["CFBundleIconName": $0] as [String: Any]) })
  ]
}

@Suite struct ProjectChecksTests {
  @Test func cleanProjectHasNoDiagnostics() throws {
    let project = try ProjectFolder()
    defer { project.remove() }
    try project.writeInfoPlist([:])
    try project.write(
      "App.xcconfig",
      text: """
        ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon
        ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue Green
        TARGETED_DEVICE_FAMILY = 1,2

        """)
    for name in ["AppIcon", "Blue", "Green"] { try project.writeIconSet(name) }
    try project.write("Assets.xcassets/Photo.imageset/photo.png", Data([1, 2, 3]))

    #expect(try project.diagnose() == [])
  }

  @Test func iconFileWithExtensionOrScale() throws {
    let project = try ProjectFolder()
    defer { project.remove() }
    let text = try project.writeInfoPlist([
      "CFBundleIcons": [
        "CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon60x60"]],
        "CFBundleAlternateIcons": [
          "Blue": ["CFBundleIconFiles": ["Blue.png"]],
          "Red": ["CFBundleIconFiles": ["Red60x60@2x"]],
        ],
      ]
    ])

    let diagnostics = try project.diagnose()

    #expect(diagnostics.map(\.id) == [.iconFileWithExtension, .iconFileWithExtension])
    #expect(diagnostics.allSatisfy { $0.severity == .error })
    #expect(diagnostics.allSatisfy { $0.file == project.path("Info.plist") })
    let blue = try #require(diagnostics.first { $0.message.contains("\"Blue.png\"") })
    #expect(blue.line == line(of: "<string>Blue.png</string>", in: text))
    #expect(blue.line != nil)
    #expect(blue.message.contains("an extension (.png)"))
    #expect(blue.fix.contains("\"Blue\""))
    let red = try #require(diagnostics.first { $0.message.contains("\"Red60x60@2x\"") })
    #expect(red.line == line(of: "<string>Red60x60@2x</string>", in: text))
    #expect(red.message.contains("a scale suffix (@2x)"))
    #expect(red.fix.contains("\"Red60x60\""))
  }

  @Test func iconFileNamesWithoutExtensionsPass() {
    #expect(IconFileChecks.problem(inIconFile: "Icon") == nil)
    #expect(IconFileChecks.problem(inIconFile: "Icon-60x60") == nil)
    #expect(IconFileChecks.problem(inIconFile: "Icon@home") == nil)
    #expect(IconFileChecks.problem(inIconFile: "Icon.PNG") == "an extension (.PNG)")
    #expect(IconFileChecks.problem(inIconFile: "Icon@3x~ipad") == "a scale suffix (@3x)")
  }

  @Test func setNotShipped() throws {
    let project = try ProjectFolder()
    defer { project.remove() }
    try project.writeInfoPlist([:])
    try project.write(
      "App.xcconfig", text: "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue\n")
    for name in ["AppIcon", "Blue", "Green"] { try project.writeIconSet(name) }
    try project.write("Assets.xcassets/Purple.icon/icon.json", text: #"{"groups":[]}"#)

    let diagnostics = try project.diagnose()

    #expect(diagnostics.map(\.id) == [.setNotShipped, .setNotShipped])
    // Nothing asks for either set: warnings (CodeNameChecksTests has the errors).
    #expect(diagnostics.allSatisfy { $0.severity == .warning && $0.line == nil })
    #expect(
      diagnostics.map(\.file) == [
        project.path("Assets.xcassets/Green.appiconset/Contents.json"),
        project.path("Assets.xcassets/Purple.icon"),
      ])
    #expect(diagnostics[0].message.contains("\"Green\""))
    #expect(diagnostics[0].fix.contains("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES"))
  }

  @Test func setsShippedByIncludeAllOrInfoPlistAreNotReported() throws {
    let project = try ProjectFolder()
    defer { project.remove() }
    try project.writeInfoPlist([
      "CFBundleIcons": [
        "CFBundleAlternateIcons": ["Red": ["CFBundleIconName": "RedAsset"]]
      ]
    ])
    for name in ["AppIcon", "RedAsset", "Green"] { try project.writeIconSet(name) }

    #expect(
      try project.diagnose().map(\.file) == [
        project.path("Assets.xcassets/Green.appiconset/Contents.json")
      ])

    try project.write(
      "App.xcconfig", text: "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES\n")
    // Include-all generates the alternates, so the hand-written ones draw the warning instead.
    #expect(try project.diagnose().map(\.id) == [.handWrittenAlternates])
  }

  @Test func missingIPadDeclaration() throws {
    let project = try ProjectFolder()
    defer { project.remove() }
    let text = try project.writeInfoPlist([
      "CFBundleIcons": alternates(["Blue", "Red"]),
      "CFBundleIcons~ipad": alternates(["Blue"]),
    ])
    for name in ["AppIcon", "Blue", "Red"] { try project.writeIconSet(name) }

    let diagnostics = try project.diagnose()

    #expect(diagnostics.map(\.id) == [.missingIPadDeclaration])
    let diagnostic = try #require(diagnostics.first)
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.file == project.path("Info.plist"))
    // At Red's key under CFBundleIcons, where it is declared.
    #expect(diagnostic.line == line(of: "<key>Red</key>", in: text))
    #expect(diagnostic.line != nil)
    #expect(diagnostic.message.contains("\"Red\""))
  }

  @Test func missingIPadDeclarationFromDeviceFamily() throws {
    let project = try ProjectFolder()
    defer { project.remove() }
    try project.writeInfoPlist(["CFBundleIcons": alternates(["Blue"])])
    try project.writeIconSet("AppIcon")
    try project.writeIconSet("Blue")

    // iPhone only: CFBundleIcons is all iOS reads.
    try project.write("App.xcconfig", text: "TARGETED_DEVICE_FAMILY = 1\n")
    #expect(try project.diagnose() == [])

    // Nothing compiled: the built app has no CFBundleIcons~ipad, and iPad reads CFBundleIcons.
    try project.write("App.xcconfig", text: "TARGETED_DEVICE_FAMILY = 1,2\n")
    #expect(try project.diagnose() == [])

    // A compiled primary: actool writes CFBundleIcons~ipad, without the hand-written Blue.
    try project.write(
      "App.xcconfig",
      text: "TARGETED_DEVICE_FAMILY = 1,2\nASSETCATALOG_COMPILER_APPICON_NAME = AppIcon\n")
    let diagnostics = try project.diagnose()
    #expect(diagnostics.map(\.id) == [.missingIPadDeclaration])
    #expect(diagnostics.first?.message.contains("\"Blue\"") == true)
  }

  @Test func looseFileInCatalog() throws {
    let project = try ProjectFolder()
    defer { project.remove() }
    try project.writeInfoPlist([:])
    try project.writeIconSet("AppIcon")
    try project.write("Assets.xcassets/Icon.png", Data([1]))
    try project.write("Assets.xcassets/Icons/Icon@2x.jpg", Data([1]))
    try project.write("Assets.xcassets/Icons/Contents.json", text: #"{"info":{"version":1}}"#)
    try project.write("Assets.xcassets/Photo.imageset/photo.png", Data([1]))
    try project.write("Assets.xcassets/Old.launchimage/launch.png", Data([1]))
    try project.write("Assets.xcassets/README.txt", text: "notes")

    let diagnostics = try project.diagnose()

    #expect(diagnostics.map(\.id) == [.looseFileInCatalog, .looseFileInCatalog])
    #expect(diagnostics.allSatisfy { $0.severity == .warning && $0.line == nil })
    #expect(
      diagnostics.map(\.file) == [
        project.path("Assets.xcassets/Icon.png"), project.path("Assets.xcassets/Icons/Icon@2x.jpg"),
      ])
  }

  @Test func handWrittenAlternates() throws {
    let project = try ProjectFolder()
    defer { project.remove() }
    let text = try project.writeInfoPlist(["CFBundleIcons": alternates(["Blue"])])
    try project.write(
      "App.xcconfig",
      text: """
        ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue
        TARGETED_DEVICE_FAMILY = 1,2

        """)
    try project.writeIconSet("AppIcon")
    try project.writeIconSet("Blue")

    let diagnostics = try project.diagnose()

    // Blue is generated for every idiom by the setting, so it is not missing on iPad.
    #expect(diagnostics.map(\.id) == [.handWrittenAlternates])
    let diagnostic = try #require(diagnostics.first)
    #expect(diagnostic.severity == .warning)
    #expect(diagnostic.file == project.path("Info.plist"))
    #expect(diagnostic.line == line(of: "<key>CFBundleAlternateIcons</key>", in: text))
    #expect(diagnostic.message.contains("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES"))
  }

  @Test func factsLocateTheAlternateNamesSetting() throws {
    let project = try ProjectFolder()
    defer { project.remove() }
    try project.writeInfoPlist([:])
    try project.write(
      "App.xcconfig",
      text: """
        // ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES_OLD = Red
        TARGETED_DEVICE_FAMILY = 1, 2
        ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue "Dark Green"

        """)
    try project.writeIconSet("AppIcon")

    let facts = try AppIconReader.facts(at: project.root, target: nil, configuration: nil)

    #expect(facts.infoPlist?.path == project.path("Info.plist"))
    #expect(facts.alternateNamesSetting == ["Blue", "Dark Green"])
    #expect(facts.alternateNamesLocation?.file.path == project.path("App.xcconfig"))
    #expect(facts.alternateNamesLocation?.line == 3)
    #expect(facts.deviceFamily == [1, 2])
    #expect(facts.primaryName == "AppIcon")
    #expect(facts.catalogs.map(\.path) == [project.path("Assets.xcassets")])
    #expect(facts.iconSets.map(\.name) == ["AppIcon"])
  }

  /// The bundled demo app holds Icon Composer bundles; its older form, kept as a fixture,
  /// holds `.appiconset`s.
  @Test(arguments: [
    ("Assets/Palette", true), ("Tests/Fixtures/PaletteAppIconSets", false),
  ])
  func paletteHasNoDiagnostics(_ folder: String, iconComposer: Bool) throws {
    let palette = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(folder, isDirectory: true)
    let facts = try AppIconReader.facts(at: palette, target: nil, configuration: nil)

    #expect(facts.iconSets.count == 8)
    #expect(facts.iconSets.allSatisfy { $0.isIconComposer == iconComposer })
    #expect(try projectFindings(facts) == [])
  }
}
