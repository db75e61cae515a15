internal import CCairo
import CPNG
internal import CRsvg
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A layer's image, read and checked, drawn at its intrinsic size in points with its top left
/// corner at the origin of the current cairo transform.
///
/// An SVG is drawn by librsvg, which resolves `<image href>` and `xlink:href` only against
/// the SVG's own file and only to files under its folder (no `file:` URL elsewhere, no
/// absolute path, no `..` out, no network), and which refuses too deep nesting and `<use>`
/// cycles. A PNG is decoded by `PNGDecoder`, a JPEG by gdk-pixbuf; both become a cairo
/// surface.
final class LayerArtwork {
  /// The most points an SVG may declare on a side (its width/height, else its viewBox).
  static let maxPoints = 16_384.0
  /// The most pixels a JPEG layer, or a PNG layer decoded whole, may have on a side.
  static let maxRasterDimension = 4096
  /// A larger PNG (Sparkify's are 8534×8534) is decoded row by row and box-filtered to at most
  /// `scaledSide` pixels on a side, never held whole; up to `maxScaledDimension` on a side,
  /// twice the largest real layer seen, and refused above (a hostile size: 16,384² pixels
  /// inflate 1 GiB of rows even though only one row is held at a time).
  static let maxScaledDimension = 16_384
  static let scaledSide = 2048

  private enum Content {
    case svg(UnsafeMutablePointer<RsvgHandle>)
    case raster(CairoSurface)
  }

  private let content: Content
  /// The size in points: an SVG's width and height (else its viewBox's), a raster's pixels.
  let width: Double
  let height: Double
  /// The file, for errors.
  let file: String
  /// What of the SVG librsvg cannot draw and was left out (`SVGFilterRewrite`), one line each.
  let approximations: [String]
  /// The SVG's text fonts that are not installed (`SVGFonts`).
  let missingFonts: [SVGFonts.Missing]

  private init(
    content: Content, width: Double, height: Double, file: String, approximations: [String] = [],
    missingFonts: [SVGFonts.Missing] = []
  ) {
    self.missingFonts = missingFonts
    self.content = content
    self.width = width
    self.height = height
    self.file = file
    self.approximations = approximations
  }

  deinit {
    if case .svg(let handle) = content { g_object_unref(handle) }
  }

  /// The bundle's layer image `imageName`, read without leaving the bundle.
  static func load(_ imageName: String, in bundle: URL) throws(IconRenderError) -> LayerArtwork {
    let layer = try IconBundleFiles.read(imageName, in: bundle)
    switch layer.format {
    case .svg: return try svg(layer)
    case .png:
      if let scaled = try scaledPNG(layer) { return scaled }
      let image = try PNGDecoder.decode(
        data: layer.bytes, source: layer.path, maxDimension: maxRasterDimension)
      return LayerArtwork(
        content: .raster(try CairoSurface(image, file: layer.path)),
        width: Double(image.width), height: Double(image.height), file: layer.path)
    case .jpeg: return try jpeg(layer)
    default: throw .unsupportedLayerImage(file: layer.path, format: layer.format)
    }
  }

  /// Draws the artwork into `context` over (0, 0)-(width, height) of its current transform.
  func draw(into context: OpaquePointer) throws(IconRenderError) {
    switch content {
    case .svg(let handle):
      var viewport = RsvgRectangle(x: 0, y: 0, width: width, height: height)
      var error: UnsafeMutablePointer<GError>?
      if rsvg_handle_render_document(handle, context, &viewport, &error) == 0 {
        throw .badSVG(
          file: file, reason: Self.message(of: error, otherwise: "librsvg cannot draw it"))
      }
    case .raster(let surface):
      cairo_save(context)
      // A large PNG's surface is smaller than its size in points (`scaledPNG`).
      cairo_scale(context, width / Double(surface.width), height / Double(surface.height))
      cairo_set_source_surface(context, surface.surface, 0, 0)
      cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
      cairo_rectangle(context, 0, 0, Double(surface.width), Double(surface.height))
      cairo_fill(context)
      cairo_restore(context)
    }
  }

  // MARK: Large PNG

  /// A PNG over `maxRasterDimension` on a side, decoded one row at a time and box-filtered to
  /// at most `scaledSide` on a side (its size in points stays its pixels); nil for a smaller
  /// one (decoded whole by `PNGDecoder`) or one whose header libpng cannot read (the same).
  private static func scaledPNG(_ layer: IconBundleFiles.LayerFile) throws(IconRenderError)
    -> LayerArtwork?
  {
    try PNGLibrary.require(for: layer.path)
    // The chunk list checked and the unused chunks left out before libpng reads it, as for
    // every PNG (`PNGChunkList`).
    let png = try PNGChunkList.forLibpng(layer.bytes, source: layer.path, extent: .image)
    var width: UInt32 = 0
    var height: UInt32 = 0
    var interlaced: Int32 = 0
    var message = [CChar](repeating: 0, count: 256)
    let read = png.withUnsafeBufferPointer { bytes in
      iconpick_png_size(
        bytes.baseAddress, bytes.count, &width, &height, &interlaced, &message, message.count)
    }
    guard read != 0, width > maxRasterDimension || height > maxRasterDimension else {
      return nil
    }
    guard width <= maxScaledDimension, height <= maxScaledDimension else {
      throw .tooLarge(
        file: layer.path, width: Int(width), height: Int(height), limit: maxScaledDimension)
    }
    guard interlaced == 0 else {
      // Adam7 needs every row before any is whole: only the whole-image decoder reads it.
      throw .tooLarge(
        file: layer.path, width: Int(width), height: Int(height), limit: maxRasterDimension)
    }
    let factor = Double(scaledSide) / Double(max(width, height))
    let targetWidth = max(1, Int((Double(width) * factor).rounded()))
    let targetHeight = max(1, Int((Double(height) * factor).rounded()))
    var pixels = [UInt8](repeating: 0, count: targetWidth * targetHeight * 4)
    let decoded = png.withUnsafeBufferPointer { bytes in
      pixels.withUnsafeMutableBufferPointer { target in
        iconpick_png_read_scaled(
          bytes.baseAddress, bytes.count, UInt32(targetWidth), UInt32(targetHeight),
          target.baseAddress, &message, message.count)
      }
    }
    guard decoded != 0 else {
      let reason = String(decoding: message.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)
      throw .corruptPNG(file: layer.path, reason: reason.isEmpty ? "libpng cannot read it" : reason)
    }
    guard let image = RGBAImage(width: targetWidth, height: targetHeight, pixels: pixels) else {
      throw .corruptPNG(file: layer.path, reason: "the image has no pixels")
    }
    return LayerArtwork(
      content: .raster(try CairoSurface(image, file: layer.path)), width: Double(width),
      height: Double(height), file: layer.path)
  }

  // MARK: SVG

  private static func svg(_ layer: IconBundleFiles.LayerFile) throws(IconRenderError)
    -> LayerArtwork
  {
    try SVGStack.require(for: layer.path)
    // The base file bounds what the SVG may load: files under its own folder, nothing else.
    let base = g_file_new_for_path(layer.path)
    defer { g_object_unref(UnsafeMutableRawPointer(base)) }
    // feDropShadow spelled out, filters librsvg cannot draw dropped: the artwork stays.
    let rewritten = SVGFilterRewrite.rewrite(layer.bytes)
    let bytes = rewritten.bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(bytes) }
    let stream = g_memory_input_stream_new_from_bytes(bytes)
    defer { g_object_unref(stream) }
    var error: UnsafeMutablePointer<GError>?
    // No RSVG_HANDLE_FLAG_UNLIMITED: libxml2's and librsvg's limits stay on.
    guard
      let handle = rsvg_handle_new_from_stream_sync(
        stream, base, RSVG_HANDLE_FLAGS_NONE, nil, &error)
    else {
      throw .badSVG(
        file: layer.path, reason: message(of: error, otherwise: "librsvg cannot read it"))
    }
    var width = 0.0
    var height = 0.0
    if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) == 0 {
      // No absolute width and height (51 of 70 Icon Composer SVGs): the viewBox's size.
      var hasViewBox: gboolean = 0
      var viewBox = RsvgRectangle()
      rsvg_handle_get_intrinsic_dimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
      guard hasViewBox != 0 else {
        g_object_unref(handle)
        throw .badSVG(
          file: layer.path,
          reason: "no size: the <svg> element has neither width and height nor a viewBox")
      }
      width = viewBox.width
      height = viewBox.height
    }
    guard width.isFinite, height.isFinite, width > 0, height > 0, width <= maxPoints,
      height <= maxPoints
    else {
      g_object_unref(handle)
      throw .badSVG(
        file: layer.path,
        reason: "a size of \(width)×\(height), not between 0 and \(Int(maxPoints)) on a side")
    }
    // Text in a font this machine lacks is drawn with fontconfig's closest face: said, not silent.
    let fonts = SVGFonts.missing(in: layer.bytes)
    return LayerArtwork(
      content: .svg(handle), width: width, height: height, file: layer.path,
      approximations: rewritten.approximations + fonts.map(\.note), missingFonts: fonts)
  }

  // MARK: JPEG

  private static func jpeg(_ layer: IconBundleFiles.LayerFile) throws(IconRenderError)
    -> LayerArtwork
  {
    try SVGStack.require(for: layer.path)
    // The size from the frame header first, so no huge image is ever allocated.
    guard let (width, height) = jpegSize(layer.bytes) else {
      throw .badImage(file: layer.path, reason: "a JPEG without a frame header")
    }
    guard width <= maxRasterDimension, height <= maxRasterDimension else {
      throw .tooLarge(
        file: layer.path, width: width, height: height, limit: maxRasterDimension)
    }
    var error: UnsafeMutablePointer<GError>?
    guard let loader = gdk_pixbuf_loader_new_with_type("jpeg", &error) else {
      throw .badImage(file: layer.path, reason: message(of: error, otherwise: "no JPEG loader"))
    }
    defer { g_object_unref(loader) }
    let written = layer.bytes.withUnsafeBufferPointer {
      gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), &error)
    }
    // Close even after a failed write, which frees the loader's state.
    var closeError: UnsafeMutablePointer<GError>?
    let closed = gdk_pixbuf_loader_close(loader, &closeError)
    guard written != 0, closed != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
      let reason = message(
        of: error ?? closeError, otherwise: "gdk-pixbuf cannot decode it")
      if error != nil, closeError != nil { g_error_free(closeError) }
      throw .badImage(file: layer.path, reason: reason)
    }
    let pixelWidth = Int(gdk_pixbuf_get_width(pixbuf))
    let pixelHeight = Int(gdk_pixbuf_get_height(pixbuf))
    let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
    let rowBytes = Int(gdk_pixbuf_get_rowstride(pixbuf))
    guard gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels == 3 || channels == 4,
      pixelWidth > 0, pixelHeight > 0, pixelWidth <= maxRasterDimension,
      pixelHeight <= maxRasterDimension, let pixels = gdk_pixbuf_read_pixels(pixbuf)
    else {
      throw .badImage(file: layer.path, reason: "gdk-pixbuf gave an unexpected pixel layout")
    }
    let surface = try CairoSurface(width: pixelWidth, height: pixelHeight, file: layer.path)
    // The last row may be shorter than the stride.
    let length = rowBytes * (pixelHeight - 1) + pixelWidth * channels
    surface.copy(
      from: UnsafeRawBufferPointer(start: pixels, count: length), channels: channels,
      rowBytes: rowBytes)
    return LayerArtwork(
      content: .raster(surface), width: Double(pixelWidth), height: Double(pixelHeight),
      file: layer.path)
  }

  /// The width and height in a JPEG's first start-of-frame segment.
  static func jpegSize(_ bytes: [UInt8]) -> (Int, Int)? {
    var offset = 2  // after the SOI marker
    while offset + 4 <= bytes.count {
      guard bytes[offset] == 0xFF else { return nil }
      let marker = bytes[offset + 1]
      if marker == 0xFF {  // fill byte
        offset += 1
        continue
      }
      if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
        offset += 2
        continue
      }
      let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
      guard length >= 2 else { return nil }
      let isFrame =
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
      if isFrame {
        guard offset + 9 <= bytes.count else { return nil }
        let height = Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6])
        let width = Int(bytes[offset + 7]) << 8 | Int(bytes[offset + 8])
        return width > 0 && height > 0 ? (width, height) : nil
      }
      if marker == 0xD9 || marker == 0xDA { return nil }  // end, or scan data before a frame
      offset += 2 + length
    }
    return nil
  }

  /// GLib's message, on one line, freeing the error.
  static func message(of error: UnsafeMutablePointer<GError>?, otherwise: String) -> String {
    guard let error else { return otherwise }
    defer { g_error_free(error) }
    guard let text = error.pointee.message else { return otherwise }
    let message = String(cString: text).split(whereSeparator: \.isNewline).joined(separator: " ")
    return message.isEmpty ? otherwise : message
  }
}
