import Foundation
import IconCatalog
import Testing

@testable import IconRender

@Suite struct ThumbnailerTests {
  /// The PNG icon sets of Tests/Fixtures/PaletteAppIconSets.
  static let palette = PNGFixtures.paletteAppIconSets

  func icon(_ name: String, file: URL) -> AppIcon {
    AppIcon(
      name: name, assetName: name, displayName: name, isPrimary: false,
      renditions: [
        IconRendition(file: file, idiom: "universal", pointSize: 1024, scale: 1, platform: "ios")
      ])
  }

  func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "iconpick-thumbnailer-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func theTealIconIsTealInTheMiddleAndClearInTheCorners() throws {
    let teal = icon(
      "AppIcon-Teal",
      file: Self.palette.appendingPathComponent("AppIcon-Teal.appiconset/AppIcon-Teal.png"))
    let result = Thumbnailer(mode: .truecolor, cache: nil).thumbnail(
      for: teal, columns: 24, rows: 12)
    #expect(result.problem == nil)
    #expect(result.image.columns == 24 && result.image.rows == 12)
    #expect(result.image[0, 0] == IconCell.blank)
    #expect(result.image[11, 23] == IconCell.blank)
    // Averaged over the shape, the icon is teal: green and blue well above red.
    var sums = (red: 0, green: 0, blue: 0, count: 0)
    for cell in result.image.cells {
      if case .rgb(let red, let green, let blue) = cell.foreground {
        sums = (sums.red + Int(red), sums.green + Int(green), sums.blue + Int(blue), sums.count + 1)
      }
    }
    #expect(sums.count > 200)
    #expect(sums.green > sums.red + 40 * sums.count && sums.blue > sums.red + 40 * sums.count)
  }

  @Test func theSecondCallComesFromTheCache() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("Icon.png")
    try FileManager.default.copyItem(
      at: Self.palette.appendingPathComponent("AppIcon-Blue.appiconset/AppIcon-Blue.png"),
      to: source)
    let cache = ThumbnailCache(directory: folder.appendingPathComponent("cache"))
    let thumbnailer = Thumbnailer(mode: .palette256, cache: cache)
    let first = thumbnailer.thumbnail(for: icon("Blue", file: source), columns: 6, rows: 3)
    #expect(try FileManager.default.contentsOfDirectory(atPath: cache.directory.path).count == 1)
    // With the source made undecodable but its identity unchanged, only the cache can answer.
    let key = try #require(ThumbnailCache.Key(source: source, parameters: "6x3 256 ascii=false v1"))
    #expect(cache.load(key).flatMap(CellImageCoding.decode) == first.image)
    let second = thumbnailer.thumbnail(for: icon("Blue", file: source), columns: 6, rows: 3)
    #expect(second.image == first.image)
  }

  @Test func aJPEGNamedPngIsAMarkedPlaceholder() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("Icon.png")
    try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46, 0]).write(to: file)
    let result = Thumbnailer(mode: .truecolor, cache: nil).thumbnail(
      for: icon("Photo", file: file), columns: 12, rows: 6)
    #expect(result.problem?.contains("JPEG") == true)
    #expect(result.image == IconRenderer.placeholder(columns: 12, rows: 6, label: "JPEG"))
  }

  @Test func anIconWithoutFilesIsAPlaceholder() {
    let empty = AppIcon(
      name: "Gone", assetName: nil, displayName: "Gone", isPrimary: false, renditions: [])
    let result = Thumbnailer(mode: .none, cache: nil).thumbnail(for: empty, columns: 6, rows: 2)
    #expect(result.problem == "Gone has no image file")
  }

  @Test func cellImagesSurviveTheCacheEncoding() {
    var image = CellImage(columns: 2, rows: 1)
    image[0, 0] = IconCell(glyph: "▀", foreground: .rgb(1, 2, 3), background: .indexed(200))
    image[0, 1] = IconCell(glyph: "x", foreground: .terminalDefault, background: .rgb(9, 9, 9))
    let bytes = CellImageCoding.encode(image)
    #expect(CellImageCoding.decode(bytes) == image)
    #expect(CellImageCoding.decode(Array(bytes.dropLast())) == nil)
    #expect(CellImageCoding.decode(bytes + [0]) == nil)
  }

  @Test func runsOfOneGlyphDecodeCellByCellAndABadGlyphAfterARunIsRefused() throws {
    var image = CellImage(columns: 5, rows: 2)
    let glyphs: [Character] = ["▀", "▀", "▀", "▄", "▄", " ", "▀", "é", "é", "▀"]
    for (index, glyph) in glyphs.enumerated() {
      image[index / 5, index % 5] = IconCell(
        glyph: glyph, foreground: .indexed(UInt8(index)), background: .rgb(0, UInt8(index), 9))
    }
    let bytes = CellImageCoding.encode(image)
    #expect(CellImageCoding.decode(bytes) == image)
    // The third ▀ of the run (after 8 bytes of size and two 10-byte cells) made invalid UTF-8.
    var damaged = bytes
    let third = 8 + 2 * (1 + 3 + 2 + 4)
    #expect(damaged[third] == 3)
    damaged[third + 1] = 0xFF
    #expect(CellImageCoding.decode(damaged) == nil)
  }
}
