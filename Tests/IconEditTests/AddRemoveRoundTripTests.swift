import Foundation
import IconCatalog
import IconCheck
import SpecYAML
import TestSupport
import Testing

@testable import IconEdit

/// `add` then `remove` on a project of each form: after `add`, the project read again has the
/// icon on every device the app runs on, `check` finds nothing new, and every edited file still
/// parses; after `remove`, every file is as it was, byte for byte.
@Suite struct AddRemoveRoundTripTests {
  /// The forms, by what the project does today.
  static let forms: [(String, EditProject.Options)] = [
    (
      "a setting in the target's settings",
      EditProject.Options(
        targetSettings: [
          "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue;",
          "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;",
        ], sets: ["Blue"])
    ),
    (
      "no alternates yet",
      EditProject.Options(targetSettings: ["ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;"])
    ),
    (
      "a quoted list in the project's settings",
      EditProject.Options(
        projectSettings: ["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \"Blue Red\";"],
        sets: ["Blue", "Red"])
    ),
    (
      "a setting in the target's .xcconfig",
      EditProject.Options(
        baseConfiguration: (
          "Studio.xcconfig",
          "// Icons\nASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue // the blue one\n"
        ), sets: ["Blue"])
    ),
    (
      "no alternates yet, the catalog settings in an .xcconfig",
      EditProject.Options(
        baseConfiguration: (
          "Config/Studio.xcconfig",
          "// Asset catalog\nASSETCATALOG_COMPILER_APPICON_NAME = AppIcon\nASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME = AccentColor\n\nSWIFT_VERSION = 5.0\n"
        ))
    ),
    (
      "include-all",
      EditProject.Options(
        targetSettings: ["ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES;"],
        sets: ["Blue"])
    ),
    (
      "a synchronized folder",
      EditProject.Options(
        targetSettings: ["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue;"],
        synchronized: true, sets: ["Blue"])
    ),
    (
      "per-size sets",
      EditProject.Options(
        targetSettings: ["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue;"],
        sets: ["Blue"], perSize: true)
    ),
    (
      "Info.plist with loose PNGs, iPhone and iPad",
      EditProject.Options(
        infoPlist: EditProject.plist(iconsXML: legacyIcons),
        looseFiles: [
          "Blue@2x.png", "Blue@3x.png", "Blue~ipad.png", "Blue@2x~ipad.png",
        ])
    ),
    (
      // actool makes CFBundleIcons~ipad for the catalog's primary; add writes it with the
      // primary's entry, as --fix does, and remove takes what it made away again.
      "Info.plist with loose PNGs, no CFBundleIcons~ipad yet, iPhone and iPad",
      EditProject.Options(
        targetSettings: ["ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;"],
        infoPlist: EditProject.plist(
          iconsXML: String(
            legacyIcons[..<legacyIcons.range(of: "\t<key>CFBundleIcons~ipad</key>")!.lowerBound])),
        looseFiles: [
          "Blue@2x.png", "Blue@3x.png", "Blue~ipad.png", "Blue@2x~ipad.png",
        ])
    ),
    (
      // khcrysalis/Feather: the primary written as CFBundleIconFiles, the catalog's AppIcon
      // named by the setting, so actool makes CFBundleIcons~ipad all the same.
      "Info.plist with loose PNGs and a CFBundleIconFiles primary, no CFBundleIcons~ipad yet",
      EditProject.Options(
        targetSettings: ["ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;"],
        infoPlist: EditProject.plist(
          iconsXML: String(
            legacyIcons[..<legacyIcons.range(of: "\t<key>CFBundleIcons~ipad</key>")!.lowerBound]
          ).replacingOccurrences(
            of: "\t\t\t<key>CFBundleIconName</key>\n\t\t\t<string>AppIcon</string>",
            with:
              "\t\t\t<key>CFBundleIconFiles</key>\n\t\t\t<array>\n\t\t\t\t<string>AppIcon</string>\n\t\t\t</array>"
          )),
        looseFiles: [
          "Blue@2x.png", "Blue@3x.png", "Blue~ipad.png", "Blue@2x~ipad.png",
        ])
    ),
  ]

  static let legacyIcons = """
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
    				<key>UIPrerenderedIcon</key>
    				<false/>
    			</dict>
    		</dict>
    		<key>CFBundlePrimaryIcon</key>
    		<dict>
    			<key>CFBundleIconName</key>
    			<string>AppIcon</string>
    		</dict>
    	</dict>
    	<key>CFBundleIcons~ipad</key>
    	<dict>
    		<key>CFBundleAlternateIcons</key>
    		<dict>
    			<key>Blue</key>
    			<dict>
    				<key>CFBundleIconFiles</key>
    				<array>
    					<string>Blue</string>
    				</array>
    				<key>UIPrerenderedIcon</key>
    				<false/>
    			</dict>
    		</dict>
    		<key>CFBundlePrimaryIcon</key>
    		<dict>
    			<key>CFBundleIconName</key>
    			<string>AppIcon</string>
    		</dict>
    	</dict>

    """

  static var formNames: [String] { forms.map(\.0) }

  /// Each error and warning as its id and file: lines move, and messages that list the sets
  /// grow with a new one, so neither is compared.
  private func findings(_ context: EditContext) -> [String: Int] {
    var counts: [String: Int] = [:]
    for finding in Checker.diagnose(context.app, facts: context.facts)
    where finding.severity != .note {
      counts["\(finding.id.rawValue) \(finding.file ?? "")", default: 0] += 1
    }
    return counts
  }

  @Test(arguments: formNames)
  func addThenRemoveIsByteIdentical(_ form: String) throws {
    let options = try #require(Self.forms.first { $0.0 == form }?.1)
    let project = try EditProject(options)
    let image = project.scratch.file("Night.png")
    try EditProject.png(side: 1024, red: 10).write(to: image)
    let before = try project.snapshot()
    let context = try EditContext.read(at: project.root, target: nil)
    let findingsBefore = findings(context)

    let plan = try AddPlanner.plan(AddRequest(name: "Night", image: image), in: context)
    #expect(!plan.changes.isEmpty)
    try ChangeApplier.apply(plan.changes).commit()

    let added = try EditContext.read(at: project.root, target: nil)
    let icon = try #require(
      added.app.alternate(named: "Night"), "\(form): Night is not an alternate")
    #expect(
      icon.idioms.contains("iphone") && icon.idioms.contains("ipad"), "\(form): \(icon.idioms)")
    let grown = findings(added).filter { $0.value > findingsBefore[$0.key, default: 0] }
    #expect(grown.isEmpty, "\(form): \(grown)")
    // Every text file the plan changed still parses as what it is.
    for change in plan.changes.changes where !change.isDeletion && !change.isDirectory {
      let bytes = Data(change.updated ?? [])
      switch change.path.lastPathComponent {
      case "project.pbxproj", "Info.plist":
        #expect(throws: Never.self) {
          try PropertyListSerialization.propertyList(from: bytes, format: nil)
        }
      case "Contents.json":
        #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: bytes) }
      default: break
      }
    }

    if form.contains("no CFBundleIcons~ipad yet") {
      // One shape for CFBundleIcons~ipad, whoever writes it: with the primary's entry.
      let plist = try PropertyListSerialization.propertyList(
        from: Data(contentsOf: project.root.appendingPathComponent("Studio/Info.plist")),
        format: nil)
      let iPad = (plist as? [String: Any])?["CFBundleIcons~ipad"] as? [String: Any]
      #expect(iPad?["CFBundlePrimaryIcon"] != nil, "\(String(describing: iPad))")
      #expect((iPad?["CFBundleAlternateIcons"] as? [String: Any])?["Night"] != nil)
    }
    let removal = try RemovePlanner.plan(name: "Night", in: added)
    try ChangeApplier.apply(removal.changes).commit()
    let after = try project.snapshot()
    #expect(after.keys.sorted() == before.keys.sorted(), "\(form)")
    for (file, bytes) in before where after[file] != bytes {
      Issue.record("\(form): \(file) differs after add then remove")
    }
  }

  /// With no alternate yet, the setting goes beside the app's other asset catalog settings:
  /// in its .xcconfig, after the app icon's line, and not in the project file.
  @Test func theFirstAlternateGoesBesideTheCatalogSettingsInTheXcconfig() throws {
    let options = try #require(Self.forms.first { $0.0.contains("settings in an .xcconfig") }?.1)
    let project = try EditProject(options)
    let image = project.scratch.file("Night.png")
    try EditProject.png(side: 1024, red: 10).write(to: image)
    let context = try EditContext.read(at: project.root, target: nil)
    let plan = try AddPlanner.plan(AddRequest(name: "Night", image: image), in: context)
    let edited = plan.changes.changes.filter { !$0.isDirectory && $0.original != nil }
      .map(\.path.lastPathComponent)
    #expect(edited == ["Studio.xcconfig"], "\(edited)")
    let xcconfig = try #require(
      plan.changes.changes.first { $0.path.lastPathComponent == "Studio.xcconfig" }?.updated)
    #expect(
      String(decoding: xcconfig, as: UTF8.self)
        == "// Asset catalog\nASSETCATALOG_COMPILER_APPICON_NAME = AppIcon\nASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Night\nASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME = AccentColor\n\nSWIFT_VERSION = 5.0\n"
    )
  }

  @Test func theDryRunPlanIsTheRealRunsPlan() throws {
    let project = try EditProject(Self.forms[0].1)
    let image = project.scratch.file("Night.png")
    try EditProject.png(side: 1024, red: 10).write(to: image)
    let context = try EditContext.read(at: project.root, target: nil)
    let first = try AddPlanner.plan(AddRequest(name: "Night", image: image), in: context)
    let second = try AddPlanner.plan(AddRequest(name: "Night", image: image), in: context)
    #expect(first.changes == second.changes)
    let preview = first.preview()
    #expect(preview.contains("+++ b/Studio.xcodeproj/project.pbxproj"))
    #expect(preview.contains("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \"Blue Night\";"))
    #expect(preview.contains("new binary file: Studio/Assets.xcassets/Night.appiconset/"))
  }

  @Test func refusesATakenNameInAnyCase() throws {
    let project = try EditProject(Self.forms[0].1)
    let image = project.scratch.file("Night.png")
    try EditProject.png(side: 1024, red: 10).write(to: image)
    let context = try EditContext.read(at: project.root, target: nil)
    #expect(throws: EditError.nameTaken(name: "blue", existing: "Blue", app: context.app.appName)) {
      try AddPlanner.plan(AddRequest(name: "blue", image: image), in: context)
    }
  }

  @Test func refusesRemovingThePrimary() throws {
    let project = try EditProject(Self.forms[0].1)
    let context = try EditContext.read(at: project.root, target: nil)
    #expect(throws: EditError.primaryRemoval(name: "AppIcon")) {
      try RemovePlanner.plan(name: "AppIcon", in: context)
    }
  }
}

/// The forms that need more than a project of `EditProject`'s: an Icon Composer bundle, a set
/// that is there but not declared, and an XcodeGen spec without a generated project.
@Suite struct AddRemoveOtherFormsTests {
  /// A small Icon Composer bundle: one SVG layer.
  static func iconBundle(at folder: URL) throws {
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Assets"), withIntermediateDirectories: true)
    try Data(
      #"{"fill":{"solid":"srgb:0.20000,0.40000,0.80000,1.00000"},"groups":[{"layers":[{"image-name":"dot.svg","name":"dot"}]}],"supported-platforms":{"squares":"shared"}}"#
        .utf8
    ).write(to: folder.appendingPathComponent("icon.json"))
    try Data(
      #"<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><circle cx="512" cy="512" r="300" fill="white"/></svg>"#
        .utf8
    ).write(to: folder.appendingPathComponent("Assets/dot.svg"))
  }

  private func roundTrip(_ project: URL, snapshot: () throws -> [String: Data], add: AddRequest)
    throws -> EditPlan
  {
    let before = try snapshot()
    let context = try EditContext.read(at: project, target: nil)
    let plan = try AddPlanner.plan(add, in: context)
    try ChangeApplier.apply(plan.changes).commit()
    let added = try EditContext.read(at: project, target: nil)
    let icon = try #require(added.app.alternate(named: add.name))
    #expect(icon.idioms.contains("iphone"))
    let removal = try RemovePlanner.plan(name: add.name, in: added)
    try ChangeApplier.apply(removal.changes).commit()
    let after = try snapshot()
    #expect(after.keys.sorted() == before.keys.sorted())
    for (file, bytes) in before where after[file] != bytes {
      Issue.record("\(file) differs after add then remove")
    }
    return plan
  }

  @Test func anIconComposerBundleIsOneFolderReference() throws {
    let project = try EditProject(
      EditProject.Options(
        targetSettings: ["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue;"], sets: ["Blue"]))
    let bundle = project.scratch.file("Sunset.icon")
    try Self.iconBundle(at: bundle)
    let plan = try roundTrip(
      project.root, snapshot: project.snapshot, add: AddRequest(name: "Sunset", image: bundle))
    let pbxproj = try #require(
      plan.changes.changes.first { $0.path.lastPathComponent == "project.pbxproj" })
    let text = String(decoding: pbxproj.updated ?? [], as: UTF8.self)
    // One reference for the folder, none for the files inside it.
    #expect(text.contains("lastKnownFileType = folder.iconcomposer.icon; path = Sunset.icon;"))
    #expect(!text.contains("dot.svg"))
    #expect(text.contains("/* Sunset.icon in Resources */"))
    #expect(
      plan.changes.changes.contains { $0.path.path.hasSuffix("Studio/Sunset.icon/Assets/dot.svg") })
  }

  @Test func aSetThatIsThereIsDeclaredOnly() throws {
    let project = try EditProject(
      EditProject.Options(
        targetSettings: ["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue;"],
        sets: ["Blue", "Forgotten"]))
    let before = try project.snapshot()
    let context = try EditContext.read(at: project.root, target: nil)
    #expect(context.app.alternate(named: "Forgotten") == nil)
    let plan = try AddPlanner.plan(AddRequest(name: "Forgotten", image: nil), in: context)
    #expect(plan.changes.changes.map(\.path.lastPathComponent) == ["project.pbxproj"])
    try ChangeApplier.apply(plan.changes).commit()
    let added = try EditContext.read(at: project.root, target: nil)
    #expect(added.app.alternate(named: "Forgotten") != nil)
    // Its inverse keeps the set.
    let removal = try RemovePlanner.plan(name: "Forgotten", in: added, keepingFiles: true)
    try ChangeApplier.apply(removal.changes).commit()
    #expect(try project.snapshot() == before)
  }

  @Test func anXcodeGenSpecWithoutAProjectGetsTheSetting() throws {
    SpecYAML.install()
    let scratch = try ScratchFolder()
    try scratch.write(
      "project.yml",
      """
      name: Studio
      options:
        bundleIdPrefix: dev.example
      targets:
        Studio:
          type: application
          platform: iOS
          deploymentTarget: "17.0"
          sources: [Studio]
          settings:
            base:
              INFOPLIST_FILE: Studio/Info.plist
              TARGETED_DEVICE_FAMILY: "1,2"
              ASSETCATALOG_COMPILER_APPICON_NAME: AppIcon # the primary

      """)
    try scratch.write("Studio/Info.plist", EditProject.plist(iconsXML: ""))
    try scratch.write(
      "Studio/Assets.xcassets/AppIcon.appiconset/Contents.json",
      #"{"images":[{"filename":"AppIcon.png","idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#
    )
    try scratch.write(
      "Studio/Assets.xcassets/AppIcon.appiconset/AppIcon.png",
      data: try EditProject.png(side: 1024, red: 1))
    let image = scratch.file("Night.png")
    try scratch.write("Night.png", data: try EditProject.png(side: 1024, red: 9))
    let snapshot = { () throws -> [String: Data] in
      var files: [String: Data] = [:]
      let walker = FileManager.default.enumerator(atPath: scratch.url.path)
      while let relative = walker?.nextObject() as? String {
        files[relative] =
          FileManager.default.contents(atPath: scratch.file(relative).path) ?? Data()
      }
      return files
    }
    let plan = try roundTrip(
      scratch.url, snapshot: snapshot, add: AddRequest(name: "Night", image: image))
    let spec = try #require(
      plan.changes.changes.first { $0.path.lastPathComponent == "project.yml" })
    let text = String(decoding: spec.updated ?? [], as: UTF8.self)
    #expect(text.contains("        ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES: Night\n"))
    #expect(text.contains("ASSETCATALOG_COMPILER_APPICON_NAME: AppIcon # the primary"))
  }
}
