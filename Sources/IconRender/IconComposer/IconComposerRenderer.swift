internal import CCairo
import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Draws an Icon Composer `.icon` bundle in one appearance, the way the research into real
/// bundles found Icon Composer does (docs/icon-composer.md):
///
/// - a 1024-point canvas scaled to the requested pixels, painted with the background fill;
/// - groups drawn from the last to the first (the first in `icon.json` is the front), and in
///   each group its layers from the last to the first;
/// - each layer's image at its intrinsic size in points, centred on the canvas centre, placed by
///   the group's and then the layer's position: device = scale(N/1024) · T(512 + gx, 512 + gy)
///   · S(gs) · T(lx, ly) · S(ls) · T(-w/2, -h/2), +y down;
/// - a layer fill other than `none` (and `automatic`) replaces the artwork's colours through
///   its alpha; opacity and blend mode per layer and per group; hidden ones skipped;
/// - each group drawn alone, then put on the canvas with its Liquid Glass approximated
///   (`LiquidGlass`: blur-material, translucency, specular highlights, the shadow);
/// - masked: the bright rim along the edge, then the home-screen shape, a continuous-corner
///   rounded square, r ≈ 0.2237 · side, corners transparent as Icon Composer exports it;
/// - the tinted and clear looks: the result's luminance mapped onto each look's colours.
///
/// `lighting` is not drawn. Gradients are interpolated in linear light, as Icon Composer's are.
public enum IconComposerRenderer {
  /// The canvas side in points.
  public static let canvasPoints = 1024.0
  /// The largest image drawn, in pixels on a side.
  public static let maxPixels = 4096
  /// The most layers drawn for one appearance.
  public static let maxLayers = 256
  /// Group and layer scales are clamped to 0...maxScale: a layer scaled by 1e9 is drawn 64
  /// times its size (cut to the canvas), never allocated at that size.
  public static let maxScale = 64.0
  /// Translations are clamped to ±maxTranslation points.
  public static let maxTranslation = 16_384.0
  /// The corner radius of the home-screen shape, as a share of the side (what a circular
  /// corner would have; the shape drawn is `addShape`'s).
  public static let cornerRadiusRatio = 0.2237

  /// The bundle's `icon.json`, read for drawing; refused when it is a symbolic link that
  /// leads out of the bundle.
  public static func document(of bundle: URL) throws(IconRenderError) -> IconComposerDocument {
    if let outside = IconBundleFiles.escape(
      of: IconComposerBundle.documentURL(bundle).path, from: bundle.path)
    {
      throw .badIconJSON(
        file: IconComposerBundle.documentURL(bundle).path,
        reason: "a symbolic link to \(outside), outside the bundle")
    }
    do {
      return try IconComposerBundle.read(bundle).document
    } catch {
      let file = IconComposerBundle.documentURL(bundle).path
      switch error {
      case .invalidIconJSON(_, let reason), .unreadableFile(_, let reason):
        throw .badIconJSON(file: file, reason: reason)
      default: throw .badIconJSON(file: file, reason: error.description)
      }
    }
  }

  /// The bundle drawn in `appearance` at `pixels` × `pixels`, straight-alpha RGBA. `masked`
  /// cuts it to the home-screen shape (corners transparent); unmasked it is the full square
  /// the system masks itself, as an app icon PNG is.
  public static func render(
    bundle: URL, appearance: IconAppearance, pixels: Int, masked: Bool = true
  ) throws(IconRenderError) -> RGBAImage {
    try render(
      document(of: bundle), bundle: bundle, appearance: appearance, pixels: pixels,
      masked: masked)
  }

  /// The same for a document already read from `bundle` (whose `Assets/` holds the layers).
  public static func render(
    _ document: IconComposerDocument, bundle: URL, appearance: IconAppearance, pixels: Int,
    masked: Bool = true
  ) throws(IconRenderError) -> RGBAImage {
    try render(
      document, bundle: bundle, look: IconComposerLook(appearance), pixels: pixels,
      masked: masked)
  }

  /// The bundle drawn in one of Icon Composer's six export looks.
  public static func render(
    bundle: URL, look: IconComposerLook, pixels: Int, masked: Bool = true
  ) throws(IconRenderError) -> RGBAImage {
    try render(document(of: bundle), bundle: bundle, look: look, pixels: pixels, masked: masked)
  }

  /// The same for a document already read from `bundle`.
  public static func render(
    _ document: IconComposerDocument, bundle: URL, look: IconComposerLook, pixels: Int,
    masked: Bool = true, rules: IconComposerRules = .fitted
  ) throws(IconRenderError) -> RGBAImage {
    try draw(document, bundle: bundle, look: look, pixels: pixels, masked: masked, rules: rules)
      .image
  }

  /// A drawing, and what of its layers' SVG could not be drawn and was left out.
  public struct Drawing: Sendable {
    public var image: RGBAImage
    /// "FILE: what was left out", one a line (`SVGFilterRewrite`); empty when nothing was.
    public var approximations: [String]
    /// The font families the layers' SVG text asks for that this machine does not have (drawn
    /// with the closest installed face), each once.
    public var missingFonts: [String] = []
  }

  /// The bundle drawn in `look`, with what was approximated.
  public static func draw(
    _ document: IconComposerDocument, bundle: URL, look: IconComposerLook, pixels: Int,
    masked: Bool = true, rules: IconComposerRules = .fitted
  ) throws(IconRenderError) -> Drawing {
    let appearance = look.appearance
    guard pixels >= 1, pixels <= maxPixels else {
      throw .sizeOutOfRange(pixels: pixels, limit: maxPixels)
    }
    let file = IconComposerBundle.documentURL(bundle).path
    let drawn = document.groups.filter { !isHidden($0.hidden, appearance) }
      .flatMap { group in group.layers.filter { !isHidden($0.hidden, appearance) } }
    guard drawn.count <= maxLayers else {
      throw .tooManyLayers(file: file, count: drawn.count, limit: maxLayers)
    }

    let canvas = try CairoSurface(width: pixels, height: pixels, file: file)
    let canvasContext = try canvas.context(file: file)
    defer { cairo_destroy(canvasContext) }
    cairo_scale(canvasContext, Double(pixels) / canvasPoints, Double(pixels) / canvasPoints)

    // The background over the whole canvas: the look's own ramp (docs/icon-composer.md: dark
    // when the document writes no dark fill, tinted and clear always), else the fill.
    let background = document.background(for: appearance)
    let ramp = look == .dark && background != .systemDark ? nil : rules.ramp(look)
    if let ramp {
      setRamp(ramp, in: canvasContext)
      cairo_paint(canvasContext)
    } else if setSource(
      background, in: canvasContext, width: canvasPoints, height: canvasPoints, rules: rules)
    {
      cairo_paint(canvasContext)
    }
    // Tinted and clear recolour the artwork alone, then lay it on their ramp.
    let recoloured = ramp != nil && look != .dark
    let artwork = recoloured ? try CairoSurface(width: pixels, height: pixels, file: file) : canvas
    let context = recoloured ? try artwork.context(file: file) : canvasContext
    defer { if recoloured { cairo_destroy(context) } }
    if recoloured {
      cairo_scale(context, Double(pixels) / canvasPoints, Double(pixels) / canvasPoints)
    }

    var artworks: [String: LayerArtwork] = [:]
    let pointScale = Double(pixels) / canvasPoints
    for group in document.groups.reversed() where !isHidden(group.hidden, appearance) {
      if blendsWithWhatIsBehind(group, appearance) {
        // A layer that multiplies (screens, ...) with what is behind it needs the canvas under
        // it: the group is drawn straight onto it, without its glass and shadow.
        try drawGroup(
          group, appearance: appearance, context: context, bundle: bundle, artworks: &artworks,
          isolated: true)
        continue
      }
      // Each group alone first: its glass, shadow and blur need its pixels.
      let drawn = try CairoSurface(width: pixels, height: pixels, file: file)
      let groupContext = try drawn.context(file: file)
      cairo_scale(groupContext, pointScale, pointScale)
      defer { cairo_destroy(groupContext) }
      try drawGroup(
        group, appearance: appearance, context: groupContext, bundle: bundle,
        artworks: &artworks)
      let status = cairo_status(groupContext)
      guard status == CAIRO_STATUS_SUCCESS else {
        throw .drawingFailed(file: file, reason: CairoSurface.text(of: status))
      }
      try composite(
        group, drawn, appearance: appearance, onto: artwork, context: context,
        span: glassSpan(group, appearance, artworks: artworks, pointScale: pointScale),
        pointScale: pointScale)
    }
    let status = cairo_status(context)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw .drawingFailed(file: file, reason: CairoSurface.text(of: status))
    }

    if recoloured {
      LiquidGlass.relook(artwork, look, keepAlpha: true)
      cairo_save(canvasContext)
      cairo_identity_matrix(canvasContext)
      cairo_set_source_surface(canvasContext, artwork.surface, 0, 0)
      cairo_paint(canvasContext)
      cairo_restore(canvasContext)
    }
    if masked { try LiquidGlass.drawRim(on: canvas, file: file) }
    if !recoloured { LiquidGlass.relook(canvas, look) }
    let approximations = artworks.keys.sorted().flatMap { name in
      artworks[name]!.approximations.map { "\(artworks[name]!.file): \($0)" }
    }
    var missingFonts: [String] = []
    for name in artworks.keys.sorted() {
      for missing in artworks[name]!.missingFonts {
        let family = missing.families.last ?? "?"
        if !missingFonts.contains(family) { missingFonts.append(family) }
      }
    }
    guard masked else {
      return Drawing(
        image: canvas.rgbaImage(), approximations: approximations, missingFonts: missingFonts)
    }
    return Drawing(
      image: try mask(canvas, file: file).rgbaImage(), approximations: approximations,
      missingFonts: missingFonts)
  }

  /// A group drawn alone (`drawn`) put on the canvas with its Liquid Glass: blur behind it,
  /// its shadow, the glass itself, then its opacity and blend mode.
  private static func composite(
    _ group: IconComposerGroup, _ drawn: CairoSurface, appearance: IconAppearance,
    onto canvas: CairoSurface, context: OpaquePointer, span: (top: Double, bottom: Double)?,
    pointScale: Double
  ) throws(IconRenderError) {
    // A layer is glass unless it says otherwise (Icon Composer's default).
    let glass = group.layers.contains { layer in
      !isHidden(layer.hidden, appearance) && layer.glass.drawn(appearance) ?? true
    }
    if glass {
      if let amount = group.blurMaterial.drawn(appearance) {
        LiquidGlass.blurBehind(drawn, amount: amount, canvas: canvas, pointScale: pointScale)
      }
      let translucency = group.translucency.drawn(appearance)
      LiquidGlass.glaze(
        drawn, specular: group.specular.drawn(appearance) ?? true,
        translucency: translucency?.enabled == true ? translucency?.value : nil, span: span,
        pointScale: pointScale)
    }
    let shadow = group.shadow.drawn(appearance) ?? IconShadow(kind: .neutral, opacity: 0.5)
    if shadow.kind != .none {
      LiquidGlass.drawShadow(
        of: drawn, kind: shadow.kind == .layerColor ? .layerColor : .neutral,
        opacity: unit(shadow.opacity), onto: canvas, pointScale: pointScale)
    }
    let opacity = unit(group.opacity.drawn(appearance) ?? 1)
    let blend = group.blendMode.drawn(appearance) ?? .normal
    cairo_save(context)
    cairo_identity_matrix(context)
    cairo_set_source_surface(context, drawn.surface, 0, 0)
    cairo_set_operator(context, cairoOperator(blend))
    cairo_paint_with_alpha(context, opacity)
    cairo_restore(context)
  }

  // MARK: Groups and layers

  /// The rows, in pixels, from the top of the group's highest glass layer's box (its image's
  /// size, placed) to the bottom of its lowest: the span the glass's see-through runs over.
  private static func glassSpan(
    _ group: IconComposerGroup, _ appearance: IconAppearance,
    artworks: [String: LayerArtwork], pointScale: Double
  ) -> (top: Double, bottom: Double)? {
    let position = group.position.drawn(appearance) ?? .identity
    guard let scale = clampedScale(position.scale) else { return nil }
    var top = Double.infinity
    var bottom = -Double.infinity
    for layer in group.layers
    where !isHidden(layer.hidden, appearance) && layer.glass.drawn(appearance) ?? true {
      let layerPosition = layer.position.drawn(appearance) ?? .identity
      guard let name = layer.imageName.drawn(appearance), let artwork = artworks[name],
        let layerScale = clampedScale(layerPosition.scale)
      else { continue }
      let centre =
        canvasPoints / 2 + clampedTranslation(position.translationY) + scale
        * clampedTranslation(layerPosition.translationY)
      let half = scale * layerScale * artwork.height / 2
      top = min(top, centre - half)
      bottom = max(bottom, centre + half)
    }
    guard top < bottom else { return nil }
    return (top * pointScale, bottom * pointScale)
  }

  /// True when a drawn layer of `group` has a blend mode other than normal.
  private static func blendsWithWhatIsBehind(
    _ group: IconComposerGroup, _ appearance: IconAppearance
  ) -> Bool {
    group.layers.contains { layer in
      !isHidden(layer.hidden, appearance) && blendMode(of: layer, appearance) != .normal
    }
  }

  /// A layer's blend mode, as Icon Composer applies it: a glass layer (the default) keeps its
  /// tile whatever its blend mode (MultiClockBar's Dark export: a clock in `darken` over the dark
  /// background stays bright blue), so only a layer with `"glass": false` blends.
  private static func blendMode(of layer: IconComposerLayer, _ appearance: IconAppearance)
    -> IconBlendMode
  {
    guard layer.glass.drawn(appearance) == false else { return .normal }
    return layer.blendMode.drawn(appearance) ?? .normal
  }

  /// The group's layers at its position; `isolated`, with its opacity and blend mode too.
  private static func drawGroup(
    _ group: IconComposerGroup, appearance: IconAppearance, context: OpaquePointer, bundle: URL,
    artworks: inout [String: LayerArtwork], isolated: Bool = false
  ) throws(IconRenderError) {
    let position = group.position.drawn(appearance) ?? .identity
    guard let scale = clampedScale(position.scale) else { return }
    let opacity = unit(group.opacity.drawn(appearance) ?? 1)
    let blend = group.blendMode.drawn(appearance) ?? .normal
    let pushed = isolated && (opacity < 1 || blend != .normal)
    // Drawn straight onto the canvas, a glass layer still keeps its tile (see `blendMode(of:)`)
    // and is see-through by its translucency, over its own box.
    let translucency = group.translucency.drawn(appearance)
    let seeThrough = isolated && translucency?.enabled == true ? translucency?.value : nil

    cairo_save(context)
    defer { cairo_restore(context) }
    cairo_translate(
      context, canvasPoints / 2 + clampedTranslation(position.translationX),
      canvasPoints / 2 + clampedTranslation(position.translationY))
    cairo_scale(context, scale, scale)
    if pushed { cairo_push_group(context) }
    for layer in group.layers.reversed() where !isHidden(layer.hidden, appearance) {
      guard let name = layer.imageName.drawn(appearance) else { continue }
      let artwork: LayerArtwork
      if let loaded = artworks[name] {
        artwork = loaded
      } else {
        artwork = try LayerArtwork.load(name, in: bundle)
        artworks[name] = artwork
      }
      try drawLayer(
        layer, artwork: artwork, appearance: appearance, context: context,
        seeThrough: layer.glass.drawn(appearance) ?? true ? seeThrough : nil)
    }
    if pushed {
      cairo_pop_group_to_source(context)
      cairo_set_operator(context, cairoOperator(blend))
      cairo_paint_with_alpha(context, opacity)
    }
  }

  private static func drawLayer(
    _ layer: IconComposerLayer, artwork: LayerArtwork, appearance: IconAppearance,
    context: OpaquePointer, seeThrough: Double? = nil
  ) throws(IconRenderError) {
    let position = layer.position.drawn(appearance) ?? .identity
    guard let scale = clampedScale(position.scale) else { return }
    let opacity = unit(layer.opacity.drawn(appearance) ?? 1)
    let blend = blendMode(of: layer, appearance)
    let fill = layer.fill.drawn(appearance) ?? .none
    let isolated = opacity < 1 || blend != .normal || seeThrough != nil

    cairo_save(context)
    defer { cairo_restore(context) }
    cairo_translate(
      context, clampedTranslation(position.translationX),
      clampedTranslation(position.translationY))
    cairo_scale(context, scale, scale)
    cairo_translate(context, -artwork.width / 2, -artwork.height / 2)
    if isolated { cairo_push_group(context) }
    if replacesArtwork(fill) {
      // The artwork's alpha is the mask; the fill is the colour.
      cairo_push_group(context)
      try artwork.draw(into: context)
      let shape = cairo_pop_group(context)
      defer { cairo_pattern_destroy(shape) }
      if setSource(fill, in: context, width: artwork.width, height: artwork.height) {
        cairo_mask(context, shape)
      }
    } else {
      try artwork.draw(into: context)
    }
    if isolated {
      cairo_pop_group_to_source(context)
      cairo_set_operator(context, cairoOperator(blend))
      if let seeThrough, let mask = cairo_pattern_create_linear(0, 0, 0, artwork.height) {
        // The opacity it keeps, from the top of its box (t 0) to the bottom (t 1).
        for step in 0...16 {
          let t = Double(step) / 16
          cairo_pattern_add_color_stop_rgba(
            mask, t, 0, 0, 0, opacity * LiquidGlass.keeps(value: seeThrough, at: t))
        }
        cairo_mask(context, mask)
        cairo_pattern_destroy(mask)
      } else {
        cairo_paint_with_alpha(context, opacity)
      }
    }
  }

  /// True for a fill that takes the place of the artwork's colours; `none` and `automatic`
  /// keep them.
  private static func replacesArtwork(_ fill: IconFill) -> Bool {
    switch fill {
    case .none, .automatic: return false
    default: return true
    }
  }

  private static func isHidden(_ hidden: Specialized<Bool>, _ appearance: IconAppearance) -> Bool {
    hidden.drawn(appearance) ?? false
  }

  /// Nil for a scale that draws nothing (zero, negative, not a number).
  private static func clampedScale(_ scale: Double) -> Double? {
    guard scale > 0 else { return nil }  // also false for NaN
    return min(scale, maxScale)
  }

  private static func clampedTranslation(_ value: Double) -> Double {
    value.isNaN ? 0 : min(max(value, -maxTranslation), maxTranslation)
  }

  private static func unit(_ value: Double) -> Double {
    value.isNaN ? 1 : min(max(value, 0), 1)
  }

  // MARK: Fills

  /// Makes `fill` the source over a `width` × `height` box at the user-space origin; false
  /// when there is nothing to paint (`none`).
  @discardableResult
  static func setSource(
    _ fill: IconFill, in context: OpaquePointer, width: Double, height: Double,
    rules: IconComposerRules = .fitted
  ) -> Bool {
    switch fill {
    case .none: return false
    case .automatic, .systemLight: setColor(IconColor.systemLight, in: context)
    case .systemDark: setColor(IconColor.systemDark, in: context)
    case .solid(let color): setColor(color, in: context)
    case .linearGradient(let colors, let orientation):
      guard let first = colors.first else { return false }
      setGradient(
        first, colors.last ?? first, orientation ?? .standard, in: context, width: width,
        height: height)
    case .automaticGradient(let color)
    where IconComposerRules.lightness(color.red, color.green, color.blue)
      >= rules.automaticLightThreshold:
      // A light colour: itself at the top, darker toward the bottom.
      let darker = IconColor(
        red: color.red * rules.automaticDarkening, green: color.green * rules.automaticDarkening,
        blue: color.blue * rules.automaticDarkening, alpha: color.alpha)
      let start = rules.automaticLightStart
      setGradient(
        color, darker,
        IconGradientOrientation(
          start: (0.5, start), stop: (0.5, start + (1 - start) / gradientReach)),
        in: context, width: width, height: height)
    case .automaticGradient(let color):
      // A dark colour: lifted at the top, straight down in encoded values to the colour itself
      // a little above 70% of the height, and the colour below.
      let lift = rules.automaticLift
      let lighter = IconColor(
        red: color.red + lift, green: color.green + lift, blue: color.blue + lift,
        alpha: color.alpha)
      let stop = IconGradientOrientation.standard.stop.y * rules.automaticReach
      setGradient(
        lighter, color, IconGradientOrientation(start: (0.5, 0), stop: (0.5, stop)),
        in: context, width: width, height: height, inLinearLight: false)
    }
    return true
  }

  /// Makes a look's background ramp the source over the 1024-point canvas.
  private static func setRamp(_ ramp: IconComposerRules.Ramp, in context: OpaquePointer) {
    guard let pattern = cairo_pattern_create_linear(0, 0, 0, canvasPoints) else { return }
    defer { cairo_pattern_destroy(pattern) }
    func part(_ values: [Double], _ index: Int) -> Double {
      clamp((index < values.count ? values[index] : 0) / 255)
    }
    cairo_pattern_add_color_stop_rgba(
      pattern, 0, part(ramp.top, 0), part(ramp.top, 1), part(ramp.top, 2), 1)
    cairo_pattern_add_color_stop_rgba(
      pattern, 1, part(ramp.bottom, 0), part(ramp.bottom, 1), part(ramp.bottom, 2), 1)
    cairo_set_source(context, pattern)
  }

  private static func setColor(_ color: IconColor, in context: OpaquePointer) {
    cairo_set_source_rgba(
      context, clamp(color.red), clamp(color.green), clamp(color.blue), clamp(color.alpha))
  }

  private static func setGradient(
    _ start: IconColor, _ stop: IconColor, _ orientation: IconGradientOrientation,
    in context: OpaquePointer, width: Double, height: Double, inLinearLight: Bool = true
  ) {
    // Icon Composer's exports run a linear gradient a quarter further than its stop: a grey one
    // with a stop at 0.7 reaches its second colour at 0.875 of the side. A dark automatic
    // gradient runs straight in encoded values to where it is told (`inLinearLight` false).
    let reach = inLinearLight ? gradientReach : 1
    let stopX = orientation.start.x + (orientation.stop.x - orientation.start.x) * reach
    let stopY = orientation.start.y + (orientation.stop.y - orientation.start.y) * reach
    guard
      let pattern = cairo_pattern_create_linear(
        orientation.start.x * width, orientation.start.y * height, stopX * width,
        stopY * height)
    else { return }
    defer { cairo_pattern_destroy(pattern) }
    // cairo interpolates the encoded values; Icon Composer, light: stops every 1/16 follow it.
    let steps = inLinearLight ? 16 : 1
    for step in 0...steps {
      let t = Double(step) / Double(steps)
      func mixed(_ a: Double, _ b: Double) -> Double {
        IconColor.encoded(IconColor.linear(clamp(a)) * (1 - t) + IconColor.linear(clamp(b)) * t)
      }
      cairo_pattern_add_color_stop_rgba(
        pattern, t, clamp(mixed(start.red, stop.red)), clamp(mixed(start.green, stop.green)),
        clamp(mixed(start.blue, stop.blue)), clamp(start.alpha * (1 - t) + stop.alpha * t))
    }
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    cairo_set_source(context, pattern)
  }

  private static func clamp(_ value: Double) -> Double {
    value.isNaN ? 0 : min(max(value, 0), 1)
  }

  /// Icon Composer's blend modes as cairo operators: `plus-lighter` adds, and `plus-darker`
  /// (no cairo equivalent) multiplies, which darkens alike.
  static func cairoOperator(_ mode: IconBlendMode) -> cairo_operator_t {
    switch mode {
    case .normal: return CAIRO_OPERATOR_OVER
    case .multiply, .plusDarker: return CAIRO_OPERATOR_MULTIPLY
    case .screen: return CAIRO_OPERATOR_SCREEN
    case .overlay: return CAIRO_OPERATOR_OVERLAY
    case .darken: return CAIRO_OPERATOR_DARKEN
    case .lighten: return CAIRO_OPERATOR_LIGHTEN
    case .softLight: return CAIRO_OPERATOR_SOFT_LIGHT
    case .hardLight: return CAIRO_OPERATOR_HARD_LIGHT
    case .colorDodge: return CAIRO_OPERATOR_COLOR_DODGE
    case .colorBurn: return CAIRO_OPERATOR_COLOR_BURN
    case .difference: return CAIRO_OPERATOR_DIFFERENCE
    case .exclusion: return CAIRO_OPERATOR_EXCLUSION
    case .hue: return CAIRO_OPERATOR_HSL_HUE
    case .saturation: return CAIRO_OPERATOR_HSL_SATURATION
    case .color: return CAIRO_OPERATOR_HSL_COLOR
    case .luminosity: return CAIRO_OPERATOR_HSL_LUMINOSITY
    case .plusLighter: return CAIRO_OPERATOR_ADD
    }
  }

  // MARK: Tinted, and the shape

  /// `canvas` cut to the home-screen shape on a new surface; outside it is transparent.
  private static func mask(_ canvas: CairoSurface, file: String) throws(IconRenderError)
    -> CairoSurface
  {
    let result = try CairoSurface(width: canvas.width, height: canvas.height, file: file)
    let context = try result.context(file: file)
    defer { cairo_destroy(context) }
    addShape(to: context, side: Double(canvas.width))
    cairo_clip(context)
    cairo_set_source_surface(context, canvas.surface, 0, 0)
    cairo_paint(context)
    return result
  }

  /// A continuous-corner rounded square of `side`, fitted to Icon Composer's exports: each
  /// corner a cubic from `cornerReach`·side along one edge to the same along the next, its
  /// control points `cornerPull` of that reach from the corner, so the curve crosses the
  /// diagonal 7.6% of the side in from the corner, as Apple's does.
  static func addShape(to context: OpaquePointer, side: Double) {
    let reach = cornerReach * side
    let pull = reach * cornerPull  // the control points, measured from the corner
    cairo_new_path(context)
    cairo_move_to(context, reach, 0)
    cairo_line_to(context, side - reach, 0)
    cairo_curve_to(context, side - pull, 0, side, pull, side, reach)
    cairo_line_to(context, side, side - reach)
    cairo_curve_to(context, side, side - pull, side - pull, side, side - reach, side)
    cairo_line_to(context, reach, side)
    cairo_curve_to(context, pull, side, 0, side - pull, 0, side - reach)
    cairo_line_to(context, 0, reach)
    cairo_curve_to(context, 0, pull, pull, 0, reach, 0)
    cairo_close_path(context)
  }
}

extension Specialized {
  /// The value Icon Composer draws in `appearance`: as `value(for:)`, except that tinted does not
  /// take dark's entries (the tinted look starts from the light document's values and its own
  /// tinted entries). Ehviewer's glass layer is at opacity 0 with 0.7 written for dark only: its
  /// TintedDark export is its Default look's luminance on the tinted line, without the layer.
  func drawn(_ appearance: IconAppearance) -> Value? {
    guard appearance == .tinted else { return value(for: appearance) }
    if let own = entries.first(where: { $0.appearance == .tinted && $0.idiom == nil }) {
      return own.value
    }
    return entries.first { $0.appearance == nil && $0.idiom == nil }?.value ?? base
  }
}
