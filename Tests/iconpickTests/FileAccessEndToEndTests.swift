import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The binary on built apps that would have it read too much or wait forever: every run ends,
/// with the memory it used (from wait4, for that child alone) far under a gigabyte.
@Suite struct FileAccessEndToEndTests {
  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
    /// The child's peak resident memory.
    var maximumResidentBytes: Int
  }

  /// Runs iconpick through the hostile tests' ChildRun, whose peak memory is the child's own
  /// (wait4's figure for a posix_spawn child can be the test process's peak); a run still going
  /// after `guard` seconds (a hang, not a slow run) is killed and recorded as an issue.
  static func run(_ arguments: [String], in scratch: Scratch, guard limit: Double = 120) throws
    -> Run
  {
    let output = scratch.file("run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    let child = ChildRun.run(
      try iconpickBinary().path, arguments + ["--state-dir", scratch.file("state").path],
      environment: [
        "LANG": "C.UTF-8", "HOME": scratch.url.path, "XDG_CACHE_HOME": scratch.file("cache").path,
      ],
      directory: scratch.url, output: output, wallLimit: limit, memoryGuard: 4 << 30,
      cpuGuard: limit)
    if let killed = child.killed {
      Issue.record("iconpick \(arguments.joined(separator: " ")) was stopped: \(killed)")
    }
    return Run(
      status: child.signal.map { 128 + $0 } ?? child.status,
      stdout: String(decoding: child.stdout, as: UTF8.self),
      stderr: String(decoding: child.stderr, as: UTF8.self),
      maximumResidentBytes: child.maxRSS)
  }

  /// Far above what a run needs (about 30 MB), far below what reading a big entry whole per
  /// icon, or a gigabyte file, costs.
  static let memoryBound = 256 << 20

  /// `NAME.app` with a binary Info.plist naming the primary `AppIcon60x60` and an alternate
  /// `Blue` (`Blue60x60`).
  static func app(in scratch: Scratch, name: String = "App.app") throws -> URL {
    let app = scratch.file(name)
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    let plist: [String: Any] = [
      "CFBundleIdentifier": "com.example.app",
      "CFBundleIcons": [
        "CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon60x60"]],
        "CFBundleAlternateIcons": ["Blue": ["CFBundleIconFiles": ["Blue60x60"]]],
      ],
    ]
    try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
      .write(to: app.appendingPathComponent("Info.plist"))
    return app
  }

  @Test func iconsThatAreFIFOsNeverHoldACommandUp() throws {
    let scratch = try Scratch()
    let app = try Self.app(in: scratch)
    for name in ["AppIcon60x60@2x.png", "Blue60x60@2x.png"] {
      #expect(mkfifo(app.appendingPathComponent(name).path, 0o644) == 0)
    }
    let list = try Self.run(["list", "--json", app.path], in: scratch)
    #expect(list.status == 0, "\(list.stderr)")
    let check = try Self.run(["check", app.path], in: scratch)
    #expect(check.stdout.contains("not a regular file (a FIFO)"), "\(check.stdout)")
    let show = try Self.run(["show", "Blue", app.path], in: scratch)
    #expect(show.status == 1)
    #expect(
      show.stderr.contains(
        "\(app.path)/Blue60x60@2x.png: cannot be read: not a regular file (a FIFO)"),
      "\(show.stderr)")
  }

  @Test func anIPAThatIsAFIFOIsRefused() throws {
    let scratch = try Scratch()
    let ipa = scratch.file("App.ipa")
    #expect(mkfifo(ipa.path, 0o644) == 0)
    let list = try Self.run(["list", ipa.path], in: scratch)
    #expect(list.status == 1)
    #expect(list.stderr.contains("\(ipa.path): not a regular file (a FIFO)"), "\(list.stderr)")
  }

  @Test func aSparseGigabyteInfoPlistIsRefusedFromItsSize() throws {
    let scratch = try Scratch()
    let app = try Self.app(in: scratch)
    let plist = app.appendingPathComponent("Info.plist")
    #expect(truncate(plist.path, 1 << 30) == 0)
    let list = try Self.run(["list", app.path], in: scratch)
    #expect(list.status == 1)
    #expect(list.stderr.contains("\(plist.path): "), "\(list.stderr)")
    #expect(list.stderr.contains("over the limit of 8 MiB for an Info.plist"), "\(list.stderr)")
    #expect(list.stderr.split(separator: "\n").count == 1, "\(list.stderr)")
    #expect(list.maximumResidentBytes < Self.memoryBound)
  }

  @Test func anAppGivenThroughALinkListsItsLooseIcons() throws {
    let scratch = try Scratch()
    let app = try Self.app(in: scratch, name: "Real.app")
    try Data([0x89, 0x50, 0x4E, 0x47]).write(to: app.appendingPathComponent("Blue60x60@2x.png"))
    let link = scratch.file("Link.app")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: app.path)
    let real = try Self.run(["list", "--json", app.path], in: scratch)
    let linked = try Self.run(["list", "--json", link.path], in: scratch)
    #expect(real.stdout.contains("Blue60x60@2x.png"))
    #expect(linked.stdout == real.stdout)
  }

  /// 200 alternates whose files all name one honest 255 MiB entry of zeros: each header is
  /// read from the entry's first bytes, and reading it whole is refused from its declaration.
  @Test func manyIconsOnOneHugeEntryAreReadInBoundedMemory() throws {
    let scratch = try Scratch()
    var alternates = ""
    for index in 0..<200 {
      alternates +=
        "<key>Alt\(index)</key><dict><key>CFBundleIconFiles</key><array><string>Big</string></array></dict>"
    }
    let plist = Array(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>CFBundleIdentifier</key><string>com.example.big</string>
      <key>CFBundleIcons</key><dict>
        <key>CFBundlePrimaryIcon</key><dict>
          <key>CFBundleIconFiles</key><array><string>Big</string></array></dict>
        <key>CFBundleAlternateIcons</key><dict>\(alternates)</dict></dict>
      </dict></plist>
      """.utf8)
    let ipa = scratch.file("Big.ipa")
    try Data(
      Self.zip(
        stored: ("Payload/Big.app/Info.plist", plist),
        zeros: ("Payload/Big.app/Big60x60@2x.png", 255 << 20, 0x5292_F450))
    ).write(to: ipa)

    let list = try Self.run(["list", "--json", ipa.path], in: scratch)
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.contains("\"Alt199\""))
    #expect(list.maximumResidentBytes < Self.memoryBound)
    let check = try Self.run(["check", ipa.path], in: scratch)
    #expect(check.status == 1)
    #expect(check.stdout.contains("Alt199"))
    #expect(check.maximumResidentBytes < Self.memoryBound)
    let show = try Self.run(["show", "Alt7", ipa.path], in: scratch)
    #expect(show.status == 1)
    #expect(
      show.stderr.contains("267386880 bytes, over the limit of 64 MiB for a PNG"), "\(show.stderr)")
    #expect(show.maximumResidentBytes < Self.memoryBound)
  }

  /// A zip of one stored entry and one deflated entry of `count` zeros (CRC `crc`).
  static func zip(stored: (String, [UInt8]), zeros: (String, Int, UInt32)) -> [UInt8] {
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
    let entries: [(name: String, method: Int, crc: Int, data: [UInt8], size: Int)] = [
      (stored.0, 0, crc32(stored.1), stored.1, stored.1.count),
      (zeros.0, 8, Int(zeros.2), ZeroDeflate.stream(count: zeros.1), zeros.1),
    ]
    var out: [UInt8] = []
    var central: [UInt8] = []
    for entry in entries {
      let name = Array(entry.name.utf8)
      let offset = out.count
      let common =
        le(0, 2) + le(entry.method, 2) + le(0, 2) + le(0x21, 2) + le(entry.crc, 4)
        + le(entry.data.count, 4) + le(entry.size, 4) + le(name.count, 2) + le(0, 2)
      out += le(0x0403_4B50, 4) + le(20, 2) + common + name + entry.data
      central += le(0x0201_4B50, 4) + le(20, 2) + le(20, 2) + common + le(0, 2) + le(0, 2)
      central += le(0, 2) + le(0, 4) + le(offset, 4) + name
    }
    let directory = out.count
    out += central + le(0x0605_4B50, 4) + le(0, 4) + le(entries.count, 2) + le(entries.count, 2)
    return out + le(central.count, 4) + le(directory, 4) + le(0, 2)
  }
}
