import FoundationEssentials
import IconCatalog
import IconState

/// `iconpick get [PATH] [--json]`: the active icon's name (the primary's name for the primary).
struct GetCommand {
  var options: Options
  var environment: [String: String]

  func run() throws -> ExitStatus {
    let context = try AppContext.load(options, environment: environment)
    // The choice is kept per bundle identifier: without one there is nothing to read.
    _ = try context.switcher.requireBundleIdentifier()
    let choice = try context.switcher.readChoice()
    if let notice = choice.notice { IconpickCommand.printWarning(notice.description) }
    let active = choice.alternateIconName ?? context.app.primary.name
    if options.json {
      // null, not a missing key, says "the primary", as alternateIconName does on iOS.
      let alternate: Any = choice.alternateIconName ?? NullValue()
      let data = try JSONTree.data(
        object: ["alternateIconName": alternate, "active": active], formatting: [.sortedKeys])
      print(MessageText.jsonSafe(String(decoding: data, as: UTF8.self)))
    } else {
      // A line for scripts and terminals: escaped, and shortened past MessageText.nameLimit
      // (--json gives the name whole).
      print(MessageText.escaped(active))
    }
    return .success
  }
}
