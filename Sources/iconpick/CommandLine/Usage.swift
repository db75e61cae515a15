/// The help texts, one per command.
enum Usage {
  static let globalOptions = """
    OPTIONS:
      --state-dir DIR       Keep the recorded choice in DIR
                            (default: $XDG_STATE_HOME/iconpick or ~/.local/state/iconpick).
      --target NAME         The app target, when the project has several.
      --configuration NAME  The build configuration to read (default: Release).
      --color MODE          truecolor, 256, 16 or none (default: from NO_COLOR,
                            COLORTERM and terminfo).
      -h, --help            Show help.
      --version             Show the version.
    """

  static let pathArgument = """
    ARGUMENTS:
      PATH    The app: a folder holding an .xcodeproj, an Info.plist or an .xcassets; an
              .xcodeproj; an Info.plist; or a built .app. Default: the current folder if it
              holds an app, otherwise the bundled demo app, Palette.
    """

  static func text(for command: Subcommand) -> String {
    switch command {
    case .pick:
      return """
        USAGE: iconpick [PATH] [OPTIONS]
               iconpick list [PATH] [--json] [OPTIONS]
               iconpick get [PATH] [--json] [OPTIONS]
               iconpick set NAME [PATH] [--quiet] [OPTIONS]
               iconpick reset [PATH] [--quiet] [OPTIONS]
               iconpick push PAYLOAD|- [PATH] [--quiet] [OPTIONS]
               iconpick show [NAME] [PATH] [--size COLSxROWS] [--appearance A] [OPTIONS]
               iconpick show [NAME] [PATH] --output FILE.png [--pixels N] [--appearance A]
               iconpick check [PATH] [--format FORMAT] [--warnings-as-errors] [OPTIONS]
               iconpick check --rules [--json]

        Choose the app's icon in an interactive picker, as iOS's alternate icons do.

        \(pathArgument)

        \(globalOptions)

        COMMANDS:
          list      List the app's icons; the active one is marked.
          get       Print the active icon's name.
          set       Make NAME the active icon (the primary's name resets).
          reset     Go back to the primary icon.
          push      Apply a push payload carrying icon_name; print newData, noData or failed.
          show      Print an icon's preview as terminal escape sequences, or write it as a PNG.
          check     Find misconfigured icons before App Review does.

        Run 'iconpick COMMAND --help' for a command's own help.

        KEYS: ↑/↓ k/j Ctrl-P/Ctrl-N move · PgUp/PgDn Home/End g/G jump · Enter choose ·
        / filter (Esc clears) · v grid/list (←/→ h/l in the grid) · q/Esc quit

        EXIT STATUS: 0 done · 1 failed · 2 bad command line · 130 interrupted (Ctrl-C).
        """
    case .list:
      return """
        USAGE: iconpick list [PATH] [--json] [OPTIONS]

        List the app's icons: the primary first, then the alternates in case-insensitive
        order. ✓ marks the active one; each line shows the display name, the name to pass
        to setAlternateIconName and the number of image files.

        \(pathArgument)

        \(globalOptions)
          --json                Print JSON: {"app", "supportsAlternateIcons",
                                "alternateIconName", "icons": [...]}.

        EXIT STATUS: 0 done · 1 failed · 2 bad command line.
        """
    case .show:
      return """
        USAGE: iconpick show [NAME] [PATH] [--size COLSxROWS] [--appearance A] [OPTIONS]
               iconpick show [NAME] [PATH] --output FILE.png [--pixels N] [--square] [--appearance A]

        Print an icon's preview to stdout as escape sequences (no curses), for scripts and
        documentation: half-block cells, masked to the home-screen shape. With --output,
        write the icon as a PNG instead: an icon set's or loose file's image, or an Icon
        Composer bundle drawn from its layers (on Linux, the one way to see a .icon as an
        image, cut to the rounded square as Icon Composer exports it). PATH may be one .icon
        bundle. NAME is the name setAlternateIconName takes; the default is the active
        icon. One word is taken as PATH when such a file exists, otherwise as NAME.

        \(pathArgument)

        \(globalOptions)
          --size COLSxROWS      The size in cells (default 24x12; a cell is about twice as
                                tall as wide, so 2:1 is square).
          --appearance A        light (the default), dark or tinted: the icon as iOS shows
                                it in that home-screen appearance. A .icon also takes
                                tinted-light, clear-light and clear-dark (tinted is
                                Icon Composer's TintedDark).
          -o, --output FILE.png Write the icon as an N x N PNG (replacing FILE.png).
          --pixels N            The PNG's side in pixels, 1 to 4096 (default 1024).
          --square              A .icon as the uncut square (by default it is cut to the
                                rounded square, corners transparent, as Icon Composer
                                exports it).

        EXIT STATUS: 0 done · 1 failed (no such icon, or it could not be drawn: a
        placeholder is printed and the reason goes to stderr; no PNG is written) · 2 bad
        command line.
        """
    case .get:
      return """
        USAGE: iconpick get [PATH] [--json] [OPTIONS]

        Print the active icon's name, as alternateIconName reads it; for the primary, the
        primary's name. With --json: {"active": NAME, "alternateIconName": NAME or null}.

        \(pathArgument)

        \(globalOptions)

        EXIT STATUS: 0 done · 1 failed · 2 bad command line.
        """
    case .set:
      return """
        USAGE: iconpick set NAME [PATH] [--quiet] [OPTIONS]

        Make NAME the active icon, as setAlternateIconName does. NAME is matched exactly;
        the primary's name resets to the primary. On a change the system's alert line,
        You have changed the icon for “App”., goes to stderr (not with --quiet).
        An unknown NAME changes nothing and suggests close names.

        \(pathArgument)

        \(globalOptions)
          -q, --quiet           Print nothing on success.

        EXIT STATUS: 0 done · 1 failed (unknown icon, the choice could not be recorded;
        it is then unchanged) · 2 bad command line.
        """
    case .reset:
      return """
        USAGE: iconpick reset [PATH] [--quiet] [OPTIONS]

        Go back to the primary icon, as setAlternateIconName(nil) does.

        \(pathArgument)

        \(globalOptions)
          -q, --quiet           Print nothing on success.

        EXIT STATUS: 0 done · 1 failed · 2 bad command line.
        """
    case .push:
      return """
        USAGE: iconpick push PAYLOAD|- [PATH] [--quiet] [OPTIONS]

        Apply a push payload, a JSON object of at most 4096 bytes read from the file
        PAYLOAD or from stdin (-), as an app does with a notification carrying icon_name.
        Prints, with the words of UIBackgroundFetchResult:
          newData   icon_name named another icon (null or the primary's name resets);
                    the alert line goes to stderr
          noData    no icon_name, or that icon is already active
          failed    not a JSON object, too large, an unknown name or a wrong type, or a
                    .apns "Simulator Target Bundle" for another app; the reason goes to
                    stderr and nothing changes

        \(pathArgument)

        \(globalOptions)
          -q, --quiet           No alert line on stderr.

        EXIT STATUS: 0 newData or noData · 1 failed · 2 bad command line.
        """
    case .check:
      return """
        USAGE: iconpick check [PATH] [--format FORMAT] [--warnings-as-errors] [OPTIONS]
               iconpick check --rules [--json]

        Check the app's icon configuration the way the build and App Review will: declared
        names without images, sets the build would not ship, names missing for iPad, file
        names with extensions, wrong pixel sizes, non-PNG files, alpha channels, loose
        files in catalogs. By default each finding prints compiler-style, `path:line:
        error: message [id]`, with the fix on the next line, then a count. Without
        --target, every app target of a project that can have alternate icons is checked,
        each under its name with its own count.

        \(pathArgument)

        \(globalOptions)
          --format FORMAT       How to print the findings:
                                  gcc     path:line: error: message [id], the fix, a count
                                          (the default; Xcode shows it from a Run Script)
                                  json    {"diagnostics": [...], "errors": N, "warnings": N}
                                  github  GitHub Actions annotations (::error file=...::)
                                  sarif   SARIF 2.1.0, for code scanning
                                  junit   JUnit XML, for GitLab and Jenkins (warnings pass
                                          with the text in system-out, unless
                                          --warnings-as-errors)
          --json                The same as --format json.
          --warnings-as-errors  Fail on warnings too.
          --rules               List every id check can report (id, severity, ITMS code,
                                summary) and check nothing; with --json, every field.

        EXIT STATUS: 0 no errors · 1 errors found (or warnings, with --warnings-as-errors),
        or the project could not be read · 2 bad command line.
        """
    }
  }
}
