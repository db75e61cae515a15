import Foundation
import IconCatalog

/// An icon's preview in real pixels, for terminals that show images (kitty, iTerm2, sixel):
/// the largest square that fits `width` × `height` pixels, centred on a transparent canvas of
/// that size, masked to the home-screen shape, in a look. The same rendition, decode, resize
/// and mask as the cells preview (`Thumbnailer`), at the pane's pixel size instead of its
/// half-block pixels. Never fails: what cannot be drawn is nil with the reason. Safe to call
/// from any thread; nothing is written to disk (the picker keeps these in memory).
public enum PixelPreview {
  /// The largest canvas side drawn: a 4K screen's preview pane is well under it.
  public static let maxSide = 2048

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
    look: IconComposerLook? = nil
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
      return Result(
        image: centred(masked, width: canvasWidth, height: canvasHeight), problem: nil,
        note: note)
    } catch {
      return Result(image: nil, problem: error.description)
    }
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
