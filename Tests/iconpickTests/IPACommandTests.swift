import Foundation
import Testing

/// The commands on an `.ipa`, through the binary (its `main` installs the zip reader), and
/// without libzip (ICONPICK_LIBZIP_SONAME pointed at a file that is not there).
@Suite struct IPACommandTests {
  /// A zip of stored entries.
  static func zip(_ entries: [(String, [UInt8])]) -> [UInt8] {
    func le(_ value: Int, _ size: Int) -> [UInt8] {
      (0..<size).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
    func crc32(_ bytes: [UInt8]) -> Int {
      var crc: UInt32 = 0xFFFF_FFFF
      for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
      }
      return Int(crc ^ 0xFFFF_FFFF)
    }
    var out: [UInt8] = []
    var central: [UInt8] = []
    for (name, data) in entries {
      let nameBytes = Array(name.utf8)
      let offset = out.count
      let common =
        le(0, 2) + le(0, 2) + le(0, 2) + le(0x21, 2) + le(crc32(data), 4) + le(data.count, 4)
        + le(data.count, 4) + le(nameBytes.count, 2) + le(0, 2)
      out += le(0x0403_4B50, 4) + le(20, 2) + common + nameBytes + data
      central += le(0x0201_4B50, 4) + le(20, 2) + le(20, 2) + common + le(0, 2) + le(0, 2)
      central += le(0, 2) + le(0, 4) + le(offset, 4) + nameBytes
    }
    let directory = out.count
    out += central + le(0x0605_4B50, 4) + le(0, 4) + le(entries.count, 2) + le(entries.count, 2)
    return out + le(central.count, 4) + le(directory, 4) + le(0, 2)
  }

  static let plist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>
    <key>CFBundleIdentifier</key><string>com.example.seed</string>
    <key>CFBundleDisplayName</key><string>Seed</string>
    <key>CFBundleIcons</key><dict><key>CFBundlePrimaryIcon</key><dict>
      <key>CFBundleIconFiles</key><array><string>AppIcon60x60</string></array>
      <key>CFBundleIconName</key><string>AppIcon</string></dict></dict>
    </dict></plist>
    """

  func run(_ arguments: [String], in scratch: Scratch, environment extra: [String: String] = [:])
    throws -> (status: Int32, stdout: String, stderr: String)
  {
    var environment = [
      "LANG": "C.UTF-8", "HOME": scratch.url.path, "XDG_CACHE_HOME": scratch.file("cache").path,
    ]
    environment.merge(extra) { $1 }
    return try runProcess(
      iconpickBinary().path, arguments + ["--state-dir", scratch.file("state").path],
      environment: environment)
  }

  @Test func listReadsTheAppInsideAndNothingIsUnpacked() throws {
    let scratch = try Scratch()
    let ipa = scratch.file("Seed.ipa")
    try Data(
      Self.zip([
        ("Payload/Seed.app/Info.plist", Array(Self.plist.utf8)),
        ("Payload/Seed.app/AppIcon60x60@2x.png", [0x89, 0x50, 0x4E, 0x47]),
      ])
    ).write(to: ipa)
    let result = try run(["list", "--json", ipa.path], in: scratch)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"name\" : \"Seed\""))
    #expect(result.stdout.contains(ipa.path + "/Payload/Seed.app/AppIcon60x60@2x.png"))
    // Nothing of the app was written anywhere under the scratch folder (state and cache included).
    let written = FileManager.default.enumerator(atPath: scratch.url.path)?.allObjects as? [String]
    #expect(written?.contains { $0.hasSuffix("Info.plist") || $0.hasSuffix(".png") } == false)
  }

  @Test func withoutLibzipAnIpaIsRefusedWithThePackageToInstall() throws {
    let scratch = try Scratch()
    let ipa = scratch.file("Seed.ipa")
    try Data(Self.zip([("Payload/Seed.app/Info.plist", Array(Self.plist.utf8))])).write(to: ipa)
    let missing = ["ICONPICK_LIBZIP_SONAME": "libiconpick-not-there.so.0"]
    let result = try run(["list", ipa.path], in: scratch, environment: missing)
    #expect(result.status == 1)
    #expect(result.stderr.contains("\(ipa.path): libzip is not installed: apt-get install libzip4"))
    // Everything else works without it.
    let palette = try run(["list", paletteFolder().path], in: scratch, environment: missing)
    #expect(palette.status == 0)
  }
}
