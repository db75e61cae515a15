import Foundation
import Glibc
import IconCatalog
import IconState
import PickerScreen

/// `iconpick [PATH]`: the interactive picker.
struct PickCommand {
  var options: Options
  var environment: [String: String]

  /// A failure before the picker could start, with what the user can do about it.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  func run() throws -> ExitStatus {
    let currentDirectory = URL(
      fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    guard
      let path = AppPath.resolve(
        options.path, currentDirectory: currentDirectory, executable: Bundle.main.executableURL)
    else {
      throw Failure(
        description:
          "no app in the current folder and the bundled demo app (share/iconpick/Palette) is missing; give a PATH"
      )
    }
    let app = try AppIconReader.read(at: path)
    let stateDirectory =
      options.stateDirectory.map {
        URL(fileURLWithPath: $0, relativeTo: currentDirectory).standardizedFileURL
      }
      ?? FileChoiceStore.defaultDirectory(environment: environment)
    let switcher = IconSwitcher(app: app, store: FileChoiceStore(directory: stateDirectory))
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
