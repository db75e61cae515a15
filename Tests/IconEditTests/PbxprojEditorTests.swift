import Foundation
import Testing

@testable import IconEdit

/// Each edit of `project.pbxproj` changes exactly the lines Xcode would, Foundation reads the
/// result, and adding then removing gives back the same bytes.
@Suite struct PbxprojEditorTests {
  static let file = PbxprojFixtures.projectFile
  static let target = "D10000000000000000000001"
  static let targetDebug = "E20000000000000000000003"
  static let targetRelease = "E20000000000000000000004"
  static let projectDebug = "E20000000000000000000001"
  static let projectRelease = "E20000000000000000000002"
  static let sampleGroup = "C10000000000000000000002"
  static let resources = "D20000000000000000000002"

  static func editor(_ text: String = PbxprojFixtures.project()) throws -> PbxprojEditor {
    try PbxprojEditor(file: file, bytes: Array(text.utf8))
  }

  static func text(_ editor: PbxprojEditor) -> String {
    String(decoding: editor.bytes, as: UTF8.self)
  }

  static func changes(_ before: PbxprojEditor, _ after: PbxprojEditor) -> [String] {
    PbxprojFixtures.changedLines(text(before), text(after))
  }

  // MARK: Look-ups

  @Test func looksUpTargetsConfigurationsAndSettings() throws {
    let editor = try Self.editor()
    #expect(editor.nativeTarget(named: "Sample") == Self.target)
    #expect(editor.nativeTarget(named: "Other") == nil)
    #expect(
      editor.buildConfigurations(ofTarget: Self.target).map(\.id) == [
        Self.targetDebug, Self.targetRelease,
      ])
    #expect(editor.buildConfigurations(ofTarget: Self.target).map(\.name) == ["Debug", "Release"])
    #expect(
      editor.projectBuildConfigurations().map(\.id) == [Self.projectDebug, Self.projectRelease])
    #expect(
      editor.buildSetting("ASSETCATALOG_COMPILER_APPICON_NAME", configuration: Self.targetDebug)
        == .string("AppIcon"))
    #expect(
      editor.buildSetting("LD_RUNPATH_SEARCH_PATHS", configuration: Self.targetDebug)
        == .list(["$(inherited)", "@executable_path/Frameworks"]))
    #expect(editor.buildSetting("MISSING", configuration: Self.targetDebug) == nil)
    #expect(editor.resourcesBuildPhase(ofTarget: Self.target) == Self.resources)
    #expect(editor.mainGroup() == "C10000000000000000000001")
  }

  @Test func resolvesGroupsAndFilesFromTheProjectFolder() throws {
    let editor = try Self.editor()
    let root = URL(fileURLWithPath: "/work/Sample")
    #expect(editor.sourceRoot.path == root.path)
    #expect(editor.group(forFolder: root.appendingPathComponent("Sample")) == Self.sampleGroup)
    #expect(editor.group(forFolder: root.appendingPathComponent("Sample/")) == Self.sampleGroup)
    // SOURCE_ROOT: from the project's folder, wherever the group is listed (here: nowhere).
    #expect(
      editor.group(forFolder: root.appendingPathComponent("Icons")) == "C10000000000000000000004")
    #expect(editor.group(forFolder: root) == "C10000000000000000000001")
    #expect(
      editor.fileReference(forPath: root.appendingPathComponent("Sample/Assets.xcassets"))
        == "B10000000000000000000002")
    #expect(editor.fileReference(forPath: root.appendingPathComponent("Assets.xcassets")) == nil)
    // A product is in the build folder, not the source tree.
    #expect(editor.path(of: "B10000000000000000000003") == nil)
    #expect(
      editor.buildFiles(referencing: "B10000000000000000000002") == ["A10000000000000000000002"])
    #expect(editor.buildFiles(referencing: "B10000000000000000000003") == [])
  }

  @Test func readsSynchronizedFoldersAndTheirExceptions() throws {
    let text = """
      // !$*UTF8*$!
      {
      \tarchiveVersion = 1;
      \tobjects = {

      /* Begin PBXFileSystemSynchronizedBuildFileExceptionSet section */
      \t\tF10000000000000000000003 /* Exceptions for "App" folder in "App" target */ = {
      \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
      \t\t\tmembershipExceptions = (
      \t\t\t\tInfo.plist,
      \t\t\t\t"Icons/Old.png",
      \t\t\t);
      \t\t\ttarget = F10000000000000000000002 /* App */;
      \t\t};
      /* End PBXFileSystemSynchronizedBuildFileExceptionSet section */

      /* Begin PBXFileSystemSynchronizedRootGroup section */
      \t\tF10000000000000000000001 /* App */ = {
      \t\t\tisa = PBXFileSystemSynchronizedRootGroup;
      \t\t\texceptions = (
      \t\t\t\tF10000000000000000000003 /* Exceptions for "App" folder in "App" target */,
      \t\t\t);
      \t\t\tpath = App;
      \t\t\tsourceTree = "<group>";
      \t\t};
      /* End PBXFileSystemSynchronizedRootGroup section */

      /* Begin PBXGroup section */
      \t\tF10000000000000000000004 = {
      \t\t\tisa = PBXGroup;
      \t\t\tchildren = (
      \t\t\t\tF10000000000000000000001 /* App */,
      \t\t\t);
      \t\t\tsourceTree = "<group>";
      \t\t};
      /* End PBXGroup section */

      /* Begin PBXNativeTarget section */
      \t\tF10000000000000000000002 /* App */ = {
      \t\t\tisa = PBXNativeTarget;
      \t\t\tfileSystemSynchronizedGroups = (
      \t\t\t\tF10000000000000000000001 /* App */,
      \t\t\t);
      \t\t\tname = App;
      \t\t};
      /* End PBXNativeTarget section */

      /* Begin PBXProject section */
      \t\tF10000000000000000000005 /* Project object */ = {
      \t\t\tisa = PBXProject;
      \t\t\tmainGroup = F10000000000000000000004;
      \t\t\ttargets = (
      \t\t\t\tF10000000000000000000002 /* App */,
      \t\t\t);
      \t\t};
      /* End PBXProject section */
      \t};
      \trootObject = F10000000000000000000005 /* Project object */;
      }

      """
    let editor = try Self.editor(text)
    let target = try #require(editor.nativeTarget(named: "App"))
    #expect(editor.synchronizedFolders(ofTarget: target).map(\.path) == ["/work/Sample/App"])
    #expect(
      editor.synchronizedExceptions(ofTarget: target).map(\.path)
        == ["/work/Sample/App/Info.plist", "/work/Sample/App/Icons/Old.png"])
    #expect(editor.resourcesBuildPhase(ofTarget: target) == nil)
  }

  // MARK: Build settings

  @Test func replacesAValueWhereItIsWritten() throws {
    var editor = try Self.editor()
    let before = editor
    try editor.setBuildSetting(
      "ASSETCATALOG_COMPILER_APPICON_NAME", to: .string("AppIcon-Blue"),
      configuration: Self.targetDebug)
    #expect(
      Self.changes(before, editor) == [
        "-\t\t\t\tASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;",
        "+\t\t\t\tASSETCATALOG_COMPILER_APPICON_NAME = \"AppIcon-Blue\";",
      ])
    #expect(
      editor.buildSetting("ASSETCATALOG_COMPILER_APPICON_NAME", configuration: Self.targetDebug)
        == .string("AppIcon-Blue"))
    // The other configuration keeps its own.
    #expect(
      editor.buildSetting("ASSETCATALOG_COMPILER_APPICON_NAME", configuration: Self.targetRelease)
        == .string("AppIcon"))
  }

  @Test func insertsANewSettingAmongTheKeysInXcodesOrder() throws {
    var editor = try Self.editor()
    let before = editor
    try editor.setBuildSetting(
      "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES", to: .list(["AppIcon-Blue", "Green"]),
      configuration: Self.targetDebug)
    #expect(
      Self.changes(before, editor) == [
        "+\t\t\t\tASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = (",
        "+\t\t\t\t\t\"AppIcon-Blue\",",
        "+\t\t\t\t\tGreen,",
        "+\t\t\t\t);",
      ])
    let text = Self.text(editor)
    #expect(
      text.contains(
        "\t\t\t\tASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = (\n\t\t\t\t\t\"AppIcon-Blue\",\n\t\t\t\t\tGreen,\n\t\t\t\t);\n\t\t\t\tASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;\n"
      ))
    // Byte order: `_` sorts after capitals, so the key goes after ..._APPICON_NAME.
    var second = editor
    try second.setBuildSetting(
      "ASSETCATALOG_COMPILER_APPICON_NAME_", to: .string("x"), configuration: Self.targetDebug)
    #expect(
      Self.text(second).contains(
        "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;\n\t\t\t\tASSETCATALOG_COMPILER_APPICON_NAME_ = x;\n\t\t\t\tCODE_SIGN_STYLE"
      ))
    // Last of all: after the last key.
    try second.setBuildSetting("ZZ_LAST", to: .string("1"), configuration: Self.targetDebug)
    #expect(
      Self.text(second).contains(
        "PRODUCT_NAME = \"$(TARGET_NAME)\";\n\t\t\t\tZZ_LAST = 1;\n\t\t\t};\n\t\t\tname = Debug;"))
  }

  @Test func anEmptyBuildSettingsDictionaryGetsOneLine() throws {
    var editor = try Self.editor()
    let before = editor
    try editor.setBuildSetting(
      "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS", to: .string("YES"),
      configuration: Self.projectRelease)
    #expect(
      Self.changes(before, editor) == [
        "+\t\t\t\tASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES;"
      ])
    #expect(
      Self.text(editor).contains(
        "buildSettings = {\n\t\t\t\tASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES;\n\t\t\t};\n\t\t\tname = Release;"
      ))
    try editor.removeBuildSetting(
      "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS", configuration: Self.projectRelease)
    #expect(editor.bytes == before.bytes)
  }

  @Test func aOneLineEmptyDictionaryOpensOntoLines() throws {
    let original = PbxprojFixtures.project().replacingOccurrences(
      of: "buildSettings = {\n\t\t\t};", with: "buildSettings = {};")
    var editor = try Self.editor(original)
    try editor.setBuildSetting("KEY", to: .string("a b"), configuration: Self.projectRelease)
    #expect(
      Self.text(editor).contains(
        "buildSettings = {\n\t\t\t\tKEY = \"a b\";\n\t\t\t};\n\t\t\tname = Release;"))
  }

  @Test func aListReplacesAStringAndTheOtherWay() throws {
    var editor = try Self.editor()
    let before = editor
    try editor.setBuildSetting(
      "LD_RUNPATH_SEARCH_PATHS", to: .string("$(inherited)"), configuration: Self.targetDebug)
    #expect(
      Self.changes(before, editor) == [
        "-\t\t\t\tLD_RUNPATH_SEARCH_PATHS = (",
        "-\t\t\t\t\t\"$(inherited)\",",
        "-\t\t\t\t\t\"@executable_path/Frameworks\",",
        "-\t\t\t\t);",
        "+\t\t\t\tLD_RUNPATH_SEARCH_PATHS = \"$(inherited)\";",
      ])
    try editor.setBuildSetting(
      "LD_RUNPATH_SEARCH_PATHS", to: .list(["$(inherited)", "@executable_path/Frameworks"]),
      configuration: Self.targetDebug)
    #expect(editor.bytes == before.bytes)
  }

  @Test func settingTheSameValueChangesNothing() throws {
    var editor = try Self.editor()
    let before = editor.bytes
    try editor.setBuildSetting(
      "CODE_SIGN_STYLE", to: .string("Automatic"), configuration: Self.targetDebug)
    #expect(editor.bytes == before)
  }

  @Test func removesExactlyTheSettingsLine() throws {
    var editor = try Self.editor()
    let before = editor
    try editor.removeBuildSetting(
      "INFOPLIST_KEY_CFBundleDisplayName", configuration: Self.targetDebug)
    #expect(
      Self.changes(before, editor) == [
        "-\t\t\t\tINFOPLIST_KEY_CFBundleDisplayName = \"Sample App\";"
      ])
    try editor.removeBuildSetting("LD_RUNPATH_SEARCH_PATHS", configuration: Self.targetDebug)
    #expect(!Self.text(editor).contains("executable_path"))
    #expect(editor.buildSetting("LD_RUNPATH_SEARCH_PATHS", configuration: Self.targetDebug) == nil)
    // Absent: nothing to do.
    let unchanged = editor.bytes
    try editor.removeBuildSetting("MISSING", configuration: Self.targetDebug)
    #expect(editor.bytes == unchanged)
  }

  @Test func setThenRemoveIsByteIdentical() throws {
    var editor = try Self.editor()
    let before = editor.bytes
    for configuration in [
      Self.targetDebug, Self.targetRelease, Self.projectDebug, Self.projectRelease,
    ] {
      try editor.setBuildSetting(
        "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES", to: .list(["Blue", "Green"]),
        configuration: configuration)
    }
    for configuration in [
      Self.targetDebug, Self.targetRelease, Self.projectDebug, Self.projectRelease,
    ] {
      try editor.removeBuildSetting(
        "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES", configuration: configuration)
    }
    #expect(editor.bytes == before)
  }

  @Test func refusesAnObjectThatIsNotABuildConfiguration() throws {
    var editor = try Self.editor()
    #expect(throws: EditError.self) {
      try editor.setBuildSetting("A", to: .string("b"), configuration: Self.target)
    }
    #expect(throws: EditError.self) {
      try editor.setBuildSetting("A", to: .string("b"), configuration: "NOPE")
    }
  }

  @Test(arguments: [
    ("AppIcon", "AppIcon"), ("AppIcon-Blue", "\"AppIcon-Blue\""), ("x@2x.png", "\"x@2x.png\""),
    ("ios.example.App", "ios.example.App"), ("$(TARGET_NAME)", "\"$(TARGET_NAME)\""),
    ("", "\"\""), ("a b", "\"a b\""), ("say \"hi\"\\", "\"say \\\"hi\\\"\\\\\""),
    ("tab\there\nnewline", "\"tab\\there\\nnewline\""), ("a//b", "\"a//b\""),
    ("a___b", "\"a___b\""),
    ("a_b/c.d$", "a_b/c.d$"), ("1,2", "\"1,2\""), ("-Onone", "\"-Onone\""), ("é", "\"é\""),
    ("<group>", "\"<group>\""),
  ])
  func quotesAsXcodeDoes(_ value: String, _ written: String) throws {
    #expect(PbxprojText.quoted(value) == written)
    // And Foundation reads back the value.
    let tree = try PlistTree.parse(Array("{a = \(written);}".utf8)).get()
    #expect(tree["a"]?.string.map { Array($0.utf16) } == Array(value.utf16))
  }

  // MARK: Files

  @Test func addsAFileAsXcodeWritesIt() throws {
    var editor = try Self.editor()
    let before = editor
    let added = try editor.addFile(
      path: "AppIcon-Blue@2x.png", name: nil, lastKnownFileType: "image.png",
      group: Self.sampleGroup,
      resourcesPhase: Self.resources)
    let reference = added.fileReference
    let buildFile = try #require(added.buildFile)
    #expect(reference.count == 24 && buildFile.count == 24 && reference != buildFile)
    #expect(reference.allSatisfy { "0123456789ABCDEF".contains($0) })
    let text = Self.text(editor)
    let referenceLine =
      "\t\t\(reference) /* AppIcon-Blue@2x.png */ = {isa = PBXFileReference; lastKnownFileType = image.png; path = \"AppIcon-Blue@2x.png\"; sourceTree = \"<group>\"; };\n"
    let buildFileLine =
      "\t\t\(buildFile) /* AppIcon-Blue@2x.png in Resources */ = {isa = PBXBuildFile; fileRef = \(reference) /* AppIcon-Blue@2x.png */; };\n"
    #expect(text.contains(referenceLine))
    #expect(text.contains(buildFileLine))
    #expect(
      text.contains(
        "\t\t\t\tB10000000000000000000002 /* Assets.xcassets */,\n\t\t\t\t\(reference) /* AppIcon-Blue@2x.png */,\n\t\t\t);\n\t\t\tpath = Sample;"
      ))
    #expect(
      text.contains(
        "\t\t\t\tA10000000000000000000002 /* Assets.xcassets in Resources */,\n\t\t\t\t\(buildFile) /* AppIcon-Blue@2x.png in Resources */,\n\t\t\t);"
      ))
    // Four lines added, none removed.
    let diff = UnifiedDiffLines.added(Self.text(before), text)
    #expect(diff.removed.isEmpty)
    #expect(diff.added.count == 4)
    // In its section at its place by id.
    let section = try #require(
      text.range(of: "/* Begin PBXFileReference section */").map { text[$0.upperBound...] })
    let ids = section.split(separator: "\n").prefix { !$0.hasPrefix("/* End") }.compactMap {
      $0.split(separator: " ").first.map { $0.trimmingCharacters(in: .whitespaces) }
    }.filter { !$0.isEmpty }
    #expect(ids == ids.sorted() && ids.contains(reference))
    // The look-ups see it.
    #expect(
      editor.fileReference(forPath: URL(fileURLWithPath: "/work/Sample/Sample/AppIcon-Blue@2x.png"))
        == reference)
    #expect(editor.buildFiles(referencing: reference) == [buildFile])

    try editor.removeFile(reference: reference)
    #expect(editor.bytes == before.bytes)
  }

  @Test func addsAnIconComposerBundleAsOneFolderReference() throws {
    var editor = try Self.editor()
    let before = editor.bytes
    let added = try editor.addFile(
      path: "AppIcon-Blue.icon", name: nil, lastKnownFileType: "folder.iconcomposer.icon",
      group: Self.sampleGroup, resourcesPhase: Self.resources)
    #expect(
      Self.text(editor).contains(
        "\(added.fileReference) /* AppIcon-Blue.icon */ = {isa = PBXFileReference; lastKnownFileType = folder.iconcomposer.icon; path = \"AppIcon-Blue.icon\"; sourceTree = \"<group>\"; };"
      ))
    try editor.removeFile(reference: added.fileReference)
    #expect(editor.bytes == before)
  }

  @Test func aNameOtherThanThePathIsWrittenAndShownInComments() throws {
    var editor = try Self.editor()
    let added = try editor.addFile(
      path: "Art/blue.png", name: "Blue", lastKnownFileType: "image.png",
      group: "C10000000000000000000004", resourcesPhase: nil)
    #expect(added.buildFile == nil)
    let text = Self.text(editor)
    #expect(
      text.contains(
        "\(added.fileReference) /* Blue */ = {isa = PBXFileReference; lastKnownFileType = image.png; name = Blue; path = Art/blue.png; sourceTree = \"<group>\"; };"
      ))
    // The empty children list gets its first line, one tab deeper than its `)`.
    #expect(
      text.contains(
        "children = (\n\t\t\t\t\(added.fileReference) /* Blue */,\n\t\t\t);\n\t\t\tpath = Icons;"))
    #expect(!text.contains("Blue in Resources"))
  }

  @Test func makesTheBuildFileSectionWhenThereIsNoneAndRemovesItAgain() throws {
    let original = PbxprojFixtures.project(resourcesFiles: "", withBuildFileSection: false)
    var editor = try Self.editor(original)
    let added = try editor.addFile(
      path: "Blue.png", name: nil, lastKnownFileType: "image.png", group: Self.sampleGroup,
      resourcesPhase: Self.resources)
    let buildFile = try #require(added.buildFile)
    let text = Self.text(editor)
    #expect(
      text.contains(
        "\tobjects = {\n\n/* Begin PBXBuildFile section */\n\t\t\(buildFile) /* Blue.png in Resources */ = {isa = PBXBuildFile; fileRef = \(added.fileReference) /* Blue.png */; };\n/* End PBXBuildFile section */\n\n/* Begin PBXFileReference section */"
      ))
    #expect(text.contains("files = (\n\t\t\t\t\(buildFile) /* Blue.png in Resources */,\n\t\t\t);"))
    try editor.removeFile(reference: added.fileReference)
    #expect(Self.text(editor) == original)
  }

  @Test func makesASectionAfterTheLastOneAndRemovesItAgain() throws {
    // No section sorts after XCConfigurationList but a made-up one after it.
    var editor = try Self.editor()
    let before = editor.bytes
    try editor.insertObject(
      section: "ZZObject", id: "ABC000000000000000000001",
      line: "ABC000000000000000000001 = {isa = ZZObject; };")
    let text = Self.text(editor)
    #expect(
      text.contains(
        "/* End XCConfigurationList section */\n\n/* Begin ZZObject section */\n\t\tABC000000000000000000001 = {isa = ZZObject; };\n/* End ZZObject section */\n\t};"
      ))
    try editor.removeEmptySections(among: ["ZZObject"])
    #expect(editor.bytes != before)  // not empty yet
  }

  @Test func removingAFileRemovesEveryPlaceItIsListed() throws {
    var editor = try Self.editor()
    let before = editor
    try editor.removeFile(reference: "B10000000000000000000002")
    #expect(
      Self.changes(before, editor).filter { $0.hasPrefix("-") }.count == 4
        && Self.changes(before, editor).allSatisfy { !$0.hasPrefix("+") })
    let text = Self.text(editor)
    #expect(!text.contains("B10000000000000000000002"))
    #expect(!text.contains("A10000000000000000000002"))
    #expect(
      editor.fileReference(forPath: URL(fileURLWithPath: "/work/Sample/Sample/Assets.xcassets"))
        == nil)
  }

  @Test func refusesToRemoveAFileThatIsStillReferredTo() throws {
    var editor = try Self.editor()
    let before = editor.bytes
    // The product is the target's productReference too.
    #expect(throws: EditError.self) { try editor.removeFile(reference: "B10000000000000000000003") }
    #expect(editor.bytes == before)
  }

  @Test func newIdsAreTheSameForTheSameTextAndName() throws {
    var first = try Self.editor()
    var second = try Self.editor()
    let a = try first.addFile(
      path: "Blue.png", name: nil, lastKnownFileType: "image.png", group: Self.sampleGroup,
      resourcesPhase: Self.resources)
    let b = try second.addFile(
      path: "Blue.png", name: nil, lastKnownFileType: "image.png", group: Self.sampleGroup,
      resourcesPhase: Self.resources)
    #expect(a.fileReference == b.fileReference && a.buildFile == b.buildFile)
    #expect(first.bytes == second.bytes)
    var third = try Self.editor()
    let c = try third.addFile(
      path: "Green.png", name: nil, lastKnownFileType: "image.png", group: Self.sampleGroup,
      resourcesPhase: Self.resources)
    #expect(c.fileReference != a.fileReference)
    // An id already in the text is never given.
    let taken = PbxprojText.newIdentifier(in: [], name: "x", taken: [])
    let other = PbxprojText.newIdentifier(in: Array(taken.utf8), name: "x", taken: [])
    #expect(other != taken)
  }

  @Test func refusesTextFoundationCannotRead() {
    #expect(throws: EditError.self) {
      try PbxprojEditor(file: Self.file, bytes: Array("{ objects = {".utf8))
    }
    #expect(throws: EditError.self) {
      try PbxprojEditor(file: Self.file, bytes: Array("{ objects = {}; rootObject = X; }".utf8))
    }
  }
}

/// Added and removed lines of a change, whatever their order.
enum UnifiedDiffLines {
  static func added(_ before: String, _ after: String) -> (added: [String], removed: [String]) {
    let changed = PbxprojFixtures.changedLines(before, after)
    return (changed.filter { $0.hasPrefix("+") }, changed.filter { $0.hasPrefix("-") })
  }
}
