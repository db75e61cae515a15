import FoundationEssentials

/// Folders whose Xcode project a tool generates, found by the tool's own files when the project
/// is not there: iconpick reads a project, never such a folder as loose files (its `.xcconfig`s
/// and Info.plists are the inputs of several targets, not one app's settings).
///
/// XcodeGen's spec is read in place of its project (`XcodeGenSpec`); the others are named, with
/// the command that makes the project.
enum GeneratedProjects {
  struct Generator: Equatable {
    var manifest: URL
    var name: String
    var command: String
  }

  /// The tool that generates the project of the app in `root`, when `files` (what `root` holds)
  /// has no project.
  static func generator(in root: URL, files: ProjectFiles) -> Generator? {
    // Tuist: `Project.swift` / `Workspace.swift` manifests import ProjectDescription.
    if let manifest = files.tuistManifests.first(where: {
      startsWith($0, containing: "import ProjectDescription")
    }) {
      return Generator(manifest: manifest, name: "Tuist", command: "tuist generate")
    }
    func exists(_ name: String) -> URL? {
      let url = root.appendingPathComponent(name)
      return ReadDisk.exists(url.path) ? url : nil
    }
    // Capacitor writes `ios/App/App.xcodeproj` with `npx cap add ios`.
    for name in ["capacitor.config.json", "capacitor.config.ts", "capacitor.config.js"] {
      if let manifest = exists(name) {
        return Generator(manifest: manifest, name: "Capacitor", command: "npx cap add ios")
      }
    }
    // Cordova writes `platforms/ios` with `cordova platform add ios`; config.xml is a widget.
    if let manifest = exists("config.xml"), startsWith(manifest, containing: "<widget") {
      return Generator(manifest: manifest, name: "Cordova", command: "cordova platform add ios")
    }
    // Expo's managed workflow: `ios/` is written by `npx expo prebuild`.
    if let manifest = exists("app.json"), startsWith(manifest, containing: "\"expo\"") {
      return Generator(
        manifest: manifest, name: "Expo", command: "npx expo prebuild --platform ios")
    }
    return nil
  }

  /// True when the first 64 KiB of `file` hold `text`.
  private static func startsWith(_ file: URL, containing text: String) -> Bool {
    guard let bytes = try? RegularFile.prefix(file.path, count: 64 << 10) else { return false }
    return String(decoding: bytes, as: UTF8.self).contains(text)
  }
}
