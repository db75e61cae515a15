import Foundation
import IconRender
import TestSupport
import Testing

/// `show --graphics`: each protocol's bytes decoded back into the icon, the cursor left on the
/// line below, and `auto` in a pipe writing exactly what `cells` does.
@Suite struct ShowGraphicsTests {
  func show(_ arguments: [String], environment extra: [String: String] = [:]) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    let state = try Scratch()
    var environment = [
      "LANG": "C.UTF-8", "TERM": "xterm-256color", "HOME": state.url.path,
      "XDG_CACHE_HOME": state.file("cache").path,
    ]
    environment.merge(extra) { $1 }
    return try runProcess(
      iconpickBinary().path,
      ["show"] + arguments + ["--state-dir", state.file("state").path], environment: environment)
  }

  /// The icon's PNG at `side` pixels (nearest sample of each pixel's centre), cut to the
  /// home-screen shape: what a preview of it should look like.
  func reference(_ name: String, side: Int) throws -> RGBAImage {
    let file = paletteAppIconSetsFolder().appendingPathComponent(
      "Assets.xcassets/\(name).appiconset/\(name).png")
    let source = try PNGDecoder.decode(file: file)
    var pixels = [UInt8](repeating: 0, count: side * side * 4)
    for y in 0..<side {
      for x in 0..<side {
        let sx = (2 * x + 1) * source.width / (2 * side)
        let sy = (2 * y + 1) * source.height / (2 * side)
        let from = (sy * source.width + sx) * 4
        pixels.replaceSubrange(
          (y * side + x) * 4..<(y * side + x) * 4 + 4, with: source.pixels[from..<from + 4])
      }
    }
    return IconMask.apply(to: RGBAImage(width: side, height: side, pixels: pixels)!)
  }

  /// The bytes around the image: room made with newlines, back up, save; restore, down.
  func expectFramed(_ output: String, rows: Int) {
    #expect(output.hasPrefix(String(repeating: "\n", count: rows) + "\u{1B}[\(rows)A\r\u{1B}7"))
    #expect(output.hasSuffix("\u{1B}8\u{1B}[\(rows)B\r"))
  }

  @Test func kittyShowsTheIconsPixels() throws {
    let result = try show([
      "AppIcon-Teal", paletteAppIconSetsFolder().path, "--size", "12x6", "--graphics", "kitty",
    ])
    #expect(result.status == 0)
    expectFramed(result.stdout, rows: 6)
    let decoded = ImageDecoding.kitty(Array(result.stdout.utf8))
    #expect(decoded.keys["c"] == "12")
    #expect(decoded.keys["r"] == "6")
    // Not a terminal: the stated default cell, 10×20 px, so 120×120 px.
    let image = try #require(decoded.image)
    #expect(image.width == 120 && image.height == 120)
    let teal = ImageDecoding.compare(image, with: try reference("AppIcon-Teal", side: 120))
    let pink = ImageDecoding.compare(image, with: try reference("AppIcon-Pink", side: 120))
    #expect(teal.meanError < 6, "\(teal.meanError)")
    #expect(teal.paintedOutside < 200)
    #expect(pink.meanError > 3 * teal.meanError + 10, "another icon is not told apart")
  }

  @Test func itermShowsTheIconsPixels() throws {
    let result = try show(
      ["AppIcon-Pink", paletteAppIconSetsFolder().path, "--size", "12x6"],
      environment: ["ICONPICK_GRAPHICS": "iterm"])
    #expect(result.status == 0)
    expectFramed(result.stdout, rows: 6)
    let decoded = ImageDecoding.iterm(Array(result.stdout.utf8))
    #expect(decoded.arguments["width"] == "12")
    #expect(decoded.arguments["height"] == "6")
    let image = try #require(decoded.image)
    let error = ImageDecoding.compare(image, with: try reference("AppIcon-Pink", side: 120))
    #expect(error.meanError < 6, "\(error.meanError)")
  }

  @Test func sixelShowsTheIconsPixels() throws {
    // A wide placement: the square icon is centred, the sides stay transparent.
    let result = try show([
      "AppIcon-Blue", paletteAppIconSetsFolder().path, "--size", "18x6", "--graphics", "sixel",
    ])
    #expect(result.status == 0)
    expectFramed(result.stdout, rows: 6)
    let decoded = ImageDecoding.sixel(Array(result.stdout.utf8))
    #expect(decoded.parameters.count >= 2 && decoded.parameters[1] == 1)
    let image = try #require(decoded.image)
    #expect(image.width == 180 && image.height == 120)
    var square = [UInt8]()
    for row in 0..<120 {
      let start = (row * 180 + 30) * 4
      square += image.pixels[start..<start + 120 * 4]
      // Nothing painted left or right of the square.
      #expect(image.pixels[(row * 180) * 4..<start].allSatisfy { $0 == 0 })
    }
    let error = ImageDecoding.compare(
      RGBAImage(width: 120, height: 120, pixels: square)!,
      with: try reference("AppIcon-Blue", side: 120))
    #expect(error.meanError < 8, "\(error.meanError)")
    #expect(error.paintedOutside < 200)
  }

  /// 5 rows of the default 20 px cell are 100 pixel rows, not whole sixel bands: the image is
  /// padded to 102 with transparent rows, so its last rows show (they were cut to 96), and `show`
  /// makes room for the row the padding reaches, so the image never scrolls the screen.
  @Test func sixelShowsEveryRowAndMakesRoomForTheLastBand() throws {
    let result = try show([
      "AppIcon-Blue", paletteAppIconSetsFolder().path, "--size", "10x5", "--graphics", "sixel",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix(String(repeating: "\n", count: 6) + "\u{1B}[6A\r\u{1B}7"))
    #expect(result.stdout.hasSuffix("\u{1B}8\u{1B}[5B\r"))
    let image = try #require(ImageDecoding.sixel(Array(result.stdout.utf8)).image)
    #expect(image.width == 100 && image.height == 102)
    // The icon's bottom row, in the middle, is painted; the padding below it is not.
    #expect(image.pixels[(99 * 100 + 50) * 4 + 3] == 255)
    #expect(image.pixels[(100 * 100 * 4)...].allSatisfy { $0 == 0 })
    let icon = RGBAImage(
      width: 100, height: 100, pixels: Array(image.pixels.prefix(100 * 100 * 4)))!
    let error = ImageDecoding.compare(icon, with: try reference("AppIcon-Blue", side: 100))
    #expect(error.meanError < 8, "\(error.meanError)")
  }

  @Test func autoInAPipeIsTheCellsDrawingByteForByte() throws {
    let arguments = ["AppIcon-Teal", paletteAppIconSetsFolder().path, "--size", "12x6"]
    let cells = try show(arguments + ["--graphics", "cells"])
    #expect(cells.status == 0)
    #expect(cells.stdout.contains("\u{1B}[38;5;"))
    for auto in [
      try show(arguments), try show(arguments + ["--graphics", "auto"]),
      try show(arguments, environment: ["ICONPICK_GRAPHICS": "auto", "KITTY_WINDOW_ID": "1"]),
    ] {
      #expect(auto.status == 0)
      #expect(auto.stdout == cells.stdout)
    }
  }

  @Test func anUnknownGraphicsInTheEnvironmentIsAUsageError() throws {
    let result = try show(
      ["AppIcon-Teal", paletteAppIconSetsFolder().path], environment: ["ICONPICK_GRAPHICS": "png"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("\"png\" (ICONPICK_GRAPHICS)"))
    #expect(result.stdout.isEmpty)
  }

  @Test func sixelWithoutLibchafaIsOneClearLine() throws {
    let result = try show(
      ["AppIcon-Teal", paletteAppIconSetsFolder().path, "--graphics", "sixel"],
      environment: ["ICONPICK_LIBCHAFA_SONAME": "/nonexistent/libchafa.so.0"])
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix(
        "iconpick: error: sixel images need libchafa: libchafa is not installed"))
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stdout.isEmpty)
  }

  /// libchafa is opened on first use: commands that draw no sixel never map it.
  @Test func onlySixelMapsLibchafa() throws {
    func loaded(_ arguments: [String]) throws -> Bool {
      let result = try runProcess(
        iconpickBinary().path, arguments,
        environment: ["LANG": "C.UTF-8", "TERM": "xterm-256color", "LD_DEBUG": "files"])
      #expect(result.status == 0, "\(arguments): \(result.stderr.suffix(300))")
      return result.stderr.contains("file=libchafa.so")
    }
    let state = try Scratch()
    let common = [paletteAppIconSetsFolder().path, "--state-dir", state.file("state").path]
    #expect(try !loaded(["--version"]))
    #expect(try !loaded(["list"] + common))
    #expect(try !loaded(["show", "AppIcon-Teal"] + common + ["--graphics", "kitty"]))
    #expect(try loaded(["show", "AppIcon-Teal"] + common + ["--graphics", "sixel"]))
  }

  /// In a real terminal that draws no images (tmux 3.3 without sixel), `auto` asks, gets
  /// tmux's answers, and draws cells; none of the answers shows on the screen, and the terminal
  /// is back in its own mode afterwards.
  @Test func autoInTmuxWithoutSixelAsksAndDrawsCells() throws {
    let scratch = try Scratch()
    let command = [
      "cd \(shellQuote(scratch.url.path)) &&",
      "\(shellQuote(try iconpickBinary().path)) show AppIcon-Teal",
      "\(shellQuote(paletteAppIconSetsFolder().path)) --size 12x6 --color 256",
      "--state-dir \(shellQuote(scratch.file("state").path)) 2> err.txt;",
      "echo \"status $?\"; stty -a > stty.txt; echo SHOWN; exec sleep 600",
    ].joined(separator: " ")
    let session = try TmuxSession(
      columns: 60, rows: 20, command: command,
      environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": scratch.url.path])
    let screen = try session.waitForScreen(containing: "SHOWN")
    #expect(screen.contains("status 0"))
    #expect(screen.contains("▀") || screen.contains("▄"), "no cells drawn:\n\(screen)")
    for leaked in ["?62", "?1;2", "[?", "Gi=", "1337", ">|", ";OK", "6;"] {
      #expect(!screen.contains(leaked), "a reply reached the screen:\n\(screen)")
    }
    let modes = try String(contentsOf: scratch.file("stty.txt"), encoding: .utf8)
    #expect(modes.contains(" icanon") && modes.contains(" echo "), "\(modes)")
    #expect(try String(contentsOf: scratch.file("err.txt"), encoding: .utf8).isEmpty)
  }
}
