/// A key press or mouse event, as the terminal reports it, before it means anything.
public enum PickerKey: Equatable, Sendable {
  case up, down, pageUp, pageDown, home, end, enter, escape
  /// A typed character; control keys arrive as their control character (Ctrl-C is U+0003).
  case character(Character)
  case resize(TerminalSize)
  case click(row: Int, column: Int)
  case wheelUp, wheelDown
}

extension PickerModel {
  /// What a key means in the picker's current state; nil when it means nothing.
  public func action(for key: PickerKey, size: TerminalSize) -> PickerAction? {
    switch key {
    case .resize(let size): return .resize(size)
    case .character("\u{03}"): return .interrupt
    case .click(let row, let column):
      switch PickerLayout.hitTest(self, size: size, row: row, column: column) {
      case .alertButton: return .dismissAlert
      case .item(let index): return alert == nil ? .pick(index: index) : nil
      case nil: return nil
      }
    default: break
    }
    if alert != nil {
      switch key {
      case .enter, .escape, .character(" "), .character("\r"), .character("\n"):
        return .dismissAlert
      case .character("q"): return .quit
      default: return nil
      }
    }
    switch key {
    case .up, .character("k"), .character("\u{10}"): return .moveUp
    case .down, .character("j"), .character("\u{0E}"): return .moveDown
    case .pageUp, .character("\u{02}"): return .pageUp
    case .pageDown, .character("\u{06}"), .character(" "): return .pageDown
    case .home, .character("g"): return .moveToFirst
    case .end, .character("G"): return .moveToLast
    case .enter, .character("\r"), .character("\n"): return .choose
    case .escape: return canGoBack ? .back : .quit
    case .character("q"): return .quit
    case .character("a") where appearances.count > 1: return .cycleAppearance
    case .wheelUp: return .moveBy(-1)
    case .wheelDown: return .moveBy(1)
    default: return nil
    }
  }
}
