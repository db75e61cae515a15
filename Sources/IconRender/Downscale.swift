import Foundation

/// Area-averaging resize: every output pixel is the exact average of the source area it covers.
///
/// A box filter has no negative lobes, so there is no ringing. Averaging premultiplied colour
/// means a transparent neighbour adds nothing (no dark fringe), and averaging in linear light
/// keeps a fine black-and-white pattern as bright as it looks (sRGB ~188, not 128).
public enum Downscale {
  /// `image` resized to `width` × `height` (each at least 1), straight alpha. Any ratio works,
  /// upward too: each output pixel covers a fractional span of source pixels.
  public static func resize(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
    let outWidth = max(1, width)
    let outHeight = max(1, height)
    let inWidth = image.width
    let inHeight = image.height
    let columns = BoxTaps(source: inWidth, target: outWidth)
    let rows = BoxTaps(source: inHeight, target: outHeight)
    let toLinear = ColorSpace.srgbToLinear

    // Pass 1, along each row: source row -> outWidth premultiplied linear samples. Pixels
    // are linearized inside the tap loop (a pixel on a span's boundary is read twice, which
    // costs less than storing and reloading a linearized row).
    var middle = [SIMD4<Float>](repeating: .zero, count: outWidth * inHeight)
    image.pixels.withUnsafeBufferPointer { source in
      toLinear.withUnsafeBufferPointer { table in
        middle.withUnsafeMutableBufferPointer { middle in
          columns.withPointers { first, offsets, weights in
            for y in 0..<inHeight {
              let rowOffset = y * inWidth * 4
              let rowStart = y * outWidth
              for j in 0..<outWidth {
                var sum = SIMD4<Float>.zero
                var offset = rowOffset + first[j] * 4
                for k in offsets[j]..<offsets[j + 1] {
                  // Alpha stays in 0...255 here; one division by 255 per output sample.
                  let share = weights[k] * Float(source[offset + 3])
                  sum +=
                    SIMD4(
                      table[Int(source[offset])], table[Int(source[offset + 1])],
                      table[Int(source[offset + 2])], 1) * share
                  offset += 4
                }
                middle[rowStart + j] = sum * (1 / 255)
              }
            }
          }
        }
      }
    }

    // Pass 2, down the columns: inHeight rows of samples -> outHeight rows.
    var output = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
    var sums = [SIMD4<Float>](repeating: .zero, count: outWidth)
    middle.withUnsafeBufferPointer { middle in
      sums.withUnsafeMutableBufferPointer { sums in
        output.withUnsafeMutableBufferPointer { output in
          rows.withPointers { first, offsets, weights in
            for i in 0..<outHeight {
              for j in 0..<outWidth { sums[j] = .zero }
              var y = first[i]
              for k in offsets[i]..<offsets[i + 1] {
                let weight = weights[k]
                let rowStart = y * outWidth
                for j in 0..<outWidth { sums[j] += weight * middle[rowStart + j] }
                y += 1
              }
              for j in 0..<outWidth {
                ColorSpace.store(sums[j], into: output, at: (i * outWidth + j) * 4)
              }
            }
          }
        }
      }
    }
    return RGBAImage(width: outWidth, height: outHeight, pixels: output)!
  }
}

/// For each output index, the source indices it covers and the share each contributes.
struct BoxTaps {
  /// First source index of each output.
  let first: [Int]
  /// Output `j`'s weights are `weights[offsets[j]..<offsets[j + 1]]`, for sources from `first[j]`.
  let offsets: [Int]
  let weights: [Float]

  init(source: Int, target: Int) {
    var first: [Int] = []
    var offsets: [Int] = [0]
    var weights: [Float] = []
    first.reserveCapacity(target)
    offsets.reserveCapacity(target + 1)
    for j in 0..<target {
      // Exact rational bounds (j * source / target), so equal spans get equal weights.
      let low = Double(j * source) / Double(target)
      let high = Double((j + 1) * source) / Double(target)
      let start = min(source - 1, Int(low.rounded(.down)))
      let end = max(start + 1, min(source, Int(high.rounded(.up))))
      var shares: [Double] = []
      for i in start..<end {
        shares.append(max(0, min(high, Double(i + 1)) - max(low, Double(i))))
      }
      // Normalised by their own sum, so a flat area comes out exactly flat.
      let total = shares.reduce(0, +)
      first.append(start)
      weights.append(
        contentsOf: shares.map { Float(total > 0 ? $0 / total : 1 / Double(shares.count)) })
      offsets.append(weights.count)
    }
    self.first = first
    self.offsets = offsets
    self.weights = weights
  }

  /// Unchecked access for the inner loops.
  func withPointers<R>(
    _ body: (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<Float>) -> R
  ) -> R {
    first.withUnsafeBufferPointer { first in
      offsets.withUnsafeBufferPointer { offsets in
        weights.withUnsafeBufferPointer { weights in body(first, offsets, weights) }
      }
    }
  }
}

/// sRGB transfer functions and the OKLab space.
enum ColorSpace {
  /// sRGB byte -> linear light, per the IEC 61966-2-1 curve.
  static let srgbToLinear: [Float] = (0..<256).map { Float(decode(Double($0) / 255)) }

  static func decode(_ value: Double) -> Double {
    value <= 0.040_45 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
  }

  static func encode(_ value: Double) -> Double {
    value <= 0.003_130_8 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055
  }

  /// Linear light (0...1) -> sRGB byte, with the exact curve: only output pixels pay for it.
  static func encodeByte(_ value: Double) -> UInt8 {
    UInt8((encode(min(1, max(0, value))) * 255).rounded())
  }

  /// Writes a premultiplied linear sample as straight-alpha sRGB bytes.
  @inline(__always)
  static func store(
    _ sample: SIMD4<Float>, into output: UnsafeMutableBufferPointer<UInt8>, at offset: Int
  ) {
    let alpha = Double(sample.w)
    guard alpha > 0 else {
      output[offset] = 0
      output[offset + 1] = 0
      output[offset + 2] = 0
      output[offset + 3] = 0
      return
    }
    output[offset] = encodeByte(Double(sample.x) / alpha)
    output[offset + 1] = encodeByte(Double(sample.y) / alpha)
    output[offset + 2] = encodeByte(Double(sample.z) / alpha)
    output[offset + 3] = UInt8((min(1, alpha) * 255).rounded())
  }

  /// OKLab (Björn Ottosson, 2020) of an sRGB colour: L, a, b.
  static func oklab(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> SIMD3<Double> {
    oklab(
      linear: SIMD3(
        decode(Double(red) / 255), decode(Double(green) / 255), decode(Double(blue) / 255)))
  }

  static func oklab(linear rgb: SIMD3<Double>) -> SIMD3<Double> {
    let l = 0.412_221_470_8 * rgb.x + 0.536_332_536_3 * rgb.y + 0.051_445_992_9 * rgb.z
    let m = 0.211_903_498_2 * rgb.x + 0.680_699_545_1 * rgb.y + 0.107_396_956_6 * rgb.z
    let s = 0.088_302_461_9 * rgb.x + 0.281_718_837_6 * rgb.y + 0.629_978_700_5 * rgb.z
    let l3 = cbrt(l)
    let m3 = cbrt(m)
    let s3 = cbrt(s)
    return SIMD3(
      0.210_454_255_3 * l3 + 0.793_617_785_0 * m3 - 0.004_072_046_8 * s3,
      1.977_998_495_1 * l3 - 2.428_592_205_0 * m3 + 0.450_593_709_9 * s3,
      0.025_904_037_1 * l3 + 0.782_771_766_2 * m3 - 0.808_675_766_0 * s3)
  }
}
