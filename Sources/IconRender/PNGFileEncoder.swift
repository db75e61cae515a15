import CPNG

extension PNGMemoryEncoder {
  /// The PNG of `image` for a file that is kept (an icon written into a project): libpng's
  /// default compression, and RGB without an alpha channel when every pixel is opaque, since
  /// App Store Connect refuses a marketing icon with an alpha channel even when it is all
  /// opaque (ITMS-90717).
  public static func encodeForFile(_ image: RGBAImage) throws(IconRenderError) -> [UInt8] {
    try PNGLibrary.require(for: "(PNG in memory)")
    let opaque = stride(from: 3, to: image.pixels.count, by: 4).allSatisfy {
      image.pixels[$0] == 255
    }
    let pixels: [UInt8]
    if opaque {
      var rgb = [UInt8]()
      rgb.reserveCapacity(image.width * image.height * 3)
      for offset in stride(from: 0, to: image.pixels.count, by: 4) {
        rgb += image.pixels[offset..<(offset + 3)]
      }
      pixels = rgb
    } else {
      pixels = image.pixels
    }
    var control = png_image()  // zeroed: opaque is NULL, as libpng requires
    control.version = UInt32(PNG_IMAGE_VERSION)
    control.width = UInt32(image.width)
    control.height = UInt32(image.height)
    // PNG_FORMAT_RGB and PNG_FORMAT_RGBA, spelled with their flags.
    control.format =
      opaque
      ? UInt32(PNG_FORMAT_FLAG_COLOR) : UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
    let stride = Int32(image.width * (opaque ? 3 : 4))
    var size = 0
    var bytes: [UInt8] = []
    var written: Int32 = 0
    pixels.withUnsafeBytes { source in
      // The first call, with no buffer, sets `size` to the bytes the PNG needs.
      written = cp_png_image_write_to_memory(
        &control, nil, &size, 0, source.baseAddress, stride, nil)
      guard written != 0, size > 0 else { return }
      bytes = [UInt8](repeating: 0, count: size)
      written = bytes.withUnsafeMutableBytes { buffer in
        cp_png_image_write_to_memory(
          &control, buffer.baseAddress, &size, 0, source.baseAddress, stride, nil)
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
