import Foundation
import IconCatalog
import Testing

@testable import IconRender

/// Hostile bundles: nothing outside the bundle is read or drawn, nothing huge is allocated,
/// nothing hangs, and every failure is an IconRenderError that names the file.
@Suite struct IconComposerSafetyTests {
  typealias F = IconBundleFixture
  static let blue = F.solid(0, 0, 1)

  /// A bundle whose one layer is `svg`, with a bright red PNG beside the bundle (outside it).
  func bundleWithOutsideRed(svg: String) throws -> (F, URL) {
    let icon = try F(
      F.json(fill: Self.blue, groups: [F.group([F.layer("art.svg")])]), svgs: ["art.svg": svg])
    let outside = icon.root.appendingPathComponent("outside.png")
    try Data(try F.png(width: 64, height: 64, (255, 0, 0, 255))).write(to: outside)
    return (icon, outside)
  }

  func svgDrawing(imageAttribute: String) -> String {
    """
    <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
    width="1024" height="1024"><image \(imageAttribute) x="0" y="0" width="1024" height="1024"/></svg>
    """
  }

  /// The drawing, or nil when it failed; either way it must not show the outside file.
  func renderedOrNil(_ icon: F) -> RGBAImage? {
    do { return try icon.render(pixels: 32) } catch { return nil }
  }

  @Test func anImageInsideTheAssetsFolderIsDrawn() throws {
    // The control: the same SVG reaching a file it may read does show red.
    let (icon, _) = try bundleWithOutsideRed(svg: svgDrawing(imageAttribute: #"href="red.png""#))
    try icon.write(asset: "red.png", try F.png(width: 64, height: 64, (255, 0, 0, 255)))
    #expect(try icon.render(pixels: 32).hasRed)
  }

  @Test(arguments: ["file-url-href", "absolute-xlink", "parent-relative", "absolute-href"])
  func anImageOutsideTheBundleIsNotDrawn(form: String) throws {
    let (icon, outside) = try bundleWithOutsideRed(svg: "")
    let attribute: String
    switch form {
    case "file-url-href": attribute = "href=\"\(outside.absoluteString)\""
    case "absolute-xlink": attribute = "xlink:href=\"\(outside.path)\""
    case "absolute-href": attribute = "href=\"\(outside.path)\""
    default: attribute = #"xlink:href="../../outside.png""#
    }
    try icon.write(asset: "art.svg", svg: svgDrawing(imageAttribute: attribute))
    if let image = renderedOrNil(icon) {
      #expect(!image.hasRed, "drew \(outside.path) through \(attribute)")
    }
  }

  @Test func aCSSURLOutsideTheBundleIsNotDrawn() throws {
    let (icon, outside) = try bundleWithOutsideRed(svg: "")
    try icon.write(
      asset: "art.svg",
      svg: """
        <svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">\
        <style>@import url("\(outside.absoluteString)");</style>\
        <rect width="1024" height="1024" fill="url(\(outside.absoluteString)#x)"/></svg>
        """)
    if let image = renderedOrNil(icon) { #expect(!image.hasRed) }
  }

  @Test(arguments: ["../outside.png", "/etc/passwd", "..", "Sub/art.svg", ""])
  func anImageNameThatIsAPathIsRefused(name: String) throws {
    let icon = try F(F.json(fill: Self.blue, groups: [F.group([F.layer(name)])]))
    #expect {
      try icon.render()
    } throws: { error in
      guard case .unsafeLayerImage(let file, let imageName, _) = error as? IconRenderError else {
        return false
      }
      return file.hasSuffix("Test.icon/icon.json") && imageName == name
    }
  }

  @Test func aSymbolicLinkOutOfTheBundleIsRefused() throws {
    let (icon, outside) = try bundleWithOutsideRed(svg: F.square(10, color: "#0f0"))
    try FileManager.default.createSymbolicLink(
      at: IconComposerBundle.assetURL(icon.bundle, imageName: "link.png"),
      withDestinationURL: outside)
    try icon.write(json: F.json(fill: Self.blue, groups: [F.group([F.layer("link.png")])]))
    #expect {
      try icon.render()
    } throws: { error in
      guard case .unsafeLayerImage(_, "link.png", let reason) = error as? IconRenderError else {
        return false
      }
      return reason.contains("outside the bundle")
    }
  }

  @Test func anAssetsFolderLinkedOutOfTheBundleIsRefused() throws {
    let icon = try F(F.json(fill: Self.blue, groups: [F.group([F.layer("art.svg")])]))
    let elsewhere = icon.root.appendingPathComponent("Elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    try Data(F.square(10, color: "#f00").utf8).write(
      to: elsewhere.appendingPathComponent("art.svg"))
    let assets = icon.bundle.appendingPathComponent("Assets")
    try FileManager.default.removeItem(at: assets)
    try FileManager.default.createSymbolicLink(at: assets, withDestinationURL: elsewhere)
    #expect(throws: IconRenderError.self) { try icon.render() }
    do {
      _ = try icon.render()
    } catch {
      guard case .unsafeLayerImage = error else {
        Issue.record("expected unsafeLayerImage, got \(error)")
        return
      }
    }
  }

  @Test func anIconJSONLinkedOutOfTheBundleIsRefused() throws {
    let icon = try F("{}")
    let outside = icon.root.appendingPathComponent("elsewhere.json")
    try Data(F.json(fill: F.solid(1, 0, 0), groups: []).utf8).write(to: outside)
    let document = IconComposerBundle.documentURL(icon.bundle)
    try FileManager.default.removeItem(at: document)
    try FileManager.default.createSymbolicLink(at: document, withDestinationURL: outside)
    #expect {
      try icon.render()
    } throws: { error in
      guard case .badIconJSON(let file, let reason) = error as? IconRenderError else {
        return false
      }
      return file == document.path && reason.contains("outside the bundle")
    }
  }

  @Test func aSymbolicLinkWithinTheBundleIsFollowed() throws {
    let icon = try F(
      F.json(fill: Self.blue, groups: [F.group([F.layer("alias.svg")])]),
      svgs: ["real.svg": F.square(400, color: "#00ff00")])
    try FileManager.default.createSymbolicLink(
      at: IconComposerBundle.assetURL(icon.bundle, imageName: "alias.svg"),
      withDestinationURL: IconComposerBundle.assetURL(icon.bundle, imageName: "real.svg"))
    #expect(near(try icon.render().at(points: 512, 512), (0, 255, 0, 255), tolerance: 0))
  }

  @Test(.timeLimit(.minutes(1))) func aFiftyMegabyteSVGIsRefusedUnread() throws {
    let icon = try F(F.json(fill: Self.blue, groups: [F.group([F.layer("huge.svg")])]))
    let file = IconComposerBundle.assetURL(icon.bundle, imageName: "huge.svg")
    try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">"#.utf8).write(
      to: file)
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: 50 << 20)
    try handle.close()
    let start = Date()
    #expect {
      try icon.render()
    } throws: { error in
      guard case .layerFileTooLarge(let path, let bytes, let limit) = error as? IconRenderError
      else { return false }
      return path.hasSuffix("Assets/huge.svg") && bytes == 50 << 20 && limit == 8 << 20
    }
    #expect(Date().timeIntervalSince(start) < 1)
  }

  @Test(.timeLimit(.minutes(1))) func aLayerScaledByABillionIsClamped() throws {
    let icon = try F(
      F.json(
        fill: Self.blue,
        groups: [
          F.group(
            [F.layer("green.svg", extra: F.position(scale: 1e9))],
            extra: F.position(scale: 1e9))
        ]),
      svgs: ["green.svg": F.square(100, color: "#00ff00")])
    let image = try icon.render(pixels: 32)
    // Clamped to 64 × 64 times 100 points: the canvas is all layer.
    #expect(near(image.at(points: 10, 10), (0, 255, 0, 255), tolerance: 0))
  }

  @Test(.timeLimit(.minutes(1))) func aHugeTranslationOrANaNScaleDrawsNothing() throws {
    let icon = try F(
      F.json(
        fill: Self.blue,
        groups: [
          F.group([
            F.layer("green.svg", extra: F.position(x: 1e300, y: -1e300)),
            F.layer("green.svg", extra: F.position(scale: 0)),
            F.layer("green.svg", extra: F.position(scale: -3)),
          ])
        ]),
      svgs: ["green.svg": F.square(100, color: "#00ff00")])
    let image = try icon.render(pixels: 32)
    #expect(near(image.at(points: 512, 512), (0, 0, 255, 255), tolerance: 0))
  }

  @Test(.timeLimit(.minutes(1))) func aDeeplyNestedSVGFailsOrDrawsWithoutHanging() throws {
    let depth = 20_000
    let svg =
      #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">"#
      + String(repeating: "<g>", count: depth) + #"<rect width="100" height="100"/>"#
      + String(repeating: "</g>", count: depth) + "</svg>"
    let icon = try F(
      F.json(fill: Self.blue, groups: [F.group([F.layer("deep.svg")])]), svgs: ["deep.svg": svg])
    do {
      _ = try icon.render(pixels: 32)
    } catch {
      guard case .badSVG(let file, _) = error else {
        Issue.record("expected badSVG, got \(error)")
        return
      }
      #expect(file.hasSuffix("Assets/deep.svg"))
    }
  }

  @Test(.timeLimit(.minutes(1)), arguments: ["mutual", "self"])
  func aUseCycleFailsOrDrawsWithoutHanging(form: String) throws {
    let body =
      form == "mutual"
      ? ##"<defs><use id="a" href="#b"/><use id="b" href="#a"/></defs><use href="#a"/>"##
      : ##"<g id="g"><rect width="10" height="10"/><use href="#g"/></g>"##
    let svg =
      #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">"# + body + "</svg>"
    let icon = try F(
      F.json(fill: Self.blue, groups: [F.group([F.layer("loop.svg")])]), svgs: ["loop.svg": svg])
    do {
      _ = try icon.render(pixels: 32)
    } catch {
      guard case .badSVG = error else {
        Issue.record("expected badSVG, got \(error)")
        return
      }
    }
  }

  @Test(.timeLimit(.minutes(1))) func entityExpansionIsBounded() throws {
    var entities = #"<!ENTITY a0 "hahahahahahahahahaha">"#
    for level in 1...12 {
      entities += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">"
    }
    let svg = """
      <?xml version="1.0"?><!DOCTYPE svg [\(entities)]>\
      <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&a12;</text></svg>
      """
    let icon = try F(
      F.json(fill: Self.blue, groups: [F.group([F.layer("laugh.svg")])]),
      svgs: ["laugh.svg": svg])
    do {
      _ = try icon.render(pixels: 16)
    } catch {
      guard case .badSVG = error else {
        Issue.record("expected badSVG, got \(error)")
        return
      }
    }
  }

  @Test(arguments: [
    "<svg><rect", "plain text, not markup", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
  ])
  func anSVGLibrsvgCannotUseIsAnError(text: String) throws {
    let icon = try F(
      F.json(fill: Self.blue, groups: [F.group([F.layer("broken.svg")])]),
      svgs: ["broken.svg": text])
    #expect {
      try icon.render()
    } throws: { error in
      guard case .badSVG(let file, let reason) = error as? IconRenderError else { return false }
      return file.hasSuffix("Assets/broken.svg") && !reason.isEmpty
        && (error as! IconRenderError).description.contains("broken.svg")
    }
  }

  @Test func aLayerThatIsNotAnImageIsAnError() throws {
    let icon = try F(
      F.json(fill: Self.blue, groups: [F.group([F.layer("art.png")])]),
      svgs: ["art.png": "version https://git-lfs.github.com/spec/v1\noid sha256:00\nsize 1\n"])
    #expect(
      throws: IconRenderError.unsupportedLayerImage(
        file: try realPath(IconComposerBundle.assetURL(icon.bundle, imageName: "art.png")),
        format: .gitLFSPointer)
    ) { try icon.render() }
    try icon.write(asset: "art.png", [UInt8](repeating: 7, count: 100))
    #expect(throws: IconRenderError.self) { try icon.render() }
  }

  @Test func aDamagedPNGLayerIsAnError() throws {
    let icon = try F(
      F.json(fill: Self.blue, groups: [F.group([F.layer("art.png")])]),
      assets: ["art.png": Array(try F.png(width: 40, height: 40, (1, 2, 3, 255)).prefix(60))])
    #expect {
      try icon.render()
    } throws: { error in
      guard case .corruptPNG(let file, _) = error as? IconRenderError else { return false }
      return file.hasSuffix("Assets/art.png")
    }
  }

  @Test func aTruncatedJPEGLayerIsAnErrorOrDrawsWithoutCrashing() throws {
    let icon = try F(
      F.json(fill: Self.blue, groups: [F.group([F.layer("cut.jpg")])]),
      assets: ["cut.jpg": Array(F.greenJPEG.prefix(F.greenJPEG.count / 2))])
    do {
      _ = try icon.render()
    } catch {
      guard case .badImage(let file, let reason) = error else {
        Issue.record("expected badImage, got \(error)")
        return
      }
      #expect(file.hasSuffix("Assets/cut.jpg") && !reason.isEmpty)
    }
  }

  @Test func aJPEGWithoutAFrameHeaderIsAnError() throws {
    let icon = try F(
      F.json(fill: Self.blue, groups: [F.group([F.layer("bare.jpg")])]),
      assets: ["bare.jpg": [0xFF, 0xD8, 0xFF, 0xD9] + [UInt8](repeating: 0, count: 20)])
    #expect {
      try icon.render()
    } throws: { error in
      guard case .badImage = error as? IconRenderError else { return false }
      return true
    }
  }

  @Test func aMissingLayerFileIsAnErrorNamingIt() throws {
    let icon = try F(F.json(fill: Self.blue, groups: [F.group([F.layer("gone.svg")])]))
    #expect {
      try icon.render()
    } throws: { error in
      guard case .unreadable(let file, _) = error as? IconRenderError else { return false }
      return file.hasSuffix("Test.icon/Assets/gone.svg")
    }
  }

  @Test func aFIFOLayerIsRefusedWithoutWaiting() throws {
    let icon = try F(F.json(fill: Self.blue, groups: [F.group([F.layer("pipe.svg")])]))
    #expect(
      mkfifo(IconComposerBundle.assetURL(icon.bundle, imageName: "pipe.svg").path, 0o644) == 0)
    #expect {
      try icon.render()
    } throws: { error in
      guard case .unreadable(_, let reason) = error as? IconRenderError else { return false }
      return reason == "not a regular file (a FIFO)"
    }
  }

  @Test(arguments: ["{\"groups\": [", "[1, 2]", ""])
  func aDamagedIconJSONIsAnError(json: String) throws {
    let icon = try F(json)
    #expect {
      try icon.render()
    } throws: { error in
      guard case .badIconJSON(let file, _) = error as? IconRenderError else { return false }
      return file.hasSuffix("Test.icon/icon.json")
    }
  }

  @Test func aMissingIconJSONIsAnError() throws {
    let icon = try F("{}")
    try FileManager.default.removeItem(at: IconComposerBundle.documentURL(icon.bundle))
    #expect(throws: IconRenderError.self) { try icon.render() }
  }

  @Test(arguments: [0, -1, 4097, Int.max])
  func aSizeOutsideTheLimitIsRefused(pixels: Int) throws {
    let icon = try F(F.json(fill: Self.blue, groups: []))
    #expect(throws: IconRenderError.sizeOutOfRange(pixels: pixels, limit: 4096)) {
      try icon.render(pixels: pixels)
    }
  }

  @Test func tooManyLayersAreRefused() throws {
    let layers = Array(repeating: F.layer("dot.svg"), count: 300)
    let icon = try F(
      F.json(fill: Self.blue, groups: [F.group(layers)]),
      svgs: ["dot.svg": F.square(10, color: "#0f0")])
    #expect {
      try icon.render()
    } throws: { error in
      guard case .tooManyLayers(_, 300, 256) = error as? IconRenderError else { return false }
      return true
    }
  }

  @Test func anOversizedJPEGHeaderIsRefusedBeforeDecoding() throws {
    // The frame header of the fixture JPEG says 16×16; patched to 60000×60000.
    var jpeg = F.greenJPEG
    let frame = try #require(
      (0..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
    jpeg.replaceSubrange((frame + 5)...(frame + 8), with: [0xEA, 0x60, 0xEA, 0x60])
    let icon = try F(
      F.json(fill: Self.blue, groups: [F.group([F.layer("big.jpg")])]), assets: ["big.jpg": jpeg])
    #expect {
      try icon.render()
    } throws: { error in
      guard case .tooLarge(_, 60000, 60000, 4096) = error as? IconRenderError else { return false }
      return true
    }
  }

  func realPath(_ url: URL) throws -> String {
    let resolved = try #require(realpath(url.path, nil))
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
