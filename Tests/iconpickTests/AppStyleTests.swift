import Foundation
import TestSupport
import Testing

/// The edits a careful developer makes in the app's own style: a misspelt setting corrected,
/// not doubled.
@Suite struct AppStyleTests {
  let edit: EditCommandTests
  var scratch: Scratch { edit.scratch }

  init() throws { edit = try EditCommandTests() }

  /// A project whose alternates are named under a misspelt setting in its `.xcconfig`.
  func misspelt() throws -> EditProject {
    try EditProject(
      in: scratch,
      .init(
        targetSettings: ["ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;"],
        baseConfiguration: (
          "Config/Studio.xcconfig",
          "// Icons\nAssetCatalog_Compiler_Alternate_AppIcon_Names = Blue // the blue one\n"
        ), sets: ["Blue"]))
  }

  @Test func aSettingNameInAnotherCaseIsAnErrorAtItsLine() throws {
    let project = try misspelt()
    let check = try edit.read(["check", project.root.path])
    #expect(check.status == 1, "\(check.stdout)")
    #expect(
      check.stdout.contains(
        "Config/Studio.xcconfig:2: error: AssetCatalog_Compiler_Alternate_AppIcon_Names is ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES in another case, so the build ignores it"
      ), "\(check.stdout)")
    #expect(check.stdout.contains("[setting-key-case]"))
    // The build ignores it: Blue is no alternate.
    let listed = try edit.listedIcons(project)
    #expect(listed["Blue"] == nil, "\(listed)")
  }

  @Test func addSpellsTheMisspeltSettingRightInsteadOfWritingASecond() throws {
    let project = try misspelt()
    let before = try project.snapshot()
    let add = try edit.run(["add", "Night", try edit.image().path, project.root.path])
    #expect(add.status == 0, "\(add.stderr)")
    let after = try project.snapshot()
    let xcconfig = String(decoding: after["Config/Studio.xcconfig"] ?? Data(), as: UTF8.self)
    #expect(
      xcconfig
        == "// Icons\nASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue Night // the blue one\n",
      "\(xcconfig)")
    // The project file is not touched: no second setting beside the typo.
    #expect(after["Studio.xcodeproj/project.pbxproj"] == before["Studio.xcodeproj/project.pbxproj"])
    let listed = try edit.listedIcons(project)
    #expect(listed["Night"] != nil && listed["Blue"] != nil, "\(listed)")
    #expect(add.stderr.contains("this change also resolves"), "\(add.stderr)")
    let check = try edit.read(["check", project.root.path])
    #expect(!check.stdout.contains("[setting-key-case]"), "\(check.stdout)")
  }

  /// `--dark` and `--tinted` where the app's sets are per-size: refused before anything is
  /// planned, dry run and real run alike, saying why.
  @Test func looksOnPerSizeSetsAreRefusedUpFront() throws {
    var options = EditProject.blueInTheTarget
    options.perSize = true
    let project = try EditProject(in: scratch, options)
    let before = try project.snapshot()
    let arguments = [
      "add", "Night", try edit.image().path, "--dark", try edit.image("Dark.png").path,
      project.root.path,
    ]
    for extra in [["--dry-run"], []] {
      let result = try edit.run(arguments + extra)
      #expect(result.status == 1, "\(result.stdout)")
      #expect(
        result.stderr.contains(
          "the app's sets list each size (Blue is per-size), and only a single-size set has dark and tinted looks: add without --dark"
        ), "\(result.stderr)")
      #expect(result.stdout.isEmpty, "\(result.stdout)")
    }
    #expect(try project.snapshot() == before)
  }

  @Test func aLookGivenTwiceIsAUsageError() throws {
    let project = try EditProject(in: scratch)
    let image = try edit.image().path
    let result = try edit.run([
      "add", "Night", image, "--tinted", image, "--tinted", image, project.root.path,
    ])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--tinted is given twice"), "\(result.stderr)")
  }

  /// A single-size app whose primary has dark and tinted looks: a new set without them says how
  /// to give them.
  @Test func aNewSetWithoutTheAppsLooksSaysHowToGiveThem() throws {
    let project = try EditProject(
      in: scratch, .init(targetSettings: ["ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;"]))
    let folder = "Studio/Assets.xcassets/AppIcon.appiconset"
    for look in ["dark", "tinted"] {
      try project.write(file: "\(folder)/AppIcon-\(look).png", EditProject.png(side: 1024, red: 50))
    }
    func entry(_ file: String, _ look: String?) -> String {
      let appearances =
        look.map {
          "      \"appearances\" : [\n        {\n          \"appearance\" : \"luminosity\",\n          \"value\" : \"\($0)\"\n        }\n      ],\n"
        } ?? ""
      return
        "    {\n\(appearances)      \"filename\" : \"\(file)\",\n      \"idiom\" : \"universal\",\n      \"platform\" : \"ios\",\n      \"size\" : \"1024x1024\"\n    }"
    }
    try project.write(
      "\(folder)/Contents.json",
      "{\n  \"images\" : [\n\([entry("AppIcon.png", nil), entry("AppIcon-dark.png", "dark"), entry("AppIcon-tinted.png", "tinted")].joined(separator: ",\n"))\n  ],\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"
    )
    let result = try edit.run([
      "add", "Night", try edit.image().path, project.root.path, "--dry-run",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "AppIcon has dark and tinted looks, which \"Night\" is not given: its dark and tinted slots stay empty (iOS then shows the default image); give them with --dark IMAGE and --tinted IMAGE"
      ), "\(result.stderr)")
    let given = try edit.run([
      "add", "Night", try edit.image().path, "--dark", try edit.image("D.png").path, "--tinted",
      try edit.image("T.png").path, project.root.path, "--dry-run",
    ])
    #expect(given.status == 0, "\(given.stderr)")
    #expect(!given.stderr.contains("looks, which"), "\(given.stderr)")
  }

  /// A per-size primary with iPhone slots only, in an app that runs on iPad (a Kotlin
  /// Multiplatform `iosApp`, say): the new set gets the 152 and 167 px iPad images App Store
  /// Connect asks for, in the set's slot order, so check finds no alternate-missing-size.
  @Test func aNewPerSizeSetHasTheIPadSizesWhereTheAppRunsOnIPad() throws {
    let project = try EditProject(
      in: scratch, .init(targetSettings: ["ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;"]))
    let folder = "Studio/Assets.xcassets/AppIcon.appiconset"
    var entries: [String] = []
    for (size, scale, pixels, idiom) in [
      ("60x60", 2, 120, "iphone"), ("60x60", 3, 180, "iphone"),
      ("1024x1024", 1, 1024, "ios-marketing"),
    ] {
      try project.write(
        file: "\(folder)/Icon-\(pixels).png", EditProject.png(side: pixels, red: 70))
      entries.append(
        "    {\n      \"filename\" : \"Icon-\(pixels).png\",\n      \"idiom\" : \"\(idiom)\",\n      \"scale\" : \"\(scale)x\",\n      \"size\" : \"\(size)\"\n    }"
      )
    }
    try FileManager.default.removeItem(at: project.file("\(folder)/AppIcon.png"))
    try project.write(
      "\(folder)/Contents.json",
      "{\n  \"images\" : [\n\(entries.joined(separator: ",\n"))\n  ],\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"
    )
    let before = try project.snapshot()
    let add = try edit.run(["add", "Night", try edit.image().path, project.root.path])
    #expect(add.status == 0, "\(add.stderr)")
    let contents = try String(
      contentsOf: project.file("Studio/Assets.xcassets/Night.appiconset/Contents.json"),
      encoding: .utf8)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contents.utf8)) as? [String: Any])
    let images = try #require(json["images"] as? [[String: String]])
    #expect(
      images.map { "\($0["idiom"]!) \($0["size"]!) \($0["scale"]!)" } == [
        "iphone 60x60 2x", "iphone 60x60 3x", "ipad 76x76 2x", "ipad 83.5x83.5 2x",
        "ios-marketing 1024x1024 1x",
      ], "\(contents)")
    let listed = try edit.listedIcons(project)
    #expect(listed["Night"]?.contains("ipad") == true, "\(listed)")
    let check = try edit.read(["check", project.root.path])
    #expect(
      !check.stdout.contains("Night") || !check.stdout.contains("alternate-missing-size"),
      "\(check.stdout)")
    let remove = try edit.run(["remove", "Night", project.root.path])
    #expect(remove.status == 0, "\(remove.stderr)")
    #expect(try project.snapshot() == before)
  }

  /// One target that builds for iOS and tvOS, its primary an Icon Composer bundle in a
  /// synchronized folder: the iOS side gets the icon, the tvOS side is named in a note, and
  /// remove gives every byte back.
  @Test func aOneTargetIOSAndTVOSAppGetsTheIconOnItsIOSSide() throws {
    var options = EditProject.Options(targetSettings: [
      "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;",
      "SUPPORTED_PLATFORMS = \"iphoneos iphonesimulator appletvos appletvsimulator\";",
    ])
    options.synchronized = true
    options.deviceFamily = "\"1,2,3\""
    let project = try EditProject(in: scratch, options)
    try FileManager.default.removeItem(
      at: project.file("Studio/Assets.xcassets/AppIcon.appiconset"))
    try FileManager.default.copyItem(
      at: paletteFolder().appendingPathComponent("AppIcons/AppIcon.icon"),
      to: project.file("Studio/AppIcon.icon"))
    let before = try project.snapshot()
    let add = try edit.run(["add", "Zeta", try edit.image().path, project.root.path])
    #expect(add.status == 0, "\(add.stderr)")
    #expect(
      add.stderr.contains(
        "the target builds for tvOS too, whose alternate icons are brand assets of layered image stacks, which iconpick does not write: \"Zeta\" is the iOS app's"
      ), "\(add.stderr)")
    let listed = try edit.listedIcons(project)
    #expect(listed["Zeta"]?.contains("iphone") == true, "\(listed)")
    let remove = try edit.run(["remove", "Zeta", project.root.path])
    #expect(remove.status == 0, "\(remove.stderr)")
    #expect(try project.snapshot() == before)
  }

  /// One target for iOS and tvOS whose tvOS brand assets lack their Contents.json (as
  /// eworthing/Tiercade's do): the tvOS side is said in one line and fails the check, and the
  /// iOS side is still checked.
  @Test func anUnreadableOtherPlatformDoesNotHideTheFirst() throws {
    let project = try EditProject(
      in: scratch,
      .init(
        targetSettings: [
          "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;",
          "SUPPORTED_PLATFORMS = \"iphoneos iphonesimulator appletvos appletvsimulator\";",
        ], deviceFamily: "\"1,2,3\""))
    try FileManager.default.createDirectory(
      at: project.file("Studio/Assets.xcassets/AppIcon.brandassets/App Icon.imagestack"),
      withIntermediateDirectories: true)
    let check = try edit.read(["check", project.root.path, "--format", "json"])
    #expect(check.status == 1, "\(check.stderr)")
    #expect(check.stdout.contains("\"diagnostics\""), "\(check.stdout)")
    let errors = check.stderr.split(separator: "\n").filter { $0.hasPrefix("iconpick: error:") }
    #expect(errors.count == 1, "\(check.stderr)")
    #expect(
      errors.first?.contains("Studio · tvOS:") == true
        && errors.first?.contains("AppIcon.brandassets/Contents.json") == true,
      "\(check.stderr)")
  }

  /// The same typo in the project file: spelt right in each configuration, NAME added.
  @Test func addSpellsAMisspeltProjectSettingRight() throws {
    let project = try EditProject(
      in: scratch,
      .init(
        targetSettings: [
          "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;",
          "AssetCatalog_Compiler_Alternate_AppIcon_Names = Blue;",
        ], sets: ["Blue"]))
    let check = try edit.read(["check", project.root.path])
    #expect(check.stdout.contains("[setting-key-case]"), "\(check.stdout)")
    let add = try edit.run(["add", "Night", try edit.image().path, project.root.path])
    #expect(add.status == 0, "\(add.stderr)")
    let text = try String(contentsOf: project.pbxproj, encoding: .utf8)
    #expect(!text.contains("AssetCatalog_Compiler_Alternate_AppIcon_Names"), "\(text)")
    #expect(
      text.components(
        separatedBy: "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \"Blue Night\";"
      )
      .count == 3, "\(text)")
    let listed = try edit.listedIcons(project)
    #expect(listed["Night"] != nil && listed["Blue"] != nil, "\(listed)")
  }

  /// The same typo in an XcodeGen spec: spelt right in the target's settings, NAME added.
  @Test func addSpellsAMisspeltSpecSettingRight() throws {
    let folder = scratch.file("Spec")
    let spec = """
      name: Studio
      targets:
        Studio:
          type: application
          platform: iOS
          sources: [Studio]
          settings:
            base:
              INFOPLIST_FILE: Studio/Info.plist
              TARGETED_DEVICE_FAMILY: "1,2"
              ASSETCATALOG_COMPILER_APPICON_NAME: AppIcon
              AssetCatalog_Compiler_Alternate_AppIcon_Names: Blue

      """
    let contents =
      #"{"images":[{"filename":"X.png","idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#
    let files: [(String, Data)] = [
      ("project.yml", Data(spec.utf8)),
      ("Studio/Info.plist", Data(EditProject.plist(iconsXML: "").utf8)),
      ("Studio/Assets.xcassets/AppIcon.appiconset/Contents.json", Data(contents.utf8)),
      ("Studio/Assets.xcassets/AppIcon.appiconset/X.png", try EditProject.png(side: 1024, red: 1)),
      ("Studio/Assets.xcassets/Blue.appiconset/Contents.json", Data(contents.utf8)),
      ("Studio/Assets.xcassets/Blue.appiconset/X.png", try EditProject.png(side: 1024, red: 2)),
    ]
    for (path, data) in files {
      let file = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: file)
    }
    let check = try edit.read(["check", folder.path])
    #expect(check.stdout.contains("project.yml"), "\(check.stdout)")
    #expect(check.stdout.contains("[setting-key-case]"), "\(check.stdout)")
    let add = try edit.run(["add", "Night", try edit.image().path, folder.path])
    #expect(add.status == 0, "\(add.stderr)")
    let written = try String(
      contentsOf: folder.appendingPathComponent("project.yml"), encoding: .utf8)
    #expect(!written.contains("AssetCatalog_Compiler_Alternate_AppIcon_Names"), "\(written)")
    #expect(
      written.contains("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES: Blue Night"), "\(written)")
  }
}
