import Foundation
import IconCatalog
import IconCheck
import IconRender
import Testing

@testable import IconEdit

/// Each fix on a small project with its fault: planned, applied, read again. The finding is gone
/// and no other finding grows, every edited file still parses (Foundation, and Python's plistlib
/// for plists), and planning the same fix on the fixed project changes nothing.
@Suite struct FixPlannerTests {
  static let alternatesPath = ["CFBundleIcons", "CFBundleAlternateIcons"]

  /// Findings (errors and warnings) by id.
  static func findings(_ context: EditContext) -> [String: Int] {
    var counts: [String: Int] = [:]
    for finding in Checker.diagnose(context.app, facts: context.facts) where finding.severity != .note {
      counts[finding.id.rawValue, default: 0] += 1
    }
    return counts
  }

  /// Plans `fix`, applies it and reads the project again; checks the finding `id` went, no other
  /// finding grew, the edited files parse, and a second plan is empty.
  @discardableResult
  static func fixes(
    _ id: DiagnosticID?, with fix: IconFix, at root: URL, background: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (plan: EditPlan, after: EditContext) {
    let context = try EditContext.read(at: root, target: nil)
    let before = findings(context)
    if let id {
      #expect(before[id.rawValue, default: 0] > 0, "no \(id.rawValue) before: \(before)", sourceLocation: sourceLocation)
    }
    let plan = try FixPlanner.plan(fix, in: context, background: background)
    #expect(!plan.changes.isEmpty, sourceLocation: sourceLocation)
    #expect(!plan.form.isEmpty, sourceLocation: sourceLocation)
    _ = try ChangeApplier.apply(plan.changes)
    for change in plan.changes.changes where !change.isDeletion && !change.isDirectory {
      try expectParses(change, sourceLocation: sourceLocation)
    }
    let after = try EditContext.read(at: root, target: nil)
    let remaining = findings(after)
    if let id {
      #expect(remaining[id.rawValue] == nil, "\(id.rawValue) remains: \(remaining)", sourceLocation: sourceLocation)
    }
    let grown = remaining.filter { $0.value > before[$0.key, default: 0] }
    #expect(grown.isEmpty, "new findings: \(grown)", sourceLocation: sourceLocation)
    let again = try FixPlanner.plan(fix, in: after, background: background)
    #expect(again.changes.isEmpty, "a second fix changes \(again.summaryLines())", sourceLocation: sourceLocation)
    return (plan, after)
  }

  static func expectParses(_ change: FileChange, sourceLocation: SourceLocation) throws {
    let bytes = Data(change.updated ?? [])
    switch change.path.pathExtension {
    case "plist":
      #expect(throws: Never.self, sourceLocation: sourceLocation) {
        try PropertyListSerialization.propertyList(from: bytes, format: nil)
      }
      #expect(plistlibLoads(change.path), "plistlib cannot load \(change.path.path)", sourceLocation: sourceLocation)
    case "pbxproj":
      #expect(throws: Never.self, sourceLocation: sourceLocation) {
        try PropertyListSerialization.propertyList(from: bytes, format: nil)
      }
    case "json":
      #expect(throws: Never.self, sourceLocation: sourceLocation) { try JSONSerialization.jsonObject(with: bytes) }
    case "png":
      #expect(throws: Never.self, sourceLocation: sourceLocation) {
        try PNGDecoder.decode(data: [UInt8](bytes), source: change.path.path)
      }
    default: break
    }
  }

  static func plistlibLoads(_ file: URL) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import plistlib,sys; plistlib.load(open(sys.argv[1],'rb'))", file.path]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  static func plist(_ file: URL) throws -> [String: Any] {
    let data = try Data(contentsOf: file)
    return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
  }

  static func value(_ tree: Any, _ path: [String]) -> Any? { FoundationTree.value(tree, at: path) }

  static func side(_ file: URL) -> Int? { (try? PNGHeader.read(file: file))?.width }

  /// The `-`/`+` lines of a plan's diff, without the file headers.
  static func changedLines(_ plan: EditPlan) -> [String] {
    plan.preview().split(separator: "\n").map(String.init).filter {
      ($0.hasPrefix("-") && !$0.hasPrefix("---")) || ($0.hasPrefix("+") && !$0.hasPrefix("+++"))
    }
  }

  /// An alternate "Blue" of loose PNGs declared by hand, with `entry` as its CFBundleIcons entry's
  /// inside, and `iPad` written or not.
  static func handWrittenIcons(blueFiles: String = "<string>Blue</string>", extra: String = "", iPad: Bool)
    -> String
  {
    func dictionary(_ key: String) -> String {
      """
      	<key>\(key)</key>
      	<dict>
      		<key>CFBundleAlternateIcons</key>
      		<dict>
      			<key>Blue</key>
      			<dict>
      				<key>CFBundleIconFiles</key>
      				<array>
      					\(blueFiles)
      				</array>
      				<key>UIPrerenderedIcon</key>
      				<false/>
      			</dict>
      		</dict>
      		<key>CFBundlePrimaryIcon</key>
      		<dict>
      			<key>CFBundleIconName</key>
      			<string>AppIcon</string>
      		</dict>\(extra)
      	</dict>

      """
    }
    return dictionary("CFBundleIcons") + (iPad ? dictionary("CFBundleIcons~ipad") : "")
  }

  // MARK: icon-file-with-extension

  @Test func anIconFileNameLosesItsExtension() throws {
    let project = try EditProject(
      EditProject.Options(
        targetSettings: ["ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;"],
        infoPlist: EditProject.plist(
          iconsXML: Self.handWrittenIcons(blueFiles: "<string>Blue.png</string>", iPad: false)),
        looseFiles: ["Blue@2x.png", "Blue@3x.png"], deviceFamily: "1"))
    let plistFile = project.scratch.file("Studio/Info.plist")
    let keyPath = Self.alternatesPath + ["Blue", "CFBundleIconFiles"]
    let (plan, after) = try Self.fixes(
      .iconFileWithExtension,
      with: .removeIconFileExtension(plist: plistFile.path, keyPath: keyPath, index: 0, value: "Blue"),
      at: project.root)
    #expect(Self.value(try Self.plist(plistFile), keyPath) as? [String] == ["Blue"])
    #expect(!after.facts.iconFiles.flatMap(\.files).contains { $0.hasSuffix(".png") })
    #expect(Self.changedLines(plan) == ["-\t\t\t\t\t<string>Blue.png</string>", "+\t\t\t\t\t<string>Blue</string>"])
  }

  @Test func aNameWithItsExtensionBesideTheSameNameGoes() throws {
    let project = try EditProject(
      EditProject.Options(
        infoPlist: EditProject.plist(
          iconsXML: Self.handWrittenIcons(
            blueFiles: "<string>Blue</string>\n\t\t\t\t\t<string>Blue.png</string>", iPad: false)),
        looseFiles: ["Blue@2x.png"], deviceFamily: "1"))
    let plistFile = project.scratch.file("Studio/Info.plist")
    let keyPath = Self.alternatesPath + ["Blue", "CFBundleIconFiles"]
    try Self.fixes(
      nil, with: .removeIconFileExtension(plist: plistFile.path, keyPath: keyPath, index: 1, value: "Blue"),
      at: project.root)
    #expect(Self.value(try Self.plist(plistFile), keyPath) as? [String] == ["Blue"])
  }

  // MARK: missing-ipad-declaration

  @Test func anAlternateIsDeclaredForIPadWithItsIPadImages() throws {
    // The primary set by the build setting: actool writes CFBundleIcons~ipad, without "Blue".
    let project = try EditProject(
      EditProject.Options(
        targetSettings: ["ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;"],
        infoPlist: EditProject.plist(iconsXML: Self.handWrittenIcons(iPad: false)),
        looseFiles: ["Blue@2x.png", "Blue@3x.png"]))
    let plistFile = project.scratch.file("Studio/Info.plist")
    let (plan, after) = try Self.fixes(
      .missingIPadDeclaration, with: .declareForIPad(plist: plistFile.path, name: "Blue"),
      at: project.root)
    let plist = try Self.plist(plistFile)
    #expect(
      Self.value(plist, ["CFBundleIcons~ipad", "CFBundleAlternateIcons", "Blue", "CFBundleIconFiles"])
        as? [String] == ["Blue", "Blue83.5x83.5"])
    #expect(
      Self.value(plist, ["CFBundleIcons~ipad", "CFBundlePrimaryIcon", "CFBundleIconName"]) as? String
        == "AppIcon")
    #expect(Self.value(plist, ["CFBundleIcons~ipad", "CFBundleAlternateIcons", "Blue", "UIPrerenderedIcon"]) as? Bool == false)
    #expect(Self.side(project.scratch.file("Studio/Icons/Blue@2x~ipad.png")) == 152)
    #expect(Self.side(project.scratch.file("Studio/Icons/Blue83.5x83.5@2x~ipad.png")) == 167)
    let pbxproj = project.scratch.read("Studio.xcodeproj/project.pbxproj") ?? ""
    #expect(pbxproj.contains("/* Blue83.5x83.5@2x~ipad.png in Resources */,"))
    #expect(pbxproj.contains("/* Blue@2x~ipad.png in Resources */,"))
    let blue = try #require(after.app.alternate(named: "Blue"))
    #expect(blue.idioms.contains("ipad"))
    #expect(plan.notes.isEmpty)
  }

  @Test func anIPadDeclarationWithoutLargeEnoughImagesSaysWhichSizesRemain() throws {
    // CFBundleIcons~ipad written with the primary only.
    let iPadPrimaryOnly = """
      	<key>CFBundleIcons~ipad</key>
      	<dict>
      		<key>CFBundlePrimaryIcon</key>
      		<dict>
      			<key>CFBundleIconName</key>
      			<string>AppIcon</string>
      		</dict>
      	</dict>

      """
    let project = try EditProject(
      EditProject.Options(
        infoPlist: EditProject.plist(iconsXML: Self.handWrittenIcons(iPad: false) + iPadPrimaryOnly),
        looseFiles: ["Blue@2x.png"]))
    let plistFile = project.scratch.file("Studio/Info.plist")
    let (plan, _) = try Self.fixes(
      .missingIPadDeclaration, with: .declareForIPad(plist: plistFile.path, name: "Blue"),
      at: project.root)
    #expect(plan.changes.changes.map(\.path.lastPathComponent) == ["Info.plist"])
    #expect(plan.notes.count == 1)
    #expect(plan.notes.first?.contains("152×152 ipad (76pt @2x) and 167×167 ipad (83.5pt @2x)") == true)
    #expect(plan.notes.first?.contains("120×120") == true)
    // The entry goes in at the end of CFBundleIcons~ipad, its text copied as it was.
    #expect(
      Self.changedLines(plan) == [
        "+\t\t<key>CFBundleAlternateIcons</key>", "+\t\t<dict>", "+\t\t\t<key>Blue</key>",
        "+\t\t\t<dict>", "+\t\t\t\t<key>CFBundleIconFiles</key>", "+\t\t\t\t<array>",
        "+\t\t\t\t\t<string>Blue</string>", "+\t\t\t\t</array>",
        "+\t\t\t\t<key>UIPrerenderedIcon</key>", "+\t\t\t\t<false/>", "+\t\t\t</dict>",
        "+\t\t</dict>",
      ])
  }

  // MARK: malformed-icons-dictionary

  @Test func thePrimaryMovesOutOfTheAlternates() throws {
    let icons = """
      	<key>CFBundleIcons</key>
      	<dict>
      		<key>CFBundleAlternateIcons</key>
      		<dict>
      			<key>Blue</key>
      			<dict>
      				<key>CFBundleIconFiles</key>
      				<array>
      					<string>Blue</string>
      				</array>
      			</dict>
      			<key>CFBundlePrimaryIcon</key>
      			<dict>
      				<key>CFBundleIconName</key>
      				<string>AppIcon</string>
      			</dict>
      		</dict>
      	</dict>

      """
    let project = try EditProject(
      EditProject.Options(
        infoPlist: EditProject.plist(iconsXML: icons), looseFiles: ["Blue@2x.png"],
        deviceFamily: "1"))
    let plistFile = project.scratch.file("Studio/Info.plist")
    try Self.fixes(
      .malformedIconsDictionary,
      with: .movePrimaryOutOfAlternates(plist: plistFile.path, dictionary: "CFBundleIcons"),
      at: project.root)
    let plist = try Self.plist(plistFile)
    #expect(Self.value(plist, ["CFBundleIcons", "CFBundlePrimaryIcon", "CFBundleIconName"]) as? String == "AppIcon")
    #expect(Self.value(plist, Self.alternatesPath + ["CFBundlePrimaryIcon"]) == nil)
    #expect(Self.value(plist, Self.alternatesPath + ["Blue"]) != nil)
  }

  @Test func aPrimaryInBothPlacesIsRefused() throws {
    let icons = Self.handWrittenIcons(
      blueFiles: "<string>Blue</string>", iPad: false
    ).replacingOccurrences(
      of: "\t\t\t<key>Blue</key>",
      with: "\t\t\t<key>CFBundlePrimaryIcon</key>\n\t\t\t<dict/>\n\t\t\t<key>Blue</key>")
    let project = try EditProject(
      EditProject.Options(infoPlist: EditProject.plist(iconsXML: icons), looseFiles: ["Blue@2x.png"]))
    let plistFile = project.scratch.file("Studio/Info.plist")
    let context = try EditContext.read(at: project.root, target: nil)
    #expect(throws: EditError.self) {
      try FixPlanner.plan(.movePrimaryOutOfAlternates(plist: plistFile.path, dictionary: "CFBundleIcons"), in: context)
    }
  }

  // MARK: plist-value-type

  @Test func aStringNOBecomesFalse() throws {
    let icons = Self.handWrittenIcons(iPad: false).replacingOccurrences(
      of: "<false/>", with: "<string>NO</string>")
    let project = try EditProject(
      EditProject.Options(
        infoPlist: EditProject.plist(iconsXML: icons), looseFiles: ["Blue@2x.png"], deviceFamily: "1"))
    let plistFile = project.scratch.file("Studio/Info.plist")
    let keyPath = Self.alternatesPath + ["Blue", "UIPrerenderedIcon"]
    let (plan, _) = try Self.fixes(
      .plistValueType, with: .setPlistValue(plist: plistFile.path, keyPath: keyPath, value: .bool(false)),
      at: project.root)
    #expect(Self.value(try Self.plist(plistFile), keyPath) as? Bool == false)
    #expect(Self.changedLines(plan) == ["-\t\t\t\t<string>NO</string>", "+\t\t\t\t<false/>"])
  }

  // MARK: setting-name-case

  @Test func aSettingNameIsSpeltAsItsSet() throws {
    let project = try EditProject(
      EditProject.Options(
        targetSettings: [
          "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \"Red blue\";",
          "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;",
        ], sets: ["Blue", "Red"]))
    let (plan, after) = try Self.fixes(
      .settingNameCase,
      with: .renameInSetting(
        setting: "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES", written: "blue", correct: "Blue"),
      at: project.root)
    #expect(after.facts.alternateNamesSetting == ["Red", "Blue"])
    #expect(
      Self.changedLines(plan).filter { $0.hasPrefix("+") }
        == Array(repeating: "+\t\t\t\tASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \"Red Blue\";", count: 2))
  }

  @Test func aSettingNameIsSpeltAsItsSetInAnXCConfig() throws {
    let project = try EditProject(
      EditProject.Options(
        targetSettings: ["ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;"],
        baseConfiguration: (
          "Studio.xcconfig", "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = blue Red // both\n"
        ), sets: ["Blue", "Red"]))
    let (plan, _) = try Self.fixes(
      .settingNameCase,
      with: .renameInSetting(
        setting: "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES", written: "blue", correct: "Blue"),
      at: project.root)
    #expect(
      project.scratch.read("Studio.xcconfig")
        == "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue Red // both\n")
    #expect(plan.changes.changes.map(\.path.lastPathComponent) == ["Studio.xcconfig"])
  }

  @Test func renamingKeepsQuotesAndOtherItems() {
    #expect(SettingList.renaming("blue", to: "Blue", in: "Red \"blue\"  Green") == "Red \"Blue\"  Green")
    #expect(SettingList.renaming("blue", to: "Blue", in: "blue") == "Blue")
    #expect(SettingList.renaming("blue", to: "Deep Blue", in: "Red blue") == "Red \"Deep Blue\"")
    #expect(SettingList.renaming("blue", to: "Blue", in: "Red Blue") == nil)
  }
}
