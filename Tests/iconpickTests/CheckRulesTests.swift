import Foundation
import Testing

/// `iconpick check --rules [--json]`: the list of ids, through the built binary. That the list
/// matches the README's table is IconCheckTests' `DiagnosticIDTableTests`.
@Suite struct CheckRulesTests {
  func check(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    try runProcess(iconpickBinary().path, ["check"] + arguments, environment: ["LANG": "C.UTF-8"])
  }

  @Test func jsonListsEveryIdWithEveryField() throws {
    let result = try check(["--rules", "--json"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let list = try #require(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    let ids = list.compactMap { $0["id"] as? String }
    #expect(ids.count == list.count)
    #expect(Set(ids).count == ids.count)
    for id in ["alternate-without-image", "missing-include", "include-case", "built-differs"] {
      #expect(ids.contains(id), "\(id)")
    }
    for entry in list {
      // `thinned-build` is a note whenever it is found.
      #expect(["error", "warning", "note"].contains(entry["severity"] as? String), "\(entry)")
      #expect((entry["summary"] as? String)?.isEmpty == false, "\(entry)")
      #expect((entry["fix"] as? String)?.isEmpty == false, "\(entry)")
      #expect(entry["itms"] is [String], "\(entry)")
      #expect(entry["group"] is String || entry["group"] is NSNull, "\(entry)")
    }
    let store = try #require(list.first { $0["id"] as? String == "icon-name-not-set" })
    #expect(store["itms"] as? [String] == ["ITMS-90713"])
    #expect(store["subject"] as? String == "shipped app")
  }

  @Test func theTableHasAHeaderAndOneLineAnId() throws {
    let result = try check(["--rules"])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("ID ") == true)
    let json = try check(["--rules", "--json"])
    let count =
      (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [Any])?.count ?? -1
    // Header, one line an id, the count.
    #expect(lines.count == count + 2)
    let missingSize = try #require(lines.first { $0.hasPrefix("primary-missing-size ") })
    #expect(missingSize.contains(" error "))
    #expect(missingSize.contains("ITMS-90022,ITMS-90023"))
    #expect(lines.last?.hasPrefix("\(count) ids: ") == true)
  }

  @Test func rulesTakesNoAppAndNoOtherFormat() throws {
    for arguments in [
      ["--rules", "."], ["--rules", "--format", "sarif"], ["--rules", "--warnings-as-errors"],
      ["--rules=yes"],
    ] {
      let result = try check(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.stdout.isEmpty, "\(arguments)")
      #expect(result.stderr.contains("iconpick: "), "\(arguments)")
    }
    let elsewhere = try runProcess(
      iconpickBinary().path, ["list", "--rules"], environment: ["LANG": "C.UTF-8"])
    #expect(elsewhere.status == 2)
    #expect(elsewhere.stderr.contains("--rules is an option of 'iconpick check'"))
  }
}
