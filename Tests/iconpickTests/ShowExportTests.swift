import Foundation
import IconRender
import Testing

/// `iconpick show --output FILE.png [--pixels N] [--appearance A]`, and `--appearance` for the
/// terminal preview, run as the binary.
@Suite struct ShowExportTests {
  func show(_ arguments: [String], in scratch: Scratch) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    try runProcess(
      iconpickBinary().path,
      ["show"] + arguments + ["--state-dir", scratch.file("state").path],
      environment: [
        "LANG": "C.UTF-8", "TERM": "xterm-256color", "HOME": scratch.url.path,
        "XDG_CACHE_HOME": scratch.file("cache").path,
      ])
  }

  /// The mean colour of the pixels in the middle of the image's top-left quarter: the
  /// background of Palette's icons, away from the shape in the middle.
  func background(_ image: RGBAImage) -> (r: Double, g: Double, b: Double) {
    var sum = (0.0, 0.0, 0.0)
    var count = 0.0
    for y in (image.height / 8)..<(image.height / 4) {
      for x in (image.width / 8)..<(image.width / 4) {
        let pixel = image.pixel(x: x, y: y)
        sum.0 += Double(pixel.r)
        sum.1 += Double(pixel.g)
        sum.2 += Double(pixel.b)
        count += 1
      }
    }
    return (sum.0 / count, sum.1 / count, sum.2 / count)
  }

  @Test func anIconComposerIconIsWrittenAsAPNGOfTheAskedSize() throws {
    let scratch = try Scratch()
    let file = scratch.file("green.png")
    let result = try show(
      ["AppIcon-Green", paletteFolder().path, "--output", file.path, "--pixels", "96"], in: scratch)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    let image = try PNGDecoder.decode(file: file)
    #expect(image.width == 96 && image.height == 96)
    // AppIcon-Green is green.
    let colour = background(image)
    #expect(colour.g > colour.r + 40 && colour.g > colour.b + 40, "\(colour)")
  }

  @Test func theDefaultSizeIs1024() throws {
    let scratch = try Scratch()
    let file = scratch.file("default.png")
    let result = try show(["AppIcon", paletteFolder().path, "-o", file.path], in: scratch)
    #expect(result.status == 0, "\(result.stderr)")
    let image = try PNGDecoder.decode(file: file)
    #expect(image.width == 1024 && image.height == 1024)
  }

  @Test func anIconSetPNGIsResizedToTheAskedSize() throws {
    let scratch = try Scratch()
    let file = scratch.file("blue.png")
    let result = try show(
      ["AppIcon-Blue", paletteAppIconSetsFolder().path, "--output=\(file.path)", "--pixels=40"],
      in: scratch)
    #expect(result.status == 0, "\(result.stderr)")
    let image = try PNGDecoder.decode(file: file)
    #expect(image.width == 40 && image.height == 40)
    let colour = background(image)
    #expect(colour.b > colour.r + 30, "\(colour)")
  }

  @Test func eachAppearanceIsDrawnFromTheBundlesSpecializations() throws {
    let scratch = try Scratch()
    var colours: [String: (r: Double, g: Double, b: Double)] = [:]
    for appearance in ["light", "dark", "tinted"] {
      let file = scratch.file("\(appearance).png")
      let result = try show(
        [
          "AppIcon-Orange", paletteFolder().path, "--appearance", appearance, "--output",
          file.path, "--pixels", "64",
        ], in: scratch)
      #expect(result.status == 0, "\(result.stderr)")
      colours[appearance] = background(try PNGDecoder.decode(file: file))
    }
    let light = try #require(colours["light"])
    let dark = try #require(colours["dark"])
    let tinted = try #require(colours["tinted"])
    // Dark is darker than light; tinted has almost no colour of its own.
    #expect(dark.r + dark.g + dark.b < light.r + light.g + light.b - 100, "\(dark) \(light)")
    #expect(light.r > light.b + 60, "\(light)")
    #expect(abs(tinted.r - tinted.b) < 40 && abs(tinted.r - tinted.g) < 40, "\(tinted)")
  }

  @Test func theTerminalPreviewTakesAnAppearanceToo() throws {
    let scratch = try Scratch()
    let light = try show(
      ["AppIcon-Teal", paletteFolder().path, "--size", "8x4", "--color", "256"], in: scratch)
    let dark = try show(
      [
        "AppIcon-Teal", paletteFolder().path, "--size", "8x4", "--color", "256", "--appearance",
        "dark",
      ], in: scratch)
    #expect(light.status == 0 && dark.status == 0, "\(light.stderr) \(dark.stderr)")
    #expect(light.stdout.contains("\u{1B}[38;5;"))
    #expect(light.stdout != dark.stdout)
  }

  @Test func aBrokenBundleWritesNothingAndSaysWhy() throws {
    let scratch = try Scratch()
    let app = scratch.file("App")
    try FileManager.default.createDirectory(
      at: app.appendingPathComponent("Broken.icon"), withIntermediateDirectories: true)
    try Data("{ not json".utf8).write(to: app.appendingPathComponent("Broken.icon/icon.json"))
    try Data(
      "ASSETCATALOG_COMPILER_APPICON_NAME = Broken\nPRODUCT_BUNDLE_IDENTIFIER = dev.x\n".utf8
    )
    .write(to: app.appendingPathComponent("App.xcconfig"))
    let plist = try PropertyListSerialization.data(
      fromPropertyList: ["CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)"], format: .xml,
      options: 0)
    try plist.write(to: app.appendingPathComponent("Info.plist"))
    let file = scratch.file("broken.png")
    let result = try show(["Broken", app.path, "--output", file.path], in: scratch)
    #expect(result.status == 1)
    #expect(result.stderr.contains("icon.json"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }

  @Test(
    arguments: [
      ["--pixels", "64"], ["--output", "x.png", "--pixels", "0"],
      ["--output", "x.png", "--pixels", "5000"], ["--appearance", "purple"],
      ["--output", "x.png", "--size", "8x4"],
    ])
  func badExportOptionsAreUsageErrors(arguments: [String]) throws {
    let scratch = try Scratch()
    let result = try show([paletteFolder().path] + arguments, in: scratch)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("iconpick: "))
  }
}

/// PATH as one `.icon` bundle, with no project around it; `--square`; the looks.
@Suite struct LoneIconBundleTests {
  let export = ShowExportTests()

  var green: URL { paletteFolder().appendingPathComponent("AppIcons/AppIcon-Green.icon") }

  @Test func aLoneIconIsExportedCutToTheRoundedSquare() throws {
    let scratch = try Scratch()
    let file = scratch.file("green.png")
    let result = try export.show(
      [green.path, "--output", file.path, "--pixels", "64"], in: scratch)
    #expect(result.status == 0, "\(result.stderr)")
    let image = try PNGDecoder.decode(file: file)
    #expect(image.width == 64 && image.height == 64)
    // As Icon Composer exports it: transparent corners, opaque inside.
    #expect(image.pixel(x: 0, y: 0).a == 0)
    #expect(image.pixel(x: 32, y: 32).a == 255)
    let colour = export.background(image)
    #expect(colour.g > colour.r + 40, "\(colour)")
  }

  @Test func squareWritesTheUncutSquare() throws {
    let scratch = try Scratch()
    let file = scratch.file("square.png")
    let result = try export.show(
      [green.path, "--output", file.path, "--pixels", "64", "--square"], in: scratch)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try PNGDecoder.decode(file: file).pixel(x: 0, y: 0).a == 255)
  }

  @Test func squareWithoutOutputIsAUsageError() throws {
    let scratch = try Scratch()
    let result = try export.show([green.path, "--square"], in: scratch)
    #expect(result.status == 2)
    #expect(result.stderr.contains("--square"), "\(result.stderr)")
  }

  @Test func theClearAndTintedLightLooksAreDrawn() throws {
    let scratch = try Scratch()
    var centres: [String: (UInt8, UInt8, UInt8)] = [:]
    for look in ["clear-light", "clear-dark", "tinted-light", "tinted"] {
      let file = scratch.file("\(look).png")
      let result = try export.show(
        [green.path, "--output", file.path, "--pixels", "64", "--appearance", look], in: scratch)
      #expect(result.status == 0, "\(look): \(result.stderr)")
      let pixel = try PNGDecoder.decode(file: file).pixel(x: 12, y: 32)
      centres[look] = (pixel.r, pixel.g, pixel.b)
    }
    // Clear looks are grey; the tinted ones lean blue; clear light is lighter than clear dark.
    let clearLight = try #require(centres["clear-light"])
    let clearDark = try #require(centres["clear-dark"])
    #expect(clearLight.0 == clearLight.1 && clearLight.1 == clearLight.2)
    #expect(clearLight.0 > clearDark.0)
    let tintedLight = try #require(centres["tinted-light"])
    #expect(tintedLight.2 > tintedLight.0)
  }

  @Test func aLoneIconIsChecked() throws {
    let scratch = try Scratch()
    let result = try runProcess(
      iconpickBinary().path, ["check", green.path],
      environment: ["LANG": "C.UTF-8", "HOME": scratch.url.path])
    #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
    #expect(!result.stdout.contains("primary-not-found"), "\(result.stdout)")
  }
}
