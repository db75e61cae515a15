import Testing

@testable import TerminalGraphics

@Suite struct GraphicsRequestTests {
  @Test func theFlagWinsOverTheEnvironment() throws {
    let request = try GraphicsRequest.resolve(
      flag: "sixel", environment: ["ICONPICK_GRAPHICS": "kitty"])
    #expect(request == .forced(.sixel))
  }

  @Test func theEnvironmentIsReadWithoutAFlag() throws {
    #expect(
      try GraphicsRequest.resolve(flag: nil, environment: ["ICONPICK_GRAPHICS": "CELLS"])
        == .forced(.cells))
    #expect(try GraphicsRequest.resolve(flag: nil, environment: ["ICONPICK_GRAPHICS": ""]) == .auto)
    #expect(try GraphicsRequest.resolve(flag: nil, environment: [:]) == .auto)
  }

  @Test func anUnknownValueNamesWhereItCameFrom() {
    #expect(
      throws: TerminalGraphicsError.unknownGraphics(
        value: "png", source: "ICONPICK_GRAPHICS",
        valid: ["auto", "kitty", "iterm", "sixel", "cells"])
    ) {
      try GraphicsRequest.resolve(flag: nil, environment: ["ICONPICK_GRAPHICS": "png"])
    }
    #expect(throws: TerminalGraphicsError.self) {
      try GraphicsRequest.resolve(flag: "auto2", environment: [:])
    }
  }
}
