import Foundation
import Testing

@testable import IconCatalog

/// Issue 13: where each icon is declared (point 3), and the app targets `check` reads one by one
/// (point 4).
@Suite struct DeclarationTests {
  /// The 1-based line of the first line of `file` holding `text`, after line `after`.
  func line(of text: String, in file: URL, after: Int = 0) throws -> Int? {
    let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
    return lines.indices.first { $0 + 1 > after && lines[$0].contains(text) }.map { $0 + 1 }
  }

  @Test("the primary is at its line in the Release configuration of the target, the device one")
  func primaryInTheConfigurationRead() throws {
    let fixture = try Fixture.sunrise()
    let facts = try AppIconReader.facts(at: fixture.root, target: "Sunrise", configuration: nil)
    let project = fixture.url("Sunrise.xcodeproj/project.pbxproj")

    let primary = facts.declaration(ofIcon: "AppIcon", assetName: "AppIcon", isPrimary: true)

    #expect(primary.file == project)
    let release = try #require(try line(of: "5A1000000000000000000022 /* Release */", in: project))
    #expect(
      primary.line
        == (try line(
          of: "\"ASSETCATALOG_COMPILER_APPICON_NAME[sdk=iphoneos*][arch=*]\" = AppIcon;",
          in: project, after: release)))
    #expect(primary.line != nil)
  }

  @Test("Debug: the primary at Debug's line, an alternate at the line of its setting")
  func debugConfiguration() throws {
    let fixture = try Fixture.sunrise()
    let facts = try AppIconReader.facts(
      at: fixture.root, target: "Sunrise", configuration: "Debug")
    let project = fixture.url("Sunrise.xcodeproj/project.pbxproj")
    let debug = try #require(try line(of: "5A1000000000000000000021 /* Debug */", in: project))

    let primary = facts.declaration(ofIcon: "AppIcon", assetName: "AppIcon", isPrimary: true)
    #expect(primary.file == project)
    #expect(
      primary.line
        == (try line(of: "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;", in: project, after: debug))
    )

    let dawn = facts.declaration(
      ofIcon: "AppIcon-Dawn", assetName: "AppIcon-Dawn", isPrimary: false)
    #expect(dawn.file == project)
    #expect(
      dawn.line
        == (try line(
          of: "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \"$(inherited) AppIcon-Dawn\";",
          in: project, after: debug)))
  }

  @Test("a list written over several lines: the line of the name")
  func listOverSeveralLines() throws {
    let text = """
      		AB01 /* Debug */ = {
      			isa = XCBuildConfiguration;
      			buildSettings = {
      				ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Wrong;
      			};
      			name = Debug;
      		};
      		AB02 /* Release */ = {
      			isa = XCBuildConfiguration;
      			buildSettings = {
      				ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = (
      					"AppIcon-Night",
      					AppIcon,
      				);
      				ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;
      			};
      			name = Release;
      		};
      """
    let fixture = try Fixture()
    let file = try fixture.write("App.xcodeproj/project.pbxproj", text)
    let key = "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES"

    #expect(ProjectFacts.settingLine(key, value: "AppIcon", in: file, blocks: ["AB02"]) == 13)
    #expect(ProjectFacts.settingLine(key, value: "AppIcon-Night", in: file, blocks: ["AB02"]) == 12)
    #expect(ProjectFacts.settingLine(key, value: "Gone", in: file, blocks: ["AB02"]) == 11)
    #expect(ProjectFacts.settingLine(key, value: nil, in: file, blocks: ["AB01"]) == 4)
    // No configuration known: the first line holding the key.
    #expect(ProjectFacts.settingLine(key, value: "Elsewhere", in: file, blocks: []) == 4)
  }

  @Test("app targets: the ones that can change their icon, in the project's order")
  func appTargets() throws {
    let fixture = try Fixture()
    var sketch = TargetSelectionTests.lantern
    sketch.targets.append(.init(name: "Lantern TV", settings: ["SDKROOT": "appletvos"]))
    try sketch.write(to: fixture)

    #expect(
      try AppIconReader.appTargets(at: fixture.root, configuration: nil) == [
        "Lantern", "Lantern TV",
      ])
    #expect(
      try AppIconReader.appTargets(
        at: fixture.url("Lantern.xcodeproj"), configuration: nil) == ["Lantern", "Lantern TV"])
    // Not a project: nothing to choose among.
    try fixture.writePlist("Loose/Info.plist", ["CFBundleIdentifier": "x"])
    #expect(try AppIconReader.appTargets(at: fixture.url("Loose"), configuration: nil) == [])
    #expect(
      try AppIconReader.appTargets(at: fixture.url("Loose/Info.plist"), configuration: nil) == [])
  }
}
