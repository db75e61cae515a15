import FoundationEssentials
import IconCatalog

/// The fixes that change one value of an Info.plist: a `CFBundleIconFiles` name without its
/// extension, `CFBundlePrimaryIcon` moved out of `CFBundleAlternateIcons`, a value in its
/// documented type.
enum PlistFixes {
  static func removeIconFileExtension(
    plist: String, keyPath: [String], index: Int, value: String, context: EditContext
  ) throws(EditError) -> EditPlan {
    let file = URL(fileURLWithPath: plist)
    var files = PlannedFiles(root: context.places.root)
    var editor = try InfoPlistEditor(file: file, bytes: try files.current(file))
    guard let items = editor.value(at: keyPath) as? [Any] else {
      throw .cannotEdit(file: plist, reason: "no array at \(FixPlanner.show(keyPath))")
    }
    let strings = items.map { $0 as? String }
    // `value` is the name without its extension; a finding that gives it as written works too.
    let wanted = withoutImageExtension(value)
    func isWrittenWithExtension(_ text: String?) -> Bool {
      guard let text else { return false }
      return ProjectFacts.IconFiles.hasImageExtension(text)
        && (withoutImageExtension(text) == wanted
          || ProjectFacts.IconFiles.baseName(text) == wanted)
    }
    let position =
      strings.indices.contains(index) && isWrittenWithExtension(strings[index])
      ? index : strings.firstIndex(where: isWrittenWithExtension)
    guard let position, let written = strings[position] else {
      if strings.contains(wanted) {
        return FixPlanner.nothingToDo(
          context, name: wanted,
          "\(FixPlanner.show(keyPath)) names \"\(wanted)\" without an extension")
      }
      throw .cannotEdit(
        file: plist,
        reason: "\(FixPlanner.show(keyPath)) holds no \"\(wanted)\" written with an extension")
    }
    let summary: String
    if strings.enumerated().contains(where: { $0.offset != position && $0.element == wanted }) {
      // Without its extension it is a name the array already holds: the copy goes.
      try editor.removeArrayElement(at: keyPath, index: position)
      summary =
        "\"\(written)\" removed from \(FixPlanner.show(keyPath)), which also names \"\(wanted)\""
    } else {
      try editor.replaceArrayElement(.string(wanted), at: keyPath, index: position)
      summary = "\"\(written)\" written \"\(wanted)\" in \(FixPlanner.show(keyPath))"
    }
    try files.edit(file, to: editor.bytes, summary)
    return FixPlanner.plan(files, form: summary, name: wanted)
  }

  /// `Blue.png` → `Blue`; a name without an image extension is kept (`Icon83.5x83.5`).
  static func withoutImageExtension(_ name: String) -> String {
    guard ProjectFacts.IconFiles.hasImageExtension(name), let dot = name.lastIndex(of: ".") else {
      return name
    }
    return String(name[..<dot])
  }

  static func movePrimaryOutOfAlternates(
    plist: String, dictionary: String, context: EditContext
  ) throws(EditError) -> EditPlan {
    let file = URL(fileURLWithPath: plist)
    var files = PlannedFiles(root: context.places.root)
    var editor = try InfoPlistEditor(file: file, bytes: try files.current(file))
    let source = [dictionary, "CFBundleAlternateIcons", "CFBundlePrimaryIcon"]
    let destination = [dictionary, "CFBundlePrimaryIcon"]
    guard editor.value(at: source) != nil else {
      return FixPlanner.nothingToDo(
        context, name: "CFBundlePrimaryIcon",
        "\(dictionary) → CFBundleAlternateIcons holds no CFBundlePrimaryIcon")
    }
    guard editor.value(at: destination) == nil else {
      throw .cannotEdit(
        file: plist,
        reason:
          "\(dictionary) has a CFBundlePrimaryIcon of its own as well as the one inside CFBundleAlternateIcons; which one is meant is a choice: remove one by hand"
      )
    }
    try editor.move(from: source, to: destination)
    let summary =
      "CFBundlePrimaryIcon moved out of \(dictionary) → CFBundleAlternateIcons into \(dictionary)"
    try files.edit(file, to: editor.bytes, summary)
    return FixPlanner.plan(files, form: summary, name: "CFBundlePrimaryIcon")
  }

  static func setValue(
    plist: String, keyPath: [String], value: IconFix.Value, context: EditContext
  ) throws(EditError) -> EditPlan {
    let file = URL(fileURLWithPath: plist)
    var files = PlannedFiles(root: context.places.root)
    var editor = try InfoPlistEditor(file: file, bytes: try files.current(file))
    let written = plistValue(value)
    let shown = described(value)
    if let current = editor.value(at: keyPath),
      InfoPlistTree(current) == InfoPlistTree(written.foundationValue)
    {
      return FixPlanner.nothingToDo(
        context, name: keyPath.last ?? "", "\(FixPlanner.show(keyPath)) is already \(shown)")
    }
    try editor.set(written, at: keyPath)
    let summary = "\(FixPlanner.show(keyPath)) written as \(shown)"
    try files.edit(file, to: editor.bytes, summary)
    return FixPlanner.plan(files, form: summary, name: keyPath.last ?? "")
  }

  static func plistValue(_ value: IconFix.Value) -> PlistValue {
    switch value {
    case .bool(let flag): return .bool(flag)
    case .string(let text): return .string(text)
    case .strings(let items): return .array(items.map { .string($0) })
    }
  }

  static func described(_ value: IconFix.Value) -> String {
    switch value {
    case .bool(let flag): return flag ? "<true/>" : "<false/>"
    case .string(let text): return "the string \"\(text)\""
    case .strings(let items):
      return "an array of \(items.count) string\(items.count == 1 ? "" : "s")"
    }
  }
}
