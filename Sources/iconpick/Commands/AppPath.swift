import FoundationEssentials
import Glibc
import IconCatalog

/// Where the app to open is, when the command line does not say.
enum AppPath {
  /// What a command without PATH reads.
  struct Found {
    var url: URL
    /// True when nothing here or above is an app and the picker opens the bundled demo app.
    var isDemo = false
  }

  /// PATH; else the nearest app from the current folder upward (`AppIconReader.nearestApp`);
  /// else, only where `demoAllowed` (the bare picker), the bundled demo app, Palette. A scripted
  /// command never reads the demo by default: a CI job started in the wrong folder must fail.
  /// `executable` is asked for only when the demo app is needed.
  static func resolve(
    _ given: String?, currentDirectory: URL, demoAllowed: Bool = false,
    executable: () -> URL? = Executable.url
  ) -> Result<Found, CommandFailure> {
    if let given {
      return .success(
        Found(url: URL(fileURLWithPath: given, relativeTo: currentDirectory).standardizedFileURL))
    }
    if let found = AppIconReader.nearestApp(from: currentDirectory) {
      return .success(Found(url: found))
    }
    guard demoAllowed else { return .failure(noApp(currentDirectory)) }
    return bundledPalette(executable: executable()).map { Found(url: $0, isDemo: true) }
  }

  /// The one line for a command given no PATH in a folder with no app in or above it.
  static func noApp(_ folder: URL) -> CommandFailure {
    CommandFailure(
      description:
        "no app in \(folder.path) or any folder above it: run iconpick inside the app's project, or give its PATH (a folder holding the .xcodeproj, the .xcodeproj, a project.yml, an Info.plist or a built .app)"
    )
  }

  /// Installed: PREFIX/bin/iconpick beside PREFIX/share/iconpick/Palette.
  /// In the source tree: the Assets folder of the checkout this binary was built from.
  /// A folder the user cannot enter is passed over, and said when no candidate is left.
  static func bundledPalette(executable: URL?) -> Result<URL, CommandFailure> {
    var candidates: [URL] = []
    if let executable {
      let bin = executable.deletingLastPathComponent()
      candidates.append(bin.appendingPathComponent("../share/iconpick/Palette").standardizedFileURL)
    }
    // This file is Sources/iconpick/Commands/AppPath.swift in the checkout.
    let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(checkout.appendingPathComponent("Assets/Palette"))
    var unreachable: [String] = []
    for candidate in candidates {
      var info = stat()
      if stat(candidate.path, &info) == 0 { return .success(candidate) }
      if errno == EACCES { unreachable.append(candidate.path) }
    }
    let missing =
      "no app in the current folder or above it, and the bundled demo app (share/iconpick/Palette)"
    if let path = unreachable.first {
      return .failure(
        CommandFailure(
          description:
            "\(missing) cannot be reached: a folder on the way to \(path) cannot be read by this user (permission denied); give a PATH"
        ))
    }
    return .failure(CommandFailure(description: "\(missing) is missing; give a PATH"))
  }
}

/// The running binary, found without Foundation's `Bundle.main`, which traps (SIGILL) when the
/// binary's folder cannot be read.
enum Executable {
  /// The kernel's link to the binary (symbolic links already resolved), else argv[0] made
  /// absolute: as given when it has a slash, else the first match on PATH. Nil when neither
  /// says.
  static func url() -> URL? {
    url(
      procLink: "/proc/self/exe", arguments: CommandLine.arguments,
      environment: ProcessInfo.processInfo.environment,
      currentDirectory: FileManager.default.currentDirectoryPath)
  }

  static func url(
    procLink: String, arguments: [String], environment: [String: String],
    currentDirectory: String
  ) -> URL? {
    if let target = readLink(procLink), target.hasPrefix("/") {
      return URL(fileURLWithPath: target)
    }
    guard let first = arguments.first, !first.isEmpty else { return nil }
    if first.contains("/") {
      return URL(fileURLWithPath: first, relativeTo: URL(fileURLWithPath: currentDirectory))
        .standardizedFileURL.resolvingSymlinksInPath()
    }
    for folder in (environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
      let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(first)
      if access(candidate.path, X_OK) == 0 { return candidate.resolvingSymlinksInPath() }
    }
    return nil
  }

  /// The target of a symbolic link, or nil.
  static func readLink(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
