internal import CCairo
import FoundationEssentials
import IconCatalog

/// An icon as one square image of a given size, whatever its kind: an Icon Composer bundle
/// drawn in the appearance, or the best PNG of an `.appiconset` or of loose files, resized.
public enum IconExport {
  /// `icon` in `appearance` at `pixels` × `pixels` (1...IconComposerRenderer.maxPixels),
  /// straight-alpha RGBA. `masked` cuts it to the home-screen shape; by default it is the full
  /// square an app icon PNG is (the system masks it).
  ///
  /// A PNG is chosen as for a preview (RenditionChooser: the appearance's, else the default,
  /// the smallest one at least `pixels` wide), then made smaller by area averaging or larger
  /// by bilinear interpolation.
  public static func image(
    for icon: AppIcon, appearance: IconAppearance, pixels: Int, masked: Bool = false
  ) throws(IconRenderError) -> RGBAImage {
    try export(for: icon, appearance: appearance, pixels: pixels, masked: masked).image
  }

  /// The image and what of it was approximated (`IconComposerRenderer.Drawing`).
  /// `masked` nil: as the source is exported, an Icon Composer bundle cut to the rounded square
  /// with transparent corners (as Icon Composer exports it), a PNG square. `look` picks one of
  /// Icon Composer's six looks for a bundle (by default the appearance's).
  public static func export(
    for icon: AppIcon, appearance: IconAppearance, pixels: Int, masked: Bool? = nil,
    look: IconComposerLook? = nil
  ) throws(IconRenderError) -> IconComposerRenderer.Drawing {
    guard pixels >= 1, pixels <= IconComposerRenderer.maxPixels else {
      throw .sizeOutOfRange(pixels: pixels, limit: IconComposerRenderer.maxPixels)
    }
    guard
      let rendition = RenditionChooser.choose(
        from: icon.renditions, pixels: pixels, appearance: appearance),
      let file = rendition.file
    else {
      throw .unreadable(
        file: icon.name, reason: "the icon has no image file: add one to its icon set")
    }
    if rendition.kind == .iconComposer {
      return try IconComposerRenderer.draw(
        IconComposerRenderer.document(of: file), bundle: file,
        look: look ?? IconComposerLook(rendition.appearance), pixels: pixels,
        masked: masked ?? true)
    }
    let decoded = try PNGDecoder.decode(file: file)
    let resized = try resize(decoded, to: pixels, file: file.path)
    return IconComposerRenderer.Drawing(
      image: masked == true ? IconMask.apply(to: resized) : resized, approximations: [])
  }

  /// `image` at `side` × `side`: area averaging (linear light) when no side grows, bilinear
  /// interpolation with cairo when one does.
  static func resize(_ image: RGBAImage, to side: Int, file: String) throws(IconRenderError)
    -> RGBAImage
  {
    if image.width == side, image.height == side { return image }
    if image.width >= side, image.height >= side {
      return Downscale.resize(image, width: side, height: side)
    }
    let source = try CairoSurface(image, file: file)
    let target = try CairoSurface(width: side, height: side, file: file)
    let context = try target.context(file: file)
    defer { cairo_destroy(context) }
    cairo_scale(
      context, Double(side) / Double(image.width), Double(side) / Double(image.height))
    cairo_set_source_surface(context, source.surface, 0, 0)
    let pattern = cairo_get_source(context)
    cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
    // Edge pixels repeat outward, so the border does not fade to transparent.
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    cairo_paint(context)
    let status = cairo_status(context)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw .drawingFailed(file: file, reason: CairoSurface.text(of: status))
    }
    return target.rgbaImage()
  }
}
