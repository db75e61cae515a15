import FoundationEssentials
import IconCatalog

/// What actool and iOS make of how an `.appiconset` is put together:
/// - `unassigned-child` (warning): a file in the set that Contents.json names in no slot (actool:
///   "The app icon set "X" has an unassigned child"), left out of the app;
/// - `mixed-sizes-and-appearances` (warning): per-size iPhone or iPad entries beside dark or
///   tinted entries; iOS 18 keeps using the sized images and never shows the dark or tinted icon.
enum CatalogChecks {
  /// One `images` entry of Contents.json.
  struct Entry {
    var index: Int
    var filename: String?
    var idiom: String?
    var appearance: String?
  }

  static func diagnose(_ facts: ProjectFacts) -> [Diagnostic] {
    var found: [Diagnostic] = []
    for set in facts.iconSets where set.folder.pathExtension == "appiconset" {
      let contents = set.folder.appendingPathComponent("Contents.json", isDirectory: false)
      // An unreadable Contents.json is reported where the set is read.
      guard let data = RegularFile.contents(contents, limit: FileLimits.contentsJSON),
        let entries = entries(data)
      else { continue }
      found += unassignedChildren(set, entries: entries)
      found += mixedSizesAndAppearances(set, entries: entries, lines: JSONLines(data))
    }
    return found
  }

  static func entries(_ data: Data) -> [Entry]? {
    guard let object = try? JSONTree.object(from: data) as? [String: Any] else {
      return nil
    }
    let images = object["images"] as? [Any] ?? []
    return images.enumerated().map { index, item in
      let image = item as? [String: Any] ?? [:]
      var appearance: String?
      for case let entry as [String: Any] in image["appearances"] as? [Any] ?? []
      where entry["appearance"] as? String == "luminosity" {
        appearance = entry["value"] as? String
      }
      return Entry(
        index: index, filename: (image["filename"] as? String).flatMap { $0.isEmpty ? nil : $0 },
        idiom: image["idiom"] as? String, appearance: appearance)
    }
  }

  // MARK: unassigned-child

  static func unassignedChildren(_ set: ProjectFacts.IconSet, entries: [Entry]) -> [Diagnostic] {
    // File systems on the Mac ignore case, so "Icon.PNG" in Contents.json names icon.png.
    let named = Set(entries.compactMap { $0.filename?.lowercased() })
    guard let names = ReadDisk.names(inFolder: set.folder.path)
    else { return [] }
    let children = names.filter { name in
      !name.hasPrefix(".") && name != "Contents.json" && !named.contains(name.lowercased())
        && RegularFile.isRegularFile(set.folder.appendingPathComponent(name).path)
    }.map { set.folder.appendingPathComponent($0, isDirectory: false) }.sorted {
      $0.lastPathComponent < $1.lastPathComponent
    }
    let setName = "\"" + MessageText.escaped(set.name, quoting: true) + "\""
    let count =
      children.count == 1 ? "has an unassigned child" : "has \(children.count) unassigned children"
    return children.map { child in
      Diagnostic(
        id: .unassignedChild, file: URL(fileURLWithPath: child.standardizedFileURL.path).path,
        message:
          "\(MessageText.escaped(child.lastPathComponent)) lies in the app icon set \(setName), but its Contents.json names it in no slot, so the build leaves it out (actool: \"The app icon set \(setName) \(count).\")",
        fix:
          "Drop it onto its slot in Xcode's asset catalog editor (which names it in Contents.json), or delete it.",
        subject: child.lastPathComponent)
    }
  }

  // MARK: mixed-sizes-and-appearances

  static func mixedSizesAndAppearances(
    _ set: ProjectFacts.IconSet, entries: [Entry], lines: JSONLines
  ) -> [Diagnostic] {
    let variants = entries.filter {
      $0.filename != nil && ($0.appearance == "dark" || $0.appearance == "tinted")
    }
    let sized = entries.filter {
      $0.filename != nil && $0.appearance == nil && ($0.idiom == "iphone" || $0.idiom == "ipad")
    }
    guard let first = variants.first, !sized.isEmpty else { return [] }
    let kinds = Set(variants.compactMap(\.appearance)).sorted().joined(separator: " and ")
    let setName = "\"" + MessageText.escaped(set.name, quoting: true) + "\""
    return [
      Diagnostic(
        id: .mixedSizesAndAppearances, file: set.file.path,
        line: lines.line(of: "images[\(first.index)]"),
        message:
          "app icon set \(setName) has \(kinds) images beside \(sized.count) per-size iPhone or iPad images; iOS 18 keeps using the sized images and never shows the \(kinds) icon",
        fix:
          "Make the set single-size (Xcode: iOS → Single Size): one 1024×1024 universal image for each appearance; Xcode still makes every size for older iOS versions."
      )
    ]
  }
}
