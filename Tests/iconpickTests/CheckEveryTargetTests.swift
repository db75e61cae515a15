import Foundation
import Testing

/// Issue 13, point 4: without `--target`, `check` checks every app target that can have alternate
/// icons, grouped by target with a count each; `--target` narrows it.
@Suite struct CheckEveryTargetTests {
  func check(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    try runProcess(iconpickBinary().path, ["check"] + arguments, environment: ["LANG": "C.UTF-8"])
  }

  /// `Two.xcodeproj`: app targets `Day` (clean) and `Night` (its base configuration includes a
  /// file that is not there, an error, and names an alternate that has no set, a warning), a
  /// widget extension that is not checked, and each app's own catalog with Palette's AppIcon (a
  /// real 1024×1024 PNG).
  static func project() throws -> Scratch {
    let scratch = try Scratch()
    let icon = paletteAppIconSetsFolder().appendingPathComponent(
      "Assets.xcassets/AppIcon.appiconset")
    for app in ["Day", "Night", "Widget"] {
      let catalog = scratch.file("\(app)/Assets.xcassets")
      try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
      try #"{ "info" : { "author" : "xcode", "version" : 1 } }"#.write(
        to: catalog.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
      try FileManager.default.copyItem(
        at: icon, to: catalog.appendingPathComponent("AppIcon.appiconset"))
    }
    try "#include \"Secrets.xcconfig\"\n".write(
      to: scratch.file("Night/Night.xcconfig"), atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      at: scratch.file("Two.xcodeproj"), withIntermediateDirectories: true)
    try projectText.write(
      to: scratch.file("Two.xcodeproj/project.pbxproj"), atomically: true, encoding: .utf8)
    return scratch
  }

  /// Xcode's layout, one object a line where Xcode writes several (the reader does not mind).
  static let projectText = """
    // !$*UTF8*$!
    {
    	archiveVersion = 1;
    	objectVersion = 56;
    	objects = {
    		A0000000000000000000C001 /* Day/Assets.xcassets */ = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = Day/Assets.xcassets; sourceTree = "<group>"; };
    		A0000000000000000000C002 /* Night/Assets.xcassets */ = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = Night/Assets.xcassets; sourceTree = "<group>"; };
    		A0000000000000000000C003 /* Widget/Assets.xcassets */ = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = Widget/Assets.xcassets; sourceTree = "<group>"; };
    		A0000000000000000000C004 /* Night.xcconfig */ = {isa = PBXFileReference; path = Night/Night.xcconfig; sourceTree = "<group>"; };
    		A0000000000000000000B001 = {isa = PBXBuildFile; fileRef = A0000000000000000000C001; };
    		A0000000000000000000B002 = {isa = PBXBuildFile; fileRef = A0000000000000000000C002; };
    		A0000000000000000000B003 = {isa = PBXBuildFile; fileRef = A0000000000000000000C003; };
    		A0000000000000000000R001 = {isa = PBXResourcesBuildPhase; buildActionMask = 2147483647; files = (A0000000000000000000B001); runOnlyForDeploymentPostprocessing = 0; };
    		A0000000000000000000R002 = {isa = PBXResourcesBuildPhase; buildActionMask = 2147483647; files = (A0000000000000000000B002); runOnlyForDeploymentPostprocessing = 0; };
    		A0000000000000000000R003 = {isa = PBXResourcesBuildPhase; buildActionMask = 2147483647; files = (A0000000000000000000B003); runOnlyForDeploymentPostprocessing = 0; };
    		A0000000000000000000D001 /* Release */ = {
    			isa = XCBuildConfiguration;
    			buildSettings = {
    				ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;
    				PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.Day;
    			};
    			name = Release;
    		};
    		A0000000000000000000D002 /* Release */ = {
    			isa = XCBuildConfiguration;
    			baseConfigurationReference = A0000000000000000000C004;
    			buildSettings = {
    				ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = "AppIcon-Moon";
    				ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;
    				PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.Night;
    			};
    			name = Release;
    		};
    		A0000000000000000000D003 /* Release */ = {
    			isa = XCBuildConfiguration;
    			buildSettings = {
    				PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.Day.Widget;
    			};
    			name = Release;
    		};
    		A0000000000000000000D004 /* Release */ = {
    			isa = XCBuildConfiguration;
    			buildSettings = {
    				SDKROOT = iphoneos;
    			};
    			name = Release;
    		};
    		A0000000000000000000L001 = {isa = XCConfigurationList; buildConfigurations = (A0000000000000000000D001); defaultConfigurationName = Release; };
    		A0000000000000000000L002 = {isa = XCConfigurationList; buildConfigurations = (A0000000000000000000D002); defaultConfigurationName = Release; };
    		A0000000000000000000L003 = {isa = XCConfigurationList; buildConfigurations = (A0000000000000000000D003); defaultConfigurationName = Release; };
    		A0000000000000000000L004 = {isa = XCConfigurationList; buildConfigurations = (A0000000000000000000D004); defaultConfigurationName = Release; };
    		A0000000000000000000T001 /* Day */ = {isa = PBXNativeTarget; buildConfigurationList = A0000000000000000000L001; buildPhases = (A0000000000000000000R001); name = Day; productName = Day; productType = "com.apple.product-type.application"; };
    		A0000000000000000000T002 /* Night */ = {isa = PBXNativeTarget; buildConfigurationList = A0000000000000000000L002; buildPhases = (A0000000000000000000R002); name = Night; productName = Night; productType = "com.apple.product-type.application"; };
    		A0000000000000000000T003 /* Widget */ = {isa = PBXNativeTarget; buildConfigurationList = A0000000000000000000L003; buildPhases = (A0000000000000000000R003); name = Widget; productName = Widget; productType = "com.apple.product-type.app-extension"; };
    		A0000000000000000000G001 = {isa = PBXGroup; children = (A0000000000000000000C001, A0000000000000000000C002, A0000000000000000000C003); sourceTree = "<group>"; };
    		A0000000000000000000P001 = {isa = PBXProject; buildConfigurationList = A0000000000000000000L004; mainGroup = A0000000000000000000G001; projectDirPath = ""; projectRoot = ""; targets = (A0000000000000000000T001, A0000000000000000000T002, A0000000000000000000T003); };
    	};
    	rootObject = A0000000000000000000P001;
    }

    """

  @Test func everyAppTargetIsCheckedEachWithItsCount() throws {
    let project = try Self.project()

    let result = try check([project.url.path])

    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    let day = try #require(lines.firstIndex { $0.contains("target Day") })
    let night = try #require(lines.firstIndex { $0.contains("target Night") })
    #expect(day < night)
    #expect(!result.stdout.contains("Widget"))
    // Day's group: no finding; Night's: the missing #include at its line, and the setting's name
    // that has no set at the setting's.
    #expect(lines[day..<night].contains { $0.contains("no problems found") })
    let error = try #require(lines.firstIndex { $0.hasSuffix("[missing-include]") })
    #expect(error > night)
    let config = project.file("Night/Night.xcconfig").standardizedFileURL.path
    #expect(lines[error].hasPrefix("\(config):1: error: "))
    let warning = try #require(lines.firstIndex { $0.hasSuffix("[setting-name-not-found]") })
    let pbxproj = project.file("Two.xcodeproj/project.pbxproj").standardizedFileURL.path
    let settingLine = try #require(
      Self.projectText.components(separatedBy: "\n").firstIndex {
        $0.contains("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \"AppIcon-Moon\";")
      })
    #expect(lines[warning].hasPrefix("\(pbxproj):\(settingLine + 1): warning: "))
    #expect(lines[night...].contains { $0.contains("1 error") && !$0.contains("total") })
    // Reported as an error, the missing #include is not a warning on stderr as well.
    #expect(!result.stderr.contains("Secrets.xcconfig"))
    #expect(lines.contains { $0.contains("total") && $0.contains("1 error") })
  }

  @Test func jsonNamesEachFindingsTarget() throws {
    let project = try Self.project()

    let result = try check([project.url.path, "--format", "json"])

    #expect(result.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.map { $0["target"] as? String } == ["Night", "Night"])
    #expect(
      Set(diagnostics.compactMap { $0["id"] as? String })
        == ["missing-include", "setting-name-not-found"])
    #expect(diagnostics.allSatisfy { $0["file"] is String && $0["line"] is Int })
    #expect(object["errors"] as? Int == 1)
  }

  @Test func targetNarrowsItToOne() throws {
    let project = try Self.project()

    let day = try check([project.url.path, "--target", "Day"])
    #expect(day.status == 0)
    #expect(day.stdout == "no problems found\n")

    let night = try check([project.url.path, "--target", "Night"])
    #expect(night.status == 1)
    #expect(!night.stdout.contains("target Day"))
    #expect(night.stdout.contains("[missing-include]"))
  }

  /// A target that cannot be read is said on stderr; the others are still checked, and check
  /// fails.
  @Test func aTargetThatCannotBeReadDoesNotStopTheOthers() throws {
    let project = try Self.project()
    let file = project.file("Two.xcodeproj/project.pbxproj")
    let text = Self.projectText.replacingOccurrences(
      of: "PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.Day;",
      with: "PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.Day; INFOPLIST_FILE = Day/Gone.plist;")
    try text.write(to: file, atomically: true, encoding: .utf8)

    let result = try check([project.url.path])

    #expect(result.status == 1)
    #expect(result.stderr.contains("target \"Day\""))
    #expect(result.stderr.contains("Gone.plist"))
    #expect(result.stdout.contains("[missing-include]"))
  }
}
