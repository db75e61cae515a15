import FoundationEssentials
import IconCatalog

/// An icon's preview in real pixels, for terminals that show images (kitty, iTerm2, sixel):
/// the largest square that fits `width` × `height` pixels, centred on a transparent canvas of
/// that size, masked to the home-screen shape, in a look. The same rendition, decode, resize
/// and mask as the cells preview (`Thumbnailer`), at the pane's pixel size instead of its
/// half-block pixels. Never fails: what cannot be drawn is nil with the reason. Safe to call
/// from any thread. The picker keeps these in memory; an Icon Composer bundle's, slow to draw,
/// is also kept in `cache` (raw pixels, keyed like its cells preview), a PNG's only when it is
/// small (`cachedPNGPixels`: a large one's decoding costs about what reading a cached copy would).
public enum PixelPreview {
  /// The largest canvas side drawn: a 4K screen's preview pane is well under it.
  public static let maxSide = 2048
  /// A PNG's preview is kept in the cache up to this many pixels: a list row's thumbnail (60×40
  /// px in 10×20-px cells, 120×80 in 20×40), which kitty shows as an image. Decoding a 1024 px
  /// icon costs 5.1 ms where a small cached entry reads back in 0.07 ms (`make bench`,
  /// "thumbnail" rows), and a scrolled list asks for a new row's every move.
  static let cachedPNGPixels = 128 * 128

  public struct Result: Sendable {
    /// `width` × `height`, or nil when the icon cannot be drawn (`problem` says why).
    public var image: RGBAImage?
    public var problem: String?
    /// What of the icon was approximated (an SVG filter librsvg cannot draw); nil when nothing.
    public var note: String?

    public init(image: RGBAImage?, problem: String? = nil, note: String? = nil) {
      self.image = image
      self.problem = problem
      self.note = note
    }
  }

  /// `look` picks one of Icon Composer's six looks for a bundle (by default the appearance's).
  public static func render(
    _ icon: AppIcon, width: Int, height: Int, appearance: IconAppearance = .any,
    look: IconComposerLook? = nil, cache: ThumbnailCache? = nil
  ) -> Result {
    let canvasWidth = min(maxSide, width)
    let canvasHeight = min(maxSide, height)
    guard canvasWidth > 0, canvasHeight > 0 else {
      return Result(image: nil, problem: "\(icon.name): no room for a preview")
    }
    let side = min(canvasWidth, canvasHeight)
    guard
      let rendition = RenditionChooser.choose(
        from: icon.renditions, pixels: side, appearance: appearance),
      let file = rendition.file
    else {
      return Result(image: nil, problem: "\(icon.name) has no image file")
    }
    var cacheKey: ThumbnailCache.Key?
    if rendition.kind == .iconComposer, cache != nil {
      let drawnLook = look ?? IconComposerLook(rendition.appearance)
      cacheKey = ThumbnailCache.Key(
        sources: Thumbnailer.sourceFiles(in: file),
        parameters: "pixels \(canvasWidth)x\(canvasHeight) \(drawnLook.rawValue) icon-v1")
    } else if canvasWidth * canvasHeight <= cachedPNGPixels, cache != nil {
      cacheKey = ThumbnailCache.Key(
        sources: [file], parameters: "pixels \(canvasWidth)x\(canvasHeight) png-v1")
    }
    if let cacheKey, let bytes = cache?.load(cacheKey),
      let cached = decodeEntry(bytes, width: canvasWidth, height: canvasHeight)
    {
      return cached
    }
    do throws(IconRenderError) {
      let square: RGBAImage
      var note: String?
      if rendition.kind == .iconComposer {
        // Unmasked, then the same mask as a PNG's, as the cells preview does.
        let drawn = try IconComposerRenderer.draw(
          IconComposerRenderer.document(of: file), bundle: file,
          look: look ?? IconComposerLook(rendition.appearance),
          pixels: min(side, IconComposerRenderer.maxPixels), masked: false)
        square = drawn.image
        let approximations = drawn.approximations.joined(separator: "; ")
        note = approximations.isEmpty ? nil : approximations
      } else {
        let decoded = try PNGDecoder.decodePreviewPixels(file: file, opaqueAsRGB: true)
        let (fitWidth, fitHeight) = IconRenderer.fit(
          width: decoded.width, height: decoded.height, boxWidth: side, boxHeight: side)
        if decoded.width >= fitWidth && decoded.height >= fitHeight {
          square = Downscale.resize(decoded, width: fitWidth, height: fitHeight)
        } else if fitWidth == fitHeight {
          // Smaller than the pane: bilinear, as an export grows it (a box filter would be blocky).
          square = try IconExport.resize(decoded.rgba, to: fitWidth, file: file.path)
        } else {
          square = Downscale.resize(decoded, width: fitWidth, height: fitHeight)
        }
      }
      let masked = IconMask.apply(to: square)
      let image = centred(masked, width: canvasWidth, height: canvasHeight)
      if let cacheKey, let cache {
        let text = Array((note ?? "").utf8)
        let length = UInt32(text.count)
        let head = (0..<4).map { UInt8(truncatingIfNeeded: length >> (8 * $0)) }
        cache.store(head + text + image.pixels, for: cacheKey)
      }
      return Result(image: image, problem: nil, note: note)
    } catch {
      return Result(image: nil, problem: error.description)
    }
  }

  /// A cache entry: the note's length (UInt32, little-endian), the note, then the pixels; nil
  /// when it is not whole.
  static func decodeEntry(_ bytes: [UInt8], width: Int, height: Int) -> Result? {
    guard bytes.count >= 4 else { return nil }
    let length = Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16 | Int(bytes[3]) << 24
    guard length <= bytes.count - 4, bytes.count - 4 - length == width * height * 4,
      let image = RGBAImage(width: width, height: height, pixels: Array(bytes[(4 + length)...]))
    else { return nil }
    let note = String(decoding: bytes[4..<(4 + length)], as: UTF8.self)
    return Result(image: image, problem: nil, note: note.isEmpty ? nil : note)
  }

  /// `image` in the middle of a transparent `width` × `height` canvas (cut if larger).
  static func centred(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
    if image.width == width && image.height == height { return image }
    let left = (width - image.width) / 2
    let top = (height - image.height) / 2
    var canvas = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<image.height where top + y >= 0 && top + y < height {
      let from = max(0, -left)
      let to = min(image.width, width - left)
      guard from < to else { continue }
      let source = (y * image.width + from) * 4
      let target = ((top + y) * width + left + from) * 4
      canvas.replaceSubrange(
        target..<(target + (to - from) * 4),
        with: image.pixels[source..<(source + (to - from) * 4)])
    }
    return RGBAImage(width: width, height: height, pixels: canvas)!
  }
}
