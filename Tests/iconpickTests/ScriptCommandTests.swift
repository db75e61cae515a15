import Foundation
import Testing

/// get, set, reset and push, through the built binary, as scripts use them.
@Suite struct ScriptCommandTests {
  let state: Scratch

  init() throws { state = try Scratch() }

  @discardableResult
  func run(_ arguments: [String], stdin: Data? = nil) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    try runProcess(
      iconpickBinary().path,
      arguments + [paletteFolder().path, "--state-dir", state.file("state").path],
      environment: ["LANG": "C.UTF-8", "HOME": state.url.path], stdin: stdin)
  }

  @Test func getPrintsThePrimaryUntilSetChangesIt() throws {
    #expect(try run(["get"]).stdout == "AppIcon\n")
    let set = try run(["set", "AppIcon-Teal"])
    #expect(set.status == 0)
    #expect(set.stdout.isEmpty)
    #expect(set.stderr == "You have changed the icon for “Palette”.\n")
    #expect(try run(["get"]).stdout == "AppIcon-Teal\n")
    #expect(
      try run(["get", "--json"]).stdout
        == #"{"active":"AppIcon-Teal","alternateIconName":"AppIcon-Teal"}"# + "\n")
  }

  @Test func resetAndThePrimarysNameGoBack() throws {
    try run(["set", "AppIcon-Pink"])
    #expect(try run(["reset"]).stderr == "You have changed the icon for “Palette”.\n")
    #expect(
      try run(["get", "--json"]).stdout == #"{"active":"AppIcon","alternateIconName":null}"# + "\n")
    try run(["set", "AppIcon-Pink"])
    #expect(try run(["set", "AppIcon", "--quiet"]).stderr.isEmpty)
    #expect(try run(["get"]).stdout == "AppIcon\n")
  }

  @Test func settingTheActiveIconChangesNothingAndSaysSo() throws {
    try run(["set", "AppIcon-Blue"])
    let again = try run(["set", "AppIcon-Blue"])
    #expect(again.status == 0)
    #expect(again.stderr.contains("already the icon"))
  }

  @Test func anUnknownNameFailsSuggestsAndChangesNothing() throws {
    try run(["set", "AppIcon-Blue"])
    let file = state.file("state/dev.iconpick.Palette.json")
    let before = try Data(contentsOf: file)
    let miss = try run(["set", "appicon-blue"])
    #expect(miss.status == 1)
    #expect(miss.stderr.contains(#"did you mean "AppIcon-Blue"?"#))
    #expect(try Data(contentsOf: file) == before)
    let far = try run(["set", "Zebra"])
    #expect(far.status == 1)
    #expect(far.stderr.contains(#""AppIcon-Yellow""#))
  }

  @Test(arguments: [
    ["set"], ["push"], ["set", "a", "b", "c"], ["get", "--quiet"], ["reset", "--json"],
  ])
  func aWrongCommandLineExitsTwo(arguments: [String]) throws {
    let result = try runProcess(iconpickBinary().path, arguments)
    #expect(result.status == 2)
    #expect(result.stderr.hasSuffix("Run 'iconpick \(arguments[0]) --help' for usage.\n"))
  }

  @Test(arguments: ["get", "set", "reset", "push"])
  func everyCommandHasHelp(command: String) throws {
    let result = try runProcess(iconpickBinary().path, [command, "--help"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("USAGE: iconpick \(command)"))
  }

  // MARK: push

  func push(_ payload: String) throws -> (status: Int32, stdout: String, stderr: String) {
    try run(["push", "-"], stdin: Data(payload.utf8))
  }

  @Test func aPushWithAnAlternateChangesItAtOnce() throws {
    let result = try push(#"{"aps":{"content-available":1},"icon_name":"AppIcon-Orange"}"#)
    #expect(result.status == 0)
    #expect(result.stdout == "newData\n")
    #expect(result.stderr == "You have changed the icon for “Palette”.\n")
    #expect(try run(["get"]).stdout == "AppIcon-Orange\n")
    #expect(try push(#"{"icon_name":"AppIcon-Orange"}"#).stdout == "noData\n")
    #expect(try push(#"{"icon_name":null}"#).stdout == "newData\n")
    #expect(try run(["get"]).stdout == "AppIcon\n")
  }

  @Test func aPushWithoutIconNameIsNoData() throws {
    let result = try push(#"{"aps":{"alert":"hello"}}"#)
    #expect(result.status == 0)
    #expect(result.stdout == "noData\n")
  }

  @Test(arguments: [
    #"["AppIcon-Blue"]"#, #"{"icon_name":"Nope"}"#, #"{"icon_name":42}"#, #"{"icon_name":"../x"}"#,
    "{\"icon_name\":\"a\\u001b[31m\"}", "not json",
  ])
  func aBadPushFailsAndChangesNothing(payload: String) throws {
    try run(["set", "AppIcon-Green"])
    let result = try push(payload)
    #expect(result.status == 1)
    #expect(result.stdout == "failed\n")
    #expect(result.stderr.hasPrefix("iconpick: "))
    #expect(!result.stderr.contains("\u{1B}"))
    #expect(try run(["get"]).stdout == "AppIcon-Green\n")
  }

  @Test func aPayloadOverTheAPNsLimitFails() throws {
    let padding = String(repeating: "x", count: 4100)
    let result = try push(#"{"icon_name":"AppIcon-Blue","pad":"\#(padding)"}"#)
    #expect(result.status == 1)
    #expect(result.stdout == "failed\n")
    #expect(result.stderr.contains("4096"))
    #expect(try run(["get"]).stdout == "AppIcon\n")
  }

  @Test func anAPNSFileForAnotherAppFails() throws {
    let file = state.file("other.apns")
    try Data(#"{"Simulator Target Bundle":"com.example.Other","icon_name":"AppIcon-Blue"}"#.utf8)
      .write(to: file)
    let result = try run(["push", file.path])
    #expect(result.status == 1)
    #expect(result.stdout == "failed\n")
    let mine = state.file("mine.apns")
    try Data(#"{"Simulator Target Bundle":"dev.iconpick.Palette","icon_name":"AppIcon-Blue"}"#.utf8)
      .write(to: mine)
    #expect(try run(["push", mine.path]).stdout == "newData\n")
  }

  @Test func aMissingPayloadFileFailsNamingIt() throws {
    let result = try run(["push", state.file("nope.json").path])
    #expect(result.status == 1)
    #expect(result.stdout == "failed\n")
    #expect(result.stderr.contains("nope.json"))
  }
}
