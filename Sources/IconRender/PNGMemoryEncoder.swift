import CPNG

/// Encodes RGBA images as PNG bytes in memory with libpng's simplified API, for protocols that
/// carry a PNG (iTerm2's inline images), compressed for speed rather than size.
public enum PNGMemoryEncoder {
  /// The PNG of `image` (8-bit straight-alpha RGBA). libpng is asked for the size first, then
  /// writes into a buffer of that size: no file, no second copy.
  public static func encode(_ image: RGBAImage) throws(IconRenderError) -> [UInt8] {
    try PNGLibrary.require(for: "(PNG in memory)")
    var control = png_image()  // zeroed: opaque is NULL, as libpng requires
    control.version = UInt32(PNG_IMAGE_VERSION)
    control.width = UInt32(image.width)
    control.height = UInt32(image.height)
    // PNG_FORMAT_RGBA, spelled with its flags: Swift does not import the composite macro.
    control.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
    // Speed over size: the PNG crosses a terminal once and is never kept (240 px: 3x faster).
    control.flags = UInt32(PNG_IMAGE_FLAG_FAST)
    let stride = Int32(image.width * 4)
    var size = 0
    var bytes: [UInt8] = []
    var written: Int32 = 0
    image.pixels.withUnsafeBytes { pixels in
      // The first call, with no buffer, sets `size` to the bytes the PNG needs.
      written = cp_png_image_write_to_memory(
        &control, nil, &size, 0, pixels.baseAddress, stride, nil)
      guard written != 0, size > 0 else { return }
      bytes = [UInt8](repeating: 0, count: size)
      written = bytes.withUnsafeMutableBytes { buffer in
        cp_png_image_write_to_memory(
          &control, buffer.baseAddress, &size, 0, pixels.baseAddress, stride, nil)
      }
    }
    let message = withUnsafeBytes(of: control.message) { bytes in
      String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
    cp_png_image_free(&control)
    guard written != 0 else {
      throw .unwritable(
        file: "(PNG in memory)", reason: message.isEmpty ? "libpng gave no reason" : message)
    }
    return Array(bytes.prefix(size))
  }
}
