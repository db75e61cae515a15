import Testing

@testable import IconRender

@Suite struct ImageFormatTests {
  private func sniff(_ bytes: [UInt8]) -> ImageFormat { ImageFormat.sniff(bytes[...]) }
  private func sniff(_ text: String) -> ImageFormat { sniff(Array(text.utf8)) }

  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  @Test func aPNGSignatureIsPNG() throws {
    let ihdr: [UInt8] = [0, 0, 0, 13] + Array("IHDR".utf8)
    #expect(sniff(Self.pngSignature + ihdr) == .png)
    #expect(sniff(try PNGFixtures.bytes("rgba8.png")) == .png)
  }

  @Test func aPartOfTheSignatureIsNot() {
    #expect(sniff(Array(Self.pngSignature.prefix(5))) == .unknown)
    #expect(sniff([0x89] + Array("PNG\r\n\u{1A}".utf8) + [0x00]) == .unknown)
  }

  @Test func anXcodeCrushedPNGIsCgBI() {
    let cgbi: [UInt8] = [0, 0, 0, 4] + Array("CgBI".utf8) + [0x50, 0, 0x20, 0x06]
    #expect(sniff(Self.pngSignature + cgbi) == .appleCgBI)
  }

  @Test func jpegGIFWebPAndTIFFByTheirMagic() {
    #expect(sniff([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8)) == .jpeg)
    #expect(sniff([0xFF, 0xD8, 0xFF, 0xE1, 0x12, 0x34] + Array("Exif".utf8)) == .jpeg)
    #expect(sniff("GIF89a\u{01}\u{00}") == .gif)
    #expect(sniff("GIF87a") == .gif)
    #expect(sniff(Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8)) == .webp)
    #expect(sniff(Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WAVEfmt ".utf8)) == .unknown)
    #expect(sniff([0x49, 0x49, 0x2A, 0x00, 0x08, 0, 0, 0]) == .tiff)
    #expect(sniff([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]) == .tiff)
  }

  @Test(arguments: ["heic", "heix", "mif1"])
  func heifBrandsAreHEIC(_ brand: String) {
    #expect(sniff([0, 0, 0, 0x18] + Array("ftyp\(brand)".utf8) + [0, 0, 0, 0]) == .heic)
  }

  @Test func otherISOMediaIsNotHEIC() {
    #expect(sniff([0, 0, 0, 0x18] + Array("ftypisom".utf8)) == .unknown)
  }

  @Test func svgMarkupIsSVG() {
    #expect(sniff("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"/>") == .svg)
    #expect(sniff("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg width=\"1024\">") == .svg)
    #expect(sniff([0xEF, 0xBB, 0xBF] + Array("\n  <!-- icon -->\n<SVG>".utf8)) == .svg)
  }

  @Test func otherXMLIsNotSVG() {
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0"><dict/></plist>
      """
    #expect(sniff(plist) == .unknown)
    #expect(sniff("svg is mentioned, but this is text <svg") == .unknown)
  }

  @Test func aGitLFSPointerIsNamed() {
    let pointer = """
      version https://git-lfs.github.com/spec/v1
      oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393
      size 12345

      """
    #expect(sniff(pointer) == .gitLFSPointer)
    #expect(
      sniff("version https://hawser.github.com/spec/v1\noid sha256:00\nsize 1\n") == .gitLFSPointer)
    #expect(sniff("version 2 of the icon") == .unknown)
  }

  @Test func nothingIsEmpty() {
    #expect(sniff([UInt8]()) == .empty)
  }

  @Test func aSliceIsSniffedFromItsOwnStart() {
    // A slice of a larger buffer keeps the larger buffer's indices.
    let buffer: [UInt8] = Array("junk".utf8) + [0xFF, 0xD8, 0xFF, 0xDB]
    #expect(ImageFormat.sniff(buffer[4...]) == .jpeg)
    #expect(ImageFormat.sniff(buffer[4..<4]) == .empty)
  }

  @Test func namesForPlaceholders() {
    #expect(ImageFormat.jpeg.name == "JPEG")
    #expect(ImageFormat.gitLFSPointer.name == "Git LFS pointer")
    #expect(ImageFormat.svg.article == "an SVG")
    #expect(ImageFormat.webp.article == "a WebP")
  }
}
