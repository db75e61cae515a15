internal import CCairo

/// A cairo ARGB32 image surface owned by Swift: 32-bit native-endian pixels, alpha in the top
/// byte, colour premultiplied by alpha. `RGBAImage` is straight alpha in R, G, B, A byte order,
/// so crossing between the two converts each pixel.
final class CairoSurface {
  /// The `cairo_surface_t`.
  let surface: OpaquePointer
  let width: Int
  let height: Int

  /// A transparent surface; throws when cairo cannot make it (no memory, a size cairo refuses).
  init(width: Int, height: Int, file: String) throws(IconRenderError) {
    try SVGStack.requireCairo(for: file)
    guard let made = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    else {
      throw .drawingFailed(file: file, reason: "cairo could not make a \(width)×\(height) image")
    }
    let status = cairo_surface_status(made)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(made)
      throw .drawingFailed(file: file, reason: CairoSurface.text(of: status))
    }
    surface = made
    self.width = width
    self.height = height
  }

  /// `image`'s pixels, premultiplied, on a new surface.
  convenience init(_ image: RGBAImage, file: String) throws(IconRenderError) {
    try self.init(width: image.width, height: image.height, file: file)
    image.pixels.withUnsafeBytes { copy(from: $0, channels: 4, rowBytes: image.width * 4) }
  }

  /// Writes `channels` (3: RGB, opaque; 4: straight RGBA) 8-bit samples per pixel, rows
  /// `rowBytes` apart, over the whole surface, premultiplying them.
  func copy(from samples: UnsafeRawBufferPointer, channels: Int, rowBytes: Int) {
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard let data = cairo_image_surface_get_data(surface) else { return }
    let target = UnsafeMutableRawPointer(data)
    for y in 0..<height {
      let row = y * rowBytes
      for x in 0..<width {
        let offset = row + x * channels
        let alpha = channels == 4 ? UInt32(samples[offset + 3]) : 255
        func premultiplied(_ value: UInt8) -> UInt32 { (UInt32(value) * alpha + 127) / 255 }
        let pixel =
          alpha << 24 | premultiplied(samples[offset]) << 16
          | premultiplied(samples[offset + 1]) << 8 | premultiplied(samples[offset + 2])
        target.storeBytes(of: pixel, toByteOffset: y * stride + x * 4, as: UInt32.self)
      }
    }
    cairo_surface_mark_dirty(surface)
  }

  deinit { cairo_surface_destroy(surface) }

  /// The pixels as straight-alpha RGBA: premultiplied colour divided by alpha, rounded.
  func rgbaImage() -> RGBAImage {
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    if let data = cairo_image_surface_get_data(surface) {
      let source = UnsafeRawPointer(data)
      for y in 0..<height {
        for x in 0..<width {
          let pixel = source.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
          let alpha = pixel >> 24
          guard alpha > 0 else { continue }
          func straight(_ shift: UInt32) -> UInt8 {
            UInt8(min(255, ((pixel >> shift & 0xFF) * 255 + alpha / 2) / alpha))
          }
          let offset = (y * width + x) * 4
          pixels[offset] = straight(16)
          pixels[offset + 1] = straight(8)
          pixels[offset + 2] = straight(0)
          pixels[offset + 3] = UInt8(alpha)
        }
      }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)!
  }

  /// Rewrites every pixel through `transform`, which takes and gives premultiplied
  /// (r, g, b, a) in 0...1.
  func mapPixels(_ transform: (Double, Double, Double, Double) -> (Double, Double, Double, Double))
  {
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard let data = cairo_image_surface_get_data(surface) else { return }
    let pixels = UnsafeMutableRawPointer(data)
    for y in 0..<height {
      for x in 0..<width {
        let offset = y * stride + x * 4
        let pixel = pixels.load(fromByteOffset: offset, as: UInt32.self)
        func unit(_ shift: UInt32) -> Double { Double(pixel >> shift & 0xFF) / 255 }
        let (r, g, b, a) = transform(unit(16), unit(8), unit(0), unit(24))
        func byte(_ value: Double, _ limit: Double = 1) -> UInt32 {
          UInt32((min(max(value, 0), limit) * 255).rounded())
        }
        let alpha = byte(a)
        let limit = Double(alpha) / 255
        let mapped = alpha << 24 | byte(r, limit) << 16 | byte(g, limit) << 8 | byte(b, limit)
        pixels.storeBytes(of: mapped, toByteOffset: offset, as: UInt32.self)
      }
    }
    cairo_surface_mark_dirty(surface)
  }

  /// A new drawing context on this surface; the caller destroys it.
  func context(file: String) throws(IconRenderError) -> OpaquePointer {
    guard let context = cairo_create(surface) else {
      throw .drawingFailed(file: file, reason: "cairo could not make a drawing context")
    }
    let status = cairo_status(context)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_destroy(context)
      throw .drawingFailed(file: file, reason: CairoSurface.text(of: status))
    }
    return context
  }

  static func text(of status: cairo_status_t) -> String {
    cairo_status_to_string(status).map { String(cString: $0) } ?? "cairo error \(status.rawValue)"
  }
}

extension CairoSurface {
  /// Runs `body` on the pixels as 32-bit words, `stride` words a row, then marks them changed.
  func withPixels(_ body: (UnsafeMutablePointer<UInt32>, Int) -> Void) {
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else { return }
    let stride = Int(cairo_image_surface_get_stride(surface)) / 4
    data.withMemoryRebound(to: UInt32.self, capacity: stride * height) { body($0, stride) }
    cairo_surface_mark_dirty(surface)
  }
}
