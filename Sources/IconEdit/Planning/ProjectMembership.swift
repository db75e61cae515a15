import FoundationEssentials
import IconCatalog

/// Makes new files members of the app target, as dragging them into Xcode does: a file
/// reference in the group of their folder and a build file in the target's Copy Bundle Resources.
/// Nothing where a synchronized folder (Xcode 16) already holds them, or for an XcodeGen spec,
/// whose `sources` name folders.
enum ProjectMembership {
  /// Plans the references; returns how the files became members, or nil when nothing was needed.
  static func add(
    _ paths: [URL], fileType: String, context: EditContext, files: inout PlannedFiles
  ) throws(EditError) -> String? {
    let places = context.places
    guard let projectFile = places.projectFile, let targetName = places.targetName,
      !places.isXcodeGenSpec, !paths.isEmpty
    else { return nil }
    var editor = try PbxprojEditor(file: projectFile, bytes: try files.current(projectFile))
    guard let target = editor.nativeTarget(named: targetName) else {
      throw .cannotEdit(file: projectFile.path, reason: "no target named \"\(targetName)\"")
    }
    let synchronized = editor.synchronizedFolders(ofTarget: target)
    let outside = paths.filter { path in
      !synchronized.contains { folder in
        path.standardizedFileURL.path.hasPrefix(folder.standardizedFileURL.path + "/")
      }
    }
    guard !outside.isEmpty else { return "in a folder the target synchronizes" }
    guard let phase = editor.resourcesBuildPhase(ofTarget: target) else {
      throw .cannotEdit(
        file: projectFile.path,
        reason: "target \"\(targetName)\" has no Copy Bundle Resources phase to add the files to")
    }
    for path in outside {
      let folder = path.deletingLastPathComponent()
      // The group of the file's folder, else the main group (whose folder is the project's).
      let group: String
      let relative: String
      if let found = editor.group(forFolder: folder) {
        (group, relative) = (found, path.lastPathComponent)
      } else {
        group = editor.mainGroup()
        let root = places.root.standardizedFileURL.path + "/"
        let full = path.standardizedFileURL.path
        relative = full.hasPrefix(root) ? String(full.dropFirst(root.count)) : full
      }
      _ = try editor.addFile(
        path: relative, name: nil, lastKnownFileType: fileType, group: group,
        resourcesPhase: phase)
    }
    try files.edit(
      projectFile, to: editor.bytes,
      outside.count == 1
        ? "\(outside[0].lastPathComponent) added to target \(targetName)'s resources"
        : "\(outside.count) files added to target \(targetName)'s resources")
    return "added to target \(targetName)'s Copy Bundle Resources"
  }

  /// Removes the references to `paths` (file references, their build files, their places in
  /// groups and phases), where there are any.
  static func remove(_ paths: [URL], context: EditContext, files: inout PlannedFiles)
    throws(EditError)
  {
    let places = context.places
    guard let projectFile = places.projectFile, !places.isXcodeGenSpec, !paths.isEmpty else {
      return
    }
    var editor = try PbxprojEditor(file: projectFile, bytes: try files.current(projectFile))
    var removed = 0
    for path in paths {
      guard let reference = editor.fileReference(forPath: path) else { continue }
      try editor.removeFile(reference: reference)
      removed += 1
    }
    guard removed > 0 else { return }
    try files.edit(
      projectFile, to: editor.bytes,
      removed == 1
        ? "\(paths[0].lastPathComponent)'s reference removed" : "\(removed) file references removed"
    )
  }
}
