import Foundation
import IconCatalog
import Testing

@testable import IconCheck

/// Issue 36, parts 3 and 4: `set-not-shipped` is a warning unless something asks for the set;
/// `code-name-not-shipped` is a name the app's code passes that the app does not ship.
@Suite struct CodeNameChecksTests {
  /// An app folder shipping AppIcon, Blue and Red, with the sets `extraSets` in the catalog too,
  /// and `code` as `Sources/Settings.swift`.
  static func app(code: String?, alternates: [String] = ["Blue", "Red"], extraSets: [String] = [])
    throws -> StoreFixture
  {
    let app = try StoreFixture()
    try app.config(alternates: alternates)
    try app.infoPlist([:])
    for name in ["AppIcon"] + alternates + extraSets {
      try app.set(name, [.single("\(name).png")])
    }
    if let code { try app.write("Sources/Settings.swift", code) }
    return app
  }

  static let call = """
    import UIKit

    func choose() { UIApplication.shared.setAlternateIconName("%@") }
    """

  static func calling(_ name: String) -> String {
    call.replacingOccurrences(of: "%@", with: name)
  }

  @Test func aLiteralTheAppDoesNotShipIsAnErrorAtTheCall() throws {
    let app = try Self.app(code: Self.calling("Green"))
    let found = try app.diagnose(.codeNameNotShipped)
    #expect(found.count == 1)
    let finding = try #require(found.first)
    #expect(finding.severity == .error)
    #expect(finding.file == app.path("Sources/Settings.swift"))
    #expect(finding.line == 3)
    #expect(finding.message.hasPrefix("setAlternateIconName(\"Green\") names an alternate icon"))
    #expect(finding.message.contains("\"The file doesn't exist\""))
    #expect(finding.message.hasSuffix("the app ships: Blue, Red"))
    #expect(finding.fix.contains("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES"))
  }

  @Test func aShippedLiteralIsNothing() throws {
    let app = try Self.app(code: Self.calling("Blue"))
    #expect(try app.diagnose() == [])
  }

  /// The built app's `CFBundleAlternateIcons` keys are a dictionary's: case counts.
  @Test func aNameDifferingOnlyInCaseSaysSo() throws {
    let app = try Self.app(code: Self.calling("blue"))
    let finding = try #require(try app.diagnose(.codeNameNotShipped).first)
    #expect(finding.message.contains("(it ships \"Blue\": names are matched with their case)"))
    #expect(finding.fix == "Spell it \"Blue\", as the app ships it.")
  }

  /// The code names a set the build leaves out: `set-not-shipped`, an error naming the call (not a
  /// second finding at the code).
  @Test func aSetTheCodeNamesAndTheBuildLeavesOutIsAnError() throws {
    let app = try Self.app(code: Self.calling("Green"), extraSets: ["Green"])
    let found = try app.diagnose()
    #expect(found.map(\.id) == [.setNotShipped])
    let finding = try #require(found.first)
    #expect(finding.severity == .error)
    #expect(finding.file == app.path("Assets.xcassets/Green.appiconset/Contents.json"))
    #expect(
      finding.message.contains(
        "the app's code asks for it: setAlternateIconName(\"Green\") at Sources/Settings.swift:3"))
    #expect(!finding.fix.contains("delete the set"))
  }

  /// JSON and SARIF give each finding its own severity: the raised one is an error there, while
  /// SARIF's rule keeps the id's usual level.
  @Test func theFormatsGiveTheRaisedSeverity() throws {
    let app = try Self.app(code: Self.calling("Green"), extraSets: ["Green"])
    let found = try app.diagnose()
    let json = try CheckReport.render([(target: nil, diagnostics: found)], format: .json)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.map { $0["severity"] as? String } == ["error"])
    #expect(report["errors"] as? Int == 1)
    let sarif = try CheckReport.render([(target: nil, diagnostics: found)], format: .sarif)
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.map { $0["level"] as? String } == ["error"])
    let rules = try #require(
      ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
    let rule = try #require(rules.first { $0["id"] as? String == "set-not-shipped" })
    #expect((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String == "warning")
  }

  /// A set nobody asks for: old complete sets kept after a move to a `.icon` build and work.
  @Test func aSetNothingAsksForIsAWarning() throws {
    let app = try Self.app(code: Self.calling("Blue"), extraSets: ["Green"])
    let found = try app.diagnose()
    #expect(found.map(\.id) == [.setNotShipped])
    #expect(found.first?.severity == .warning)
    #expect(found.first?.fix.contains("or delete the set if it is unused") == true)
    #expect(DiagnosticID.setNotShipped.severity == .warning)
  }

  /// An app that ships no alternate at all still fails the call ("The file doesn't exist"), so
  /// the call is reported as where the app ships others.
  @Test func anAppWithoutAlternatesStillHasTheCallReported() throws {
    let app = try Self.app(code: Self.calling("Blue"), alternates: [])
    let found = try app.diagnose()
    #expect(found.map(\.id) == [.codeNameNotShipped])
    #expect(found.first?.severity == .error)
    #expect(found.first?.message.contains("the app ships no alternate icon") == true, "\(found)")
  }

  @Test func aCallForAnotherPlatformIsNotThisApps() throws {
    let code = """
      #if os(tvOS)
      let a = UIApplication.shared.setAlternateIconName("TopShelf")
      #endif
      """
    let app = try Self.app(code: code)
    #expect(try app.diagnose() == [])
  }

  /// An enum's raw value: at the case's line, naming the call; the case whose raw value is the
  /// primary's name is the default, sent as `nil`, not a finding.
  @Test func anEnumsRawValue() throws {
    let app = try Self.app(code: nil)
    try app.write(
      "Sources/AppIcon.swift",
      """
      enum AppIcon: String {
        case primary = "AppIcon"
        case blue = "Blue"
        case gone = "Gone"
      }
      """)
    try app.write(
      "Sources/Picker.swift",
      """
      func pick() {
        UIApplication.shared.setAlternateIconName(AppIcon.primary.rawValue)
        UIApplication.shared.setAlternateIconName(AppIcon.blue.rawValue)
        UIApplication.shared.setAlternateIconName(AppIcon.gone.rawValue)
      }
      """)
    let found = try app.diagnose(.codeNameNotShipped)
    #expect(found.count == 1)
    let finding = try #require(found.first)
    #expect(finding.file == app.path("Sources/AppIcon.swift"))
    #expect(finding.line == 4)
    #expect(
      finding.message.hasPrefix(
        "\"Gone\", the raw value of AppIcon.gone that setAlternateIconName(…) gets at Sources/Picker.swift:4, names an alternate icon the app does not ship"
      ))
    #expect(finding.fix.hasPrefix("Change it to a name the app ships"))
  }

  // MARK: Another configuration

  /// Debug lists Green, Release (the configuration read) does not: the icon works in Debug and is
  /// missing from Release, an error.
  @Test func aSetAnotherConfigurationListsIsAnError() throws {
    let app = try StoreFixture()
    try app.write(
      "Solo.xcodeproj/project.pbxproj",
      Self.twoConfigurations(debug: "Blue Green", release: "Blue"))
    try app.write(
      "Solo/Assets.xcassets/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
    for name in ["AppIcon", "Blue", "Green"] {
      try app.write(
        "Solo/Assets.xcassets/\(name).appiconset/Contents.json",
        #"{"images":[{"filename":"a.png","idiom":"universal","platform":"ios","size":"1024x1024"}]}"#
      )
      try png(
        app.url("Solo/Assets.xcassets/\(name).appiconset/a.png"), width: 1024, height: 1024)
    }
    let found = try app.diagnose(.setNotShipped)
    #expect(found.count == 1)
    let finding = try #require(found.first)
    #expect(finding.severity == .error)
    #expect(
      finding.message.contains(
        "Debug's ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES lists it: the icon is in Debug builds and missing from Release builds"
      ))
  }

  /// One app target synchronized with the folder `Solo`, with a Debug and a Release
  /// configuration listing these alternates.
  static func twoConfigurations(debug: String, release: String) -> String {
    func configuration(_ id: String, _ name: String, _ alternates: String) -> String {
      """
      \(id) /* \(name) */ = {isa = XCBuildConfiguration; buildSettings = {
      				ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;
      				ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = "\(alternates)";
      				GENERATE_INFOPLIST_FILE = YES;
      				PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.Solo;
      				PRODUCT_NAME = "$(TARGET_NAME)";
      				SDKROOT = iphoneos;
      				TARGETED_DEVICE_FAMILY = 1;
      			}; name = \(name); };
      """
    }
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
      		7C00000000000000000000P1 /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; }; name = Debug; };
      		7C00000000000000000000P2 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; }; name = Release; };
      		\(configuration("7C00000000000000000000T1", "Debug", debug))
      		\(configuration("7C00000000000000000000T2", "Release", release))
      		7C00000000000000000000E1 = {isa = XCConfigurationList; buildConfigurations = (7C00000000000000000000P1 /* Debug */, 7C00000000000000000000P2 /* Release */, ); defaultConfigurationName = Release; };
      		7C00000000000000000000E2 = {isa = XCConfigurationList; buildConfigurations = (7C00000000000000000000T1 /* Debug */, 7C00000000000000000000T2 /* Release */, ); defaultConfigurationName = Release; };
      	};
      	rootObject = 7C00000000000000000000B0 /* Project object */;
      }

      """
  }
}
