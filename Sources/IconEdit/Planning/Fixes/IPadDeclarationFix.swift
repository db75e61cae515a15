import FoundationEssentials
import IconCatalog

/// `declareForIPad`: the alternate's entry copied from `CFBundleIcons` into
/// `CFBundleIcons~ipad` (made, with the primary's entry, when missing), and its iPad images
/// made from its largest file where that is large enough.
enum IPadDeclarationFix {
  /// The iPad sizes App Store Connect asks of an alternate (ITMS-90892).
  static let iPadSizes = IconFix.Size.iPadRequired

  /// Makes `CFBundleIcons~ipad` where the Info.plist lacks it, with the primary's entry copied
  /// from `from` (a `CFBundleIcons~ipad` without the primary would leave iPad without its
  /// home-screen icon): the one shape for it, whoever writes it (`add`, `--fix`). True when it
  /// was made with the primary's entry.
  static func makeIPadIcons(in editor: inout InfoPlistEditor, from: String = "CFBundleIcons")
    throws(EditError) -> Bool
  {
    guard editor.value(at: ["CFBundleIcons~ipad"]) == nil,
      editor.value(at: [from, "CFBundlePrimaryIcon"]) != nil
    else { return false }
    try editor.copy(
      from: [from, "CFBundlePrimaryIcon"], to: ["CFBundleIcons~ipad", "CFBundlePrimaryIcon"])
    return true
  }

  static func plan(plist: String, name: String, context: EditContext) throws(EditError)
    -> EditPlan
  {
    let file = URL(fileURLWithPath: plist)
    var files = PlannedFiles(root: context.places.root)
    var editor = try InfoPlistEditor(file: file, bytes: try files.current(file))
    let iPadEntry = ["CFBundleIcons~ipad", "CFBundleAlternateIcons", name]
    if editor.value(at: iPadEntry) != nil {
      return FixPlanner.nothingToDo(context, name: name, "CFBundleIcons~ipad declares \"\(name)\"")
    }
    guard
      let from = ["CFBundleIcons", "CFBundleIcons~iphone"].first(where: {
        editor.value(at: [$0, "CFBundleAlternateIcons", name]) != nil
      })
    else {
      throw .unsupported(
        file: plist,
        reason:
          "\"\(name)\" is not written under CFBundleIcons → CFBundleAlternateIcons, so there is no entry to copy; list it in ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES instead"
      )
    }
    let madeWithPrimary = try makeIPadIcons(in: &editor, from: from)
    try editor.copy(from: [from, "CFBundleAlternateIcons", name], to: iPadEntry)
    var summary = "\"\(name)\" copied from \(from) into CFBundleIcons~ipad"
    if madeWithPrimary { summary += ", made with the primary's entry" }
    var notes: [String] = []
    var form = summary
    var newFiles: [URL] = []
    // Loose files: the iPad's sizes, where the icon's own images allow.
    let listed = (editor.value(at: iPadEntry + ["CFBundleIconFiles"]) as? [Any]) ?? []
    if !listed.isEmpty, let icon = context.app.alternate(named: name) {
      let outcome = try LooseIconSizes.make(iPadSizes, of: icon, files: &files)
      newFiles = outcome.newFiles
      if !outcome.made.isEmpty {
        let added = try LooseIconSizes.declare(
          outcome.baseNames, in: &editor,
          entries: ["ipad": iPadEntry + ["CFBundleIconFiles"]])
        summary +=
          added.isEmpty ? "" : ", listing \(added.map { "\"\($0)\"" }.joined(separator: ", "))"
        form += "; \(CatalogFixes.listed(outcome.made)) made"
      }
      if !outcome.unmade.isEmpty {
        notes.append(
          LooseSizesFix.unmadeNote(outcome, icon: name)
            ?? "\"\(name)\" still lacks iPad sizes")
      }
    }
    try files.edit(file, to: editor.bytes, summary)
    if let how = try ProjectMembership.add(
      newFiles, fileType: "image.png", context: context, files: &files)
    {
      form += ", " + how
    }
    return FixPlanner.plan(files, form: form, name: name, notes: notes)
  }
}
