import Foundation
import Testing

@testable import IconCatalog

#if canImport(Glibc)
  import Glibc
#endif

/// How files are opened: only regular files, never blocking on a FIFO, sizes checked before
/// reading, and a built app's symbolic links followed only while they stay inside it.
@Suite("Reading files safely")
struct FileAccessTests {
  static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

  /// A FIFO at `path` (nothing ever writes to it: opening it for reading the usual way blocks).
  static func makeFIFO(_ path: URL) throws {
    try FileManager.default.createDirectory(
      at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
    #expect(mkfifo(path.path, 0o644) == 0)
  }

  /// A socket bound at `path`; the descriptor is closed when the test ends.
  static func makeSocket(_ path: URL) throws -> Int32 {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #expect(descriptor >= 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.path.utf8)
    try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in bytes.enumerated() { buffer[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    #expect(bound == 0)
    return descriptor
  }

  /// A sparse file of `size` bytes: it takes no room on disk, but reading it whole would.
  static func makeSparse(_ path: URL, size: Int) throws {
    try FileManager.default.createDirectory(
      at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
    let descriptor = open(path.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    #expect(descriptor >= 0)
    #expect(ftruncate(descriptor, off_t(size)) == 0)
    close(descriptor)
  }

  // MARK: The reader

  @Test func aFIFOIsRefusedWithoutBlocking() throws {
    let fixture = try Fixture()
    let fifo = fixture.url("icon.png")
    try Self.makeFIFO(fifo)
    #expect(throws: FileRefusal("not a regular file (a FIFO)")) {
      try RegularFile.read(fifo.path, limit: FileLimits.png)
    }
    #expect(throws: FileRefusal("not a regular file (a FIFO)")) {
      try RegularFile.prefix(fifo.path, count: 64)
    }
    #expect(throws: FileRefusal("not a regular file (a FIFO)")) {
      _ = try RegularFile.stream(fifo.path)
    }
    #expect(throws: IconCatalogError.self) { try InfoPlist.read(fifo) }
  }

  @Test func aSocketAndADeviceAreRefused() throws {
    let fixture = try Fixture()
    let path = fixture.url("s.png")
    let socket = try Self.makeSocket(path)
    defer { close(socket) }
    #expect(throws: FileRefusal("not a regular file (a socket)")) {
      try RegularFile.prefix(path.path, count: 64)
    }
    // A device never ends: /dev/zero read whole would fill the memory.
    #expect(throws: FileRefusal("not a regular file (a character device)")) {
      try RegularFile.read("/dev/zero", limit: FileLimits.png)
    }
    #expect(throws: FileRefusal("a folder, not a file")) {
      try RegularFile.read(fixture.root.path, limit: FileLimits.png)
    }
  }

  @Test func aFileOverItsLimitIsRefusedFromItsSize() throws {
    let fixture = try Fixture()
    let plist = fixture.url("App/Info.plist")
    try Self.makeSparse(plist, size: 1 << 30)
    do {
      _ = try InfoPlist.read(plist)
      Issue.record("read a 1 GiB Info.plist")
    } catch {
      #expect(error.description.hasPrefix(plist.path + ": "))
      #expect(
        error.description.contains("1073741824 bytes, over the limit of 8 MiB for an Info.plist"))
    }
    let contents = fixture.url("Assets.xcassets/AppIcon.appiconset/Contents.json")
    try Self.makeSparse(contents, size: 9 << 20)
    #expect(throws: FileRefusal("9437184 bytes, over the limit of 8 MiB for a Contents.json")) {
      try RegularFile.read(contents.path, limit: FileLimits.contentsJSON)
    }
    // Within the limit, the bytes; a missing file is nil where it may be missing.
    let small = try fixture.write("small.json", "{}")
    #expect(try RegularFile.read(small.path, limit: FileLimits.contentsJSON) == Array("{}".utf8))
    #expect(try RegularFile.prefix(small.path, count: 1) == Array("{".utf8))
    #expect(try RegularFile.readIfPresent(fixture.url("none").path, limit: FileLimits.png) == nil)
  }

  // MARK: Built apps

  /// `App.app` with an Info.plist naming the primary icon `AppIcon60x60` and an alternate
  /// `Blue` (`Blue60x60`), and `AppIcon60x60@2x.png`.
  static func builtApp(_ fixture: Fixture, at path: String = "App.app") throws -> URL {
    try fixture.writePlist(
      "\(path)/Info.plist",
      [
        "CFBundleIdentifier": "com.example.app",
        "CFBundleIcons": [
          "CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon60x60"]],
          "CFBundleAlternateIcons": ["Blue": ["CFBundleIconFiles": ["Blue60x60"]]],
        ],
      ], format: .binary)
    try fixture.write("\(path)/AppIcon60x60@2x.png", data: png)
    return fixture.url(path)
  }

  @Test func aBuiltAppsInfoPlistLinkedOutsideIsRefused() throws {
    let fixture = try Fixture()
    let app = try Self.builtApp(fixture)
    let plist = app.appendingPathComponent("Info.plist")
    try FileManager.default.removeItem(at: plist)
    try FileManager.default.createSymbolicLink(
      atPath: plist.path, withDestinationPath: "/etc/passwd")
    #expect(
      throws: IconCatalogError.badArtifact(
        file: plist.path, reason: "a symbolic link that leaves the app (to /etc/passwd)")
    ) {
      try AppIconReader.read(at: app)
    }
  }

  @Test func aBuiltAppsPNGLinkedOutsideIsLeftOutAndNamed() throws {
    let fixture = try Fixture()
    let app = try Self.builtApp(fixture)
    let elsewhere = try fixture.write("Elsewhere/Blue.png", data: Self.png)
    let link = app.appendingPathComponent("Blue60x60@2x.png")
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: elsewhere.path)
    // A link that stays inside the app is followed.
    try fixture.write("App.app/Inside/AppIcon.png", data: Self.png)
    try FileManager.default.createSymbolicLink(
      atPath: app.appendingPathComponent("AppIcon60x60@3x.png").path,
      withDestinationPath: "Inside/AppIcon.png")

    let icons = try AppIconReader.read(at: app)
    let blue = try #require(icons.alternate(named: "Blue"))
    #expect(blue.renditions.compactMap(\.file).isEmpty)
    #expect(
      icons.warnings.contains(
        "\(link.path): a symbolic link that leaves the app (to \(elsewhere.path)), so it is not read"
      ), "\(icons.warnings)")
    #expect(
      icons.primary.renditions.map { $0.file?.lastPathComponent } == [
        "AppIcon60x60@2x.png", "AppIcon60x60@3x.png",
      ])
  }

  @Test func aBuiltAppGivenThroughALinkReadsAsTheAppItPointsTo() throws {
    let fixture = try Fixture()
    let real = try Self.builtApp(fixture, at: "Real.app")
    let link = fixture.url("Link.app")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: real.path)
    let direct = try AppIconReader.read(at: real)
    let linked = try AppIconReader.read(at: link)
    #expect(!direct.primary.renditions.isEmpty)
    #expect(linked.primary.renditions == direct.primary.renditions)
    #expect(linked.location == direct.location)
  }

  @Test func aBuiltAppsFIFOIconIsReadWithoutBlocking() throws {
    let fixture = try Fixture()
    let app = try Self.builtApp(fixture)
    try Self.makeFIFO(app.appendingPathComponent("Blue60x60@2x.png"))
    let icons = try AppIconReader.read(at: app)
    let blue = try #require(icons.alternate(named: "Blue"))
    let built = icons.builtRenditions(of: blue, car: nil)
    #expect(built.count == 1)
    #expect(built.first?.pixels == nil)
  }

  @Test func aBuiltAppsCarLinkedOutsideIsRefused() throws {
    let fixture = try Fixture()
    let app = try Self.builtApp(fixture)
    let car = app.appendingPathComponent("Assets.car")
    try FileManager.default.createSymbolicLink(atPath: car.path, withDestinationPath: "/dev/zero")
    let icons = try AppIconReader.read(at: app)
    #expect(
      throws: AssetsCarError.unreadable(
        file: car.path, reason: "a symbolic link that leaves the app (to /dev/zero)")
    ) {
      try icons.compiledAssetCatalog()
    }
  }

  // MARK: Archives (.xcarchive)

  @Test func anArchiveWhoseProductsLeadOutIsRefused() throws {
    let fixture = try Fixture()
    // A real app elsewhere on disk, reached through Products linked to the root folder.
    _ = try Self.builtApp(fixture, at: "Elsewhere/Real.app")
    try fixture.makeFolder("A.xcarchive")
    try FileManager.default.createSymbolicLink(
      atPath: fixture.url("A.xcarchive/Products").path, withDestinationPath: "/")
    let relative = String(fixture.url("Elsewhere/Real.app").path.dropFirst())
    let plist = try fixture.writePlist(
      "A.xcarchive/Info.plist", ["ApplicationProperties": ["ApplicationPath": relative]])
    do {
      _ = try AppIconReader.read(at: fixture.url("A.xcarchive"))
      Issue.record("read an app outside the archive")
    } catch {
      #expect(error.description.hasPrefix(plist.path + ": "))
      #expect(error.description.contains("a symbolic link that leaves the archive"))
    }
  }

  @Test func anArchivesOneAppLinkedOutsideIsRefusedAndOneInsideIsRead() throws {
    let fixture = try Fixture()
    let real = try Self.builtApp(fixture, at: "Elsewhere/Real.app")
    try fixture.makeFolder("A.xcarchive/Products/Applications")
    let app = fixture.url("A.xcarchive/Products/Applications/Real.app")
    try FileManager.default.createSymbolicLink(atPath: app.path, withDestinationPath: real.path)
    #expect(
      throws: IconCatalogError.badArtifact(
        file: app.path, reason: "a symbolic link that leaves the archive (to \(real.path))")
    ) {
      try AppIconReader.read(at: fixture.url("A.xcarchive"))
    }
    // Products linked to a folder inside the archive is fine.
    _ = try Self.builtApp(fixture, at: "B.xcarchive/Build/Applications/Real.app")
    try FileManager.default.createSymbolicLink(
      atPath: fixture.url("B.xcarchive/Products").path, withDestinationPath: "Build")
    let icons = try AppIconReader.read(at: fixture.url("B.xcarchive"))
    #expect(icons.primary.renditions.count == 1)
  }

  /// readdir's entries are read where they lie (an entry is as long as its name needs, so
  /// copying a whole dirent read past the last one): every name, short or 255 bytes long, comes
  /// back whole, with its type.
  @Test func aFoldersEntriesAreReadWithTheirNamesWhole() throws {
    let fixture = try Fixture()
    var names: Set<String> = []
    for length in [1, 2, 7, 8, 9, 100, 254, 255] {
      let name = String(repeating: "n", count: length - 1) + "\(length % 10)"
      try fixture.write("folder/\(name)", "")
      names.insert(name)
    }
    try FileManager.default.createDirectory(
      at: fixture.url("folder/sub"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: fixture.url("folder/link").path, withDestinationPath: "sub")
    let entries = DirectoryListing.entries(atPath: fixture.url("folder").path)
    #expect(Set(entries.map(\.name)) == names.union(["sub", "link"]))
    #expect(entries.first { $0.name == "sub" }?.isDirectory == true)
    #expect(entries.first { $0.name == "link" }?.isLink == true)
    #expect(entries.filter(\.isDirectory).count == 1)
  }
}
