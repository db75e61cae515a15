import Foundation
import Testing

@Suite struct ShowCommandTests {
  func show(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let state = try Scratch()
    return try runProcess(
      iconpickBinary().path,
      ["show"] + arguments + ["--state-dir", state.file("state").path],
      environment: [
        "LANG": "C.UTF-8", "TERM": "xterm-256color", "HOME": state.url.path,
        "XDG_CACHE_HOME": state.file("cache").path,
      ])
  }

  @Test func truecolorUsesTwentyFourBitSequencesAtTheAskedSize() throws {
    let result = try show([
      "AppIcon-Teal", paletteAppIconSetsFolder().path, "--size", "20x10", "--color", "truecolor",
    ])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == 10)
    #expect(result.stdout.contains("\u{1B}[38;2;"))
    #expect(lines.allSatisfy { $0.hasSuffix("\u{1B}[0m") })
  }

  @Test func theTerminalDecidesWithoutAFlag() throws {
    let result = try show(["AppIcon-Blue", paletteAppIconSetsFolder().path, "--size", "8x4"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("\u{1B}[38;5;"))
    #expect(!result.stdout.contains("\u{1B}[38;2;"))
  }

  @Test func noneWritesNoEscapes() throws {
    let result = try show([paletteAppIconSetsFolder().path, "--size", "8x4", "--color", "none"])
    #expect(result.status == 0)
    #expect(!result.stdout.contains("\u{1B}"))
    #expect(result.stdout.split(separator: "\n").count == 4)
  }

  @Test func anUnknownIconFailsListingTheIcons() throws {
    let result = try show(["Nope", paletteFolder().path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("\"AppIcon-Teal\""))
    #expect(result.stdout.isEmpty)
  }

  @Test(arguments: [["--color", "purple"], ["--size", "12"], ["--size", "0x3"]])
  func aBadOptionIsAUsageError(arguments: [String]) throws {
    let result = try show([paletteFolder().path] + arguments)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("iconpick: "))
  }
}
