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
