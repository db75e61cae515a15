import Foundation
import IconCatalog
import IconState

/// The app a command works on and its recorded choice, from the common options.
struct AppContext {
  let app: AppIcons
  let switcher: IconSwitcher
  /// Where the app was read from.
  let path: URL

  /// A failure finding the app, with what the user can do about it.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func load(_ options: Options, environment: [String: String]) throws -> AppContext {
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
    let app = try AppIconReader.read(
      at: path, target: options.target, configuration: options.configuration)
    let stateDirectory =
      options.stateDirectory.map {
        URL(fileURLWithPath: $0, relativeTo: currentDirectory).standardizedFileURL
      } ?? FileChoiceStore.defaultDirectory(environment: environment)
    return AppContext(
      app: app, switcher: IconSwitcher(app: app, store: FileChoiceStore(directory: stateDirectory)),
      path: path)
  }
}
