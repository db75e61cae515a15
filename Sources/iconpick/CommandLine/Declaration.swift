import IconCatalog
import IconCheck
import IconRender
import TerminalGraphics

// The command line, declared once. To add an option: a field in Options, and an entry in
// `options` below (its name, value, commands, texts and what it sets). The parser, `--help`,
// the completions (`iconpick completions bash|zsh|fish`) and the man page's SYNOPSIS and
// OPTIONS follow; `make man` rewrites the man page's two sections, and a test fails until then.

extension Interface {
  /// The commands that read an app (all but `completions`).
  static let appCommands: [Subcommand] = [.pick, .list, .get, .set, .reset, .push, .show, .check]
  /// The commands that change a project: they take the target and platform, not the rest.
  static let editCommands: [Subcommand] = [.add, .remove]

  /// `--appearance`'s words and the look each shows: the parser accepts these and no other
  /// (in any case), the help and the man page list them, the completions offer them.
  static let appearances: [(choice: ValueChoice, look: IconComposerLook)] = [
    (ValueChoice(word: "light", about: "the default"), .light),
    (ValueChoice(word: "dark", about: "the dark images or specializations"), .dark),
    (
      ValueChoice(word: "tinted", about: "the tinted ones (Icon Composer's TintedDark)"),
      .tintedDark
    ),
    (ValueChoice(word: "tinted-light", about: "Icon Composer's TintedLight"), .tintedLight),
    (ValueChoice(word: "clear-light", about: "Icon Composer's ClearLight"), .clearLight),
    (ValueChoice(word: "clear-dark", about: "Icon Composer's ClearDark"), .clearDark),
    (ValueChoice(word: "any", about: "the same as light (list --json's name)"), .light),
    (ValueChoice(word: "tinted-dark", about: "the same as tinted"), .tintedDark),
  ]

  /// The look `--appearance`'s `word` names, or nil.
  static func look(named word: String) -> IconComposerLook? {
    appearances.first { $0.choice.word == word.lowercased() }?.look
  }

  static let pathArgument = PositionalSpec(
    name: "PATH", kind: .app, optional: true,
    help:
      "The app: a folder holding an .xcodeproj, an Info.plist or an .xcassets; an .xcodeproj; an Info.plist; or a built .app. Default: the nearest app from the current folder upward; where there is none, the picker opens the bundled demo app, Palette, and the other commands stop."
  )

  /// add's and remove's PATH: a project to change, never the demo app by default.
  static let editedPathArgument = PositionalSpec(
    name: "PATH", kind: .app, optional: true,
    help:
      "The project: a folder holding an .xcodeproj, an Info.plist or an .xcassets; an .xcodeproj; or an XcodeGen project.yml. Default: the nearest app from the current folder upward (a change never reaches the bundled demo app by default)."
  )

  static let commands: [CommandSpec] = [
    CommandSpec(
      command: .pick, summary: "Choose the app's icon in the picker.",
      positionals: [pathArgument], forms: [SynopsisForm(options: [("--graphics", false)])],
      about: "Choose the app's icon in an interactive picker, as iOS's alternate icons do.",
      exitStatus: "0 done · 1 failed · 2 bad command line · 130 interrupted (Ctrl-C)."),
    CommandSpec(
      command: .list, summary: "List the app's icons; the active one is marked.",
      positionals: [pathArgument], forms: [SynopsisForm(options: [("--json", false)])],
      about: """
        List the app's icons: the primary first, then the alternates in case-insensitive \
        order. ✓ marks the active one; each line shows the display name, the name to pass to \
        setAlternateIconName and the number of image files.
        """,
      exitStatus: "0 done · 1 failed · 2 bad command line."),
    CommandSpec(
      command: .get, summary: "Print the active icon's name.",
      positionals: [pathArgument], forms: [SynopsisForm(options: [("--json", false)])],
      about: """
        Print the active icon's name, as alternateIconName reads it; for the primary, the \
        primary's name. With --json: {"active": NAME, "alternateIconName": NAME or null}.
        """,
      exitStatus: "0 done · 1 failed · 2 bad command line."),
    CommandSpec(
      command: .set, summary: "Make NAME the active icon (the primary's name resets).",
      positionals: [
        PositionalSpec(
          name: "NAME", kind: .iconName, optional: false,
          help: "The icon's name, as setAlternateIconName takes it."),
        pathArgument,
      ],
      forms: [SynopsisForm(options: [("--quiet", false)])],
      about: """
        Make NAME the active icon, as setAlternateIconName does. NAME is matched exactly; the \
        primary's name resets to the primary. On a change the system's alert line, You have \
        changed the icon for “App”., goes to stderr (not with --quiet). An unknown NAME \
        changes nothing and suggests close names.
        """,
      exitStatus: """
        0 done · 1 failed (unknown icon, the choice could not be recorded; it is then \
        unchanged) · 2 bad command line.
        """),
    CommandSpec(
      command: .reset, summary: "Go back to the primary icon.",
      positionals: [pathArgument], forms: [SynopsisForm(options: [("--quiet", false)])],
      about: "Go back to the primary icon, as setAlternateIconName(nil) does.",
      exitStatus: "0 done · 1 failed · 2 bad command line."),
    CommandSpec(
      command: .push,
      summary: "Apply a push payload carrying icon_name; print newData, noData or failed.",
      positionals: [
        PositionalSpec(
          name: "PAYLOAD|-", kind: .payload, optional: false,
          help: "A file holding the payload, or - to read it from stdin."),
        pathArgument,
      ],
      forms: [SynopsisForm(options: [("--quiet", false)])],
      about: """
        Apply a push payload, a JSON object of at most 4096 bytes read from the file PAYLOAD \
        or from stdin (-), as an app does with a notification carrying icon_name. Prints, with \
        the words of UIBackgroundFetchResult:
          newData   icon_name named another icon (null or the primary's name resets); the
                    alert line goes to stderr
          noData    no icon_name, or that icon is already active
          failed    not a JSON object, too large, an unknown name or a wrong type, or a
                    .apns "Simulator Target Bundle" for another app; the reason goes to
                    stderr and nothing changes
        """,
      exitStatus: "0 newData or noData · 1 failed · 2 bad command line."),
    CommandSpec(
      command: .show,
      summary: "Print an icon's preview as terminal escape sequences, or write it as a PNG.",
      positionals: [
        PositionalSpec(
          name: "NAME", kind: .iconNameOrApp, optional: true,
          help:
            "The icon's name (default: the active icon). One word is taken as PATH when such a file exists."
        ),
        pathArgument,
      ],
      forms: [
        SynopsisForm(options: [("--size", false), ("--appearance", false), ("--graphics", false)]),
        SynopsisForm(
          options: [
            ("--output", true), ("--pixels", false), ("--square", false), ("--appearance", false),
          ],
          withCommonOptions: false),
      ],
      about: """
        Print an icon's preview to stdout as escape sequences (no curses), for scripts and \
        documentation: half-block cells, masked to the home-screen shape. With --output, \
        write the icon as a PNG instead: an icon set's or loose file's image, or an Icon \
        Composer bundle drawn from its layers (on Linux, the one way to see a .icon as an \
        image, cut to the rounded square as Icon Composer exports it). PATH may be one .icon \
        bundle.
        """,
      exitStatus: """
        0 done · 1 failed (no such icon, or it could not be drawn: a placeholder is printed \
        and the reason goes to stderr; no PNG is written) · 2 bad command line.
        """),
    CommandSpec(
      command: .check, summary: "Find misconfigured icons before App Review does.",
      positionals: [pathArgument],
      forms: [
        SynopsisForm(options: [
          ("--format", false), ("--json", false), ("--warnings-as-errors", false),
          ("--against", false),
        ]),
        SynopsisForm(options: [
          ("--fix", true), ("--unsafe-fixes", false), ("--background", false),
          ("--dry-run", false),
        ]),
        SynopsisForm(
          options: [("--rules", true), ("--json", false)], withPositionals: false,
          withCommonOptions: false),
      ],
      about: """
        Check the app's icon configuration the way the build and App Review will: declared \
        names without images, sets the build would not ship, names missing for iPad, file \
        names with extensions, wrong pixel sizes, non-PNG files, alpha channels, loose files \
        in catalogs, Icon Composer bundles. By default each finding prints compiler-style, \
        `path:line: error: message [id]`, with the fix on the next line, then a count. \
        Without --target, every app target of a project that can have alternate icons is \
        checked, each under its name with its own count. With --against, also compare what \
        iconpick predicts the build makes of PATH with a built app, each difference a \
        built-differs error. With --fix, apply every safe fix (--unsafe-fixes: also those \
        that change artwork), print each change, and check again; with --fix --dry-run, print \
        the fixes as a unified diff and write nothing. With --rules, list the ids instead.
        """,
      exitStatus: """
        0 no errors · 1 errors found (or warnings, with --warnings-as-errors), or the \
        project could not be read · 2 bad command line.
        """),
    CommandSpec(
      command: .add, summary: "Add an alternate icon to the project, as Xcode would.",
      positionals: [
        PositionalSpec(
          name: "NAME", kind: .newName, optional: false,
          help: "The new icon's name, as setAlternateIconName will take it."),
        PositionalSpec(
          name: "IMAGE", kind: .file, optional: true,
          help: """
            A square PNG of at least 1024 px, or an Icon Composer .icon bundle. Without it, \
            NAME is a set the catalogs hold that does not ship yet, and only its declaration is \
            added. A lone word after NAME is IMAGE when it ends in .png or .icon, else PATH.
            """),
        editedPathArgument,
      ],
      forms: [
        SynopsisForm(options: [("--dark", false), ("--tinted", false), ("--dry-run", false)])
      ],
      about: """
        Add an alternate icon so that the next Xcode build ships it and \
        setAlternateIconName("NAME") works on iPhone and iPad, in the form the app already \
        uses: a NAME.appiconset beside the app's sets (the single-size form, or the sizes its \
        sets have) named in ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES where the target's \
        value is set (project or .xcconfig, every configuration; nothing when \
        ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS ships every set); loose PNGs named in \
        Info.plist's CFBundleIcons and CFBundleIcons~ipad for an app that declares them so; \
        an .icon copied beside the app's icons and registered as one folder reference. Files \
        are edited in place in their own style, written atomically, and the project is read \
        again: NAME must be an alternate and check must find nothing new, or every file is \
        put back. With --dry-run, print the change as a unified diff and write nothing.
        """,
      exitStatus: """
        0 done · 1 refused or undone (the reason names the file; nothing is changed) · 2 bad \
        command line.
        """),
    CommandSpec(
      command: .remove, summary: "Remove an alternate icon from the project.",
      positionals: [
        PositionalSpec(
          name: "NAME", kind: .iconName, optional: false,
          help: "The alternate's name, as setAlternateIconName takes it."),
        editedPathArgument,
      ],
      forms: [SynopsisForm(options: [("--keep-files", false), ("--dry-run", false)])],
      about: """
        Remove an alternate icon: its name from every declaration (Info.plist entries, \
        ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES), and the files that hold only it (its \
        set or .icon, its loose PNGs) with their references in the project, so that add then \
        remove leaves every file as it was (with --keep-files, only the declarations go, \
        the inverse of add NAME without an IMAGE). The primary cannot be removed. With --dry-run, \
        print the change as a unified diff and write nothing.
        """,
      exitStatus: """
        0 done · 1 refused or undone (nothing is changed) · 2 bad command line.
        """),
    CommandSpec(
      command: .completions, summary: "Print the completion script for bash, zsh or fish.",
      positionals: [
        PositionalSpec(
          name: "SHELL", kind: .shell(Shell.allCases.map(\.rawValue)), optional: false,
          help: "bash, zsh or fish.")
      ],
      forms: [SynopsisForm(options: [], withCommonOptions: false)],
      about: """
        Print the completion script for a shell: it completes commands, options and icon \
        names (from iconpick list --json). make install and the Debian package install them \
        where each shell finds them; to try one, run: source <(iconpick completions bash).
        """,
      exitStatus: "0 done · 2 bad command line."),
  ]

  static let options: [OptionSpec] = [
    OptionSpec(
      long: "--state-dir", value: .directory("DIR"), commands: appCommands + editCommands,
      readsApp: true,
      summary: "Keep the recorded choice in DIR",
      details: "(default: $XDG_STATE_HOME/iconpick or ~/.local/state/iconpick).",
      manual: "Keep the recorded choice in <DIR> (default: <$XDG_STATE_HOME/iconpick>).",
      apply: { options, value throws(UsageError) in options.stateDirectory = value }),
    OptionSpec(
      long: "--target", value: .text("NAME"), commands: appCommands + editCommands,
      readsApp: true,
      summary: "The app target, when the project has several",
      manual: """
        The app target, when the project has several that can have alternate icons. \
        Only iOS, iPadOS and tvOS applications count (by product type, *SDKROOT* and \
        *SUPPORTED_PLATFORMS*); watchOS, macOS and visionOS apps, extensions and App Clips are \
        left out. The one that remains is used without this option; with several, the picker \
        opens on a list of them (name, iOS or tvOS, number of icons), this option skips that \
        list, the other commands' error lists them (*check* checks every one instead, and this \
        option narrows it to one), and naming a target that is left out says why.
        """,
      apply: { options, value throws(UsageError) in options.target = value }),
    OptionSpec(
      long: "--configuration", value: .example("NAME", ["Release", "Debug"]),
      commands: appCommands + editCommands, readsApp: true,
      summary: "The build configuration to read (default Release)",
      manual: """
        The build configuration to read (default: Release). *add*, *remove* and *check --fix* \
        read and judge the change in it; the settings they write go in every configuration.
        """,
      apply: { options, value throws(UsageError) in options.configuration = value }),
    OptionSpec(
      long: "--platform",
      value: .choice("PLATFORM", AppPlatform.allCases.map { ValueChoice(word: $0.argument) }),
      commands: appCommands + editCommands, readsApp: true,
      summary: "The platform to read, when the target builds for iOS and tvOS (default iOS)",
      manual: """
        *ios* or *tvos*: which app to read when a target builds for both (its \
        *SUPPORTED_PLATFORMS* name iOS and tvOS); without it, the iOS one. Naming a platform the \
        target does not build for says which it does.
        """,
      apply: { options, word throws(UsageError) in
        guard let platform = AppPlatform(argument: word) else {
          throw UsageError(
            message: "--platform takes ios or tvos, not '\(MessageText.escaped(word))'")
        }
        options.platform = platform
      }),
    OptionSpec(
      long: "--color",
      value: .choice(
        "MODE", ["truecolor", "256", "16", "8", "none"].map { ValueChoice(word: $0) }),
      commands: appCommands + editCommands,
      summary: "The colour mode (truecolor, 256, 16, 8 or none)",
      details: "(default: from NO_COLOR, COLORTERM and terminfo).",
      manual: """
        *truecolor*, *256*, *16*, *8* or *none*. The default comes from *NO_COLOR*, then \
        *COLORTERM*, then terminfo. With *16* or *8*, previews use only those palette \
        colours, and the terminal's own colours only where the icon is transparent. The \
        previews of a change (*--dry-run*) are coloured as *git diff* colours its own unless \
        this is *none*; without it, only on a terminal.
        """,
      apply: { options, mode throws(UsageError) in
        guard ColorMode(flag: mode) != nil else {
          throw UsageError(
            message:
              "--color \"\(mode)\" is not a colour mode: use one of \(ColorMode.flagValues.joined(separator: ", "))"
          )
        }
        options.color = mode
      }),
    OptionSpec(
      long: "--graphics",
      value: .choice("KIND", GraphicsRequest.flagValues.map { ValueChoice(word: $0) }),
      commands: [.pick, .show],
      summary: "How previews are drawn (auto, kitty, iterm, sixel, cells)",
      details: "(default: ICONPICK_GRAPHICS, else asking the terminal).",
      manual: """
        *auto*, *kitty*, *iterm*, *sixel* or *cells*: the terminal image protocol previews are \
        drawn with, or *cells* for coloured characters. The default comes from \
        *ICONPICK_GRAPHICS*, then *auto*: the terminal is asked what it can show, and cells are \
        used where it answers nothing.
        """,
      apply: { options, kind throws(UsageError) in
        guard GraphicsRequest(flag: kind) != nil else {
          throw UsageError(
            message:
              "--graphics \"\(MessageText.escaped(kind))\" is not a way to draw previews: use one of \(GraphicsRequest.flagValues.joined(separator: ", "))"
          )
        }
        options.graphics = kind
      }),
    OptionSpec(
      long: "--help", short: "-h", commands: Subcommand.allCases, standsAlone: true,
      summary: "Show help", manual: "Show help, for the program or for a command.",
      apply: { options, _ throws(UsageError) in options.showHelp = true }),
    OptionSpec(
      long: "--version", commands: Subcommand.allCases, offeredIn: [.pick], standsAlone: true,
      summary: "Show the version", manual: "Show the version.",
      apply: { options, _ throws(UsageError) in options.showVersion = true }),
    OptionSpec(
      long: "--json", commands: [.list, .get, .check], summary: "Print JSON",
      details: "(for check, the same as --format json).",
      manual: "Print JSON instead of text; for *check*, the same as *--format json*.",
      apply: { options, _ throws(UsageError) in options.json = true }),
    OptionSpec(
      long: "--format",
      value: .choice(
        "FORMAT",
        [
          ValueChoice(
            word: "gcc", about: "compiler style, the default; Xcode reads it",
            manual: """
              The default: <path>:<line>: error: <message> [<id>], the fix on the next line and \
              a count, which Xcode shows inline from a Run Script phase. With several targets, \
              each one's findings come after *target* <NAME> and before <NAME>: <count>, then \
              a *total* line.
              """),
          ValueChoice(
            word: "json", about: "JSON, for scripts",
            manual: """
              *{"diagnostics": [...], "errors": N, "warnings": N}* (and *"notes": N* when there \
              are notes); each diagnostic has *id*, *severity*, *file*, *line*, *message*, *fix* \
              and *target* (null when one app is checked), and *within* (the key path or \
              rendition) for a built app's file without lines.
              """),
          ValueChoice(
            word: "github", about: "GitHub Actions annotations",
            manual: """
              GitHub Actions workflow commands, *::error file=*<F>*,line=*<N>*,title=iconpick* \
              <ID>*::*<message> (*::warning* for a warning, *::notice* for a note), the fix on the message's second \
              line, escaped as the runner requires; findings annotate the pull request.
              """),
          ValueChoice(
            word: "sarif", about: "SARIF 2.1.0, for code scanning",
            manual: """
              SARIF 2.1.0 for code scanning: one run whose *tool.driver.rules* has one rule per \
              id found, with help text, and a result per finding with its level, message, file \
              (relative, with *uriBaseId* *SRCROOT*) and line.
              """),
          ValueChoice(
            word: "junit", about: "JUnit XML, for GitLab and Jenkins",
            manual: """
              JUnit XML for GitLab and Jenkins: a *testsuite* per target (*app* for one app) and \
              a *testcase* per finding, named <id file>:<line>. An error is a *failure*; a \
              warning passes, with a *severity* property and its text in *system-out*, unless \
              *--warnings-as-errors* makes it a failure. A target with nothing wrong has one \
              passing case, *no problems found*.
              """),
        ]),
      commands: [.check], summary: "How to print the findings",
      manual: """
        How to print the findings; the exit status is the same in every format. In *github*, \
        *sarif* and *junit*, paths inside the current folder are written relative to it (run \
        iconpick from the repository root).
        """,
      apply: { options, text throws(UsageError) in
        guard let format = CheckReport.Format(rawValue: text) else {
          let formats = CheckReport.Format.allCases.map(\.rawValue)
          throw UsageError(
            message: "--format \"\(text)\" is not one of \(formats.joined(separator: ", "))")
        }
        options.format = format
      }),
    OptionSpec(
      long: "--warnings-as-errors", commands: [.check], summary: "Fail on warnings too",
      manual: "Exit 1 on a warning as on an error; *junit* makes warnings failures.",
      apply: { options, _ throws(UsageError) in options.warningsAsErrors = true }),
    OptionSpec(
      long: "--against", value: .file("APP", pattern: "*.(app|ipa|xcarchive)"),
      commands: [.check], summary: "Compare the prediction with a built app",
      details:
        "(.app, .ipa or .xcarchive): each difference in icon names, dictionaries, devices or sizes is a built-differs error.",
      manual: """
        Also compare what iconpick predicts the build makes of PATH with <APP>, an *.app*, \
        *.ipa* or *.xcarchive* Xcode built from it: the *CFBundleIcons* and \
        *CFBundleIcons~ipad* dictionaries, the icon names, the devices each icon works on, and \
        each icon's sizes. Each difference is a *built-differs* error at the project's file and \
        line, naming the artifact's file and key path or rendition. Of a project with several \
        targets, the one whose bundle identifier (else product name) is the artifact's is \
        compared, unless *--target* names one.
        """,
      apply: { options, value throws(UsageError) in options.against = value }),
    OptionSpec(
      long: "--rules", commands: [.check], summary: "List every id check can report",
      details:
        "(id, severity, fix, ITMS codes, summary) and check nothing; with --json, every field.",
      manual: """
        List every id *check* can report, one a line: the id, its severity, whether *--fix* \
        can fix it (*safe*, *unsafe*, *suggestion* or *-*), the App Store Connect (ITMS) codes \
        it predicts and what it finds; and check nothing. With *--json*, an array of objects \
        with *id*, *severity*, *summary*, *fix*, *fixSafety*, *fixSummary*, *itms*, *group* \
        and *subject* (*shipped app* or *sources*).
        """,
      apply: { options, _ throws(UsageError) in options.listRules = true }),
    OptionSpec(
      long: "--quiet", short: "-q", commands: [.set, .reset, .push],
      summary: "Print no alert line", manual: "Print no alert line on stderr.",
      apply: { options, _ throws(UsageError) in options.quiet = true }),
    OptionSpec(
      long: "--dark", value: .file("IMAGE", pattern: "*.png"), commands: [.add],
      summary: "The dark appearance's image",
      details: "(a square PNG of at least 1024 px), for the single-size set.",
      manual: """
        The set's dark appearance: a square PNG of at least 1024 px, written as the \
        single-size set's dark image.
        """,
      apply: { options, value throws(UsageError) in
        guard options.darkImage == nil else {
          throw UsageError(message: "--dark is given twice: give the dark image once")
        }
        options.darkImage = value
      }),
    OptionSpec(
      long: "--tinted", value: .file("IMAGE", pattern: "*.png"), commands: [.add],
      summary: "The tinted appearance's image",
      details: "(a square PNG of at least 1024 px), for the single-size set.",
      manual: """
        The set's tinted appearance: a square PNG of at least 1024 px, written as the \
        single-size set's tinted image.
        """,
      apply: { options, value throws(UsageError) in
        guard options.tintedImage == nil else {
          throw UsageError(message: "--tinted is given twice: give the tinted image once")
        }
        options.tintedImage = value
      }),
    OptionSpec(
      long: "--dry-run", short: "-n", commands: editCommands + [.check],
      summary: "Print the change as a diff; write nothing",
      details: "(a unified diff of each text file, a line for each new image).",
      manual: """
        Print the change as a unified diff of every text file, and a line for each binary \
        file made or removed, and write nothing. The plan is checked as a real run checks it.
        """,
      apply: { options, _ throws(UsageError) in options.dryRun = true }),
    OptionSpec(
      long: "--fix", commands: [.check],
      summary: "Apply every safe fix, then check again",
      details:
        "(each change printed as file: what changed; a fix that would bring a new finding is not made).",
      manual: """
        Apply the fix of every finding that has a safe one (it changes only declarations, and \
        files made from the app's own images), with the edits *add* makes: in place, written \
        atomically, refused if a file changed meanwhile. The fixes are judged first, on the \
        project as they would leave it: a fix that would bring a new finding is not made, and \
        says so. One line per changed file, then what remains is reported; the exit status \
        follows it. *--rules* shows which ids have fixes.
        """,
      apply: { options, _ throws(UsageError) in options.fix = true }),
    OptionSpec(
      long: "--unsafe-fixes", commands: [.check],
      summary: "With --fix, also the fixes that change artwork",
      details: "(an alpha channel flattened, an image resampled).",
      manual: """
        With *--fix*, also apply the unsafe fixes, which change artwork: the marketing \
        image's alpha channel flattened (*marketing-icon-alpha*), an image resampled to its \
        size (*wrong-pixel-size*).
        """,
      apply: { options, _ throws(UsageError) in options.unsafeFixes = true }),
    OptionSpec(
      long: "--background", value: .example("COLOR", ["#FFFFFF", "#000000"]), commands: [.check],
      summary: "The colour --unsafe-fixes flattens alpha onto",
      details: "(#RRGGBB; default: the image's own edge colour).",
      manual: """
        The colour, *#RRGGBB*, that an alpha channel is flattened onto by *--unsafe-fixes* \
        (default: the mean colour of the image's opaque edge).
        """,
      apply: { options, value throws(UsageError) in options.background = value }),
    OptionSpec(
      long: "--keep-files", commands: [.remove],
      summary: "Keep the icon's set or files; remove only its declarations",
      details: "(the inverse of add NAME without an IMAGE).",
      manual: """
        Take NAME out of its declarations only, and keep its set, *.icon* or loose files: the \
        inverse of *add* <NAME> without an <IMAGE>.
        """,
      apply: { options, _ throws(UsageError) in options.keepFiles = true }),
    OptionSpec(
      long: "--size", value: .example("COLSxROWS", ["24x12", "32x16", "48x24"]),
      commands: [.show], summary: "The preview's size in cells",
      details: "(default 24x12; a cell is about twice as tall as wide, so 2:1 is square).",
      manual: """
        The preview's size in cells (default 24x12; a cell is about twice as tall as wide, so \
        2:1 is square).
        """,
      apply: { options, text throws(UsageError) in
        let parts = text.lowercased().split(separator: "x").map { Int($0) }
        guard parts.count == 2, let columns = parts[0], let rows = parts[1],
          (1...1000).contains(columns), (1...1000).contains(rows)
        else {
          throw UsageError(message: "--size \"\(text)\" is not COLSxROWS, e.g. 24x12")
        }
        options.size = (columns, rows)
      }),
    OptionSpec(
      long: "--appearance",
      value: .choice("A", appearances.map(\.choice)),
      commands: [.show], summary: "The home-screen appearance",
      details: "to show the icon in, as iOS does:",
      manual: """
        The icon as the home screen shows it in that appearance: an icon set's dark or tinted \
        images, or an Icon Composer bundle's specializations and looks (an icon set shows a look \
        with the images of the look's appearance).
        """,
      apply: { options, text throws(UsageError) in
        guard let look = look(named: text) else {
          throw UsageError(
            message:
              "--appearance \"\(text)\" is not one of "
              + appearances.map(\.choice.word).joined(separator: ", "))
        }
        options.look = look
        options.appearance = look.appearance
      }),
    OptionSpec(
      long: "--square", commands: [.show], summary: "A .icon as the uncut square",
      details:
        "(by default it is cut to the rounded square, corners transparent, as Icon Composer exports it).",
      manual: """
        With *--output*, an Icon Composer bundle as the uncut square; by default it is cut to \
        the rounded square, its corners transparent, as Icon Composer exports it.
        """,
      apply: { options, _ throws(UsageError) in options.square = true }),
    OptionSpec(
      long: "--output", short: "-o", value: .file("FILE.png", pattern: "*.png"),
      commands: [.show], summary: "Write the icon as a PNG",
      details: "of N x N pixels (replacing FILE.png) instead of printing its preview.",
      manual:
        "Write the icon as an <N>x<N> PNG (replacing <FILE.png>) instead of printing its preview.",
      apply: { options, value throws(UsageError) in options.output = value }),
    OptionSpec(
      long: "--pixels", value: .example("N", ["256", "512", "1024"]), commands: [.show],
      summary: "The PNG's side in pixels", details: "(1 to 4096; default 1024).",
      manual: "The side of the PNG *--output* writes, 1 to 4096 (default 1024).",
      apply: { options, text throws(UsageError) in
        guard let pixels = Int(text), (1...Options.maximumPixels).contains(pixels) else {
          throw UsageError(
            message: "--pixels \"\(text)\" is not a whole number from 1 to \(Options.maximumPixels)"
          )
        }
        options.pixels = pixels
      }),
  ]
}
