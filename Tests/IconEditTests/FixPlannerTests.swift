import Foundation
import IconCatalog
import IconCheck
import IconRender
import SpecYAML
import TestSupport
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
    for finding in Checker.diagnose(context.app, facts: context.facts)
    where finding.severity != .note {
      counts[finding.id.rawValue, default: 0] += 1
    }
    return counts
  }

  /// Plans `fix`, applies it and reads the project again; checks the finding `id` went, no other
  /// finding grew, the edited files parse, and a second plan is empty.
  @discardableResult
  static func fixes(
    _ id: DiagnosticID?, with fix: IconFix, at root: URL, background: String? = nil,
    allowing allowed: Set<DiagnosticID> = [], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (plan: EditPlan, after: EditContext) {
    let context = try EditContext.read(at: root, target: nil)
    let before = findings(context)
    if let id {
      #expect(
        before[id.rawValue, default: 0] > 0, "no \(id.rawValue) before: \(before)",
        sourceLocation: sourceLocation)
    }
    let plan = try FixPlanner.plan(fix, in: context, background: background)
    #expect(!plan.changes.isEmpty, sourceLocation: sourceLocation)
    #expect(!plan.form.isEmpty, sourceLocation: sourceLocation)
    try ChangeApplier.apply(plan.changes).commit()
    for change in plan.changes.changes where !change.isDeletion && !change.isDirectory {
      try expectParses(change, sourceLocation: sourceLocation)
    }
    let after = try EditContext.read(at: root, target: nil)
    let remaining = findings(after)
    if let id {
      #expect(
        remaining[id.rawValue] == nil, "\(id.rawValue) remains: \(remaining)",
        sourceLocation: sourceLocation)
    }
    let grown = remaining.filter {
      $0.value > before[$0.key, default: 0] && !allowed.map(\.rawValue).contains($0.key)
    }
    #expect(grown.isEmpty, "new findings: \(grown)", sourceLocation: sourceLocation)
    let again = try FixPlanner.plan(fix, in: after, background: background)
    #expect(
      again.changes.isEmpty, "a second fix changes \(again.summaryLines())",
      sourceLocation: sourceLocation)
    return (plan, after)
  }

  static func expectParses(_ change: FileChange, sourceLocation: SourceLocation) throws {
    let bytes = Data(change.updated ?? [])
    switch change.path.pathExtension {
    case "plist":
      #expect(throws: Never.self, sourceLocation: sourceLocation) {
        try PropertyListSerialization.propertyList(from: bytes, format: nil)
      }
      #expect(
        plistlibLoads(change.path), "plistlib cannot load \(change.path.path)",
        sourceLocation: sourceLocation)
    case "pbxproj":
      #expect(throws: Never.self, sourceLocation: sourceLocation) {
        try PropertyListSerialization.propertyList(from: bytes, format: nil)
      }
    case "json":
      #expect(throws: Never.self, sourceLocation: sourceLocation) {
        try JSONSerialization.jsonObject(with: bytes)
      }
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
    process.arguments = [
      "python3", "-c", "import plistlib,sys; plistlib.load(open(sys.argv[1],'rb'))", file.path,
    ]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  static func plist(_ file: URL) throws -> [String: Any] {
    let data = try Data(contentsOf: file)
    return try #require(
      try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
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
  static func handWrittenIcons(
    blueFiles: String = "<string>Blue</string>", extra: String = "", iPad: Bool
  )
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
      with: .removeIconFileExtension(
        plist: plistFile.path, keyPath: keyPath, index: 0, value: "Blue"),
      at: project.root)
    #expect(Self.value(try Self.plist(plistFile), keyPath) as? [String] == ["Blue"])
    #expect(!after.facts.iconFiles.flatMap(\.files).contains { $0.hasSuffix(".png") })
    #expect(
      Self.changedLines(plan) == [
        "-\t\t\t\t\t<string>Blue.png</string>", "+\t\t\t\t\t<string>Blue</string>",
      ])
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
      nil,
      with: .removeIconFileExtension(
        plist: plistFile.path, keyPath: keyPath, index: 1, value: "Blue"),
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
      Self.value(
        plist, ["CFBundleIcons~ipad", "CFBundleAlternateIcons", "Blue", "CFBundleIconFiles"])
        as? [String] == ["Blue", "Blue83.5x83.5"])
    #expect(
      Self.value(plist, ["CFBundleIcons~ipad", "CFBundlePrimaryIcon", "CFBundleIconName"])
        as? String
        == "AppIcon")
    #expect(
      Self.value(
        plist, ["CFBundleIcons~ipad", "CFBundleAlternateIcons", "Blue", "UIPrerenderedIcon"])
        as? Bool == false)
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
        infoPlist: EditProject.plist(
          iconsXML: Self.handWrittenIcons(iPad: false) + iPadPrimaryOnly),
        looseFiles: ["Blue@2x.png"]))
    let plistFile = project.scratch.file("Studio/Info.plist")
    let (plan, _) = try Self.fixes(
      .missingIPadDeclaration, with: .declareForIPad(plist: plistFile.path, name: "Blue"),
      at: project.root)
    #expect(plan.changes.changes.map(\.path.lastPathComponent) == ["Info.plist"])
    #expect(plan.notes.count == 1)
    #expect(
      plan.notes.first?.contains("152×152 ipad (76pt @2x) and 167×167 ipad (83.5pt @2x)") == true)
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
    #expect(
      Self.value(plist, ["CFBundleIcons", "CFBundlePrimaryIcon", "CFBundleIconName"]) as? String
        == "AppIcon")
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
      EditProject.Options(
        infoPlist: EditProject.plist(iconsXML: icons), looseFiles: ["Blue@2x.png"]))
    let plistFile = project.scratch.file("Studio/Info.plist")
    let context = try EditContext.read(at: project.root, target: nil)
    #expect(throws: EditError.self) {
      try FixPlanner.plan(
        .movePrimaryOutOfAlternates(plist: plistFile.path, dictionary: "CFBundleIcons"), in: context
      )
    }
  }

  // MARK: plist-value-type

  @Test func aStringNOBecomesFalse() throws {
    let icons = Self.handWrittenIcons(iPad: false).replacingOccurrences(
      of: "<false/>", with: "<string>NO</string>")
    let project = try EditProject(
      EditProject.Options(
        infoPlist: EditProject.plist(iconsXML: icons), looseFiles: ["Blue@2x.png"],
        deviceFamily: "1"))
    let plistFile = project.scratch.file("Studio/Info.plist")
    let keyPath = Self.alternatesPath + ["Blue", "UIPrerenderedIcon"]
    let (plan, _) = try Self.fixes(
      .plistValueType,
      with: .setPlistValue(plist: plistFile.path, keyPath: keyPath, value: .bool(false)),
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
        == Array(
          repeating: "+\t\t\t\tASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \"Red Blue\";",
          count: 2))
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
    #expect(
      SettingList.renaming("blue", to: "Blue", in: "Red \"blue\"  Green") == "Red \"Blue\"  Green")
    #expect(SettingList.renaming("blue", to: "Blue", in: "blue") == "Blue")
    #expect(SettingList.renaming("blue", to: "Deep Blue", in: "Red blue") == "Red \"Deep Blue\"")
    #expect(SettingList.renaming("blue", to: "Blue", in: "Red Blue") == nil)
  }

  // MARK: catalog-not-in-target

  static let blueSetContents =
    "{\n  \"images\" : [\n    {\n      \"filename\" : \"Blue.png\",\n      \"idiom\" : \"universal\",\n      \"platform\" : \"ios\",\n      \"size\" : \"1024x1024\"\n    }\n  ],\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"

  static func writeBlueSet(in catalog: String, of scratch: ScratchFolder) throws {
    try scratch.write(
      "\(catalog)/Contents.json",
      "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n")
    try scratch.write("\(catalog)/Blue.appiconset/Contents.json", blueSetContents)
    try scratch.write(
      "\(catalog)/Blue.appiconset/Blue.png", data: try EditProject.png(side: 1024, red: 40))
  }

  @Test func aCatalogTheProjectDoesNotListIsAddedToTheTarget() throws {
    let project = try EditProject(
      EditProject.Options(
        targetSettings: [
          "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue;",
          "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;",
        ]))
    try Self.writeBlueSet(in: "Studio/Extra.xcassets", of: project.scratch)
    let catalog = project.scratch.file("Studio/Extra.xcassets")
    let (_, after) = try Self.fixes(
      .catalogNotInTarget, with: .addCatalogToTarget(catalog: catalog.path), at: project.root)
    #expect(after.places.catalogs.map(\.lastPathComponent).contains("Extra.xcassets"))
    #expect(after.app.alternate(named: "Blue") != nil)
    let pbxproj = project.scratch.read("Studio.xcodeproj/project.pbxproj") ?? ""
    #expect(
      pbxproj.contains(
        "/* Extra.xcassets */ = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = Extra.xcassets; sourceTree = \"<group>\"; };"
      ))
    #expect(pbxproj.contains("/* Extra.xcassets in Resources */,"))
  }

  @Test func aCatalogTheProjectListsGetsOnlyABuildFile() throws {
    let project = try EditProject(
      EditProject.Options(
        targetSettings: [
          "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue;",
          "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;",
        ], sets: ["Blue"]))
    // Listed in the project, but out of the target's Copy Bundle Resources.
    let text = project.scratch.read("Studio.xcodeproj/project.pbxproj") ?? ""
    let phaseLine = "\t\t\t\t7B00000000000000000000B1 /* Assets.xcassets in Resources */,\n"
    #expect(text.contains(phaseLine))
    try project.scratch.write(
      "Studio.xcodeproj/project.pbxproj", text.replacingOccurrences(of: phaseLine, with: ""))
    let catalog = project.scratch.file("Studio/Assets.xcassets")
    let (plan, after) = try Self.fixes(
      .catalogNotInTarget, with: .addCatalogToTarget(catalog: catalog.path), at: project.root)
    #expect(after.places.catalogs.map(\.lastPathComponent) == ["Assets.xcassets"])
    let added = Self.changedLines(plan)
    #expect(
      added.count == 2
        && added.allSatisfy {
          $0.hasPrefix("+") && $0.contains("/* Assets.xcassets in Resources */")
        })
    #expect(!added.contains { $0.contains("PBXFileReference") })
  }

  @Test func anXcodeGenSpecGetsTheCatalogInItsSources() throws {
    SpecYAML.install()
    let scratch = try ScratchFolder()
    try scratch.write(
      "project.yml",
      """
      name: Studio
      targets:
        Studio:
          type: application
          platform: iOS
          deploymentTarget: "17.0"
          sources:
            - Studio
          settings:
            base:
              INFOPLIST_FILE: Studio/Info.plist
              TARGETED_DEVICE_FAMILY: "1"
              ASSETCATALOG_COMPILER_APPICON_NAME: AppIcon
              ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES: Blue

      """)
    try scratch.write("Studio/Info.plist", EditProject.plist(iconsXML: ""))
    try scratch.write(
      "Studio/Assets.xcassets/AppIcon.appiconset/Contents.json",
      Self.blueSetContents.replacingOccurrences(of: "Blue.png", with: "AppIcon.png"))
    try scratch.write(
      "Studio/Assets.xcassets/AppIcon.appiconset/AppIcon.png",
      data: try EditProject.png(side: 1024, red: 1))
    try Self.writeBlueSet(in: "Shared/Extra.xcassets", of: scratch)
    let (_, after) = try Self.fixes(
      .catalogNotInTarget,
      with: .addCatalogToTarget(catalog: scratch.file("Shared/Extra.xcassets").path),
      at: scratch.url)
    #expect(
      scratch.read("project.yml")?.contains(
        "    sources:\n      - Studio\n      - Shared/Extra.xcassets\n") == true)
    #expect(after.app.alternate(named: "Blue") != nil)
  }

  // MARK: alternate-missing-size

  /// A per-size "Blue" without its 83.5pt @2x iPad slot.
  static func setWithoutIPadPro() throws -> EditProject {
    let project = try EditProject(
      EditProject.Options(
        targetSettings: [
          "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue;",
          "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;",
        ], sets: ["Blue"], perSize: true))
    let contents = "Studio/Assets.xcassets/Blue.appiconset/Contents.json"
    let text = project.scratch.read(contents) ?? ""
    let entry =
      "    {\n      \"filename\" : \"Blue-167.png\",\n      \"idiom\" : \"ipad\",\n      \"scale\" : \"2x\",\n      \"size\" : \"83.5x83.5\"\n    },\n"
    #expect(text.contains(entry))
    try project.scratch.write(contents, text.replacingOccurrences(of: entry, with: ""))
    try FileManager.default.removeItem(
      at: project.scratch.file("Studio/Assets.xcassets/Blue.appiconset/Blue-167.png"))
    return project
  }

  static let iPadPro = IconFix.Size(idiom: "ipad", points: 83.5, scale: 2)

  @Test func aSetGetsItsMissingSizeFromItsLargestImage() throws {
    let project = try Self.setWithoutIPadPro()
    let set = project.scratch.file("Studio/Assets.xcassets/Blue.appiconset")
    let (plan, after) = try Self.fixes(
      .alternateMissingSize,
      with: .addMissingSizes(icon: "Blue", set: set.path, sizes: [Self.iPadPro]),
      at: project.root)
    #expect(Self.side(set.appendingPathComponent("Blue-167.png")) == 167)
    let blue = try #require(after.app.alternate(named: "Blue"))
    #expect(blue.renditions.contains { $0.idiom == "ipad" && $0.pixelSize == 167 })
    #expect(plan.form.contains("made from Blue-1024.png"))
    // Appended in Xcode's form: only lines added.
    let lines = Self.changedLines(plan)
    #expect(lines.count == 6 && lines.allSatisfy { $0.hasPrefix("+") })
    #expect(lines.contains("+      \"size\" : \"83.5x83.5\""))
  }

  @Test func aSizeLargerThanEveryImageIsNeverMade() throws {
    let project = try Self.setWithoutIPadPro()
    let set = project.scratch.file("Studio/Assets.xcassets/Blue.appiconset")
    let context = try EditContext.read(at: project.root, target: nil)
    let huge = IconFix.Size(idiom: "ipad", points: 1024, scale: 2)
    do {
      _ = try FixPlanner.plan(
        .addMissingSizes(icon: "Blue", set: set.path, sizes: [huge]), in: context)
      Issue.record("a 2048 px image was planned from a 1024 px one")
    } catch {
      guard case .unsupported(_, let reason) = error else { throw error }
      #expect(reason.contains("2048×2048 ipad (1024pt @2x)"))
    }
  }

  @Test func looseFilesGetTheirIPadSizes() throws {
    let project = try EditProject(
      EditProject.Options(
        targetSettings: ["ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;"],
        infoPlist: EditProject.plist(iconsXML: Self.handWrittenIcons(iPad: true)),
        looseFiles: ["Blue@2x.png", "Blue@3x.png"]))
    let sizes = [IconFix.Size(idiom: "ipad", points: 76, scale: 2), Self.iPadPro]
    try Self.fixes(
      .alternateMissingSize, with: .addMissingSizes(icon: "Blue", set: nil, sizes: sizes),
      at: project.root)
    #expect(Self.side(project.scratch.file("Studio/Icons/Blue@2x~ipad.png")) == 152)
    #expect(Self.side(project.scratch.file("Studio/Icons/Blue83.5x83.5@2x~ipad.png")) == 167)
    let plist = try Self.plist(project.scratch.file("Studio/Info.plist"))
    #expect(
      Self.value(
        plist, ["CFBundleIcons~ipad", "CFBundleAlternateIcons", "Blue", "CFBundleIconFiles"])
        as? [String] == ["Blue", "Blue83.5x83.5"])
    #expect(
      Self.value(plist, Self.alternatesPath + ["Blue", "CFBundleIconFiles"]) as? [String] == [
        "Blue"
      ])
    let pbxproj = project.scratch.read("Studio.xcodeproj/project.pbxproj") ?? ""
    #expect(pbxproj.contains("/* Blue@2x~ipad.png in Resources */,"))
  }

  // MARK: icon-name-not-set

  @Test func thePrimarysNameIsSetInEveryConfiguration() throws {
    let project = try EditProject()
    let (plan, after) = try Self.fixes(
      .iconNameNotSet, with: .setPrimaryIconName(name: "AppIcon"), at: project.root)
    #expect(after.facts.primarySetting == "AppIcon")
    #expect(
      Self.changedLines(plan)
        == Array(repeating: "+\t\t\t\tASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;", count: 2))
  }

  @Test func thePrimarysNameGoesInAnXcodeGenSpecsSettings() throws {
    SpecYAML.install()
    let scratch = try ScratchFolder()
    try scratch.write(
      "project.yml",
      """
      name: Studio
      targets:
        Studio:
          type: application
          platform: iOS
          deploymentTarget: "17.0"
          sources: [Studio]
          settings:
            base:
              INFOPLIST_FILE: Studio/Info.plist # the app's
              TARGETED_DEVICE_FAMILY: "1"

      """)
    try scratch.write("Studio/Info.plist", EditProject.plist(iconsXML: ""))
    try scratch.write(
      "Studio/Assets.xcassets/AppIcon.appiconset/Contents.json",
      Self.blueSetContents.replacingOccurrences(of: "Blue.png", with: "AppIcon.png"))
    try scratch.write(
      "Studio/Assets.xcassets/AppIcon.appiconset/AppIcon.png",
      data: try EditProject.png(side: 1024, red: 1))
    // XcodeGen's preset names AppIcon, so check finds nothing here: this shows where the
    // setting goes, and that it goes once.
    let (_, after) = try Self.fixes(
      nil, with: .setPrimaryIconName(name: "AppIcon"), at: scratch.url)
    #expect(after.facts.primarySetting == "AppIcon")
    #expect(
      scratch.read("project.yml")?.contains(
        "        INFOPLIST_FILE: Studio/Info.plist # the app's\n        TARGETED_DEVICE_FAMILY: \"1\"\n        ASSETCATALOG_COMPILER_APPICON_NAME: AppIcon\n"
      ) == true)
  }

  @Test func aSizeThatIsNoIconSizeIsRefused() throws {
    let project = try Self.setWithoutIPadPro()
    let set = project.scratch.file("Studio/Assets.xcassets/Blue.appiconset")
    let context = try EditContext.read(at: project.root, target: nil)
    for odd in [
      IconFix.Size(idiom: "ipad", points: .nan, scale: 2),
      IconFix.Size(idiom: "ipad", points: .infinity, scale: 2),
      IconFix.Size(idiom: "ipad", points: 76, scale: 0),
    ] {
      #expect(throws: EditError.self) {
        try FixPlanner.plan(
          .addMissingSizes(icon: "Blue", set: set.path, sizes: [odd]), in: context)
      }
      #expect(throws: EditError.self) {
        try FixPlanner.plan(.addMissingSizes(icon: "Blue", set: nil, sizes: [odd]), in: context)
      }
    }
  }

  // MARK: ignored-slot

  static func setWithIgnoredEntry(file: String) throws -> (EditProject, original: String) {
    let project = try EditProject(
      EditProject.Options(
        targetSettings: [
          "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue;",
          "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;",
        ], sets: ["Blue"], perSize: true))
    let contents = "Studio/Assets.xcassets/Blue.appiconset/Contents.json"
    let original = project.scratch.read(contents) ?? ""
    // An iPhone entry of the iPad's size, which actool ignores.
    let entry =
      ",\n    {\n      \"filename\" : \"\(file)\",\n      \"idiom\" : \"iphone\",\n      \"scale\" : \"2x\",\n      \"size\" : \"76x76\"\n    }\n  ],"
    try project.scratch.write(contents, original.replacingOccurrences(of: "\n  ],", with: entry))
    if file != "Blue-152.png" {
      try project.scratch.write(
        "Studio/Assets.xcassets/Blue.appiconset/\(file)",
        data: try EditProject.png(side: 152, red: 3))
    }
    return (project, original)
  }

  @Test func anIgnoredEntryIsRemoved() throws {
    let (project, original) = try Self.setWithIgnoredEntry(file: "Blue-152.png")
    let contents = project.scratch.file("Studio/Assets.xcassets/Blue.appiconset/Contents.json")
    let (plan, _) = try Self.fixes(
      .ignoredSlot, with: .removeContentsEntry(contents: contents.path, index: 6), at: project.root)
    #expect(
      project.scratch.read("Studio/Assets.xcassets/Blue.appiconset/Contents.json") == original)
    #expect(plan.notes.isEmpty)
  }

  @Test func anIgnoredEntrysOwnFileIsKeptAndSaidSo() throws {
    let (project, _) = try Self.setWithIgnoredEntry(file: "Spare.png")
    let contents = project.scratch.file("Studio/Assets.xcassets/Blue.appiconset/Contents.json")
    // The file no entry names now is check's unassigned-child: artwork is the user's to delete.
    let (plan, after) = try Self.fixes(
      .ignoredSlot, with: .removeContentsEntry(contents: contents.path, index: 6), at: project.root,
      allowing: [.unassignedChild])
    #expect(Self.findings(after)["unassigned-child"] == 1)
    #expect(
      FileManager.default.fileExists(
        atPath: project.scratch.file("Studio/Assets.xcassets/Blue.appiconset/Spare.png").path))
    #expect(plan.notes.count == 1 && plan.notes[0].contains("Spare.png is kept"))
  }

  // MARK: Unsafe: marketing-icon-alpha, wrong-pixel-size

  /// A 1024 px primary with a transparent 64 px square in its top-left corner.
  static func primaryWithAlpha() throws -> (EditProject, URL) {
    let project = try EditProject(
      EditProject.Options(targetSettings: ["ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;"]))
    let side = 1024
    var pixels = [UInt8](repeating: 255, count: side * side * 4)
    for y in 0..<side {
      for x in 0..<side {
        let offset = (y * side + x) * 4
        pixels[offset] = 20
        pixels[offset + 1] = UInt8(x % 200)
        pixels[offset + 2] = 90
        if x < 64 && y < 64 { pixels[offset + 3] = 0 }
      }
    }
    let image = try #require(RGBAImage(width: side, height: side, pixels: pixels))
    let file = try project.scratch.write(
      "Studio/Assets.xcassets/AppIcon.appiconset/AppIcon.png",
      data: Data(try PNGMemoryEncoder.encode(image)))
    return (project, file)
  }

  @Test func theMarketingIconIsFlattenedOntoItsEdgeColour() throws {
    let (project, file) = try Self.primaryWithAlpha()
    let before = try PNGDecoder.decode(file: file)
    let edge = try #require(ArtworkFixes.edgeColour(before))
    try Self.fixes(.marketingIconAlpha, with: .flattenAlpha(file: file.path), at: project.root)
    let bytes = [UInt8](try Data(contentsOf: file))
    #expect(!IconImageInput.pngHasAlphaChannel(bytes))
    let after = try PNGDecoder.decode(file: file)
    let corner = after.pixel(x: 0, y: 0)
    #expect((corner.r, corner.g, corner.b, corner.a) == (edge.r, edge.g, edge.b, 255))
    // Opaque pixels keep their colour.
    #expect(after.pixel(x: 500, y: 500) == before.pixel(x: 500, y: 500))
  }

  @Test func theMarketingIconIsFlattenedOntoAGivenBackground() throws {
    let (project, file) = try Self.primaryWithAlpha()
    try Self.fixes(
      .marketingIconAlpha, with: .flattenAlpha(file: file.path), at: project.root,
      background: "#FF0000")
    let corner = try PNGDecoder.decode(file: file).pixel(x: 10, y: 10)
    #expect((corner.r, corner.g, corner.b, corner.a) == (255, 0, 0, 255))
    let context = try EditContext.read(at: project.root, target: nil)
    #expect(throws: EditError.self) {
      try FixPlanner.plan(.flattenAlpha(file: file.path), in: context, background: "red")
    }
  }

  @Test func anImageOfTheWrongSizeIsResampledButNeverEnlarged() throws {
    let project = try EditProject(
      EditProject.Options(
        targetSettings: [
          "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue;",
          "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;",
        ], sets: ["Blue"], perSize: true))
    let file = try project.scratch.write(
      "Studio/Assets.xcassets/Blue.appiconset/Blue-120.png",
      data: try EditProject.png(side: 180, red: 7))
    try Self.fixes(.wrongPixelSize, with: .resample(file: file.path, pixels: 120), at: project.root)
    #expect(Self.side(file) == 120)
    let small = project.scratch.file("Studio/Assets.xcassets/Blue.appiconset/Blue-76.png")
    let context = try EditContext.read(at: project.root, target: nil)
    #expect(throws: EditError.self) {
      try FixPlanner.plan(.resample(file: small.path, pixels: 152), in: context)
    }
  }

  // MARK: set-not-shipped

  @Test func declaringASetIsOnlySuggested() throws {
    let project = try EditProject(EditProject.Options(sets: ["Forgotten"]))
    let context = try EditContext.read(at: project.root, target: nil)
    do {
      _ = try FixPlanner.plan(.declareSet(name: "Forgotten"), in: context)
      Issue.record("a suggestion was planned")
    } catch {
      guard case .unsupported(_, let reason) = error else { throw error }
      #expect(reason.contains("run `iconpick add Forgotten`"))
    }
  }
}
