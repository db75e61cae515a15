import Foundation
import IconCatalog
import Testing

@testable import IconCheck

/// A build-setting name that reaches its set only by ignoring case (issue 12, point 3).
@Suite struct SettingNameCaseTests {
  private func app(alternates: [String], sets: [String]) throws -> FixtureApp {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: alternates)
    try app.infoPlist(alternates: [:])
    for name in ["AppIcon"] + sets {
      try app.set(name, images: [.init(filename: "\(name).png", idiom: "universal", size: 1024)])
    }
    return app
  }

  @Test func aNameSpelledWithOtherCapitalsIsReportedAtTheSettingsLine() throws {
    let app = try app(
      alternates: ["AppIcon-Black", "AppIcon-blue"], sets: ["AppIcon-black", "AppIcon-blue"])
    let facts = try AppIconReader.facts(at: app.root, target: nil, configuration: nil)
    let found = try projectFindings(facts).filter { $0.id == .settingNameCase }
    #expect(found.count == 1)
    let diagnostic = try #require(found.first)
    #expect(diagnostic.severity == .warning)
    #expect(diagnostic.file == app.root.appendingPathComponent("Fixture.xcconfig").path)
    #expect(diagnostic.line == 3)
    #expect(diagnostic.message.contains("\"AppIcon-Black\""))
    #expect(diagnostic.message.contains("\"AppIcon-black\""))
    #expect(diagnostic.fix.contains("Spell it \"AppIcon-black\""))
    // The app has one icon per set, by the set's spelling.
    #expect(try app.read().alternates.map(\.name) == ["AppIcon-black", "AppIcon-blue"])
  }

  @Test func namesSpelledAsTheirSetsAreNotReported() throws {
    let app = try app(alternates: ["AppIcon-black"], sets: ["AppIcon-black"])
    let facts = try AppIconReader.facts(at: app.root, target: nil, configuration: nil)
    let found = try projectFindings(facts)
    #expect(!found.contains { $0.id == .settingNameCase })
  }
}
