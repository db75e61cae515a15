import CPNG
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes RGBA images as PNG files with libpng's simplified API (no setjmp/longjmp).
public enum PNGWriter {
  /// Writes `image` (8-bit straight-alpha RGBA) to `file` atomically: into a temporary file
  /// beside it, then renamed over it, so a reader sees the old file or the whole new one.
  public static func write(_ image: RGBAImage, to file: URL) throws(IconRenderError) {
    let target = file.path
    try PNGLibrary.require(for: target)
    let folder = file.deletingLastPathComponent().path
    let temporary =
      (folder.isEmpty ? "." : folder)
      + "/.\(file.lastPathComponent).\(getpid()).\(counter.add(1, ordering: .relaxed).oldValue).tmp"

    var control = png_image()  // zeroed: opaque is NULL, as libpng requires
    control.version = UInt32(PNG_IMAGE_VERSION)
    control.width = UInt32(image.width)
    control.height = UInt32(image.height)
    // PNG_FORMAT_RGBA, spelled with its flags: Swift does not import the composite macro.
    control.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
    let written = image.pixels.withUnsafeBytes { pixels in
      cp_png_image_write_to_file(
        &control, temporary, 0, pixels.baseAddress, Int32(image.width * 4), nil)
    }
    let message = withUnsafeBytes(of: control.message) { bytes in
      String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
    cp_png_image_free(&control)
    guard written != 0 else {
      unlink(temporary)
      throw .unwritable(file: target, reason: message.isEmpty ? "libpng gave no reason" : message)
    }
    guard rename(temporary, target) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw .unwritable(file: target, reason: reason)
    }
  }

  /// Makes temporary names unique among the threads of this process.
  private static let counter = Atomic<Int>(0)
}
