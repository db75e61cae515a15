import Foundation
import IconRender
import Testing

@testable import PickerScreen

/// A terminal where time passes: `nil` entries are pauses that last the timeout asked for, up
/// to 2 ms.
private final class PacedTerminal: PickerTerminal {
  var size = roomy
  var script: [PickerKey?]
  var frames: [Frame] = []
  /// Called on every pause, with the frames so far.
  var onPause: ([Frame]) -> Void = { _ in }

  init(script: [PickerKey?]) { self.script = script }

  func draw(_ frame: Frame) { frames.append(frame) }

  func nextKey(timeoutMilliseconds: Int) -> PickerKey? {
    guard !script.isEmpty else { return .character("q") }
    if let key = script.removeFirst() { return key }
    onPause(frames)
    Thread.sleep(forTimeInterval: Double(min(timeoutMilliseconds, 2)) / 1000)
    return nil
  }
}

/// Every icon's previews in a colour of its own.
private func colour(of name: String) -> UInt8 { UInt8(truncatingIfNeeded: name.utf8.count * 9) }

private func preview(_ key: ThumbnailKey) -> Thumbnailer.Result {
  Thumbnailer.Result(
    image: CellImage(
      columns: key.columns, rows: key.rows,
      cells: Array(
        repeating: IconCell(
          glyph: "▀", foreground: .rgb(colour(of: key.name), 1, 2), background: .terminalDefault),
        count: key.columns * key.rows)))
}

private func cursorIsOnBlue(_ frame: Frame) -> Bool {
  frame.lines.contains { $0.hasPrefix("❯") && $0.contains("AppIcon-Blue") }
}

/// Whether the preview pane shows Blue's large preview.
private func paneShowsBlue(_ frame: Frame) -> Bool {
  guard let box = PickerLayout.previewBox(size: frame.size) else { return false }
  return frame[box.top + 1, box.column + 1].style.foreground
    == .rgb(colour(of: "AppIcon-Blue"), 1, 2)
}

@Suite struct PickerRedrawTests {
  @Test func aMoveIsDrawnOnceWithItsPreviewWhenThePreviewComesQuickly() throws {
    let pause = [PickerKey?](repeating: nil, count: 40)
    let terminal = PacedTerminal(script: pause + [.down] + pause)
    var session = PickerSession(
      model: PickerModel(app: makeApp(), activeName: nil, size: roomy), terminal: terminal,
      setAlternateIconName: { _ in [] }, renderThumbnail: preview)
    // Long enough that only a preview that never comes could make the frame go without it.
    session.previewWait = .seconds(30)
    #expect(session.run() == .quit(activeName: "AppIcon"))
    let moved = terminal.frames.filter(cursorIsOnBlue)
    #expect(moved.count == 1)
    let everyMoveShowsItsPreview = moved.allSatisfy(paneShowsBlue)
    #expect(everyMoveShowsItsPreview)
    // The first frame still comes at once, before any preview.
    #expect(terminal.frames.first.map(paneShowsBlue) == false)
  }

  @Test func aSlowPreviewDoesNotHoldTheMoveBack() throws {
    let release = DispatchSemaphore(value: 0)
    let pause = [PickerKey?](repeating: nil, count: 400)
    let terminal = PacedTerminal(script: Array(pause.prefix(40)) + [.down] + pause)
    var sawPlaceholder = false
    terminal.onPause = { frames in
      if !sawPlaceholder, let last = frames.last, cursorIsOnBlue(last), !paneShowsBlue(last) {
        sawPlaceholder = true
        release.signal()
      }
    }
    var session = PickerSession(
      model: PickerModel(app: makeApp(), activeName: nil, size: roomy), terminal: terminal,
      setAlternateIconName: { _ in [] },
      renderThumbnail: { key in
        if key.name == "AppIcon-Blue" && key.columns > 6 {
          _ = release.wait(timeout: .now() + 10)
        }
        return preview(key)
      })
    session.previewWait = .milliseconds(5)
    #expect(session.run() == .quit(activeName: "AppIcon"))
    #expect(sawPlaceholder, "the move waited for the preview")
    #expect(terminal.frames.last.map(paneShowsBlue) == true)
  }
}
