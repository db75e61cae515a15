import Foundation
import IconRender
import Testing

@testable import iconpick

/// The parser, in process: what each command line gives, and the error each wrong one gets.
@Suite struct CommandLineParsingTests {
  func parse(_ arguments: [String]) throws(UsageError) -> Options {
    try Options.parse(arguments)
  }

  func error(_ arguments: [String]) -> String? {
    do {
      _ = try parse(arguments)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func theFirstWordChoosesTheCommand() throws {
    #expect(try parse([]).command == .pick)
    #expect(try parse(["list"]).command == .list)
    #expect(try parse(["./list"]).path == "./list")
    #expect(try parse(["completions", "zsh"]).shell == .zsh)
  }

  @Test func optionsTakeTheirValueAsTheNextWordOrAfterAnEqualsSign() throws {
    let spaced = try parse(["show", "--size", "30x15", "--state-dir", "/tmp/s", "AppIcon"])
    #expect(spaced.size?.columns == 30 && spaced.size?.rows == 15)
    #expect(spaced.stateDirectory == "/tmp/s")
    #expect(spaced.iconName == "AppIcon")
    let joined = try parse(["show", "--size=30x15", "--appearance=dark"])
    #expect(joined.size?.rows == 15)
    #expect(joined.appearance == .dark)
    #expect(try parse(["show", "-o", "x.png", "--pixels=64"]).output == "x.png")
  }

  @Test func doubleDashEndsTheOptions() throws {
    let options = try parse(["set", "--", "--odd-name"])
    #expect(options.iconName == "--odd-name")
  }

  @Test func checkTakesAFormatAndJSONIsTheJSONFormat() throws {
    #expect(try parse(["check", "--format", "sarif"]).format == .sarif)
    #expect(try parse(["check", "--json"]).format == .json)
    #expect(try parse(["check", "--rules", "--json"]).listRules)
    #expect(try parse(["list", "--platform=TVOS"]).platform == .tvOS)
    #expect(
      error(["check", "--json", "--format", "junit"]) == "--json is --format json: give one format")
  }

  @Test(arguments: [
    (["--bogus"], "unknown option '--bogus'"),
    (["--state-dir"], "--state-dir needs a value"),
    (["--state-dir="], "--state-dir needs a value"),
    (["--help=yes"], "--help takes no value"),
    (["set", "-q=1"], "-q takes no value"),
    (["--json"], "--json is an option of 'iconpick list', 'get' and 'check'"),
    (["list", "--size", "3x3"], "--size is an option of 'iconpick show'"),
    (["list", "-o", "x.png"], "-o is an option of 'iconpick show'"),
    (["get", "--quiet"], "--quiet is an option of 'iconpick set', 'reset' and 'push'"),
    (["list", "--format", "gcc"], "--format is an option of 'iconpick check'"),
    (
      ["completions", "bash", "--target", "App"],
      "--target is not an option of 'iconpick completions'"
    ),
    (
      ["--color", "pink"],
      "--color \"pink\" is not a colour mode: use one of truecolor, 24bit, 256, 16, 8, none"
    ),
    (["show", "--size", "0x3"], "--size \"0x3\" is not COLSxROWS, e.g. 24x12"),
    (
      ["show", "--appearance", "sepia"],
      "--appearance \"sepia\" is not one of light, dark, tinted, tinted-light, clear-light, "
        + "clear-dark, any, tinted-dark"
    ),
    (
      ["show", "--pixels", "5000", "-o", "x.png"],
      "--pixels \"5000\" is not a whole number from 1 to 4096"
    ),
    (
      ["show", "--pixels", "64"],
      "--pixels sets the size of the PNG --output writes: give --output FILE.png too"
    ),
    (
      ["check", "--format", "xml"], "--format \"xml\" is not one of gcc, json, github, sarif, junit"
    ),
    (["set"], "'iconpick set' needs a NAME"),
    (
      ["push", "a", "b", "c"],
      "unexpected argument 'c': give PAYLOAD (a file, or - for stdin) and at most one PATH"
    ),
    (["--platform", "mac"], "--platform takes ios or tvos, not 'mac'"),
    (["list", "--rules"], "--rules is an option of 'iconpick check'"),
    (["show", "--square"], "--square is for the PNG --output writes: give --output FILE.png too"),
    (["check", "--rules", "."], "unexpected argument '.': --rules lists the ids and reads no app"),
    (["completions"], "'iconpick completions' needs a SHELL: bash, zsh or fish"),
    (["completions", "tcsh"], "'tcsh' is not a shell iconpick completes: bash, zsh or fish"),
  ])
  func aWrongCommandLineSaysWhatIsWrong(arguments: [String], message: String) {
    #expect(error(arguments) == message)
  }

  @Test func helpAndVersionStandAlone() throws {
    #expect(try parse(["show", "--help", "--pixels", "64"]).showHelp)
    #expect(try parse(["list", "--version"]).showVersion)
    #expect(try parse(["completions", "-h"]).showHelp)
  }
}

/// The declaration is the one description of the command line: help, completions and the man
/// page are made from it, and these tests fail when any of them drifts from it.
@Suite struct CommandLineDeclarationTests {
  @Test func everyCommandIsDeclaredOnce() {
    for command in Subcommand.allCases {
      #expect(Interface.commands.filter { $0.command == command }.count == 1, "\(command)")
    }
    let names = Interface.options.flatMap(\.names)
    #expect(Set(names).count == names.count, "an option name declared twice")
  }

  @Test func everyOptionOfOneCommandIsInThatCommandsSynopsis() {
    for option in Interface.options where !option.isGlobal && !option.standsAlone {
      for command in option.commands {
        let synopsis = Interface.synopsis(command).joined(separator: "\n")
        #expect(synopsis.contains(option.long), "\(option.long) missing from \(command)'s synopsis")
      }
    }
  }

  /// Descriptions go into zsh's `_arguments` specs, where `:`, `[` and `]` are syntax.
  @Test func summariesHoldNoCompletionSyntax() {
    let texts =
      Interface.options.map(\.summary) + Interface.commands.map(\.summary)
      + Interface.options.flatMap(\.value.offered).map(\.about)
    for text in texts {
      #expect(!text.contains(where: { ":[]\"".contains($0) }), "\(text)")
    }
  }

  @Test(arguments: Subcommand.allCases)
  func eachCommandsHelpListsItsOptionsAndNoOther(command: Subcommand) {
    let help = Usage.text(for: command)
    let word = command == .pick ? "" : " " + command.rawValue
    #expect(help.hasPrefix("USAGE: iconpick" + word))
    for option in Interface.options {
      let listed =
        help.contains("\n  " + option.names.joined(separator: ", ") + " ")
        || help.contains("\n  " + option.names.joined(separator: ", ") + "\n")
      #expect(listed == option.commands.contains(command), "\(option.long) in \(command)'s help")
    }
  }

  /// `show --help` lists the words `--appearance` takes: every one the parser accepts, and none
  /// it refuses, tried on every look's names and a few that are not looks.
  @Test func showsHelpListsEveryAppearanceTheParserAcceptsAndNoOther() throws {
    let help = Usage.text(for: .show).split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(help.firstIndex { $0.hasPrefix("  --appearance A ") })
    let choiceIndent = String(repeating: " ", count: Usage.optionColumn + 2)
    let listed = help[(start + 1)...].prefix { !$0.hasPrefix("  -") && !$0.isEmpty }
      .filter { $0.hasPrefix(choiceIndent) && !$0.hasPrefix(choiceIndent + " ") }
      .map { String($0.dropFirst(choiceIndent.count).prefix { $0 != " " }) }
    let candidates =
      IconComposerLook.allCases.flatMap {
        [$0.rawValue, $0.exportName, $0.exportName.lowercased()]
      }
      + ["light", "dark", "tinted", "any", "clear", "default", "mono", "sepia", "TINTED", "Dark"]
    func accepted(_ word: String) -> Bool {
      (try? Options.parse(["show", "--appearance", word])) != nil
    }
    #expect(!listed.isEmpty)
    for word in Set(candidates) where accepted(word) {
      #expect(listed.contains(word.lowercased()), "\(word) is accepted but not in show --help")
    }
    for word in listed {
      #expect(accepted(word), "show --help lists \(word), which --appearance refuses")
    }
    #expect(Set(listed).count == listed.count)
  }

  @Test func eachAppearanceWordShowsItsLook() throws {
    let looks: [String: IconComposerLook] = [
      "light": .light, "any": .light, "dark": .dark, "tinted": .tintedDark,
      "tinted-dark": .tintedDark, "tinted-light": .tintedLight, "clear-light": .clearLight,
      "clear-dark": .clearDark, "Clear-Dark": .clearDark,
    ]
    for (word, look) in looks {
      let options = try Options.parse(["show", "--appearance", word])
      #expect(options.look == look, "\(word)")
      #expect(options.appearance == look.appearance, "\(word)")
    }
  }

  @Test func theCommandListNamesEveryCommand() {
    let help = Usage.text(for: .pick)
    for spec in Interface.commands {
      if let word = spec.word { #expect(help.contains("\n  \(word) ")) }
      for line in Interface.synopsis(spec.command) { #expect(help.contains(line)) }
    }
  }

  @Test(arguments: Shell.allCases)
  func eachCompletionScriptOffersEveryCommandOptionAndValue(shell: Shell) {
    let script = Completions.script(for: shell)
    for word in Completions.commandWords { #expect(script.contains(word)) }
    for option in Interface.options {
      let name = shell == .fish ? "-l \(option.long.dropFirst(2))" : option.long
      #expect(script.contains(name), "\(option.long) in the \(shell) script")
      for value in option.value.offered {
        #expect(script.contains(value.word), "\(option.long) \(value.word) in the \(shell) script")
      }
    }
  }

  @Test func theManPagesSynopsisAndOptionsAreTheDeclarations() throws {
    let file = packageRoot().appendingPathComponent("Assets/man/iconpick.1")
    let page = try String(contentsOf: file, encoding: .utf8)
    let updated = ManPage.updating(page)
    if ProcessInfo.processInfo.environment["ICONPICK_WRITE_MAN"] == "1" && updated != page {
      try updated.write(to: file, atomically: true, encoding: .utf8)
      return
    }
    #expect(
      ManPage.section("SYNOPSIS", of: page) == ManPage.synopsis(),
      "the man page's SYNOPSIS differs from the declaration: run make man")
    #expect(
      ManPage.section("OPTIONS", of: page) == ManPage.options(),
      "the man page's OPTIONS differ from the declaration: run make man")
    #expect(page.contains("\"iconpick \(IconpickCommand.version)\""), "the .TH line's version")
  }

  /// docs/commands.md names every option, and it and the README name no option the
  /// declaration lacks.
  @Test func theReferenceNamesEveryOptionAndNoOther() throws {
    let declared = Set(Interface.options.map(\.long))
    for name in ["README.md", "docs/commands.md"] {
      let text = try String(
        contentsOf: packageRoot().appendingPathComponent(name), encoding: .utf8)
      let named = Set(
        text.matches(of: /(?:^|[^A-Za-z0-9-])(--[a-z][a-z-]+)/).map { String($0.1) })
      #expect(named.subtracting(declared).isEmpty, "\(name) names undeclared options")
      if name == "docs/commands.md" {
        #expect(declared.subtracting(named).isEmpty, "\(name) leaves options out")
      }
    }
  }

  @Test func theManPageUpdateReplacesOnlyTheTwoSections() {
    let page =
      ".TH X 1\n.SH NAME\nx\n.SH SYNOPSIS\nold\n.SH DESCRIPTION\nkept\n.SH OPTIONS\nold\n.SH KEYS\nkept\n"
    let updated = ManPage.updating(page)
    #expect(
      updated.hasPrefix(".TH X 1\n.SH NAME\nx\n" + ManPage.synopsis() + "\n.SH DESCRIPTION\nkept\n")
    )
    #expect(updated.hasSuffix(ManPage.options() + "\n.SH KEYS\nkept\n"))
  }

  @Test func roffEscapesHyphensAndMarksFonts() {
    #expect(
      ManPage.roff("Use *--json* in <DIR>. Then stop.")
        == "Use \\fB\\-\\-json\\fP in \\fIDIR\\fP.\nThen stop.")
    #expect(ManPage.roff("a. .b") == "a.\n\\&.b")
  }
}
