import Foundation
import Testing

@testable import IconCatalog

/// A small Xcode project with the targets a test asks for, each copying its own asset catalog
/// (`NAME/Assets.xcassets`, with an `AppIcon` set) as a resource. Settings are written as strings.
struct ProjectSketch {
  struct Target {
    var name: String
    var productType = "com.apple.product-type.application"
    var settings: [String: String] = [:]
    /// A base `.xcconfig` of the target's Release configuration, relative to the project folder.
    var baseConfiguration: String?
    /// The asset catalog its Resources phase copies, relative to the project folder.
    var catalog: String?
    /// More files (or folder references) of its Resources phase: paths relative to the project
    /// folder, `../` included, each in the main group (`<group>`) or, with `SOURCE_ROOT: true`,
    /// relative to SRCROOT.
    var resources: [(path: String, sourceRoot: Bool)] = []
  }

  var name = "Lantern"
  var projectSettings: [String: String] = ["SDKROOT": "iphoneos"]
  var targets: [Target]
  /// A base `.xcconfig` of the project's Release configuration, relative to the project folder.
  var projectBaseConfiguration: String?

  /// Writes `NAME.xcodeproj/project.pbxproj` and each target's catalog into `fixture`.
  func write(to fixture: Fixture) throws {
    for target in targets where target.catalog == nil {
      try fixture.writeSingleSizeIconSet("AppIcon", catalog: "\(target.name)/Assets.xcassets")
    }
    try fixture.write("\(name).xcodeproj/project.pbxproj", text)
  }

  var text: String {
    var next = 0
    func id() -> String {
      next += 1
      return String(format: "%024X", 0xABC000 + next)
    }
    func quoted(_ text: String) -> String {
      "\""
        + text.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
    func settings(_ values: [String: String]) -> String {
      values.keys.sorted().map { "\(quoted($0)) = \(quoted(values[$0]!));" }.joined(separator: " ")
    }
    var objects: [String] = []
    func configurationList(_ values: [String: String], base: String?) -> String {
      let configuration = id()
      let list = id()
      var baseReference = ""
      if let base {
        let file = id()
        objects.append(
          "\(file) = {isa = PBXFileReference; path = \(quoted(base)); sourceTree = SOURCE_ROOT; };")
        baseReference = "baseConfigurationReference = \(file);"
      }
      objects.append(
        "\(configuration) = {isa = XCBuildConfiguration; \(baseReference) buildSettings = {\(settings(values))}; name = Release; };"
      )
      objects.append(
        "\(list) = {isa = XCConfigurationList; buildConfigurations = (\(configuration)); defaultConfigurationName = Release; };"
      )
      return list
    }

    var targetIDs: [String] = []
    var groupChildren: [String] = []
    for target in targets {
      let catalog = id()
      let buildFile = id()
      let phase = id()
      let native = id()
      objects.append(
        "\(catalog) = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = \(quoted(target.catalog ?? target.name + "/Assets.xcassets")); sourceTree = \"<group>\"; };"
      )
      objects.append("\(buildFile) = {isa = PBXBuildFile; fileRef = \(catalog); };")
      var buildFiles = [buildFile]
      for resource in target.resources {
        let file = id()
        let build = id()
        let tree = resource.sourceRoot ? "SOURCE_ROOT" : "\"<group>\""
        objects.append(
          "\(file) = {isa = PBXFileReference; path = \(quoted(resource.path)); sourceTree = \(tree); };"
        )
        objects.append("\(build) = {isa = PBXBuildFile; fileRef = \(file); };")
        buildFiles.append(build)
        groupChildren.append(file)
      }
      objects.append(
        "\(phase) = {isa = PBXResourcesBuildPhase; buildActionMask = 2147483647; files = (\(buildFiles.joined(separator: ", "))); runOnlyForDeploymentPostprocessing = 0; };"
      )
      var values = [
        "PRODUCT_BUNDLE_IDENTIFIER": "dev.example.\(target.name)",
        "ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon",
      ]
      values.merge(target.settings) { _, given in given }
      let list = configurationList(values, base: target.baseConfiguration)
      objects.append(
        "\(native) = {isa = PBXNativeTarget; buildConfigurationList = \(list); buildPhases = (\(phase)); name = \(quoted(target.name)); productName = \(quoted(target.name)); productType = \(quoted(target.productType)); };"
      )
      targetIDs.append(native)
      groupChildren.append(catalog)
    }
    let group = id()
    objects.append(
      "\(group) = {isa = PBXGroup; children = (\(groupChildren.joined(separator: ", "))); sourceTree = \"<group>\"; };"
    )
    let projectList = configurationList(projectSettings, base: projectBaseConfiguration)
    let root = id()
    objects.append(
      "\(root) = {isa = PBXProject; buildConfigurationList = \(projectList); mainGroup = \(group); projectDirPath = \"\"; projectRoot = \"\"; targets = (\(targetIDs.joined(separator: ", "))); };"
    )
    return """
      // !$*UTF8*$!
      {
      	archiveVersion = 1;
      	objectVersion = 56;
      	objects = {
      		\(objects.joined(separator: "\n\t\t"))
      	};
      	rootObject = \(root);
      }
      """
  }
}

/// Issue 12, point 4: only iOS, iPadOS and tvOS application targets can have alternate icons.
@Suite struct TargetSelectionTests {
  /// An iOS app beside the targets that cannot change an icon, as a real project has them.
  static let lantern = ProjectSketch(targets: [
    .init(name: "Lantern"),
    // Xcode 14+ writes a watch app as a plain application for the watchOS SDK.
    .init(name: "LanternWatch", settings: ["SDKROOT": "watchos"]),
    .init(name: "LanternOldWatch", productType: "com.apple.product-type.application.watchapp2"),
    .init(name: "LanternWidget", productType: "com.apple.product-type.app-extension"),
    .init(name: "LanternMac", settings: ["SDKROOT": "macosx"]),
    .init(
      name: "LanternClip",
      productType: "com.apple.product-type.application.on-demand-install-capable"
    ),
    .init(name: "LanternVision", settings: ["SDKROOT": "xros"]),
    .init(
      name: "LanternDesktop", settings: ["SDKROOT": "auto", "SUPPORTED_PLATFORMS": "macosx"]),
  ])

  func project(_ fixture: Fixture, _ sketch: ProjectSketch = lantern) throws -> String {
    try sketch.write(to: fixture)
    return fixture.url("\(sketch.name).xcodeproj").path
  }

  @Test(
    "the one iOS app among watch, widget, Mac, App Clip and visionOS targets opens without --target"
  )
  func theOnlyIOSAppOpens() throws {
    let fixture = try Fixture()
    _ = try project(fixture)
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.bundleIdentifier == "dev.example.Lantern")
    #expect(
      icons.primary.renditions.first?.file?.path.contains("/Lantern/Assets.xcassets/") == true)
  }

  @Test(
    "--target naming an excluded target says why",
    arguments: [
      ("LanternMac", "a macOS app (SDKROOT = macosx)"),
      ("LanternWatch", "a watchOS app (SDKROOT = watchos)"),
      ("LanternOldWatch", "a watchOS app"),
      ("LanternWidget", "an app extension"),
      ("LanternClip", "an App Clip"),
      ("LanternVision", "a visionOS app (SDKROOT = xros)"),
      ("LanternDesktop", "a macOS app (SUPPORTED_PLATFORMS = macosx)"),
    ])
  func excludedTargetSaysWhy(name: String, reason: String) throws {
    let fixture = try Fixture()
    let path = try project(fixture)
    let error = try #require(throws: IconCatalogError.self) {
      try AppIconReader.read(at: fixture.root, target: name, configuration: nil)
    }
    #expect(
      error == .excludedTarget(project: path, name: name, reason: reason, targets: ["Lantern"]))
    #expect(
      error.description
        == "\(path): target \"\(name)\" is \(reason), and only iOS, iPadOS and tvOS apps can have alternate icons: choose one of \"Lantern\" with --target NAME"
    )
  }

  @Test("several apps that can change their icon: the error lists only those")
  func ambiguityListsOnlyTheEligible() throws {
    var sketch = Self.lantern
    sketch.targets.append(.init(name: "LanternTV", settings: ["SDKROOT": "appletvos"]))
    sketch.targets.append(
      .init(
        name: "LanternEverywhere",
        settings: ["SDKROOT": "auto", "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator macosx"]))
    let fixture = try Fixture()
    let path = try project(fixture, sketch)
    let error = try #require(throws: IconCatalogError.self) {
      try AppIconReader.read(at: fixture.root)
    }
    #expect(
      error
        == .ambiguousTarget(project: path, targets: ["Lantern", "LanternTV", "LanternEverywhere"]))
    #expect(
      throws: IconCatalogError.unknownTarget(
        project: path, name: "Nope", targets: ["Lantern", "LanternTV", "LanternEverywhere"])
    ) {
      try AppIconReader.read(at: fixture.root, target: "Nope", configuration: nil)
    }
    // A tvOS app named with --target is read for its device SDK.
    let tv = try AppIconReader.read(at: fixture.root, target: "LanternTV", configuration: nil)
    #expect(tv.bundleIdentifier == "dev.example.LanternTV")
    // --platform alone picks the one target that builds for it; two iOS targets stay ambiguous.
    let onlyTV = try AppIconReader.read(
      at: fixture.root, target: nil, configuration: nil, platform: .tvOS)
    #expect(onlyTV.bundleIdentifier == "dev.example.LanternTV")
    #expect(onlyTV.platform == .tvOS)
    #expect(
      throws: IconCatalogError.ambiguousTarget(
        project: path, targets: ["Lantern", "LanternTV", "LanternEverywhere"])
    ) {
      try AppIconReader.read(at: fixture.root, target: nil, configuration: nil, platform: .iOS)
    }
  }

  @Test("a project whose only app is a Mac app: an error naming it, not a reading as iOS")
  func onlyAMacApp() throws {
    let fixture = try Fixture()
    let path = try project(
      fixture, ProjectSketch(targets: [.init(name: "Desk", settings: ["SDKROOT": "macosx"])]))
    let error = try #require(throws: IconCatalogError.self) {
      try AppIconReader.read(at: fixture.root)
    }
    #expect(
      error == .noAppTarget(project: path, excluded: ["\"Desk\" (a macOS app (SDKROOT = macosx))"]))
  }

  /// ntoporcov/opencode-ios-client: no level sets SDKROOT; the iOS targets list their platforms,
  /// the Mac app only its deployment target.
  static let noSDKROOT = ProjectSketch(
    projectSettings: ["IPHONEOS_DEPLOYMENT_TARGET": "17.0", "MACOSX_DEPLOYMENT_TARGET": "14.0"],
    targets: [
      .init(
        name: "Phone",
        settings: [
          "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator", "TARGETED_DEVICE_FAMILY": "1,2",
        ]
      ),
      .init(name: "Desk", settings: ["PRODUCT_NAME": "Desk"]),
      .init(name: "Legacy", settings: ["IPHONEOS_DEPLOYMENT_TARGET": "12.0"]),
    ])

  @Test(
    "SDKROOT set at no level builds for macOS, as Xcode does; SUPPORTED_PLATFORMS still says iOS")
  func unsetSDKROOTIsMacOS() throws {
    let fixture = try Fixture()
    let path = try project(fixture, Self.noSDKROOT)
    // The one target that lists iOS opens without --target.
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.bundleIdentifier == "dev.example.Phone")
    #expect(icons.platform == .iOS)
    #expect(icons.deviceFamilies == [1, 2])
    // A deployment target chooses no SDK: Legacy builds for the Mac too.
    let reason = "a macOS app (SDKROOT is not set, and Xcode then builds for macOS)"
    for name in ["Desk", "Legacy"] {
      #expect(
        throws: IconCatalogError.excludedTarget(
          project: path, name: name, reason: reason, targets: ["Phone"])
      ) {
        try AppIconReader.read(at: fixture.root, target: name, configuration: nil)
      }
    }
    #expect(
      try AppIconReader.appTargetSummaries(at: fixture.root, configuration: nil).map(\.label) == [
        "Phone"
      ])
  }

  @Test("an .xcconfig that cannot be read may set SDKROOT: its target is read as iOS")
  func unreadConfigurationKeepsIOS() throws {
    let fixture = try Fixture()
    var sketch = Self.noSDKROOT
    sketch.targets = [.init(name: "Kept", baseConfiguration: "Config/Secrets.xcconfig")]
    _ = try project(fixture, sketch)
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.bundleIdentifier == "dev.example.Kept")
    #expect(icons.platform == .iOS)
    // Read, the same file that sets nothing about the SDK leaves the target a Mac app.
    try fixture.write("Config/Secrets.xcconfig", "API_KEY = 1\n")
    #expect(throws: IconCatalogError.self) { try AppIconReader.read(at: fixture.root) }
  }

  @Test("platform names: versions and SDK paths are the platform")
  func platformNames() {
    #expect(AppPlatform.sdkName("iphoneos17.2") == "iphoneos")
    #expect(
      AppPlatform.sdkName(
        "/Applications/Xcode.app/Contents/Developer/Platforms/AppleTVOS.platform/Developer/SDKs/AppleTVOS17.0.sdk"
      ) == "appletvos")
    #expect(AppPlatform.sdkName("auto") == "auto")
  }
}

/// Issue 12, point 6: a base configuration that is not there, as Xcode reports it.
@Suite struct MissingBaseConfigurationTests {
  @Test(
    "a CocoaPods base configuration before `pod install`: Xcode's error, pod install, the icons")
  func cocoaPods() throws {
    let fixture = try Fixture()
    let pods = "Pods/Target Support Files/Pods-Lantern/Pods-Lantern.release.xcconfig"
    try ProjectSketch(targets: [.init(name: "Lantern", baseConfiguration: pods)]).write(
      to: fixture)
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.primary.renditions.count == 1)
    #expect(icons.bundleIdentifier == "dev.example.Lantern")
    let missing = try #require(icons.missingBaseConfigurations.first)
    #expect(icons.missingBaseConfigurations.count == 1)
    #expect(missing.file == fixture.url(pods).path)
    #expect(missing.isCocoaPods)
    #expect(missing.configuration == "Release")
    #expect(missing.owner == "target Lantern")
    let warning = try #require(icons.warnings.first)
    #expect(
      warning.hasPrefix(
        fixture.url("Lantern.xcodeproj/project.pbxproj").path
          + ": Unable to open base configuration reference file '\(fixture.url(pods).path)'"))
    #expect(
      warning.hasSuffix(
        "run `pod install` in \(fixture.root.standardizedFileURL.path)"
          + ": CocoaPods writes this file"))
  }

  @Test(
    "another missing base configuration: create it; the identifier it held is missing, not made up")
  func gitignored() throws {
    let fixture = try Fixture()
    var target = ProjectSketch.Target(name: "Lantern", baseConfiguration: "Secrets.xcconfig")
    target.settings["PRODUCT_BUNDLE_IDENTIFIER"] = "$(SECRET_PREFIX)"
    try ProjectSketch(targets: [target]).write(to: fixture)
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.primary.renditions.count == 1)
    #expect(!(icons.missingBaseConfigurations.first?.isCocoaPods ?? true))
    #expect(
      icons.warnings.first?.contains("create it (a template next to it may show how)") == true)
    #expect(icons.bundleIdentifier == nil)
    let problem = try #require(icons.bundleIdentifierProblem)
    #expect(problem.contains("has no PRODUCT_BUNDLE_IDENTIFIER without"))
    #expect(problem.contains(fixture.url("Secrets.xcconfig").path))
  }
}

/// Issue 12, point 7: looking at icons needs no bundle identifier.
@Suite struct NoBundleIdentifierReadingTests {
  @Test("a bare asset catalog reads, without a bundle identifier and saying why")
  func bareCatalog() throws {
    let fixture = try Fixture()
    try fixture.writeSingleSizeIconSet("AppIcon", catalog: "Lantern/Assets.xcassets")
    try fixture.writeSingleSizeIconSet("AppIcon-Red", catalog: "Lantern/Assets.xcassets")
    for path in ["Lantern", "Lantern/Assets.xcassets"] {
      let icons = try AppIconReader.read(at: fixture.url(path))
      #expect(icons.bundleIdentifier == nil)
      #expect(icons.primary.name == "AppIcon")
      #expect(icons.primary.renditions.count == 1)
      #expect(icons.appName == "Lantern")
      #expect(icons.bundleIdentifierProblem?.contains("CFBundleIdentifier") == true)
      #expect(icons.warnings.isEmpty)
    }
  }

  @Test("a CFBundleIdentifier that evaluates to nothing: read, and the Info.plist named")
  func emptyIdentifier() throws {
    let fixture = try Fixture()
    try fixture.writePlist("Info.plist", ["CFBundleIdentifier": "$(UNSET_SETTING)"])
    try fixture.writeSingleSizeIconSet("AppIcon")
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.bundleIdentifier == nil)
    #expect(
      icons.bundleIdentifierProblem
        == IconCatalogError.unresolvedBundleIdentifier(
          file: fixture.url("Info.plist").path, value: "$(UNSET_SETTING)"
        ).description)
  }
}
