internal import CCairo
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Icon Composer's Liquid Glass, approximated with plain pixel operations on cairo surfaces and
/// tuned against Icon Composer's own exports (`make fidelity`): the groups' shadows, the glass's
/// translucency and specular highlights, `blur-material`, the bright rim along the icon's edge,
/// and the tinted and clear looks. Figures are in points of the 1024-point canvas, scaled to the
/// pixels drawn, so a preview and an export agree.
enum LiquidGlass {
  // The tuned figures are in IconComposerRules.swift, with every other fitted number.

  // MARK: Planes

  /// One channel per pixel, 0...1.
  struct Plane {
    var width: Int
    var height: Int
    var values: [Float]

    init(width: Int, height: Int, values: [Float]) {
      self.width = width
      self.height = height
      self.values = values
    }

    /// The surface's alpha.
    init(alphaOf surface: CairoSurface) {
      width = surface.width
      height = surface.height
      var values = [Float](repeating: 0, count: surface.width * surface.height)
      surface.withPixels { pixels, stride in
        for y in 0..<surface.height {
          for x in 0..<surface.width {
            values[y * surface.width + x] = Float(pixels[y * stride + x] >> 24) / 255
          }
        }
      }
      self.values = values
    }

    subscript(x: Int, y: Int) -> Float {
      guard x >= 0, y >= 0, x < width, y < height else { return 0 }
      return values[y * width + x]
    }

    /// Three box blurs of `radius` pixels: close to a Gaussian of σ ≈ radius.
    func blurred(radius: Double) -> Plane {
      let r = Int(radius.rounded())
      guard r >= 1 else { return self }
      var result = self
      for _ in 0..<3 {
        result.values = LiquidGlass.boxBlur(
          result.values, width: width, height: height, radius: r, horizontal: true)
        result.values = LiquidGlass.boxBlur(
          result.values, width: width, height: height, radius: r, horizontal: false)
      }
      return result
    }
  }

  /// A running-sum box blur along rows or columns; outside the image counts as 0.
  static func boxBlur(_ values: [Float], width: Int, height: Int, radius: Int, horizontal: Bool)
    -> [Float]
  {
    var result = [Float](repeating: 0, count: values.count)
    let lines = horizontal ? height : width
    let length = horizontal ? width : height
    let step = horizontal ? 1 : width
    let scale = 1 / Float(2 * radius + 1)
    values.withUnsafeBufferPointer { source in
      result.withUnsafeMutableBufferPointer { target in
        for line in 0..<lines {
          let start = horizontal ? line * width : line
          var sum: Float = 0
          for i in 0..<min(radius, length) { sum += source[start + i * step] }
          for i in 0..<length {
            let entering = i + radius
            if entering < length { sum += source[start + entering * step] }
            let leaving = i - radius - 1
            if leaving >= 0 { sum -= source[start + leaving * step] }
            target[start + i * step] = sum * scale
          }
        }
      }
    }
    return result
  }

  // MARK: Effects

  /// The group's shadow on `canvas`: its alpha blurred and moved down, taken away from what is
  /// behind (Icon Composer's shadow darkens a white and a near-black background by about the
  /// same few levels, as plus-darker does, not in proportion). `layer-color` takes away less
  /// where the group's own colour is light.
  static func drawShadow(
    of group: CairoSurface, kind: ShadowKind, opacity: Double, onto canvas: CairoSurface,
    pointScale: Double
  ) {
    guard opacity > 0 else { return }
    let radius = shadowRadius * pointScale
    let offset = Int((shadowOffset * pointScale).rounded())
    let alpha = Plane(alphaOf: group).blurred(radius: radius)
    var colour: [Plane] = []
    if kind == .layerColor {
      colour = (0..<3).map { channel in
        Plane(channel: channel, of: group).blurred(radius: radius)
      }
    }
    let strength = Float(opacity * shadowStrength)
    canvas.withPixels { pixels, stride in
      for y in 0..<canvas.height {
        for x in 0..<canvas.width {
          let covered = alpha[x, y - offset]
          let amount = covered * strength
          guard amount > 0.0005 else { continue }
          var taken: (Float, Float, Float) = (amount, amount, amount)
          if kind == .layerColor {
            let share = max(covered, 0.001)
            taken = (
              amount * (1 - colour[0][x, y - offset] / share),
              amount * (1 - colour[1][x, y - offset] / share),
              amount * (1 - colour[2][x, y - offset] / share)
            )
          }
          let pixel = pixels[y * stride + x]
          func less(_ shift: UInt32, _ value: Float) -> UInt32 {
            let channel = Float(pixel >> shift & 0xFF) - value * 255
            return UInt32(max(0, channel).rounded()) << shift
          }
          pixels[y * stride + x] =
            pixel & 0xFF00_0000 | less(16, taken.0) | less(8, taken.1) | less(0, taken.2)
        }
      }
    }
  }

  enum ShadowKind { case neutral, layerColor }

  /// Glass on a group drawn alone: the translucency's see-through, graded from the top of the
  /// glass layers' box (`span`, rows in pixels) to its bottom; a highlight where light from the
  /// top left meets an edge; the inner edge shaded. No frost: glass keeps its colour (see
  /// `translucencyFall`).
  static func glaze(
    _ group: CairoSurface, specular: Bool, translucency: Double?,
    span: (top: Double, bottom: Double)?,
    pointScale: Double
  ) {
    let alpha = Plane(alphaOf: group)
    let soft = alpha.blurred(radius: max(1, specularSoftness * pointScale))
    let inner = alpha.blurred(radius: max(1, edgeWidth * pointScale))
    let reach = max(1, Int((specularReach * pointScale).rounded()))
    // See-through: what the glass keeps of its opacity, row by row, from its top to its bottom.
    let kept: [Float] = (0..<group.height).map { y in
      guard let translucency, let span, span.bottom > span.top else { return 1 }
      return Float(
        keeps(value: translucency, at: (Double(y) + 0.5 - span.top) / (span.bottom - span.top)))
    }
    group.withPixels { pixels, stride in
      for y in 0..<group.height {
        let keep = kept[y]
        for x in 0..<group.width {
          let a = alpha[x, y]
          guard a > 0 else { continue }
          var pixel = pixels[y * stride + x]
          // See-through, row by row; the light on the glass is not.
          if keep < 1 { pixel = scaled(pixel, keep) }
          // A band of light inside the edges that face the top left...
          if specular {
            let light = max(0, soft[x, y] - soft[x - reach, y - reach]) * Float(specularStrength)
            if light > 0 { pixel = over(pixel, (1, 1, 1), min(1, light) * a) }
          }
          // ...and greyer at the very edge, where the glass thins and bends the light away.
          // (Measured against the pixel's own alpha, so a layer at opacity 0.7 is no edge.)
          let edge = max(0, 1 - inner[x, y] / a) * 2 * Float(edgeDarkening)
          if edge > 0 { pixel = over(pixel, edgeColour, min(1, edge) * a, keepAlpha: true) }
          pixels[y * stride + x] = pixel
        }
      }
    }
  }

  /// What glass with translucency `value` keeps of its opacity at `t` of its box, from its top
  /// (0) to its bottom (1).
  static func keeps(value: Double, at t: Double) -> Double {
    let value = value.isNaN ? 0 : min(max(value, 0), 1)
    let t = t.isNaN ? 0 : min(max(t, 0), 1)
    return max(0, 1 - value * translucencyFall * pow(t, translucencyCurve))
  }

  /// What is behind the glass blurred, through the group's alpha, before the group is drawn.
  static func blurBehind(
    _ group: CairoSurface, amount: Double, canvas: CairoSurface, pointScale: Double
  ) {
    guard amount > 0 else { return }
    let radius = materialRadius * min(amount, 1) * pointScale
    let alpha = Plane(alphaOf: group)
    let blurred = (0..<3).map { Plane(channel: $0, of: canvas).blurred(radius: radius) }
    canvas.withPixels { pixels, stride in
      for y in 0..<canvas.height {
        for x in 0..<canvas.width {
          let a = alpha[x, y]
          guard a > 0 else { continue }
          let pixel = pixels[y * stride + x]
          let coverage = Float(pixel >> 24) / 255
          guard coverage > 0 else { continue }
          let colour = (
            blurred[0][x, y] / coverage, blurred[1][x, y] / coverage, blurred[2][x, y] / coverage
          )
          pixels[y * stride + x] = over(pixel, colour, a, keepAlpha: true)
        }
      }
    }
  }

  /// The bright rim inside the icon's rounded square: white, fading over about `rimWidth`
  /// points from the shape's edge (the shape blurred), stronger at the top than at the bottom.
  static func drawRim(on canvas: CairoSurface, file: String) throws(IconRenderError) {
    let side = Double(canvas.width)
    let width = rimWidth * side / 1024
    guard width >= 1 else { return }
    let shape = try CairoSurface(width: canvas.width, height: canvas.height, file: file)
    let context = try shape.context(file: file)
    IconComposerRenderer.addShape(to: context, side: side)
    cairo_set_source_rgba(context, 1, 1, 1, 1)
    cairo_fill(context)
    cairo_destroy(context)
    // Three box blurs of r spread an edge over about ±2.5 r: inside it, 1 − blurred falls
    // from ½ at the edge to 0 about `width` in.
    let inside = Plane(alphaOf: shape).blurred(radius: width / 1.6)
    canvas.withPixels { pixels, stride in
      for y in 0..<canvas.height {
        let strength = Float(rimTop + (rimBottom - rimTop) * (Double(y) + 0.5) / side)
        for x in 0..<canvas.width {
          let band = min(1, 2 * (1 - inside[x, y]))
          guard band > 0.002 else { continue }
          pixels[y * stride + x] = over(
            pixels[y * stride + x], (1, 1, 1), strength * band, keepAlpha: true)
        }
      }
    }
  }

  // MARK: Looks

  /// The tinted and clear looks: the light look's luminance L (Rec. 709, on the encoded
  /// values) mapped onto a line from `dark` (L = 0) to `light` (L = 1), measured on Icon
  /// Composer's exports. Opaque.
  /// With `keepAlpha`, the artwork alone: each pixel's own colour is mapped and its coverage
  /// kept (transparent stays transparent).
  static func relook(_ canvas: CairoSurface, _ look: IconComposerLook, keepAlpha: Bool = false) {
    guard let (dark, light) = ramp(look) else { return }
    canvas.withPixels { pixels, stride in
      for y in 0..<canvas.height {
        for x in 0..<canvas.width {
          let pixel = pixels[y * stride + x]
          let alpha = keepAlpha ? Double(pixel >> 24) / 255 : 1
          guard alpha > 0 else { continue }
          let r = Double(pixel >> 16 & 0xFF) / 255 / alpha
          let g = Double(pixel >> 8 & 0xFF) / 255 / alpha
          let b = Double(pixel & 0xFF) / 255 / alpha
          // Premultiplied: over black, as the icon sits on its plate.
          let level = 0.2126 * r + 0.7152 * g + 0.0722 * b
          func channel(_ d: Double, _ l: Double) -> UInt32 {
            UInt32((min(max(d + (l - d) * level, 0), 1) * alpha * 255).rounded())
          }
          pixels[y * stride + x] =
            UInt32((alpha * 255).rounded()) << 24 | channel(dark.0, light.0) << 16
            | channel(dark.1, light.1) << 8 | channel(dark.2, light.2)
        }
      }
    }
  }

  /// The two ends of a look's line, or nil for the light and dark looks (drawn as they are).
  static func ramp(_ look: IconComposerLook) -> (
    (Double, Double, Double), (Double, Double, Double)
  )? {
    switch look {
    case .light, .dark: return nil
    case .tintedDark: return ((9 / 255, 5 / 255, 18 / 255), (80 / 255, 46 / 255, 174 / 255))
    case .tintedLight: return ((109 / 255, 90 / 255, 201 / 255), (1, 1, 1))
    case .clearLight: return ((128 / 255, 128 / 255, 128 / 255), (1, 1, 1))
    case .clearDark: return ((43 / 255, 43 / 255, 43 / 255), (1, 1, 1))
    }
  }

  // MARK: Pixels (cairo ARGB32: premultiplied, alpha in the top byte)

  /// `colour` (straight, 0...1) at `alpha` over `pixel`; with `keepAlpha`, only inside what
  /// `pixel` covers (a highlight on the glass, not beyond it).
  static func over(
    _ pixel: UInt32, _ colour: (Float, Float, Float), _ alpha: Float, keepAlpha: Bool = false
  ) -> UInt32 {
    let a = min(max(alpha, 0), 1)
    let below = Float(pixel >> 24) / 255
    let coverage = keepAlpha ? below : a + below * (1 - a)
    let weight = keepAlpha ? a * below : a
    func mix(_ shift: UInt32, _ value: Float) -> UInt32 {
      let under = Float(pixel >> shift & 0xFF) / 255
      let result = min(value * weight + under * (1 - a), coverage)
      return UInt32((max(result, 0) * 255).rounded())
    }
    return UInt32((coverage * 255).rounded()) << 24 | mix(16, colour.0) << 16 | mix(8, colour.1)
      << 8
      | mix(0, colour.2)
  }

  /// `pixel` with every premultiplied channel times `factor`.
  static func scaled(_ pixel: UInt32, _ factor: Float) -> UInt32 {
    func part(_ shift: UInt32) -> UInt32 {
      UInt32((Float(pixel >> shift & 0xFF) * factor).rounded()) << shift
    }
    return part(24) | part(16) | part(8) | part(0)
  }
}

extension LiquidGlass.Plane {
  /// One premultiplied colour channel (0 red, 1 green, 2 blue) of the surface.
  init(channel: Int, of surface: CairoSurface) {
    let shift = UInt32(16 - 8 * channel)
    var values = [Float](repeating: 0, count: surface.width * surface.height)
    surface.withPixels { pixels, stride in
      for y in 0..<surface.height {
        for x in 0..<surface.width {
          values[y * surface.width + x] = Float(pixels[y * stride + x] >> shift & 0xFF) / 255
        }
      }
    }
    self.init(width: surface.width, height: surface.height, values: values)
  }
}
