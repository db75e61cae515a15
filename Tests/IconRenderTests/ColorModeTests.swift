import Testing

@testable import IconRender

@Suite struct ColorModeTests {
  func detect(
    flag: String? = nil, _ environment: [String: String] = [:], colors: Int = 256,
    rgb: Bool = false
  ) throws -> ColorMode {
    try ColorMode.detect(
      flag: flag, environment: environment, terminfoColors: colors, terminfoHasRGB: rgb)
  }

  @Test func theFlagComesFirst() throws {
    let everything = ["NO_COLOR": "1", "TERM": "dumb", "COLORTERM": "truecolor"]
    #expect(try detect(flag: "truecolor", everything, colors: 0) == .truecolor)
    #expect(try detect(flag: "24bit", everything, colors: 0) == .truecolor)
    #expect(try detect(flag: "256", everything, colors: 8) == .palette256)
    #expect(try detect(flag: "16", everything, rgb: true) == .palette16)
    #expect(try detect(flag: "8", everything, colors: 256) == .palette8)
    #expect(try detect(flag: "none", ["COLORTERM": "truecolor"], rgb: true) == .none)
    #expect(try detect(flag: "TrueColor") == .truecolor)
  }

  @Test func anUnknownFlagIsAnErrorListingTheValues() {
    #expect(throws: IconRenderError.unknownColorMode(value: "88", valid: ColorMode.flagValues)) {
      try detect(flag: "88")
    }
    let message = IconRenderError.unknownColorMode(value: "rainbow", valid: ColorMode.flagValues)
      .description
    #expect(
      message
        == "--color \"rainbow\" is not a colour mode: use one of truecolor, 24bit, 256, 16, 8, none"
    )
  }

  @Test func noColorTurnsColourOffWhenNotEmpty() throws {
    #expect(try detect(["NO_COLOR": "1", "COLORTERM": "truecolor"], rgb: true) == .none)
    #expect(try detect(["NO_COLOR": ""], colors: 256) == .palette256)
  }

  @Test func aDumbTerminalHasNoColourEvenWithAnInheritedColorterm() throws {
    #expect(try detect(["TERM": "dumb", "COLORTERM": "truecolor"], colors: 8) == .none)
  }

  @Test func colortermAnnouncesDirectColour() throws {
    #expect(try detect(["COLORTERM": "truecolor"], colors: 8) == .truecolor)
    #expect(try detect(["COLORTERM": "24bit"], colors: 8) == .truecolor)
    #expect(try detect(["COLORTERM": "yes"], colors: 8) == .palette8)
  }

  @Test func terminfoDecidesTheRest() throws {
    #expect(try detect(colors: 256, rgb: true) == .truecolor)
    #expect(try detect(colors: 16_777_216) == .palette256)
    #expect(try detect(colors: 256) == .palette256)
    #expect(try detect(colors: 88) == .palette16)
    #expect(try detect(colors: 16) == .palette16)
    #expect(try detect(colors: 15) == .palette8)
    #expect(try detect(colors: 8) == .palette8)
    #expect(try detect(colors: 2) == .none)
    #expect(try detect(colors: -1) == .none)
  }

  @Test func rawValuesAreTheFlagNames() {
    #expect(ColorMode.allCases.map(\.rawValue) == ["truecolor", "256", "16", "8", "none"])
    for mode in ColorMode.allCases { #expect(ColorMode(flag: mode.rawValue) == mode) }
  }
}
