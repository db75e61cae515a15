import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Area-averaging resize: every output pixel is the exact average of the source area it covers.
///
/// A box filter has no negative lobes, so there is no ringing. Averaging premultiplied colour
/// means a transparent neighbour adds nothing (no dark fringe), and averaging in linear light
/// keeps a fine black-and-white pattern as bright as it looks (sRGB ~188, not 128).
public enum Downscale {
  /// `image` resized to `width` × `height` (each at least 1), straight alpha. Any ratio works,
  /// upward too: each output pixel covers a fractional span of source pixels.
  public static func resize(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
    resize(PixelImage(image), width: width, height: height)
  }

  /// The same for RGB or RGBA pixels, in one pass over the source: each source row is reduced
  /// to the output's columns, then added straight into the output rows it covers.
  ///
  /// Sums are exact integers. With source length S and target length T, source pixel x spans
  /// [x·T, (x+1)·T) and output pixel j spans [j·S, (j+1)·S) in the same units, so every
  /// share is a whole number of units and each output's shares add up to exactly S. Colours
  /// are linearized through a 256-entry table and weighted by alpha (premultiplied);
  /// RGB pixels are opaque, so they skip the alpha.
  public static func resize(_ image: PixelImage, width: Int, height: Int) -> RGBAImage {
    let outWidth = max(1, width)
    let outHeight = max(1, height)
    let inWidth = image.width
    let channels = image.channels
    let columns = BoxSpans(source: inWidth, target: outWidth)
    let rows = BoxSpans(source: image.height, target: outHeight)

    // Per output pixel: premultiplied linear R, G, B (in units of ColorSpace.linearOne) and
    // alpha (0...255), each times the pixel's weight in units², as in `BoxSpans`.
    var sums = [UInt64](repeating: 0, count: outWidth * outHeight * 4)
    // One source row reduced to the output's columns, four sums per column.
    var rowSums = [UInt64](repeating: 0, count: outWidth * 4)
    image.pixels.withUnsafeBufferPointer { source in
      ColorSpace.srgbToLinearFixed.withUnsafeBufferPointer { table in
        rowSums.withUnsafeMutableBufferPointer { rowSums in
          sums.withUnsafeMutableBufferPointer { sums in
            var firstOutputRow = 0
            for y in 0..<image.height {
              let row = UnsafeBufferPointer(
                rebasing: source[(y * inWidth * channels)..<((y + 1) * inWidth * channels)])
              if channels == 3 {
                reduceOpaqueRow(row, columns: columns, table: table, into: rowSums)
              } else {
                reduceRow(row, columns: columns, table: table, into: rowSums)
              }
              // The output rows whose span holds source row y, with y's share of each.
              while rows.end[firstOutputRow] <= y { firstOutputRow += 1 }
              var i = firstOutputRow
              while i < outHeight, rows.start[i] <= y {
                let weight = rows.weight(of: y, in: i)
                let base = i * outWidth * 4
                for k in 0..<(outWidth * 4) { sums[base + k] &+= weight &* rowSums[k] }
                i += 1
              }
            }
          }
        }
      }
    }

    let units = UInt64(inWidth) * UInt64(image.height)
    var output = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
    output.withUnsafeMutableBufferPointer { output in
      for pixel in 0..<(outWidth * outHeight) {
        let offset = pixel * 4
        ColorSpace.store(
          red: sums[offset], green: sums[offset + 1], blue: sums[offset + 2],
          alpha: sums[offset + 3], units: units, into: output, at: offset)
      }
    }
    return RGBAImage(width: outWidth, height: outHeight, pixels: output)!
  }

  /// An RGB row (opaque: alpha 255 everywhere) reduced to one sum per output column. The
  /// inner loop only adds; the two partly covered pixels at a span's ends are corrected after.
  @inline(__always)
  private static func reduceOpaqueRow(
    _ row: UnsafeBufferPointer<UInt8>, columns: BoxSpans, table: UnsafeBufferPointer<UInt32>,
    into sums: UnsafeMutableBufferPointer<UInt64>
  ) {
    let full = columns.full
    for j in 0..<columns.count {
      let start = columns.start[j]
      let last = columns.end[j] - 1
      var red: UInt64 = 0
      var green: UInt64 = 0
      var blue: UInt64 = 0
      var pixel = row.baseAddress! + start * 3
      let end = row.baseAddress! + (last + 1) * 3
      while pixel < end {
        red &+= UInt64(table[Int(pixel[0])])
        green &+= UInt64(table[Int(pixel[1])])
        blue &+= UInt64(table[Int(pixel[2])])
        pixel += 3
      }
      // Every pixel counted `full` units; the end pixels cover only part of the span.
      red &*= full
      green &*= full
      blue &*= full
      let firstShortfall = full &- columns.firstWeight[j]
      red &-= firstShortfall &* UInt64(table[Int(row[start * 3])])
      green &-= firstShortfall &* UInt64(table[Int(row[start * 3 + 1])])
      blue &-= firstShortfall &* UInt64(table[Int(row[start * 3 + 2])])
      if last > start {
        let lastShortfall = full &- columns.lastWeight[j]
        red &-= lastShortfall &* UInt64(table[Int(row[last * 3])])
        green &-= lastShortfall &* UInt64(table[Int(row[last * 3 + 1])])
        blue &-= lastShortfall &* UInt64(table[Int(row[last * 3 + 2])])
      }
      // Premultiplied like an RGBA pixel's: by alpha 255.
      sums[j * 4] = red &* 255
      sums[j * 4 + 1] = green &* 255
      sums[j * 4 + 2] = blue &* 255
      sums[j * 4 + 3] = 255 &* UInt64(columns.source)
    }
  }

  /// An RGBA row reduced to one premultiplied sum per output column.
  @inline(__always)
  private static func reduceRow(
    _ row: UnsafeBufferPointer<UInt8>, columns: BoxSpans, table: UnsafeBufferPointer<UInt32>,
    into sums: UnsafeMutableBufferPointer<UInt64>
  ) {
    @inline(__always)
    func premultiplied(_ pixel: UnsafePointer<UInt8>) -> SIMD4<UInt64> {
      let alpha = UInt64(pixel[3])
      return SIMD4(
        UInt64(table[Int(pixel[0])]) &* alpha, UInt64(table[Int(pixel[1])]) &* alpha,
        UInt64(table[Int(pixel[2])]) &* alpha, alpha)
    }
    let full = columns.full
    for j in 0..<columns.count {
      let start = columns.start[j]
      let last = columns.end[j] - 1
      var red: UInt64 = 0
      var green: UInt64 = 0
      var blue: UInt64 = 0
      var alpha: UInt64 = 0
      var pixel = row.baseAddress! + start * 4
      let end = row.baseAddress! + (last + 1) * 4
      while pixel < end {
        let opacity = UInt64(pixel[3])
        red &+= UInt64(table[Int(pixel[0])]) &* opacity
        green &+= UInt64(table[Int(pixel[1])]) &* opacity
        blue &+= UInt64(table[Int(pixel[2])]) &* opacity
        alpha &+= opacity
        pixel += 4
      }
      var sum = SIMD4(red, green, blue, alpha) &* full
      sum &-= (full &- columns.firstWeight[j]) &* premultiplied(row.baseAddress! + start * 4)
      if last > start {
        sum &-= (full &- columns.lastWeight[j]) &* premultiplied(row.baseAddress! + last * 4)
      }
      sums[j * 4] = sum.x
      sums[j * 4 + 1] = sum.y
      sums[j * 4 + 2] = sum.z
      sums[j * 4 + 3] = sum.w
    }
  }
}

/// For each output index, the source indices its span covers and their shares, in whole units:
/// source pixel x spans [x·target, (x+1)·target) and output j spans [j·source, (j+1)·source).
/// Every pixel strictly inside a span counts `full` (= target) units; the first and last
/// pixels count their overlap, which is never zero. Each output's shares add up to `source`.
struct BoxSpans {
  let source: Int
  let count: Int
  /// A whole source pixel's share: `target` units.
  let full: UInt64
  /// First source index of each output.
  let start: [Int]
  /// One past the last source index of each output.
  let end: [Int]
  /// The first and the last source pixel's share (the same pixel when the span holds one).
  let firstWeight: [UInt64]
  let lastWeight: [UInt64]

  init(source: Int, target: Int) {
    self.source = source
    count = target
    full = UInt64(target)
    var start: [Int] = []
    var end: [Int] = []
    var firstWeight: [UInt64] = []
    var lastWeight: [UInt64] = []
    for j in 0..<target {
      let low = j * source
      let high = (j + 1) * source
      let first = low / target
      let last = (high + target - 1) / target - 1
      start.append(first)
      end.append(last + 1)
      firstWeight.append(UInt64(min((first + 1) * target, high) - max(first * target, low)))
      lastWeight.append(UInt64(min((last + 1) * target, high) - max(last * target, low)))
    }
    self.start = start
    self.end = end
    self.firstWeight = firstWeight
    self.lastWeight = lastWeight
  }

  /// Source pixel `x`'s share of output `j` (x must lie in j's span).
  @inline(__always)
  func weight(of x: Int, in j: Int) -> UInt64 {
    if x == start[j] { return firstWeight[j] }
    if x == end[j] - 1 { return lastWeight[j] }
    return full
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

  /// Linear light 1.0 in the fixed-point table: 2^20, so the darkest step (sRGB 0 to 1, 0.0003
  /// of white) is ~318 units, and a 8192×8192 image's premultiplied sums stay under 2^55.
  static let linearOne: UInt32 = 1 << 20

  /// sRGB byte -> linear light in units of `linearOne`, rounded: the table the downscaler
  /// sums (integers, so the order of the additions never changes the result).
  static let srgbToLinearFixed: [UInt32] = (0..<256).map {
    UInt32((decode(Double($0) / 255) * Double(linearOne)).rounded())
  }

  /// Writes an output pixel's sums as straight-alpha sRGB bytes: `red`, `green` and `blue`
  /// are premultiplied linear light (units of `linearOne` × alpha 0...255 × weight), `alpha`
  /// the weighted alpha, and `units` the pixel's total weight.
  @inline(__always)
  static func store(
    red: UInt64, green: UInt64, blue: UInt64, alpha: UInt64, units: UInt64,
    into output: UnsafeMutableBufferPointer<UInt8>, at offset: Int
  ) {
    guard alpha > 0 else {
      output[offset] = 0
      output[offset + 1] = 0
      output[offset + 2] = 0
      output[offset + 3] = 0
      return
    }
    // The weighted mean of linear light over the covered pixels, by their alpha.
    let scale = 1 / (Double(alpha) * Double(linearOne))
    output[offset] = encodeByte(Double(red) * scale)
    output[offset + 1] = encodeByte(Double(green) * scale)
    output[offset + 2] = encodeByte(Double(blue) * scale)
    output[offset + 3] = UInt8(min(255, (alpha + units / 2) / units))
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
