import Foundation
import IconRender
import Testing

/// Previews in 8- and 16-colour terminals: the icon in the palette's nearest colours, the
/// terminal's own colours only where the icon is transparent, and no farther from the icon
/// than chafa's drawing in the same palette at the same size.
@Suite struct FewColoursTests {
  static let names = ["AppIcon"] + PickerEndToEndTests.paletteRows.dropFirst()

  static func png(_ name: String) -> URL {
    paletteAppIconSetsFolder().appendingPathComponent(
      "Assets.xcassets/\(name).appiconset/\(name).png")
  }

  /// chafa's error for `file` at `columns` × `rows` cells, with `symbols`.
  static func chafaError(
    _ file: URL, colors: Int, columns: Int, rows: Int, symbols: String, against image: RGBAImage
  ) throws -> Double {
    let cells = TerminalPixels.cells(
      try TerminalPixels.chafa(file, colors: colors, columns: columns, rows: rows, symbols: symbols)
    )
    let drawn = cells.filter { !$0.isEmpty }
    try #require(drawn.count == rows && drawn.allSatisfy { $0.count == columns })
    return TerminalPixels.error(
      of: try TerminalPixels.pixels(of: cells, columns: columns, rows: rows), against: image
    ).mean
  }

  /// The errors over the demo app's icons at 24 × 12 cells, as `show` writes them, and
  /// chafa's in the same palette, decoded the same way: with the same cells (`--symbols
  /// hhalf`, `▀▄`), no icon farther than chafa's; with left and right halves as well
  /// (`--symbols half`), no farther on average.
  @Test(arguments: [8, 16])
  func previewsAreNoFartherFromTheIconThanChafas(colors: Int) throws {
    let mode: ColorMode = colors == 8 ? .palette8 : .palette16
    var ours: [Double] = []
    var halves: [Double] = []
    for name in Self.names {
      let image = try PNGDecoder.decode(file: Self.png(name))
      let text = AnsiWriter.ansi(
        IconRenderer.render(image, columns: 24, rows: 12, mode: mode), mode: mode)
      if colors == 8 {
        // Only what an 8-colour terminal has: 30-37 and 40-47, and the defaults.
        #expect(!text.contains(/\u{1B}\[[0-9;]*(9[0-7]|10[0-7]|38;5|48;5|38;2|48;2)/), "\(name)")
      }
      let shown = try TerminalPixels.pixels(
        of: TerminalPixels.cells(text), columns: 24, rows: 12)
      let error = TerminalPixels.error(of: shown, against: image)
      #expect(error.defaults == 0, "\(name): pixels of the icon in the terminal's own colours")
      let sameCells = try Self.chafaError(
        Self.png(name), colors: colors, columns: 24, rows: 12, symbols: "hhalf", against: image)
      let half = try Self.chafaError(
        Self.png(name), colors: colors, columns: 24, rows: 12, symbols: "half", against: image)
      print(
        "\(colors) colours, \(name): iconpick \(String(format: "%.1f", error.mean)), chafa "
          + "hhalf \(String(format: "%.1f", sameCells)), half \(String(format: "%.1f", half))")
      #expect(error.mean <= sameCells, "\(name): \(error.mean) vs chafa's \(sameCells)")
      ours.append(error.mean)
      halves.append(half)
    }
    let mean = ours.reduce(0, +) / Double(ours.count)
    let chafaMean = halves.reduce(0, +) / Double(halves.count)
    print(
      "\(colors) colours, mean: iconpick \(String(format: "%.2f", mean)), "
        + "chafa half \(String(format: "%.2f", chafaMean))")
    #expect(mean <= chafaMean)
  }

  /// `show` in an 8-colour terminal (TERM=xterm) writes only the 8 colours.
  @Test func showInAnEightColourTerminalWritesTheEightColours() throws {
    let scratch = try Scratch()
    let run = try runProcess(
      try iconpickBinary().path,
      [
        "show", "AppIcon-Blue", paletteAppIconSetsFolder().path, "--state-dir",
        scratch.file("state").path,
      ],
      environment: ["TERM": "xterm", "HOME": scratch.url.path, "LANG": "C.UTF-8"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains(/\u{1B}\[3[0-7];4[0-7]m/))
    #expect(!run.stdout.contains(/\u{1B}\[[0-9;]*(9[0-7]|10[0-7]|38;5|48;5|38;2|48;2)/))
    let image = try PNGDecoder.decode(file: Self.png("AppIcon-Blue"))
    let shown = try TerminalPixels.pixels(
      of: TerminalPixels.cells(run.stdout), columns: 24, rows: 12)
    #expect(TerminalPixels.error(of: shown, against: image).defaults == 0)
  }

  /// The picker in an 8-colour xterm (`TERM=xterm`, `pairs#64`) and a 16-colour one: each
  /// icon's preview, read back from tmux's screen, is the icon (no pixel of it in the
  /// terminal's own black or white, which drew stripes before), no farther from it than
  /// chafa's drawing at the same size in the same cells, and on average than chafa's with left
  /// and right halves too.
  @Test(arguments: [("xterm", 8), ("xterm-16color", 16)])
  func thePickerInAFewColourTerminalDrawsTheIcons(term: String, colors: Int) throws {
    let scratch = try Scratch()
    let command = [
      "cd \(shellQuote(scratch.url.path)) && TERM=\(term)",
      "\(shellQuote(try iconpickBinary().path)) --state-dir \(shellQuote(scratch.file("state").path))",
      "\(shellQuote(paletteAppIconSetsFolder().path)) > out.txt 2> err.txt;",
      "echo $? > rc.tmp; mv rc.tmp rc.txt; exec sleep 600",
    ].joined(separator: " ")
    let tmux = try TmuxSession(
      command: command,
      environment: [
        "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": scratch.url.path, "NO_COLOR": "",
      ])
    var ours: [Double] = []
    var halves: [Double] = []
    for (position, name) in Self.names.enumerated() {
      if position > 0 { try tmux.send("Down") }
      let label = name == "AppIcon" ? "Default" : String(name.dropFirst("AppIcon-".count))
      var found: (pixels: TerminalPixels.Pixels, columns: Int)?
      try tmux.waitForColouredScreen("the preview of \(label)") {
        found = try? Self.preview(labelled: label, in: $0)
        return found != nil
      }
      let (shown, columns) = try #require(found)
      let image = try PNGDecoder.decode(file: Self.png(name))
      let error = TerminalPixels.error(of: shown, against: image)
      #expect(error.defaults == 0, "\(label): pixels in the terminal's own colours (stripes)")
      let rows = (columns + 1) / 2
      let sameCells = try Self.chafaError(
        Self.png(name), colors: colors, columns: columns, rows: rows, symbols: "hhalf",
        against: image)
      let half = try Self.chafaError(
        Self.png(name), colors: colors, columns: columns, rows: rows, symbols: "half",
        against: image)
      print(
        "picker, TERM=\(term), \(label) at \(columns) columns: iconpick "
          + "\(String(format: "%.1f", error.mean)), chafa hhalf "
          + "\(String(format: "%.1f", sameCells)), half \(String(format: "%.1f", half))")
      #expect(error.mean <= sameCells, "\(label): \(error.mean) vs chafa's \(sameCells)")
      ours.append(error.mean)
      halves.append(half)
    }
    #expect(ours.reduce(0, +) <= halves.reduce(0, +), "\(ours) vs chafa's \(halves)")
    try tmux.send("q")
    #expect(try exitStatus(scratch) == "0")
  }

  /// The preview pane's icon once drawn under `label`: the pane is the box at the right of the
  /// list; the icon is the square of pixels in colours other than the defaults, read back at
  /// 2 pixels a column and 1 a half row (one of the picker's pixels is 2 × 1 of these). Nil
  /// while it is not drawn yet.
  static func preview(labelled label: String, in screen: String) throws -> (
    TerminalPixels.Pixels, Int
  )? {
    let cells = TerminalPixels.cells(screen)
    let glyphs = cells.map { $0.map(\.glyph) }
    guard let top = glyphs.firstIndex(where: { $0.contains("┐") }),
      let left = glyphs[top].lastIndex(of: "┌"), let right = glyphs[top].lastIndex(of: "┐"),
      let bottom = glyphs.indices.first(where: {
        $0 > top && glyphs[$0].count > left && glyphs[$0][left] == "└"
      })
    else { return nil }
    /// A row of the pane, inside its frame.
    func pane(_ row: Int) -> String {
      String(glyphs[row].dropFirst(left + 1).prefix(right - left - 1))
    }
    let inside = (top + 1)..<bottom
    guard inside.contains(where: { pane($0).contains(" \(label) ") }),
      !inside.contains(where: { pane($0).contains("…") })
    else { return nil }
    // The rows above the label, as pixels.
    let rows = inside.filter { !pane($0).contains(label) }
    let pixels = try TerminalPixels.pixels(
      of: cells, top: rows[0], left: left + 1, columns: right - left - 1, rows: rows.count)
    var xs: [Int] = []
    var ys: [Int] = []
    for y in 0..<pixels.height {
      for x in 0..<pixels.width where !pixels.colours[y * pixels.width + x].isDefault {
        xs.append(x)
        ys.append(y)
      }
    }
    guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max()
    else { return nil }
    let width = maxX - minX + 1
    let height = maxY - minY + 1
    // A picker pixel is 2 of these wide and 1 tall: the icon is twice as wide as tall here.
    guard width == 2 * height else { return nil }
    var colours: [TerminalPixels.Colour] = []
    for y in minY...maxY {
      for x in minX...maxX { colours.append(pixels.colours[y * pixels.width + x]) }
    }
    return (TerminalPixels.Pixels(width: width, height: height, colours: colours), width / 2)
  }
}
