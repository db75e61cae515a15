import Foundation

/// An alternate icon as Info.plist declares it.
struct DeclaredAlternate: Equatable, Sendable {
  /// The key of `CFBundleAlternateIcons`: what `setAlternateIconName` takes.
  var name: String
  /// Its `CFBundleIconName`: the asset holding the images. Raw; may hold `$(VAR)`.
  var iconName: String?
}

/// The keys of an app's Info.plist that iconpick reads. String values are raw: they may hold
/// `$(VAR)` references, which the caller expands with the build settings.
struct InfoPlist {
  let file: URL
  private let root: [String: Any]

  /// The icon dictionaries, iPhone first; each declares a primary and alternates.
  static let iconKeys = ["CFBundleIcons", "CFBundleIcons~ipad"]

  init(file: URL, root: [String: Any]) {
    self.file = file
    self.root = root
  }

  /// XML, binary or old ASCII; Foundation tells them apart.
  static func read(_ file: URL) throws(IconCatalogError) -> InfoPlist {
    InfoPlist(file: file, root: try PropertyListFile.readDictionary(file))
  }

  var displayName: String? { root["CFBundleDisplayName"] as? String }
  var bundleName: String? { root["CFBundleName"] as? String }
  var bundleIdentifier: String? { root["CFBundleIdentifier"] as? String }

  /// `CFBundleIcons` → `CFBundlePrimaryIcon` → `CFBundleIconName` (the iPhone entry first).
  func primaryIconName() throws(IconCatalogError) -> String? {
    for key in Self.iconKeys {
      guard let icons = try dictionary(root, key, path: key) else { continue }
      let path = "\(key) → CFBundlePrimaryIcon"
      guard let primary = try dictionary(icons, "CFBundlePrimaryIcon", path: path) else { continue }
      if let name = try string(primary, "CFBundleIconName", path: path + " → CFBundleIconName") {
        return name
      }
    }
    return nil
  }

  /// The `CFBundleAlternateIcons` entries of every icon dictionary, without repeats.
  /// Plist dictionaries carry no order, so the entries come sorted by name.
  func alternates() throws(IconCatalogError) -> [DeclaredAlternate] {
    var found: [DeclaredAlternate] = []
    for key in Self.iconKeys {
      guard let icons = try dictionary(root, key, path: key) else { continue }
      let path = "\(key) → CFBundleAlternateIcons"
      guard let entries = try dictionary(icons, "CFBundleAlternateIcons", path: path) else {
        continue
      }
      for name in entries.keys.sorted() where !found.contains(where: { $0.name == name }) {
        guard let entry = try dictionary(entries, name, path: "\(path) → \(name)") else { continue }
        let iconName = try string(
          entry, "CFBundleIconName", path: "\(path) → \(name) → CFBundleIconName")
        found.append(DeclaredAlternate(name: name, iconName: iconName))
      }
    }
    return found
  }

  // MARK: Typed access that names the offending key

  private func dictionary(_ parent: [String: Any], _ key: String, path: String)
    throws(IconCatalogError)
    -> [String: Any]?
  {
    guard let value = parent[key] else { return nil }
    guard let dictionary = value as? [String: Any] else {
      throw .invalidInfoPlist(
        file: file.path, reason: "\(path) is \(Self.kind(of: value)), expected a dictionary")
    }
    return dictionary
  }

  private func string(_ parent: [String: Any], _ key: String, path: String) throws(IconCatalogError)
    -> String?
  {
    guard let value = parent[key] else { return nil }
    guard let string = value as? String else {
      throw .invalidInfoPlist(
        file: file.path, reason: "\(path) is \(Self.kind(of: value)), expected a string")
    }
    return string
  }

  private static func kind(of value: Any) -> String {
    switch value {
    case is String: return "a string"
    case is [Any]: return "an array"
    case is [String: Any]: return "a dictionary"
    case is Data: return "data"
    case is Date: return "a date"
    case is Bool, is NSNumber: return "a number"
    default: return "a \(type(of: value))"
    }
  }
}
