import Foundation
import IconCatalog
import IconState

/// `iconpick set NAME [PATH]` and `iconpick reset [PATH]`: change the icon as
/// `setAlternateIconName` does, and confirm with the system's alert line on stderr.
struct SetCommand {
  var options: Options
  var environment: [String: String]

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  func run() throws -> ExitStatus {
    let context = try AppContext.load(options, environment: environment)
    let app = context.app
    for warning in app.warnings { IconpickCommand.printWarning(warning) }
    // reset, or set with the primary's own name, goes back to the primary.
    let requested = options.command == .reset ? nil : options.iconName
    let target = requested == app.primary.name ? nil : requested
    if let target, app.alternate(named: target) == nil {
      let suggestions = NameSuggestions.close(to: target, among: app.allIcons.map(\.name)).prefix(3)
      let hint =
        suggestions.isEmpty
        ? "its icons are \(app.listedIcons.map { "\"\($0.name)\"" }.joined(separator: ", "))"
        : "did you mean \(suggestions.map { "\"\($0)\"" }.joined(separator: " or "))?"
      throw Failure(
        description:
          "no icon named \"\(PrintableName.printable(target))\" in \(app.appName) (names are matched exactly); \(hint)"
      )
    }
    let current = try context.switcher.readChoice().alternateIconName
    if current == target {
      if !options.quiet {
        let name = target ?? app.primary.name
        IconpickCommand.printNote(
          "\"\(name)\" is already the icon for \(app.appName); nothing changed")
      }
      return .success
    }
    let notices = try context.switcher.setAlternateIconName(target)
    for notice in notices { IconpickCommand.printWarning(notice.description) }
    if !options.quiet {
      StandardError.write(
        ChangeAlert.message(appName: app.appName, unicode: LocaleGlyphs.isUTF8) + "\n")
    }
    return .success
  }
}

/// Names as they can be shown in a one-line message.
enum PrintableName {
  /// Control characters shown escaped, so a hostile name cannot drive the terminal.
  static func printable(_ text: String) -> String {
    text.unicodeScalars.map { scalar in
      scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
    }.joined()
  }
}
