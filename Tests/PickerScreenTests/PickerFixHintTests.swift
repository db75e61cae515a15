import Foundation
import IconCatalog
import Testing

@testable import PickerScreen

/// The footer's note of what `check --fix` could repair: on the rule, right-aligned, once the
/// background check says so; never over the keys' line, never in a terminal too narrow for it.
@Suite struct PickerFixHintTests {
  @Test func theRuleNamesTheCommandOnceTheCheckFindsFixes() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    let before = PickerLayout.render(model, size: roomy)
    #expect(!before.text(row: roomy.rows - 2).contains("check --fix"))
    model.apply(.fixesFound("2 errors fixable: iconpick check --fix"))
    let frame = PickerLayout.render(model, size: roomy)
    let rule = frame.text(row: roomy.rows - 2)
    #expect(rule.hasSuffix(" 2 errors fixable: iconpick check --fix ─ "))
    #expect(rule.hasPrefix(" ────"))
    // The keys' line is unchanged.
    #expect(frame.text(row: roomy.rows - 1) == before.text(row: roomy.rows - 1))
  }

  @Test func aNarrowTerminalLeavesItOut() {
    let narrow = TerminalSize(columns: 40, rows: 20)
    var model = PickerModel(app: makeApp(), activeName: nil, size: narrow)
    model.apply(.fixesFound("2 errors fixable: iconpick check --fix"))
    #expect(!PickerLayout.render(model, size: narrow).text(row: narrow.rows - 2).contains("fix"))
  }

  @Test func theSessionAsksOnceAfterTheFirstFrame() {
    let terminal = HintWaitingTerminal(size: roomy)
    let asked = FixSearchCount()
    var session = PickerSession(
      model: PickerModel(app: makeApp(), activeName: nil, size: roomy), terminal: terminal,
      setAlternateIconName: { _ in [] },
      findFixes: {
        asked.increment()
        return "1 error fixable: iconpick check --fix"
      })
    _ = session.run()
    #expect(asked.value == 1)
    #expect(session.model.fixHint == "1 error fixable: iconpick check --fix")
    #expect(terminal.frames.last?.text(row: roomy.rows - 2).contains("1 error fixable") == true)
  }
}

final class FixSearchCount: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func increment() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}

/// A terminal that sends no key until a frame shows the fix hint (or a long while passes), then
/// Ctrl-C.
final class HintWaitingTerminal: PickerTerminal {
  var size: TerminalSize
  var frames: [Frame] = []
  private var polls = 0

  init(size: TerminalSize) { self.size = size }

  func draw(_ frame: Frame) { frames.append(frame) }

  func nextKey(timeoutMilliseconds: Int) -> PickerKey? {
    polls += 1
    let shown = frames.last?.text(row: size.rows - 2).contains("fixable") == true
    if shown || polls > 3000 { return .character("\u{03}") }
    Thread.sleep(forTimeInterval: Double(min(timeoutMilliseconds, 10)) / 1000)
    return nil
  }
}
