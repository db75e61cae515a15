import Foundation
import Testing

@Suite struct ListCommandTests {
  func list(_ arguments: [String], state: Scratch, locale: String = "C.UTF-8") throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    try runProcess(
      iconpickBinary().path, ["list"] + arguments + ["--state-dir", state.file("state").path],
      environment: ["LANG": locale, "LC_ALL": locale, "PATH": "/usr/bin:/bin"])
  }

  @Test func theHumanFormMarksTheActiveIconAndCountsFiles() throws {
    let state = try Scratch()
    let result = try list([paletteAppIconSetsFolder().path], state: state)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 8)
    #expect(lines.first == "✓  Default  AppIcon         1 file")
    #expect(lines[1] == "   Blue     AppIcon-Blue    1 file")
    #expect(lines.last == "   Yellow   AppIcon-Yellow  1 file")
  }

  @Test func anASCIILocaleMarksWithAnAsterisk() throws {
    let state = try Scratch()
    let result = try list([paletteFolder().path], state: state, locale: "C")
    #expect(result.stdout.hasPrefix("*  Default"))
  }

  @Test func theJSONFormFollowsTheRecordedChoice() throws {
    let state = try Scratch()
    try FileManager.default.createDirectory(
      at: state.file("state"), withIntermediateDirectories: true)
    try Data(
      #"{"alternateIconName":"AppIcon-Teal","bundleIdentifier":"dev.iconpick.Palette"}"#.utf8
    )
    .write(to: state.file("state/dev.iconpick.Palette.json"))
    let result = try list([paletteAppIconSetsFolder().path, "--json"], state: state)
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["alternateIconName"] as? String == "AppIcon-Teal")
    #expect(object["supportsAlternateIcons"] as? Bool == true)
    let app = try #require(object["app"] as? [String: Any])
    #expect(app["name"] as? String == "Palette")
    #expect(app["bundleIdentifier"] as? String == "dev.iconpick.Palette")
    let icons = try #require(object["icons"] as? [[String: Any]])
    #expect(
      icons.map { $0["name"] as? String } == [
        "AppIcon", "AppIcon-Blue", "AppIcon-Green", "AppIcon-Orange", "AppIcon-Pink",
        "AppIcon-Purple", "AppIcon-Teal", "AppIcon-Yellow",
      ])
    #expect(
      icons.filter { $0["active"] as? Bool == true }.map { $0["name"] as? String } == [
        "AppIcon-Teal"
      ])
    #expect(icons.first?["primary"] as? Bool == true)
    #expect(icons.first?["displayName"] as? String == "Default")
    let files = try #require(icons.first?["files"] as? [String])
    #expect(files.count == 1)
    #expect(files.allSatisfy { FileManager.default.fileExists(atPath: $0) })
    // Palette is an iPhone app (TARGETED_DEVICE_FAMILY = 1).
    #expect(icons.first?["idioms"] as? [String] == ["iphone"])
  }

  /// The bundled demo app's icons are Icon Composer bundles in its AppIcons folder.
  @Test func thePaletteIconsAreIconComposerBundles() throws {
    let state = try Scratch()
    let result = try list([paletteFolder().path, "--json"], state: state)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let icons = try #require(object["icons"] as? [[String: Any]])
    #expect(icons.count == 8)
    let bundles = paletteFolder().appendingPathComponent("AppIcons").path
    for icon in icons {
      let name = try #require(icon["name"] as? String)
      let files = try #require(icon["files"] as? [String])
      #expect(!files.isEmpty, "\(name) has no files")
      #expect(
        files.allSatisfy { $0.hasPrefix("\(bundles)/\(name).icon") }, "\(name): \(files)")
    }
  }

  @Test func thePrimaryIsNullInJSON() throws {
    let state = try Scratch()
    let result = try list([paletteFolder().path, "--json"], state: state)
    #expect(result.stdout.contains(#""alternateIconName" : null"#))
  }

  /// Every Flutter app from a fresh clone: `ios/Flutter/Release.xcconfig` includes
  /// `Generated.xcconfig`, which `flutter` writes and nobody commits. Listed, with a warning.
  @Test func aMissingIncludeIsAWarningAndTheJSONIsThere() throws {
    let project = try Scratch()
    try FileManager.default.createDirectory(
      at: project.file("Assets.xcassets/AppIcon.appiconset"), withIntermediateDirectories: true)
    try Data(
      #"{"images":[{"filename":"a.png","idiom":"universal","platform":"ios","size":"1024x1024"}]}"#
        .utf8
    ).write(to: project.file("Assets.xcassets/AppIcon.appiconset/Contents.json"))
    try Data([0x89, 0x50, 0x4E, 0x47]).write(
      to: project.file("Assets.xcassets/AppIcon.appiconset/a.png"))
    try FileManager.default.createDirectory(
      at: project.file("Flutter"), withIntermediateDirectories: true)
    try Data(
      "#include \"Generated.xcconfig\"\nPRODUCT_BUNDLE_IDENTIFIER = com.example.Flutter\n".utf8
    )
    .write(to: project.file("Flutter/Release.xcconfig"))
    let result = try list([project.url.path, "--json"], state: project)
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect((object["icons"] as? [Any])?.count == 1)
    let release = project.file("Flutter/Release.xcconfig").standardizedFileURL.path
    #expect(
      result.stderr
        == "iconpick: warning: \(release):1: #include \"Generated.xcconfig\" not found next to it or in the project folder, so its settings are left out: run `flutter pub get` (or `flutter build ios`) in the Flutter project: it writes Generated.xcconfig, which is not committed\n"
    )
  }

  @Test func aNameWithoutFilesIsListedWithAWarning() throws {
    let project = try Scratch()
    let fileManager = FileManager.default
    try fileManager.createDirectory(
      at: project.file("Assets.xcassets/AppIcon.appiconset"), withIntermediateDirectories: true)
    try Data(
      #"{"images":[{"filename":"a.png","idiom":"universal","platform":"ios","size":"1024x1024"}]}"#
        .utf8
    )
    .write(to: project.file("Assets.xcassets/AppIcon.appiconset/Contents.json"))
    try Data([0x89, 0x50, 0x4E, 0x47]).write(
      to: project.file("Assets.xcassets/AppIcon.appiconset/a.png"))
    // Declared in Info.plist: a name the build settings give with no set would be no icon.
    try PropertyListSerialization.data(
      fromPropertyList: [
        "CFBundleIdentifier": "com.example.Gone",
        "CFBundleIcons": ["CFBundleAlternateIcons": ["AppIcon-Gone": [String: Any]()]],
      ], format: .xml, options: 0
    ).write(to: project.file("Info.plist"))
    let result = try list([project.url.path], state: project)
    #expect(result.status == 0)
    #expect(result.stdout.contains("Gone     AppIcon-Gone  no files"))
    #expect(
      result.stderr
        == "iconpick: warning: \"AppIcon-Gone\" has no image files: no icon set or loose files were found for it\n"
    )
  }

  @Test func aMalformedInfoPlistFailsNamingTheFile() throws {
    let project = try Scratch()
    try Data("<plist><dict><key>CFBundleIdentifier</key>".utf8).write(
      to: project.file("Info.plist"))
    let result = try list([project.url.path], state: project)
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("iconpick: "))
    #expect(result.stderr.contains("Info.plist"))
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stdout.isEmpty)
  }

  @Test func listHasItsOwnHelp() throws {
    let result = try runProcess(iconpickBinary().path, ["list", "--help"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("USAGE: iconpick list"))
  }

  @Test func jsonIsNotAnOptionOfThePicker() throws {
    let result = try runProcess(iconpickBinary().path, ["--json"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--json"))
  }

  @Test func wideNamesStayAligned() throws {
    let project = try Scratch()
    let fileManager = FileManager.default
    for name in ["AppIcon", "AppIcon-日本", "AppIcon-Long"] {
      let folder = project.file("Assets.xcassets/\(name).appiconset")
      try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(#"{"images":[{"filename":"a.png","idiom":"universal","size":"1024x1024"}]}"#.utf8)
        .write(to: folder.appendingPathComponent("Contents.json"))
      try Data([0x89, 0x50, 0x4E, 0x47]).write(to: folder.appendingPathComponent("a.png"))
    }
    try Data(
      """
      PRODUCT_BUNDLE_IDENTIFIER = com.example.Wide
      ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = AppIcon-日本 AppIcon-Long
      """.utf8
    ).write(to: project.file("App.xcconfig"))
    let result = try list([project.url.path], state: project)
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    // The file count starts at the same terminal column on every line (日 and 本 take two each).
    let columns = lines.map { line -> Int in
      let prefix = line.components(separatedBy: "1 file").first ?? ""
      return prefix.reduce(0) { $0 + ($1.unicodeScalars.first!.value >= 0x3000 ? 2 : 1) }
    }
    #expect(Set(columns).count == 1, "\(lines)")
  }
}

@Suite struct ListOrderTests {
  /// A project whose alternates are "AlternateN": plain text would list 1, 15, 16, 2, 22.
  func project(numbers: [Int]) throws -> Scratch {
    let project = try Scratch()
    let names = ["AppIcon"] + numbers.map { "Alternate\($0)" }
    for name in names {
      let folder = project.file("Assets.xcassets/\(name).appiconset")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(#"{"images":[{"filename":"a.png","idiom":"universal","size":"1024x1024"}]}"#.utf8)
        .write(to: folder.appendingPathComponent("Contents.json"))
      try Data([0x89, 0x50, 0x4E, 0x47]).write(to: folder.appendingPathComponent("a.png"))
    }
    let declared = names.dropFirst().joined(separator: " ")
    try Data(
      """
      PRODUCT_BUNDLE_IDENTIFIER = com.example.Order
      ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \(declared)
      """.utf8
    ).write(to: project.file("App.xcconfig"))
    return project
  }

  func list(_ arguments: [String], in project: Scratch) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    try runProcess(
      iconpickBinary().path,
      ["list", project.url.path] + arguments + ["--state-dir", project.file("state").path],
      environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"])
  }

  @Test func alternate2ComesBeforeAlternate15InTheTableAndInJSON() throws {
    let project = try project(numbers: [15, 1, 22, 2, 16])
    let expected = [
      "AppIcon", "Alternate1", "Alternate2", "Alternate15", "Alternate16", "Alternate22",
    ]

    let table = try list([], in: project)
    #expect(table.status == 0, "\(table.stderr)")
    let rows = table.stdout.split(separator: "\n").map(String.init)
    #expect(rows.count == expected.count)
    for (row, name) in zip(rows, expected) { #expect(row.contains(name), "\(rows)") }
    #expect(rows[2].contains("Alternate2 "))

    let json = try list(["--json"], in: project)
    #expect(json.status == 0, "\(json.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let icons = try #require(object["icons"] as? [[String: Any]])
    #expect(icons.compactMap { $0["name"] as? String } == expected)
  }
}
