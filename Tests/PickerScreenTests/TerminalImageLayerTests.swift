import Foundation
import IconRender
import TerminalGraphics
import Testing

@testable import PickerScreen

/// kitty's escapes in written bytes, read back: each image sent (its id, placement id, cell,
/// cells covered and pixels), each placement of a kept image, each placement taken away and
/// each image deleted, in order.
struct KittyTranscript {
  enum Event: Equatable {
    case draw(id: UInt32, row: Int, column: Int, columns: Int, rows: Int, red: UInt8)
    case place(id: UInt32, placement: UInt32, row: Int, column: Int, columns: Int, rows: Int)
    case remove(id: UInt32, placement: UInt32)
    case delete(id: UInt32)
  }
  var events: [Event] = []
  /// The placement id of each draw, in order.
  var drawPlacements: [UInt32] = []

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
        let id = UInt32(keys["i"] ?? "") ?? 0
        let placement = UInt32(keys["p"] ?? "") ?? 0
        if keys["a"] == "d" {
          events.append(keys["d"] == "i" ? .remove(id: id, placement: placement) : .delete(id: id))
        } else if keys["a"] == "p" {
          events.append(
            .place(
              id: id, placement: placement, row: cursor.row, column: cursor.column,
              columns: Int(keys["c"] ?? "") ?? 0, rows: Int(keys["r"] ?? "") ?? 0))
        } else {
          if keys["a"] != nil { control = keys }
          payload += parts.count > 1 ? String(parts[1]) : ""
          if keys["m"] == "0" {
            var pixels = [UInt8](Data(base64Encoded: payload) ?? Data())
            if control["o"] == "z" {
              let size = (Int(control["s"] ?? "") ?? 0) * (Int(control["v"] ?? "") ?? 0) * 4
              pixels = ZlibCompressor.decompress(pixels, size: size) ?? []
            }
            events.append(
              .draw(
                id: UInt32(control["i"] ?? "") ?? 0, row: cursor.row, column: cursor.column,
                columns: Int(control["c"] ?? "") ?? 0, rows: Int(control["r"] ?? "") ?? 0,
                red: pixels.first ?? 0))
            drawPlacements.append(UInt32(control["p"] ?? "") ?? 0)
            payload = ""
          }
        }
        rest = rest[end.upperBound...]
      }
    }
  }

  /// The ids of the images sent, in order.
  var drawn: [UInt32] {
    events.compactMap { if case .draw(let id, _, _, _, _, _) = $0 { id } else { nil } }
  }
  /// The ids of the images placed again without their pixels.
  var placed: [UInt32] {
    events.compactMap { if case .place(let id, _, _, _, _, _) = $0 { id } else { nil } }
  }
  var removed: [UInt32] {
    events.compactMap { if case .remove(let id, _) = $0 { id } else { nil } }
  }
  var deleted: [UInt32] {
    events.compactMap { if case .delete(let id) = $0 { id } else { nil } }
  }
}

/// An encoder like sixel's: images go only when the cells beneath are written again. It writes
/// an image as `<red:columns x rows>`, and counts how often it encodes one.
final class CellsEraseEncoder: TerminalImageEncoder, @unchecked Sendable {
  var encoded = 0
  var graphicsProtocol: GraphicsProtocol { .sixel }
  var erasesByRedrawingCells: Bool { true }
  func draw(_ image: RGBAImage, id: UInt32, at placement: CellPlacement) -> [UInt8] {
    Array("\u{1B}[\(placement.row + 1);\(placement.column + 1)H".utf8)
      + drawAtCursor(image, id: id, columns: placement.columns, rows: placement.rows)
  }
  func drawAtCursor(_ image: RGBAImage, id: UInt32, columns: Int, rows: Int) -> [UInt8] {
    encoded += 1
    return Array("<\(image.pixels.first ?? 0):\(columns)x\(rows)>".utf8)
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

  @Test func kittySendsEachImageOnceThenPlacesItByID() {
    var layer = TerminalImageLayer(encoder: KittyEncoder())
    var update = layer.update(
      to: [FrameImage(key: key, placement: here)], size: size, runs: nil, pixels: pixels)
    #expect(update.beforeCells.isEmpty && update.redrawRows.isEmpty)
    var transcript = KittyTranscript(update.afterCells)
    #expect(transcript.events == [.draw(id: 1, row: 3, column: 40, columns: 2, rows: 2, red: 50)])
    let firstPlacement = transcript.drawPlacements.first ?? 0
    #expect(firstPlacement > 0)
    // Sent and placed quietly, without moving the cursor.
    let text = String(decoding: update.afterCells, as: UTF8.self)
    #expect(text.contains("a=T,") && text.contains("q=2") && text.contains("C=1"))
    // The cursor is saved before and restored after, so ncurses' idea of it holds.
    #expect(update.afterCells.starts(with: Array("\u{1B}7".utf8)))
    #expect(update.afterCells.suffix(2).elementsEqual(Array("\u{1B}8".utf8)))

    // The same frame again: nothing to write, whatever cells change elsewhere.
    update = layer.update(
      to: [FrameImage(key: key, placement: here)], size: size,
      runs: [FrameRun(row: 3, column: 0, width: 80, text: "", style: .plain)], pixels: pixels)
    #expect(update.isEmpty)

    // Moved: its placement taken away (the pixels kept), the kept image placed there by id.
    update = layer.update(
      to: [FrameImage(key: key, placement: there)], size: size, runs: [], pixels: pixels)
    #expect(
      KittyTranscript(update.beforeCells).events == [.remove(id: 1, placement: firstPlacement)])
    transcript = KittyTranscript(update.afterCells)
    #expect(transcript.drawn.isEmpty)
    #expect(transcript.placed == [1])
    #expect(update.afterCells.count < 80, "\(update.afterCells.count) bytes to place a kept image")

    // Another image there: sent once under an id of its own.
    update = layer.update(
      to: [FrameImage(key: other, placement: there)], size: size, runs: [], pixels: pixels)
    #expect(KittyTranscript(update.beforeCells).removed == [1])
    #expect(
      KittyTranscript(update.afterCells).events == [
        .draw(id: 2, row: 10, column: 40, columns: 2, rows: 2, red: 60)
      ])
    // Back to the first: placed again, never sent again.
    update = layer.update(
      to: [FrameImage(key: key, placement: here)], size: size, runs: [], pixels: pixels)
    transcript = KittyTranscript(update.afterCells)
    #expect(transcript.drawn.isEmpty && transcript.placed == [1])
    #expect(KittyTranscript(update.beforeCells).removed == [2])
    #expect(layer.kept.entries.count == 2)

    // A resize (ncurses clears the screen, kitty frees what it keeps off it): sent again, under
    // the same id. Clearing deletes every image kept, on the screen or not.
    update = layer.update(
      to: [FrameImage(key: key, placement: here)], size: TerminalSize(columns: 90, rows: 30),
      runs: nil, pixels: pixels)
    #expect(KittyTranscript(update.beforeCells).removed == [1])
    #expect(KittyTranscript(update.afterCells).drawn == [1])
    update = layer.clear()
    #expect(Set(KittyTranscript(update.beforeCells).deleted) == [1, 2])
    #expect(layer.isEmpty)
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
    #expect(layer.isEmpty)
  }

  /// Past the budget, the images least recently shown are deleted down to half of it, never one
  /// on the screen; the others off the screen are then sent again when shown (kitty before 0.38.1
  /// frees them on a deletion by id).
  @Test func keptImagesStayWithinTheBudget() {
    var kept = KeptImages()
    func preview(_ index: Int) -> PixelPreviewKey {
      PixelPreviewKey(name: "Icon\(index)", look: .light, width: 100, height: 100)
    }
    let large = KeptImages.byteBudget / 4
    let ids = (0..<4).map { kept.send(preview($0), bytes: large) }
    #expect(ids == [1, 2, 3, 4])
    kept.markShown([preview(0)])
    #expect(kept.evict(keeping: [preview(0)]).isEmpty)
    _ = kept.send(preview(4), bytes: large)
    #expect(kept.bytes > KeptImages.byteBudget)
    // Least recently shown first (1 was just shown), down to half the budget, 4 kept on screen.
    let evicted = kept.evict(keeping: [preview(4)])
    #expect(evicted == [2, 3, 4])
    #expect(kept.bytes <= KeptImages.byteBudget / 2)
    #expect(kept.idInTerminal(of: preview(4)) == 5)
    #expect(kept.id(of: preview(0)) == 1 && kept.idInTerminal(of: preview(0)) == nil)
    // Sent again under its own id.
    #expect(kept.send(preview(0), bytes: large) == 1)

    // The count too.
    var many = KeptImages()
    for index in 0...KeptImages.countBudget { _ = many.send(preview(index), bytes: 1) }
    #expect(
      many.evict(keeping: []).count == KeptImages.countBudget + 1 - KeptImages.countBudget / 2)
    #expect(many.entries.count == KeptImages.countBudget / 2)
  }

  /// The layer's deletions for the budget come after the frame's placements, and the images it
  /// then places again are sent again.
  @Test func kittyDeletesPastTheBudgetAfterPlacingAndSendsTheRestAgain() {
    var layer = TerminalImageLayer(encoder: KittyEncoder())
    layer.kept = KeptImages(byteBudget: 4 * 400, countBudget: 100)
    // Images of a quarter of the budget each: the fifth goes past it.
    let picture = RGBAImage(width: 10, height: 10, pixels: Array(repeating: 7, count: 400))!
    let keys = (0..<5).map {
      PixelPreviewKey(name: "Icon\($0)", look: .light, width: 10, height: 10)
    }
    for key in keys.prefix(4) {
      _ = layer.update(
        to: [FrameImage(key: key, placement: here)], size: size, runs: [], pixels: { _ in picture })
    }
    let update = layer.update(
      to: [FrameImage(key: keys[4], placement: here)], size: size, runs: [],
      pixels: { _ in picture })
    let transcript = KittyTranscript(update.afterCells)
    #expect(transcript.drawn == [5])
    #expect(transcript.deleted == [1, 2, 3])
    let sent = transcript.events.firstIndex { if case .draw = $0 { true } else { false } } ?? 99
    let firstDeletion = transcript.events.firstIndex(of: .delete(id: 1)) ?? -1
    #expect(sent < firstDeletion)
    // Icon3 survived, but counts as freed: placing it sends it again, under its id.
    let again = layer.update(
      to: [FrameImage(key: keys[3], placement: here)], size: size, runs: [],
      pixels: { _ in picture })
    #expect(KittyTranscript(again.afterCells).drawn == [4])
  }

  @Test func sixelImagesGoByRewritingTheirRowsAndComeBackWhenWrittenOver() {
    let encoder = CellsEraseEncoder()
    var layer = TerminalImageLayer(encoder: encoder)
    let first = FrameImage(key: key, placement: here)
    let second = FrameImage(key: other, placement: there)
    var update = layer.update(to: [first, second], size: size, runs: nil, pixels: pixels)
    #expect(
      String(decoding: update.afterCells, as: UTF8.self)
        == "\u{1B}7\u{1B}[4;41H<50:2x2>\u{1B}[11;41H<60:2x2>\u{1B}8")

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
    #expect(
      String(decoding: update.afterCells, as: UTF8.self) == "\u{1B}7\u{1B}[11;41H<60:2x2>\u{1B}8")
    // Drawn again from the bytes encoded the first time.
    #expect(encoder.encoded == 2)

    // The first taken away: its rows (and the one below) rewritten; nothing deleted by bytes.
    update = layer.update(to: [second], size: size, runs: [], pixels: pixels)
    #expect(update.beforeCells.isEmpty)
    #expect(update.redrawRows == [3, 4, 5])
    #expect(update.afterCells.isEmpty)

    // Resized: every cell rewritten, the image drawn again.
    update = layer.update(
      to: [second], size: TerminalSize(columns: 100, rows: 30), runs: nil, pixels: pixels)
    #expect(update.redrawAll)
    #expect(
      String(decoding: update.afterCells, as: UTF8.self) == "\u{1B}7\u{1B}[11;41H<60:2x2>\u{1B}8")
    // The same preview on other cells is encoded for them.
    update = layer.update(
      to: [
        FrameImage(key: other, placement: CellPlacement(row: 10, column: 40, columns: 4, rows: 2))
      ],
      size: TerminalSize(columns: 100, rows: 30), runs: nil, pixels: pixels)
    #expect(String(decoding: update.afterCells, as: UTF8.self).contains("<60:4x2>"))
    #expect(encoder.encoded == 3)
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
    // The pane and the grid's tiles alone: the rows' images have a test of their own.
    model.graphics = kittyGraphics
    model.graphics.rowsShowImages = false
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
    // Sent: the primary in the pane, then Blue (the cursor moved), then every tile...
    let draws = transcript.events.compactMap { event -> (UInt32, UInt8)? in
      if case .draw(let id, _, _, _, _, let red) = event { (id, red) } else { nil }
    }
    #expect(draws.first?.1 == 0)
    #expect(draws.dropFirst().first?.1 == 10)
    #expect(Set(draws.map(\.1)).count == names.count)
    // ...each id sent once, and every one deleted by the end: nothing left in kitty's memory.
    #expect(Set(transcript.drawn).count == transcript.drawn.count)
    #expect(Set(transcript.drawn) == Set(transcript.deleted))
    // The primary's placement was taken away when the cursor left it, before Blue was sent...
    let firstRemoval = try #require(
      transcript.events.firstIndex { if case .remove(1, _) = $0 { true } else { false } })
    let blue = try #require(
      transcript.events.firstIndex { if case .draw(_, _, _, _, _, 10) = $0 { true } else { false } }
    )
    #expect(firstRemoval < blue)
    // ...and Blue's pane, back from the grid, was placed by id, not sent again.
    let blueID = draws[1].0
    #expect(transcript.placed.contains(blueID))
    // The last frame (after the resize) placed the pane's image at the new size.
    let last = try #require(terminal.frames.last)
    #expect(last.size == TerminalSize(columns: 90, rows: 26))
    let placed = try #require(last.images.first)
    #expect(placed.placement == PickerLayout.previewPlacement(size: last.size))
    #expect(placed.key.width == placed.placement.columns * 8)
    #expect(asked.take().allSatisfy { $0.width % 8 == 0 && $0.height % 16 == 0 })
  }

  /// kitty: the rows' thumbnails are images, each sent once and left in place while the cursor
  /// moves; the pane's images are sent once each, and placed by id when the cursor comes back.
  @Test func theRowsThumbnailsAreSentOnceAndStayWhileTheCursorMoves() throws {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    model.graphics = kittyGraphics
    #expect(model.graphics.rowsShowImages)
    let names = model.items.map(\.name)
    let everything = names.count + 1
    let terminal = ImageRecordingTerminal(
      size: roomy, keys: [.down, .down, .up, .up],
      imagesBefore: Array(repeating: everything, count: 5))
    var session = PickerSession(
      model: model, terminal: terminal, setAlternateIconName: { _ in [] },
      renderPixelPreview: { key in
        PixelPreview.Result(
          image: flatImage(key, UInt8((names.firstIndex(of: key.name) ?? 20) * 10)))
      })
    #expect(session.run() == .quit(activeName: "AppIcon"))
    #expect(terminal.imagesBefore.isEmpty, "some images never came")
    let settled = try #require(terminal.frames.last)
    #expect(settled.images.count == everything)
    #expect(settled.images.filter { $0.placement.columns == 6 }.count == names.count)
    terminal.end()
    let transcript = KittyTranscript(terminal.bytes)
    var rows: [UInt8] = []
    var panes: [UInt8] = []
    for event in transcript.events {
      if case .draw(_, _, let column, let columns, _, let red) = event {
        if columns == 6 && column == 2 { rows.append(red) } else { panes.append(red) }
      }
    }
    // Each row's thumbnail sent once; the pane's three icons once each.
    #expect(rows.sorted() == names.indices.map { UInt8($0 * 10) })
    #expect(panes == [0, 10, 20])
    // Back up twice: placed by id, and the rows' placements never taken away.
    #expect(transcript.placed.count == 2)
    #expect(
      transcript.events.allSatisfy { event in
        if case .place(_, _, _, let column, _, _) = event { return column != 2 }
        return true
      })
    #expect(transcript.removed.count == 4)
    #expect(Set(transcript.drawn).count == transcript.drawn.count)
    #expect(Set(transcript.drawn) == Set(transcript.deleted))
  }
}
