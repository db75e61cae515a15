/// The terminal as the picker needs it. The ncurses terminal is one; tests use a fake.
public protocol PickerTerminal: AnyObject {
  var size: TerminalSize { get }
  /// Shows a whole frame; the terminal itself sends only what changed.
  func draw(_ frame: Frame)
  /// Waits up to `timeoutMilliseconds` for a key; nil when none came.
  func nextKey(timeoutMilliseconds: Int) -> PickerKey?
}

/// How a picker session ended.
public enum PickerSessionResult: Equatable, Sendable {
  /// `q` or Esc: the model as it was left.
  case quit(activeName: String)
  /// Ctrl-C.
  case interrupted
  /// A signal arrived (SIGTERM, SIGHUP, SIGINT from outside).
  case signalled(Int32)
}

/// Runs the picker: draw, read a key, apply it, do the work it asks for, repeat.
public struct PickerSession {
  public typealias SetIcon = (String?) throws -> [String]

  public private(set) var model: PickerModel
  private let terminal: PickerTerminal
  private let setAlternateIconName: SetIcon
  private let pendingSignal: () -> Int32?

  /// - Parameters:
  ///   - setAlternateIconName: records a choice (nil = primary) and returns notices for the status line.
  ///   - pendingSignal: a signal that arrived since the last call, if any; checked between keys.
  public init(
    model: PickerModel, terminal: PickerTerminal, setAlternateIconName: @escaping SetIcon,
    pendingSignal: @escaping () -> Int32? = { nil }
  ) {
    self.model = model
    self.terminal = terminal
    self.setAlternateIconName = setAlternateIconName
    self.pendingSignal = pendingSignal
  }

  public mutating func run() -> PickerSessionResult {
    var size = terminal.size
    model.apply(.resize(size))
    var needsDraw = true
    while true {
      if let signal = pendingSignal() { return .signalled(signal) }
      if needsDraw {
        terminal.draw(PickerLayout.render(model, size: size))
        needsDraw = false
      }
      // A short wait keeps signals noticed promptly without spinning.
      guard let key = terminal.nextKey(timeoutMilliseconds: 100) else { continue }
      if case .resize(let newSize) = key { size = newSize }
      guard let action = model.action(for: key, size: size) else { continue }
      let effect = model.apply(action)
      needsDraw = true
      if case .setAlternateIconName(let name) = effect {
        do {
          let notices = try setAlternateIconName(name)
          model.apply(.iconChanged(alternateIconName: name, notices: notices))
        } catch {
          model.apply(.changeFailed(message: String(describing: error)))
        }
      }
      switch model.outcome {
      case .quit: return .quit(activeName: model.activeItem.name)
      case .interrupted: return .interrupted
      case nil: break
      }
    }
  }
}
