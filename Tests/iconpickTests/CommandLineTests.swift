import Foundation
import Testing

@Suite struct CommandLineTests {
  @Test func helpPrintsUsageAndExitsZero() throws {
    let result = try runProcess(iconpickBinary().path, ["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("USAGE: iconpick"))
    #expect(result.stdout.contains("--state-dir"))
  }

  @Test func versionPrintsTheVersion() throws {
    let result = try runProcess(iconpickBinary().path, ["--version"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("iconpick "))
  }

  @Test(arguments: [["--bogus"], ["--state-dir"], ["a", "b"], ["--help=yes"]])
  func aWrongCommandLineExitsTwoWithAOneLineErrorAndAHint(arguments: [String]) throws {
    let result = try runProcess(iconpickBinary().path, arguments)
    #expect(result.status == 2)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("iconpick: ") == true)
    #expect(lines.last == "Run 'iconpick --help' for usage.")
    #expect(result.stdout.isEmpty)
  }

  @Test func aPathWithNoAppFailsNamingIt() throws {
    let scratch = try Scratch()
    let result = try runProcess(
      iconpickBinary().path, ["--state-dir", scratch.file("state").path, scratch.url.path])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("iconpick: "))
    #expect(result.stderr.contains(scratch.url.lastPathComponent))
    #expect(!result.stderr.contains("Fatal error"))
  }

  @Test func anUnknownCommandExitsTwoNamingTheCommands() throws {
    let result = try runProcess(iconpickBinary().path, ["frobnicate"])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("iconpick: error: unknown command 'frobnicate'"))
    #expect(result.stderr.contains("list, get, set, reset, push, show"))
    #expect(result.stderr.hasSuffix("Run 'iconpick --help' for usage.\n"))
  }
}
