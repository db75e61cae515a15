import Foundation
import IconCatalog
import IconRender
import Testing

@testable import PickerScreen

@Suite struct PickerPreviewTests {
  /// A preview of one flat colour, easy to find on screen.
  func flat(_ key: ThumbnailKey, _ red: UInt8) -> CellImage {
    CellImage(
      columns: key.columns, rows: key.rows,
      cells: Array(
        repeating: IconCell(glyph: "▀", foreground: .rgb(red, 1, 2), background: .rgb(red, 3, 4)),
        count: key.columns * key.rows))
  }

  @Test func theScreenAsksForTheLargePreviewFirstThenEachVisibleRow() throws {
    let model = PickerModel(app: makeApp(), activeName: "AppIcon-Pink", size: roomy)
    let keys = PickerLayout.thumbnailKeys(model, size: roomy)
    #expect(keys.first?.name == "AppIcon-Pink")
    #expect(keys.first.map { $0.columns > 6 } == true)
    #expect(keys.dropFirst().map(\.name) == model.items.map(\.name))
    #expect(keys.dropFirst().allSatisfy { $0.columns == 6 && $0.rows == 2 })
    #expect(PickerLayout.thumbnailKeys(model, size: TerminalSize(columns: 10, rows: 3)).isEmpty)
  }

  @Test func aReadyPreviewReplacesThePlaceholderAndTheHighlightLeavesItAlone() throws {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    model.apply(.moveDown)
    let keys = PickerLayout.thumbnailKeys(model, size: roomy)
    let blue = try #require(keys.first { $0.name == "AppIcon-Blue" && $0.columns == 6 })
    model.apply(.thumbnailReady(blue, flat(blue, 200)))
    let frame = PickerLayout.render(model, size: roomy)
    let row = try #require(frame.row(containing: "AppIcon-Blue"))
    for column in 2..<8 {
      #expect(frame[row, column].glyph == "▀")
      #expect(frame[row, column].style.foreground == .rgb(200, 1, 2))
      #expect(!frame[row, column].style.attributes.contains(.reverse))
    }
    // Rows without a preview yet keep the placeholder box.
    let green = try #require(frame.row(containing: "AppIcon-Green"))
    #expect(frame[green, 2].glyph == "┌")
  }

  @Test func thePreviewPaneShowsTheCursorIconAndItsName() throws {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    model.apply(.moveDown)
    let key = try #require(PickerLayout.thumbnailKeys(model, size: roomy).first)
    #expect(key.name == "AppIcon-Blue")
    model.apply(.thumbnailReady(key, flat(key, 77)))
    let frame = PickerLayout.render(model, size: roomy)
    let painted = frame.cells.filter { $0.style.foreground == .rgb(77, 1, 2) }
    #expect(painted.count == key.columns * key.rows)
    #expect(
      frame.lines.contains {
        $0.contains("│") && $0.contains("Blue") && !$0.contains("AppIcon-Blue")
      })
  }

  @Test func forgettingKeepsOnlyTheGivenPreviews() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    let small = ThumbnailKey(name: "AppIcon", columns: 6, rows: 2, appearance: .any)
    let large = ThumbnailKey(name: "AppIcon", columns: 31, rows: 14, appearance: .any)
    model.apply(.thumbnailReady(small, flat(small, 1)))
    model.apply(.thumbnailReady(large, flat(large, 2)))
    model.apply(.forgetThumbnails(keep: [small]))
    #expect(Array(model.thumbnails.keys) == [small])
  }

  @Test func appearancesCycleOnlyWhenTheIconsHaveThem() throws {
    var app = makeApp()
    #expect(PickerModel(app: app, activeName: nil, size: roomy).appearances == [.any])
    #expect(
      PickerModel(app: app, activeName: nil, size: roomy).action(for: .character("a"), size: roomy)
        == nil)
    app.alternates[0].renditions = [
      IconRendition(file: nil, idiom: "universal", pointSize: 1024, scale: 1, appearance: .dark),
      IconRendition(file: nil, idiom: "universal", pointSize: 1024, scale: 1, appearance: .tinted),
    ]
    var model = PickerModel(app: app, activeName: nil, size: roomy)
    #expect(model.appearances == [.any, .dark, .tinted])
    #expect(model.title == "App Icon · Palette · Any")
    model.apply(try #require(model.action(for: .character("a"), size: roomy)))
    #expect(model.appearance == .dark)
    #expect(model.title == "App Icon · Palette · Dark")
    #expect(PickerLayout.thumbnailKeys(model, size: roomy).allSatisfy { $0.appearance == .dark })
    model.apply(.cycleAppearance)
    model.apply(.cycleAppearance)
    #expect(model.appearance == .any)
  }

  @Test func theSessionFillsInPreviewsRenderedInTheBackground() throws {
    // The terminal idles (no keys) until every preview has arrived, then quits.
    final class WaitingTerminal: PickerTerminal {
      var size = roomy
      var frames: [Frame] = []
      var idleTurns = 0
      let expected: Int
      init(expected: Int) { self.expected = expected }
      func draw(_ frame: Frame) { frames.append(frame) }
      func nextKey(timeoutMilliseconds: Int) -> PickerKey? {
        idleTurns += 1
        let painted = frames.last?.cells.filter { $0.style.foreground == .rgb(9, 1, 2) }.count ?? 0
        if painted == expected || idleTurns > 2000 { return .character("q") }
        Thread.sleep(forTimeInterval: 0.005)
        return nil
      }
    }
    let model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    let keys = PickerLayout.thumbnailKeys(model, size: roomy)
    let terminal = WaitingTerminal(expected: keys.reduce(0) { $0 + $1.columns * $1.rows })
    var session = PickerSession(
      model: model, terminal: terminal, setAlternateIconName: { _ in [] },
      renderThumbnail: { key in
        Thumbnailer.Result(
          image: CellImage(
            columns: key.columns, rows: key.rows,
            cells: Array(
              repeating: IconCell(
                glyph: "▀", foreground: .rgb(9, 1, 2), background: .terminalDefault),
              count: key.columns * key.rows)))
      })
    #expect(session.run() == .quit(activeName: "AppIcon"))
    // The first frame came before any preview: placeholders first, previews after.
    #expect(terminal.frames.first?.cells.contains { $0.style.foreground == .rgb(9, 1, 2) } == false)
    #expect(terminal.frames.last?.cells.contains { $0.style.foreground == .rgb(9, 1, 2) } == true)
    #expect(session.model.thumbnails.count == keys.count)
    #expect(terminal.idleTurns <= 2000, "the previews never all arrived")
  }

  @Test func thePlaceholdersReasonShowsInTheFooterForTheCursorIcon() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    model.apply(
      .thumbnailProblem(
        name: "AppIcon-Blue",
        "/a/long/path/to/the/catalog/Blue.png: a Git LFS pointer, not the image"))
    #expect(!PickerLayout.render(model, size: roomy).text(row: roomy.rows - 1).contains("LFS"))
    model.apply(.moveDown)
    #expect(
      PickerLayout.render(model, size: roomy).text(row: roomy.rows - 1).hasPrefix(
        " Blue.png: a Git LFS pointer, not the image"))
  }
}
