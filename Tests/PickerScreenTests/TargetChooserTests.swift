import IconCatalog
import Testing

@testable import PickerScreen

/// Issue 14, point 1: the first screen in a project with several app targets.
let swiftfinTargets = [
  AppTargetSummary(name: "Swiftfin iOS", platform: .iOS, iconCount: 24),
  AppTargetSummary(name: "Swiftfin tvOS", platform: .tvOS, iconCount: 1),
]

func chooser(
  _ targets: [AppTargetSummary] = swiftfinTargets, glyphs: GlyphSet = .unicode,
  size: TerminalSize = roomy
) -> TargetChooserModel {
  TargetChooserModel(projectName: "Swiftfin", targets: targets, glyphs: glyphs, size: size)
}

@Suite struct TargetChooserModelTests {
  @Test func arrowsAndJKMoveAndWrap() {
    var model = chooser()
    #expect(model.cursor == 0)
    for (key, expected) in [
      (PickerKey.down, 1), (.down, 0), (.up, 1), (.character("k"), 0), (.character("j"), 1),
      (.character("\u{0E}"), 0), (.character("\u{10}"), 1), (.home, 0), (.end, 1),
      (.character("g"), 0), (.character("G"), 1),
    ] {
      guard let action = model.action(for: key, size: roomy) else {
        Issue.record("no action for \(key)")
        continue
      }
      model.apply(action)
      #expect(model.cursor == expected, "after \(key)")
    }
    #expect(model.outcome == nil)
  }

  @Test func enterOpensTheTargetUnderTheCursor() {
    var model = chooser()
    model.apply(.moveDown)
    model.apply(model.action(for: .enter, size: roomy)!)
    #expect(model.outcome == .open("Swiftfin tvOS"))
  }

  @Test("q and Esc quit, Ctrl-C interrupts", arguments: [PickerKey.character("q"), .escape])
  func quitKeys(key: PickerKey) {
    var model = chooser()
    model.apply(model.action(for: key, size: roomy)!)
    #expect(model.outcome == .quit)
    var interrupted = chooser()
    interrupted.apply(interrupted.action(for: .character("\u{03}"), size: roomy)!)
    #expect(interrupted.outcome == .interrupted)
  }

  @Test func comingBackKeepsTheCursorAndClearsTheOutcome() {
    var model = chooser()
    model.apply(.moveDown)
    model.apply(.open)
    model.apply(.returned(status: nil))
    #expect(model.outcome == nil)
    #expect(model.cursor == 1)
    model.apply(.returned(status: "Swiftfin tvOS cannot be opened: gone"))
    #expect(model.status == "Swiftfin tvOS cannot be opened: gone")
    model.apply(.moveUp)
    #expect(model.status == nil)
  }

  @Test func anUnreadableTargetSaysWhyInsteadOfOpening() {
    var model = chooser([
      AppTargetSummary(name: "Good", platform: .iOS, iconCount: 2),
      AppTargetSummary(
        name: "Broken", platform: .iOS, iconCount: nil,
        problem: "/p/Broken/Info.plist: not a valid property list"),
    ])
    model.apply(.moveDown)
    model.apply(.open)
    #expect(model.outcome == nil)
    #expect(
      model.status == "Broken cannot be opened: /p/Broken/Info.plist: not a valid property list")
    let frame = TargetChooserLayout.render(model, size: roomy)
    #expect(frame.text(row: 3).contains("unreadable"))
    #expect(frame.lines.last?.contains("Broken cannot be opened") == true)
  }

  @Test func clicksOpenAndTheWheelMoves() {
    var model = chooser()
    model.apply(model.action(for: .wheelDown, size: roomy)!)
    #expect(model.cursor == 1)
    model.apply(model.action(for: .wheelDown, size: roomy)!)
    #expect(model.cursor == 1)
    #expect(model.action(for: .click(row: 5, column: 3), size: roomy) == nil)
    model.apply(model.action(for: .click(row: 2, column: 3), size: roomy)!)
    #expect(model.outcome == .open("Swiftfin iOS"))
  }

  @Test func manyTargetsScrollToKeepTheCursorInView() {
    let targets = (1...30).map { (number: Int) in
      AppTargetSummary(name: "App\(number)", platform: .iOS, iconCount: number)
    }
    let size = TerminalSize(columns: 40, rows: 8)
    var model = chooser(targets, size: size)
    #expect(model.pageSize == 4)
    model.apply(.moveUp)
    #expect(model.cursor == 29)
    var frame = TargetChooserLayout.render(model, size: size)
    #expect(frame.text(row: 5).hasPrefix("❯ App30"))
    #expect(frame.text(row: 2).contains("App27"))
    model.apply(.pageUp)
    #expect(model.cursor == 25)
    frame = TargetChooserLayout.render(model, size: size)
    #expect(frame.text(row: 2).hasPrefix("❯ App26"))
  }
}

@Suite struct TargetChooserLayoutTests {
  @Test func listsNamePlatformAndIconCount() throws {
    let frame = TargetChooserLayout.render(chooser(), size: roomy)
    #expect(frame.text(row: 0).hasPrefix(" Choose a target · Swiftfin"))
    #expect(frame.text(row: 0).hasSuffix("2 targets "))
    #expect(frame.text(row: 1).contains("────"))
    #expect(frame.text(row: 2).hasPrefix("❯ Swiftfin iOS   iOS   24 icons"))
    #expect(frame.text(row: 3).hasPrefix("  Swiftfin tvOS  tvOS    1 icon"))
    #expect(frame.text(row: roomy.rows - 2).contains("────"))
    #expect(frame.text(row: roomy.rows - 1).hasPrefix(" ↑↓ move   ⏎ open   q quit"))
  }

  @Test func theCursorRowIsHighlightedAndOnlyIt() {
    var model = chooser()
    model.apply(.moveDown)
    let frame = TargetChooserLayout.render(model, size: roomy)
    #expect(frame.text(row: 3).hasPrefix("❯"))
    #expect(!frame.text(row: 2).hasPrefix("❯"))
    #expect(frame[3, 2].style.attributes.contains(.reverse))
    #expect(!frame[2, 2].style.attributes.contains(.reverse))
  }

  @Test func asciiGlyphs() {
    let frame = TargetChooserLayout.render(chooser(glyphs: .ascii), size: roomy)
    #expect(frame.text(row: 0).hasPrefix(" Choose a target - Swiftfin"))
    #expect(frame.text(row: 2).hasPrefix("> Swiftfin iOS"))
    #expect(frame.text(row: roomy.rows - 1).hasPrefix(" up/down move   enter open   q quit"))
    #expect(frame.lines.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
  }

  @Test func longNamesAreTruncatedAndTheCountGivesWay() {
    let long = "Swiftfin for the Living Room Television Set With A Very Long Name"
    let targets = [
      AppTargetSummary(name: long, platform: .tvOS, iconCount: 12),
      AppTargetSummary(name: "Phone", platform: .iOS, iconCount: 3),
    ]
    let wide = TerminalSize(columns: 50, rows: 10)
    var frame = TargetChooserLayout.render(chooser(targets, size: wide), size: wide)
    #expect(frame.text(row: 2).contains("…  tvOS  12 icons"))
    #expect(frame.text(row: 3).hasPrefix("  Phone"))
    #expect(frame.text(row: 3).contains("iOS    3 icons"))

    let narrow = TerminalSize(columns: 24, rows: 10)
    frame = TargetChooserLayout.render(chooser(targets, size: narrow), size: narrow)
    #expect(frame.text(row: 2).contains("…  tvOS"))
    #expect(!frame.text(row: 2).contains("icons"))

    let tiny = TerminalSize(columns: 20, rows: 5)
    frame = TargetChooserLayout.render(chooser(targets, size: tiny), size: tiny)
    #expect(frame.text(row: 2).hasPrefix("❯ Swiftfin f…  tvOS"))
  }

  @Test("tiny terminals never crash; below the minimum a notice", arguments: 1...24)
  func tinySizes(columns: Int) {
    for rows in 1...8 {
      let size = TerminalSize(columns: columns, rows: rows)
      var model = chooser(size: size)
      model.apply(.resize(size))
      model.apply(.moveUp)
      let frame = TargetChooserLayout.render(model, size: size)
      #expect(frame.size == size)
      if TargetChooserLayout.isTooSmall(size) {
        #expect(frame.text(row: 0).hasPrefix(String("Too small: need 20x5".prefix(columns))))
      } else {
        #expect(frame.lines.contains { $0.hasPrefix("❯") })
      }
      _ = model.action(for: .click(row: rows - 1, column: columns - 1), size: size)
    }
    let zero = TerminalSize(columns: 0, rows: 0)
    #expect(TargetChooserLayout.render(chooser(size: zero), size: zero).cells.isEmpty)
  }

  @Test func noTargetsDrawsAndQuits() {
    var model = chooser([])
    model.apply(.moveDown)
    model.apply(.open)
    #expect(model.outcome == nil)
    _ = TargetChooserLayout.render(model, size: roomy)
    model.apply(.quit)
    #expect(model.outcome == .quit)
  }
}

@Suite struct TargetChooserSessionTests {
  @Test func opensThenComesBackWhereItWas() {
    let terminal = ScriptedTerminal(size: roomy, keys: [.down, .enter])
    var session = TargetChooserSession(model: chooser(), terminal: terminal)
    #expect(session.run() == .open("Swiftfin tvOS"))
    session.returned()
    terminal.keys = [.resize(TerminalSize(columns: 30, rows: 6)), .character("q")]
    #expect(session.run() == .quit)
    #expect(session.model.cursor == 1)
    #expect(terminal.frames.last?.size == TerminalSize(columns: 30, rows: 6))
  }

  @Test func aSignalEndsIt() {
    let terminal = ScriptedTerminal(size: roomy, keys: [])
    var session = TargetChooserSession(
      model: chooser(), terminal: terminal, pendingSignal: { 15 })
    #expect(session.run() == .signalled(15))
  }
}

@Suite struct PickerGoesBackTests {
  @Test func escGoesBackOnlyWhenOpenedFromTheChooser() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    #expect(model.action(for: .escape, size: roomy) == .quit)
    model.canGoBack = true
    #expect(model.action(for: .escape, size: roomy) == .back)
    #expect(model.action(for: .character("q"), size: roomy) == .quit)
    model.apply(.back)
    #expect(model.outcome == .back)

    var alone = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    alone.apply(.back)
    #expect(alone.outcome == .quit)
  }

  @Test func escClearsTheFilterFirstThenGoesBack() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    model.canGoBack = true
    model.apply(.openFilter)
    model.apply(.typeInFilter("blu"))
    #expect(model.action(for: .escape, size: roomy) == .clearFilter)
    model.apply(.clearFilter)
    #expect(model.filter == nil)
    #expect(model.action(for: .escape, size: roomy) == .back)
  }

  @Test func escClosesTheAlertFirst() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    model.canGoBack = true
    model.apply(.iconChanged(alternateIconName: "AppIcon-Blue", notices: []))
    #expect(model.action(for: .escape, size: roomy) == .dismissAlert)
  }

  @Test func theSessionSaysBack() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    model.canGoBack = true
    let terminal = ScriptedTerminal(size: roomy, keys: [.down, .escape])
    var session = PickerSession(model: model, terminal: terminal, setAlternateIconName: { _ in [] })
    #expect(session.run() == .back)
  }
}
