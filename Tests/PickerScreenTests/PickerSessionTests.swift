import IconCatalog
import Testing

@testable import PickerScreen

@Suite struct PickerSessionTests {
  @Test func enterRecordsTheChoiceThenOKAndQuit() throws {
    let terminal = ScriptedTerminal(size: roomy, keys: [.down, .enter, .enter, .character("q")])
    var recorded: [String?] = []
    var session = PickerSession(
      model: PickerModel(app: makeApp(), activeName: nil, size: roomy), terminal: terminal,
      setAlternateIconName: { name in
        recorded.append(name)
        return []
      })
    #expect(session.run() == .quit(activeName: "AppIcon-Blue"))
    #expect(recorded == ["AppIcon-Blue"])
    // After Enter the alert is on screen; after OK it is gone and the checkmark has moved.
    let alertFrame = try #require(
      terminal.frames.first { $0.row(containing: "You have changed") != nil })
    #expect(alertFrame.row(containing: " OK ") != nil)
    let last = try #require(terminal.frames.last)
    #expect(last.row(containing: "You have changed") == nil)
    let blueRow = try #require(last.row(containing: "AppIcon-Blue"))
    #expect(last.text(row: blueRow).contains("✓"))
  }

  @Test func aFailedChangeShowsTheErrorAndNoAlert() throws {
    struct Refused: Error, CustomStringConvertible { var description: String { "disk full" } }
    let terminal = ScriptedTerminal(size: roomy, keys: [.down, .enter, .character("q")])
    var session = PickerSession(
      model: PickerModel(app: makeApp(), activeName: nil, size: roomy), terminal: terminal,
      setAlternateIconName: { _ in throw Refused() })
    #expect(session.run() == .quit(activeName: "AppIcon"))
    #expect(terminal.frames.contains { $0.row(containing: "disk full") != nil })
    #expect(!terminal.frames.contains { $0.row(containing: "You have changed") != nil })
  }

  @Test func ctrlCInterrupts() {
    let terminal = ScriptedTerminal(size: roomy, keys: [.down, .character("\u{03}")])
    var session = PickerSession(
      model: PickerModel(app: makeApp(), activeName: nil, size: roomy), terminal: terminal,
      setAlternateIconName: { _ in [] })
    #expect(session.run() == .interrupted)
  }

  @Test func aPendingSignalEndsTheSession() {
    let terminal = ScriptedTerminal(size: roomy, keys: [.down, .down, .down])
    var polls = 0
    var session = PickerSession(
      model: PickerModel(app: makeApp(), activeName: nil, size: roomy), terminal: terminal,
      setAlternateIconName: { _ in [] },
      pendingSignal: {
        polls += 1
        return polls == 3 ? 15 : nil
      })
    #expect(session.run() == .signalled(15))
  }

  @Test func resizingDownToOneCellAndBackKeepsWorking() throws {
    let tiny = TerminalSize(columns: 1, rows: 1)
    let terminal = ScriptedTerminal(
      size: roomy,
      keys: [
        .resize(tiny), .down, .resize(TerminalSize(columns: 2, rows: 2)), .resize(roomy), .enter,
        .enter, .character("q"),
      ])
    var session = PickerSession(
      model: PickerModel(app: makeApp(), activeName: nil, size: roomy), terminal: terminal,
      setAlternateIconName: { _ in [] })
    #expect(session.run() == .quit(activeName: "AppIcon-Blue"))
    #expect(terminal.frames.contains { $0.size == tiny && $0.text(row: 0) == "T" })
    #expect(terminal.frames.last?.size == roomy)
  }
}
