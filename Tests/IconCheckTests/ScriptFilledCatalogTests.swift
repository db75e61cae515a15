import Foundation
import IconCatalog
import Testing

@testable import IconCheck

/// LoopKit/Loop's pattern: the target builds a catalog kept empty in git, which a Run Script
/// phase before Copy Bundle Resources fills. What the icon's set would be cannot be read from
/// the sources: a note, not an error.
@Suite struct ScriptFilledCatalogTests {
  enum Order { case scriptFirst, resourcesFirst, noScript }

  /// Target Solo: its synchronized folder `Solo` holds `Derived.xcassets` (its Contents.json
  /// alone), its settings name `AppIcon`, and its phases come in `order`. The script is
  /// `script`.
  private func project(_ order: Order, script: String = "\\\"${SRCROOT}/build-assets.sh\\\"")
    -> String
  {
    let scriptPhase =
      "7C00000000000000000000S1 /* Fill Assets */ = {isa = PBXShellScriptBuildPhase; buildActionMask = 2147483647; files = (); inputPaths = (); name = \"Fill Assets\"; outputPaths = (); runOnlyForDeploymentPostprocessing = 0; shellPath = /bin/sh; shellScript = \"\(script)\\n\"; };"
    let phases: String
    switch order {
    case .scriptFirst: phases = "7C00000000000000000000S1, 7C00000000000000000000C1, "
    case .resourcesFirst: phases = "7C00000000000000000000C1, 7C00000000000000000000S1, "
    case .noScript: phases = "7C00000000000000000000C1, "
    }
    return """
      // !$*UTF8*$!
      {
      	archiveVersion = 1;
      	objectVersion = 77;
      	objects = {
      		7C0000000000000000000901 /* Solo */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Solo; sourceTree = "<group>"; };
      		7C00000000000000000000A0 = {isa = PBXGroup; children = (7C0000000000000000000901 /* Solo */, ); sourceTree = "<group>"; };
      		7C00000000000000000000D1 /* Solo */ = {isa = PBXNativeTarget; buildConfigurationList = 7C00000000000000000000E2; buildPhases = (\(phases)); fileSystemSynchronizedGroups = (7C0000000000000000000901 /* Solo */, ); name = Solo; productName = Solo; productType = "com.apple.product-type.application"; };
      		7C00000000000000000000C1 /* Resources */ = {isa = PBXResourcesBuildPhase; buildActionMask = 2147483647; files = (); runOnlyForDeploymentPostprocessing = 0; };
      		\(scriptPhase)
      		7C00000000000000000000B0 /* Project object */ = {isa = PBXProject; buildConfigurationList = 7C00000000000000000000E1; mainGroup = 7C00000000000000000000A0; projectDirPath = ""; projectRoot = ""; targets = (7C00000000000000000000D1 /* Solo */, ); };
      		7C00000000000000000000R1 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; }; name = Release; };
      		7C00000000000000000000R2 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {
      				ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;
      				GENERATE_INFOPLIST_FILE = YES;
      				PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.Solo;
      			}; name = Release; };
      		7C00000000000000000000E1 = {isa = XCConfigurationList; buildConfigurations = (7C00000000000000000000R1 /* Release */, ); defaultConfigurationName = Release; };
      		7C00000000000000000000E2 = {isa = XCConfigurationList; buildConfigurations = (7C00000000000000000000R2 /* Release */, ); defaultConfigurationName = Release; };
      	};
      	rootObject = 7C00000000000000000000B0 /* Project object */;
      }

      """
  }

  private static let catalogContents = #"{"info":{"author":"xcode","version":1}}"#

  /// The app, with `AppIcon` in `Other/Other.xcassets` (a catalog the target does not build)
  /// when `outside`.
  private func app(_ order: Order, outside: Bool, script: String? = nil) throws -> StoreFixture {
    let app = try StoreFixture()
    try app.write(
      "Solo.xcodeproj/project.pbxproj",
      script.map { project(order, script: $0) } ?? project(order))
    try app.write("Solo/Derived.xcassets/Contents.json", Self.catalogContents)
    if outside {
      try app.write("Other/Other.xcassets/Contents.json", Self.catalogContents)
      try app.write(
        "Other/Other.xcassets/AppIcon.appiconset/Contents.json",
        #"{"images":[{"filename":"AppIcon.png","idiom":"universal","platform":"ios","size":"1024x1024"}]}"#
      )
      try png(
        app.url("Other/Other.xcassets/AppIcon.appiconset/AppIcon.png"), width: 1024, height: 1024)
    }
    return app
  }

  @Test(
    "an empty catalog and a Run Script phase before the resources: catalog-not-in-target is a note")
  func catalogNotInTargetBecomesANote() throws {
    let found = try app(.scriptFirst, outside: true).diagnose()
    let finding = try #require(found.first { $0.id == .catalogNotInTarget })
    #expect(finding.severity == .note)
    #expect(finding.autofix == nil)
    #expect(
      finding.message.hasPrefix(
        "target \"Solo\" builds the asset catalog Solo/Derived.xcassets, which is empty in the checkout, and its Run Script phase \"Fill Assets\" runs before Copy Bundle Resources and may fill it at build time: the icon cannot be checked from the sources; as checked out: ASSETCATALOG_COMPILER_APPICON_NAME names \"AppIcon\""
      ))
    #expect(found.filter { $0.severity == .error } == [])
  }

  @Test("no set anywhere: primary-not-found is a note too; a script that names the catalog says so")
  func primaryNotFoundBecomesANote() throws {
    let found = try app(
      .scriptFirst, outside: false, script: "cp -R Base.xcassets/ Solo/Derived.xcassets/"
    ).diagnose()
    let finding = try #require(found.first { $0.id == .primaryNotFound })
    #expect(finding.severity == .note)
    #expect(
      finding.message.contains("Run Script phase \"Fill Assets\", which names it, runs before"))
    #expect(found.filter { $0.severity == .error } == [])
  }

  @Test(
    "a Run Script phase after the resources, or none: the error stands",
    arguments: [Order.resourcesFirst, .noScript])
  func otherwiseAnError(order: Order) throws {
    let found = try app(order, outside: true).diagnose()
    #expect(found.first { $0.id == .catalogNotInTarget }?.severity == .error)
    let alone = try app(order, outside: false).diagnose()
    #expect(alone.first { $0.id == .primaryNotFound }?.severity == .error)
  }

  @Test("a catalog that holds a set is not empty: the error stands")
  func aCatalogWithContentIsRead() throws {
    let app = try app(.scriptFirst, outside: true)
    try app.write("Solo/Derived.xcassets/Accent.colorset/Contents.json", Self.catalogContents)
    let found = try app.diagnose()
    #expect(found.first { $0.id == .catalogNotInTarget }?.severity == .error)
  }

  @Test("a name the code passes may be in the filled catalog: code-name-not-shipped is a note")
  func codeNameNotShippedBecomesANote() throws {
    let app = try app(.scriptFirst, outside: false)
    let facts = try AppIconReader.facts(at: app.root, target: nil, configuration: nil)
    let finding = Diagnostic(
      id: .codeNameNotShipped, file: app.path("Solo/Settings.swift"), line: 3,
      message: "setAlternateIconName(\"Blue\") names an alternate icon the app does not ship",
      fix: "Pass a name the app ships.")
    let softened = ScriptFilledCatalogs.soften([finding], facts: facts)
    #expect(softened.map(\.severity) == [.note])
    #expect(softened.first?.message.hasSuffix("; as checked out: \(finding.message)") == true)
  }

  @Test("reading reports the target's Run Script phases and its empty catalogs")
  func readingReportsTheFacts() throws {
    let app = try app(.scriptFirst, outside: true)
    let facts = try AppIconReader.facts(at: app.root, target: nil, configuration: nil)
    #expect(facts.emptyCatalogs.map(\.lastPathComponent) == ["Derived.xcassets"])
    #expect(facts.scriptPhases.map(\.name) == ["Fill Assets"])
    #expect(facts.scriptPhases.first?.runsBeforeResources == true)
    #expect(facts.scriptPhases.first?.line == 10)
  }
}
