import FoundationEssentials
import IconCatalog

/// `ignored-slot` (warning): an `.appiconset` entry that names an image at a size its idiom has
/// no icon of (an `iphone` 76×76 entry). actool ignores the entry: no file, no rendition, so the
/// image is not in the app. Which sizes each idiom has is IconCatalog's `AppIconSlots`, the table
/// the reading drops such entries by; this rule only says so, at the entry's line.
enum IgnoredSlotChecks {
  static func diagnose(_ facts: ProjectFacts) -> [Diagnostic] {
    var found: [Diagnostic] = []
    var seen = Set<String>()
    for set in facts.iconSets where seen.insert(set.folder.path).inserted {
      let named = set.ignoredEntries.filter { $0.filename != nil }
      guard !named.isEmpty else { continue }
      let lines = RegularFile.contents(set.file, limit: FileLimits.contentsJSON).map(JSONLines.init)
      let setName = "\"" + MessageText.escaped(set.name, quoting: true) + "\""
      for entry in named {
        let size = MessageText.escaped(entry.size)
        let idiom = MessageText.escaped(entry.idiom)
        found.append(
          Diagnostic(
            id: .ignoredSlot, file: set.file.path,
            line: lines?.line(of: "images[\(entry.index)]"),
            message:
              "app icon set \(setName) names \(MessageText.escaped(entry.filename ?? "")) in an entry of idiom \(idiom) and size \(size), a size no \(idiom) icon has: actool ignores the entry, so the image is in no file or rendition of the app",
            fix:
              "Move the image to a slot of the size its device uses (76x76 and 83.5x83.5 are iPad sizes, 60x60 is iPhone's), or delete the entry.",
            // Without the entry the build is the same: actool ignored it.
            autofix: .removeContentsEntry(contents: set.file.path, index: entry.index)
          ))
      }
    }
    return found
  }
}
