import Foundation
import Testing

@testable import IconRender

#if canImport(Glibc)
  import Glibc
#endif

/// The PNG readers open only regular files, without blocking: an icon that is a FIFO or a
/// device is refused naming it, and one over the limit for a PNG is refused from its size.
@Suite struct SpecialFileTests {
  /// A folder of its own, removed by the caller.
  static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "special-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func aFIFONamedLikeAPNGIsRefusedByEveryReader() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("AppIcon60x60@2x.png")
    #expect(mkfifo(fifo.path, 0o644) == 0)
    let refused = IconRenderError.unreadable(
      file: fifo.path, reason: "not a regular file (a FIFO)")
    #expect(throws: refused) { try PNGDecoder.decode(file: fifo) }
    #expect(throws: refused) { try PNGDecoder.decodePreviewPixels(file: fifo, opaqueAsRGB: true) }
    #expect(throws: refused) { try PNGHeader.read(file: fifo) }
    #expect(FastPNG.readWhole(fifo.path) == nil)
  }

  @Test func aDeviceIsRefused() throws {
    let refused = IconRenderError.unreadable(
      file: "/dev/zero", reason: "not a regular file (a character device)")
    #expect(throws: refused) { try PNGDecoder.decode(file: URL(fileURLWithPath: "/dev/zero")) }
    #expect(throws: refused) { try PNGHeader.read(file: URL(fileURLWithPath: "/dev/zero")) }
  }

  @Test func aPNGOverTheLimitIsRefusedFromItsSize() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A real PNG's first bytes, then a sparse gigabyte.
    let file = folder.appendingPathComponent("huge.png")
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: file)
    #expect(truncate(file.path, 1 << 30) == 0)
    #expect(
      throws: IconRenderError.unreadable(
        file: file.path, reason: "1073741824 bytes, over the limit of 64 MiB for a PNG")
    ) { try PNGDecoder.decode(file: file) }
    #expect(FastPNG.readWhole(file.path) == nil)
  }
}
