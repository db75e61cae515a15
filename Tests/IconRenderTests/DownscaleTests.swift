import Testing

@testable import IconRender

@Suite struct DownscaleTests {
  static func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> [UInt8]) -> RGBAImage {
    var pixels: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width { pixels += pixel(x, y) }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)!
  }

  @Test func aBlackAndWhiteCheckerboardAveragesInLinearLight() {
    let board = Self.image(2, 2) { x, y in
      (x + y) % 2 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255]
    }
    let grey = Downscale.resize(board, width: 1, height: 1)
    // Half the light of white is sRGB 187.5 -> 188; averaging the bytes would give 128.
    #expect(grey.pixel(x: 0, y: 0) == (188, 188, 188, 255))

    let fine = Self.image(64, 64) { x, y in
      (x + y) % 2 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255]
    }
    let small = Downscale.resize(fine, width: 4, height: 4)
    for y in 0..<4 {
      for x in 0..<4 { #expect(small.pixel(x: x, y: y) == (188, 188, 188, 255)) }
    }
  }

  @Test func aHalfTransparentEdgeKeepsItsColourNextToTransparentPixels() {
    // Straight averaging would mix in the transparent pixels' black (or white) colour.
    for clear: [UInt8] in [[0, 0, 0, 0], [255, 255, 255, 0]] {
      let edge = Self.image(2, 1) { x, _ in x == 0 ? [255, 0, 0, 128] : clear }
      let result = Downscale.resize(edge, width: 1, height: 1)
      #expect(result.pixel(x: 0, y: 0) == (255, 0, 0, 64))
    }
  }

  @Test func aFullyTransparentAreaStaysTransparent() {
    let clear = Self.image(10, 10) { _, _ in [200, 100, 50, 0] }
    let result = Downscale.resize(clear, width: 3, height: 3)
    #expect(result.pixels.allSatisfy { $0 == 0 })
  }

  @Test(arguments: [(13, 13, 12, 12), (97, 61, 7, 5), (100, 100, 3, 3), (3, 3, 7, 7), (5, 2, 2, 5)])
  func aFlatColourStaysExactlyThatColour(
    size: (width: Int, height: Int, targetWidth: Int, targetHeight: Int)
  ) {
    for colour: [UInt8] in [
      [37, 142, 201, 255], [1, 2, 254, 200], [255, 255, 255, 255], [0, 0, 0, 1],
    ] {
      let flat = Self.image(size.width, size.height) { _, _ in colour }
      let result = Downscale.resize(flat, width: size.targetWidth, height: size.targetHeight)
      #expect(result.width == size.targetWidth && result.height == size.targetHeight)
      for y in 0..<result.height {
        for x in 0..<result.width {
          let pixel = result.pixel(x: x, y: y)
          #expect([pixel.r, pixel.g, pixel.b, pixel.a] == colour)
        }
      }
    }
  }

  @Test func anIconSizedImageReducesToAnyCellCount() {
    let colour: [UInt8] = [90, 200, 250, 255]
    let flat = Self.image(1024, 1024) { _, _ in colour }
    for side in [12, 7] {
      let result = Downscale.resize(flat, width: side, height: side)
      #expect(result.width == side && result.height == side)
      #expect(result.pixels == Array((0..<(side * side)).map { _ in colour }.joined()))
    }
  }

  @Test func partlyCoveredSourcePixelsCountByTheirShare() {
    // 3 -> 2: each output covers one whole source pixel and half of the middle one.
    let row = Self.image(3, 1) { x, _ in x == 1 ? [255, 255, 255, 0] : [255, 255, 255, 255] }
    let result = Downscale.resize(row, width: 2, height: 1)
    // (1 + 0.5 × 0) / 1.5 = 2/3 of full alpha.
    #expect(result.pixel(x: 0, y: 0) == (255, 255, 255, 170))
    #expect(result.pixel(x: 1, y: 0) == (255, 255, 255, 170))
  }

  @Test func aSharpEdgeDoesNotRing() {
    // A box filter has no negative lobes: values stay between the two sides, monotonic.
    let edge = Self.image(30, 1) { x, _ in x < 14 ? [20, 20, 20, 255] : [240, 240, 240, 255] }
    let result = Downscale.resize(edge, width: 7, height: 1)
    let values = (0..<7).map { result.pixel(x: $0, y: 0).r }
    #expect(values.first == 20 && values.last == 240)
    #expect(values == values.sorted())
  }
}

/// The integer downscaler against a plain floating-point one written from the definition, and
/// its parts: the linearisation table, the spans, RGB input.
@Suite struct DownscaleExactnessTests {
  @Test func theLinearTableIsTheExactCurveRounded() {
    let table = ColorSpace.srgbToLinearFixed
    let one = Double(ColorSpace.linearOne)
    #expect(table.count == 256)
    #expect(table.first == 0 && table.last == ColorSpace.linearOne)
    for value in 0..<256 {
      let exact = ColorSpace.decode(Double(value) / 255)
      let fromTable = Double(table[value]) / one
      #expect(abs(fromTable - exact) <= 1.0 / 255, "sRGB \(value)")
      #expect(abs(fromTable - exact) <= 0.5 / one, "sRGB \(value): rounded, not truncated")
      // Every level is its own: an opaque flat colour comes back as itself.
      #expect(ColorSpace.encodeByte(fromTable) == UInt8(value))
      if value > 0 { #expect(table[value] > table[value - 1]) }
    }
  }

  @Test(arguments: [
    (1024, 12), (1024, 7), (13, 13), (97, 7), (3, 2), (3, 7), (5, 2), (1, 4), (8192, 3),
  ])
  func spansCoverTheSourceWithWholeShares(size: (source: Int, target: Int)) {
    let spans = BoxSpans(source: size.source, target: size.target)
    #expect(spans.start.first == 0 && spans.end.last == size.source)
    for j in 0..<size.target {
      #expect(spans.start[j] < spans.end[j])
      if j > 0 {
        #expect(spans.start[j] == spans.end[j - 1] || spans.start[j] == spans.end[j - 1] - 1)
      }
      let shares = (spans.start[j]..<spans.end[j]).map { spans.weight(of: $0, in: j) }
      #expect(shares.reduce(0, +) == UInt64(size.source), "output \(j)")
      #expect(shares.allSatisfy { $0 >= 1 && $0 <= UInt64(size.target) })
    }
  }

  /// Area averaging straight from the definition: each output pixel's rectangle, every source
  /// pixel's overlap with it, premultiplied linear light in Double, the exact sRGB curve.
  static func reference(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
    var output: [UInt8] = []
    let scaleX = Double(image.width) / Double(width)
    let scaleY = Double(image.height) / Double(height)
    for i in 0..<height {
      for j in 0..<width {
        let (left, right) = (Double(j) * scaleX, Double(j + 1) * scaleX)
        let (top, bottom) = (Double(i) * scaleY, Double(i + 1) * scaleY)
        var sum = SIMD4<Double>.zero
        var area = 0.0
        for y in Int(top)..<min(image.height, Int(bottom.rounded(.up))) {
          let shareY = min(bottom, Double(y + 1)) - max(top, Double(y))
          for x in Int(left)..<min(image.width, Int(right.rounded(.up))) {
            let share = (min(right, Double(x + 1)) - max(left, Double(x))) * shareY
            let p = image.pixel(x: x, y: y)
            let alpha = Double(p.a) / 255
            sum +=
              SIMD4(
                ColorSpace.decode(Double(p.r) / 255), ColorSpace.decode(Double(p.g) / 255),
                ColorSpace.decode(Double(p.b) / 255), 1) * alpha * share
            area += share
          }
        }
        let alpha = sum.w / area
        guard alpha > 0 else {
          output += [0, 0, 0, 0]
          continue
        }
        output += [
          ColorSpace.encodeByte(sum.x / sum.w), ColorSpace.encodeByte(sum.y / sum.w),
          ColorSpace.encodeByte(sum.z / sum.w), UInt8((alpha * 255).rounded()),
        ]
      }
    }
    return RGBAImage(width: width, height: height, pixels: output)!
  }

  static func noise(_ width: Int, _ height: Int, opaque: Bool, seed: UInt64) -> RGBAImage {
    var state = seed
    return DownscaleTests.image(width, height) { _, _ in
      (0..<4).map { channel in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return channel == 3 && opaque ? 255 : UInt8(truncatingIfNeeded: state >> 56)
      }
    }
  }

  @Test(arguments: [
    (64, 64, 12, 12), (50, 30, 7, 4), (13, 11, 12, 12), (3, 3, 7, 5), (100, 7, 9, 2),
  ])
  func matchesTheDefinitionWithinOneLevel(
    size: (width: Int, height: Int, toWidth: Int, toHeight: Int)
  ) {
    for opaque in [true, false] {
      let image = Self.noise(size.width, size.height, opaque: opaque, seed: UInt64(size.width))
      let fast = Downscale.resize(image, width: size.toWidth, height: size.toHeight)
      let slow = Self.reference(image, width: size.toWidth, height: size.toHeight)
      let worst = zip(fast.pixels, slow.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
      #expect(worst <= 1, "opaque \(opaque): off by \(worst)")
    }
  }

  @Test(arguments: [(64, 64, 12, 12), (13, 11, 12, 12), (1024, 1024, 12, 12), (3, 3, 7, 5)])
  func rgbPixelsGiveWhatOpaqueRGBAGives(
    size: (width: Int, height: Int, toWidth: Int, toHeight: Int)
  ) {
    let rgba = Self.noise(size.width, size.height, opaque: true, seed: 7)
    var rgb: [UInt8] = []
    for offset in stride(from: 0, to: rgba.pixels.count, by: 4) {
      rgb += rgba.pixels[offset..<(offset + 3)]
    }
    let pixels = PixelImage(width: size.width, height: size.height, channels: 3, pixels: rgb)!
    #expect(pixels.rgba == rgba)
    #expect(
      Downscale.resize(pixels, width: size.toWidth, height: size.toHeight)
        == Downscale.resize(rgba, width: size.toWidth, height: size.toHeight))
  }
}
