import Foundation
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
}
