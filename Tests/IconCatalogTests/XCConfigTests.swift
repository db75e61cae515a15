import Foundation
import Testing

@testable import IconCatalog

@Suite("Build settings from .xcconfig files")
struct XCConfigTests {
  /// An app with this xcconfig (and `Info.plist` naming no icons, and an icon set of each of
  /// `sets`: a setting name with no set is no icon); returns what was read.
  private func read(
    _ xcconfig: String, extraFiles: [String: String] = [:], sets: [String] = []
  ) throws -> AppIcons {
    let fixture = try Fixture()
    try fixture.writePlist("Info.plist", ["CFBundleIdentifier": "dev.example.Config"])
    try fixture.write("App.xcconfig", xcconfig)
    for (path, text) in extraFiles { try fixture.write(path, text) }
    for name in sets { try fixture.writeSingleSizeIconSet(name) }
    return try AppIconReader.read(at: fixture.root)
  }

  @Test("comments, ${VAR}, $(VAR), $(inherited) and quoted list items")
  func syntax() throws {
    let icons = try read(
      """
      // A comment line.
      FLAVOUR = Green   // a trailing comment
      ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = AppIcon-${FLAVOUR}
      ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = $(inherited) "App Icon Blue" 'Night Sky';
        ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = $(inherited)   AppIcon-$(FLAVOUR)Dark
      """, sets: ["AppIcon-Green", "App Icon Blue", "Night Sky", "AppIcon-GreenDark"])
    #expect(
      icons.alternates.map(\.name) == [
        "AppIcon-Green", "App Icon Blue", "Night Sky", "AppIcon-GreenDark",
      ])
    #expect(
      icons.alternates.map(\.displayName) == ["Green", "Blue", "Night Sky", "Green Dark"])
  }

  @Test(
    "lines end at LF, CR or CRLF (one line end, so indexes are line numbers); a comment ends a line even inside a value"
  )
  func lineEnds() throws {
    #expect(
      XCConfig.lines(of: "A = 1\r\nB = 2\rC = 3 // three\nURL = http:/$()/x // c\nD = é//") == [
        "A = 1", "B = 2", "C = 3 ", "URL = http:/$()/x ", "D = é",
      ])
    #expect(XCConfig.lines(of: "A\r\n\r\nB\n\rC") == ["A", "", "B", "", "C"])
    #expect(XCConfig.lines(of: "") == [""])
    #expect(XCConfig.lines(of: "// only\n") == ["", ""])
    let icons = try read(
      "FLAVOUR = Green\r\nASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = AppIcon-$(FLAVOUR) // x\r\n",
      sets: ["AppIcon-Green"])
    #expect(icons.alternates.map(\.name) == ["AppIcon-Green"])
  }

  @Test("$(inherited) with nothing below it disappears")
  func inheritedAlone() throws {
    let icons = try read(
      "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = $(inherited) Blue\n", sets: ["Blue"])
    #expect(icons.alternates.map(\.name) == ["Blue"])
  }

  /// swift-build reads an `.xcconfig` top to bottom and takes the last line whose conditions
  /// hold: a condition makes a line eligible, it does not make it win (`BuildSettings.resolve`).
  @Test(
    "the last line whose conditions hold wins: an unconditioned line after [sdk=iphoneos*] hides it",
    arguments: [
      (
        """
        ASSETCATALOG_COMPILER_APPICON_NAME = Plain
        ASSETCATALOG_COMPILER_APPICON_NAME[sdk=iphoneos*] = Device
        ASSETCATALOG_COMPILER_APPICON_NAME[sdk=macosx*] = Mac
        """, "Device"
      ),
      (
        """
        ASSETCATALOG_COMPILER_APPICON_NAME[sdk=macosx*] = Mac
        ASSETCATALOG_COMPILER_APPICON_NAME[sdk=iphoneos*] = Device
        ASSETCATALOG_COMPILER_APPICON_NAME = Plain
        ASSETCATALOG_COMPILER_APPICON_NAME[config=Debug] = DebugOnly
        """, "Plain"
      ),
      (
        """
        ASSETCATALOG_COMPILER_APPICON_NAME[sdk=iphonesimulator*] = Simulator
        ASSETCATALOG_COMPILER_APPICON_NAME[sdk=iphoneos*][arch=*] = Device
        """, "Device"
      ),
      (
        """
        ASSETCATALOG_COMPILER_APPICON_NAME[sdk=iphoneos*][arch=arm64] = Both
        ASSETCATALOG_COMPILER_APPICON_NAME[sdk=iphoneos*] = Device
        """, "Device"
      ),
    ])
  func conditions(xcconfig: String, primary: String) throws {
    #expect(try read(xcconfig).primary.name == primary)
  }

  @Test("$(inherited) on a conditional line is the eligible line above it, not a skipped one")
  func inheritedSkipsLinesThatDoNotHold() throws {
    let icons = try read(
      """
      ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue
      ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES[sdk=macosx*] = $(inherited) Mac
      ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES[sdk=iphoneos*] = $(inherited) Green
      """, sets: ["Blue", "Green", "Mac"])
    #expect(icons.alternates.map(\.name) == ["Blue", "Green"])
  }

  @Test("only other SDKs: the unconditioned value")
  func otherSDKsOnly() throws {
    let icons = try read(
      """
      ASSETCATALOG_COMPILER_APPICON_NAME[sdk=macosx*] = Mac
      ASSETCATALOG_COMPILER_APPICON_NAME = Plain
      """)
    #expect(icons.primary.name == "Plain")
  }

  @Test(
    "#include is relative to the including file; included files are not read twice as their own level"
  )
  func include() throws {
    let icons = try read(
      """
      #include "Config/Icons.xcconfig"
      ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = $(inherited) Extra
      """,
      extraFiles: [
        "Config/Icons.xcconfig": """
        #include "Shared/Base.xcconfig"
        ASSETCATALOG_COMPILER_APPICON_NAME = $(BASE_NAME)
        ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = $(BASE_NAME)-Blue
        """,
        "Config/Shared/Base.xcconfig": "BASE_NAME = Brand\n",
      ], sets: ["Brand-Blue", "Extra"])
    #expect(icons.primary.name == "Brand")
    #expect(icons.alternates.map(\.name) == ["Brand-Blue", "Extra"])
  }

  @Test("#include falls back to the app folder, as Xcode resolves it against the project")
  func includeFromProjectFolder() throws {
    let icons = try read(
      "",
      extraFiles: [
        "App/Config/App-Release.xcconfig": "#include \"Shared/Icons.xcconfig\"\n",
        "Shared/Icons.xcconfig": "ASSETCATALOG_COMPILER_APPICON_NAME = Shared\n",
      ])
    #expect(icons.primary.name == "Shared")
  }

  @Test("#include may leave out .xcconfig, as Xcode allows")
  func includeWithoutExtension() throws {
    let icons = try read(
      "#include \"Shared/Icons\"\n",
      extraFiles: ["Shared/Icons.xcconfig": "ASSETCATALOG_COMPILER_APPICON_NAME = NoExtension\n"])
    #expect(icons.primary.name == "NoExtension")
  }

  @Test("#include? of a missing file is fine")
  func optionalInclude() throws {
    let icons = try read(
      """
      #include? "Local.xcconfig"
      ASSETCATALOG_COMPILER_APPICON_NAME = Kept
      """)
    #expect(icons.primary.name == "Kept")
  }

  @Test(
    "a missing #include is left out and said, at its line, naming both files; the rest is read, as swift-build reads it"
  )
  func missingInclude() throws {
    let fixture = try Fixture()
    try fixture.writePlist("Info.plist", ["CFBundleIdentifier": "dev.example.Config"])
    let including = try fixture.write(
      "App.xcconfig",
      "// Flutter's Release.xcconfig\r\n#include \"Missing.xcconfig\"\r\nASSETCATALOG_COMPILER_APPICON_NAME = Kept\r\n"
    )
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.primary.name == "Kept")
    #expect(
      icons.warnings == [
        "\(including.path):2: #include \"Missing.xcconfig\" not found next to it or in the project folder, so its settings are left out: restore the file or fix the path; if the file is optional (a developer's own settings), write #include? instead"
      ])
    let (_, facts) = try AppIconReader.readWithFacts(
      at: fixture.root, target: nil, configuration: nil)
    #expect(
      facts.missingIncludes == [
        MissingInclude(path: "Missing.xcconfig", file: including.path, line: 2)
      ])
  }

  @Test(
    "an #include that differs from the file's name only in case finds it, as on a Mac, and is said")
  func includeDifferingInCase() throws {
    let fixture = try Fixture()
    try fixture.writePlist("Info.plist", ["CFBundleIdentifier": "dev.example.Config"])
    let including = try fixture.write(
      "App.xcconfig", "#include \"config/shared.XCCONFIG\"\n#include \"Exact.xcconfig\"\n")
    let included = try fixture.write(
      "Config/Shared.xcconfig", "ASSETCATALOG_COMPILER_APPICON_NAME = Found\n")
    try fixture.write("Exact.xcconfig", "OTHER = 1\n")
    let (icons, facts) = try AppIconReader.readWithFacts(
      at: fixture.root, target: nil, configuration: nil)
    #expect(icons.primary.name == "Found")
    #expect(icons.warnings.isEmpty)
    #expect(facts.missingIncludes.isEmpty)
    #expect(
      facts.pathsDifferingInCase == [
        PathDifferingInCase(
          kind: "#include", written: "config/shared.XCCONFIG", found: included.path,
          file: including.path, line: 1)
      ])
  }

  @Test("an #include that matches two files differing only in case finds neither")
  func includeMatchingTwoSpellings() throws {
    let fixture = try Fixture()
    try fixture.writePlist("Info.plist", ["CFBundleIdentifier": "dev.example.Config"])
    let including = try fixture.write("App.xcconfig", "#include \"shared.xcconfig\"\n")
    try fixture.write("Shared.xcconfig", "A = 1\n")
    try fixture.write("SHARED.xcconfig", "A = 2\n")
    let (_, facts) = try AppIconReader.readWithFacts(
      at: fixture.root, target: nil, configuration: nil)
    #expect(
      facts.missingIncludes == [
        MissingInclude(path: "shared.xcconfig", file: including.path, line: 1)
      ])
    #expect(facts.pathsDifferingInCase.isEmpty)
  }

  @Test("includes that loop are an error, not a hang")
  func includeCycle() throws {
    let fixture = try Fixture()
    try fixture.writePlist("Info.plist", ["CFBundleIdentifier": "dev.example.Config"])
    try fixture.write("A.xcconfig", "#include \"B.xcconfig\"\n")
    try fixture.write("B.xcconfig", "#include \"A.xcconfig\"\n")
    let error = try #require(throws: IconCatalogError.self) {
      try AppIconReader.read(at: fixture.root)
    }
    guard case .includeCycle = error else {
      Issue.record("expected includeCycle, got \(error)")
      return
    }
  }

  @Test("the shallowest xcconfig wins a conflict between separate files")
  func levels() throws {
    let icons = try read(
      "ASSETCATALOG_COMPILER_APPICON_NAME = Top\n",
      extraFiles: [
        "Deeper/Other.xcconfig":
          "ASSETCATALOG_COMPILER_APPICON_NAME = Deep\nPRODUCT_NAME = Deeper\n"
      ])
    #expect(icons.primary.name == "Top")
  }

  @Test("lines Xcode would not accept are skipped")
  func strayLines() throws {
    let icons = try read(
      """
      this is not a setting
      = no key
      BAD-KEY = x
      ASSETCATALOG_COMPILER_APPICON_NAME = Fine
      """)
    #expect(icons.primary.name == "Fine")
  }

  // MARK: The pieces

  @Test("assignment lines parse into key, conditions and value")
  func assignmentParsing() throws {
    let file = URL(fileURLWithPath: "/x/App.xcconfig")
    let parsed = try #require(
      XCConfig.assignment(in: "KEY[sdk=iphoneos*] [arch=arm64] = a b ;", file: file))
    #expect(parsed.key == "KEY")
    #expect(
      parsed.conditions == [
        XCConfigCondition(name: "sdk", pattern: "iphoneos*"),
        XCConfigCondition(name: "arch", pattern: "arm64"),
      ])
    #expect(parsed.value == "a b")
    #expect(XCConfig.assignment(in: "KEY[sdk=iphoneos* = a", file: file) == nil)
    #expect(XCConfig.include(in: "#include? \"Local.xcconfig\"")?.optional == true)
    #expect(XCConfig.include(in: "#include \"A.xcconfig\"")?.path == "A.xcconfig")
    #expect(XCConfig.include(in: "#includes \"A\"") == nil)
  }

  @Test("lists split on whitespace; quotes and backslashes keep spaces")
  func listSplitting() {
    #expect(
      BuildSettings.splitList(#"  a "b c"  'd e' f\ g "" h "#) == ["a", "b c", "d e", "f g", "h"])
    #expect(BuildSettings.splitList("") == [])
  }

  @Test("expansion: nesting, modifiers, defaults, unset and looping settings")
  func expansion() {
    let settings = BuildSettings([
      "NAME": .init(value: "My App", file: nil),
      "WHICH": .init(value: "NAME", file: nil),
      "LOOP_A": .init(value: "$(LOOP_B)", file: nil),
      "LOOP_B": .init(value: "$(LOOP_A)", file: nil),
    ])
    #expect(settings.expand("$($(WHICH))") == "My App")
    #expect(settings.expand("$(NAME:rfc1034identifier)") == "My-App")
    #expect(settings.expand("$(NAME:c99extidentifier:lower)") == "my_app")
    #expect(settings.expand("$(NAME:upper)") == "MY APP")
    #expect(settings.expand("$(UNSET:default=Fallback)") == "Fallback")
    // swift-build: a setting nobody sets is the empty string.
    #expect(settings.expand("a $(UNSET) b") == "a  b")
    // Settings naming each other end at the bottom of the one first evaluated: empty here, as
    // swift-build evaluates them (SelfReferenceTests).
    #expect(settings.expand("$(LOOP_A)") == "")
    // An operator swift-build does not have leaves the value alone.
    #expect(settings.expand("$(NAME:unknownmodifier)") == "My App")
    #expect(settings.expand("cost $5 and $(unterminated") == "cost $5 and $(unterminated")
    let deep = String(repeating: "$(", count: 500) + "NAME" + String(repeating: ")", count: 500)
    #expect(settings.expand(deep) == nil)
  }

  @Test("sdk conditions: device SDK patterns match, others do not")
  func sdkPatterns() {
    let target = BuildTarget.iOSDevice
    for pattern in ["iphoneos*", "iphoneos", "iphone*", "*", "iphoneos17.2"] {
      #expect(target.matches([.init(name: "sdk", pattern: pattern)]), "\(pattern)")
    }
    for pattern in ["macosx*", "iphonesimulator*", "appletvos*", "watchos"] {
      #expect(!target.matches([.init(name: "sdk", pattern: pattern)]), "\(pattern)")
    }
    #expect(target.matches([]))
    #expect(!target.matches([.init(name: "config", pattern: "Debug")]))
  }
}

/// A `buildSettings` dictionary has no order of its own: swift-build reads its keys sorted
/// (`BuildConfiguration.createTableFromUserSettings`), then as an `.xcconfig`'s lines.
@Suite struct DictionaryConditionOrderTests {
  private func read(_ settings: [String: String]) throws -> AppIcons {
    let fixture = try Fixture()
    for name in ["Plain", "Device", "Both", "Blue", "Green"] {
      try fixture.writeSingleSizeIconSet(name, catalog: "App/Assets.xcassets")
    }
    try ProjectSketch(targets: [.init(name: "App", settings: settings)]).write(to: fixture)
    return try AppIconReader.read(at: fixture.root)
  }

  @Test(
    "in a dictionary the key sorted last among those that hold wins",
    arguments: [
      (
        [
          "ASSETCATALOG_COMPILER_APPICON_NAME": "Plain",
          "ASSETCATALOG_COMPILER_APPICON_NAME[sdk=iphoneos*]": "Device",
        ], "Device"
      ),
      (
        [
          "ASSETCATALOG_COMPILER_APPICON_NAME[sdk=iphoneos*]": "Device",
          "ASSETCATALOG_COMPILER_APPICON_NAME[config=Release][sdk=iphoneos*]": "Both",
        ], "Device"
      ),
      (
        [
          "ASSETCATALOG_COMPILER_APPICON_NAME[sdk=iphoneos*][arch=*]": "Both",
          "ASSETCATALOG_COMPILER_APPICON_NAME[sdk=iphoneos*]": "Device",
        ], "Both"
      ),
      (
        [
          "ASSETCATALOG_COMPILER_APPICON_NAME": "Plain",
          "ASSETCATALOG_COMPILER_APPICON_NAME[sdk=macosx*]": "Device",
        ], "Plain"
      ),
    ])
  func sortedKeys(settings: [String: String], primary: String) throws {
    #expect(try read(settings).primary.name == primary)
  }

  @Test("$(inherited) in a conditional key is the key sorted before it in the same dictionary")
  func inheritedWithinOneDictionary() throws {
    let icons = try read([
      "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": "Blue",
      "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES[sdk=iphoneos*]": "$(inherited) Green",
    ])
    #expect(icons.alternates.map(\.name) == ["Blue", "Green"])
  }
}
