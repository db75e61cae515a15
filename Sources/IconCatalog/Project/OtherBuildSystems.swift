import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Repositories whose app another build system makes: Bazel, Buck, .NET (MAUI, Xamarin), Unity,
/// Godot, Kotlin Multiplatform. Without an Xcode project for the app, their Info.plists,
/// `.xcconfig`s and asset catalogs are leftovers or templates (an Xcode-era Info.plist beside a
/// `BUILD` file, a MAUI app's `Platforms/iOS/Info.plist` whose icons the build generates), not
/// an app iconpick can read as loose files: the folder is refused in one line naming the tool and
/// what makes the app or its Xcode project. A committed `.xcodeproj` or XcodeGen spec for the app
/// is read before this is asked (`AppLocation.locate`).
enum OtherBuildSystems {
  enum System: Sendable {
    case bazel, buck, dotnet, unity, godot, kotlinMultiplatform
  }

  /// What recognises one build system: files of these names, holding one of these rules or this
  /// text. Every rule is tried on the folder given (and all under it), in this order, then on the
  /// files directly in each folder above it, so that a folder inside such a repository is known.
  struct Rule: Sendable {
    var system: System
    var tool: String
    /// Names of the files that say so; `*.csproj` matches by extension.
    var fileNames: [String]
    /// Rules called (Starlark) or text held (the others), any one of them.
    var holds: [String]
    /// Files that mark the repository's root, where the tool runs (Bazel's workspace, Buck's
    /// `.buckconfig`); none when the evidence's own folder is where it runs.
    var rootFiles: [String] = []
    /// The real repositories and files the rule was read from.
    var seenIn: String
  }

  static let rules: [Rule] = [
    Rule(
      system: .bazel, tool: "Bazel", fileNames: ["BUILD", "BUILD.bazel"],
      holds: ["ios_application", "tvos_application"],
      rootFiles: ["MODULE.bazel", "WORKSPACE", "WORKSPACE.bazel", "REPO.bazel"],
      seenIn: """
        TelegramMessenger/Telegram-iOS: Telegram/BUILD has ios_application(name = "Telegram"), \
        WORKSPACE and MODULE.bazel at the root, and Xcode-era Info.plists and catalogs under \
        Telegram/Telegram-iOS; bazelbuild/rules_apple: examples/ios/HelloWorld/BUILD
        """),
    Rule(
      system: .buck, tool: "Buck", fileNames: ["BUCK"], holds: ["apple_bundle", "apple_binary"],
      rootFiles: [".buckconfig"],
      seenIn: """
        airbnb/BuckSample: App/BUCK has apple_bundle(name = "ExampleApp", extension = "app", \
        info_plist = "Info.plist") beside App/Info.plist and App/Assets.xcassets; .buckconfig at \
        the root
        """),
    Rule(
      system: .dotnet, tool: ".NET", fileNames: ["*.csproj"],
      holds: ["<UseMaui>", "-ios", "-tvos", "Xamarin.iOS"],
      seenIn: """
        dotnet/maui-samples: each app's .csproj has <UseMaui>true</UseMaui> and \
        <TargetFrameworks>net8.0-android;net8.0-ios;...</TargetFrameworks>, with \
        Platforms/iOS/Info.plist (its icons come from <MauiIcon>, made at build time); \
        xamarin/xamarin-forms-samples: *.iOS/*.iOS.csproj imports Xamarin.iOS.CSharp.targets \
        beside Info.plist and Assets.xcassets
        """),
    Rule(
      system: .unity, tool: "Unity", fileNames: ["ProjectVersion.txt"],
      holds: ["m_EditorVersion"],
      seenIn: """
        Unity projects keep ProjectSettings/ProjectVersion.txt (m_EditorVersion: ...) beside \
        Assets/; the iOS build writes Unity-iPhone.xcodeproj into a folder most repositories \
        ignore (Unity-Technologies/BoatAttack, for one)
        """),
    Rule(
      system: .godot, tool: "Godot", fileNames: ["project.godot"], holds: [],
      seenIn: """
        Godot projects keep project.godot at their root and export presets in export_presets.cfg \
        ([preset.N] name="...", platform="iOS", export_path="..."); the iOS export writes the \
        Xcode project (godotengine/godot-demo-projects)
        """),
    Rule(
      system: .kotlinMultiplatform, tool: "Kotlin Multiplatform",
      fileNames: ["build.gradle.kts", "build.gradle"],
      holds: [
        "kotlin(\"multiplatform\")", "org.jetbrains.kotlin.multiplatform",
        "plugins.kotlinMultiplatform", "plugins.kotlin.multiplatform",
      ],
      seenIn: """
        the Kotlin Multiplatform wizard (JetBrains/compose-multiplatform-template): \
        composeApp/build.gradle.kts applies alias(libs.plugins.kotlinMultiplatform), and \
        iosApp/iosApp.xcodeproj, when committed, is the app's project (read as usual)
        """),
  ]

  /// What refuses a folder: the tool, the file that says so and what in it, and what makes the
  /// app or its Xcode project.
  struct Detection: Equatable, Sendable {
    var tool: String
    var file: URL
    /// What in `file` says so: `ios_application "App"`, `<UseMaui>`; empty when the file alone does.
    var reason: String
    var remedy: String
  }

  /// The file names `ProjectFiles.scan` collects for the rules.
  static func isEvidenceName(_ name: String) -> Bool {
    evidenceNames.contains(name)
      || evidenceExtensions.contains(DirectoryListing.pathExtension(of: name))
  }

  private static let evidenceNames: Set<String> = Set(
    rules.flatMap { $0.fileNames + $0.rootFiles }.filter { !$0.hasPrefix("*.") })
  private static let evidenceExtensions: Set<String> = Set(
    rules.flatMap(\.fileNames).filter { $0.hasPrefix("*.") }.map { String($0.dropFirst(2)) })

  /// The build system that makes the app of `root`, whose files (`ProjectFiles.scan`) are
  /// `files`: found under `root`, else, when `above`, directly in a folder above it (a folder of
  /// loose app files inside such a repository).
  static func detect(in root: URL, files: ProjectFiles, above: Bool) -> Detection? {
    let root = root.standardizedFileURL
    if let found = detect(in: root, evidence: files.buildSystemFiles) { return found }
    guard above else { return nil }
    var folder = root
    while folder.path != "/" {
      folder = folder.deletingLastPathComponent()
      var evidence = ProjectFiles.scan(folder, maxDepth: 1).buildSystemFiles
      let unity = folder.appendingPathComponent("ProjectSettings/ProjectVersion.txt")
      if ReadDisk.exists(unity.path) { evidence.append(unity) }
      if let found = detect(in: folder, evidence: evidence) { return found }
    }
    return nil
  }

  /// Shallowest evidence first, each rule in turn.
  private static func detect(in root: URL, evidence: [URL]) -> Detection? {
    guard !evidence.isEmpty else { return nil }
    let ordered = evidence.sorted {
      let (left, right) = (
        ProjectFiles.relativeComponents(of: $0, under: root).count,
        ProjectFiles.relativeComponents(of: $1, under: root).count
      )
      return left != right ? left < right : $0.path < $1.path
    }
    for rule in rules {
      let files = ordered.filter { file in
        rule.fileNames.contains {
          $0.hasPrefix("*.")
            ? file.pathExtension == String($0.dropFirst(2)) : file.lastPathComponent == $0
        }
      }
      let rootFiles = ordered.filter { rule.rootFiles.contains($0.lastPathComponent) }
      guard !files.isEmpty || !rootFiles.isEmpty else { continue }
      let found: Detection?
      switch rule.system {
      case .bazel: found = bazel(rule, files: files, rootFiles: rootFiles)
      case .buck: found = buck(rule, files: files)
      case .dotnet: found = dotnet(rule, files: files)
      case .unity: found = unity(rule, files: files)
      case .godot: found = godot(rule, files: files)
      case .kotlinMultiplatform: found = kotlinMultiplatform(rule, files: files, root: root)
      }
      if let found { return found }
    }
    return nil
  }

  // MARK: Each system

  /// An app rule of a Starlark build file: the file, the call, its package under the root.
  private struct AppRule {
    var file: URL
    var call: StarlarkCalls.Call
    var package: String

    var label: String? { call.name.map { "//\(package):\($0)" } }
    /// A test host (`XCUITestsHostApp`, `webrtc_build_test`) is an app, but rarely the one meant.
    var isTestHost: Bool { call.name?.lowercased().contains("test") ?? false }
  }

  /// The app rules (`select`) of the Starlark build files among `files` under the first root
  /// (a folder holding one of `rule.rootFiles`) that has any: apps first, test hosts after.
  private static func appRules(
    _ rule: Rule, files: [URL], mentioning word: String,
    select: (StarlarkCalls.Call) -> Bool
  ) -> (root: URL, apps: [AppRule])? {
    var apps: [AppRule] = []
    var root: URL?
    for file in files {
      guard let text = text(of: file), text.contains(word),
        let folder = folderAbove(file, holding: rule.rootFiles), root == nil || folder == root
      else { continue }
      let calls = StarlarkCalls.calls(in: text).filter(select)
      guard !calls.isEmpty else { continue }
      root = folder
      let package = ProjectFiles.relativeComponents(
        of: file.deletingLastPathComponent(), under: folder
      ).joined(separator: "/")
      apps += calls.map { AppRule(file: file, call: $0, package: package) }
    }
    guard let root, !apps.isEmpty else { return nil }
    return (root, apps.filter { !$0.isTestHost } + apps.filter(\.isTestHost))
  }

  /// `run `BUILD LABEL` in ROOT`, naming the others when there are several: which is the app
  /// is not guessed.
  private static func buildCommand(
    _ build: String, apps: [AppRule], root: URL, suffix: String = "", output: String
  ) -> String {
    let first = apps[0]
    let command =
      "run `\(build) \(first.label.map { MessageText.escaped($0) } ?? "//\(first.package):all")\(suffix)` in \(MessageText.path(root.path))"
    guard apps.count > 1 else { return "\(command), then pass \(output)" }
    let others = apps.dropFirst().compactMap(\.label).map { MessageText.escaped($0) }
    let named = others.prefix(3).joined(separator: ", ")
    let more = apps.count - 1 - min(others.count, 3)
    let list = named.isEmpty ? "" : " (\(named)\(more > 0 ? " and \(more) more" : ""))"
    return
      "\(command), or build another of its \(apps.count) app targets\(list), then pass \(output)"
  }

  /// `ios_application`/`tvos_application`, built from its workspace; else a workspace that
  /// loads rules_apple (the app rule behind a macro).
  private static func bazel(_ rule: Rule, files: [URL], rootFiles: [URL]) -> Detection? {
    if let (workspace, apps) = appRules(
      rule, files: files, mentioning: "_application", select: { rule.holds.contains($0.rule) })
    {
      let first = apps[0]
      let output =
        apps.count == 1 && first.call.name != nil
        ? "the .ipa it writes (bazel-bin/\(first.package.isEmpty ? "" : first.package + "/")\(MessageText.escaped(first.call.name ?? "")).ipa)"
        : "the .ipa it writes under bazel-bin"
      return Detection(
        tool: rule.tool, file: first.file, reason: called(first.call),
        remedy: buildCommand("bazel build", apps: apps, root: workspace, output: output))
    }
    for file in rootFiles where text(of: file)?.contains("rules_apple") == true {
      return Detection(
        tool: rule.tool, file: file, reason: "rules_apple",
        remedy:
          "run `bazel build` with the app's ios_application target in \(MessageText.path(file.deletingLastPathComponent().path)), then pass the .ipa it writes under bazel-bin"
      )
    }
    return nil
  }

  /// The app's `apple_bundle` (extension "app", not a watch app); else, when the app's bundle is
  /// behind a macro, any `apple_bundle` or `apple_binary` says Buck builds it.
  private static func buck(_ rule: Rule, files: [URL]) -> Detection? {
    func isApp(_ call: StarlarkCalls.Call) -> Bool {
      guard call.rule == "apple_bundle", call.arguments["extension"] == .string("app") else {
        return false
      }
      if case .string(let type)? = call.arguments["xcode_product_type"] {
        return !type.contains("watch")
      }
      return true
    }
    // Buck2 marks its root with `.buckroot`; Buck1 has only `.buckconfig`.
    func buck(_ root: URL) -> String {
      ReadDisk.exists(root.appendingPathComponent(".buckroot").path)
        ? "buck2" : "buck"
    }
    if let (root, apps) = appRules(rule, files: files, mentioning: "apple_bundle", select: isApp),
      !apps[0].isTestHost
    {
      return Detection(
        tool: rule.tool, file: apps[0].file, reason: called(apps[0].call),
        remedy: buildCommand(
          "\(buck(root)) build", apps: apps, root: root, suffix: " --show-output",
          output: "the .app or .ipa it names"))
    }
    guard
      let (root, rules) = appRules(
        rule, files: files, mentioning: "apple_", select: { rule.holds.contains($0.rule) })
    else { return nil }
    return Detection(
      tool: rule.tool, file: rules[0].file, reason: called(rules[0].call),
      remedy:
        "run `\(buck(root)) build --show-output` with the app's bundle target in \(MessageText.path(root.path)) (none is declared plainly here: a macro may declare it), then pass the .app or .ipa it names"
    )
  }

  /// A project for iOS or tvOS: MAUI (`<UseMaui>true`), .NET for iOS (`net8.0-ios`), or the
  /// older Xamarin.iOS.
  private static func dotnet(_ rule: Rule, files: [URL]) -> Detection? {
    for file in files {
      guard let text = text(of: file) else { continue }
      let folder = MessageText.path(file.deletingLastPathComponent().path)
      let project = shellWord(file.lastPathComponent)
      let usesMaui =
        text.contains(#/<UseMaui>\s*true\s*<\/UseMaui>/#.ignoresCase())
      let framework = text.firstMatch(of: #/net[0-9]+\.[0-9]+-(ios|tvos)[0-9.]*/#)
        .map { String($0.output.0) }
      if usesMaui || framework != nil {
        let choose = framework.map { " -f \($0)" } ?? ""
        return Detection(
          tool: usesMaui ? ".NET MAUI" : ".NET", file: file,
          reason: usesMaui ? "<UseMaui>" : "TargetFramework \(framework ?? "")",
          remedy:
            "run `dotnet build \(project)\(choose)` in \(folder), then pass the .app it writes under bin"
        )
      }
      if text.contains("Xamarin.iOS") {
        return Detection(
          tool: "Xamarin.iOS", file: file, reason: "Xamarin.iOS",
          remedy:
            "run `msbuild \(project) /p:Platform=iPhone /p:Configuration=Release` in \(folder), then pass the .app it writes under bin/iPhone/Release"
        )
      }
    }
    return nil
  }

  /// `ProjectSettings/ProjectVersion.txt` beside `Assets/`.
  private static func unity(_ rule: Rule, files: [URL]) -> Detection? {
    for file in files {
      let settings = file.deletingLastPathComponent()
      let project = settings.deletingLastPathComponent()
      var isFolder = false
      guard settings.lastPathComponent == "ProjectSettings",
        ReadDisk.exists(project.appendingPathComponent("Assets").path, isFolder: &isFolder),
        isFolder, let text = text(of: file), text.contains("m_EditorVersion")
      else { continue }
      let version = text.split(whereSeparator: \.isNewline).lazy
        .compactMap { line -> String? in
          guard line.hasPrefix("m_EditorVersion:") else { return nil }
          return line.dropFirst("m_EditorVersion:".count).trimmingWhitespace()
        }.first
      return Detection(
        tool: rule.tool, file: file, reason: version.map { "editor \($0)" } ?? "",
        remedy:
          "Unity's iOS build (File → Build Settings → iOS → Build) writes its Xcode project, Unity-iPhone.xcodeproj: pass the folder it writes"
      )
    }
    return nil
  }

  /// `project.godot`, with the iOS preset of `export_presets.cfg` beside it when there is one.
  private static func godot(_ rule: Rule, files: [URL]) -> Detection? {
    guard let file = files.first else { return nil }
    let folder = file.deletingLastPathComponent()
    let presets = folder.appendingPathComponent("export_presets.cfg")
    guard let preset = text(of: presets).flatMap(iOSPreset) else {
      return Detection(
        tool: rule.tool, file: file, reason: "",
        remedy:
          "add an iOS export preset (Project → Export) and export it, which writes its Xcode project, then pass that folder"
      )
    }
    let remedy =
      preset.path.isEmpty
      ? "export its iOS preset \"\(MessageText.escaped(preset.name))\" (Project → Export), which writes its Xcode project, then pass that folder"
      : "run `godot --headless --export-release \(shellWord(preset.name)) \(shellWord(preset.path))` in \(MessageText.path(folder.path)), which writes its Xcode project, then pass the folder of \(MessageText.escaped(preset.path))"
    return Detection(
      tool: rule.tool, file: presets,
      reason: "iOS export preset \"\(MessageText.escaped(preset.name))\"",
      remedy: remedy)
  }

  /// The first `[preset.N]` of `export_presets.cfg` whose platform is iOS: its name and export path.
  static func iOSPreset(_ text: String) -> (name: String, path: String)? {
    var values: [String: String] = [:]
    var found: (String, String)?
    func finish() {
      if found == nil, values["platform"]?.lowercased() == "ios" {
        found = (values["name"] ?? "iOS", values["export_path"] ?? "")
      }
      values = [:]
    }
    for line in text.split(whereSeparator: \.isNewline) {
      let line = line.trimmingWhitespace()
      if line.hasPrefix("[") {
        finish()
        // Only a preset's own section; `[preset.0.options]` holds no name or platform.
        if line.hasPrefix("[preset."),
          line.dropFirst("[preset.".count).dropLast().allSatisfy(\.isNumber)
        {
          values["section"] = "preset"
        }
        continue
      }
      guard values["section"] == "preset", let equals = line.firstIndex(of: "=") else { continue }
      var value = line[line.index(after: equals)...].trimmingWhitespace()
      if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
        value = String(value.dropFirst().dropLast())
      }
      values[line[..<equals].trimmingWhitespace()] = value
    }
    finish()
    return found
  }

  /// A Gradle build applying the Kotlin Multiplatform plugin; the app's Xcode project would be
  /// in `iosApp/`, as the wizard writes it.
  private static func kotlinMultiplatform(_ rule: Rule, files: [URL], root: URL) -> Detection? {
    guard
      let file = files.first(where: { file in
        text(of: file).map { text in rule.holds.contains { text.contains($0) } } ?? false
      })
    else { return nil }
    var folder = file.deletingLastPathComponent()
    var iosApp: URL?
    while iosApp == nil {
      let candidate = folder.appendingPathComponent("iosApp")
      var isFolder = false
      if ReadDisk.exists(candidate.path, isFolder: &isFolder),
        isFolder
      {
        iosApp = candidate
      }
      if folder.path == root.path || folder.path == "/" { break }
      folder = folder.deletingLastPathComponent()
    }
    let remedy =
      iosApp.map {
        "its iOS app, \(MessageText.path($0.path)), has no Xcode project (the Kotlin Multiplatform wizard writes iosApp/iosApp.xcodeproj): pass the folder that holds the app's .xcodeproj"
      } ?? "its iOS app's Xcode project is not here: pass the folder that holds it"
    return Detection(
      tool: rule.tool, file: file, reason: "the Kotlin Multiplatform plugin", remedy: remedy)
  }

  // MARK: Support

  private static func called(_ call: StarlarkCalls.Call) -> String {
    call.name.map { "\(call.rule) \"\(MessageText.escaped($0))\"" } ?? call.rule
  }

  /// The nearest folder holding `file` (its own first) with one of `names` in it.
  private static func folderAbove(_ file: URL, holding names: [String]) -> URL? {
    var folder = file.deletingLastPathComponent()
    while true {
      for name in names
      where ReadDisk.exists(folder.appendingPathComponent(name).path) {
        return folder
      }
      if folder.path == "/" { return nil }
      folder = folder.deletingLastPathComponent()
    }
  }

  /// The first 1 MiB of `file` as text, far more than a build file holds; nil when unreadable.
  private static func text(of file: URL) -> String? {
    guard let bytes = try? RegularFile.prefix(file.path, count: 1 << 20) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A name as a shell word: as it is when plain, else in single quotes.
  static func shellWord(_ word: String) -> String {
    let plain = word.allSatisfy {
      $0.isASCII && ($0.isLetter || $0.isNumber || "-_./:+=,@%".contains($0))
    }
    if plain, !word.isEmpty { return MessageText.escaped(word) }
    return "'" + MessageText.escaped(word.replacingAll("'", with: #"'\''"#)) + "'"
  }
}
