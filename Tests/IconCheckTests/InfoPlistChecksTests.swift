import Foundation
import IconCatalog
import SpecYAML
import Testing

@testable import IconCheck

/// `icon-name-not-set`, `malformed-icons-dictionary`, `plist-name-not-in-catalog` and
/// `catalog-not-in-target`.
@Suite struct InfoPlistChecksTests {
  // MARK: icon-name-not-set

  /// The Solo project, its Info.plist holding `icons` as `CFBundleIcons`, and AppIcon in its catalog.
  static func solo(primary: String?, icons: [String: Any]) throws -> (StoreFixture, String) {
    let app = try StoreFixture()
    try app.write(
      "Solo.xcodeproj/project.pbxproj", Self.soloProject(primary: primary, infoPlist: true))
    let text = try app.infoPlist(["CFBundleIcons": icons])
    try FileManager.default.createDirectory(at: app.url("Solo"), withIntermediateDirectories: true)
    try FileManager.default.moveItem(at: app.url("Info.plist"), to: app.url("Solo/Info.plist"))
    try app.write("Solo/Assets.xcassets/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
    try app.write(
      "Solo/Assets.xcassets/AppIcon.appiconset/Contents.json",
      #"{"images":[{"filename":"AppIcon.png","idiom":"universal","platform":"ios","size":"1024x1024"}]}"#
    )
    try png(
      app.url("Solo/Assets.xcassets/AppIcon.appiconset/AppIcon.png"), width: 1024, height: 1024)
    return (app, text)
  }

  @Test func catalogIconsThatNothingNamesAreAnError() throws {
    let (app, text) = try Self.solo(
      primary: nil, icons: ["CFBundleAlternateIcons": [String: Any]()])
    let found = try app.diagnose(.iconNameNotSet)
    #expect(found.count == 1)
    #expect(found.first?.severity == .error)
    #expect(found.first?.file == app.path("Solo/Info.plist"))
    #expect(found.first?.line == lineOf("<key>CFBundleIcons</key>", in: text))
    #expect(found.first?.message.contains("ITMS-90713") == true)
    #expect(found.first?.fix.contains("\"AppIcon\"") == true)
  }

  /// With a generated Info.plist, at the target's build settings, where the setting goes.
  @Test func withAGeneratedInfoPlistAtTheTargetsBuildSettings() throws {
    let app = try StoreFixture()
    let project = Self.soloProject(primary: nil)
    try app.write("Solo.xcodeproj/project.pbxproj", project)
    try app.write("Solo/Assets.xcassets/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
    try app.write(
      "Solo/Assets.xcassets/AppIcon.appiconset/Contents.json",
      #"{"images":[{"filename":"AppIcon.png","idiom":"universal","platform":"ios","size":"1024x1024"}]}"#
    )
    try png(
      app.url("Solo/Assets.xcassets/AppIcon.appiconset/AppIcon.png"), width: 1024, height: 1024)
    let found = try app.diagnose(.iconNameNotSet)
    #expect(found.count == 1)
    #expect(found.first?.file == app.path("Solo.xcodeproj/project.pbxproj"))
    #expect(found.first?.line == lineOf("R2 /* Release */", in: project))
  }

  @Test func theSettingOrCFBundleIconNameNamesThePrimary() throws {
    let (app, _) = try Self.solo(primary: "AppIcon", icons: [:])
    #expect(try app.diagnose().filter { storeIDs.contains($0.id) } == [])

    let (named, _) = try Self.solo(
      primary: nil, icons: ["CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"]])
    #expect(try named.diagnose().filter { storeIDs.contains($0.id) } == [])
  }

  // MARK: malformed-icons-dictionary

  @Test func primaryInsideAlternatesMisspellingsAndWrongTypes() throws {
    let app = try StoreFixture()
    try app.config(family: "1")
    try app.set("AppIcon", [.single("AppIcon.png")])
    try app.set("Blue", [.single("Blue.png")])
    let text = try app.infoPlist([
      "CFBundleIcons": [
        "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"],
        "CFBundleAlternateIcons": [
          "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"],
          "Blue": ["CFBundleIconName": "Blue", "CFBundleIconsFiles": ["Blue"]],
          "Green": ["CFBundleIconName": 7],
        ],
      ],
      "CFBundleIcons~ipad": ["CFBundleAlternateIcon": ["Blue": ["CFBundleIconName": "Blue"]]],
    ])
    // A wrong type does not stop the reading: it is plist-value-type's, a warning.
    let found = try app.diagnose(.malformedIconsDictionary)
    #expect(found.allSatisfy { $0.severity == .error && $0.file == app.path("Info.plist") })
    let messages = found.map(\.message)
    #expect(found.count == 3)
    #expect(
      messages.contains {
        $0.hasPrefix("CFBundlePrimaryIcon is written inside CFBundleIcons → CFBundleAlternateIcons")
      })
    #expect(messages.contains { $0.contains("misspelling of CFBundleIconFiles") })
    #expect(messages.contains { $0.contains("misspelling of CFBundleAlternateIcons") })
    let wrongType = try app.diagnose(.plistValueType)
    #expect(wrongType.count == 1)
    #expect(wrongType.first?.severity == .warning)
    #expect(
      wrongType.first?.message.hasPrefix(
        "CFBundleIcons → CFBundleAlternateIcons → Green → CFBundleIconName is a number (\"7\"), expected a string"
      ) == true)
    #expect(wrongType.first?.line == lineOf("<integer>7</integer>", in: text))
    let misspelled = try #require(found.first { $0.message.contains("\"CFBundleAlternateIcon\"") })
    #expect(misspelled.line == lineOf("<key>CFBundleAlternateIcon</key>", in: text))
    #expect(misspelled.fix == "Spell the key CFBundleAlternateIcons.")
  }

  @Test func theTVOSFormInAnIOSAppAndTheReverse() throws {
    let app = try StoreFixture()
    try app.settings([
      "PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.Store", "TARGETED_DEVICE_FAMILY = 1,2",
    ])
    try app.set("AppIcon", [.single("AppIcon.png")])
    try app.infoPlist([
      "CFBundleIcons": ["CFBundlePrimaryIcon": "AppIcon", "CFBundleAlternateIcons": ["AppIcon"]]
    ])
    let iOS = try app.diagnose(.malformedIconsDictionary).map(\.message)
    #expect(iOS.count == 2)
    #expect(iOS.contains { $0.contains("CFBundlePrimaryIcon is a string, the tvOS form") })
    #expect(iOS.contains { $0.contains("CFBundleAlternateIcons is an array, the tvOS form") })

    try app.settings([
      "PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.Store", "SDKROOT = appletvos",
      "TARGETED_DEVICE_FAMILY = 3",
    ])
    try app.infoPlist([
      "CFBundleIcons": [
        "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"],
        "CFBundleAlternateIcons": ["Blue": ["CFBundleIconName": "AppIcon"]],
      ]
    ])
    let tvOS = try app.diagnose(.malformedIconsDictionary).map(\.message)
    #expect(tvOS.count == 2)
    #expect(tvOS.contains { $0.contains("CFBundlePrimaryIcon is a dictionary, the iOS form") })
    #expect(tvOS.contains { $0.contains("CFBundleAlternateIcons is a dictionary, the iOS form") })
  }

  /// The build writes the primary (and the alternates it compiles) over what Info.plist says, in
  /// the form the platform reads: a written value of the other form never reaches the app.
  @Test func aFormTheBuildReplacesIsNotReported() throws {
    let app = try StoreFixture()
    try app.config(alternates: ["Blue"], family: "1,2")
    try app.set("AppIcon", [.single("AppIcon.png")])
    try app.set("Blue", [.single("Blue.png")])
    try app.infoPlist([
      "CFBundleIcons": ["CFBundlePrimaryIcon": "AppIcon", "CFBundleAlternateIcons": ["Blue"]]
    ])
    #expect(try app.diagnose(.malformedIconsDictionary) == [])
  }

  @Test func wellFormedDictionariesAreClean() throws {
    let app = try StoreFixture()
    try app.config(family: "1,2")
    try app.set("AppIcon", [.single("AppIcon.png")])
    try app.set("Blue", [.single("Blue.png")])
    try app.infoPlist([
      "CFBundleIcons": [
        "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon", "UIPrerenderedIcon": false],
        "CFBundleAlternateIcons": ["Blue": ["CFBundleIconName": "Blue"]],
      ],
      "CFBundleIcons~ipad": [
        "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"],
        "CFBundleAlternateIcons": ["Blue": ["CFBundleIconName": "Blue"]],
      ],
      "UIPrerenderedIcon": true,
    ])
    #expect(try app.diagnose().filter { storeIDs.contains($0.id) } == [])
  }

  // MARK: plist-name-not-in-catalog

  @Test func aCFBundleIconNameNoSetProvides() throws {
    let app = try StoreFixture()
    try app.config(family: "1,2")
    try app.set("AppIcon", [.single("AppIcon.png")])
    try app.set("Blue", [.single("Blue.png")])
    let text = try app.infoPlist([
      "CFBundleIcons": ["CFBundleAlternateIcons": ["Blue": ["CFBundleIconName": "Blue"]]],
      "CFBundleIcons~ipad": ["CFBundleAlternateIcons": ["Blue": ["CFBundleIconName": "Bleu"]]],
    ])
    let found = try app.diagnose(.plistNameNotInCatalog)
    #expect(found.count == 1)
    #expect(found.first?.severity == .error)
    #expect(found.first?.line == lineOf("<string>Bleu</string>", in: text))
    #expect(
      found.first?.message.hasPrefix(
        "CFBundleIcons~ipad → CFBundleAlternateIcons → Blue → CFBundleIconName is \"Bleu\"") == true
    )
    #expect(found.first?.message.contains("ITMS-90895") == true)
  }

  /// A name the build settings compile replaces what Info.plist writes for it.
  @Test func namesTheBuildReplacesAreNotLookedUp() throws {
    let app = try StoreFixture()
    try app.config(alternates: ["Blue"])
    try app.set("AppIcon", [.single("AppIcon.png")])
    try app.set("Blue", [.single("Blue.png")])
    try app.infoPlist([
      "CFBundleIcons": [
        "CFBundlePrimaryIcon": ["CFBundleIconName": "OldIcon"],
        "CFBundleAlternateIcons": ["Blue": ["CFBundleIconName": "Old-Blue"]],
      ]
    ])
    #expect(try app.diagnose(.plistNameNotInCatalog) == [])
  }

  // MARK: catalog-not-in-target

  @Test func aNamedSetInACatalogTheTargetDoesNotBuild() throws {
    let app = try StoreFixture()
    try app.write("Solo.xcodeproj/project.pbxproj", Self.soloProject(primary: "AppIcon"))
    try app.write("Solo/Assets.xcassets/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
    try app.write("Other/Other.xcassets/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
    try app.write(
      "Other/Other.xcassets/AppIcon.appiconset/Contents.json",
      #"{"images":[{"filename":"AppIcon.png","idiom":"universal","platform":"ios","size":"1024x1024"}]}"#
    )
    try png(
      app.url("Other/Other.xcassets/AppIcon.appiconset/AppIcon.png"), width: 1024, height: 1024)
    let found = try app.diagnose(.catalogNotInTarget)
    #expect(found.count == 1)
    #expect(found.first?.severity == .error)
    #expect(found.first?.file == app.path("Solo.xcodeproj/project.pbxproj"))
    #expect(found.first?.line != nil)
    #expect(
      found.first?.message.hasPrefix(
        "ASSETCATALOG_COMPILER_APPICON_NAME names \"AppIcon\", which is in Other/Other.xcassets, an asset catalog target \"Solo\" does not build"
      ) == true)

    // The set in the target's own catalog: nothing to say.
    try FileManager.default.moveItem(
      at: app.url("Other/Other.xcassets/AppIcon.appiconset"),
      to: app.url("Solo/Assets.xcassets/AppIcon.appiconset"))
    #expect(try app.diagnose().filter { storeIDs.contains($0.id) } == [])
  }

  /// An XcodeGen spec builds the catalogs under its target's `sources`: the fix names the spec,
  /// not Xcode's Copy Bundle Resources, which the spec's user never edits.
  @Test func aSetOutsideAnXcodeGenTargetsSourcesIsFixedInTheSpec() throws {
    SpecYAML.install()
    let app = try StoreFixture()
    try app.write(
      "project.yml",
      """
      name: Solo
      targets:
        Solo:
          type: application
          platform: iOS
          sources: [Solo]
          settings:
            ASSETCATALOG_COMPILER_APPICON_NAME: AppIcon
      """)
    try app.write("Solo/Assets.xcassets/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
    try app.write("Other/Other.xcassets/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
    try app.write(
      "Other/Other.xcassets/AppIcon.appiconset/Contents.json",
      #"{"images":[{"filename":"AppIcon.png","idiom":"universal","platform":"ios","size":"1024x1024"}]}"#
    )
    try png(
      app.url("Other/Other.xcassets/AppIcon.appiconset/AppIcon.png"), width: 1024, height: 1024)
    let found = try app.diagnose(.catalogNotInTarget)
    #expect(found.count == 1)
    #expect(found.first?.fix.contains("sources in project.yml") == true)
    #expect(found.first?.fix.contains("Copy Bundle Resources") == false)
  }

  /// One app target whose sources are the synchronized folder `Solo`; `extra` are more lines of
  /// its build settings, as the project file writes them (`"KEY[sdk=iphoneos*]" = "A B";`).
  static func soloProject(primary: String?, infoPlist: Bool = false, extra: [String] = [])
    -> String
  {
    let settings =
      (primary.map { ["ASSETCATALOG_COMPILER_APPICON_NAME = \($0);"] } ?? [])
      + (infoPlist ? ["INFOPLIST_FILE = Solo/Info.plist;"] : ["GENERATE_INFOPLIST_FILE = YES;"])
      + extra
    return """
      // !$*UTF8*$!
      {
      	archiveVersion = 1;
      	classes = {
      	};
      	objectVersion = 77;
      	objects = {
      		7C00000000000000000000F1 /* Solo.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = Solo.app; sourceTree = BUILT_PRODUCTS_DIR; };
      		7C0000000000000000000901 /* Solo */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Solo; sourceTree = "<group>"; };
      		7C00000000000000000000A0 = {isa = PBXGroup; children = (7C0000000000000000000901 /* Solo */, 7C00000000000000000000A1 /* Products */, ); sourceTree = "<group>"; };
      		7C00000000000000000000A1 /* Products */ = {isa = PBXGroup; children = (7C00000000000000000000F1 /* Solo.app */, ); name = Products; sourceTree = "<group>"; };
      		7C00000000000000000000D1 /* Solo */ = {isa = PBXNativeTarget; buildConfigurationList = 7C00000000000000000000E2; buildPhases = (7C00000000000000000000C1 /* Resources */, ); buildRules = (); dependencies = (); fileSystemSynchronizedGroups = (7C0000000000000000000901 /* Solo */, ); name = Solo; productName = Solo; productReference = 7C00000000000000000000F1 /* Solo.app */; productType = "com.apple.product-type.application"; };
      		7C00000000000000000000C1 /* Resources */ = {isa = PBXResourcesBuildPhase; buildActionMask = 2147483647; files = (); runOnlyForDeploymentPostprocessing = 0; };
      		7C00000000000000000000B0 /* Project object */ = {isa = PBXProject; buildConfigurationList = 7C00000000000000000000E1; mainGroup = 7C00000000000000000000A0; productRefGroup = 7C00000000000000000000A1 /* Products */; projectDirPath = ""; projectRoot = ""; targets = (7C00000000000000000000D1 /* Solo */, ); };
      		7C00000000000000000000R1 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; }; name = Release; };
      		7C00000000000000000000R2 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {
      				\(settings.joined(separator: "\n\t\t\t\t"))
      				PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.Solo;
      				PRODUCT_NAME = "$(TARGET_NAME)";
      				TARGETED_DEVICE_FAMILY = 1;
      			}; name = Release; };
      		7C00000000000000000000E1 = {isa = XCConfigurationList; buildConfigurations = (7C00000000000000000000R1 /* Release */, ); defaultConfigurationName = Release; };
      		7C00000000000000000000E2 = {isa = XCConfigurationList; buildConfigurations = (7C00000000000000000000R2 /* Release */, ); defaultConfigurationName = Release; };
      	};
      	rootObject = 7C00000000000000000000B0 /* Project object */;
      }

      """
  }
}
