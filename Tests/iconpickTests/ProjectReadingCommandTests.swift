import Foundation
import Testing

/// Issue 12, points 4, 6 and 7 through the command line: which targets count, a missing base
/// configuration, and an app without a bundle identifier.
@Suite struct ProjectReadingCommandTests {
  func run(_ arguments: [String], state: Scratch, stdin: Data? = nil) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    try runProcess(
      iconpickBinary().path, arguments + ["--state-dir", state.file("state").path],
      environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"], stdin: stdin)
  }

  /// A stand-in PNG in the single-size form.
  /// A one-image set: universal for iOS, or (`tv`) the Apple TV idiom a tvOS target compiles.
  func writeIconSet(_ name: String, catalog: URL, tv: Bool = false) throws {
    let set = catalog.appendingPathComponent("\(name).appiconset")
    try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
    let entry =
      tv
      ? #""idiom":"tv","scale":"1x","size":"400x240""#
      : #""idiom":"universal","platform":"ios","size":"1024x1024""#
    try Data(
      """
      {"images":[{"filename":"\(name).png",\(entry)}],
       "info":{"author":"xcode","version":1}}
      """.utf8
    ).write(to: set.appendingPathComponent("Contents.json"))
    try Data([0x89, 0x50, 0x4E, 0x47]).write(to: set.appendingPathComponent("\(name).png"))
  }

  /// `Lantern.xcodeproj` with one target per entry (name, product type, settings, base
  /// configuration), each copying `NAME/Assets.xcassets` (AppIcon, AppIcon-Red; every set included).
  func writeProject(
    in folder: URL,
    _ targets: [(name: String, type: String, settings: [String: String], base: String?)]
  ) throws {
    var objects: [String] = []
    var next = 0
    func id() -> String {
      next += 1
      return String(format: "%024X", 0xDEF000 + next)
    }
    func list(_ settings: [String: String], base: String?) -> String {
      let configuration = id()
      let list = id()
      var reference = ""
      if let base {
        let file = id()
        objects.append(
          "\(file) = {isa = PBXFileReference; path = \"\(base)\"; sourceTree = SOURCE_ROOT; };")
        reference = "baseConfigurationReference = \(file);"
      }
      let values = settings.keys.sorted().map { "\($0) = \"\(settings[$0]!)\";" }
        .joined(separator: " ")
      objects.append(
        "\(configuration) = {isa = XCBuildConfiguration; \(reference) buildSettings = {\(values)}; name = Release; };"
      )
      objects.append(
        "\(list) = {isa = XCConfigurationList; buildConfigurations = (\(configuration)); defaultConfigurationName = Release; };"
      )
      return list
    }
    var targetIDs: [String] = []
    for target in targets {
      let catalog = folder.appendingPathComponent("\(target.name)/Assets.xcassets")
      let tv = target.settings["SDKROOT"] == "appletvos"
      try writeIconSet("AppIcon", catalog: catalog, tv: tv)
      try writeIconSet("AppIcon-Red", catalog: catalog, tv: tv)
      let (file, buildFile, phase, native) = (id(), id(), id(), id())
      objects.append(
        "\(file) = {isa = PBXFileReference; path = \"\(target.name)/Assets.xcassets\"; sourceTree = SOURCE_ROOT; };"
      )
      objects.append("\(buildFile) = {isa = PBXBuildFile; fileRef = \(file); };")
      objects.append("\(phase) = {isa = PBXResourcesBuildPhase; files = (\(buildFile)); };")
      var settings = [
        "ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon",
        "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS": "YES",
        "PRODUCT_BUNDLE_IDENTIFIER": "dev.example.\(target.name)",
      ]
      settings.merge(target.settings) { _, given in given }
      let configurations = list(settings, base: target.base)
      objects.append(
        "\(native) = {isa = PBXNativeTarget; buildConfigurationList = \(configurations); buildPhases = (\(phase)); name = \"\(target.name)\"; productType = \"\(target.type)\"; };"
      )
      targetIDs.append(native)
    }
    let projectList = list(["SDKROOT": "iphoneos"], base: nil)
    let root = id()
    objects.append(
      "\(root) = {isa = PBXProject; buildConfigurationList = \(projectList); targets = (\(targetIDs.joined(separator: ", "))); };"
    )
    let project = folder.appendingPathComponent("Lantern.xcodeproj")
    try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
    try Data(
      "// !$*UTF8*$!\n{ archiveVersion = 1; objectVersion = 56; objects = {\n\(objects.joined(separator: "\n"))\n}; rootObject = \(root); }\n"
        .utf8
    ).write(to: project.appendingPathComponent("project.pbxproj"))
  }

  static let application = "com.apple.product-type.application"

  // MARK: Point 4

  @Test func anIOSAppBesideWatchWidgetAndMacTargetsOpensWithoutTarget() throws {
    let state = try Scratch()
    let app = state.file("app")
    try writeProject(
      in: app,
      [
        ("Lantern", Self.application, [:], nil),
        ("LanternWatch", Self.application, ["SDKROOT": "watchos"], nil),
        ("LanternWidget", "com.apple.product-type.app-extension", [:], nil),
        ("LanternMac", Self.application, ["SDKROOT": "macosx"], nil),
      ])
    let list = try run(["list", app.path], state: state)
    #expect(list.status == 0)
    #expect(list.stderr.isEmpty)
    #expect(list.stdout.contains("AppIcon-Red"))

    let mac = try run(["list", app.path, "--target", "LanternMac"], state: state)
    #expect(mac.status == 1)
    #expect(
      mac.stderr.contains(
        "target \"LanternMac\" is a macOS app (SDKROOT = macosx), and only iOS, iPadOS and tvOS apps can have alternate icons: choose one of \"Lantern\" with --target NAME"
      ))
  }

  // MARK: Point 6

  @Test func aMissingCocoaPodsConfigurationIsXcodesErrorInCheckAndTheIconsStillList() throws {
    let state = try Scratch()
    let app = state.file("app")
    let pods = "Pods/Target Support Files/Pods-Lantern/Pods-Lantern.release.xcconfig"
    try writeProject(in: app, [("Lantern", Self.application, [:], pods)])
    let podsFile = app.appendingPathComponent(pods).standardizedFileURL.path

    let list = try run(["list", app.path], state: state)
    #expect(list.status == 0)
    #expect(list.stdout.contains("AppIcon-Red"))
    #expect(
      list.stderr.contains(
        "warning: \(app.path)/Lantern.xcodeproj/project.pbxproj: Unable to open base configuration reference file '\(podsFile)'"
      ))
    #expect(list.stderr.contains("run `pod install` in \(app.path)"))

    let check = try run(["check", app.path, "--json"], state: state)
    #expect(check.status == 1)
    // An error in the report, not a warning on stderr as well.
    #expect(!check.stderr.contains("Unable to open"))
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
    let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
    let missing = try #require(
      diagnostics.first { $0["id"] as? String == "missing-base-configuration" })
    #expect(missing["severity"] as? String == "error")
    #expect(missing["file"] as? String == "\(app.path)/Lantern.xcodeproj/project.pbxproj")
    // At the configuration's baseConfigurationReference.
    let projectText = try String(
      contentsOfFile: "\(app.path)/Lantern.xcodeproj/project.pbxproj", encoding: .utf8)
    let referenceLine = projectText.components(separatedBy: "\n").firstIndex {
      $0.contains("baseConfigurationReference")
    }
    #expect(missing["line"] as? Int == referenceLine.map { $0 + 1 })
    #expect(referenceLine != nil)
    #expect(
      (missing["message"] as? String)?.hasPrefix(
        "Unable to open base configuration reference file '\(podsFile)'") == true)
    #expect((missing["fix"] as? String)?.hasPrefix("Run `pod install` in \(app.path)") == true)
  }

  // MARK: Point 7

  @Test func aBareAssetCatalogListsShowsAndChecksButCannotRecord() throws {
    let state = try Scratch()
    let catalog = state.file("Lantern/Assets.xcassets")
    // The real PNG of Palette's primary, so `show` has an image to draw.
    try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: paletteAppIconSetsFolder().appendingPathComponent("Assets.xcassets/AppIcon.appiconset"),
      to: catalog.appendingPathComponent("AppIcon.appiconset"))

    let list = try run(["list", catalog.path], state: state)
    #expect(list.status == 0)
    #expect(list.stdout == "✓  Default  AppIcon  1 file\n")
    #expect(list.stderr.isEmpty)

    let json = try run(["list", catalog.path, "--json"], state: state)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let app = try #require(object["app"] as? [String: Any])
    #expect(app["bundleIdentifier"] is NSNull)
    #expect(app["name"] as? String == "Lantern")

    let show = try run(["show", "AppIcon", catalog.path, "--color", "none"], state: state)
    #expect(show.status == 0)

    let check = try run(["check", catalog.path, "--json"], state: state)
    #expect(check.status <= 1)
    #expect(!check.stderr.contains("bundle identifier"))
    #expect(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) is [String: Any])

    for arguments in [["set", "AppIcon"], ["reset"], ["get"]] {
      let refused = try run(arguments + [catalog.path], state: state)
      #expect(refused.status == 1, "\(arguments)")
      #expect(
        refused.stderr.contains(
          "Cannot read or record the icon choice of Lantern: it is kept under the app's bundle identifier, and there is none ("
        ), "\(arguments)")
      #expect(refused.stderr.contains("CFBundleIdentifier"), "\(arguments)")
    }
    let push = try run(
      ["push", "-", catalog.path], state: state, stdin: Data(#"{"icon_name":"AppIcon"}"#.utf8))
    #expect(push.status == 1)
    #expect(push.stdout == "failed\n")
    #expect(push.stderr.contains("there is none"))
    // Nothing was recorded anywhere.
    let recorded = (try? FileManager.default.contentsOfDirectory(atPath: state.file("state").path))
    #expect(recorded?.filter { $0.hasSuffix(".json") } ?? [] == [])
  }
}
