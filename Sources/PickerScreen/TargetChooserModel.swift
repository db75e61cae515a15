import IconCatalog

/// Why the target chooser stopped.
public enum TargetChooserOutcome: Equatable, Sendable {
  /// Enter: open this target's icons.
  case open(String)
  case quit
  case interrupted
}

/// The picker's first screen in a project with several app targets that can have alternate
/// icons: one row per target (name, platform, number of icons). Changed only by `apply(_:)`.
public struct TargetChooserModel: Equatable, Sendable {
  /// The project's name, for the title.
  public let projectName: String
  public let targets: [AppTargetSummary]
  /// The widest target name, in columns, measured once.
  public let nameWidth: Int
  public let glyphs: GlyphSet
  public internal(set) var cursor = 0
  /// The first target shown.
  public internal(set) var scrollTop = 0
  /// How many targets fit at the current size.
  public internal(set) var pageSize: Int
  /// A one-line message in the footer (why a target did not open), cleared by the next key.
  public internal(set) var status: String?
  public internal(set) var outcome: TargetChooserOutcome?

  public init(
    projectName: String, targets: [AppTargetSummary], glyphs: GlyphSet = .unicode,
    size: TerminalSize, status: String? = nil
  ) {
    self.projectName = projectName
    self.targets = targets
    self.nameWidth = targets.map { TextWidth.of($0.label) }.max() ?? 0
    self.glyphs = glyphs
    self.pageSize = TargetChooserLayout.pageSize(for: size)
    self.status = status
  }

  public var cursorTarget: AppTargetSummary? {
    targets.indices.contains(cursor) ? targets[cursor] : nil
  }

  public var title: String { "Choose a target \(glyphs.dot) \(projectName)" }
}

/// What the chooser can be asked to do.
public enum TargetChooserAction: Equatable, Sendable {
  case moveUp
  case moveDown
  case pageUp
  case pageDown
  case moveToFirst
  case moveToLast
  /// Moves by a number of rows without wrapping (the mouse wheel).
  case moveBy(Int)
  /// Enter: open the target under the cursor.
  case open
  /// Moves the cursor to a target and opens it (a click).
  case pick(index: Int)
  case quit
  case interrupt
  case resize(TerminalSize)
  /// Shown again: back from the icon list (Esc), or the target did not open (`status` says why).
  case returned(status: String?)
}

extension TargetChooserModel {
  /// The reducer.
  public mutating func apply(_ action: TargetChooserAction) {
    switch action {
    case .interrupt:
      outcome = .interrupted
      return
    case .resize(let size):
      pageSize = TargetChooserLayout.pageSize(for: size)
      scrollCursorIntoView()
      return
    case .returned(let message):
      outcome = nil
      status = message
      return
    default:
      break
    }

    status = nil
    let last = targets.count - 1
    guard last >= 0 else {
      if action == .quit { outcome = .quit }
      return
    }
    switch action {
    case .moveUp: cursor = cursor == 0 ? last : cursor - 1
    case .moveDown: cursor = cursor == last ? 0 : cursor + 1
    case .pageUp: cursor = max(0, cursor - pageSize)
    case .pageDown: cursor = min(last, cursor + pageSize)
    case .moveToFirst: cursor = 0
    case .moveToLast: cursor = last
    case .moveBy(let delta): cursor = min(max(0, cursor + delta), last)
    case .pick(let index):
      guard targets.indices.contains(index) else { return }
      cursor = index
      openCursor()
    case .open: openCursor()
    case .quit: outcome = .quit
    default: break
    }
    scrollCursorIntoView()
  }

  /// A target that could not be read says why instead of opening: opening it would fail the same way.
  private mutating func openCursor() {
    let target = targets[cursor]
    if let problem = target.problem {
      status = "\(target.label) cannot be opened: \(problem)"
    } else {
      outcome = .open(target.name)
    }
  }

  mutating func scrollCursorIntoView() {
    let visible = max(1, pageSize)
    if cursor < scrollTop { scrollTop = cursor }
    if cursor >= scrollTop + visible { scrollTop = cursor - visible + 1 }
    scrollTop = min(max(0, scrollTop), max(0, targets.count - visible))
  }

  /// What a key means here; nil when it means nothing.
  public func action(for key: PickerKey, size: TerminalSize) -> TargetChooserAction? {
    switch key {
    case .resize(let size): return .resize(size)
    case .character("\u{03}"): return .interrupt
    case .click(let row, let column):
      return TargetChooserLayout.hitTest(self, size: size, row: row, column: column).map {
        .pick(index: $0)
      }
    case .up, .character("k"), .character("\u{10}"): return .moveUp
    case .down, .character("j"), .character("\u{0E}"): return .moveDown
    case .pageUp, .character("\u{02}"): return .pageUp
    case .pageDown, .character("\u{06}"), .character(" "): return .pageDown
    case .home, .character("g"): return .moveToFirst
    case .end, .character("G"): return .moveToLast
    case .enter, .character("\r"), .character("\n"): return .open
    case .escape, .character("q"): return .quit
    case .wheelUp: return .moveBy(-1)
    case .wheelDown: return .moveBy(1)
    default: return nil
    }
  }
}
