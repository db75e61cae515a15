import Foundation
import IconCatalog
import Testing

@testable import IconCheck

/// Issue 18, points 3 to 5: what real apps do that check read wrongly: includes as on a Mac,
/// dotted `CFBundleIconFiles` names, setting names with no set, files the target copies.
@Suite struct IncludesAndSettingNamesTests {
  /// A project of one iOS app target, `App`, whose Release configuration has `settings` (and
  /// `INFOPLIST_FILE = Info.plist`) and whose Resources phase copies `resources` (paths relative
  /// to the project folder, in the main group).
  static func writeProject(_ app: FixtureApp, settings: [String: String], resources: [String])
    throws
  {
    var objects: [String] = []
    var next = 0
    func id() -> String {
      next += 1
      return String(format: "%024X", 0xDEC000 + next)
    }
    func quoted(_ text: String) -> String { "\"\(text)\"" }
    var files: [String] = []
    var buildFiles: [String] = []
    for path in ["Assets.xcassets"] + resources {
      let file = id()
      let build = id()
      objects.append(
        "\(file) = {isa = PBXFileReference; path = \(quoted(path)); sourceTree = \"<group>\"; };")
      objects.append("\(build) = {isa = PBXBuildFile; fileRef = \(file); };")
      files.append(file)
      buildFiles.append(build)
    }
    let phase = id()
    objects.append(
      "\(phase) = {isa = PBXResourcesBuildPhase; files = (\(buildFiles.joined(separator: ", "))); };"
    )
    var values = [
      "PRODUCT_BUNDLE_IDENTIFIER": "dev.iconpick.Fixture", "INFOPLIST_FILE": "Info.plist",
      "SDKROOT": "iphoneos",
    ]
    values.merge(settings) { _, given in given }
    let written = values.keys.sorted().map { "\(quoted($0)) = \(quoted(values[$0]!));" }
    let configuration = id()
    let list = id()
    objects.append(
      "\(configuration) = {isa = XCBuildConfiguration; buildSettings = {\(written.joined(separator: " "))}; name = Release; };"
    )
    objects.append(
      "\(list) = {isa = XCConfigurationList; buildConfigurations = (\(configuration)); defaultConfigurationName = Release; };"
    )
    let target = id()
    objects.append(
      "\(target) = {isa = PBXNativeTarget; buildConfigurationList = \(list); buildPhases = (\(phase)); name = App; productType = \"com.apple.product-type.application\"; };"
    )
    let group = id()
    objects.append(
      "\(group) = {isa = PBXGroup; children = (\(files.joined(separator: ", "))); sourceTree = \"<group>\"; };"
    )
    let projectConfiguration = id()
    let projectList = id()
    objects.append(
      "\(projectConfiguration) = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };"
    )
    objects.append(
      "\(projectList) = {isa = XCConfigurationList; buildConfigurations = (\(projectConfiguration)); defaultConfigurationName = Release; };"
    )
    let root = id()
    objects.append(
      "\(root) = {isa = PBXProject; buildConfigurationList = \(projectList); mainGroup = \(group); targets = (\(target)); };"
    )
    let bundle = app.root.appendingPathComponent("App.xcodeproj", isDirectory: true)
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    try """
    // !$*UTF8*$!
    {
    	archiveVersion = 1;
    	objectVersion = 56;
    	objects = {
    		\(objects.joined(separator: "\n\t\t"))
    	};
    	rootObject = \(root);
    }
    """.write(
      to: bundle.appendingPathComponent("project.pbxproj"), atomically: true, encoding: .utf8)
  }

  /// The real pattern: an app whose alternates list their iPad Pro files by name, dots and all
  /// (`AppIcon-Classic83.5x83.5@2x~ipad`), every file present and copied. iOS adds `.png` and
  /// finds each: no error, one warning per array for the suffixes.
  @Test func dottedIconFileNamesAreNoExtension() throws {
    let app = try FixtureApp()
    try app.singleSizeSet("AppIcon")
    let names = [
      "AppIcon-Classic60x60@2x", "AppIcon-Classic76x76@2x~ipad",
      "AppIcon-Classic83.5x83.5@2x~ipad",
    ]
    let sizes = [120, 152, 167]
    for (name, size) in zip(names, sizes) {
      try FileManager.default.createDirectory(
        at: app.root.appendingPathComponent("Icons"), withIntermediateDirectories: true)
      try writePNG(
        app.root.appendingPathComponent("Icons/\(name).png"), width: size, height: size)
    }
    try _ = FalsePositiveTests.writeInfoPlist(
      app,
      [
        "CFBundleIcons": [
          "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"],
          "CFBundleAlternateIcons": ["Classic": ["CFBundleIconFiles": [names[0]]]],
        ],
        "CFBundleIcons~ipad": [
          "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"],
          "CFBundleAlternateIcons": ["Classic": ["CFBundleIconFiles": Array(names[1...])]],
        ],
      ])
    try Self.writeProject(
      app, settings: ["TARGETED_DEVICE_FAMILY": "1,2"],
      resources: names.map { "Icons/\($0).png" })

    let (icons, facts) = try AppIconReader.readWithFacts(
      at: app.root, target: nil, configuration: nil)
    #expect(icons.alternate(named: "Classic")?.files.count == 3)
    let found = Checker.diagnose(icons, facts: facts)
    let errors = found.filter { $0.severity == .error }
    #expect(errors.isEmpty, "\(errors.map(\.message))")
    #expect(
      found.filter { $0.id.rawValue.hasPrefix("icon-file-with") }.map(\.id.rawValue) == [
        "icon-file-with-suffix", "icon-file-with-suffix",
      ])
  }

  /// A loose PNG that lies in the folder but that no phase copies is not in the built app.
  @Test func aLooseFileNoPhaseCopiesIsNoImage() throws {
    let app = try FixtureApp()
    try app.singleSizeSet("AppIcon")
    try writePNG(app.root.appendingPathComponent("Moon@2x.png"), width: 120, height: 120)
    try _ = FalsePositiveTests.writeInfoPlist(
      app,
      [
        "CFBundleIcons": [
          "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"],
          "CFBundleAlternateIcons": ["Moon": ["CFBundleIconFiles": ["Moon"]]],
        ]
      ])
    try Self.writeProject(app, settings: [:], resources: [])
    let found = try FalsePositiveTests.check(app)
    #expect(found.contains { $0.id == .alternateWithoutImage && $0.message.contains("Moon") })
    // Copied by the Resources phase, it is.
    try Self.writeProject(app, settings: [:], resources: ["Moon@2x.png"])
    #expect(!(try FalsePositiveTests.check(app)).contains { $0.id == .alternateWithoutImage })
  }

  /// A real React Native app's `project.pbxproj`: `"og, joy"` (the quotes are the plist's, so the
  /// setting's value is `og, joy`: `og,` and `joy`), no set of either name. Neither is an icon;
  /// each is a warning at the setting's line, the comma explained.
  @Test func settingNamesWithNoSetAreWarningsNotIcons() throws {
    let app = try FixtureApp()
    try app.singleSizeSet("AppIcon")
    try _ = FalsePositiveTests.writeInfoPlist(app, [:])
    try Self.writeProject(
      app,
      settings: [
        "ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon",
        "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": "og, joy",
      ], resources: [])
    let (icons, _) = try AppIconReader.readWithFacts(
      at: app.root, target: nil, configuration: nil)
    #expect(icons.alternates.isEmpty)

    let found = try FalsePositiveTests.check(app)
    #expect(found.filter { $0.severity == .error }.isEmpty, "\(found.map(\.message))")
    let warnings = found.filter { $0.id == .settingNameNotFound }
    #expect(warnings.count == 2)
    let project = app.root.appendingPathComponent("App.xcodeproj/project.pbxproj")
    let line = try String(contentsOf: project, encoding: .utf8).components(separatedBy: "\n")
      .firstIndex { $0.contains("\"og, joy\"") }.map { $0 + 1 }
    #expect(warnings.allSatisfy { $0.file == project.path && $0.line == line && line != nil })
    let comma = try #require(warnings.first)
    #expect(comma.message.contains("\"og,\""))
    #expect(comma.message.contains("the comma is part of the name"))
    #expect(comma.fix.contains("\"og\""))
    #expect(warnings.last?.fix.contains("Add an app icon set named \"joy\"") == true)
  }

  @Test func missingIncludeIsAnErrorAtItsLineAndFlutterSaysHow() throws {
    let app = try FixtureApp()
    try app.singleSizeSet("AppIcon")
    try _ = FalsePositiveTests.writeInfoPlist(app, [:])
    let flutter = app.root.appendingPathComponent("Flutter", isDirectory: true)
    try FileManager.default.createDirectory(at: flutter, withIntermediateDirectories: true)
    let release = flutter.appendingPathComponent("Release.xcconfig")
    try "#include? \"Pods.xcconfig\"\n#include \"Generated.xcconfig\"\n".write(
      to: release, atomically: true, encoding: .utf8)
    let found = try FalsePositiveTests.check(app)
    let missing = try #require(found.first { $0.id == .missingInclude })
    #expect(found.filter { $0.id == .missingInclude }.count == 1)
    #expect(missing.severity == .error)
    #expect(missing.file == release.path)
    #expect(missing.line == 2)
    #expect(missing.message.contains("could not find included file 'Generated.xcconfig'"))
    #expect(missing.fix.contains("flutter pub get"))
  }

  /// actool runs on a Mac: a Contents.json filename spelled otherwise than its file finds it.
  @Test func aCatalogFilenameDifferingInCaseIsFoundAndSaid() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: [])
    let set = try app.set(
      "AppIcon", images: [.init(filename: "Icon.PNG", idiom: "universal", size: 1024)])
    try writePNG(set.appendingPathComponent("icon.png"), width: 1024, height: 1024)
    let (icons, _) = try AppIconReader.readWithFacts(
      at: app.root, target: nil, configuration: nil)
    #expect(icons.primary.files.map(\.lastPathComponent) == ["icon.png"])
    let found = try FalsePositiveTests.check(app)
    #expect(!found.contains { $0.id == .missingFile })
    let differing = try #require(found.first { $0.id == .includeCase })
    #expect(differing.file == set.appendingPathComponent("Contents.json").path)
    #expect(differing.line == 4)
    #expect(differing.fix == "Spell it \"icon.png\", as the file is named.")
  }

  @Test func includeCaseSaysTheSpellingOfTheFile() throws {
    let app = try FixtureApp()
    try app.singleSizeSet("AppIcon")
    try _ = FalsePositiveTests.writeInfoPlist(app, [:])
    let config = app.root.appendingPathComponent("App.xcconfig")
    try "// Shared settings\n#include \"config/shared\"\n".write(
      to: config, atomically: true, encoding: .utf8)
    let folder = app.root.appendingPathComponent("Config", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try "A = 1\n".write(
      to: folder.appendingPathComponent("Shared.xcconfig"), atomically: true, encoding: .utf8)
    let found = try FalsePositiveTests.check(app)
    let differing = try #require(found.first { $0.id == .includeCase })
    #expect(differing.severity == .warning)
    #expect(differing.file == config.path)
    #expect(differing.line == 2)
    #expect(differing.fix == "Spell it \"Config/Shared\", as the file is named.")
    #expect(ConfigurationChecks.spelling("a/b.xcconfig", as: "/x/A/B.xcconfig") == "A/B.xcconfig")
    #expect(ConfigurationChecks.spelling("../b", as: "/x/B.xcconfig") == "/x/B.xcconfig")
  }
}
