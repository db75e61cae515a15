// `iconpick-bench picker-moves MOVES APP`: what a cursor move costs the picker's images, per
// protocol, with the list rows' thumbnails in cells and as images (`PickerGraphics
// .rowsShowImages`), in one process: the layout and the image layer as the terminal runs them
// (ncurses rewrites every row while images are on the screen, so every image that must be
// drawn again is), their CPU time and the image bytes they write. The cells' own bytes are not
// counted here: `make bench`'s pseudo-terminal rows count everything the shipped picker writes.
//
// On APP's icons in 100×30 cells of 10×20 px (the preview pane 31×14 cells, 310×280 px; a row's
// thumbnail 6×2 cells, 60×40 px), two ways: "round", MOVES moves down APP's own list, round and
// round, after a first round untimed (each icon seen before), and "scroll", MOVES moves down a
// list of MOVES + 13 icons made of APP's, each named apart (each move a new icon, the list
// scrolling one row from the 13th).
// The pixels are rendered before the moves (the picker renders them in the background), and
// every image's sending or encoding is timed with the move that needs it.
//
// Prints one line per case: `moves PROTOCOL ROWS WAY BYTES_PER_MOVE CPU_MEAN_MS CPU_MAX_MS`, ROWS
// `cells` or `images`, then `budget BYTES CPU_MS` (what rows as images may add to a move) and
// `chosen PROTOCOL...` (where the picker shows the rows as images).
import FoundationEssentials
import IconCatalog
import IconRender
import PickerScreen
import TerminalGraphics

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

enum PickerMoves {
  static let size = TerminalSize(columns: 100, rows: 30)
  static let cell = CellPixelSize(width: 10, height: 20)

  static func run(moves: Int, app path: String) -> Int32 {
    let app: AppIcons
    do {
      app = try AppIconReader.read(at: URL(fileURLWithPath: path))
    } catch {
      print("FAIL: \(path): \(error)")
      return 1
    }
    let icons = app.listedIcons
    guard !icons.isEmpty else {
      print("FAIL: \(path) has no icon")
      return 1
    }
    // A larger app of the same pictures: Icon-0000… each drawn as icons[i % count].
    let made = (0..<(moves + 13)).map { index in
      let source = icons[index % icons.count]
      return AppIcon(
        name: String(printf: "Icon-%04d", index), assetName: nil,
        displayName: String(printf: "Icon %04d", index), isPrimary: index == 0,
        renditions: source.renditions)
    }
    let large = AppIcons(
      appName: "Scroll", bundleIdentifier: nil, primary: made[0],
      alternates: Array(made.dropFirst()), location: app.location)
    var sources: [String: AppIcon] = [:]
    for icon in icons { sources[icon.name] = icon }
    for (index, icon) in made.enumerated() { sources[icon.name] = icons[index % icons.count] }

    // Each picture once per size and look, shared by every name drawn from it.
    var drawn: [String: RGBAImage] = [:]
    func pixels(_ key: PixelPreviewKey) -> RGBAImage? {
      guard let icon = sources[key.name] else { return nil }
      let id = "\(icon.name) \(key.width)x\(key.height) \(key.look.rawValue)"
      if let image = drawn[id] { return image }
      let image = PixelPreview.render(
        icon, width: key.width, height: key.height, appearance: key.appearance, look: key.look
      ).image
      drawn[id] = image
      return image
    }

    let encoders: [(GraphicsProtocol, any TerminalImageEncoder)] = [
      (.kitty, KittyEncoder()), (.iterm, ITermEncoder()), (.sixel, SixelEncoder()),
    ]
    for (kind, encoder) in encoders {
      for rows in [false, true] {
        for (way, subject) in [("round", app), ("scroll", large)] {
          let (bytes, times) = measure(
            subject,
            graphics: PickerGraphics(
              graphicsProtocol: kind, cellPixels: cell, rowsShowImages: rows),
            encoder: encoder, moves: moves, untimed: way == "round" ? icons.count : 0,
            pixels: pixels)
          let mean = times.reduce(0, +) / Double(max(1, times.count))
          let perMove = Double(bytes) / Double(max(1, moves))
          let figures = String(printf: "%.0f %.3f %.3f", perMove, mean, times.max() ?? 0)
          print("moves \(kind.rawValue) \(rows ? "images" : "cells") \(way) \(figures)")
        }
      }
    }
    print(String(printf: "budget %d %.1f", PickerGraphics.rowImageByteBudget, 1000.0 / 60.0))
    print(
      (["chosen"] + PickerGraphics.rowImageProtocols.map(\.rawValue).sorted()).joined(
        separator: " "))
    return 0
  }

  /// The image bytes written over `moves` moves down after `untimed` ones, and each move's CPU
  /// time (ms).
  static func measure(
    _ app: AppIcons, graphics: PickerGraphics, encoder: any TerminalImageEncoder, moves: Int,
    untimed: Int, pixels: (PixelPreviewKey) -> RGBAImage?
  ) -> (bytes: Int, times: [Double]) {
    var model = PickerModel(app: app, activeName: nil, size: size)
    model.graphics = graphics
    // Every preview the moves show, ready, as the background renders them.
    var probe = model
    for _ in 0...(untimed + moves) {
      for key in PickerLayout.pixelPreviewKeys(probe, size: size) {
        model.apply(.pixelPreviewReady(key, pixels(key)))
      }
      probe.apply(.moveDown)
    }
    var layer = TerminalImageLayer(encoder: encoder)
    var frame = PickerLayout.render(model, size: size)
    _ = layer.update(to: frame.images, size: size, runs: nil) { model.pixelPreviews[$0] }
    for _ in 0..<untimed {
      model.apply(.moveDown)
      frame = PickerLayout.render(model, size: size)
      _ = layer.update(to: frame.images, size: size, runs: nil) { model.pixelPreviews[$0] }
    }
    var bytes = 0
    var times: [Double] = []
    for _ in 0..<moves {
      let start = cpuMilliseconds()
      model.apply(.moveDown)
      frame = PickerLayout.render(model, size: size)
      let update = layer.update(to: frame.images, size: size, runs: nil) {
        model.pixelPreviews[$0]
      }
      times.append(cpuMilliseconds() - start)
      bytes += update.beforeCells.count + update.afterCells.count
    }
    return (bytes, times)
  }

  static func cpuMilliseconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000
  }
}
