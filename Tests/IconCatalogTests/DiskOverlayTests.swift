import Foundation
import Testing

@testable import IconCatalog

/// A planned change laid over the disk: every reader sees the planned files, folders and
/// removals as it would see them once written, and the disk itself is never touched.
@Suite struct DiskOverlayTests {
  let fixture: Fixture
  init() throws { fixture = try Fixture() }

  func overlay() throws -> DiskOverlay {
    try fixture.write("Kept.txt", "kept\n")
    try fixture.write("Changed.txt", "before\n")
    try fixture.write("Gone/Inside.txt", "inside\n")
    var overlay = DiskOverlay()
    overlay.write(fixture.url("Changed.txt").path, Array("after\n".utf8))
    overlay.makeFolder(fixture.url("New.appiconset").path)
    overlay.write(fixture.url("New.appiconset/Contents.json").path, Array("{}\n".utf8))
    overlay.remove(fixture.url("Gone").path)
    return overlay
  }

  @Test func readersSeeThePlannedFiles() throws {
    let overlay = try overlay()
    let root = fixture.root.standardizedFileURL.path
    overlay.reading {
      #expect(
        (try? RegularFile.read(root + "/Changed.txt", limit: FileLimits.text))
          == Array("after\n".utf8))
      #expect(
        (try? RegularFile.read(root + "/Kept.txt", limit: FileLimits.text)) == Array("kept\n".utf8))
      #expect(ReadDisk.kind(root + "/New.appiconset") == .folder)
      #expect(ReadDisk.kind(root + "/New.appiconset/Contents.json") == .file)
      #expect(ReadDisk.kind(root + "/Gone") == nil)
      #expect(ReadDisk.kind(root + "/Gone/Inside.txt") == nil)
      #expect((try? RegularFile.read(root + "/Gone/Inside.txt", limit: FileLimits.text)) == nil)
      #expect(
        Set(ReadDisk.names(inFolder: root) ?? [])
          == ["Kept.txt", "Changed.txt", "New.appiconset"])
      let entries = DirectoryListing.entries(atPath: root)
      #expect(entries.first { $0.name == "New.appiconset" }?.isDirectory == true)
      // A path spelled with `.` and `//` names the same planned file.
      #expect(ReadDisk.kind(root + "/./New.appiconset//Contents.json") == .file)
      // A planned file resolves through its folder's real path.
      #expect(ReadDisk.realPath(root + "/New.appiconset/Contents.json") != nil)
    }
    // Outside the reading, and on disk, nothing changed.
    #expect(ReadDisk.kind(root + "/New.appiconset") == nil)
    #expect(try String(contentsOfFile: root + "/Changed.txt", encoding: .utf8) == "before\n")
    #expect(ReadDisk.kind(root + "/Gone/Inside.txt") == .file)
  }

  /// A descriptor on a planned file reads its planned bytes (libpng's stream reads through one).
  @Test func anOpenedPlannedFileReadsThePlannedBytes() throws {
    let overlay = try overlay()
    let path = fixture.url("Changed.txt").path
    try overlay.reading {
      let opened = try RegularFile.open(path)
      defer { close(opened.descriptor) }
      #expect(opened.size == 6)
      var buffer = [UInt8](repeating: 0, count: 16)
      let count = read(opened.descriptor, &buffer, buffer.count)
      #expect(Array(buffer.prefix(max(0, count))) == Array("after\n".utf8))
    }
  }

  /// The workers of a concurrent map see the reading's overlay, not the disk.
  @Test func concurrentWorkersSeeTheOverlay() throws {
    let overlay = try overlay()
    let path = fixture.url("New.appiconset/Contents.json").path
    let seen = overlay.reading {
      ConcurrentMap.map(Array(0..<256), width: 4, serialBelow: 1) { _ in ReadDisk.kind(path) }
    }
    #expect(seen.allSatisfy { $0 == .file })
  }
}
