import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which names `add` accepts: a name becomes a folder (`NAME.appiconset`), a file name, an
/// Info.plist key and a word of a build setting, so it must be all four.
enum IconNameRules {
  /// Why `name` cannot be an icon name; nil when it can.
  static func problem(with name: String) -> String? {
    if name.isEmpty { return "it is empty" }
    if name != name.trimmingWhitespaceAndNewlines() {
      return "it starts or ends with a space"
    }
    if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return "it holds a control character"
    }
    if name.contains("/") {
      return "it holds a \"/\", which makes it a folder (a namespace) in an asset catalog"
    }
    if name.contains(":") {
      return "it holds a \":\", which a Mac's file system does not allow in a file name"
    }
    if name.hasPrefix(".") { return "it starts with \".\", which hides the file" }
    if name.contains("$(") || name.contains("${") {
      return "it holds \"$(\", which Xcode would expand as a build setting"
    }
    if name.contains("\"") || name.contains("\\") {
      return "it holds a quote or a backslash, which build settings read as quoting"
    }
    if name.utf8.count + ".appiconset".utf8.count > 255 {
      return "it is too long for a file name (\(name.utf8.count) bytes)"
    }
    return nil
  }

  /// The icon or set of the app that `name` would collide with, ignoring case (asset catalogs,
  /// a Mac's file system and actool's look-up all ignore it); nil when it is free.
  static func collision(of name: String, in context: EditContext) -> String? {
    let lowered = name.lowercased()
    let names =
      context.app.allIcons.flatMap { [$0.name, $0.assetName].compactMap { $0 } }
      + context.facts.iconSets.map(\.name)
    return names.first { $0.lowercased() == lowered }
  }
}
