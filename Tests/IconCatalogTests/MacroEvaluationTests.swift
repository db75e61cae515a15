import Foundation
import Testing

@testable import IconCatalog

/// Build-setting evaluation as swift-build does it (Sources/SWBMacro/MacroExpressionParsing.swift,
/// MacroEvaluationProgram.swift).
@Suite("Build settings evaluated as swift-build does")
struct MacroEvaluationTests {
  private func settings(_ values: [String: String], unknowable: Set<String> = []) -> BuildSettings {
    var settings = BuildSettings(values.mapValues { .init(value: $0, file: nil) })
    settings.unknowable = unknowable
    return settings
  }

  @Test("an unset setting is empty: bundle ids built from unset parts still resolve")
  func unsetIsEmpty() {
    let values = settings(["BUNDLE_ID_PREFIX": "io.example"])
    #expect(
      values.expand("${BUNDLE_ID_PREFIX}.Example${BUNDLE_ID_SUFFIX}${PROVISIONING_SUFFIX}")
        == "io.example.Example")
    #expect(values.expand("io.example.App$(NOT_DEFINED_ANYWHERE)") == "io.example.App")
  }

  @Test("the bare $NAME form, $$ as a dollar, and a lone $ kept")
  func bareNames() {
    let values = settings(["PRODUCT_BUNDLE_IDENTIFIER_ROOT": "org.example.root", "A": "x"])
    #expect(values.expand("$PRODUCT_BUNDLE_IDENTIFIER_ROOT") == "org.example.root")
    #expect(values.expand("$PRODUCT_BUNDLE_IDENTIFIER_ROOT.watch") == "org.example.root.watch")
    #expect(values.expand("$A-$A") == "x-x")
    #expect(values.expand("cost $$5") == "cost $5")
    #expect(values.expand("50$ and $-") == "50$ and $-")
    #expect(values.expand("$UNSET_BARE.x") == ".x")
  }

  @Test("nesting in names and in operands, parentheses and braces mixed")
  func nesting() {
    let values = settings([
      "KIND": "PROD", "ID_PROD": "com.example.app", "SUFFIX": ".beta", "EMPTY": "",
    ])
    #expect(values.expand("$(ID_$(KIND))") == "com.example.app")
    #expect(values.expand("${ID_${KIND}}$(SUFFIX)") == "com.example.app.beta")
    #expect(values.expand("$(EMPTY:default=$(ID_$(KIND)))") == "com.example.app")
  }

  @Test("$(inherited) through layers, with the lower layer's value")
  func inherited() {
    let file = URL(fileURLWithPath: "/project/App.xcconfig")
    let low = [XCConfigAssignment(key: "FLAGS", conditions: [], value: "a", file: file)]
    let high = [
      XCConfigAssignment(key: "FLAGS", conditions: [], value: "$(inherited) b", file: file)
    ]
    let values = BuildSettings(
      layers: [
        .init(assignments: low), .init(assignments: high),
      ],
      builtIn: [:], for: .iOSDevice)
    #expect(values.string("FLAGS") == "a b")
  }

  @Test(
    "retrieval operators",
    arguments: [
      ("$(V:lower)", "my app-1.2/x_y"), ("$(V:upper)", "MY APP-1.2/X_Y"),
      ("$(V:identifier)", "My_App_1_2_x_y"), ("$(V:c99extidentifier)", "My_App_1_2_x_y"),
      ("$(V:rfc1034identifier)", "My-App-1-2-x-y"), ("$(D:rfc1034identifier)", "-ppName"),
      ("$(D:identifier)", "_ppName"), ("$(D:c99extidentifier)", "_ppName"),
      ("$(E:c99extidentifier)", "Café_été"), ("$(E:rfc1034identifier)", "Caf---t-"),
      ("$(P:dir)", "/tmp/a/"), ("$(P:file)", "b.tar.gz"), ("$(P:base)", "b.tar"),
      ("$(P:suffix)", ".gz"), ("$(N:dir)", "./"), ("$(Q:standardizepath)", "/tmp/b"),
      ("$(R:standardizepath)", "../x/y"), ("$(S:__stripslash)", "tmp"), ("$(YES:not)", "NO"),
      ("$(UNSET:not)", "YES"), ("$(V:quote)", #"My\ App-1.2/x_y"#),
    ])
  func retrieval(expression: String, expected: String) {
    let values = settings([
      "V": "My App-1.2/x_y", "D": "3ppName", "E": "Café été", "P": "/tmp/a/b.tar.gz", "N": "name",
      "Q": "/tmp/./a/../b/", "R": "../x/./y", "S": "/tmp", "YES": "YES",
    ])
    #expect(values.expand(expression) == expected)
  }

  @Test(
    "replacement operators",
    arguments: [
      ("$(UNSET:default=fallback)", "fallback"), ("$(EMPTY:default=fallback)", "fallback"),
      ("$(P:default=fallback)", "/tmp/a/b.png"), ("$(P:suffix=jpg)", "/tmp/a/b.jpg"),
      ("$(P:suffix=x.tiff)", "/tmp/a/b.tiff"), ("$(P:file=c.gif)", "/tmp/a/c.gif"),
      ("$(P:base=c)", "/tmp/a/c.png"), ("$(P:dir=/var)", "/var/b.png"),
      ("$(P:relativeto=/tmp/a/b.png/../x)", "../x"), ("$(P:isancestor=/tmp)", "YES"),
      ("$(P:isancestor=/var)", "NO"), ("$(UNSET:suffix=png)", ""),
      ("$(P:file=c.gif:upper)", "/TMP/A/C.GIF"),
    ])
  func replacement(expression: String, expected: String) {
    let values = settings(["P": "/tmp/a/b.png", "EMPTY": ""])
    #expect(values.expand(expression) == expected)
  }

  @Test("the built-in settings bundle ids and names lean on")
  func builtIns() {
    let base = BuildSettings.builtIn(
      platform: "iphoneos", sourceRoot: "/src/App", projectName: "App")
    var values = base
    values["TARGET_NAME"] = "My Target"
    values["CONFIGURATION"] = "Release"
    let settings = BuildSettings(levels: [], builtIn: values)
    #expect(settings.string("PRODUCT_NAME") == "My Target")
    #expect(settings.expand("$(PRODUCT_NAME:rfc1034identifier)") == "My-Target")
    #expect(settings.expand("$(PROJECT_NAME)-$(CONFIGURATION)") == "App-Release")
    #expect(settings.expand("$(SRCROOT)|$(PROJECT_DIR)") == "/src/App|/src/App")
    #expect(
      settings.expand("$(PLATFORM_NAME)$(EFFECTIVE_PLATFORM_NAME) $(SDKROOT)")
        == "iphoneos-iphoneos iphoneos")
    // A project's own value wins over the built-in default.
    let overridden = BuildSettings(
      levels: [
        [
          XCConfigAssignment(
            key: "PRODUCT_NAME", conditions: [], value: "Shown",
            file: URL(fileURLWithPath: "/src/App/App.xcconfig"))
        ]
      ],
      builtIn: values)
    #expect(overridden.string("PRODUCT_NAME") == "Shown")
  }

  @Test("without a project, what depends on the target is unknown, not empty")
  func unknowableWithoutProject() {
    let values = settings(
      ["INFOPLIST_FILE": "$(TARGET_NAME)/Info.plist"], unknowable: ["TARGET_NAME"])
    #expect(values.string("INFOPLIST_FILE") == nil)
    #expect(values.expand("$(UNSET)x") == "x")
  }

  @Test("runaway expansion stays bounded")
  func limits() {
    var doubling: [String: String] = ["A0": "xx"]
    for level in 1...40 { doubling["A\(level)"] = "$(A\(level - 1))$(A\(level - 1))" }
    #expect(settings(doubling).expand("$(A40)") == nil)
    // A setting that refers to itself takes the value below it: here none (SelfReferenceTests).
    #expect(settings(["SELF": "a$(SELF)"]).expand("$(SELF)") == "a")
    // Nesting past the limit is unknown rather than a deep recursion.
    #expect(settings([:]).expand(String(repeating: "$(", count: 20_000)) == nil)
    #expect(settings([:]).expand("a $(b") == "a $(b")
  }
}
