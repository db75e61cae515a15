import FoundationEssentials
import IconCatalog
import IconState

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The app a command works on and its recorded choice, from the common options.
struct AppContext {
  let app: AppIcons
  let switcher: IconSwitcher
  /// When the reading deferred the images (`deferringImages`), where to read them; otherwise nil
  /// and `app` has them.
  var images: IconImages? = nil
  /// The state folder: the choices, and the picker's preferences.
  var stateDirectory = FileChoiceStore.defaultDirectory()
  /// The bundled demo app's folder when no PATH was given, no app is here or above, and the
  /// picker opened the demo; nil otherwise.
  var demo: URL? = nil

  /// Reads the app the options name. Problems that did not stop the reading (a missing base
  /// .xcconfig, say) go to stderr, unless `reportingWarnings` is false (the picker, which shows
  /// them in its status line instead).
  /// With `deferringImages`, the icons come without renditions and `images` reads them: the
  /// picker shows thousands of names without reading every icon set first, and remembers in
  /// `contentCache` which sets compile to an icon.
  static func load(
    _ options: Options, environment: [String: String], reportingWarnings: Bool = true,
    deferringImages: Bool = false, contentCache: SetContentCache? = nil
  ) throws -> AppContext {
    let found = try findApp(options)
    let path = found.url
    // An interrupted change is undone before the project is read.
    try ChangeSafety.recover(path)
    let currentDirectory = URL(
      fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    let app: AppIcons
    var images: IconImages?
    if deferringImages {
      (app, images) = try AppIconReader.readDeferringImages(
        at: path, target: options.target, configuration: options.configuration,
        platform: options.platform, contentCache: contentCache)
    } else {
      app = try AppIconReader.read(
        at: path, target: options.target, configuration: options.configuration,
        platform: options.platform)
    }
    if reportingWarnings {
      for warning in app.warnings { IconpickCommand.printWarning(warning) }
      for note in app.notes { IconpickCommand.printNote(note) }
      // set, reset and push stop on it with an error of their own: the others read on, told once.
      if ![.set, .reset, .push].contains(options.command),
        let notice = unusableBundleIdentifier(app)
      {
        IconpickCommand.printWarning(notice.description)
      }
      if options.platform == nil, let other = app.otherPlatforms.first {
        IconpickCommand.printNote(
          "the target builds for \(app.platform.rawValue) and \(other.rawValue): this is the \(app.platform.rawValue) app; --platform \(other.argument) gives the other"
        )
      }
    }
    let stateDirectory =
      options.stateDirectory.map {
        URL(fileURLWithPath: $0, relativeTo: currentDirectory).standardizedFileURL
      } ?? FileChoiceStore.defaultDirectory(environment: environment)
    return AppContext(
      app: app, switcher: IconSwitcher(app: app, store: FileChoiceStore(directory: stateDirectory)),
      images: images, stateDirectory: stateDirectory, demo: found.isDemo ? path : nil)
  }
}

extension AppContext {
  /// Why the app's bundle identifier cannot name a state file, as a notice; nil when it can or
  /// there is none. Only recording a choice needs it: list, get, show and check go on.
  static func unusableBundleIdentifier(_ app: AppIcons) -> StateNotice? {
    guard let identifier = app.bundleIdentifier,
      let reason = FileChoiceStore.problem(withBundleIdentifier: identifier)
    else { return nil }
    return .unusableBundleIdentifier(appName: app.appName, identifier: identifier, reason: reason)
  }

  /// Names for a message: each escaped and shortened, at most 20, then how many more.
  static func quoted(_ names: [String]) -> String {
    let shown = names.prefix(20).map { "\"\(MessageText.escaped($0))\"" }.joined(separator: ", ")
    return names.count > 20 ? shown + " and \(names.count - 20) more" : shown
  }

  /// PATH, else the nearest app from the current folder upward; else, for the bare picker
  /// only, the bundled Palette.
  static func appPath(_ options: Options) throws -> URL {
    try findApp(options).url
  }

  static func findApp(_ options: Options) throws -> AppPath.Found {
    let currentDirectory = URL(
      fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    return try AppPath.resolve(
      options.path, currentDirectory: currentDirectory, demoAllowed: options.command == .pick
    ).get()
  }

  /// The error for a NAME the app does not declare: names are matched exactly, and the close
  /// ones (or all of them) are offered.
  func unknownIcon(_ name: String) -> CommandFailure {
    let close = NameSuggestions.close(to: name, among: app.allIcons.map(\.name)).prefix(3)
    let hint =
      close.isEmpty
      ? "its icons are \(Self.quoted(app.listedIcons.map(\.name)))"
      : "did you mean \(close.map { "\"\(MessageText.escaped($0))\"" }.joined(separator: " or "))?"
    return CommandFailure(
      description:
        "no icon named \"\(MessageText.escaped(name))\" in \(MessageText.escaped(app.appName)) (names are matched exactly); \(hint)"
    )
  }
}
