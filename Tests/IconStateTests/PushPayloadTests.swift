import Foundation
import IconCatalog
import Testing

@testable import IconState

@Suite("Push payloads")
struct PushPayloadTests {
  let app = palette()

  func evaluate(_ json: String, active: String? = nil, source: String = "push.json") -> PushOutcome
  {
    PushPayload.evaluate(Array(json.utf8), source: source, app: app, activeName: active)
  }

  func expectFailed(
    _ outcome: PushOutcome, mentioning facts: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(outcome.result == .failed, sourceLocation: sourceLocation)
    #expect(outcome.change == nil, sourceLocation: sourceLocation)
    let reason = outcome.reason ?? ""
    for fact in facts {
      #expect(reason.contains(fact), "\(reason) lacks \(fact)", sourceLocation: sourceLocation)
    }
    #expect(!reason.contains("\n"), sourceLocation: sourceLocation)
  }

  // MARK: Outcomes

  @Test func noIconNameIsNoData() {
    #expect(evaluate(#"{"aps":{"alert":"hi"}}"#) == PushOutcome(result: .noData, change: nil))
    #expect(evaluate("{}", active: "AppIcon-Blue") == PushOutcome(result: .noData, change: nil))
  }

  @Test func nullResetsToThePrimary() {
    let outcome = evaluate(#"{"icon_name":null}"#, active: "AppIcon-Blue")
    #expect(outcome == PushOutcome(result: .newData, change: .some(nil)))
    #expect(outcome.change != nil)
  }

  @Test func thePrimarysNameResets() {
    #expect(
      evaluate(#"{"icon_name":"AppIcon"}"#, active: "AppIcon-Green")
        == PushOutcome(result: .newData, change: .some(nil)))
  }

  @Test func resetWhenAlreadyPrimaryIsNoData() {
    #expect(evaluate(#"{"icon_name":null}"#) == PushOutcome(result: .noData, change: nil))
    #expect(evaluate(#"{"icon_name":"AppIcon"}"#) == PushOutcome(result: .noData, change: nil))
  }

  @Test func aDeclaredAlternateChanges() {
    #expect(
      evaluate(#"{"icon_name":"AppIcon-Blue"}"#)
        == PushOutcome(result: .newData, change: .some("AppIcon-Blue")))
    #expect(
      evaluate(#"{"icon_name":"AppIcon-Red"}"#, active: "AppIcon-Blue")
        == PushOutcome(result: .newData, change: .some("AppIcon-Red")))
  }

  @Test func theActiveAlternateIsNoData() {
    #expect(
      evaluate(#"{"icon_name":"AppIcon-Blue"}"#, active: "AppIcon-Blue")
        == PushOutcome(result: .noData, change: nil))
  }

  @Test func namesMatchExactly() {
    expectFailed(
      evaluate(#"{"icon_name":"appicon-blue"}"#),
      mentioning: [#"unknown icon "appicon-blue" in Palette"#, #"did you mean "AppIcon-Blue"?"#])
    expectFailed(evaluate(#"{"icon_name":"AppIcon-Blue "}"#), mentioning: ["AppIcon-Blue"])
  }

  @Test func apsNestedIconName() {
    #expect(
      evaluate(#"{"aps":{"content-available":1,"icon_name":"AppIcon-Green"}}"#)
        == PushOutcome(result: .newData, change: .some("AppIcon-Green")))
    #expect(
      evaluate(#"{"aps":{"icon_name":null}}"#, active: "AppIcon-Green")
        == PushOutcome(result: .newData, change: .some(nil)))
    // `aps` that is not an object carries no name.
    #expect(evaluate(#"{"aps":"AppIcon-Green"}"#) == PushOutcome(result: .noData))
  }

  @Test func topLevelIconNameWinsOverAps() {
    #expect(
      evaluate(#"{"icon_name":"AppIcon-Red","aps":{"icon_name":"AppIcon-Green"}}"#)
        == PushOutcome(result: .newData, change: .some("AppIcon-Red")))
    // Even a top-level null wins.
    #expect(
      evaluate(#"{"icon_name":null,"aps":{"icon_name":"AppIcon-Green"}}"#, active: "AppIcon-Red")
        == PushOutcome(result: .newData, change: .some(nil)))
  }

  // MARK: Failures

  @Test func unknownNameSuggestsCloseNames() {
    let outcome = evaluate(#"{"icon_name":"apppicon-blue"}"#, source: "payload.apns")
    expectFailed(
      outcome,
      mentioning: [#"unknown icon "apppicon-blue" in Palette; did you mean "AppIcon-Blue"?"#])
    #expect(outcome.reason?.hasPrefix("payload.apns: ") == true)
    expectFailed(evaluate(#"{"icon_name":"AppIcon-Gr"}"#), mentioning: [#""AppIcon-Green""#])
  }

  @Test func unknownNameWithNothingCloseListsTheIcons() {
    let outcome = evaluate(#"{"icon_name":"Sunset"}"#)
    expectFailed(
      outcome,
      mentioning: [#""Sunset""#, #""AppIcon", "AppIcon-Blue", "AppIcon-Green", "AppIcon-Red""#])
    #expect(outcome.reason?.contains("did you mean") == false)
  }

  @Test(
    "A wrong type fails and names the type",
    arguments: [
      (#"{"icon_name":1}"#, "a number"),
      (#"{"icon_name":2.5}"#, "a number"),
      (#"{"icon_name":true}"#, "a boolean"),
      (#"{"icon_name":["AppIcon-Blue"]}"#, "an array"),
      (#"{"icon_name":{"name":"AppIcon-Blue"}}"#, "an object"),
      (#"{"aps":{"icon_name":false}}"#, "a boolean"),
    ])
  func wrongType(json: String, type: String) {
    expectFailed(evaluate(json), mentioning: ["icon_name", type])
  }

  @Test func emptyNameFails() {
    expectFailed(evaluate(#"{"icon_name":""}"#, active: "AppIcon-Blue"), mentioning: ["empty"])
  }

  @Test(
    "Path separators fail", arguments: [#"../AppIcon-Blue"#, #"AppIcon\\Blue"#, "/etc/passwd"])
  func pathSeparator(name: String) {
    expectFailed(evaluate(#"{"icon_name":"\#(name)"}"#), mentioning: ["path separator"])
  }

  @Test func escapeSequencesFailWithoutTheRawByte() {
    let outcome = evaluate(#"{"icon_name":"\u001B[31mAppIcon-Blue"}"#)
    expectFailed(outcome, mentioning: ["control character", #"\u{1B}[31mAppIcon-Blue"#])
    #expect(outcome.reason?.unicodeScalars.contains("\u{1B}") == false)
  }

  @Test(
    "Control characters fail, C0, DEL and C1",
    arguments: [0x00, 0x0A, 0x1F, 0x7F, 0x80, 0x9B, 0x9F] as [UInt32])
  func controlCharacter(value: UInt32) throws {
    let scalar = try #require(Unicode.Scalar(value))
    let escape = String(format: "\\u%04X", value)
    let outcome = evaluate(#"{"icon_name":"AppIcon\#(escape)"}"#)
    expectFailed(outcome, mentioning: ["control character"])
    #expect(outcome.reason?.unicodeScalars.contains(scalar) == false)
  }

  @Test func theSourceIsEscapedToo() {
    let outcome = evaluate("[]", source: "evil\u{1B}]0;x\u{07}.json")
    #expect(outcome.result == .failed)
    #expect(outcome.reason?.unicodeScalars.contains { PushPayload.isControl($0) } == false)
    #expect(outcome.reason?.contains(#"evil\u{1B}]0;x\u{7}.json"#) == true)
  }

  @Test(
    "Anything but a JSON object fails",
    arguments: ["[]", #""AppIcon-Blue""#, "null", "42", "", "{", #"{"icon_name":"AppIcon-Blue""#])
  func notAnObject(json: String) {
    let outcome = evaluate(json, source: "stdin")
    expectFailed(outcome, mentioning: ["stdin: "])
    #expect(outcome.reason?.contains("JSON") == true)
  }

  @Test func invalidUTF8Fails() {
    let data: [UInt8] = Array(#"{"icon_name":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)
    expectFailed(
      PushPayload.evaluate(data, source: "stdin", app: app, activeName: nil), mentioning: ["UTF-8"])
    // UTF-16 with a byte order mark, which JSONSerialization alone would read.
    let utf16: [UInt8] = [0xFF, 0xFE] + #"{"icon_name":"AppIcon-Blue"}"#.utf8.flatMap { [$0, 0] }
    expectFailed(
      PushPayload.evaluate(utf16, source: "stdin", app: app, activeName: nil), mentioning: ["UTF-8"]
    )
  }

  // MARK: Size

  func padded(to size: Int) -> [UInt8] {
    let head = #"{"icon_name":"AppIcon-Blue","pad":""#
    let tail = #""}"#
    let bytes =
      Array(head.utf8)
      + [UInt8](repeating: UInt8(ascii: "x"), count: size - head.utf8.count - tail.utf8.count)
      + Array(tail.utf8)
    precondition(bytes.count == size)
    return bytes
  }

  @Test func atTheAPNsLimitIsAccepted() {
    #expect(
      PushPayload.evaluate(padded(to: 4096), source: "big.json", app: app, activeName: nil)
        == PushOutcome(result: .newData, change: .some("AppIcon-Blue")))
  }

  @Test func overTheAPNsLimitFails() {
    expectFailed(
      PushPayload.evaluate(padded(to: 4097), source: "big.json", app: app, activeName: nil),
      mentioning: ["big.json is 4097 bytes; a push payload is at most 4096 (the APNs limit)"])
    let huge = [UInt8](repeating: 0xFF, count: 1 << 20)
    expectFailed(
      PushPayload.evaluate(huge, source: "stdin", app: app, activeName: nil),
      mentioning: ["1048576 bytes"])
  }

  // MARK: .apns files

  @Test func apnsBundleMatchIsAccepted() {
    let json =
      #"{"Simulator Target Bundle":"dev.iconpick.Palette","aps":{"icon_name":"AppIcon-Red"}}"#
    #expect(evaluate(json) == PushOutcome(result: .newData, change: .some("AppIcon-Red")))
  }

  @Test func apnsBundleMismatchFails() {
    let json = #"{"Simulator Target Bundle":"com.example.Other","icon_name":"AppIcon-Red"}"#
    expectFailed(
      evaluate(json, source: "Other.apns"),
      mentioning: [
        "Other.apns: ", "com.example.Other", "dev.iconpick.Palette", "Simulator Target Bundle",
      ])
  }

  @Test func apnsBundleMustBeAString() {
    expectFailed(
      evaluate(#"{"Simulator Target Bundle":null,"icon_name":"AppIcon-Red"}"#),
      mentioning: ["Simulator Target Bundle", "string", "null"])
    expectFailed(
      evaluate(#"{"Simulator Target Bundle":7,"icon_name":"AppIcon-Red"}"#),
      mentioning: ["Simulator Target Bundle", "a number"])
  }

  // MARK: Hostile JSON

  @Test func deepNestingDoesNotCrash() {
    let depth = 2000
    let json =
      #"{"a":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
    #expect(json.utf8.count <= PushPayload.maximumSize)
    #expect(evaluate(json).result == .failed)
  }

  @Test func hugeNumbersDoNotCrash() {
    // Foundation may reject 1e999 or read it as infinity; either way, no crash.
    let infinite = evaluate(#"{"pad":1e999,"icon_name":"AppIcon-Blue"}"#)
    #expect(infinite.result == .failed || infinite.change == .some("AppIcon-Blue"))
    let outcome = evaluate(#"{"icon_name":123456789012345678901234567890123456789}"#)
    expectFailed(outcome, mentioning: ["a number"])
  }

  @Test func duplicateKeysDoNotCrash() {
    let outcome = evaluate(#"{"icon_name":"AppIcon-Blue","icon_name":"AppIcon-Red"}"#)
    #expect(outcome.result == .newData)
    #expect(outcome.change == .some("AppIcon-Red") || outcome.change == .some("AppIcon-Blue"))
  }

  @Test func anActiveNameOfThePrimaryMeansThePrimary() {
    #expect(evaluate(#"{"icon_name":null}"#, active: "AppIcon") == PushOutcome(result: .noData))
  }

  @Test func suggestionsAreCaseInsensitiveWithinTwoEditsOrPrefixes() {
    let names = ["AppIcon", "AppIcon-Blue", "AppIcon-Green"]
    #expect(PushPayload.suggestions(for: "APPICON-BLUE", among: names) == ["AppIcon-Blue"])
    #expect(PushPayload.suggestions(for: "AppIcon-Bleu", among: names) == ["AppIcon-Blue"])
    #expect(PushPayload.suggestions(for: "AppIcon-Gre", among: names) == ["AppIcon-Green"])
    #expect(PushPayload.suggestions(for: "Zebra", among: names).isEmpty)
  }
}
