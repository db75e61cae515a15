import Foundation
import IconCatalog
import IconRender
import IconState
import Testing

@testable import PickerScreen

/// The grid view (`v`): tiles with a preview and the name under it, moved through in two
/// dimensions, filtered like the list, remembered across runs.
@Suite struct PickerGridTests {
  func gridModel(
    alternates: [String] = paletteAlternates, activeName: String? = nil, size: TerminalSize = roomy
  ) -> PickerModel {
    PickerModel(
      app: makeApp(alternates: alternates), activeName: activeName, size: size, view: .grid)
  }

  /// A preview of one flat colour, easy to find on screen.
  func flat(_ key: ThumbnailKey, _ red: UInt8) -> CellImage {
    CellImage(
      columns: key.columns, rows: key.rows,
      cells: Array(
        repeating: IconCell(glyph: "▀", foreground: .rgb(red, 1, 2), background: .rgb(red, 3, 4)),
        count: key.columns * key.rows))
  }

  /// Every icon's preview ready, each in its own red.
  func withPreviews(_ model: PickerModel, size: TerminalSize = roomy) -> PickerModel {
    var model = model
    for (offset, key) in PickerLayout.thumbnailKeys(model, size: size).enumerated() {
      model.apply(.thumbnailReady(key, flat(key, UInt8(100 + offset))))
    }
    return model
  }

  // MARK: - Shape

  @Test func tilesAreAsLargeAsTheWindowAllowsWithSeveralInARow() throws {
    let roomyGrid = try #require(PickerLayout.grid(for: roomy))
    #expect(roomyGrid.columns == 4 && roomyGrid.rows == 2)
    #expect(roomyGrid.previewColumns == 20 && roomyGrid.previewRows == 10)
    let classic = try #require(PickerLayout.grid(for: TerminalSize(columns: 80, rows: 24)))
    #expect(classic.columns >= 3 && classic.rows >= 2)
    #expect(classic.previewColumns >= 12 && classic.previewRows >= 6)
    let large = try #require(PickerLayout.grid(for: TerminalSize(columns: 220, rows: 70)))
    #expect(large.previewColumns > roomyGrid.previewColumns)
    #expect(large.columns >= 3)
    // The tiles fit the window.
    for size in [roomy, TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 220, rows: 70)] {
      let grid = try #require(PickerLayout.grid(for: size))
      #expect(grid.left + grid.columns * (grid.tileWidth + 1) - 1 <= size.columns)
      #expect(PickerLayout.headerRows + grid.rows * grid.tileHeight <= size.rows - 2)
    }
    // Too small for any tile: none, and the grid shows as the list.
    #expect(PickerLayout.grid(for: TerminalSize(columns: 20, rows: 6)) == nil)
    #expect(PickerLayout.grid(for: TerminalSize(columns: 1, rows: 1)) == nil)
  }

  @Test func namesSitUnderTheirTilesFourToARow() throws {
    let model = withPreviews(gridModel())
    let frame = PickerLayout.render(model, size: roomy)
    let grid = try #require(PickerLayout.grid(for: roomy))
    let nameRow = PickerLayout.headerRows + 1 + grid.previewRows
    let first = frame.text(row: nameRow)
    for name in ["Default", "Blue", "Green", "Orange"] { #expect(first.contains(name), "\(first)") }
    let second = frame.text(row: nameRow + grid.tileHeight)
    for name in ["Pink", "Purple", "Teal", "Yellow"] { #expect(second.contains(name), "\(second)") }
    // Each name is centred under its own preview.
    for (slot, name) in ["Default", "Blue", "Green", "Orange"].enumerated() {
      let origin = grid.origin(slot: slot)
      let shown = (origin.column + 1..<origin.column + 1 + grid.previewColumns).map {
        frame[nameRow, $0].glyph
      }.joined()
      #expect(shown.contains(name), "\(first)")
    }
    #expect(frame.text(row: 0).contains("8 icons"))
  }

  @Test func theActiveTileWearsTheCheckmarkAndTheCursorTileItsFrame() throws {
    var model = withPreviews(gridModel(activeName: "AppIcon-Green"))
    model.apply(.moveRight)
    let frame = PickerLayout.render(model, size: roomy)
    let grid = try #require(PickerLayout.grid(for: roomy))
    let nameRow = PickerLayout.headerRows + 1 + grid.previewRows
    // The cursor starts on the active icon; → moves to Orange, the checkmark stays on Green.
    #expect(model.cursorItem?.name == "AppIcon-Orange")
    #expect(frame.text(row: nameRow).contains("✓ Green"))
    #expect(frame.lines.filter { $0.contains("✓") }.count == 1)
    #expect(frame.lines.joined().filter { $0 == "❯" }.count == 1)
    let orange = grid.origin(slot: 3)
    #expect(frame[orange.row, orange.column].glyph == "┌")
    #expect(
      frame[orange.row + grid.tileHeight - 1, orange.column + grid.tileWidth - 1].glyph == "┘")
    #expect(frame[nameRow, orange.column].glyph == "❯")
    // Only the cursor's tile is framed.
    let green = grid.origin(slot: 2)
    #expect(frame[green.row, green.column].glyph == " ")
  }

  @Test func theHighlightNeverRecoloursAPreview() throws {
    var model = withPreviews(gridModel())
    model.apply(.moveRight)
    let frame = PickerLayout.render(model, size: roomy)
    let grid = try #require(PickerLayout.grid(for: roomy))
    let tile = grid.origin(slot: 1)
    let key = try #require(PickerLayout.thumbnailKeys(model, size: roomy).first)
    #expect(key.name == "AppIcon-Blue")
    for y in 0..<grid.previewRows {
      for x in 0..<grid.previewColumns {
        let cell = frame[tile.row + 1 + y, tile.column + 1 + x]
        #expect(cell.glyph == "▀")
        #expect(cell.style.attributes.isEmpty)
        #expect(cell.style.foreground == .rgb(101, 1, 2))
      }
    }
    // The name row under it is highlighted, all of it.
    let nameRow = tile.row + 1 + grid.previewRows
    for x in 0..<grid.previewColumns {
      #expect(frame[nameRow, tile.column + 1 + x].style.attributes.contains(.reverse))
    }
    // No other cell of the screen is reversed.
    let reversed = frame.cells.filter { $0.style.attributes.contains(.reverse) }
    #expect(reversed.count == grid.previewColumns)
  }

  @Test func longNamesAreCutWithAnEllipsis() throws {
    let model = gridModel(alternates: ["AppIcon-AVeryLongNameIndeedThatCannotFit"])
    let frame = PickerLayout.render(model, size: roomy)
    #expect(frame.lines.contains { $0.contains("…") })
    #expect(!frame.lines.contains { $0.contains("CannotFit") })
  }

  @Test func theScreenAsksForTheTilesPreviewsCursorFirst() throws {
    var model = gridModel()
    model.apply(.moveDown)
    let keys = PickerLayout.thumbnailKeys(model, size: roomy)
    let grid = try #require(PickerLayout.grid(for: roomy))
    #expect(keys.count == 8)
    #expect(keys.first?.name == "AppIcon-Pink")
    #expect(
      keys.allSatisfy { $0.columns == grid.previewColumns && $0.rows == grid.previewRows })
    #expect(Set(keys.map(\.name)) == Set(model.items.map(\.name)))
  }

  @Test func everySizeDrawsDownToOneCell() {
    var model = gridModel(
      alternates: (1...30).map { "AppIcon-Alternate\($0)" }, activeName: "AppIcon-Alternate20")
    for columns in [1, 2, 5, 19, 20, 24, 30, 41, 60, 80, 133] {
      for rows in [1, 2, 5, 6, 9, 10, 12, 17, 24, 50] {
        let size = TerminalSize(columns: columns, rows: rows)
        model.apply(.resize(size))
        let frame = PickerLayout.render(model, size: size)
        #expect(frame.size == size)
        if PickerLayout.isTooSmall(size) {
          #expect(frame.text(row: 0).hasPrefix(String("Too small".prefix(columns))))
          #expect(PickerLayout.thumbnailKeys(model, size: size).isEmpty)
        } else {
          // The cursor's icon is on screen whatever the shape.
          #expect(frame.lines.contains { $0.contains("❯") }, "\(size)")
        }
        _ = PickerLayout.thumbnailKeys(model, size: size)
        model.apply(.moveDown)
        model.apply(.moveRight)
      }
    }
  }

  @Test func aWindowTooSmallForATileShowsTheList() {
    let size = TerminalSize(columns: 100, rows: 7)
    let model = gridModel(size: size)
    #expect(!model.showsGrid)
    #expect(model.gridColumns == 1)
    let frame = PickerLayout.render(model, size: size)
    #expect(frame.text(row: 2).contains("Default"))
    #expect(frame.text(row: size.rows - 1).contains("v list"))
    #expect(model.action(for: .left, size: size) == nil)
  }

  @Test func asciiAndNoColourKeepEveryMark() throws {
    var model = PickerModel(
      app: makeApp(), activeName: "AppIcon-Blue", glyphs: .ascii, size: roomy, view: .grid)
    model.apply(.moveRight)
    let frame = PickerLayout.render(model, size: roomy)
    let text = frame.lines.joined(separator: "\n")
    #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
    #expect(text.contains("* Blue"))
    #expect(text.contains(">"))
    #expect(frame.text(row: roomy.rows - 1).contains("arrows move"))
    #expect(frame.text(row: roomy.rows - 1).contains("v list"))
  }

  // MARK: - Moving

  @Test func arrowsMoveInTwoDimensionsAndWrap() {
    var model = gridModel()
    #expect(model.gridColumns == 4)
    func go(_ action: PickerAction) -> Int {
      model.apply(action)
      return model.cursor
    }
    #expect(go(.moveRight) == 1)
    #expect(go(.moveRight) == 2)
    #expect(go(.moveRight) == 3)
    // → at the end of a row: the start of the next.
    #expect(go(.moveRight) == 4)
    // ← at the start of a row: the end of the row above.
    #expect(go(.moveLeft) == 3)
    #expect(go(.moveDown) == 7)
    // ↓ from the last row: the same column of the first; ↑ from the first: of the last.
    #expect(go(.moveDown) == 3)
    #expect(go(.moveUp) == 7)
    #expect(go(.moveUp) == 3)
    #expect(go(.moveToFirst) == 0)
    // ← from the first item: the last; → from the last: the first.
    #expect(go(.moveLeft) == 7)
    #expect(go(.moveRight) == 0)
    #expect(go(.moveToLast) == 7)
  }

  @Test func aShortLastRowIsReachedFromTheRowAbove() {
    // 10 icons, 4 to a row: the last row holds 2.
    var model = gridModel(alternates: (1...9).map { "AppIcon-Alternate\($0)" })
    model.apply(.moveRight)
    model.apply(.moveRight)
    model.apply(.moveRight)
    model.apply(.moveDown)
    #expect(model.cursor == 7)
    // Column 3 has nothing in the last row: ↓ goes to the last icon.
    model.apply(.moveDown)
    #expect(model.cursor == 9)
    // ↑ from column 3 of the first row: the last row has no column 3, so the row above it.
    model.apply(.moveToFirst)
    for _ in 0..<3 { model.apply(.moveRight) }
    model.apply(.moveUp)
    #expect(model.cursor == 7)
  }

  @Test func pagesMoveAScreenOfTilesAndScrollByRows() throws {
    let size = TerminalSize(columns: 100, rows: 20)
    var model = gridModel(alternates: (1...39).map { "AppIcon-Alternate\($0)" }, size: size)
    let columns = model.gridColumns
    #expect(columns >= 3)
    #expect(model.pageSize % columns == 0)
    model.apply(.pageDown)
    #expect(model.cursor == model.pageSize)
    // Scrolled so the cursor's row shows, by whole rows.
    #expect(model.scrollTop % columns == 0)
    let range = PickerLayout.visibleRange(model, size: size)
    #expect(range.contains(model.cursor))
    #expect(range.lowerBound % columns == 0)
    model.apply(.pageUp)
    #expect(model.cursor == 0)
    model.apply(.moveToLast)
    let lastName = try #require(model.items.last?.displayName)
    #expect(PickerLayout.render(model, size: size).lines.contains { $0.contains(lastName) })
  }

  @Test func keysMeanTheirGridMoves() {
    let model = gridModel()
    #expect(model.action(for: .left, size: roomy) == .moveLeft)
    #expect(model.action(for: .right, size: roomy) == .moveRight)
    #expect(model.action(for: .character("h"), size: roomy) == .moveLeft)
    #expect(model.action(for: .character("l"), size: roomy) == .moveRight)
    #expect(model.action(for: .character("k"), size: roomy) == .moveUp)
    #expect(model.action(for: .character("j"), size: roomy) == .moveDown)
    #expect(model.action(for: .character("v"), size: roomy) == .toggleView)
    #expect(model.action(for: .character("g"), size: roomy) == .moveToFirst)
    #expect(model.action(for: .character("G"), size: roomy) == .moveToLast)
    #expect(model.action(for: .wheelDown, size: roomy) == .moveBy(4))
    let list = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    #expect(list.action(for: .left, size: roomy) == nil)
    #expect(list.action(for: .character("l"), size: roomy) == nil)
    #expect(list.action(for: .character("v"), size: roomy) == .toggleView)
  }

  @Test func aClickOnATileChoosesIt() throws {
    let model = gridModel()
    let grid = try #require(PickerLayout.grid(for: roomy))
    let tile = grid.origin(slot: 5)
    #expect(
      model.action(for: .click(row: tile.row + 3, column: tile.column + 4), size: roomy)
        == .pick(index: 5))
    #expect(model.action(for: .click(row: 0, column: 5), size: roomy) == nil)
  }

  @Test func enterChoosesTheTileWithTheSameAlert() {
    var model = gridModel()
    model.apply(.moveDown)
    #expect(model.apply(.choose) == .setAlternateIconName("AppIcon-Pink"))
    model.apply(.iconChanged(alternateIconName: "AppIcon-Pink", notices: []))
    let frame = PickerLayout.render(model, size: roomy)
    #expect(frame.lines.contains { $0.contains("You have changed the icon for “Palette”.") })
  }

  // MARK: - Filter and toggle

  @Test func theFilterNarrowsTheGridToItsMatches() throws {
    var model = gridModel()
    model.apply(.openFilter)
    model.apply(.typeInFilter("r"))
    let names = model.rows.map { model.items[$0].displayName }
    #expect(Set(names) == ["Green", "Orange", "Purple"])
    let frame = PickerLayout.render(model, size: roomy)
    let grid = try #require(PickerLayout.grid(for: roomy))
    let nameRow = PickerLayout.headerRows + 1 + grid.previewRows
    #expect(frame.text(row: nameRow).contains(names[0]))
    #expect(!frame.lines.contains { $0.contains("Teal") })
    // Arrows keep their grid meaning while typing; letters type.
    #expect(model.action(for: .right, size: roomy) == .moveRight)
    #expect(model.action(for: .character("l"), size: roomy) == .typeInFilter("l"))
    #expect(model.action(for: .character("v"), size: roomy) == .typeInFilter("v"))
    #expect(frame.text(row: roomy.rows - 1).contains("←↑↓→ move"))
    model.apply(.moveRight)
    #expect(model.cursorItem?.displayName == names[1])
    // A match's letters are underlined under its tile.
    let underlined = frame.cells.filter { $0.style.attributes.contains(.underline) }
    #expect(!underlined.isEmpty && underlined.allSatisfy { $0.glyph.lowercased() == "r" })

    model.apply(.typeInFilter("zzz"))
    let none = PickerLayout.render(model, size: roomy)
    #expect(none.lines.contains { $0.contains("No icon matches “rzzz”") })
    #expect(PickerLayout.thumbnailKeys(model, size: roomy).isEmpty)
  }

  @Test func vTogglesTheViewKeepsTheCursorAndAsksToRememberIt() throws {
    var model = PickerModel(app: makeApp(), activeName: "AppIcon-Teal", size: roomy)
    #expect(model.view == .list)
    #expect(PickerLayout.render(model, size: roomy).text(row: roomy.rows - 1).contains("v grid"))
    #expect(model.apply(.toggleView) == .saveView(.grid))
    #expect(model.view == .grid && model.showsGrid && model.gridColumns == 4)
    #expect(model.cursorItem?.name == "AppIcon-Teal")
    let frame = PickerLayout.render(model, size: roomy)
    #expect(frame.text(row: roomy.rows - 1).hasPrefix(" ←↑↓→ move   ⏎ choose   / filter   v list"))
    #expect(frame.lines.contains { $0.contains("Default") && $0.contains("Orange") })
    #expect(model.apply(.toggleView) == .saveView(.list))
    #expect(model.gridColumns == 1)
    #expect(model.pageSize == PickerLayout.pageSize(for: roomy))
    #expect(model.cursorItem?.name == "AppIcon-Teal")
  }

  @Test func theAlertStaysModalInTheGrid() {
    var model = gridModel()
    model.apply(.iconChanged(alternateIconName: "AppIcon-Blue", notices: []))
    #expect(model.action(for: .character("v"), size: roomy) == nil)
    #expect(model.action(for: .right, size: roomy) == nil)
  }

  // MARK: - Session

  @Test func theSessionRemembersTheViewThroughItsStore() throws {
    final class Saved: @unchecked Sendable { var views: [PickerViewStyle] = [] }
    let saved = Saved()
    let store = PreferenceStore(
      load: { PickerPreferences() }, save: { saved.views.append($0.view) })
    let terminal = ScriptedTerminal(
      size: roomy, keys: [.character("v"), .right, .down, .enter, .enter, .character("q")])
    var recorded: [String?] = []
    var session = PickerSession(
      model: PickerModel(app: makeApp(), activeName: nil, size: roomy), terminal: terminal,
      setAlternateIconName: { name in
        recorded.append(name)
        return []
      }, preferences: store)
    #expect(session.run() == .quit(activeName: "AppIcon-Purple"))
    #expect(recorded == ["AppIcon-Purple"])
    #expect(saved.views == [.grid])
    #expect(terminal.frames.contains { $0.row(containing: "You have changed") != nil })
    let last = try #require(terminal.frames.last)
    #expect(last.lines.contains { $0.contains("✓ Purple") })
  }

  @Test func aViewThatCannotBeRememberedSaysSo() throws {
    let store = PreferenceStore(
      load: { PickerPreferences() },
      save: { _ throws(IconStateError) in
        throw .writeFailed(file: "/state/picker.json", reason: "No space left on device")
      })
    let terminal = ScriptedTerminal(size: roomy, keys: [.character("v"), .character("q")])
    var session = PickerSession(
      model: PickerModel(app: makeApp(), activeName: nil, size: roomy), terminal: terminal,
      setAlternateIconName: { _ in [] }, preferences: store)
    #expect(session.run() == .quit(activeName: "AppIcon"))
    let shown = terminal.frames.last?.lines.joined(separator: "\n") ?? ""
    #expect(shown.contains("not remembered"), "\(shown)")
  }
}
