/// A key press or mouse event, as the terminal reports it, before it means anything.
public enum PickerKey: Equatable, Sendable {
  case up, down, left, right, pageUp, pageDown, home, end, enter, escape, backspace
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
    if filter != nil { return filterAction(for: key) }
    switch key {
    case .up, .character("k"), .character("\u{10}"): return .moveUp
    case .down, .character("j"), .character("\u{0E}"): return .moveDown
    case .left, .character("h"): return showsGrid ? .moveLeft : nil
    case .right, .character("l"): return showsGrid ? .moveRight : nil
    case .character("v"): return .toggleView
    case .pageUp, .character("\u{02}"): return .pageUp
    case .pageDown, .character("\u{06}"), .character(" "): return .pageDown
    case .home, .character("g"): return .moveToFirst
    case .end, .character("G"): return .moveToLast
    case .enter, .character("\r"), .character("\n"): return .choose
    case .escape: return canGoBack ? .back : .quit
    case .character("q"): return .quit
    case .character("a") where looks.count > 1: return .cycleAppearance
    case .character("/"): return .openFilter
    case .wheelUp: return .moveBy(-gridColumns)
    case .wheelDown: return .moveBy(gridColumns)
    default: return nil
    }
  }

  /// While the filter line is open, letters (q and / too) type into it; arrows, Enter and the
  /// control keys keep their meaning, Backspace edits, and Esc clears the filter.
  private func filterAction(for key: PickerKey) -> PickerAction? {
    switch key {
    case .up, .character("\u{10}"): return .moveUp
    case .down, .character("\u{0E}"): return .moveDown
    case .left: return showsGrid ? .moveLeft : nil
    case .right: return showsGrid ? .moveRight : nil
    case .pageUp, .character("\u{02}"): return .pageUp
    case .pageDown, .character("\u{06}"): return .pageDown
    case .home: return .moveToFirst
    case .end: return .moveToLast
    case .enter, .character("\r"), .character("\n"): return .choose
    case .escape: return .clearFilter
    case .backspace, .character("\u{7F}"), .character("\u{08}"): return .deleteInFilter
    case .wheelUp: return .moveBy(-gridColumns)
    case .wheelDown: return .moveBy(gridColumns)
    case .character(let character):
      let control = character.unicodeScalars.allSatisfy {
        $0.value < 0x20 || (0x7F..<0xA0).contains($0.value)
      }
      return control ? nil : .typeInFilter(String(character))
    default: return nil
    }
  }
}
