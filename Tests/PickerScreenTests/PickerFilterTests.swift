import IconCatalog
import IconRender
import Testing

@testable import PickerScreen

@Suite("Fuzzy matching")
struct FuzzyMatchTests {
  func score(_ query: String, _ text: String) -> Int32? {
    FuzzyMatch.score(FuzzyMatch.keys(query), in: FuzzyText(text))
  }

  func positions(_ query: String, _ text: String) -> [Int]? {
    FuzzyMatch.positions(FuzzyMatch.keys(query), in: FuzzyText(text))
  }

  @Test func aSubsequenceMatchesIgnoringCaseAndAnythingElseDoesNot() {
    #expect(score("blu", "AppIcon-Blue") != nil)
    #expect(score("BLUE", "blue") != nil)
    #expect(score("aib", "AppIcon-Blue") != nil)
    #expect(score("eulb", "Blue") == nil)
    #expect(score("bluex", "Blue") == nil)
    #expect(score("x", "") == nil)
    #expect(score("", "Blue") == 0)
  }

  @Test func contiguousRunsBeatScatteredLetters() throws {
    #expect(try #require(score("blue", "Blue Sky")) > #require(score("blue", "Big Lunar Eclipse")))
    #expect(try #require(score("ora", "Orange")) > #require(score("ora", "Ocean Ray")))
  }

  @Test func wordStartsBeatTheMiddleOfAWord() throws {
    // "sun" at the start of a word, beside one inside "Tsunami".
    #expect(try #require(score("sun", "Dark Sunset")) > #require(score("sun", "Tsunamix")))
    // camelCase humps and the first digit of a number count as word starts.
    #expect(try #require(score("gd", "GoldDust")) > #require(score("gd", "Gelded")))
    #expect(try #require(score("2", "Alternate 2")) > #require(score("2", "Alternate 12")))
  }

  @Test func earlierMatchesScoreHigher() throws {
    #expect(try #require(score("x", "x.......")) > #require(score("x", "......x.")))
  }

  @Test func thePositionsAreThoseOfTheBestMatch() {
    // Not the first b and l greedily ("bold lime blue"), but the contiguous word.
    #expect(positions("blue", "bold lime Blue") == [10, 11, 12, 13])
    #expect(positions("pnk", "AppIcon-Pink") == [8, 10, 11])
    #expect(positions("ai", "AppIcon") == [0, 3])
    #expect(positions("q", "Blue") == nil)
  }

  @Test func accentsAndWideCharactersCountAsOneCharacterEach() {
    #expect(positions("é", "Café Noir") == [3])
    // Decomposed (e + combining acute) matches the composed form.
    #expect(positions("caf\u{0065}\u{0301}", "Café") == [0, 1, 2, 3])
    #expect(positions("本", "日本 Icon") == [1])
    #expect(score("É", "café") != nil)
  }
}

@Suite("The filter in the picker")
struct PickerFilterTests {
  /// Applies what a key means, if anything.
  func press(_ keys: [PickerKey], _ model: inout PickerModel, size: TerminalSize = roomy)
    -> PickerEffect
  {
    var effect = PickerEffect.none
    for key in keys {
      if let action = model.action(for: key, size: size) { effect = model.apply(action) }
    }
    return effect
  }

  func type(_ text: String, _ model: inout PickerModel) {
    _ = press(text.map { .character($0) }, &model)
  }

  func shown(_ model: PickerModel) -> [String] { model.rows.map { model.items[$0].name } }

  @Test func slashOpensTheLineAndTypingNarrowsTheListBestFirst() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    _ = press([.character("/")], &model)
    #expect(model.filter == "")
    #expect(model.rows.count == 8)
    type("p", &model)
    // Every name has a p ("AppIcon"); those with a word starting with P come first.
    #expect(shown(model).prefix(2) == ["AppIcon-Pink", "AppIcon-Purple"])
    type("u", &model)
    #expect(shown(model).first == "AppIcon-Purple")
    #expect(model.cursorItem?.name == "AppIcon-Purple")
    #expect(model.cursor == 0)
  }

  @Test func tiesKeepTheNaturalOrder() {
    let names = ["Alternate 15", "Alternate 2", "Alternate 1"]
    var model = PickerModel(app: makeApp(alternates: names), activeName: nil, size: roomy)
    _ = press([.character("/")], &model)
    type("alte", &model)
    #expect(shown(model) == ["Alternate 1", "Alternate 2", "Alternate 15"])
  }

  @Test func lettersThatAreKeysElsewhereTypeIntoTheFilter() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    _ = press([.character("/")], &model)
    type("qjkgG/ a", &model)
    #expect(model.filter == "qjkgG/ a")
    #expect(model.outcome == nil)
    #expect(model.rows.isEmpty)
    #expect(model.filterMatchesNothing)
  }

  @Test func arrowsMoveAmongTheMatchesAndEnterChoosesTheOneUnderTheCursor() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    _ = press([.character("/")], &model)
    type("pu", &model)
    let matches = shown(model)
    #expect(matches.count >= 2)
    _ = press([.down], &model)
    #expect(model.cursorItem?.name == matches[1])
    _ = press([.up, .up], &model)  // wraps to the last match
    #expect(model.cursorItem?.name == matches.last)
    _ = press([.home], &model)
    let effect = press([.enter], &model)
    #expect(effect == .setAlternateIconName(matches[0]))
  }

  @Test func backspaceEditsAndOnAnEmptyFilterClosesTheLine() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    _ = press([.character("/")], &model)
    type("tea", &model)
    #expect(shown(model) == ["AppIcon-Teal"])
    _ = press([.backspace, .character("\u{7F}")], &model)
    #expect(model.filter == "t")
    #expect(shown(model).first == "AppIcon-Teal")
    _ = press([.backspace], &model)
    #expect(model.filter == "")
    #expect(model.rows.count == 8)
    _ = press([.backspace], &model)
    #expect(model.filter == nil)
    #expect(model.rows == Array(model.items.indices))
  }

  @Test func escClearsTheFilterThenASecondEscQuits() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    _ = press([.character("/")], &model)
    type("yel", &model)
    _ = press([.escape], &model)
    #expect(model.filter == nil)
    #expect(model.outcome == nil)
    #expect(model.rows.count == 8)
    // The cursor stays on the icon it was on.
    #expect(model.cursorItem?.name == "AppIcon-Yellow")
    _ = press([.escape], &model)
    #expect(model.outcome == .quit)
  }

  @Test func fromTheTargetChooserTheSecondEscGoesBack() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    model.canGoBack = true
    _ = press([.character("/")], &model)
    type("b", &model)
    _ = press([.escape], &model)
    #expect(model.outcome == nil)
    _ = press([.escape], &model)
    #expect(model.outcome == .back)
  }

  @Test func aFilterThatMatchesNothingSaysSoAndKeysDoNothingHarmful() throws {
    var model = PickerModel(app: makeApp(), activeName: "AppIcon-Blue", size: roomy)
    _ = press([.character("/")], &model)
    type("zzz", &model)
    #expect(model.rows.isEmpty)
    #expect(model.cursorItem == nil)
    #expect(press([.down, .up, .pageDown, .end, .enter], &model) == .none)
    let frame = PickerLayout.render(model, size: roomy)
    #expect(frame.row(containing: "No icon matches “zzz”") != nil)
    #expect(frame.text(row: roomy.rows - 1).contains("/zzz"))
    #expect(frame.text(row: roomy.rows - 1).contains("0 of 8"))
    #expect(PickerLayout.thumbnailKeys(model, size: roomy).isEmpty)
    // Escape brings everything back, the cursor on the active icon.
    _ = press([.escape], &model)
    #expect(model.cursorItem?.name == "AppIcon-Blue")
  }

  @Test func theCheckmarkStaysOnTheActiveIconAmongTheMatches() throws {
    var model = PickerModel(app: makeApp(), activeName: "AppIcon-Purple", size: roomy)
    _ = press([.character("/")], &model)
    type("p", &model)
    var frame = PickerLayout.render(model, size: roomy)
    let row = try #require(frame.row(containing: "AppIcon-Purple"))
    #expect(frame.text(row: row).contains("✓"))
    #expect(frame.lines.filter { $0.contains("✓") }.count == 1)
    type("k", &model)  // "pk": Pink, not Purple
    frame = PickerLayout.render(model, size: roomy)
    #expect(frame.row(containing: "AppIcon-Purple") == nil)
    #expect(!frame.lines.contains { $0.contains("✓") })
  }

  @Test func matchedCharactersAreHighlightedAndThePreviewsAreNot() throws {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    _ = press([.character("/")], &model)
    type("gre", &model)
    let image = CellImage(
      columns: 6, rows: 2,
      cells: Array(
        repeating: IconCell(glyph: "▀", foreground: .rgb(28, 1, 2), background: .rgb(22, 3, 4)),
        count: 12))
    model.apply(
      .thumbnailReady(
        ThumbnailKey(name: "AppIcon-Green", columns: 6, rows: 2, appearance: .any), image))
    let frame = PickerLayout.render(model, size: roomy)
    let row = try #require(frame.row(containing: "AppIcon-Green"))
    let text = frame.text(row: row)
    let nameColumn = text.distance(
      from: text.startIndex, to: try #require(text.range(of: "Green")).lowerBound)
    let matched: CellAttributes = [.bold, .underline]
    for offset in 0..<3 {
      #expect(frame[row, nameColumn + offset].style.attributes.isSuperset(of: matched))
    }
    #expect(!frame[row, nameColumn + 3].style.attributes.contains(.underline))
    // In the name column too: "Gre" of AppIcon-Green.
    let assetColumn = text.distance(
      from: text.startIndex, to: try #require(text.range(of: "AppIcon-Green")).lowerBound)
    #expect(frame[row, assetColumn + 8].style.attributes.contains(.underline))
    #expect(!frame[row, assetColumn].style.attributes.contains(.underline))
    // The preview keeps the icon's own colours and no attribute.
    for column in 2..<8 {
      #expect(frame[row, column].style.attributes.isEmpty)
      #expect(frame[row, column].style.foreground == .rgb(28, 1, 2))
    }
  }

  @Test func theFooterAdvertisesTheFilterAndShowsTheLineWhileTyping() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    var frame = PickerLayout.render(model, size: roomy)
    #expect(
      frame.text(row: roomy.rows - 1).hasPrefix(" ↑↓ move   ⏎ choose   / filter   v grid   q quit"))
    _ = press([.character("/")], &model)
    type("bl", &model)
    frame = PickerLayout.render(model, size: roomy)
    let footer = frame.text(row: roomy.rows - 1)
    #expect(footer.hasPrefix(" /bl "))
    #expect(footer.contains("1 of 8"))
    #expect(footer.contains("esc clear"))
    // The caret after the text.
    #expect(frame[roomy.rows - 1, 4].style.attributes.contains(.reverse))
  }

  @Test func aLongFilterShowsItsEndAndASmallWindowStillDraws() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    _ = press([.character("/")], &model)
    type(String(repeating: "x", count: 150) + "END", &model)
    #expect(model.filter?.count == PickerModel.filterLimit)
    model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    _ = press([.character("/")], &model)
    type(String(repeating: "x", count: 60) + "END", &model)
    let size = TerminalSize(columns: 30, rows: 8)
    let frame = PickerLayout.render(model, size: size)
    #expect(frame.text(row: size.rows - 1).contains("END"))
    for columns in 0...40 {
      for rows in 0...10 {
        let size = TerminalSize(columns: columns, rows: rows)
        #expect(PickerLayout.render(model, size: size).size == size)
      }
    }
  }

  @Test func aClickInTheFilteredListPicksTheRowClicked() throws {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    _ = press([.character("/")], &model)
    type("p", &model)
    let frame = PickerLayout.render(model, size: roomy)
    let second = model.items[model.rows[1]].name
    let row = try #require(frame.row(containing: second))
    let effect = press([.click(row: row, column: 12)], &model)
    #expect(effect == .setAlternateIconName(second))
  }

  @Test func aChoiceWhileFilteringShowsTheAlertAndKeepsTheFilter() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    _ = press([.character("/")], &model)
    type("teal", &model)
    #expect(press([.enter], &model) == .setAlternateIconName("AppIcon-Teal"))
    model.apply(.iconChanged(alternateIconName: "AppIcon-Teal", notices: []))
    #expect(model.alert != nil)
    _ = press([.enter], &model)
    #expect(model.alert == nil)
    #expect(model.filter == "teal")
    #expect(model.activeItem.name == "AppIcon-Teal")
    // Choosing it again says so, on the rule's row, with the filter line still there.
    _ = press([.enter], &model)
    let frame = PickerLayout.render(model, size: roomy)
    #expect(frame.text(row: roomy.rows - 2).contains("already the icon"))
    #expect(frame.text(row: roomy.rows - 1).hasPrefix(" /teal"))
  }

  @Test func narrowingAsYouTypeRanksAsAFreshFilterWould() {
    let names = (0..<300).map { "Icon \($0) \(["Blue", "Dark", "Sunset", "Neon"][$0 % 4])" }
    let app = makeApp(alternates: names)
    for query in ["n", "ne", "neo", "neon", "ne", "s1", "s12", "d", "dk", "1 b"] {
      var incremental = PickerModel(app: app, activeName: nil, size: roomy)
      _ = press([.character("/")], &incremental)
      // Typed one character at a time, after other queries were typed and erased.
      type("ne", &incremental)
      _ = press([.backspace, .backspace], &incremental)
      type(query, &incremental)
      var fresh = PickerModel(app: app, activeName: nil, size: roomy)
      fresh.apply(.openFilter)
      fresh.apply(.typeInFilter(query))
      #expect(incremental.rows == fresh.rows, "\(query)")
      // Backspace goes back to the ranking typed before, the same as a fresh one.
      _ = press([.backspace], &incremental)
      var shorter = PickerModel(app: app, activeName: nil, size: roomy)
      shorter.apply(.openFilter)
      shorter.apply(.typeInFilter(String(query.dropLast())))
      #expect(incremental.rows == shorter.rows, "\(query) less one")
      // On the best match; with nothing left typed, on the icon it was on.
      if query.count > 1 { #expect(incremental.cursor == 0) }
    }
  }
}
