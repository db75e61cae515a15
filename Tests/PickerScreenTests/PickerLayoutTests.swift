import IconCatalog
import Testing

@testable import PickerScreen

@Suite struct PickerLayoutTests {
  @Test func headerShowsTitleAndCount() {
    let frame = PickerLayout.render(
      PickerModel(app: makeApp(), activeName: nil, size: roomy), size: roomy)
    #expect(frame.text(row: 0).hasPrefix(" App Icon · Palette"))
    #expect(frame.text(row: 0).hasSuffix("8 icons "))
    #expect(frame.text(row: 1).contains("────"))
  }

  @Test func checkmarkAndCursorAreSeparateMarks() throws {
    var model = PickerModel(app: makeApp(), activeName: "AppIcon-Blue", size: roomy)
    var frame = PickerLayout.render(model, size: roomy)
    let activeRow = try #require(frame.row(containing: "AppIcon-Blue"))
    // Cursor and checkmark share the row, each readable.
    #expect(frame.text(row: activeRow).hasPrefix("❯"))
    #expect(frame.text(row: activeRow).contains("✓"))

    model.apply(.moveDown)
    frame = PickerLayout.render(model, size: roomy)
    let cursorRow = try #require(frame.row(containing: "AppIcon-Green"))
    #expect(frame.text(row: cursorRow).hasPrefix("❯"))
    #expect(!frame.text(row: cursorRow).contains("✓"))
    #expect(frame.text(row: activeRow).contains("✓"))
    #expect(!frame.text(row: activeRow).hasPrefix("❯"))
    #expect(frame.lines.filter { $0.contains("✓") }.count == 1)
    #expect(frame.lines.filter { $0.hasPrefix("❯") }.count == 1)
  }

  @Test func rowsListDisplayAndAssetNamesInOrder() {
    let frame = PickerLayout.render(
      PickerModel(app: makeApp(), activeName: nil, size: roomy), size: roomy)
    let names = ["Default", "Blue", "Green", "Orange", "Pink", "Purple", "Teal", "Yellow"]
    let rows = names.compactMap { name in frame.lines.firstIndex { $0.contains("  \(name) ") } }
    #expect(rows.count == names.count)
    #expect(rows == rows.sorted())
  }

  @Test func theHighlightNeverRecoloursTheThumbnail() throws {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    model.apply(.moveDown)
    let frame = PickerLayout.render(model, size: roomy)
    let row = try #require(frame.row(containing: "AppIcon-Blue"))
    for column in 2..<8 {
      #expect(!frame[row, column].style.attributes.contains(.reverse))
      #expect(!frame[row + 1, column].style.attributes.contains(.reverse))
    }
    let nameColumn = try #require(frame.text(row: row).range(of: "Blue")).lowerBound
    let offset = frame.text(row: row).distance(
      from: frame.text(row: row).startIndex, to: nameColumn)
    #expect(frame[row, offset].style.attributes.contains(.reverse))
  }

  @Test func onlyTheVisibleSliceIsDrawnWhenItemsOverflow() {
    let names = (1...20).map { String(format: "AppIcon-%02d", $0) }
    let size = TerminalSize(columns: 80, rows: 12)
    var model = PickerModel(app: makeApp(alternates: names), activeName: nil, size: size)
    for _ in 0..<10 { model.apply(.moveDown) }
    let text = PickerLayout.render(model, size: size).lines.joined(separator: "\n")
    #expect(text.contains("AppIcon-10"))
    #expect(!text.contains("AppIcon-01"))
    #expect(!text.contains("AppIcon-11"))
    #expect(text.contains("21 icons"))
  }

  @Test func thePreviewPaneShowsOnlyWhenWide() {
    let model = PickerModel(app: makeApp(), activeName: "AppIcon-Teal", size: roomy)
    let wide = PickerLayout.render(model, size: roomy)
    #expect(
      wide.lines.contains {
        $0.contains("│") && $0.contains("Teal") && !$0.contains("AppIcon-Teal")
      })
    let narrow = PickerLayout.render(model, size: TerminalSize(columns: 50, rows: 30))
    #expect(!narrow.lines.contains { $0.contains("│") })
  }

  @Test func theAlertShowsTheSystemTextAndOK() throws {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    model.apply(.iconChanged(alternateIconName: "AppIcon-Blue", notices: []))
    let frame = PickerLayout.render(model, size: roomy)
    #expect(frame.row(containing: "You have changed the icon for “Palette”.") != nil)
    let buttonRow = try #require(frame.row(containing: " OK "))
    #expect(PickerLayout.hitTest(model, size: roomy, row: buttonRow, column: 50) == .alertButton)
  }

  @Test func theAlertWrapsOnANarrowTerminal() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: PickerLayout.minimumSize)
    model.apply(.iconChanged(alternateIconName: "AppIcon-Blue", notices: []))
    let frame = PickerLayout.render(model, size: PickerLayout.minimumSize)
    let text = frame.lines.joined(separator: " ")
    for word in ["You", "have", "changed", "OK"] { #expect(text.contains(word)) }
  }

  @Test func belowTheMinimumAOneLineNoticeReplacesTheLayout() {
    let model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    let frame = PickerLayout.render(model, size: TerminalSize(columns: 40, rows: 4))
    #expect(frame.text(row: 0).hasPrefix("Too small: need 20x6"))
    #expect(frame.lines.dropFirst().allSatisfy { $0.allSatisfy { $0 == " " } })
  }

  @Test func everySizeFromNothingUpRendersAFrameOfThatSize() {
    var model = PickerModel(app: makeApp(), activeName: "AppIcon-Pink", size: roomy)
    model.apply(.iconChanged(alternateIconName: "AppIcon-Pink", notices: []))
    let plain = PickerModel(app: makeApp(), activeName: "AppIcon-Pink", size: roomy)
    for columns in 0...70 {
      for rows in 0...14 {
        let size = TerminalSize(columns: columns, rows: rows)
        for subject in [model, plain] {
          var resized = subject
          resized.apply(.resize(size))
          let frame = PickerLayout.render(resized, size: size)
          #expect(frame.cells.count == columns * rows)
        }
      }
    }
  }

  @Test func asciiGlyphsLeaveNoUnicodeOnScreen() {
    var model = PickerModel(app: makeApp(), activeName: "AppIcon-Blue", glyphs: .ascii, size: roomy)
    #expect(PickerLayout.render(model, size: roomy).lines.joined().allSatisfy { $0.isASCII })
    model.apply(.iconChanged(alternateIconName: "AppIcon-Green", notices: []))
    let frame = PickerLayout.render(model, size: roomy)
    #expect(frame.lines.joined().allSatisfy { $0.isASCII })
    #expect(frame.row(containing: "You have changed the icon for \"Palette\".") != nil)
  }

  @Test func aClickOnARowPicksThatItem() throws {
    let model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    let frame = PickerLayout.render(model, size: roomy)
    let row = try #require(frame.row(containing: "AppIcon-Orange"))
    #expect(PickerLayout.hitTest(model, size: roomy, row: row + 1, column: 12) == .item(3))
    #expect(model.action(for: .click(row: row, column: 12), size: roomy) == .pick(index: 3))
    #expect(PickerLayout.hitTest(model, size: roomy, row: 0, column: 12) == nil)
  }

  @Test func wideCharactersTakeTwoCellsAndAreNeverCutInHalf() {
    var frame = Frame(size: TerminalSize(columns: 5, rows: 1))
    let used = frame.put("日本語", row: 0, column: 0)
    #expect(used == 4)
    #expect(frame.text(row: 0) == "日本 ")
    #expect(frame[0, 1].isContinuation)
    #expect(TextWidth.of("e\u{301}") == 1)
  }

  @Test func longAppNamesAreTruncatedWithAnEllipsis() {
    let app = makeApp(name: String(repeating: "Very Long Name ", count: 10))
    let size = TerminalSize(columns: 40, rows: 12)
    let frame = PickerLayout.render(PickerModel(app: app, activeName: nil, size: size), size: size)
    #expect(frame.text(row: 0).contains("…"))
    #expect(frame.text(row: 0).count == 40)
  }

  @Test func aLongStatusTakesTwoLinesInsteadOfBeingCut() {
    let notice =
      "/home/someone/.local/state/iconpick/dev.iconpick.Palette.json was damaged; kept a copy at /home/someone/.local/state/iconpick/dev.iconpick.Palette.json.corrupt-20261129T165724Z."
    let size = TerminalSize(columns: 100, rows: 24)
    let frame = PickerLayout.render(
      PickerModel(app: makeApp(), activeName: nil, size: size, status: notice), size: size)
    let footer = frame.text(row: 22) + frame.text(row: 23)
    #expect(footer.contains("was damaged"))
    #expect(footer.contains("corrupt-20261129T165724Z."))
  }
}
