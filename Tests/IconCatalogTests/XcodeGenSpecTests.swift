import Foundation
import SpecYAML
import Testing

@testable import IconCatalog

/// Issue 27, part 4: a project whose `.xcodeproj` is generated. An XcodeGen spec is read as the
/// project XcodeGen would generate; other generators are named, never read as loose files.
@Suite("Generated projects")
struct XcodeGenSpecTests {
  init() { SpecYAML.install() }
  /// An Icon Composer bundle with one layer (`isBundle` needs its icon.json).
  static func writeIconBundle(_ fixture: Fixture, _ path: String) throws {
    try fixture.write(
      "\(path)/icon.json", #"{"groups":[{"layers":[{"image-name":"a.png","name":"a"}]}]}"#)
    try fixture.write("\(path)/Assets/a.png", data: Data([0x89, 0x50, 0x4E, 0x47]))
  }

  /// A Capacitor app kept with XcodeGen, as the issue found it: `ios/App/project.yml`, one
  /// target per environment, each with its own `.xcconfig` naming its own `.icon` primary and
  /// bundle id, a shared Info.plist and catalog, and no `.xcodeproj`.
  static func capacitorApp() throws -> Fixture {
    let fixture = try Fixture()
    try fixture.write("package.json", #"{"name":"app"}"#)
    try fixture.write("capacitor.config.json", #"{"appId":"com.example.app"}"#)
    try fixture.writePlist(
      "ios/App/App/Info.plist",
      [
        "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)",
        "CFBundleDisplayName": "$(APP_DISPLAY_NAME)",
      ])
    try fixture.write(
      "ios/App/App/Assets.xcassets/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
    try writeIconBundle(fixture, "ios/App/Icons/Dev/AppIcon-Dev.icon")
    try writeIconBundle(fixture, "ios/App/Icons/Prod/AppIcon.icon")
    try fixture.write(
      "ios/App/Config/Dev.xcconfig",
      """
      ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon-Dev
      PRODUCT_BUNDLE_IDENTIFIER = com.example.app.dev
      APP_DISPLAY_NAME = App Dev

      """)
    try fixture.write(
      "ios/App/Config/Prod.xcconfig",
      """
      ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon
      PRODUCT_BUNDLE_IDENTIFIER = com.example.app
      APP_DISPLAY_NAME = App

      """)
    try fixture.write(
      "ios/App/project.yml",
      """
      name: App
      options:
        bundleIdPrefix: com.example
        deploymentTarget:
          iOS: "15.0"
      targets:
        Dev:
          type: application
          platform: iOS
          sources:
            - App
            - Icons/Dev
          configFiles:
            Debug: Config/Dev.xcconfig
            Release: Config/Dev.xcconfig
          settings:
            base:
              INFOPLIST_FILE: App/Info.plist
        Prod:
          type: application
          platform: iOS
          sources:
            - App
            - Icons/Prod
          configFiles:
            Debug: Config/Prod.xcconfig
            Release: Config/Prod.xcconfig
          settings:
            base:
              INFOPLIST_FILE: App/Info.plist

      """)
    return fixture
  }

  /// The `project.pbxproj` XcodeGen 2.44 generates from `capacitorApp`'s spec, as far as iconpick
  /// reads it: each target's Release configuration based on its `.xcconfig`, with the presets
  /// (`SDKROOT`, `TARGETED_DEVICE_FAMILY`) minus the keys the `.xcconfig` sets
  /// (`ASSETCATALOG_COMPILER_APPICON_NAME`), `INFOPLIST_FILE`, no `PRODUCT_BUNDLE_IDENTIFIER` (the
  /// `.xcconfig` sets it, so `bundleIdPrefix` does not), and the catalog and `.icon` resources.
  static let generatedProject = """
    // !$*UTF8*$!
    {
    	archiveVersion = 1;
    	objectVersion = 77;
    	objects = {
    		F001 = {isa = PBXFileReference; path = Config/Dev.xcconfig; sourceTree = "<group>"; };
    		F002 = {isa = PBXFileReference; path = Config/Prod.xcconfig; sourceTree = "<group>"; };
    		F003 = {isa = PBXFileReference; path = App/Assets.xcassets; sourceTree = "<group>"; };
    		F004 = {isa = PBXFileReference; path = "Icons/Dev/AppIcon-Dev.icon"; sourceTree = "<group>"; };
    		F005 = {isa = PBXFileReference; path = Icons/Prod/AppIcon.icon; sourceTree = "<group>"; };
    		B001 = {isa = PBXBuildFile; fileRef = F003; };
    		B002 = {isa = PBXBuildFile; fileRef = F004; };
    		B003 = {isa = PBXBuildFile; fileRef = F003; };
    		B004 = {isa = PBXBuildFile; fileRef = F005; };
    		R001 = {isa = PBXResourcesBuildPhase; files = (B001, B002); };
    		R002 = {isa = PBXResourcesBuildPhase; files = (B003, B004); };
    		C001 = {isa = XCBuildConfiguration; baseConfigurationReference = F001; buildSettings = {INFOPLIST_FILE = App/Info.plist; IPHONEOS_DEPLOYMENT_TARGET = 15.0; SDKROOT = iphoneos; TARGETED_DEVICE_FAMILY = "1,2"; }; name = Release; };
    		C002 = {isa = XCBuildConfiguration; baseConfigurationReference = F002; buildSettings = {INFOPLIST_FILE = App/Info.plist; IPHONEOS_DEPLOYMENT_TARGET = 15.0; SDKROOT = iphoneos; TARGETED_DEVICE_FAMILY = "1,2"; }; name = Release; };
    		C003 = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 15.0; PRODUCT_NAME = "$(TARGET_NAME)"; SDKROOT = iphoneos; }; name = Release; };
    		L001 = {isa = XCConfigurationList; buildConfigurations = (C001); defaultConfigurationName = Debug; };
    		L002 = {isa = XCConfigurationList; buildConfigurations = (C002); defaultConfigurationName = Debug; };
    		L003 = {isa = XCConfigurationList; buildConfigurations = (C003); defaultConfigurationName = Debug; };
    		T001 = {isa = PBXNativeTarget; buildConfigurationList = L001; buildPhases = (R001); name = Dev; productType = "com.apple.product-type.application"; };
    		T002 = {isa = PBXNativeTarget; buildConfigurationList = L002; buildPhases = (R002); name = Prod; productType = "com.apple.product-type.application"; };
    		P001 = {isa = PBXProject; buildConfigurationList = L003; projectDirPath = ""; targets = (T001, T002); };
    	};
    	rootObject = P001;
    }
    """

  @Test("a Capacitor app kept with XcodeGen reads as the .xcodeproj XcodeGen would generate")
  func capacitorAgreesWithGeneratedProject() throws {
    let spec = try Self.capacitorApp()
    let generated = try Self.capacitorApp()
    try generated.write("ios/App/App.xcodeproj/project.pbxproj", Self.generatedProject)
    try FileManager.default.removeItem(at: generated.url("ios/App/project.yml"))

    for (target, primary, identifier, name) in [
      ("Dev", "AppIcon-Dev", "com.example.app.dev", "App Dev"),
      ("Prod", "AppIcon", "com.example.app", "App"),
    ] {
      // From the repository root, as the issue ran it.
      let fromSpec = try AppIconReader.read(at: spec.root, target: target, configuration: nil)
      let fromProject = try AppIconReader.read(
        at: generated.root, target: target, configuration: nil)
      #expect(fromSpec.primary.name == primary)
      #expect(fromSpec.bundleIdentifier == identifier)
      #expect(fromSpec.appName == name)
      #expect(fromSpec.alternates.isEmpty)
      #expect(!fromSpec.primary.files.isEmpty)
      #expect(fromSpec.primary.files.allSatisfy { $0.path.contains("/\(primary).icon") })
      #expect(fromSpec.primary.name == fromProject.primary.name)
      #expect(fromSpec.bundleIdentifier == fromProject.bundleIdentifier)
      #expect(fromSpec.appName == fromProject.appName)
      #expect(fromSpec.alternates.map(\.name) == fromProject.alternates.map(\.name))
      #expect(fromSpec.deviceFamilies == fromProject.deviceFamilies)
      #expect(fromSpec.warnings.isEmpty, "\(fromSpec.warnings)")
    }
    // Both are app targets: without --target it is a choice, as for the .xcodeproj.
    #expect(
      throws: IconCatalogError.ambiguousTarget(
        project: spec.url("ios/App/project.yml").path, targets: ["Dev", "Prod"])
    ) {
      try AppIconReader.read(at: spec.root)
    }
    #expect(
      try AppIconReader.appTargets(at: spec.root, configuration: nil) == ["Dev", "Prod"])
  }

  @Test("the spec's defaults: bundleIdPrefix, the AppIcon preset, info properties")
  func defaults() throws {
    let fixture = try Fixture()
    try fixture.writeSingleSizeIconSet("AppIcon", catalog: "Sources/Assets.xcassets")
    try fixture.writeSingleSizeIconSet("Night", catalog: "Sources/Assets.xcassets")
    try fixture.write(
      "project.yml",
      """
      name: Lamp
      options:
        bundleIdPrefix: dev.example
      targets:
        My_Lamp:
          type: application
          platform: iOS
          sources: [Sources]
          info:
            path: Sources/Info.plist
            properties:
              CFBundleDisplayName: Lamp
              CFBundleIcons:
                CFBundleAlternateIcons:
                  Night:
                    CFBundleIconName: Night
        LampTests:
          type: bundle.unit-test
          platform: iOS

      """)
    let icons = try AppIconReader.read(at: fixture.root)
    // `My_Lamp`: underscores become hyphens.
    #expect(icons.bundleIdentifier == "dev.example.My-Lamp")
    #expect(icons.appName == "Lamp")
    #expect(icons.primary.name == "AppIcon")
    #expect(icons.alternates.map(\.name) == ["Night"])
    // The Info.plist XcodeGen writes is not on disk: the spec says what it holds.
    #expect(!FileManager.default.fileExists(atPath: fixture.url("Sources/Info.plist").path))
    // `check` reads the same, and places the keys in the spec.
    let (checked, facts) = try AppIconReader.readWithFacts(
      at: fixture.root, target: nil, configuration: nil)
    #expect(checked.alternates.map(\.name) == ["Night"])
    #expect(facts.infoPlist == fixture.url("project.yml"))

    // A project.yml of another tool is not taken for a spec.
    let other = try Fixture()
    try other.writeSingleSizeIconSet("AppIcon")
    try other.writePlist("Info.plist", ["CFBundleIdentifier": "dev.example.other"])
    try other.write("docs/project.yml", "title: Docs\npages: [a, b]\n")
    #expect(try AppIconReader.read(at: other.root).bundleIdentifier == "dev.example.other")
  }

  @Test("includes merge under the spec, with their paths relative to themselves")
  func includes() throws {
    let fixture = try Fixture()
    try fixture.writeSingleSizeIconSet("AppIcon", catalog: "App/Assets.xcassets")
    try fixture.writeSingleSizeIconSet("Beta", catalog: "App/Assets.xcassets")
    try fixture.write("Configs/Base.xcconfig", "PRODUCT_BUNDLE_IDENTIFIER = dev.example.base\n")
    try fixture.write(
      "Configs/base.yml",
      """
      targets:
        App:
          type: application
          platform: iOS
          configFiles:
            Release: Base.xcconfig
          sources:
            - ../App
          settings:
            ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES: Gone

      """)
    try fixture.write(
      "project.yml",
      """
      name: Included
      include:
        - Configs/base.yml
        - path: Configs/missing-on-purpose.yml
          enable: false
      targets:
        App:
          settings:REPLACE:
            ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES: Beta

      """)
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.bundleIdentifier == "dev.example.base")
    #expect(icons.alternates.map(\.name) == ["Beta"])
    let target = try #require(try AppLocation.locate(fixture.root).target)
    #expect(target.catalogs.map(\.path) == [fixture.url("App/Assets.xcassets").path])
  }

  @Test("setting groups nest, and configs apply to the configurations they name")
  func settingGroups() throws {
    let fixture = try Fixture()
    for name in ["AppIcon", "Debug", "Release", "Beta"] {
      try fixture.writeSingleSizeIconSet(name, catalog: "App/Assets.xcassets")
    }
    try fixture.write(
      "project.yml",
      """
      name: Groups
      configs:
        Debug: debug
        Release: release
        Staging Release: release
      settingGroups:
        identity:
          PRODUCT_BUNDLE_IDENTIFIER: dev.example.groups
        icons:
          groups: [identity]
          base:
            ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES: Debug
          configs:
            STAGING:
              ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES: Beta
            Release:
              ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES: Release
      targets:
        App:
          type: application
          platform: iOS
          sources: App
          settings:
            groups: [icons]

      """)
    func alternates(_ configuration: String?) throws -> [String] {
      try AppIconReader.read(at: fixture.root, target: nil, configuration: configuration)
        .alternates.map(\.name)
    }
    // `Release` names a configuration exactly, so it applies to that one alone, not to
    // `Staging Release`, which `STAGING` reaches (a part of the name, in any case).
    #expect(try alternates(nil) == ["Release"])
    #expect(try alternates("Debug") == ["Debug"])
    #expect(try alternates("Staging Release") == ["Beta"])
    #expect(
      try AppIconReader.read(at: fixture.root).bundleIdentifier == "dev.example.groups")
  }

  @Test("templates, multi-platform targets and a spec given as PATH")
  func templatesAndPlatforms() throws {
    let fixture = try Fixture()
    try fixture.writeSingleSizeIconSet("AppIcon", catalog: "App/Assets.xcassets")
    try fixture.write(
      "app.yml",
      """
      name: Multi
      targetTemplates:
        App:
          type: application
          sources: [App]
          settings:
            PRODUCT_BUNDLE_IDENTIFIER: dev.example.${target_name}
      targets:
        Multi:
          templates: [App]
          platform: [iOS, tvOS]

      """)
    let spec = fixture.url("app.yml")
    #expect(
      try AppIconReader.appTargets(at: fixture.root, configuration: nil).isEmpty,
      "app.yml is not a name XcodeGen looks for in a folder")
    let names = try ProjectTarget.eligibleNames(project: spec, configuration: nil)
    #expect(names == ["Multi_iOS", "Multi_tvOS"])
    let tv = try AppIconReader.read(at: spec, target: "Multi_tvOS", configuration: nil)
    #expect(tv.platform == .tvOS)
    #expect(tv.bundleIdentifier == "dev.example.Multi")
  }

  @Test("what iconpick cannot follow in a spec is said, not guessed past")
  func warnings() throws {
    let fixture = try Fixture()
    try fixture.writeSingleSizeIconSet("AppIcon", catalog: "App/Assets.xcassets")
    try fixture.write(
      "project.yml",
      """
      name: Warned
      options:
        fileTypes:
          xcassets:
            buildPhase: none
      include:
        - path: extra.yml
          enable: ${USE_EXTRA}
      targets:
        App:
          type: application
          platform: iOS
          sources:
            - path: App
              destinationFilters: [iOS]
          resources:
            - path: Extra/Assets.xcassets
          settings:
            PRODUCT_BUNDLE_IDENTIFIER: dev.example.warned

      """)
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.warnings.count == 4, "\(icons.warnings)")
    // A key XcodeGen does not have (seen in a real spec): what it names is not built.
    #expect(
      icons.warnings.contains { $0.contains("has \"resources\", which XcodeGen does not read") })
    #expect(icons.warnings.contains { $0.contains("options.fileTypes") })
    #expect(icons.warnings.contains { $0.contains("${USE_EXTRA}") })
    #expect(icons.warnings.contains { $0.contains("destination filters") })
    #expect(icons.warnings.allSatisfy { $0.hasPrefix(fixture.url("project.yml").path + ": ") })
  }

  @Test("a spec that is not one says so in one line naming it")
  func invalidSpecs() throws {
    let fixture = try Fixture()
    for (text, reason) in [
      ("targets: [", "line"),
      ("- a\n- b\n", "not a mapping"),
      ("targets: {}\n", "no \"name\""),
      ("name: X\ninclude: [gone.yml]\n", "gone.yml"),
    ] {
      // Given as PATH: a list is no spec, and a folder would not take it for one.
      try fixture.write("project.yml", text)
      let error = try #require(throws: IconCatalogError.self) {
        try AppIconReader.read(at: fixture.url("project.yml"))
      }
      guard case .invalidProjectSpec(let file, let why) = error else {
        Issue.record("\(error)")
        continue
      }
      #expect(file == fixture.url("project.yml").path)
      #expect(why.contains(reason), "\(why)")
      #expect(!error.description.contains("\n"))
    }
  }

  @Test("a folder generated by Tuist, Cordova or Expo is named, never read as loose files")
  func otherGenerators() throws {
    let tuist = try Fixture()
    try tuist.writeSingleSizeIconSet("AppIcon", catalog: "App/Resources/Assets.xcassets")
    try tuist.writePlist("App/Info.plist", ["CFBundleIdentifier": "io.tuist.app"])
    try tuist.write(
      "Project.swift", "import ProjectDescription\n\nlet project = Project(name: \"App\")\n")
    try tuist.write("Tuist/Config.swift", "import ProjectDescription\n")
    let error = try #require(throws: IconCatalogError.self) {
      try AppIconReader.read(at: tuist.root)
    }
    #expect(
      error
        == .generatedProject(
          folder: tuist.root.standardizedFileURL.path, manifest: tuist.url("Project.swift").path,
          generator: "Tuist", command: "tuist generate"))
    #expect(error.description.contains("run `tuist generate`"))
    #expect(AppIconReader.containsApp(tuist.root))

    // A Swift file of that name that is not a manifest is any app's source.
    try tuist.write("Project.swift", "struct Project {}\n")
    #expect(try AppIconReader.read(at: tuist.root).bundleIdentifier == "io.tuist.app")

    let cordova = try Fixture()
    try cordova.write("config.xml", #"<?xml version="1.0"?><widget id="io.cordova.app"></widget>"#)
    try cordova.writeSingleSizeIconSet("AppIcon", catalog: "res/Assets.xcassets")
    #expect(throws: IconCatalogError.self) { try AppIconReader.read(at: cordova.root) }

    // Once the project is there it is read.
    let capacitor = try Self.capacitorApp()
    try FileManager.default.removeItem(at: capacitor.url("ios"))
    try capacitor.writeSingleSizeIconSet("AppIcon", catalog: "resources/Assets.xcassets")
    let generated = try #require(throws: IconCatalogError.self) {
      try AppIconReader.read(at: capacitor.root)
    }
    #expect(generated.description.contains("run `npx cap add ios`"))
  }

  @Test("INFOPLIST_FILE not found says where it was looked for, and why there")
  func infoPlistMessage() throws {
    // The issue's case read as loose files: the repository root is not the project's folder.
    let fixture = try Fixture()
    try fixture.writePlist("ios/App/App/Info.plist", ["CFBundleIdentifier": "x"])
    try fixture.write("ios/App/Config/App.xcconfig", "INFOPLIST_FILE = App/Info.plist\n")
    let error = try #require(throws: IconCatalogError.self) {
      try AppIconReader.read(at: fixture.root)
    }
    let root = fixture.root.standardizedFileURL.path
    #expect(
      error
        == .infoPlistNotFound(
          file: "App/Info.plist", declaredIn: fixture.url("ios/App/Config/App.xcconfig").path,
          lookedAt: [
            root + "/App/Info.plist", fixture.url("ios/App/Config/App/Info.plist").path,
          ],
          projectFolder: root))
    #expect(error.description.contains("is not at \(root)/App/Info.plist or"))
    #expect(error.description.contains("holds none: pass the folder of the app's project"))
    // From the project's folder it is found.
    #expect(try AppIconReader.read(at: fixture.url("ios/App")).bundleIdentifier == "x")
  }
}

@Suite("YAML")
struct ProjectSpecYAMLTests {
  init() { SpecYAML.install() }
  func parse(_ text: String) throws -> Any? {
    try YAMLDocument.parse(Array(text.utf8))
  }

  @Test("scalars resolve as Yams resolves them; quoted ones stay text")
  func scalars() throws {
    let value = try #require(
      try parse(
        """
        a: YES
        b: "YES"
        c: 1,2
        d: 15.0
        e: 3
        f: ~
        g: $(inherited) x
        h: off

        """) as? [String: Any])
    #expect(value["a"] as? Bool == true)
    #expect(value["b"] as? String == "YES")
    #expect(value["c"] as? String == "1,2")
    #expect(value["d"] as? Double == 15.0)
    #expect(value["e"] as? Int == 3)
    #expect(value["f"] is NullValue)
    #expect(value["g"] as? String == "$(inherited) x")
    #expect(value["h"] as? Bool == false)
    #expect(try parse("") == nil)
  }

  @Test("anchors, aliases and merge keys")
  func aliases() throws {
    let value = try #require(
      try parse(
        """
        base: &base
          A: 1
          B: 2
        app:
          <<: *base
          B: 3
        list: [*base, *base]

        """) as? [String: Any])
    let app = try #require(value["app"] as? [String: Any])
    #expect(app["A"] as? Int == 1)
    #expect(app["B"] as? Int == 3)
    #expect((value["list"] as? [Any])?.count == 2)
  }

  @Test("a billion laughs, deep nesting and bad YAML are refused with the line")
  func hostile() throws {
    var laughs = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    var previous = "a"
    for level in "bcdefghi" {
      let items = Array(repeating: "*\(previous)", count: 10).joined(separator: ", ")
      laughs += "\(level): &\(level) [\(items)]\n"
      previous = String(level)
    }
    #expect {
      try parse(laughs)
    } throws: { error in
      (error as? ProjectSpecYAML.Problem)?.reason.contains("more than 1000000 values") == true
    }
    let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
    #expect {
      try parse(deep)
    } throws: { error in
      (error as? ProjectSpecYAML.Problem)?.reason.contains("nested more than 128 deep") == true
    }
    // Anchors chained so that aliases nest deeper than any written text.
    var chained =
      "a0: &a0 " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
    chained += "\n"
    for index in 1..<4 {
      chained +=
        "a\(index): &a\(index) " + String(repeating: "[", count: 100) + "*a\(index - 1)"
        + String(repeating: "]", count: 100) + "\n"
    }
    #expect(throws: ProjectSpecYAML.Problem.self) { try parse(chained) }
    #expect {
      try parse("a: [b\nc: d")
    } throws: { error in
      (error as? ProjectSpecYAML.Problem)?.reason.hasPrefix("line ") == true
    }
    #expect(throws: ProjectSpecYAML.Problem.self) { try parse("a: *nowhere\n") }
  }
}
