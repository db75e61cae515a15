import FoundationEssentials

/// How much of an app's code `check` reads for the icon names it passes
/// (`CodeIconNames`), in one place: the reading must stay a small part of a check, even on the
/// largest repositories.
///
/// Measured (2026-12) on 28 real app repositories (Swift, Objective-C, Flutter, React Native,
/// Capacitor): the most source files an app reads is 1,772 (Provenance), the largest file a
/// person wrote under 320 KB, and only generated files pass 800 KB (mocks, string tables,
/// protobuf, Fastlane's Swift: 0.9 to 1.1 MB).
enum CodeScanLimits {
  /// Files listed at most; more than ten times the largest app measured.
  static let files = 20_000
  /// A file larger than this is skipped: every one measured that large is generated (minified
  /// JavaScript bundles, generated mocks), and none calls `setAlternateIconName`.
  static let fileBytes = FileLimit(kind: "a source file", bytes: 2 << 20)
  /// Bytes read in all, files first found first: enough for every app measured several times
  /// over, and a bound on the time a check spends reading code.
  static let totalBytes = 256 << 20
  /// Folders walked at most while listing, against a link loop or a vast tree.
  static let folders = 50_000
}

/// Where an app's code is: the source files to read for the icon names it passes. Listed from
/// what the build compiles where a project says so, not from every file under the folder.
struct CodeSources: Sendable, Equatable {
  /// Files of the target's Compile Sources phases.
  var files: [URL] = []
  /// Folders whose every source file the target compiles: synchronized folders (their
  /// membership exceptions left out), an XcodeGen spec's source folders.
  var folders: [XcodeProject.SynchronizedFolder] = []
  /// Local Swift packages the target links: the targets of theirs that its products need are
  /// compiled into the app (`SwiftPackageManifest`), or their whole `Sources/` where the
  /// manifest does not say.
  var packages: [URL] = []
  /// The package products the target links (not a remote package's).
  var packageProducts: [String] = []
}

/// The source files of an app, in a stable order, within `CodeScanLimits`.
enum CodeFiles {
  /// Folders that hold no code the app is built from: dependencies, build output, tooling.
  static let skippedFolders: Set<String> =
    ProjectFiles.skippedFolders.union([
      "Carthage", ".dart_tool", ".expo", ".next", "dist", "coverage", "vendor", "bower_components",
      "web-build", ".gradle", "obj", "bin", "__tests__", "__mocks__",
    ])

  /// The code of the app at `location`: for a project target, the files it compiles (sources
  /// phase, synchronized folders, local packages' `Sources/`); without a target, every source
  /// file under the folder. Where the project is the `ios/` part of a Flutter, React Native,
  /// Capacitor or Expo app, that app's Dart or JavaScript too: Flutter's `lib/`, and the
  /// JavaScript and TypeScript of the folder holding `package.json`.
  static func of(_ location: AppLocation) -> [URL] {
    var walker = Walker()
    if let target = location.target {
      let sources = target.codeSources
      for file in sources.files { walker.add(file) }
      for folder in sources.folders {
        walker.walk(folder.folder, excluded: folder.excluded, languages: [.swift, .objectiveC])
      }
      for package in sources.packages {
        for folder in packageFolders(package, linking: sources.packageProducts) {
          walker.walk(folder, excluded: [], languages: [.swift, .objectiveC])
        }
      }
    } else {
      walker.walk(location.root, excluded: [], languages: Set(CodeLanguage.allCases))
    }
    if let (app, language) = crossPlatformApp(around: location.root) {
      switch language {
      case .dart:
        walker.walk(
          app.appendingPathComponent("lib", isDirectory: true), excluded: [], languages: [.dart])
      case .cSharp:
        walker.walk(
          app, excluded: ["Platforms/Android", "Platforms/Windows"], languages: [.cSharp])
      default:
        walker.walk(app, excluded: ["ios", "android", "macos", "windows"], languages: [language])
      }
    }
    return walker.found
  }

  /// The folders of a local package that an app linking `products` compiles: the targets its
  /// products need, by its manifest; none when the manifest's products are not among them; its
  /// whole `Sources/` when the manifest names no product iconpick can read.
  static func packageFolders(_ package: URL, linking products: [String]) -> [URL] {
    let whole = [package.appendingPathComponent("Sources", isDirectory: true)]
    guard let manifest = SwiftPackageManifest.read(package: package), !manifest.products.isEmpty
    else { return whole }
    let linked = products.filter { manifest.products[$0] != nil }
    return manifest.sourceFolders(linking: linked, in: package) ?? whole
  }

  /// A test, by JavaScript's and Dart's naming (`icon.test.ts`, `icon.spec.js`,
  /// `icon_test.dart`): it calls with names meant to fail.
  static func isTestFile(_ name: String) -> Bool {
    name.contains(".test.") || name.contains(".spec.") || name.hasSuffix("_test.dart")
  }

  /// The folder of the Flutter (`pubspec.yaml`) or JavaScript (`package.json`) app whose iOS
  /// project lies at `root`: the parent of an `ios` folder that is `root` or holds it, at most two
  /// levels up (`ios/Runner.xcodeproj`, `ios/App/App.xcodeproj`); or the .NET project (a
  /// `.csproj`) whose iOS Info.plist folder is `root` (`Platforms/iOS`).
  static func crossPlatformApp(around root: URL) -> (URL, CodeLanguage)? {
    var folder = root.standardizedFileURL
    for _ in 0..<3 {
      let names = ReadDisk.names(inFolder: folder.path) ?? []
      if names.contains(where: { $0.hasSuffix(".csproj") }) { return (folder, .cSharp) }
      if folder.lastPathComponent == "ios" {
        let app = folder.deletingLastPathComponent()
        if ReadDisk.exists(app.appendingPathComponent("pubspec.yaml").path) {
          return (app, .dart)
        }
        if ReadDisk.exists(app.appendingPathComponent("package.json").path) {
          return (app, .javaScript)
        }
        return nil
      }
      let parent = folder.deletingLastPathComponent()
      if parent.path == folder.path { return nil }
      folder = parent
    }
    return nil
  }

  /// Collects files once each, in the order found, up to `CodeScanLimits.files`.
  private struct Walker {
    var found: [URL] = []
    var seen = Set<String>()
    var folders = 0

    mutating func add(_ file: URL) {
      guard found.count < CodeScanLimits.files,
        CodeLanguage(fileExtension: file.pathExtension) != nil
      else { return }
      let path = file.standardizedFileURL.path
      if seen.insert(path).inserted { found.append(URL(fileURLWithPath: path)) }
    }

    /// Every file of `languages` under `folder`, in name order, leaving out the `excluded`
    /// paths (relative to `folder`), hidden entries, `CodeFiles.skippedFolders` and bundles.
    mutating func walk(_ folder: URL, excluded: Set<String>, languages: Set<CodeLanguage>) {
      func visit(_ path: String, relative: String) {
        guard folders < CodeScanLimits.folders, found.count < CodeScanLimits.files else { return }
        folders += 1
        let entries = DirectoryListing.entries(atPath: path).sorted { $0.name < $1.name }
        for entry in entries where !entry.name.hasPrefix(".") && !entry.isLink {
          let inner = relative.isEmpty ? entry.name : relative + "/" + entry.name
          guard !excluded.contains(inner) else { continue }
          let full = path + "/" + entry.name
          if entry.isDirectory {
            let ext = DirectoryListing.pathExtension(of: entry.name)
            // Test bundles' folders (`AppTests`, `AppUITests`) are not the app.
            if !CodeFiles.skippedFolders.contains(entry.name),
              !entry.name.hasSuffix("Tests"), !entry.name.hasSuffix("Test"),
              !ProjectFiles.skippedExtensions.contains(ext),
              !["xcassets", "xcodeproj", "icon", "lproj"].contains(ext)
            {
              visit(full, relative: inner)
            }
          } else if let language = CodeLanguage(
            fileExtension: DirectoryListing.pathExtension(of: entry.name)),
            languages.contains(language), !CodeFiles.isTestFile(entry.name)
          {
            add(URL(fileURLWithPath: full))
          }
        }
      }
      visit(folder.standardizedFileURL.path, relative: "")
    }
  }
}
