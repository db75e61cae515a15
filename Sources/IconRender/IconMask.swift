/// The home-screen icon shape: a superellipse |x|^n + |y|^n ≤ 1 with n = 5, which follows
/// Apple's continuous-corner ("squircle") outline closely, unlike a circular-arc rounded rect.
public enum IconMask {
  public static let exponent = 5

  /// Samples per pixel along each axis: 4 × 4 = 16 coverage levels, plenty once a cell
  /// threshold or a terminal colour is applied.
  static let samples = 4

  /// The share of each pixel inside the shape (0...1), row by row, for a `width` × `height`
  /// image. Mirror-symmetric bit for bit: sample positions are computed in whole quarter-pixels.
  public static func coverage(width: Int, height: Int) -> [Float] {
    guard width > 0, height > 0 else { return [] }
    // The shape is separable as f(x) + f(y) ≤ 1, so |x|^n is computed once per column sample.
    let powersX = axisPowers(width)
    let powersY = axisPowers(height)
    let perPixel = Float(samples * samples)
    var result = [Float](repeating: 0, count: width * height)
    for row in 0..<height {
      for column in 0..<width {
        var inside = 0
        for sy in 0..<samples {
          let py = powersY[row * samples + sy]
          for sx in 0..<samples where powersX[column * samples + sx] + py <= 1 { inside += 1 }
        }
        result[row * width + column] = Float(inside) / perPixel
      }
    }
    return result
  }

  /// `image` with its alpha multiplied by the shape's coverage; colours are untouched
  /// (straight alpha), so edge pixels keep their true colour and only fade.
  public static func apply(to image: RGBAImage) -> RGBAImage {
    let mask = coverage(width: image.width, height: image.height)
    var pixels = image.pixels
    for index in 0..<mask.count {
      let alpha = index * 4 + 3
      pixels[alpha] = UInt8((Float(pixels[alpha]) * mask[index]).rounded())
    }
    return RGBAImage(width: image.width, height: image.height, pixels: pixels)!
  }

  /// |t|^n at each sample position along an axis of `length` pixels, t in -1...1.
  private static func axisPowers(_ length: Int) -> [Double] {
    let steps = samples * length
    return (0..<steps).map { step in
      // Sample centres sit at (step + 0.5) / samples pixels; the axis centre at length / 2.
      let t = abs(Double(2 * step + 1 - steps)) / Double(steps)
      var power = 1.0
      for _ in 0..<exponent { power *= t }
      return power
    }
  }
}
