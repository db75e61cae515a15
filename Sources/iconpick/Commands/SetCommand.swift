import FoundationEssentials
import IconCatalog
import IconState

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `iconpick set NAME [PATH]` and `iconpick reset [PATH]`: change the icon as
/// `setAlternateIconName` does, and confirm with the system's alert line on stderr.
struct SetCommand {
  var options: Options
  var environment: [String: String]

  func run() throws -> ExitStatus {
    let context = try AppContext.load(options, environment: environment)
    // Recorded per bundle identifier: without one, say so before anything else.
    _ = try context.switcher.requireRecordableBundleIdentifier()
    let app = context.app
    // reset, or set with the primary's own name, goes back to the primary.
    let requested = options.command == .reset ? nil : options.iconName
    let target = requested == app.primary.name ? nil : requested
    if let target, app.alternate(named: target) == nil { throw context.unknownIcon(target) }
    if let target, let icon = app.alternate(named: target), app.isMissingOnIPad(icon) {
      // Recorded all the same: iPhone accepts it. The same fact as check's missing-ipad-declaration.
      IconpickCommand.printWarning(
        "\"\(MessageText.escaped(target))\" is not in the built CFBundleIcons~ipad of \(MessageText.escaped(app.appName)), which runs on iPad: setAlternateIconName(\"\(MessageText.escaped(target))\") fails there (iPad will refuse it)"
      )
    }
    let current = try context.switcher.readChoice().alternateIconName
    if current == target {
      if !options.quiet {
        let name = target ?? app.primary.name
        IconpickCommand.printNote(
          "\"\(MessageText.escaped(name))\" is already the icon for \(MessageText.escaped(app.appName)); nothing changed"
        )
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
