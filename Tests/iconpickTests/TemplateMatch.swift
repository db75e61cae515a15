import Foundation
import IconRender

/// Where an icon shows on a screenshot: its square's top-left corner and side in pixels, and the
/// mean error there (0–255, R, G and B alike) over the pixels inside the home-screen shape.
struct IconMatch: CustomStringConvertible {
  let x: Int
  let y: Int
  let size: Int
  let error: Double

  var description: String {
    "\(size)×\(size) px at (\(x), \(y)), mean error \(String(format: "%.1f", error))"
  }
}

/// A pixel rectangle of a screenshot.
struct PixelRect {
  let x: Int
  let y: Int
  let width: Int
  let height: Int
}

/// Finds an icon on a screenshot by template matching: the icon's PNG scaled to each candidate
/// size, compared inside its rounded square at every position of the search area. A coarse
/// search on an eighth-size copy of both, then the best few refined at full size. The error is
/// the mean of |ΔR|, |ΔG| and |ΔB| over the pixels wholly inside the shape, so the terminal's
/// background around the icon and the shape's anti-aliased edge do not count.
struct IconFinder {
  let icon: RGBAImage
  private var scaled: [Int: (image: RGBAImage, inside: [Int32])] = [:]

  init(icon: RGBAImage) { self.icon = icon }

  /// The icon at `size` and the offsets (y × size + x) of its pixels inside the shape.
  private mutating func template(_ size: Int) -> (image: RGBAImage, inside: [Int32]) {
    if let cached = scaled[size] { return cached }
    let image = Downscale.resize(icon, width: size, height: size)
    let coverage = IconMask.coverage(width: size, height: size)
    var inside: [Int32] = []
    for index in 0..<(size * size) where coverage[index] >= 1 && image.pixels[index * 4 + 3] == 255
    {
      inside.append(Int32(index))
    }
    scaled[size] = (image, inside)
    return (image, inside)
  }

  /// The mean error of the icon at `size` placed at (x, y) on `screen`; with `limit`, gives up
  /// (returning more than the limit) as soon as the sum passes it.
  private static func error(
    _ template: (image: RGBAImage, inside: [Int32]), size: Int, at x: Int, y: Int,
    on screen: RGBAImage, step: Int = 1, limit: Double = .infinity
  ) -> Double {
    guard x >= 0, y >= 0, x + size <= screen.width, y + size <= screen.height,
      !template.inside.isEmpty
    else { return .infinity }
    let count = (template.inside.count + step - 1) / step
    let budget = limit.isFinite ? Int(limit * Double(count * 3)) + 1 : Int.max
    var total = 0
    template.image.pixels.withUnsafeBufferPointer { icon in
      screen.pixels.withUnsafeBufferPointer { screenPixels in
        template.inside.withUnsafeBufferPointer { inside in
          var index = 0
          while index < inside.count {
            let offset = Int(inside[index])
            let source = offset * 4
            let target = ((y + offset / size) * screen.width + x + offset % size) * 4
            total += abs(Int(icon[source]) - Int(screenPixels[target]))
            total += abs(Int(icon[source + 1]) - Int(screenPixels[target + 1]))
            total += abs(Int(icon[source + 2]) - Int(screenPixels[target + 2]))
            if total > budget { return }
            index += step
          }
        }
      }
    }
    return Double(total) / Double(count * 3)
  }

  /// `image` shrunk by `factor` in both directions (plain averages: only for the coarse search).
  private static func shrink(_ image: RGBAImage, by factor: Int) -> RGBAImage {
    let width = image.width / factor
    let height = image.height / factor
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    image.pixels.withUnsafeBufferPointer { source in
      for y in 0..<height {
        for x in 0..<width {
          for channel in 0..<3 {
            var sum = 0
            for dy in 0..<factor {
              let row = ((y * factor + dy) * image.width + x * factor) * 4 + channel
              for dx in 0..<factor { sum += Int(source[row + dx * 4]) }
            }
            pixels[(y * width + x) * 4 + channel] = UInt8(sum / (factor * factor))
          }
        }
      }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)!
  }

  /// The best place for the icon at a side in `sizes` whose square lies in `area` (the whole
  /// screen by default).
  mutating func find(in screen: RGBAImage, sizes: ClosedRange<Int>, area: PixelRect? = nil)
    -> IconMatch
  {
    let factor = 8
    let area = area ?? PixelRect(x: 0, y: 0, width: screen.width, height: screen.height)
    let small = Self.shrink(screen, by: factor)
    var coarse: [IconMatch] = []
    var smallFinder = IconFinder(icon: icon)
    let smallSizes = max(4, sizes.lowerBound / factor)...max(4, sizes.upperBound / factor)
    for smallSize in smallSizes {
      let template = smallFinder.template(smallSize)
      var best = IconMatch(x: 0, y: 0, size: smallSize * factor, error: .infinity)
      let top = area.y / factor
      let bottom = (area.y + area.height) / factor - smallSize
      let left = area.x / factor
      let right = (area.x + area.width) / factor - smallSize
      guard bottom >= top, right >= left else { continue }
      for y in top...bottom {
        for x in left...right {
          let error = Self.error(
            template, size: smallSize, at: x, y: y, on: small, step: 2, limit: best.error)
          if error < best.error { best = IconMatch(x: x, y: y, size: smallSize, error: error) }
        }
      }
      if best.error.isFinite { coarse.append(best) }
    }
    // The three best sizes, refined at full size: first in steps of two, then of one.
    var best = IconMatch(x: 0, y: 0, size: sizes.lowerBound, error: .infinity)
    for candidate in coarse.sorted(by: { $0.error < $1.error }).prefix(3) {
      var around = IconMatch(
        x: candidate.x * factor, y: candidate.y * factor, size: candidate.size * factor,
        error: .infinity)
      for (reach, stride) in [(factor + 2, 2), (2, 1)] {
        let centre = around
        for size in Swift.stride(
          from: centre.size - reach, through: centre.size + reach, by: stride)
        where sizes.contains(size) {
          let template = template(size)
          for y in Swift.stride(from: centre.y - reach, through: centre.y + reach, by: stride) {
            for x in Swift.stride(from: centre.x - reach, through: centre.x + reach, by: stride) {
              let error = Self.error(
                template, size: size, at: x, y: y, on: screen, step: 3, limit: around.error)
              if error < around.error { around = IconMatch(x: x, y: y, size: size, error: error) }
            }
          }
        }
      }
      if around.error.isFinite {
        let exact = Self.error(
          template(around.size), size: around.size, at: around.x, y: around.y, on: screen)
        if exact < best.error {
          best = IconMatch(x: around.x, y: around.y, size: around.size, error: exact)
        }
      }
    }
    return best
  }

  /// The error of the icon at a given place and size.
  mutating func error(at x: Int, y: Int, size: Int, on screen: RGBAImage) -> Double {
    Self.error(template(size), size: size, at: x, y: y, on: screen)
  }
}
