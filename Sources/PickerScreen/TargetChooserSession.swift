/// How the target chooser ended.
public enum TargetChooserResult: Equatable, Sendable {
  /// Enter on a target: open its icons.
  case open(String)
  /// `q` or Esc.
  case quit
  /// Ctrl-C.
  case interrupted
  /// A signal arrived (SIGTERM, SIGHUP, SIGINT from outside).
  case signalled(Int32)
}

/// Runs the target chooser on a terminal: draw, read a key, apply it, until a target is opened
/// or the chooser is left. The same terminal then shows the icon list, and this session again
/// when the list goes back (`returned`): the cursor stays where it was.
public struct TargetChooserSession {
  public private(set) var model: TargetChooserModel
  private let terminal: PickerTerminal
  private let pendingSignal: () -> Int32?

  /// - Parameter pendingSignal: a signal that arrived since the last call, if any.
  public init(
    model: TargetChooserModel, terminal: PickerTerminal,
    pendingSignal: @escaping () -> Int32? = { nil }
  ) {
    self.model = model
    self.terminal = terminal
    self.pendingSignal = pendingSignal
  }

  /// Back from the icon list, or the opened target could not be read (`status` says why).
  public mutating func returned(status: String? = nil) {
    model.apply(.returned(status: status))
  }

  public mutating func run() -> TargetChooserResult {
    var size = terminal.size
    model.apply(.resize(size))
    var needsDraw = true
    while true {
      if let signal = pendingSignal() { return .signalled(signal) }
      if needsDraw {
        terminal.draw(TargetChooserLayout.render(model, size: size))
        needsDraw = false
      }
      guard let key = terminal.nextKey(timeoutMilliseconds: 100) else { continue }
      if case .resize(let newSize) = key { size = newSize }
      guard let action = model.action(for: key, size: size) else { continue }
      model.apply(action)
      needsDraw = true
      switch model.outcome {
      case .open(let name): return .open(name)
      case .quit: return .quit
      case .interrupted: return .interrupted
      case nil: break
      }
    }
  }
}
