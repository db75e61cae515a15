import Foundation
import IconArchive
import Testing

@testable import IconCatalog

/// Reading an `.ipa` costs what is needed: a header inflates only its first bytes, an entry is
/// inflated whole at most once, an entry over its limit is refused from its declaration, and
/// a symbolic link stored in the archive is never read as a file.
@Suite struct ArchiveBoundsTests {
  init() { IconArchive.install() }

  /// 255 MiB, and the CRC-32 of that many zeros.
  static let bigSize = 255 << 20
  static let bigCRC: UInt32 = 0x5292_F450

  /// An app whose primary icon and `alternates` alternates all name one honest 255 MiB entry
  /// of zeros (under 2 MB of zip).
  static func manyIconsOnOneBigEntry(alternates: Int = 200) -> ZipWriter {
    var dictionary = ""
    for index in 0..<alternates {
      dictionary +=
        "<key>Alt\(index)</key><dict><key>CFBundleIconFiles</key><array><string>Big</string></array></dict>"
    }
    var zip = ZipWriter()
    zip.add(
      "Payload/Big.app/Info.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>CFBundleIdentifier</key><string>com.example.big</string>
      <key>CFBundleIcons</key><dict>
        <key>CFBundlePrimaryIcon</key><dict>
          <key>CFBundleIconFiles</key><array><string>Big</string></array></dict>
        <key>CFBundleAlternateIcons</key><dict>\(dictionary)</dict></dict>
      </dict></plist>
      """)
    zip.addZeros("Payload/Big.app/Big60x60@2x.png", count: bigSize, crc: bigCRC)
    return zip
  }

  @Test func aHeaderIsReadFromTheFirstBytesAndAWholeReadIsRefusedFromTheDeclaration() throws {
    let (folder, file) = try IPAReadingTests.write(Self.manyIconsOnOneBigEntry())
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = try AppIconReader.read(at: file)
    #expect(app.alternates.count == 200)
    let png = file.appendingPathComponent("Payload/Big.app/Big60x60@2x.png")
    #expect(try ArchivedFiles.prefix(of: png, count: 64) == [UInt8](repeating: 0, count: 64))
    #expect(throws: ArchiveProblem("267386880 bytes, over the limit of 64 MiB for a PNG")) {
      try ArchivedFiles.bytes(of: png)
    }
    // Every icon's width is looked for in the header alone: zeros are no PNG.
    for icon in app.allIcons {
      let built = app.builtRenditions(of: icon, car: nil)
      #expect(built.map(\.pixels) == [nil])
    }
  }

  @Test func anEntryThatInflatesPastItsDeclarationIsRefusedAndStaysRefused() throws {
    var zip = ZipWriter()
    zip.add("Payload/Lie.app/Info.plist", IPAReadingTests.infoPlist)
    zip.addZeros("Payload/Lie.app/AppIcon60x60@2x.png", count: Self.bigSize)
    zip.entries[zip.entries.count - 1].declaredSize = 1000
    let (folder, file) = try IPAReadingTests.write(zip)
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try AppIconReader.read(at: file)
    let png = file.appendingPathComponent("Payload/Lie.app/AppIcon60x60@2x.png")
    let refusal = ArchiveProblem("an entry inflates to more than the 1000 bytes it declares")
    #expect(throws: refusal) { try ArchivedFiles.bytes(of: png) }
    #expect(throws: refusal) { try ArchivedFiles.bytes(of: png) }
    // Once refused whole, every read of it is.
    #expect(throws: refusal) { try ArchivedFiles.prefix(of: png, count: 8) }
  }

  @Test func aSymbolicLinkStoredInTheArchiveIsNeverRead() throws {
    var zip = ZipWriter()
    zip.addLink("Payload/Link.app/Info.plist", to: "/etc/passwd")
    let (folder, file) = try IPAReadingTests.write(zip)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(
      throws: IconCatalogError.badArtifact(
        file: file.appendingPathComponent("Payload/Link.app/Info.plist").path,
        reason: "a symbolic link stored in the archive, which iconpick does not follow")
    ) { try AppIconReader.read(at: file) }

    let icons = IPAReadingTests.app { zip in
      zip.addLink("Payload/Seed.app/Blue60x60@3x.png", to: "../../../../../etc/passwd")
    }
    let (iconsFolder, iconsFile) = try IPAReadingTests.write(icons)
    defer { try? FileManager.default.removeItem(at: iconsFolder) }
    let app = try AppIconReader.read(at: iconsFile)
    let link = iconsFile.appendingPathComponent("Payload/Seed.app/Blue60x60@3x.png")
    #expect(throws: ArchiveProblem.symbolicLink) { try ArchivedFiles.bytes(of: link) }
    #expect(throws: ArchiveProblem.symbolicLink) { try ArchivedFiles.prefix(of: link, count: 8) }
    let blue = try #require(app.alternate(named: "Blue"))
    #expect(app.builtRenditions(of: blue, car: nil).map(\.pixels) == [nil, nil])
  }

  // MARK: What is remembered

  /// Counts what the archive underneath is asked for.
  final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    func add(_ what: String) { lock.withLock { counts[what, default: 0] += 1 } }
    subscript(_ what: String) -> Int { lock.withLock { counts[what, default: 0] } }
  }

  /// Entries of `sizes` bytes (each filled with its index); one named `bad` cannot be read.
  static func counted(_ entries: [ArchiveEntry], _ counter: Counter) -> ArchiveAccess {
    ArchiveAccess(
      entries: entries,
      read: { index, _ throws(ArchiveProblem) in
        counter.add("whole \(index)")
        if entries[index].name == "bad" { throw ArchiveProblem("damaged") }
        return [UInt8](repeating: UInt8(index), count: entries[index].declaredSize)
      },
      readPrefix: { index, count throws(ArchiveProblem) in
        counter.add("prefix \(index)")
        return [UInt8](repeating: UInt8(index), count: min(count, entries[index].declaredSize))
      })
  }

  @Test func anEntryIsInflatedWholeOnceAndItsPrefixIsCutFromIt() throws {
    let counter = Counter()
    let access = Self.counted([ArchiveEntry(name: "a", declaredSize: 50)], counter)
      .remembering(budget: 100)
    for _ in 0..<5 { #expect(try access.read(0, 1000).count == 50) }
    #expect(counter["whole 0"] == 1)
    #expect(try access.readPrefix(0, 8) == [UInt8](repeating: 0, count: 8))
    #expect(counter["prefix 0"] == 0)
    // Over a smaller limit, the remembered entry is refused from its declaration.
    #expect(throws: ArchiveProblem("an entry declares 50 bytes, over the limit of 10")) {
      try access.read(0, 10)
    }
  }

  @Test func aPrefixIsRememberedUntilALongerOneIsAsked() throws {
    let counter = Counter()
    let access = Self.counted([ArchiveEntry(name: "a", declaredSize: 5000)], counter)
      .remembering(budget: 100)
    for _ in 0..<3 { #expect(try access.readPrefix(0, 64).count == 64) }
    #expect(try access.readPrefix(0, 8).count == 8)
    #expect(counter["prefix 0"] == 1)
    #expect(try access.readPrefix(0, 128).count == 128)
    #expect(counter["prefix 0"] == 2)
  }

  @Test func overTheLimitIsRefusedUninflatedAndARefusalIsRemembered() throws {
    let counter = Counter()
    let access = Self.counted(
      [
        ArchiveEntry(name: "huge", declaredSize: 300 << 20),
        ArchiveEntry(name: "bad", declaredSize: 10),
      ],
      counter
    ).remembering(budget: 100)
    #expect(throws: ArchiveProblem("an entry declares 314572800 bytes, over the limit of 67108864"))
    {
      try access.read(0, 64 << 20)
    }
    #expect(counter["whole 0"] == 0)
    for _ in 0..<3 {
      #expect(throws: ArchiveProblem("damaged")) { try access.read(1, 100) }
    }
    #expect(throws: ArchiveProblem("damaged")) { try access.readPrefix(1, 4) }
    #expect(counter["whole 1"] == 1)
    #expect(counter["prefix 1"] == 0)
  }

  @Test func theOldestEntriesGoWhenTheBudgetIsFullButTheLatestStays() throws {
    let counter = Counter()
    let access = Self.counted(
      [
        ArchiveEntry(name: "a", declaredSize: 60), ArchiveEntry(name: "b", declaredSize: 60),
        ArchiveEntry(name: "big", declaredSize: 500),
      ], counter
    ).remembering(budget: 100)
    _ = try access.read(0, 1000)
    _ = try access.read(1, 1000)  // a goes: both do not fit
    _ = try access.read(1, 1000)
    #expect(counter["whole 1"] == 1)
    _ = try access.read(0, 1000)
    #expect(counter["whole 0"] == 2)
    // Larger than the budget, and still read once while it is the latest.
    for _ in 0..<3 { _ = try access.read(2, 1000) }
    #expect(counter["whole 2"] == 1)
  }

  @Test func aSymbolicLinkEntryIsRefusedWithoutAsking() throws {
    let counter = Counter()
    let access = Self.counted(
      [ArchiveEntry(name: "link", declaredSize: 11, isSymbolicLink: true)], counter
    ).remembering()
    #expect(throws: ArchiveProblem.symbolicLink) { try access.read(0, 100) }
    #expect(throws: ArchiveProblem.symbolicLink) { try access.readPrefix(0, 4) }
    #expect(counter["whole 0"] + counter["prefix 0"] == 0)
  }
}
