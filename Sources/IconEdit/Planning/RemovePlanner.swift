import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Plans `remove`: the inverse of `add`. The name leaves every declaration (Info.plist entries,
/// the build setting), and the files that held only this icon go, with their references in the
/// project: `add` then `remove` leaves every file as it was.
public enum RemovePlanner {
  /// With `keepingFiles`, only the declarations go: the inverse of `add NAME` without an image,
  /// which declared a set that was there.
  public static func plan(name: String, in context: EditContext, keepingFiles: Bool = false)
    throws(EditError) -> EditPlan
  {
    let app = context.app
    try AddPlanner.refuseUnsupported(context)
    if name == app.primary.name || name == app.primary.assetName {
      throw .primaryRemoval(name: name)
    }
    guard let icon = app.alternate(named: name) else {
      throw .unknownName(name: name, app: app.appName, names: app.alternates.map(\.name))
    }
    // A set in the catalogs ships while the setting ships every set: taking its name out of a
    // declaration would leave it an alternate, so `--keep-files` cannot do what it says.
    if keepingFiles, context.facts.includesAllAppIcons,
      context.facts.iconSets.contains(where: { $0.name == (icon.assetName ?? name) })
    {
      throw .unsupported(
        file: context.projectDescription,
        reason:
          "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES ships every app icon set in the target's catalogs, so \"\(MessageText.escaped(name))\" would stay an alternate with its set kept: run `iconpick remove` without --keep-files to remove the set, or set ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS to NO"
      )
    }
    var files = PlannedFiles(root: context.places.root)
    var undeclared: [String] = []

    // Info.plist entries.
    if let plistFile = context.facts.infoPlist, context.facts.hasHandWrittenAlternates {
      var plist = try InfoPlistEditor(file: plistFile, bytes: try files.current(plistFile))
      for dictionary in ["CFBundleIcons", "CFBundleIcons~ipad", "CFBundleIcons~iphone"] {
        let path = [dictionary, "CFBundleAlternateIcons", name]
        guard plist.value(at: path) != nil else { continue }
        try plist.remove(at: path)
        // What `add` made to hold it goes with it: an emptied CFBundleAlternateIcons, and a
        // CFBundleIcons~ipad left empty.
        try plist.removeIfEmpty(at: [dictionary, "CFBundleAlternateIcons"])
        if dictionary != "CFBundleIcons" { try plist.removeIfEmpty(at: [dictionary]) }
        undeclared.append(dictionary)
      }
      // A CFBundleIcons~ipad left holding only a copy of the primary, as `add` and `--fix`
      // make it (`IPadDeclarationFix.makeIPadIcons`), goes too where it says nothing the build
      // would not: no alternate is left in CFBundleIcons for it to hide from iPad, or actool
      // writes that dictionary anyway (it compiles an app icon of a catalog for an app that runs
      // on iPad: `BuiltIconDictionaries.build`), as it did before `add` made it.
      let facts = context.facts
      let actoolWritesIPadIcons =
        context.app.deviceFamilies.contains(2)
        && (facts.primarySetting != nil || !facts.alternateNamesSetting.isEmpty
          || facts.includesAllAppIcons)
      if undeclared.contains("CFBundleIcons~ipad"),
        let iPad = plist.value(at: ["CFBundleIcons~ipad"]) as? [String: Any],
        iPad.count == 1, let primary = iPad["CFBundlePrimaryIcon"],
        let iPhone = plist.value(at: ["CFBundleIcons", "CFBundlePrimaryIcon"]),
        InfoPlistTree(primary) == InfoPlistTree(iPhone),
        plist.value(at: ["CFBundleIcons", "CFBundleAlternateIcons"]) == nil
          || (iPhone as? [String: Any])?["CFBundleIconName"] != nil || actoolWritesIPadIcons
      {
        try plist.remove(at: ["CFBundleIcons~ipad"])
      }
      if !undeclared.isEmpty {
        try files.edit(
          plistFile, to: plist.bytes,
          "\"\(name)\" removed from \(undeclared.joined(separator: " and "))")
      }
    }
    // The build setting.
    let asset = icon.assetName ?? name
    if context.facts.alternateNamesSetting.contains(where: { $0 == name || $0 == asset }) {
      let places = try SettingDeclaration.plan(
        .remove, name: context.facts.alternateNamesSetting.contains(name) ? name : asset,
        context: context, files: &files)
      if !places.isEmpty { undeclared.append(SettingDeclaration.key) }
    }

    // The files that hold only this icon.
    let others = Set(
      app.allIcons.filter { $0.name != name }.flatMap(\.files).map(\.standardizedFileURL.path))
    var removedFiles: [String] = []
    if keepingFiles {
      // Declarations only.
    } else if let set = context.facts.iconSets.first(where: { $0.name == asset }),
      !app.allIcons.contains(where: { $0.name != name && ($0.assetName ?? $0.name) == asset })
    {
      files.changes.append(contentsOf: try FileTree.removal(of: set.folder))
      if set.isIconComposer {
        try ProjectMembership.remove([set.folder], context: context, files: &files)
      }
      removedFiles.append(files.changes.displayPath(set.folder))
    } else {
      let loose = icon.files.filter {
        $0.pathExtension.lowercased() == "png" && !others.contains($0.standardizedFileURL.path)
          && !$0.standardizedFileURL.path.contains(".xcassets/")
      }
      for file in loose {
        files.changes.append(.delete(file, was: try PlannedFiles.read(file), "removed"))
      }
      try ProjectMembership.remove(loose, context: context, files: &files)
      removedFiles += loose.map { files.changes.displayPath($0) }
    }
    guard !files.changes.isEmpty else {
      throw .unsupported(
        file: context.projectDescription,
        reason:
          "\"\(name)\" is declared in a way iconpick cannot undo (nothing names it in Info.plist or \(SettingDeclaration.key), and no set of its own holds it)"
      )
    }
    var form = undeclared.isEmpty ? "" : "no longer in \(undeclared.joined(separator: " and "))"
    if !removedFiles.isEmpty {
      form += (form.isEmpty ? "" : "; ") + "removed \(removedFiles.joined(separator: ", "))"
    }
    return EditPlan(changes: files.changes, form: form, name: name)
  }
}

/// The removal of a folder and everything in it, as changes: the files (with their bytes, so
/// the change can be undone and refused if one changed), then the folders, deepest first.
enum FileTree {
  static func removal(of folder: URL) throws(EditError) -> [FileChange] {
    var fileChanges: [FileChange] = []
    var folders: [URL] = [folder]
    var pending = [folder]
    while let current = pending.popLast() {
      let names: [String]
      do {
        names = try FileManager.default.contentsOfDirectory(atPath: current.path).sorted()
      } catch {
        throw .cannotEdit(file: current.path, reason: "its folder cannot be listed")
      }
      for name in names {
        let path = current.appendingPathComponent(name)
        var status = stat()
        guard lstat(path.path, &status) == 0 else { continue }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
          folders.append(path)
          pending.append(path)
        case S_IFREG:
          fileChanges.append(.delete(path, was: try PlannedFiles.read(path), "removed"))
        default:
          throw .cannotEdit(
            file: path.path,
            reason:
              "it is not a regular file or folder (a symbolic link?), so iconpick leaves the folder alone"
          )
        }
      }
    }
    let folderChanges = folders.sorted { $0.path.count > $1.path.count }.map {
      FileChange.deleteDirectory($0, "removed")
    }
    return fileChanges + folderChanges
  }
}
