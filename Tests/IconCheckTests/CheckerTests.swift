import Foundation
import IconCatalog
import Testing

@testable import IconCheck

/// `Checker` is where every rule can be seen: each id belongs to one group.
@Suite struct CheckerTests {
  @Test func everyIdBelongsToExactlyOneGroup() {
    var owner: [DiagnosticID: String] = [:]
    for group in Checker.groups {
      for id in group.ids {
        #expect(owner[id] == nil, "\(id) is in \(owner[id] ?? "") and \(group.name)")
        owner[id] = group.name
      }
    }
    for id in DiagnosticID.allCases where !Checker.comparisonIDs.contains(id) {
      #expect(owner[id] != nil, "\(id) is in no group")
    }
    for id in Checker.comparisonIDs { #expect(owner[id] == nil, "\(id) is ungrouped and grouped") }
  }

  @Test func theShippedAppGroupsComeFirst() {
    let subjects = Checker.groups.map(\.subject)
    let firstSources = subjects.firstIndex(of: .sources) ?? subjects.count
    #expect(subjects[firstSources...].allSatisfy { $0 == .sources })
    #expect(subjects.contains(.shippedApp))
  }

  @Test func aGroupReportsOnlyItsOwnIds() throws {
    // Every fault the fixtures of FindingPlaceTests raise, each traced to the group that lists it.
    let apps = [
      try FindingPlaceTests.settingsAndInfoPlistFaults(), try FindingPlaceTests.imageFaults(),
      try FindingPlaceTests.casesAndOddNames(),
    ]
    for app in apps {
      let (icons, facts) = try AppIconReader.readWithFacts(
        at: app.root, target: nil, configuration: nil)
      for group in Checker.groups {
        let found = Checker.diagnose(icons, facts: facts, groups: [group])
        let stray = found.filter { !group.ids.contains($0.id) }
        #expect(stray.isEmpty, "\(group.name) reported \(stray.map(\.id))")
      }
    }
  }

  @Test func withoutFactsOnlyTheShippedAppRulesRun() throws {
    let app = try FindingPlaceTests.settingsAndInfoPlistFaults()
    let found = Checker.diagnose(try app.read())
    let sourceIDs = Set(Checker.groups.filter { $0.subject == .sources }.flatMap(\.ids))
    #expect(!found.isEmpty)
    #expect(found.allSatisfy { !sourceIDs.contains($0.id) })
  }
}

/// Names and keys with control characters (a binary Info.plist can hold them) are spelled out in
/// every message, as `check` prints one finding a line.
@Suite struct ControlCharacterMessageTests {
  @Test func iconDictionaryMessagesSpellOutControlCharacters() throws {
    let app = try FixtureApp()
    let plist: [String: Any] = [
      "CFBundleIdentifier": "dev.iconpick.Fixture",
      "CFBundleIcons": [
        "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"],
        "CFBundleAlternateIcons": [
          "Bl\tue": 5,
          "Red\n": ["CFBundleIconName": 7, "CFBundleIconFile\u{1}s": [] as [Any]],
        ],
      ],
      "CFBundleIcons~ipad": ["CFBundleAlternateIcons": ["x\u{7F}", 3]],
    ]
    let data = try PropertyListSerialization.data(
      fromPropertyList: plist, format: .binary, options: 0)
    try data.write(to: app.root.appendingPathComponent("Info.plist"))
    let (icons, facts) = try AppIconReader.readWithFacts(
      at: app.root, target: nil, configuration: nil)
    let found = Checker.diagnose(icons, facts: facts)

    #expect(found.contains { $0.id == .plistValueType && $0.message.contains("Bl\\tue") })
    #expect(
      found.contains { $0.id == .missingIPadDeclaration && $0.message.contains("\"Red\\n\"") })
    for diagnostic in found {
      for text in [diagnostic.message, diagnostic.fix] {
        #expect(
          !text.unicodeScalars.contains { MessageText.isControl($0) },
          "\(diagnostic.id): \(text.debugDescription)")
      }
    }
  }
}
