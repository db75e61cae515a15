import Foundation
import IconRender
import TerminalGraphics
import Testing

@testable import PickerScreen

/// kitty's escapes in written bytes, read back: each draw (its id, cell, cells covered and
/// pixels) and each deletion, in order.
struct KittyTranscript {
  enum Event: Equatable {
    case draw(id: UInt32, row: Int, column: Int, columns: Int, rows: Int, red: UInt8)
    case delete(id: UInt32)
  }
  var events: [Event] = []

  init(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    var cursor = (row: 0, column: 0)
    var control: [String: String] = [:]
    var payload = ""
    var rest = Substring(text)
    while let escape = rest.firstIndex(of: "\u{1B}") {
      rest = rest[rest.index(after: escape)...]
      if rest.hasPrefix("[") {
        // ESC [ row ; column H
        guard let end = rest.firstIndex(of: "H") else { break }
        let numbers = rest.dropFirst()[..<end].split(separator: ";").compactMap { Int($0) }
        if numbers.count == 2 { cursor = (numbers[0] - 1, numbers[1] - 1) }
        rest = rest[rest.index(after: end)...]
      } else if rest.hasPrefix("_G") {
        guard let end = rest.range(of: "\u{1B}\\") else { break }
        let body = rest.dropFirst(2)[..<end.lowerBound]
        let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        var keys: [String: String] = [:]
        for pair in parts[0].split(separator: ",") {
          let kv = pair.split(separator: "=", maxSplits: 1)
          if kv.count == 2 { keys[String(kv[0])] = String(kv[1]) }
        }
        if keys["a"] == "d" {
          events.append(.delete(id: UInt32(keys["i"] ?? "") ?? 0))
        } else {
          if keys["a"] != nil { control = keys }
          payload += parts.count > 1 ? String(parts[1]) : ""
          if keys["m"] == "0" {
            let pixels = [UInt8](Data(base64Encoded: payload) ?? Data())
            events.append(
              .draw(
                id: UInt32(control["i"] ?? "") ?? 0, row: cursor.row, column: cursor.column,
                columns: Int(control["c"] ?? "") ?? 0, rows: Int(control["r"] ?? "") ?? 0,
                red: pixels.first ?? 0))
            payload = ""
          }
        }
        rest = rest[end.upperBound...]
      }
    }
  }

  var drawn: [UInt32] {
    events.compactMap { if case .draw(let id, _, _, _, _, _) = $0 { id } else { nil } }
  }
  var deleted: [UInt32] {
    events.compactMap { if case .delete(let id) = $0 { id } else { nil } }
  }
}

/// An encoder like sixel's: images go only when the cells beneath are written again.
struct CellsEraseEncoder: TerminalImageEncoder {
  var graphicsProtocol: GraphicsProtocol { .sixel }
  var erasesByRedrawingCells: Bool { true }
  func draw(_ image: RGBAImage, id: UInt32, at placement: CellPlacement) -> [UInt8] {
    Array("<\(id)@\(placement.row),\(placement.column)>".utf8)
  }
  func erase(id: UInt32) -> [UInt8] { [] }
}

@Suite struct TerminalImageLayerTests {
  let size = TerminalSize(columns: 80, rows: 24)
  let key = PixelPreviewKey(name: "AppIcon-Blue", look: .light, width: 16, height: 32)
  let other = PixelPreviewKey(name: "AppIcon-Pink", look: .light, width: 16, height: 32)
  let here = CellPlacement(row: 3, column: 40, columns: 2, rows: 2)
  let there = CellPlacement(row: 10, column: 40, columns: 2, rows: 2)

  func pixels(_ key: PixelPreviewKey) -> RGBAImage? {
    flatImage(key, key.name == "AppIcon-Blue" ? 50 : 60)
  }

  @Test func kittyPlacesMovesErasesAndClearsByID() {
    var layer = TerminalImageLayer(encoder: KittyEncoder())
    var update = layer.update(
      to: [FrameImage(key: key, placement: here)], size: size, runs: nil, pixels: pixels)
    #expect(update.beforeCells.isEmpty && update.redrawRows.isEmpty)
    #expect(
      KittyTranscript(update.afterCells).events == [
        .draw(id: 1, row: 3, column: 40, columns: 2, rows: 2, red: 50)
      ])
    // The cursor is saved before and restored after, so ncurses' idea of it holds.
    #expect(update.afterCells.starts(with: Array("\u{1B}7".utf8)))
    #expect(update.afterCells.suffix(2).elementsEqual(Array("\u{1B}8".utf8)))

    // The same frame again: nothing to write, whatever cells change elsewhere.
    update = layer.update(
      to: [FrameImage(key: key, placement: here)], size: size,
      runs: [FrameRun(row: 3, column: 0, width: 80, text: "", style: .plain)], pixels: pixels)
    #expect(update.isEmpty)

    // Moved: the old placement deleted by id, the new one drawn.
    update = layer.update(
      to: [FrameImage(key: key, placement: there)], size: size, runs: [], pixels: pixels)
    #expect(KittyTranscript(update.beforeCells).events == [.delete(id: 1)])
    #expect(KittyTranscript(update.afterCells).drawn == [2])

    // Another image there: the old deleted, the new drawn.
    update = layer.update(
      to: [FrameImage(key: other, placement: there)], size: size, runs: [], pixels: pixels)
    #expect(KittyTranscript(update.beforeCells).deleted == [2])
    #expect(
      KittyTranscript(update.afterCells).events == [
        .draw(id: 3, row: 10, column: 40, columns: 2, rows: 2, red: 60)
      ])

    // A resize deletes and draws again; clearing deletes everything shown.
    update = layer.update(
      to: [FrameImage(key: other, placement: there)],
      size: TerminalSize(columns: 90, rows: 30), runs: nil, pixels: pixels)
    #expect(KittyTranscript(update.beforeCells).deleted == [3])
    #expect(KittyTranscript(update.afterCells).drawn == [4])
    update = layer.clear()
    #expect(KittyTranscript(update.beforeCells).deleted == [4])
    #expect(layer.shown.isEmpty)
  }

  @Test func anImageWithoutPixelsOrOffTheScreenIsNotPlaced() {
    var layer = TerminalImageLayer(encoder: KittyEncoder())
    let update = layer.update(
      to: [
        FrameImage(key: key, placement: CellPlacement(row: 23, column: 0, columns: 2, rows: 2)),
        FrameImage(key: other, placement: here),
      ], size: size, runs: nil, pixels: { $0 == self.key ? self.pixels($0) : nil })
    #expect(update.afterCells.isEmpty)
    #expect(layer.shown.isEmpty)
  }

  @Test func sixelImagesGoByRewritingTheirRowsAndComeBackWhenWrittenOver() {
    var layer = TerminalImageLayer(encoder: CellsEraseEncoder())
    let first = FrameImage(key: key, placement: here)
    let second = FrameImage(key: other, placement: there)
    var update = layer.update(to: [first, second], size: size, runs: nil, pixels: pixels)
    #expect(String(decoding: update.afterCells, as: UTF8.self) == "\u{1B}7<1@3,40><2@10,40>\u{1B}8")

    // A change on the left of an image's rows leaves it; one across it draws it again.
    update = layer.update(
      to: [first, second], size: size,
      runs: [FrameRun(row: 3, column: 0, width: 10, text: "", style: .plain)], pixels: pixels)
    #expect(update.isEmpty)
    update = layer.update(
      to: [first, second], size: size,
      runs: [
        FrameRun(row: 11, column: 0, width: 2, text: "", style: .plain),
        FrameRun(row: 11, column: 60, width: 2, text: "", style: .plain),
      ], pixels: pixels)
    #expect(String(decoding: update.afterCells, as: UTF8.self) == "\u{1B}7<2@10,40>\u{1B}8")

    // The first taken away: its rows (and the one below) rewritten; nothing deleted by bytes.
    update = layer.update(to: [second], size: size, runs: [], pixels: pixels)
    #expect(update.beforeCells.isEmpty)
    #expect(update.redrawRows == [3, 4, 5])
    #expect(update.afterCells.isEmpty)

    // Resized: every cell rewritten, the image drawn again.
    update = layer.update(
      to: [second], size: TerminalSize(columns: 100, rows: 30), runs: nil, pixels: pixels)
    #expect(update.redrawAll)
    #expect(String(decoding: update.afterCells, as: UTF8.self) == "\u{1B}7<3@10,40>\u{1B}8")
    update = layer.clear()
    #expect(update.redrawRows == [10, 11, 12])
  }
}

/// A terminal that keeps images as the real one does (TerminalImageLayer, kitty's encoder) and
/// records the bytes. Each key waits until a frame drawn since the key before shows as many
/// images as `imagesBefore` says for it (the first for the start).
final class ImageRecordingTerminal: PickerTerminal {
  var size: TerminalSize
  var keys: [PickerKey]
  var layer = TerminalImageLayer(encoder: KittyEncoder())
  var bytes: [UInt8] = []
  var frames: [Frame] = []
  /// Per key (then for quitting), the images the screen must show before it is typed.
  var imagesBefore: [Int]
  private var previous: Frame?
  private var framesAtKey = 0
  private var turns = 0

  init(size: TerminalSize, keys: [PickerKey], imagesBefore: [Int]) {
    self.size = size
    self.keys = keys
    self.imagesBefore = imagesBefore
  }

  func draw(_ frame: Frame) { draw(frame, pixels: { _ in nil }) }

  func draw(_ frame: Frame, pixels: (PixelPreviewKey) -> RGBAImage?) {
    let whole = previous?.size != frame.size
    let runs = frame.runs(since: whole ? nil : previous)
    let update = layer.update(
      to: frame.images, size: frame.size, runs: whole ? nil : runs, pixels: pixels)
    bytes += update.beforeCells + update.afterCells
    frames.append(frame)
    previous = frame
  }

  func nextKey(timeoutMilliseconds: Int) -> PickerKey? {
    turns += 1
    let wanted = imagesBefore.first ?? 0
    let settled =
      frames.count > framesAtKey && frames.last.map { $0.images.count >= wanted } == true
    if !settled && turns < 5000 {
      Thread.sleep(forTimeInterval: 0.002)
      return nil
    }
    framesAtKey = frames.count
    if !imagesBefore.isEmpty { imagesBefore.removeFirst() }
    guard !keys.isEmpty else { return .character("q") }
    let key = keys.removeFirst()
    if case .resize(let newSize) = key { size = newSize }
    return key
  }

  func end() { bytes += layer.clear().beforeCells }
}

@Suite struct PickerSessionImageTests {
  @Test func imagesFollowTheCursorTheGridAndResizesAndNothingIsLeftAfterQuitting() throws {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    model.graphics = kittyGraphics
    let names = model.items.map(\.name)
    let terminal = ImageRecordingTerminal(
      size: roomy,
      keys: [
        .down, .character("v"), .character("v"), .resize(TerminalSize(columns: 90, rows: 26)),
      ], imagesBefore: [1, 1, 8, 1, 1])
    let asked = Inbox<PixelPreviewKey>()
    var session = PickerSession(
      model: model, terminal: terminal, setAlternateIconName: { _ in [] },
      renderPixelPreview: { key in
        asked.put(key)
        return PixelPreview.Result(
          image: flatImage(key, UInt8((names.firstIndex(of: key.name) ?? 20) * 10)))
      })
    #expect(session.run() == .quit(activeName: "AppIcon"))
    #expect(terminal.imagesBefore.isEmpty, "some images never came")
    terminal.end()
    let transcript = KittyTranscript(terminal.bytes)
    // Drawn: the primary in the pane, then Blue (the cursor moved), then every tile...
    let draws = transcript.events.compactMap { event -> (UInt32, UInt8)? in
      if case .draw(let id, _, _, _, _, let red) = event { (id, red) } else { nil }
    }
    #expect(draws.first?.1 == 0)
    #expect(draws.dropFirst().first?.1 == 10)
    #expect(Set(draws.map(\.1)).count == names.count)
    // ...each id drawn once, and every one deleted by the end: nothing left in kitty's memory.
    #expect(Set(transcript.drawn).count == transcript.drawn.count)
    #expect(Set(transcript.drawn) == Set(transcript.deleted))
    // The primary's image was deleted when the cursor left it, before Blue was drawn.
    let firstDelete = try #require(transcript.events.firstIndex(of: .delete(id: 1)))
    let blue = try #require(
      transcript.events.firstIndex { if case .draw(_, _, _, _, _, 10) = $0 { true } else { false } }
    )
    #expect(firstDelete < blue)
    // The last frame (after the resize) placed the pane's image at the new size.
    let last = try #require(terminal.frames.last)
    #expect(last.size == TerminalSize(columns: 90, rows: 26))
    let placed = try #require(last.images.first)
    #expect(placed.placement == PickerLayout.previewPlacement(size: last.size))
    #expect(placed.key.width == placed.placement.columns * 8)
    #expect(asked.take().allSatisfy { $0.width % 8 == 0 && $0.height % 16 == 0 })
  }
}
