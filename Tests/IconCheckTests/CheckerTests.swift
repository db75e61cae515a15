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
    for id in DiagnosticID.allCases where !Checker.ungroupedIDs.contains(id) {
      #expect(owner[id] != nil, "\(id) is in no group")
    }
    for id in Checker.ungroupedIDs { #expect(owner[id] == nil, "\(id) is ungrouped and grouped") }
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
