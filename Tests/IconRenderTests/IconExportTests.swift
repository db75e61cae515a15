import Foundation
import IconCatalog
import Testing

@testable import IconRender

/// IconExport and PNGWriter, and `.icon` previews in the Thumbnailer and its cache.
@Suite struct IconExportTests {
  typealias F = IconBundleFixture

  func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "iconpick-export-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A green square on blue.
  func greenOnBlue() throws -> F {
    try F(
      F.json(fill: F.solid(0, 0, 1), groups: [F.group([F.layer("green.svg")])]),
      svgs: ["green.svg": F.square(512, color: "#00ff00")])
  }

  // MARK: PNGWriter

  @Test func aWrittenPNGDecodesToTheSamePixels() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let image = PNGFixtures.image { x, y in (UInt8(x * 19), UInt8(y * 23), 200, UInt8(255 - x)) }
    let file = folder.appendingPathComponent("out.png")
    try PNGWriter.write(image, to: file)
    #expect(try PNGDecoder.decode(file: file) == image)
    // Written again over it, still one whole file and no temporary left behind.
    try PNGWriter.write(image, to: file)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.png"])
  }

  @Test func writingIntoAMissingFolderIsAnErrorNamingTheFile() throws {
    let file = URL(fileURLWithPath: "/nonexistent-iconpick-folder/out.png")
    #expect {
      try PNGWriter.write(PNGFixtures.image { _, _ in (0, 0, 0, 255) }, to: file)
    } throws: { error in
      guard case .unwritable(let path, _) = error as? IconRenderError else { return false }
      return path == file.path
    }
  }

  // MARK: IconExport

  @Test func anAppIconSetPNGIsExportedAt64AndRoundTrips() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let teal = AppIcon(
      name: "AppIcon-Teal", assetName: "AppIcon-Teal", displayName: "Teal", isPrimary: false,
      renditions: [
        IconRendition(
          file: PNGFixtures.paletteAppIconSets.appendingPathComponent(
            "AppIcon-Teal.appiconset/AppIcon-Teal.png"),
          idiom: "universal", pointSize: 1024, scale: 1, platform: "ios")
      ])
    let image = try IconExport.image(for: teal, appearance: .any, pixels: 64)
    #expect(image.width == 64 && image.height == 64)
    let middle = image.pixel(x: 32, y: 32)
    #expect(middle.a == 255 && middle.g > middle.r + 40 && middle.b > middle.r + 40)
    let file = folder.appendingPathComponent("teal-64.png")
    try PNGWriter.write(image, to: file)
    #expect(try PNGDecoder.decode(file: file) == image)
  }

  @Test func aSmallPNGIsExportedLarger() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("Icon.png")
    try Data(try F.png(width: 16, height: 16, (250, 100, 0, 255))).write(to: file)
    let icon = AppIcon(
      name: "Icon", assetName: nil, displayName: "Icon", isPrimary: true,
      renditions: [IconRendition(file: file, idiom: "iphone", pointSize: 16, scale: 1)])
    let image = try IconExport.image(for: icon, appearance: .any, pixels: 100)
    #expect(image.width == 100 && image.height == 100)
    for (x, y) in [(0, 0), (50, 50), (99, 99), (0, 99)] {
      #expect(near(image.pixel(x: x, y: y), (250, 100, 0, 255), tolerance: 1))
    }
  }

  @Test func anIconComposerBundleIsExportedAt64AndRoundTrips() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let icon = try greenOnBlue()
    let image = try IconExport.image(for: icon.icon, appearance: .any, pixels: 64)
    #expect(image.width == 64 && image.height == 64)
    #expect(near(image.pixel(x: 32, y: 32), (0, 255, 0, 255), tolerance: 0))
    // Unmasked by default: the full square, as an app icon PNG.
    #expect(near(image.pixel(x: 0, y: 0), (0, 0, 255, 255), tolerance: 0))
    let file = folder.appendingPathComponent("icon-64.png")
    try PNGWriter.write(image, to: file)
    #expect(try PNGDecoder.decode(file: file) == image)
    let masked = try IconExport.image(for: icon.icon, appearance: .any, pixels: 64, masked: true)
    #expect(masked.pixel(x: 0, y: 0).a == 0)
  }

  @Test func theExportFollowsTheAppearance() throws {
    let icon = try F(
      F.json(
        extra: """
          "fill-specializations": [{"value": \(F.solid(1, 0, 0))},
            {"appearance": "dark", "value": \(F.solid(0, 0, 1))}]
          """, groups: [F.group([F.layer("dot.svg")])]),
      svgs: ["dot.svg": F.square(8, color: "#fff")])
    let dark = try IconExport.image(for: icon.icon, appearance: .dark, pixels: 16)
    #expect(near(dark.pixel(x: 0, y: 0), (0, 0, 255, 255), tolerance: 0))
  }

  @Test func anExportSizeOutsideTheLimitIsRefused() throws {
    let icon = try greenOnBlue()
    #expect(throws: IconRenderError.sizeOutOfRange(pixels: 5000, limit: 4096)) {
      try IconExport.image(for: icon.icon, appearance: .any, pixels: 5000)
    }
  }

  @Test func anIconWithoutImagesIsAnExportError() throws {
    let icon = AppIcon(
      name: "Nothing", assetName: nil, displayName: "Nothing", isPrimary: true, renditions: [])
    #expect(throws: IconRenderError.self) {
      try IconExport.image(for: icon, appearance: .any, pixels: 64)
    }
  }

  // MARK: Thumbnails of .icon bundles

  /// The average foreground colour of the cells that have one.
  func averageColor(_ image: CellImage) -> (red: Int, green: Int, blue: Int, count: Int) {
    var sums = (red: 0, green: 0, blue: 0, count: 0)
    for cell in image.cells {
      if case .rgb(let red, let green, let blue) = cell.foreground {
        sums = (sums.red + Int(red), sums.green + Int(green), sums.blue + Int(blue), sums.count + 1)
      }
    }
    guard sums.count > 0 else { return sums }
    return (sums.red / sums.count, sums.green / sums.count, sums.blue / sums.count, sums.count)
  }

  @Test func anIconComposerBundleIsPreviewedNotRefusedAsSVG() throws {
    let icon = try F(
      F.json(fill: F.solid(0, 0, 1), groups: [F.group([F.layer("green.svg")])]),
      svgs: ["green.svg": F.square(1024, color: "#00ff00")])
    let result = Thumbnailer(mode: .truecolor, cache: nil).thumbnail(
      for: icon.icon, columns: 24, rows: 12)
    #expect(result.problem == nil)
    #expect(result.image.columns == 24 && result.image.rows == 12)
    // Masked like a PNG preview: the corners are blank.
    #expect(result.image[0, 0] == IconCell.blank)
    let color = averageColor(result.image)
    #expect(color.count > 200 && color.green > 240 && color.red < 10 && color.blue < 10)
  }

  @Test func eachAppearanceIsPreviewedInItsOwnColours() throws {
    let icon = try F(
      F.json(
        extra: """
          "fill-specializations": [{"value": \(F.solid(1, 0, 0))},
            {"appearance": "dark", "value": \(F.solid(0, 0, 1))}]
          """, groups: [F.group([F.layer("dot.svg")])]),
      svgs: ["dot.svg": F.square(8, color: "#fff")])
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let thumbnailer = Thumbnailer(mode: .truecolor, cache: ThumbnailCache(directory: folder))
    let light = thumbnailer.thumbnail(for: icon.icon, columns: 12, rows: 6, appearance: .any)
    let dark = thumbnailer.thumbnail(for: icon.icon, columns: 12, rows: 6, appearance: .dark)
    #expect(averageColor(light.image).red > 200)
    #expect(averageColor(dark.image).blue > 200)
  }

  @Test func aBrokenBundleIsAPlaceholderThatNamesTheFile() throws {
    let icon = try F(
      F.json(fill: F.solid(0, 0, 1), groups: [F.group([F.layer("broken.svg")])]),
      svgs: ["broken.svg": "<svg><rect"])
    let result = Thumbnailer(mode: .truecolor, cache: nil).thumbnail(
      for: icon.icon, columns: 12, rows: 6)
    let problem = try #require(result.problem)
    #expect(problem.contains("Assets/broken.svg"))
    #expect(!problem.contains("must be PNG"))
    #expect(!problem.contains("\n"))
    let text = result.image.cells.map { String($0.glyph) }.joined()
    #expect(text.contains("SVG"))
  }

  @Test func aDamagedIconJSONIsAPlaceholderThatNamesIt() throws {
    let icon = try F("{\"groups\": 7")
    let result = Thumbnailer(mode: .truecolor, cache: nil).thumbnail(
      for: icon.icon, columns: 12, rows: 6)
    #expect(result.problem?.contains("Test.icon/icon.json") == true)
    #expect(result.image.cells.map { String($0.glyph) }.joined().contains("JSON"))
  }

  @Test func editingALayerFileChangesTheCacheKeyAndThePreview() throws {
    let icon = try greenOnBlue()
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sources = Thumbnailer.sourceFiles(in: icon.bundle)
    #expect(sources.map(\.lastPathComponent) == ["icon.json", "green.svg"])
    let before = try #require(ThumbnailCache.Key(sources: sources, parameters: "p"))
    #expect(ThumbnailCache.Key(sources: sources, parameters: "p") == before)

    let thumbnailer = Thumbnailer(mode: .truecolor, cache: ThumbnailCache(directory: folder))
    let first = thumbnailer.thumbnail(for: icon.icon, columns: 12, rows: 6)
    // A green square on blue: no red at all.
    #expect(averageColor(first.image).green > 40 && averageColor(first.image).red < 5)

    // The same file name, now red (and a different size).
    try icon.write(asset: "green.svg", svg: F.square(1024, color: "#ff0000") + "\n")
    let after = try #require(ThumbnailCache.Key(sources: sources, parameters: "p"))
    #expect(after != before)
    let second = thumbnailer.thumbnail(for: icon.icon, columns: 12, rows: 6)
    #expect(averageColor(second.image).red > 200)
  }

  @Test func theSecondPreviewOfABundleComesFromTheCache() throws {
    let icon = try greenOnBlue()
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cache = ThumbnailCache(directory: folder)
    let thumbnailer = Thumbnailer(mode: .truecolor, cache: cache)
    let first = thumbnailer.thumbnail(for: icon.icon, columns: 12, rows: 6)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1)
    // Stand a different image in the cache entry: the preview now comes from it.
    let key = try #require(
      ThumbnailCache.Key(
        sources: Thumbnailer.sourceFiles(in: icon.bundle),
        parameters: "12x6 truecolor ascii=false light icon-v3"))
    let stand = IconRenderer.placeholder(columns: 12, rows: 6, label: "C")
    // The entry: the note's length (0: none), then the cells.
    cache.store([0, 0, 0, 0] + CellImageCoding.encode(stand), for: key)
    let second = thumbnailer.thumbnail(for: icon.icon, columns: 12, rows: 6)
    #expect(second.image == stand)
    #expect(first.image != stand)
  }

  @Test func whatWasLeftOutIsSaidByTheFirstPreviewAndTheCachedOne() throws {
    let icon = try F(
      F.json(fill: F.solid(0, 0, 1), groups: [F.group([F.layer("odd.svg")])]),
      svgs: [
        "odd.svg": """
        <svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">\
        <filter id="odd"><feFancyGlow/></filter>\
        <rect width="1024" height="1024" fill="#00ff00" filter="url(#odd)"/></svg>
        """
      ])
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let thumbnailer = Thumbnailer(mode: .truecolor, cache: ThumbnailCache(directory: folder))
    let first = thumbnailer.thumbnail(for: icon.icon, columns: 12, rows: 6)
    let second = thumbnailer.thumbnail(for: icon.icon, columns: 12, rows: 6)
    for result in [first, second] {
      #expect(result.problem == nil)
      #expect(result.note?.contains("odd.svg: filter #odd uses feFancyGlow") == true)
      // Drawn, green, without the filter.
      #expect(averageColor(result.image).green > 200)
    }
  }

  @Test func aMissingLayerIsPartOfTheKeyAsMissing() throws {
    let icon = try greenOnBlue()
    let sources = [
      IconComposerBundle.documentURL(icon.bundle),
      IconComposerBundle.assetURL(icon.bundle, imageName: "gone.svg"),
    ]
    let key = try #require(ThumbnailCache.Key(sources: sources, parameters: "p"))
    #expect(key.text.contains("gone.svg\nmissing"))
    #expect(ThumbnailCache.Key(sources: Array(sources.reversed()), parameters: "p") == nil)
  }

  @Test func everyNewErrorHasAShortLabel() {
    let errors: [IconRenderError] = [
      .badIconJSON(file: "f", reason: "r"),
      .unsafeLayerImage(file: "f", imageName: "../x", reason: "r"),
      .layerFileTooLarge(file: "f", bytes: 9, limit: 8),
      .unsupportedLayerImage(file: "f", format: .gif),
      .badSVG(file: "f", reason: "r"),
      .badImage(file: "f", reason: "r"),
      .tooManyLayers(file: "f", count: 300, limit: 256),
      .sizeOutOfRange(pixels: 0, limit: 4096),
      .drawingFailed(file: "f", reason: "r"),
      .unwritable(file: "f", reason: "r"),
    ]
    for error in errors {
      let label = Thumbnailer.label(for: error)
      #expect(!label.isEmpty && label.count <= 6)
      #expect(!error.description.contains("\n"))
    }
    #expect(Thumbnailer.label(for: .badSVG(file: "f", reason: "r")) == "SVG")
    #expect(
      Thumbnailer.label(for: .unsafeLayerImage(file: "f", imageName: "x", reason: "r")) == "unsafe")
  }
}

@Suite struct IconComposerCacheKeyTests {
  @Test func editingIconJSONOrAddingALayerFileChangesTheKey() throws {
    let icon = try IconBundleFixture(
      IconBundleFixture.json(
        fill: IconBundleFixture.solid(0, 0, 1),
        groups: [IconBundleFixture.group([IconBundleFixture.layer("a.svg")])]),
      svgs: ["a.svg": IconBundleFixture.square(400, color: "#00ff00")])
    let before = try #require(
      ThumbnailCache.Key(sources: Thumbnailer.sourceFiles(in: icon.bundle), parameters: "p"))
    try icon.write(asset: "b.svg", svg: IconBundleFixture.square(10, color: "#ff0000"))
    let added = try #require(
      ThumbnailCache.Key(sources: Thumbnailer.sourceFiles(in: icon.bundle), parameters: "p"))
    #expect(added != before)
    try Data("{\"groups\": []}\n\n".utf8).write(to: IconComposerBundle.documentURL(icon.bundle))
    let edited = try #require(
      ThumbnailCache.Key(sources: Thumbnailer.sourceFiles(in: icon.bundle), parameters: "p"))
    #expect(edited != added)
  }
}
