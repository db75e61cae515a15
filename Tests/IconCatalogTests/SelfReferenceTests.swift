import Foundation
import Testing

@testable import IconCatalog

/// Issue 36, part 1: a setting whose value refers to the setting itself takes the value it
/// overrides, the level below, as `$(inherited)` does (swift-build's
/// `MacroEvaluationContext.nextValueForMacro`; its tests `basicInheritance` and
/// `interleavedInheritance` in Tests/SWBMacroTests/MacroEvaluationTests.swift).
@Suite("Settings that refer to themselves")
struct SelfReferenceTests {
  private let file = URL(fileURLWithPath: "/project/App.xcconfig")

  private func lines(_ pairs: [(String, String)]) -> [XCConfigAssignment] {
    pairs.map { XCConfigAssignment(key: $0.0, conditions: [], value: $0.1, file: file) }
  }

  /// Xcode's stack, lowest first: each element a layer (an `.xcconfig` when `ordered`, else a
  /// dictionary, whose keys here are distinct: both are read in order).
  private func layered(
    _ layers: [(pairs: [(String, String)], ordered: Bool)],
    target: BuildTarget = .iOSDevice
  ) -> BuildSettings {
    BuildSettings(
      layers: layers.map { .init(assignments: lines($0.pairs)) },
      builtIn: [:], for: target)
  }

  @Test(
    "the real shape: the target refers to BUNDLE_IDENTIFIER, itself, set in the project's xcconfig")
  func targetRefersToItself() {
    let settings = layered([
      ([("BUNDLE_IDENTIFIER", "com.example.app")], true),
      (
        [
          ("PRODUCT_BUNDLE_IDENTIFIER", "$(BUNDLE_IDENTIFIER)"),
          ("BUNDLE_IDENTIFIER", "$(BUNDLE_IDENTIFIER)"),
        ], false
      ),
    ])
    #expect(settings.string("BUNDLE_IDENTIFIER") == "com.example.app")
    #expect(settings.string("PRODUCT_BUNDLE_IDENTIFIER") == "com.example.app")
    #expect(settings.expand("$(PRODUCT_BUNDLE_IDENTIFIER).widget") == "com.example.app.widget")
  }

  @Test("each level adds to the one below, with operators, in lists too")
  func levelsAddUp() {
    let settings = layered([
      ([("ID", "com.example"), ("FLAGS", "A=1")], true),
      ([("ID", "$(ID).app"), ("FLAGS", "$(FLAGS) B=1")], false),
      ([("ID", "$(ID:lower).BETA"), ("FLAGS", "${FLAGS} C=1")], true),
      ([("ID", "$ID")], false),
    ])
    #expect(settings.string("ID") == "com.example.app.BETA")
    #expect(settings.list("FLAGS") == ["A=1", "B=1", "C=1"])
  }

  @Test("within one .xcconfig, a line refers to the lines above it")
  func linesOfOneFile() {
    let settings = layered([
      ([("ID", "base")], false),
      ([("ID", "$(ID).one"), ("ID", "$(ID).two"), ("ID", "$(inherited).three")], true),
    ])
    #expect(settings.string("ID") == "base.one.two.three")
    // `rawValue` (what `add` shows) still spells out `$(inherited)` only.
    #expect(settings.rawValue("ID") == "$(ID).two.three")
  }

  @Test("swift-build's basicInheritance: $(X), $(value) and $(inherited) in one list of values")
  func swiftBuildBasicInheritance() {
    let settings = layered([
      (
        [
          ("X", "a"), ("X", "($(X))"), ("X", "{$(value)}"), ("X", "[$(X)]"),
          ("X", "<$(inherited)>"), ("X", "$(inherited),$(inherited)"),
          ("X", "$(X)|$(value)|$(inherited)"),
        ], true
      )
    ])
    #expect(
      settings.string("X")
        == "<[{(a)}]>,<[{(a)}]>|<[{(a)}]>,<[{(a)}]>|<[{(a)}]>,<[{(a)}]>")
  }

  @Test("swift-build's interleavedInheritance: through another setting, the innermost value counts")
  func swiftBuildInterleavedInheritance() {
    let settings = layered([
      (
        [
          ("X", "a"), ("Y", "b"), ("X", "($(Y))"), ("Y", "{$(X)}"), ("X", "[$(Y)]"),
          ("Y", "<$(X)>,<$(Y)>"),
        ], true
      )
    ])
    #expect(settings.string("X") == "[<({a})>,<{(b)}>]")
    #expect(settings.string("Y") == "<[{(b)}]>,<{[b]}>")
  }

  @Test(
    "A = $(B), B = $(A) ends at the bottom of A's levels: empty with nothing below, never a loop")
  func cycleBetweenTwoSettings() {
    let alone = layered([([("A", "$(B)"), ("B", "$(A)")], false)])
    #expect(alone.string("A") == nil)
    #expect(alone.string("B") == nil)
    #expect(alone.expand("x$(A)y$(B)z") == "xyz")
    #expect(alone.string("C") == nil)

    // With a value of A below: A's $(B) names A again, which is being evaluated, so the value
    // below it. B's $(A) is A's top value, whose $(B) is below B: nothing.
    let below = layered([
      ([("A", "base")], true), ([("A", "$(B)"), ("B", "$(A)")], false),
    ])
    #expect(below.string("A") == "base")
    #expect(below.string("B") == nil)
  }

  @Test("what a folder without a project cannot know stays unknown at the bottom of a level")
  func unknowableBelow() {
    var settings = BuildSettings(
      levels: [
        lines([("PRODUCT_NAME", "$(PRODUCT_NAME)-Beta"), ("TARGET_NAME", "$(TARGET_NAME)")])
      ],
      builtIn: ["PRODUCT_NAME": "$(TARGET_NAME)"])
    settings.unknowable = ["TARGET_NAME"]
    #expect(settings.string("PRODUCT_NAME") == nil)
    #expect(settings.string("TARGET_NAME") == nil)
    #expect(settings.expand("$(TARGET_NAME)") == nil)
  }

  @Test("a key set on thousands of lines, each on the one before, stays bounded")
  func longChains() {
    let many = (0..<5_000).map { _ in ("A", "$(A)x") } + (0..<5_000).map { _ in ("B", "$(B)y") }
    let settings = layered([(many, true)])
    let a = try? #require(settings.string("A"))
    #expect(a.map { !$0.isEmpty && $0.allSatisfy { $0 == "x" } } == true)
    #expect((a?.count ?? .max) <= BuildSettings.Setting.maximumDepth + 1)
    // Settings leaning on each other twice per level give up instead of growing without end.
    let doubling = layered([((0..<60).map { _ in ("D", "$(D)$(inherited)") }, true)])
    #expect(doubling.string("D") == nil)
  }

  // MARK: .xcconfig files

  @Test("through #include, and with [sdk=...] and [config=...] conditions")
  func includesAndConditions() throws {
    let fixture = try Fixture()
    try fixture.write("Config/Base.xcconfig", "BUNDLE_IDENTIFIER = com.example\n")
    let app = try fixture.write(
      "Config/App.xcconfig",
      """
      #include "Base.xcconfig"
      BUNDLE_IDENTIFIER = $(BUNDLE_IDENTIFIER).app
      BUNDLE_IDENTIFIER[config=Debug] = $(BUNDLE_IDENTIFIER).debug
      BUNDLE_IDENTIFIER[sdk=iphonesimulator*] = $(BUNDLE_IDENTIFIER).simulator
      PRODUCT_BUNDLE_IDENTIFIER = $(BUNDLE_IDENTIFIER)
      """)
    let config = try XCConfig.read(app, projectFolder: fixture.root)
    func identifier(sdk: String, configuration: String) -> String? {
      let target = BuildTarget(sdk: sdk, arch: "arm64", configuration: configuration)
      return BuildSettings(
        layers: [.init(assignments: config.assignments)], builtIn: [:],
        for: target
      ).string("PRODUCT_BUNDLE_IDENTIFIER")
    }
    #expect(identifier(sdk: "iphoneos", configuration: "Release") == "com.example.app")
    // A line whose condition does not hold is not a level: the next one down is.
    #expect(identifier(sdk: "iphoneos", configuration: "Debug") == "com.example.app.debug")
    #expect(
      identifier(sdk: "iphonesimulator", configuration: "Release") == "com.example.app.simulator")
    #expect(
      identifier(sdk: "iphonesimulator", configuration: "Debug")
        == "com.example.app.debug.simulator")
  }

  @Test("end to end: the target's settings and the project's base .xcconfig give the bundle id")
  func projectEndToEnd() throws {
    let fixture = try Fixture()
    try fixture.write(
      "Config/Project.xcconfig", "BUNDLE_IDENTIFIER = com.example.lantern\n")
    try fixture.writePlist(
      "Lantern/Info.plist", ["CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)"])
    let selfReferring = [
      "PRODUCT_BUNDLE_IDENTIFIER": "$(BUNDLE_IDENTIFIER)",
      "BUNDLE_IDENTIFIER": "$(BUNDLE_IDENTIFIER)", "INFOPLIST_FILE": "Lantern/Info.plist",
    ]
    try ProjectSketch(
      targets: [.init(name: "Lantern", settings: selfReferring)],
      projectBaseConfiguration: "Config/Project.xcconfig"
    ).write(to: fixture)
    let icons = try AppIconReader.read(at: fixture.url("Lantern.xcodeproj"))
    #expect(icons.bundleIdentifier == "com.example.lantern")

    // A and B naming each other with nothing below: Xcode's value is empty, so no bundle id.
    let cycle = [
      "PRODUCT_BUNDLE_IDENTIFIER": "$(A)", "A": "$(B)", "B": "$(A)",
      "INFOPLIST_FILE": "Lantern/Info.plist",
    ]
    try ProjectSketch(targets: [.init(name: "Lantern", settings: cycle)]).write(to: fixture)
    let unresolved = try AppIconReader.read(at: fixture.url("Lantern.xcodeproj"))
    #expect(unresolved.bundleIdentifier == nil)
    #expect(unresolved.bundleIdentifierProblem?.contains("CFBundleIdentifier") == true)
  }
}
