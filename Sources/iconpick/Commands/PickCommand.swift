import Foundation
import Glibc
import IconCatalog
import IconState
import PickerScreen

/// `iconpick [PATH]`: the interactive picker.
struct PickCommand {
  var options: Options
  var environment: [String: String]

  func run() throws -> ExitStatus {
    let context = try AppContext.load(options, environment: environment)
    let app = context.app
    let switcher = context.switcher
    let choice = try switcher.readChoice()

    SignalTrap.install()
    let terminal = try NcursesTerminal(environment: environment)
    let model = PickerModel(
      app: app, activeName: choice.alternateIconName, glyphs: terminal.glyphs, size: terminal.size,
      status: choice.notice?.description)
    var session = PickerSession(
      model: model, terminal: terminal,
      setAlternateIconName: { name in try switcher.setAlternateIconName(name).map(\.description) },
      pendingSignal: SignalTrap.take)
    let result = session.run()
    terminal.end()

    switch result {
    case .quit(let activeName):
      // Piped or captured: hand the result to the next program.
      if isatty(STDOUT_FILENO) == 0 { print(activeName) }
      return .success
    case .interrupted:
      return .signalled(SIGINT)
    case .signalled(let signal):
      return .signalled(signal)
    }
  }
}
