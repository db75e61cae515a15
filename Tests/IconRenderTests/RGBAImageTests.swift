import Testing

@testable import IconRender

@Suite struct RGBAImageTests {
  @Test func pixelsAreAddressedRowByRow() throws {
    let image = try #require(
      RGBAImage(width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6, 7, 8]))
    #expect(image.pixel(x: 1, y: 0) == (5, 6, 7, 8))
  }

  @Test func aBufferOfTheWrongSizeIsRefused() {
    #expect(RGBAImage(width: 2, height: 2, pixels: [0, 0, 0, 0]) == nil)
    #expect(RGBAImage(width: 0, height: 1, pixels: []) == nil)
  }
}
