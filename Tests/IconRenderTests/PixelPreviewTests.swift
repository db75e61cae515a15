import Foundation
import IconCatalog
import Testing

@testable import IconRender

/// The picker's previews in real pixels, for terminals that show images.
@Suite struct PixelPreviewTests {
  /// An icon with a flat PNG for Any and another for Dark, `side` pixels square.
  func icon(in folder: URL, side: Int = 64) throws -> AppIcon {
    let any = folder.appendingPathComponent("any.png")
    let dark = folder.appendingPathComponent("dark.png")
    try PNGWriter.write(
      PNGFixtures.image(width: side, height: side) { _, _ in (200, 40, 10, 255) }, to: any)
    try PNGWriter.write(
      PNGFixtures.image(width: side, height: side) { _, _ in (10, 20, 90, 255) }, to: dark)
    return AppIcon(
      name: "AppIcon-Red", assetName: "AppIcon-Red", displayName: "Red", isPrimary: false,
      renditions: [
        IconRendition(file: any, idiom: "universal", pointSize: 1024, scale: 1),
        IconRendition(
          file: dark, idiom: "universal", pointSize: 1024, scale: 1, appearance: .dark),
      ])
  }

  @Test func theIconIsASquareCentredInThePixelsMaskedToTheHomeScreenShape() throws {
    let folder = try PNGFixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = PixelPreview.render(try icon(in: folder), width: 100, height: 60)
    #expect(result.problem == nil)
    let image = try #require(result.image)
    #expect(image.width == 100 && image.height == 60)
    // The square is 60 × 60 from column 20: the middle is the icon's colour, opaque.
    let middle = image.pixel(x: 50, y: 30)
    #expect(middle.r == 200 && middle.g == 40 && middle.b == 10 && middle.a == 255)
    #expect(image.pixel(x: 20, y: 30).a > 200)
    #expect(image.pixel(x: 79, y: 30).a > 200)
    // Outside the square, and in its corners (the rounded shape), nothing.
    #expect(image.pixel(x: 19, y: 30).a == 0)
    #expect(image.pixel(x: 80, y: 30).a == 0)
    #expect(image.pixel(x: 20, y: 0).a == 0)
    #expect(image.pixel(x: 79, y: 59).a == 0)
  }

  @Test func theLookPicksItsRenditionAndASmallPNGGrowsToThePane() throws {
    let folder = try PNGFixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = PixelPreview.render(
      try icon(in: folder, side: 16), width: 80, height: 80, appearance: .dark, look: .dark)
    let image = try #require(result.image)
    #expect(image.width == 80 && image.height == 80)
    let middle = image.pixel(x: 40, y: 40)
    #expect(middle.r == 10 && middle.g == 20 && middle.b == 90 && middle.a == 255)
  }

  @Test func anIconThatCannotBeDrawnSaysWhy() throws {
    let folder = try PNGFixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("broken.png")
    try Data("not a png".utf8).write(to: file)
    let broken = AppIcon(
      name: "AppIcon-Broken", assetName: "AppIcon-Broken", displayName: "Broken",
      isPrimary: false,
      renditions: [IconRendition(file: file, idiom: "universal", pointSize: 1024, scale: 1)])
    let result = PixelPreview.render(broken, width: 40, height: 40)
    #expect(result.image == nil)
    #expect(result.problem?.contains("broken.png") == true)
    let none = AppIcon(
      name: "AppIcon-None", assetName: "AppIcon-None", displayName: "None", isPrimary: false,
      renditions: [])
    #expect(PixelPreview.render(none, width: 40, height: 40).problem?.contains("no image") == true)
    #expect(PixelPreview.render(none, width: 0, height: 40).image == nil)
  }

  @Test func anIconComposerBundleIsDrawnOnceThenReadFromTheCache() throws {
    typealias F = IconBundleFixture
    let fixture = try F(
      F.json(fill: F.solid(0, 0, 1), groups: [F.group([F.layer("green.svg")])]),
      svgs: ["green.svg": F.square(512, color: "#00ff00")])
    let folder = try PNGFixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cache = ThumbnailCache(directory: folder)
    let drawn = try #require(
      PixelPreview.render(fixture.icon, width: 48, height: 32, cache: cache).image)
    #expect(drawn.width == 48 && drawn.height == 32)
    #expect(drawn.pixel(x: 24, y: 16).a == 255)
    #expect(drawn.pixel(x: 0, y: 16).a == 0)
    let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(entries.count == 1)
    // Read back from the cache: the same pixels.
    let cached = PixelPreview.render(fixture.icon, width: 48, height: 32, cache: cache)
    #expect(cached.image == drawn)
    // Another size is another entry.
    _ = PixelPreview.render(fixture.icon, width: 32, height: 32, cache: cache)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 2)
  }

  /// A PNG's preview is cached when it is a row's small thumbnail, and read back (the file
  /// changed under it is drawn again); a pane-sized one is not cached.
  @Test func aSmallPNGPreviewIsCachedAndALargeOneIsNot() throws {
    let folder = try PNGFixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cacheFolder = folder.appendingPathComponent("cache")
    let cache = ThumbnailCache(directory: cacheFolder)
    let icon = try icon(in: folder)
    let drawn = try #require(PixelPreview.render(icon, width: 60, height: 40, cache: cache).image)
    #expect(try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path).count == 1)
    #expect(PixelPreview.render(icon, width: 60, height: 40, cache: cache).image == drawn)
    // Another picture in the file: not the cached one.
    try PNGWriter.write(
      PNGFixtures.image(width: 32, height: 32) { _, _ in (5, 250, 5, 255) },
      to: folder.appendingPathComponent("any.png"))
    let redrawn = try #require(PixelPreview.render(icon, width: 60, height: 40, cache: cache).image)
    #expect(redrawn.pixel(x: 30, y: 20).g == 250)
    // A pane's size: drawn, not kept.
    let entries = try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path).count
    _ = PixelPreview.render(icon, width: 310, height: 280, cache: cache)
    #expect(try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path).count == entries)
  }
}
