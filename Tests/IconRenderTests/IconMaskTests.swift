import Testing

@testable import IconRender

@Suite struct IconMaskTests {
  @Test(arguments: [12, 24, 40, 180])
  func theShapeIsOpaqueInTheMiddleClearInTheCornersAndSoftAtTheEdge(side: Int) {
    let mask = IconMask.coverage(width: side, height: side)
    func at(_ x: Int, _ y: Int) -> Float { mask[y * side + x] }
    #expect(mask.count == side * side)
    for (x, y) in [(0, 0), (side - 1, 0), (0, side - 1), (side - 1, side - 1)] {
      // The corner cuts in about 6.5% of the side along the diagonal, as on a home screen: at
      // 12 px that is under a pixel, so the corner pixel is only slightly covered (1/16).
      #expect(at(x, y) < 0.1)
      if side >= 24 { #expect(at(x, y) == 0) }
    }
    #expect(at(side / 2, side / 2) == 1)
    // The sides' midpoints touch the square's edge: a superellipse, not a circle.
    #expect(at(0, side / 2) > 0.5)
    // Anti-aliased: some pixels along the rounded corners are partly covered.
    #expect(mask.contains { $0 > 0 && $0 < 1 })
    #expect(mask.allSatisfy { $0 >= 0 && $0 <= 1 })
  }

  @Test(arguments: [(12, 12), (7, 7), (24, 24), (9, 14)])
  func theShapeIsSymmetric(size: (width: Int, height: Int)) {
    let (width, height) = size
    let mask = IconMask.coverage(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        let value = mask[y * width + x]
        #expect(value == mask[y * width + (width - 1 - x)])
        #expect(value == mask[(height - 1 - y) * width + x])
        if width == height { #expect(value == mask[x * width + y]) }
      }
    }
  }

  @Test func theCornerIsRoundedLikeAnIconNotCutLikeASquare() {
    // At 24 px the home-screen corner clears about two pixels along each side.
    let mask = IconMask.coverage(width: 24, height: 24)
    #expect(mask[0 * 24 + 1] < 0.5)
    #expect(mask[0 * 24 + 6] > 0.5)
    #expect(mask[1 * 24 + 1] > 0)
  }

  @Test func applyingTheMaskScalesAlphaAndKeepsColour() {
    let side = 12
    let pixels = (0..<(side * side)).flatMap { _ in [10, 200, 30, 200] as [UInt8] }
    let image = RGBAImage(width: side, height: side, pixels: pixels)!
    let masked = IconMask.apply(to: image)
    let mask = IconMask.coverage(width: side, height: side)
    for index in 0..<(side * side) {
      let pixel = masked.pixel(x: index % side, y: index / side)
      #expect(pixel.r == 10 && pixel.g == 200 && pixel.b == 30)
      #expect(pixel.a == UInt8((200 * mask[index]).rounded()))
    }
    #expect(masked.pixel(x: 0, y: 0).a < 128)  // hidden in cells
    #expect(masked.pixel(x: 6, y: 6).a == 200)
  }
}
