import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The fixes of build settings: a name spelt as its set spells it, and the primary's name set
/// where nothing names it. Both edit where the target's value comes from, as `add` does
/// (`SettingDeclaration`).
enum SettingFixes {
  static let primaryKey = "ASSETCATALOG_COMPILER_APPICON_NAME"

  static func rename(
    setting: String, written: String, correct: String, context: EditContext
  ) throws(EditError) -> EditPlan {
    guard !written.isEmpty, !correct.isEmpty, written != correct else {
      throw .unsupported(
        file: context.projectDescription,
        reason:
          "renaming \"\(written)\" to \"\(correct)\" in \(setting) is not a change iconpick can make"
      )
    }
    let summary = "\"\(written)\" spelt \"\(correct)\" in \(setting)"
    let edit = SettingDeclaration.SettingEdit(
      key: setting, summary: summary,
      text: { SettingList.renaming(written, to: correct, in: $0) },
      list: { items in items.contains(written) ? items.map { $0 == written ? correct : $0 } : nil },
      whenUnset: nil)
    var files = PlannedFiles(root: context.places.root)
    let places = try SettingDeclaration.plan(edit, context: context, files: &files)
    guard !files.changes.isEmpty else {
      return FixPlanner.nothingToDo(
        context, name: correct, "\(setting) does not name \"\(written)\"")
    }
    return FixPlanner.plan(
      files, form: "\(summary) (\(places.joined(separator: "; ")))", name: correct)
  }

  static func setPrimaryIconName(_ name: String, context: EditContext) throws(EditError) -> EditPlan
  {
    guard IconNameRules.problem(with: name) == nil else {
      throw .invalidName(name: name, reason: IconNameRules.problem(with: name) ?? "")
    }
    let summary = "\(primaryKey) set to \"\(name)\""
    var files = PlannedFiles(root: context.places.root)
    let places = context.places
    if places.projectFile == nil
      && !places.settingPlaces(primaryKey).contains(where: { $0.level == .configurationFile })
    {
      return try appendToFolderConfiguration(name, summary: summary, context: context)
    }
    // Only a value that names nothing is set: a configuration naming another set is its own.
    let edit = SettingDeclaration.SettingEdit(
      key: primaryKey, summary: summary,
      text: { $0.trimmingWhitespace().isEmpty ? SettingList.written(name) : nil },
      list: { $0.isEmpty ? [name] : nil },
      whenUnset: SettingList.written(name))
    let changed = try SettingDeclaration.plan(edit, context: context, files: &files)
    guard !files.changes.isEmpty else {
      return FixPlanner.nothingToDo(
        context, name: name, "\(primaryKey) is set in every configuration")
    }
    return FixPlanner.plan(
      files, form: "\(summary) (\(changed.joined(separator: "; ")))", name: name)
  }

  /// A folder without a project: the line goes at the end of its one `.xcconfig`.
  private static func appendToFolderConfiguration(
    _ name: String, summary: String, context: EditContext
  ) throws(EditError) -> EditPlan {
    let root = context.places.root
    let configurations = xcconfigFiles(under: root)
    guard configurations.count == 1, let file = configurations.first else {
      throw .unsupported(
        file: root.path,
        reason: configurations.isEmpty
          ? "no Xcode project, XcodeGen spec or .xcconfig was found to set \(primaryKey) in"
          : "\(configurations.count) .xcconfig files were found, and which one the build reads is not known: set \(primaryKey) = \(name) in it"
      )
    }
    var files = PlannedFiles(root: root)
    var config = try XCConfigEditor(file: file, bytes: try files.current(file))
    let line = try config.appendLine("\(primaryKey) = \(SettingList.written(name))")
    try files.edit(file, to: config.bytes, summary)
    return FixPlanner.plan(
      files, form: "\(summary) (\(file.lastPathComponent):\(line))", name: name)
  }

  /// The `.xcconfig` files under `root`, outside hidden and build folders.
  static func xcconfigFiles(under root: URL) -> [URL] {
    let skipped: Set<String> = ["build", "DerivedData", "Pods", "Carthage", "node_modules"]
    var found: [URL] = []
    var pending = [root]
    var visited = 0
    while let folder = pending.popLast(), visited < 10_000 {
      visited += 1
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
        continue
      }
      for name in names.sorted() where !name.hasPrefix(".") && !skipped.contains(name) {
        let path = folder.appendingPathComponent(name)
        var status = stat()
        guard lstat(path.path, &status) == 0 else { continue }
        if status.st_mode & S_IFMT == S_IFDIR {
          if !["xcassets", "xcodeproj", "app", "icon", "appiconset"].contains(path.pathExtension) {
            pending.append(path)
          }
        } else if status.st_mode & S_IFMT == S_IFREG, path.pathExtension == "xcconfig" {
          found.append(path)
        }
      }
    }
    return found
  }
}

extension SettingList {
  /// `text` with each item `old` written `new`, its quotes kept; nil when no item is `old`.
  static func renaming(_ old: String, to new: String, in text: String) -> String? {
    let found = items(text).filter { $0.value == old }
    guard !found.isEmpty else { return nil }
    var result = ""
    var position = text.startIndex
    for item in found {
      result += text[position..<item.range.lowerBound]
      let raw = String(text[item.range])
      let quoted = raw.hasPrefix("\"") || raw.hasPrefix("'")
      // A quoted item keeps its quotes; anything else is written as a new item would be.
      if quoted, raw != old, raw.contains(old),
        !new.contains(where: { $0 == "\"" || $0 == "'" || $0 == "\\" })
      {
        result += raw.replacingAll(old, with: new)
      } else {
        result += written(new)
      }
      position = item.range.upperBound
    }
    result += text[position...]
    return result
  }
}
