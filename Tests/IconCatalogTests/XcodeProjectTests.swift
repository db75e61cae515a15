import Foundation
import Testing

@testable import IconCatalog

@Suite("Xcode projects")
struct XcodeProjectTests {
  private func pbxproj(_ fixture: Fixture, _ name: String = "Sunrise") -> String {
    fixture.url("\(name).xcodeproj/project.pbxproj").path
  }

  /// Rewrites part of the Sunrise project file, as a developer editing it in Xcode would.
  private func editSunrise(_ fixture: Fixture, _ edits: [(String, String)]) throws {
    var text = Fixture.sunriseProject
    for (old, new) in edits {
      #expect(text.contains(old), "the fixture no longer holds \(old)")
      text = text.replacingOccurrences(of: old, with: new)
    }
    try fixture.write("Sunrise.xcodeproj/project.pbxproj", text)
  }

  // MARK: Classic projects

  @Test("a classic project: the app target's resources, Release settings and Info.plist")
  func classicProject() throws {
    let sunrise = try Fixture.sunrise()
    let icons = try AppIconReader.read(at: sunrise.root)
    #expect(icons.appName == "Sunrise")
    #expect(icons.bundleIdentifier == "dev.example.sunrise")
    #expect(icons.primary.name == "AppIcon")
    #expect(icons.primary.files.count == 1)
    // Include-all takes the sets of the target's two catalogs only: not the widget's, not Unused/.
    #expect(Set(icons.alternates.map(\.name)) == ["AppIcon-Dawn", "AppIcon-Night", "BrandIcon"])
    #expect(icons.location == sunrise.root.standardizedFileURL)

    let target = try #require(try AppLocation.locate(sunrise.root).target)
    #expect(target.name == "Sunrise")
    #expect(target.configuration == "Release")
    // Gone.xcassets is listed in the resources but is not in the objects: skipped, as Xcode shows it red.
    #expect(
      target.catalogs.map(\.path) == [
        sunrise.url("Sunrise/Assets.xcassets").path, sunrise.url("Sunrise/Branding.xcassets").path,
      ])
  }

  @Test("DEVELOPMENT_ASSET_PATHS (Preview Content) is not in the shipped app, so not read")
  func developmentAssets() throws {
    let sunrise = try Fixture.sunrise()
    #expect(
      !(try AppIconReader.read(at: sunrise.root)).alternates.contains { $0.name == "PreviewIcon" })
    try editSunrise(
      sunrise, [("DEVELOPMENT_ASSET_PATHS = \"\\\"Sunrise/Preview Content\\\"\";", "")])
    let icons = try AppIconReader.read(at: sunrise.root)
    #expect(icons.alternates.contains { $0.name == "PreviewIcon" })
  }

  @Test("PATH may be the .xcodeproj, the folder holding it, or a folder above that")
  func projectPaths() throws {
    let sunrise = try Fixture.sunrise()
    let fromFolder = try AppIconReader.read(at: sunrise.root)
    #expect(try AppIconReader.read(at: sunrise.url("Sunrise.xcodeproj")) == fromFolder)

    let repository = try Fixture.sunrise(under: "apps/ios")
    let fromAbove = try AppIconReader.read(at: repository.root)
    #expect(fromAbove.location == repository.url("apps/ios").standardizedFileURL)
    #expect(fromAbove.bundleIdentifier == "dev.example.sunrise")
    #expect(fromAbove.alternates.count == 3)
  }

  @Test("two projects side by side: an error that lists them")
  func twoProjects() throws {
    let fixture = try Fixture()
    try fixture.write("Alpha.xcodeproj/project.pbxproj", Fixture.sunriseProject)
    try fixture.write("Beta.xcodeproj/project.pbxproj", Fixture.sunriseProject)
    let error = try #require(throws: IconCatalogError.self) {
      try AppIconReader.read(at: fixture.root)
    }
    #expect(
      error
        == .ambiguousProject(
          folder: fixture.url("").path, projects: ["Alpha.xcodeproj", "Beta.xcodeproj"]))
    #expect(error.description.hasSuffix("pass the .xcodeproj of the app as PATH"))
  }

  // MARK: Build settings

  @Test("settings layer as in Xcode: project xcconfig < project < target xcconfig < target")
  func layering() throws {
    let sunrise = try Fixture.sunrise()
    let settings = try #require(try AppLocation.locate(sunrise.root).target).settings
    // $(inherited) runs through all four layers, lists and all.
    #expect(
      settings.list("GCC_PREPROCESSOR_DEFINITIONS") == [
        "BASE=1", "PROJECT=1", "TARGET_CONFIG=1", "TARGET=1",
      ])
    #expect(settings.list("LD_RUNPATH_SEARCH_PATHS") == ["@executable_path/Frameworks"])
    // From `#include "Config/Shared"` in Sunrise/Sunrise.xcconfig: no extension, project-relative.
    #expect(settings.string("MARKETING_VERSION") == "1.0")
    #expect(settings.string("PRODUCT_NAME") == "Sunrise")
    #expect(settings.string("PROJECT_NAME") == "Sunrise")
    #expect(settings.string("SRCROOT") == sunrise.url("").path)
    #expect(settings.string("IPHONEOS_DEPLOYMENT_TARGET") == "16.4")
    #expect(settings.file(settingKey: "PRODUCT_BUNDLE_IDENTIFIER")?.path == pbxproj(sunrise))
    #expect(
      settings.file(settingKey: "BUNDLE_PREFIX")?.path == sunrise.url("Config/Base.xcconfig").path)
  }

  @Test("conditional settings: the iOS device one, in pbxproj keys and in xcconfig lines")
  func conditionalSettings() throws {
    let sunrise = try Fixture.sunrise()
    let settings = try #require(try AppLocation.locate(sunrise.root).target).settings
    // Plain AppIcon-Night, [sdk=iphonesimulator*] AppIcon-Dawn, [sdk=iphoneos*][arch=*] AppIcon.
    #expect(settings.string("ASSETCATALOG_COMPILER_APPICON_NAME") == "AppIcon")
    // `[config=Debug]` in Base.xcconfig does not apply to Release.
    #expect(settings.list("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES").isEmpty)
  }

  /// swift-build reads a dictionary's keys sorted, each in front of the ones before it
  /// (`BuildConfiguration.createTableFromUserSettings`): `FLAGS[sdk=iphoneos*]`'s `$(inherited)`
  /// is `FLAGS` of the same dictionary, whose own is the layer below.
  @Test(
    "in a buildSettings dictionary, $(inherited) is the eligible key sorted before it, then the layer below"
  )
  func inheritedInDictionary() {
    let file = URL(fileURLWithPath: "/p/project.pbxproj")
    let below = BuildSettings.Layer(
      assignments: [XCConfigAssignment(key: "FLAGS", conditions: [], value: "base", file: file)])
    let dictionary = BuildSettings.Layer(
      assignments: ProjectTarget.assignments(
        [
          "FLAGS": "$(inherited) plain", "FLAGS[sdk=iphoneos*]": "$(inherited) device",
          "MODE[config=Debug]": "debug", "NAME[sdk=iphonesimulator*]": "simulator",
        ], file: file))
    let release = BuildSettings(
      layers: [below, dictionary], builtIn: [:],
      for: BuildTarget(sdk: "iphoneos", arch: "arm64", configuration: "Release"))
    #expect(release.string("FLAGS") == "base plain device")
    #expect(!release.isSet("NAME"))
    #expect(!release.isSet("MODE"))

    let debug = BuildSettings(
      layers: [below, dictionary], builtIn: [:],
      for: BuildTarget(sdk: "iphoneos", arch: "arm64", configuration: "Debug"))
    #expect(debug.string("MODE") == "debug")
    #expect(debug.string("FLAGS") == "base plain device")
    // The simulator: the device key does not hold, so the plain one stands.
    let simulator = BuildSettings(
      layers: [below, dictionary], builtIn: [:],
      for: BuildTarget(sdk: "iphonesimulator", arch: "arm64", configuration: "Release"))
    #expect(simulator.string("FLAGS") == "base plain")
    #expect(simulator.string("NAME") == "simulator")
  }

  @Test("--configuration chooses one; [config=NAME] follows it; an unknown name lists the known")
  func configurations() throws {
    let sunrise = try Fixture.sunrise()
    let location = try AppLocation.locate(sunrise.root, configuration: "Debug")
    let settings = try #require(location.target).settings
    #expect(
      settings.list("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES") == [
        "AppIcon-Night", "AppIcon-Dawn",
      ])

    let debug = try AppIconReader.read(at: sunrise.root, target: nil, configuration: "Debug")
    #expect(debug.bundleIdentifier == "dev.example.sunrise.debug")
    #expect(Set(debug.alternates.map(\.name)) == ["AppIcon-Night", "AppIcon-Dawn"])

    let error = try #require(throws: IconCatalogError.self) {
      try AppIconReader.read(at: sunrise.root, target: nil, configuration: "Staging")
    }
    #expect(
      error
        == .unknownConfiguration(
          project: sunrise.url("Sunrise.xcodeproj").path, name: "Staging",
          configurations: ["Debug", "Release"]))
    #expect(error.description.contains(#"(configurations: "Debug", "Release")"#))
  }

  @Test("no Release configuration: the list's default is used")
  func defaultConfiguration() throws {
    let sunrise = try Fixture.sunrise()
    try editSunrise(
      sunrise,
      [
        ("name = Release;", "name = Production;"),
        ("defaultConfigurationName = Release;", "defaultConfigurationName = Debug;"),
      ])
    let target = try #require(try AppLocation.locate(sunrise.root).target)
    #expect(target.configuration == "Debug")
    let icons = try AppIconReader.read(at: sunrise.root)
    #expect(icons.bundleIdentifier == "dev.example.sunrise.debug")
  }

  @Test(
    "a configuration based on a missing .xcconfig: Xcode's error as a warning, read without it")
  func missingBaseConfiguration() throws {
    let sunrise = try Fixture.sunrise()
    try FileManager.default.removeItem(at: sunrise.url("Sunrise/Sunrise.xcconfig"))
    let icons = try AppIconReader.read(at: sunrise.root)
    #expect(icons.bundleIdentifier == "dev.example.sunrise")
    #expect(icons.warnings.count == 1)
    let warning = try #require(icons.warnings.first)
    #expect(
      warning.hasPrefix(
        pbxproj(sunrise) + ": Unable to open base configuration reference file '"
          + sunrise.url("Sunrise/Sunrise.xcconfig").path + "'"))
    #expect(warning.contains("the Release configuration of target Sunrise"))
  }

  @Test("an identifier only the missing .xcconfig had: none, and why, for the commands that record")
  func identifierInTheMissingConfiguration() throws {
    let sunrise = try Fixture.sunrise()
    try FileManager.default.removeItem(at: sunrise.url("Sunrise/Sunrise.xcconfig"))
    let file = URL(fileURLWithPath: pbxproj(sunrise))
    let text = try String(contentsOf: file, encoding: .utf8)
      .replacingOccurrences(
        of: #"PRODUCT_BUNDLE_IDENTIFIER = "$(BUNDLE_PREFIX).sunrise";"#, with: "")
    try text.write(to: file, atomically: true, encoding: .utf8)
    let icons = try AppIconReader.read(at: sunrise.root)
    #expect(icons.bundleIdentifier == nil)
    #expect(icons.warnings.count == 1)
    #expect(icons.bundleIdentifierProblem?.contains("no PRODUCT_BUNDLE_IDENTIFIER") == true)
  }

  // MARK: Info.plist and identity

  @Test(
    "INFOPLIST_FILE is relative to SRCROOT or spells $(SRCROOT) out; a missing one names the pbxproj"
  )
  func infoPlistFile() throws {
    let sunrise = try Fixture.sunrise()
    try sunrise.writePlist(
      "Sunrise/Info.plist",
      ["CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)", "CFBundleDisplayName": "Sunrise ☀️"])
    try editSunrise(
      sunrise,
      [
        (
          "INFOPLIST_FILE = Sunrise/Info.plist;",
          "INFOPLIST_FILE = \"$(SRCROOT)/Sunrise/Info.plist\";"
        )
      ])
    #expect(try AppIconReader.read(at: sunrise.root).appName == "Sunrise ☀️")

    try editSunrise(
      sunrise, [("INFOPLIST_FILE = Sunrise/Info.plist;", "INFOPLIST_FILE = Sunrise/Gone.plist;")])
    #expect(
      throws: IconCatalogError.infoPlistNotFound(
        file: "Sunrise/Gone.plist", declaredIn: pbxproj(sunrise),
        lookedAt: [sunrise.url("Sunrise/Gone.plist").path])
    ) {
      try AppIconReader.read(at: sunrise.root)
    }
  }

  @Test("the app's name falls back to PRODUCT_NAME, which defaults to the target's name")
  func appNameFallback() throws {
    let sunrise = try Fixture.sunrise()
    try sunrise.writePlist(
      "Sunrise/Info.plist", ["CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)"])
    try editSunrise(
      sunrise, [("PRODUCT_NAME = \"$(TARGET_NAME)\";", "PRODUCT_NAME = \"$(TARGET_NAME) Pro\";")])
    #expect(try AppIconReader.read(at: sunrise.root).appName == "Sunrise Pro")

    try editSunrise(sunrise, [("PRODUCT_NAME = \"$(TARGET_NAME)\";", "")])
    #expect(try AppIconReader.read(at: sunrise.root).appName == "Sunrise")
  }

  @Test("GENERATE_INFOPLIST_FILE: INFOPLIST_KEY_* are Info.plist keys; the file's own keys win")
  func generatedInfoPlist() throws {
    let harbor = try Fixture.harbor()
    var icons = try AppIconReader.read(at: harbor.root, target: "Harbor", configuration: nil)
    #expect(icons.appName == "Harbor Lights")
    #expect(icons.bundleIdentifier == "dev.example.harbor")

    let location = try AppLocation.locate(harbor.root, target: "Harbor")
    let settings = try #require(location.target).settings
    let keys = ProjectTarget.generatedInfoPlistKeys(settings)
    #expect(keys["CFBundleDisplayName"] as? String == "Harbor Lights")
    #expect(
      keys["UISupportedInterfaceOrientations~ipad"] as? String
        == "UIInterfaceOrientationPortrait UIInterfaceOrientationLandscapeLeft")
    #expect(keys["INFOPLIST_KEY_CFBundleDisplayName"] == nil)

    try harbor.writePlist("Harbor/Info.plist", ["CFBundleDisplayName": "Harbor (from the file)"])
    icons = try AppIconReader.read(at: harbor.root, target: "Harbor", configuration: nil)
    #expect(icons.appName == "Harbor (from the file)")
    #expect(icons.bundleIdentifier == "dev.example.harbor")
  }

  @Test("INFOPLIST_KEY_* settings are not read unless the Info.plist is generated")
  func infoPlistKeysNeedGeneration() throws {
    let sunrise = try Fixture.sunrise()
    try editSunrise(
      sunrise,
      [
        (
          "PRODUCT_NAME = \"$(TARGET_NAME)\";",
          "PRODUCT_NAME = \"$(TARGET_NAME)\"; INFOPLIST_KEY_CFBundleDisplayName = Ignored;"
        )
      ])
    #expect(try AppIconReader.read(at: sunrise.root).appName == "Sunrise")

    try editSunrise(
      sunrise,
      [
        (
          "PRODUCT_NAME = \"$(TARGET_NAME)\";",
          "PRODUCT_NAME = \"$(TARGET_NAME)\"; INFOPLIST_KEY_CFBundleDisplayName = Used; GENERATE_INFOPLIST_FILE = YES;"
        )
      ])
    #expect(try AppIconReader.read(at: sunrise.root).appName == "Used")
  }

  // MARK: Targets

  @Test("several app targets: an error that lists them; --target chooses; an extension is no app")
  func severalTargets() throws {
    let harbor = try Fixture.harbor()
    let project = harbor.url("Harbor.xcodeproj").path
    let error = try #require(throws: IconCatalogError.self) {
      try AppIconReader.read(at: harbor.root)
    }
    #expect(error == .ambiguousTarget(project: project, targets: ["Harbor", "HarborTV"]))
    #expect(
      error.description
        == "\(project): several app targets (\"Harbor\", \"HarborTV\"): choose one with --target NAME"
    )

    #expect(
      throws: IconCatalogError.excludedTarget(
        project: project, name: "HarborWidget", reason: "an app extension",
        targets: ["Harbor", "HarborTV"])
    ) {
      try AppIconReader.read(at: harbor.root, target: "HarborWidget", configuration: nil)
    }
    let tv = try AppIconReader.read(at: harbor.root, target: "HarborTV", configuration: nil)
    #expect(tv.bundleIdentifier == "dev.example.harbor.tv")
  }

  @Test("--target or --configuration with no project: an error")
  func optionsWithoutProject() throws {
    let palette = try Fixture.palette()
    #expect(throws: IconCatalogError.noProject(path: palette.url("").path)) {
      try AppIconReader.read(at: palette.root, target: "Palette", configuration: nil)
    }
    #expect(throws: IconCatalogError.noProject(path: palette.url("Info.plist").path)) {
      try AppIconReader.read(at: palette.url("Info.plist"), target: nil, configuration: "Debug")
    }
    // Without the options the folder reads as before.
    #expect(try AppIconReader.read(at: palette.root).alternates.count == 7)
  }

  /// A committed project says what the folder builds (skb1129/react-native-change-icon: a static
  /// library's project beside docs with a tutorial's Info.plist): no app is guessed around it.
  @Test(
    "a project that builds no app: no app here, naming what it builds; a placeholder is no project")
  func noApplicationTarget() throws {
    let palette = try Fixture.palette()
    try palette.write(
      "Palette.xcodeproj/project.pbxproj",
      Fixture.sunriseProject.replacingOccurrences(
        of: "com.apple.product-type.application", with: "com.apple.product-type.framework"))
    let described =
      "Palette.xcodeproj builds only a framework (\"Sunrise\"), an app extension (\"SunriseWidget\") and a unit test bundle (\"SunriseTests\")"
    let error = try #require(throws: IconCatalogError.self) {
      try AppIconReader.read(at: palette.root)
    }
    #expect(error == .noAppInProjects(folder: palette.root.path, projects: [described]))
    #expect(
      error.description
        == "\(palette.root.path): no app here (its Xcode project builds none): \(described): pass the folder or .xcodeproj of an app"
    )
    // The project itself as PATH: the same.
    #expect(throws: IconCatalogError.self) {
      try AppIconReader.read(at: palette.url("Palette.xcodeproj"))
    }
    // A placeholder project (no objects) builds nothing: the folder reads as before.
    try palette.write("Palette.xcodeproj/project.pbxproj", "{}")
    let icons = try AppIconReader.read(at: palette.root)
    #expect(icons.appName == "Palette")
    #expect(icons.alternates.count == 7)
  }

  @Test("a library's project beside an app's deeper one: the folder reads as before")
  func libraryBesideAnApp() throws {
    let palette = try Fixture.palette()
    try palette.write(
      "Palette.xcodeproj/project.pbxproj",
      Fixture.sunriseProject.replacingOccurrences(
        of: "com.apple.product-type.application", with: "com.apple.product-type.library.static"))
    try palette.write("Example/Example.xcodeproj/project.pbxproj", Fixture.sunriseProject)
    let icons = try AppIconReader.read(at: palette.root)
    #expect(icons.alternates.count == 7)
  }

  // MARK: Synchronized folders (Xcode 16)

  @Test("synchronized folders: their catalogs and .icon bundles, minus the target's exceptions")
  func synchronizedFolders() throws {
    let harbor = try Fixture.harbor()
    // A link back up the tree must not make the walk loop.
    try FileManager.default.createSymbolicLink(
      at: harbor.url("Harbor/Loop"), withDestinationURL: harbor.root)
    let target = try #require(try AppLocation.locate(harbor.root, target: "Harbor").target)
    // Shared.xcassets is in HarborTV's folder, ticked for Harbor too; Other.xcassets is not.
    #expect(
      target.catalogs.map(\.path) == [
        harbor.url("Harbor/Assets.xcassets").path, harbor.url("Shared/Shared.xcassets").path,
      ])
    #expect(
      target.iconBundles.map(\.path) == [
        harbor.url("Harbor/AppIcons/Storm.icon").path,
        harbor.url("Harbor/AppIcons/Sunset.icon").path,
      ])

    let icons = try AppIconReader.read(at: harbor.root, target: "Harbor", configuration: nil)
    #expect(icons.primary.name == "AppIcon")
    let names = Set(icons.alternates.map(\.name))
    #expect(names.isSuperset(of: ["Lighthouse", "SharedIcon"]))
    #expect(names.isDisjoint(with: ["PreviewIcon", "OtherIcon", "TVIcon", "WidgetIcon"]))
  }

  @Test("a tvOS target: [sdk=appletvos*] settings, a base configuration anchored in a folder")
  func tvOSTarget() throws {
    let harbor = try Fixture.harbor()
    let location = try AppLocation.locate(harbor.root, target: "HarborTV", configuration: "Debug")
    let target = try #require(location.target)
    #expect(
      target.catalogs.map(\.path) == [
        harbor.url("Shared/Other.xcassets").path, harbor.url("Shared/Shared.xcassets").path,
        harbor.url("HarborTV/Assets.xcassets").path,
      ])
    let icons = try AppIconReader.read(at: harbor.root, target: "HarborTV", configuration: "Debug")
    #expect(icons.primary.name == "TVIcon")
    #expect(icons.primary.files.count == 1)
    #expect(icons.bundleIdentifier == "dev.example.harbor.tv")
    #expect(icons.appName == "HarborTV")
    #expect(icons.alternates.isEmpty)
  }

  // MARK: File references

  @Test(
    "file references: <group> through parent groups, SOURCE_ROOT, absolute; SDKROOT is not a path")
  func fileReferences() throws {
    let fixture = try Fixture()
    try fixture.write(
      "Refs.xcodeproj/project.pbxproj",
      """
      // !$*UTF8*$!
      {
      	archiveVersion = 1;
      	objectVersion = 56;
      	objects = {
      		R0 = {isa = PBXProject; mainGroup = G0; targets = (); buildConfigurationList = L0; };
      		L0 = {isa = XCConfigurationList; buildConfigurations = (); };
      		G0 = {isa = PBXGroup; children = (G1, F3, F4, F5); sourceTree = "<group>"; };
      		G1 = {isa = PBXGroup; children = (G2); path = App; sourceTree = "<group>"; };
      		G2 = {isa = PBXGroup; children = (F1, F2); name = "No Folder"; sourceTree = "<group>"; };
      		F1 = {isa = PBXFileReference; path = Assets.xcassets; sourceTree = "<group>"; };
      		F2 = {isa = PBXFileReference; path = ../Shared/Icons.xcassets; sourceTree = "<group>"; };
      		F3 = {isa = PBXFileReference; path = Config/App.xcconfig; sourceTree = SOURCE_ROOT; };
      		F4 = {isa = PBXFileReference; path = /opt/Brand/Brand.xcassets; sourceTree = "<absolute>"; };
      		F5 = {isa = PBXFileReference; path = System/Library/Frameworks/UIKit.framework; sourceTree = SDKROOT; };
      	};
      	rootObject = R0;
      }
      """)
    let project = try XcodeProject.read(fixture.url("Refs.xcodeproj"))
    #expect(project.path(of: "F1")?.path == fixture.url("App/Assets.xcassets").path)
    #expect(project.path(of: "F2")?.path == fixture.url("Shared/Icons.xcassets").path)
    #expect(project.path(of: "F3")?.path == fixture.url("Config/App.xcconfig").path)
    #expect(project.path(of: "F4")?.path == "/opt/Brand/Brand.xcassets")
    #expect(project.path(of: "F5") == nil)
    #expect(project.path(of: "Missing") == nil)
    #expect(try project.targets().isEmpty)
  }

  // MARK: Bad project files

  @Test("a malformed project.pbxproj: an error naming the file and what is wrong, never a crash")
  func malformedProjects() throws {
    let cases: [(text: String, reason: String?)] = [
      ("// !$*UTF8*$!\n{ objects = { ;", nil),
      ("( one, two )", nil),
      ("{ archiveVersion = 1; objectVersion = 56; objects = {}; }", "no \"rootObject\""),
      ("{ rootObject = P; }", "no \"objects\" dictionary"),
      (
        "{ objects = { P = { isa = PBXGroup; }; }; rootObject = P; }",
        "rootObject P is not a PBXProject in \"objects\""
      ),
      (
        "{ objects = { P = { isa = PBXProject; targets = ( T ); }; }; rootObject = P; }",
        "targets of the project refers to T, which is not in \"objects\""
      ),
      (
        "{ objects = { P = { isa = PBXProject; targets = T; }; }; rootObject = P; }",
        "targets of the project is not a list"
      ),
      (
        """
        { objects = { P = { isa = PBXProject; targets = ( T ); };
          T = { isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; buildConfigurationList = L; };
        }; rootObject = P; }
        """,
        "buildConfigurationList L of target App is not an XCConfigurationList"
      ),
      (
        """
        { objects = { P = { isa = PBXProject; targets = ( T ); buildConfigurationList = L; };
          T = { isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; buildConfigurationList = L; };
          L = { isa = XCConfigurationList; buildConfigurations = ( C ); };
          C = { isa = XCBuildConfiguration; name = Release; buildSettings = "YES"; };
        }; rootObject = P; }
        """,
        "buildSettings of the Release configuration of target App is not a dictionary"
      ),
      (
        """
        { objects = { P = { isa = PBXProject; targets = ( T ); };
          T = { isa = PBXNativeTarget; productType = "com.apple.product-type.application"; };
        }; rootObject = P; }
        """,
        "target T has no name"
      ),
    ]
    for (text, reason) in cases {
      let fixture = try Fixture()
      try fixture.write("App.xcodeproj/project.pbxproj", text)
      let file = pbxproj(fixture, "App")
      let error = try #require(throws: IconCatalogError.self) {
        try AppIconReader.read(at: fixture.root)
      }
      #expect(error.description.hasPrefix(file + ": "), "\(error)")
      #expect(!error.description.contains("\n"))
      if let reason {
        #expect(error == .malformedProject(file: file, reason: reason))
      } else if case .unreadablePlist(let named, _) = error {
        #expect(named == file)
      } else {
        Issue.record("expected unreadablePlist for \(text), got \(error)")
      }
    }
  }

  @Test("an .xcodeproj without project.pbxproj: an error naming the missing file")
  func missingProjectFile() throws {
    let fixture = try Fixture()
    try fixture.makeFolder("App.xcodeproj")
    let error = try #require(throws: IconCatalogError.self) {
      try AppIconReader.read(at: fixture.url("App.xcodeproj"))
    }
    guard case .projectFileMissing(let bundle) = error else {
      Issue.record("expected projectFileMissing, got \(error)")
      return
    }
    #expect(bundle + "/project.pbxproj" == pbxproj(fixture, "App"))
    #expect(error.description.contains("holds no project.pbxproj"))
  }
}
