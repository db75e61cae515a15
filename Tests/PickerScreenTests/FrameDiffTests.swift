import Foundation
import IconRender
import Testing

@testable import PickerScreen

/// What a terminal shows after writing `runs` over `frame`, cell by cell.
private func applying(_ runs: [FrameRun], to frame: Frame) -> Frame {
  var result = frame
  for run in runs {
    let used = result.put(run.text, row: run.row, column: run.column, style: run.style)
    #expect(used == run.width, "a run's text fills exactly its cells")
  }
  return result
}

/// The cells where two frames of one size differ, as (row, column) pairs.
private func changedCells(_ old: Frame, _ new: Frame) -> Set<[Int]> {
  var cells: Set<[Int]> = []
  for row in 0..<new.size.rows {
    for column in 0..<new.size.columns where old[row, column] != new[row, column] {
      cells.insert([row, column])
    }
  }
  return cells
}

private func covered(_ runs: [FrameRun]) -> Set<[Int]> {
  Set(runs.flatMap { run in (run.column..<run.column + run.width).map { [run.row, $0] } })
}

/// A preview of one flat colour per icon, so every icon's preview differs from the next.
private func flat(_ key: ThumbnailKey, _ red: UInt8) -> CellImage {
  CellImage(
    columns: key.columns, rows: key.rows,
    cells: Array(
      repeating: IconCell(glyph: "▀", foreground: .rgb(red, 1, 2), background: .rgb(red, 3, 4)),
      count: key.columns * key.rows))
}

@Suite struct FrameDiffTests {
  @Test func withoutAPreviousFrameEveryCellIsWrittenOneRunPerStyle() {
    var frame = Frame(size: TerminalSize(columns: 10, rows: 3))
    frame.put("ab", row: 0, column: 0, style: CellStyle(attributes: [.bold]))
    frame.put("漢x", row: 1, column: 3)
    let runs = frame.runs(since: nil)
    #expect(covered(runs).count == 30)
    #expect(runs.filter { $0.row == 0 }.map(\.text) == ["ab", "        "])
    #expect(runs.filter { $0.row == 1 }.map(\.text) == ["   漢x    "])
    let reproduced = applying(runs, to: Frame(size: frame.size)) == frame
    #expect(reproduced, "writing the runs gives the new frame")
    // A frame of another size is drawn whole, too.
    #expect(covered(frame.runs(since: Frame(size: TerminalSize(columns: 9, rows: 3)))).count == 30)
  }

  @Test func aSmallerScreenGetsOnlyWhatFits() {
    var frame = Frame(size: TerminalSize(columns: 10, rows: 3))
    frame.put("abcdefghij", row: 2, column: 0)
    let runs = frame.runs(since: nil, within: TerminalSize(columns: 4, rows: 2))
    #expect(covered(runs) == Set((0..<2).flatMap { row in (0..<4).map { [row, $0] } }))
  }

  @Test func anUnchangedFrameWritesNothing() {
    var frame = Frame(size: TerminalSize(columns: 20, rows: 4))
    frame.put("Hello", row: 1, column: 2)
    #expect(frame.runs(since: frame).isEmpty)
  }

  @Test func onlyTheChangedCellsAreWritten() {
    var old = Frame(size: TerminalSize(columns: 20, rows: 4))
    old.put("Icon 0012", row: 1, column: 2)
    old.put("Icon 0013", row: 3, column: 2)
    var new = old
    new.put("Icon 0013", row: 1, column: 2)
    new.restyle(row: 3, column: 2, count: 4) { $0.attributes.insert(.reverse) }
    let runs = new.runs(since: old)
    #expect(
      runs == [
        FrameRun(row: 1, column: 10, width: 1, text: "3", style: .plain),
        FrameRun(
          row: 3, column: 2, width: 4, text: "Icon", style: CellStyle(attributes: [.reverse])),
      ])
  }

  @Test func wideCharactersAreNeverWrittenOrOverwrittenByHalf() {
    var old = Frame(size: TerminalSize(columns: 12, rows: 2))
    old.put("a漢b", row: 0, column: 0)
    old.put("字", row: 1, column: 4)
    // Only the right half's style changes: the whole character is written again.
    var restyled = old
    restyled.restyle(row: 0, column: 2, count: 1) { $0.attributes.insert(.bold) }
    let runs = restyled.runs(since: old)
    #expect(covered(runs) == [[0, 1], [0, 2]])
    #expect(runs.map(\.text).joined() == "漢")
    // Another wide character in the same place: its right half is unchanged but goes with it.
    var replaced = old
    replaced.put("漢", row: 1, column: 4)
    #expect(changedCells(old, replaced) == [[1, 4]])
    #expect(
      replaced.runs(since: old) == [FrameRun(row: 1, column: 4, width: 2, text: "漢", style: .plain)]
    )
    // A narrow character over either half of a wide one leaves no half behind.
    var over = old
    over.put("x", row: 1, column: 5)
    #expect(over.text(row: 1) == "     x      ")
    over.put("y", row: 0, column: 1)
    #expect(over.text(row: 0) == "ay b        ")
    let reproduced = applying(over.runs(since: old), to: old) == over
    #expect(reproduced, "writing the runs gives the new frame")
  }

  @Test func randomEditsAreReproducedExactlyFromTheirRuns() {
    var generator = SystemRandomNumberGenerator()
    let glyphs = ["a", "b", "─", "漢", "✓", " "]
    let styles = [
      CellStyle.plain, CellStyle(attributes: [.reverse]), CellStyle(foreground: .rgb(1, 2, 3)),
    ]
    for _ in 0..<200 {
      var old = Frame(size: TerminalSize(columns: 16, rows: 3))
      for _ in 0..<10 {
        old.put(
          glyphs.randomElement(using: &generator)!, row: Int.random(in: 0..<3, using: &generator),
          column: Int.random(in: 0..<16, using: &generator),
          style: styles.randomElement(using: &generator)!)
      }
      var new = old
      for _ in 0..<Int.random(in: 0..<6, using: &generator) {
        new.put(
          glyphs.randomElement(using: &generator)!, row: Int.random(in: 0..<3, using: &generator),
          column: Int.random(in: 0..<16, using: &generator),
          style: styles.randomElement(using: &generator)!)
      }
      let runs = new.runs(since: old)
      let changed = changedCells(old, new)
      #expect(covered(runs).isSuperset(of: changed))
      // Beyond the changed cells, only the other halves of wide characters are written.
      for cell in covered(runs).subtracting(changed) {
        let (row, column) = (cell[0], cell[1])
        let wideHere =
          new[row, column].isContinuation || old[row, column].isContinuation
          || (column + 1 < 16
            && (new[row, column + 1].isContinuation || old[row, column + 1].isContinuation))
        #expect(wideHere)
      }
      let reproduced = applying(runs, to: old) == new
      #expect(reproduced, "writing the runs gives the new frame")
    }
  }

  @Test func asciiTextIsMeasuredAndPlacedAsCharacterByCharacter() {
    for text in ["Icon 0013", "a\tb\u{7F}c", "\r\nx", "", "  AppIcon-Blue  ", "0123456789abc"] {
      #expect(TextWidth.of(text) == text.reduce(0) { $0 + TextWidth.of($1) })
      var placed = Frame(size: TerminalSize(columns: 12, rows: 1))
      var expected = placed
      let used = placed.put(text, row: 0, column: 1, limit: 8)
      var x = 1
      for character in text where TextWidth.of(character) > 0 {
        if x + 1 > 9 { break }
        expected[0, x] = Cell(glyph: String(character))
        x += 1
      }
      #expect(used == x - 1)
      #expect(placed.text(row: 0) == expected.text(row: 0))
    }
  }

  /// A cursor move in a long list rewrites two rows and the preview pane; the
  /// frame a terminal ends up with equals one rendered from scratch.
  @Test func aCursorMoveWritesOnlyTheTwoRowsAndThePreview() throws {
    let names = (0..<2000).map { String(format: "AppIcon-%04d", $0) }
    var model = PickerModel(app: makeApp(alternates: names), activeName: nil, size: roomy)
    let preview = try #require(PickerLayout.previewImageSize(size: roomy))
    for (offset, item) in model.items.prefix(40).enumerated() {
      let large = ThumbnailKey(
        name: item.name, columns: preview.columns, rows: preview.rows, appearance: .any)
      let small = ThumbnailKey(name: item.name, columns: 6, rows: 2, appearance: .any)
      model.apply(.thumbnailReady(large, flat(large, UInt8(offset))))
      model.apply(.thumbnailReady(small, flat(small, UInt8(offset))))
    }
    model.apply(.moveDown)
    let before = PickerLayout.render(model, size: roomy)
    model.apply(.moveDown)
    let after = PickerLayout.render(model, size: roomy)
    let runs = after.runs(since: before)
    let reproduced = applying(runs, to: before) == after
    #expect(reproduced, "writing the runs gives the new frame")
    #expect(covered(runs) == changedCells(before, after))

    let box = try #require(PickerLayout.previewBox(size: roomy))
    let oldRow = try #require(before.row(containing: "❯"))
    let newRow = try #require(after.row(containing: "❯"))
    #expect(newRow == oldRow + PickerLayout.itemHeight)
    let listWidth = PickerLayout.listColumns(for: roomy).list
    for run in runs {
      let inPane = run.column >= box.column && (box.top...box.bottom).contains(run.row)
      let inMovedRows = [oldRow, newRow].contains(run.row) && run.column + run.width <= listWidth
      #expect(inPane || inMovedRows, "unexpected write at \(run.row),\(run.column): \(run.text)")
    }
    // The whole preview image changed (another icon), and so did its label.
    let paneCells = covered(runs).filter { $0[1] >= box.column }.count
    #expect(paneCells >= preview.columns * preview.rows)
  }
}
