import Foundation

/// Icon Composer's Liquid Glass, approximated with plain pixel operations on cairo surfaces and
/// tuned against Icon Composer's own exports (`make fidelity`): the groups' shadows, the glass's
/// translucency and specular highlights, `blur-material`, the bright rim along the icon's edge,
/// and the tinted and clear looks. Figures are in points of the 1024-point canvas, scaled to the
/// pixels drawn, so a preview and an export agree.
enum LiquidGlass {
  // MARK: Tuned figures (`make fidelity`)

  /// Group shadow: blur radius, downward offset, and darkness at opacity 1.
  static let shadowRadius = 14.0
  static let shadowOffset = 8.0
  static let shadowStrength = 1.1
  /// Translucency `value` v keeps 1 − translucencyShare · v of the glass's opacity.
  static let translucencyShare = 0.31
  /// Specular highlight: how far the light comes from (up and left), its softness, its strength.
  static let specularReach = 5.0
  static let specularSoftness = 1.5
  static let specularStrength = 0.9
  /// The glass's inner edge: how wide, and how far toward black it goes at the very edge.
  static let edgeWidth = 5.0
  static let edgeDarkening = 0.18
  /// The icon's rim: width, and white's opacity at the edge, top and bottom.
  static let rimWidth = 22.0
  static let rimTop = 0.33
  static let rimBottom = 0.19
  /// `blur-material` 1 blurs what is behind the glass by this radius.
  static let materialRadius = 24.0

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

  /// The group's shadow on `canvas`: its alpha blurred and moved down, in black (`neutral`) or
  /// in the group's own colours blurred (`layer-color`), at `opacity`.
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
    let strength = Float(min(1, opacity * shadowStrength))
    canvas.withPixels { pixels, stride in
      for y in 0..<canvas.height {
        for x in 0..<canvas.width {
          let a = min(1, alpha[x, y - offset] * strength)
          guard a > 0.002 else { continue }
          var shadow: (Float, Float, Float) = (0, 0, 0)
          if kind == .layerColor {
            let covered = max(alpha[x, y - offset], 0.001)
            shadow = (
              colour[0][x, y - offset] / covered * 0.6, colour[1][x, y - offset] / covered * 0.6,
              colour[2][x, y - offset] / covered * 0.6
            )
          }
          pixels[y * stride + x] = over(pixels[y * stride + x], shadow, a)
        }
      }
    }
  }

  enum ShadowKind { case neutral, layerColor }

  /// Glass on a group drawn alone: the inner edge shaded, a highlight where light from the top
  /// left meets an edge, and the translucency's opacity.
  static func glaze(
    _ group: CairoSurface, specular: Bool, translucency: Double?, pointScale: Double
  ) {
    let alpha = Plane(alphaOf: group)
    let soft = alpha.blurred(radius: max(1, specularSoftness * pointScale))
    let inner = alpha.blurred(radius: max(1, edgeWidth * pointScale))
    let reach = max(1, Int((specularReach * pointScale).rounded()))
    let keep = Float(1 - translucencyShare * min(max(translucency ?? 0, 0), 1))
    group.withPixels { pixels, stride in
      for y in 0..<group.height {
        for x in 0..<group.width {
          let a = alpha[x, y]
          guard a > 0 else { continue }
          var pixel = pixels[y * stride + x]
          // Toward black near the edge: the glass thins and bends the light away.
          let edge = max(0, 1 - inner[x, y]) * 2 * Float(edgeDarkening)
          if edge > 0 { pixel = over(pixel, (0, 0, 0), min(1, edge) * a, keepAlpha: true) }
          if specular {
            let light = max(0, soft[x, y] - soft[x - reach, y - reach]) * Float(specularStrength)
            if light > 0 { pixel = over(pixel, (1, 1, 1), min(1, light) * a, keepAlpha: true) }
          }
          if keep < 1 { pixel = scaled(pixel, keep) }
          pixels[y * stride + x] = pixel
        }
      }
    }
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

  /// The bright rim inside the icon's rounded square: white, fading over `rimWidth` points,
  /// stronger at the top than at the bottom.
  static func drawRim(on canvas: CairoSurface, cornerRatio: Double) {
    let side = Double(canvas.width)
    let width = rimWidth * side / 1024
    guard width >= 0.5 else { return }
    let half = side / 2
    let radius = cornerRatio * side * 1.25
    canvas.withPixels { pixels, stride in
      for y in 0..<canvas.height {
        let py = abs(Double(y) + 0.5 - half)
        let strength = rimTop + (rimBottom - rimTop) * (Double(y) + 0.5) / side
        for x in 0..<canvas.width {
          let px = abs(Double(x) + 0.5 - half)
          // Distance inside a rounded square with corners of `radius`.
          let qx = px - (half - radius)
          let qy = py - (half - radius)
          let distance =
            qx > 0 && qy > 0 ? radius - (qx * qx + qy * qy).squareRoot() : half - max(px, py)
          guard distance < width else { continue }
          let a = Float(strength * (1 - max(0, distance) / width))
          pixels[y * stride + x] = over(pixels[y * stride + x], (1, 1, 1), a, keepAlpha: true)
        }
      }
    }
  }

  // MARK: Looks

  /// The tinted and clear looks: the light look's luminance L (Rec. 709, on the encoded
  /// values) mapped onto a line from `dark` (L = 0) to `light` (L = 1), measured on Icon
  /// Composer's exports. Opaque.
  static func relook(_ canvas: CairoSurface, _ look: IconComposerLook) {
    guard let (dark, light) = ramp(look) else { return }
    canvas.withPixels { pixels, stride in
      for y in 0..<canvas.height {
        for x in 0..<canvas.width {
          let pixel = pixels[y * stride + x]
          let r = Double(pixel >> 16 & 0xFF) / 255
          let g = Double(pixel >> 8 & 0xFF) / 255
          let b = Double(pixel & 0xFF) / 255
          // Premultiplied: over black, as the icon sits on its plate.
          let level = 0.2126 * r + 0.7152 * g + 0.0722 * b
          func channel(_ d: Double, _ l: Double) -> UInt32 {
            UInt32((min(max(d + (l - d) * level, 0), 1) * 255).rounded())
          }
          pixels[y * stride + x] =
            0xFF00_0000 | channel(dark.0, light.0) << 16 | channel(dark.1, light.1) << 8
            | channel(dark.2, light.2)
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
