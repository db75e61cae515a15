import Foundation
import IconCatalog

/// Where the app to open is, when the command line does not say.
enum AppPath {
  /// The current folder if it holds an app, otherwise the bundled demo app, Palette.
  static func resolve(_ given: String?, currentDirectory: URL, executable: URL?) -> URL? {
    if let given {
      return URL(fileURLWithPath: given, relativeTo: currentDirectory).standardizedFileURL
    }
    if AppIconReader.containsApp(currentDirectory) { return currentDirectory }
    return bundledPalette(executable: executable)
  }

  /// Installed: PREFIX/bin/iconpick beside PREFIX/share/iconpick/Palette.
  /// In the source tree: the Assets folder of the checkout this binary was built from.
  static func bundledPalette(executable: URL?) -> URL? {
    var candidates: [URL] = []
    if let executable {
      let bin = executable.resolvingSymlinksInPath().deletingLastPathComponent()
      candidates.append(bin.appendingPathComponent("../share/iconpick/Palette").standardizedFileURL)
    }
    let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(checkout.appendingPathComponent("Assets/Palette"))
    return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
  }
}
