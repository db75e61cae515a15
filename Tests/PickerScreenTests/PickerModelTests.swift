import IconCatalog
import IconState
import Testing

@testable import PickerScreen

@Suite struct PickerModelTests {
  @Test func primaryFirstThenAlternatesSortedCaseInsensitively() {
    let app = makeApp(alternates: ["zeta", "Alpha", "beta", "Gamma"])
    let model = PickerModel(app: app, activeName: nil, size: roomy)
    #expect(model.items.map(\.name) == ["AppIcon", "Alpha", "beta", "Gamma", "zeta"])
    #expect(model.items.first?.isPrimary == true)
    #expect(model.items.first?.displayName == "Default")
  }

  @Test func alternatesComeInNaturalOrderNumbersByValue() {
    let app = makeApp(alternates: ["Alternate 15", "alternate 1", "Alternate 22", "Alternate 2"])
    let model = PickerModel(app: app, activeName: nil, size: roomy)
    #expect(
      model.items.map(\.name) == [
        "AppIcon", "alternate 1", "Alternate 2", "Alternate 15", "Alternate 22",
      ])
  }

  @Test func cursorStartsOnTheActiveIcon() {
    let model = PickerModel(app: makeApp(), activeName: "AppIcon-Pink", size: roomy)
    #expect(model.activeItem.name == "AppIcon-Pink")
    #expect(model.cursorItem?.name == "AppIcon-Pink")
  }

  @Test func anUndeclaredActiveNameFallsBackToThePrimary() {
    let model = PickerModel(app: makeApp(), activeName: "AppIcon-Gone", size: roomy)
    #expect(model.activeIndex == 0)
    #expect(model.cursor == 0)
  }

  @Test func movingWrapsAroundBothEnds() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    model.apply(.moveUp)
    #expect(model.cursor == model.items.count - 1)
    model.apply(.moveDown)
    #expect(model.cursor == 0)
    model.apply(.moveDown)
    #expect(model.cursor == 1)
  }

  @Test func pagesAndEndsClampWithoutWrapping() {
    let names = (1...20).map { String(format: "AppIcon-%02d", $0) }
    var model = PickerModel(
      app: makeApp(alternates: names), activeName: nil, size: TerminalSize(columns: 80, rows: 12))
    #expect(model.pageSize == 4)
    model.apply(.pageDown)
    #expect(model.cursor == 4)
    model.apply(.pageUp)
    model.apply(.pageUp)
    #expect(model.cursor == 0)
    model.apply(.moveToLast)
    #expect(model.cursor == 20)
    model.apply(.pageDown)
    #expect(model.cursor == 20)
    model.apply(.moveToFirst)
    #expect(model.cursor == 0)
    model.apply(.moveBy(-3))
    #expect(model.cursor == 0)
  }

  @Test func scrollingKeepsTheCursorInView() {
    let names = (1...20).map { String(format: "AppIcon-%02d", $0) }
    var model = PickerModel(
      app: makeApp(alternates: names), activeName: nil, size: TerminalSize(columns: 80, rows: 12))
    for _ in 0..<6 { model.apply(.moveDown) }
    #expect(model.cursor == 6)
    #expect(model.scrollTop == 3)
    model.apply(.moveUp)
    #expect(model.scrollTop == 3)
    model.apply(.moveToFirst)
    #expect(model.scrollTop == 0)
    model.apply(.moveUp)  // wraps to the last
    #expect(model.scrollTop == model.items.count - 4)
  }

  @Test func theCursorStartsScrolledIntoViewOnAnActiveIconFarDown() {
    let names = (1...30).map { String(format: "AppIcon-%02d", $0) }
    let model = PickerModel(
      app: makeApp(alternates: names), activeName: "AppIcon-25",
      size: TerminalSize(columns: 80, rows: 12))
    #expect(model.cursor == 25)
    #expect((model.scrollTop..<(model.scrollTop + model.pageSize)).contains(25))
  }

  @Test func choosingAnotherIconAsksToRecordIt() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    model.apply(.moveDown)
    #expect(model.apply(.choose) == .setAlternateIconName("AppIcon-Blue"))
    #expect(model.alert == nil, "the alert waits until the change is recorded")
  }

  @Test func choosingThePrimaryAsksForNil() {
    var model = PickerModel(app: makeApp(), activeName: "AppIcon-Teal", size: roomy)
    model.apply(.moveToFirst)
    #expect(model.apply(.choose) == .setAlternateIconName(nil))
  }

  @Test func choosingTheActiveIconChangesNothingAndSaysSo() {
    var model = PickerModel(app: makeApp(), activeName: "AppIcon-Teal", size: roomy)
    #expect(model.apply(.choose) == .none)
    #expect(model.alert == nil)
    #expect(model.status == "Teal is already the icon for Palette; nothing changed.")
    model.apply(.moveDown)
    #expect(model.status == nil, "the next key clears the status line")
  }

  @Test func aRecordedChangeMovesTheCheckmarkAndShowsTheSystemAlert() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    model.apply(.moveDown)
    model.apply(.iconChanged(alternateIconName: "AppIcon-Blue", notices: []))
    #expect(model.activeItem.name == "AppIcon-Blue")
    #expect(model.alert?.message == "You have changed the icon for “Palette”.")
    #expect(model.alert?.button == "OK")
  }

  @Test func theAlertIsModalUntilOK() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    model.apply(.iconChanged(alternateIconName: "AppIcon-Blue", notices: []))
    let cursor = model.cursor
    model.apply(.moveDown)
    #expect(model.cursor == cursor)
    #expect(model.apply(.pick(index: 3)) == .none)
    #expect(model.alert != nil)
    model.apply(.dismissAlert)
    #expect(model.alert == nil)
  }

  @Test func aFailedChangeKeepsTheCheckmarkAndReportsIt() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    model.apply(.moveDown)
    model.apply(.changeFailed(message: "state folder is read-only"))
    #expect(model.activeIndex == 0)
    #expect(model.alert == nil)
    #expect(model.status == "state folder is read-only")
  }

  @Test func quitAndInterruptEndTheSession() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    model.apply(.quit)
    #expect(model.outcome == .quit)
    var other = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    other.apply(.interrupt)
    #expect(other.outcome == .interrupted)
  }

  @Test(arguments: [
    (PickerKey.up, PickerAction.moveUp), (.character("k"), .moveUp),
    (.character("\u{10}"), .moveUp),
    (.down, .moveDown), (.character("j"), .moveDown), (.character("\u{0E}"), .moveDown),
    (.pageUp, .pageUp), (.pageDown, .pageDown), (.home, .moveToFirst),
    (.character("g"), .moveToFirst),
    (.end, .moveToLast), (.character("G"), .moveToLast), (.enter, .choose),
    (.character("\r"), .choose),
    (.character("q"), .quit), (.escape, .quit), (.character("\u{03}"), .interrupt),
    (.wheelDown, .moveBy(1)), (.wheelUp, .moveBy(-1)),
  ])
  func keysMapToActions(key: PickerKey, action: PickerAction) {
    let model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    #expect(model.action(for: key, size: roomy) == action)
  }

  @Test func inTheAlertEnterAndEscapeMeanOK() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    model.apply(.iconChanged(alternateIconName: "AppIcon-Blue", notices: []))
    #expect(model.action(for: .enter, size: roomy) == .dismissAlert)
    #expect(model.action(for: .escape, size: roomy) == .dismissAlert)
    #expect(model.action(for: .down, size: roomy) == nil)
    #expect(model.action(for: .character("\u{03}"), size: roomy) == .interrupt)
  }
}
