import Foundation
import Testing

/// Issue 27, part 4, from the command line: a Capacitor app kept with XcodeGen (no `.xcodeproj`)
/// lists and checks as the project XcodeGen generates; a Tuist folder gets one line and exit 1.
@Suite struct GeneratedProjectCommandTests {
  func run(_ arguments: [String], state: Scratch) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    try runProcess(
      iconpickBinary().path, arguments + ["--state-dir", state.file("state").path],
      environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"])
  }

  /// `ios/App/project.yml` with targets Dev and Prod; each `.xcconfig` names its own primary, a
  /// real Icon Composer bundle of the demo app, and its own bundle id. Nothing else is named.
  static func capacitorApp() throws -> Scratch {
    let scratch = try Scratch()
    func write(_ path: String, _ text: String) throws {
      let file = scratch.file(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: file, atomically: true, encoding: .utf8)
    }
    try write("capacitor.config.json", #"{"appId":"com.example.app"}"#)
    try write(
      "ios/App/App/Info.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      	<key>CFBundleDisplayName</key>
      	<string>$(APP_DISPLAY_NAME)</string>
      	<key>CFBundleIdentifier</key>
      	<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
      </dict>
      </plist>
      """)
    try write("ios/App/App/Assets.xcassets/Contents.json", #"{"info":{"version":1}}"#)
    for (folder, name, source) in [
      ("Dev", "AppIcon-Dev", "AppIcon-Blue"), ("Prod", "AppIcon", "AppIcon"),
    ] {
      let target = scratch.file("ios/App/Icons/\(folder)/\(name).icon")
      try FileManager.default.createDirectory(
        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: paletteFolder().appendingPathComponent("AppIcons/\(source).icon"), to: target)
      try write(
        "ios/App/Config/\(folder).xcconfig",
        """
        ASSETCATALOG_COMPILER_APPICON_NAME = \(name)
        PRODUCT_BUNDLE_IDENTIFIER = com.example.app\(folder == "Dev" ? ".dev" : "")
        APP_DISPLAY_NAME = App\(folder == "Dev" ? " Dev" : "")
        TARGETED_DEVICE_FAMILY = 1

        """)
    }
    try write(
      "ios/App/project.yml",
      """
      name: App
      targets:
        Dev:
          type: application
          platform: iOS
          sources: [App, Icons/Dev]
          configFiles: {Debug: Config/Dev.xcconfig, Release: Config/Dev.xcconfig}
          settings: {base: {INFOPLIST_FILE: App/Info.plist}}
        Prod:
          type: application
          platform: iOS
          sources: [App, Icons/Prod]
          configFiles: {Debug: Config/Prod.xcconfig, Release: Config/Prod.xcconfig}
          settings: {base: {INFOPLIST_FILE: App/Info.plist}}

      """)
    return scratch
  }

  @Test("list: each environment's own icon, name and bundle id, from the repository root")
  func list() throws {
    let app = try Self.capacitorApp()
    let state = try Scratch()
    for (target, icon, identifier, name) in [
      ("Dev", "AppIcon-Dev", "com.example.app.dev", "App Dev"),
      ("Prod", "AppIcon", "com.example.app", "App"),
    ] {
      let result = try run(["list", app.url.path, "--target", target, "--json"], state: state)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stderr.isEmpty, "\(result.stderr)")
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      let about = try #require(object["app"] as? [String: Any])
      #expect(about["bundleIdentifier"] as? String == identifier)
      #expect(about["name"] as? String == name)
      #expect(about["path"] as? String == app.url.appendingPathComponent("ios/App").path)
      let icons = try #require(object["icons"] as? [[String: Any]])
      #expect(icons.count == 1)
      #expect(icons.first?["name"] as? String == icon)
      let files = try #require(icons.first?["files"] as? [String])
      #expect(!files.isEmpty && files.allSatisfy { $0.contains("/Icons/\(target)/\(icon).icon") })
    }
    // Without --target, like the .xcodeproj XcodeGen generates: the two app targets are named.
    let both = try run(["list", app.url.path], state: state)
    #expect(both.status == 1)
    #expect(both.stderr.contains(#"several app targets ("Dev", "Prod")"#), "\(both.stderr)")
  }

  @Test("check: both environments, no error (no set-not-shipped for the other's icon)")
  func check() throws {
    let app = try Self.capacitorApp()
    let state = try Scratch()
    let result = try run(["check", app.url.path], state: state)
    #expect(!result.stdout.contains("set-not-shipped"), "\(result.stdout)")
    #expect(!result.stdout.contains("error"), "\(result.stdout)")
    #expect(result.stdout.contains("Dev"))
    #expect(result.stdout.contains("Prod"))
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
  }

  @Test("a Tuist project without its .xcodeproj: one line, exit 1")
  func tuist() throws {
    let scratch = try Scratch()
    try FileManager.default.createDirectory(
      at: scratch.file("App/Resources"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: paletteAppIconSetsFolder().appendingPathComponent("Assets.xcassets"),
      to: scratch.file("App/Resources/Assets.xcassets"))
    try "import ProjectDescription\n\nlet project = Project(name: \"App\", targets: [])\n".write(
      to: scratch.file("Project.swift"), atomically: true, encoding: .utf8)
    let state = try Scratch()
    for command in [["list"], ["check"]] {
      let result = try run(command + [scratch.url.path], state: state)
      #expect(result.status == 1)
      #expect(result.stdout.isEmpty || command == ["check"])
      let lines = result.stderr.split(separator: "\n")
      #expect(lines.count == 1, "\(result.stderr)")
      #expect(result.stderr.contains("generated by Tuist"))
      #expect(result.stderr.contains("run `tuist generate`"))
    }
  }
}
