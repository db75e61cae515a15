import FoundationEssentials

extension CheckCommand {
  /// The file `--format sarif` shows a finding that names no file at: GitHub code scanning
  /// refuses a whole upload when one result has no location. For an `.xcodeproj`, its
  /// `project.pbxproj`; for a file (an Info.plist), the file; for a folder, the `project.pbxproj`
  /// of the first `.xcodeproj` in it, else its Info.plist (a built `.app`'s too), else the
  /// folder.
  static func anchor(for path: URL) -> String {
    let fileManager = FileManager.default
    var isDirectory = false
    guard fileManager.fileExists(atPath: path.path, isDirectory: &isDirectory),
      isDirectory
    else { return path.path }
    if path.pathExtension == "xcodeproj" {
      return path.appendingPathComponent("project.pbxproj").path
    }
    let entries = ((try? fileManager.contentsOfDirectory(atPath: path.path)) ?? []).sorted()
    if let project = entries.first(where: { $0.hasSuffix(".xcodeproj") }) {
      return path.appendingPathComponent(project).appendingPathComponent("project.pbxproj").path
    }
    if entries.contains("Info.plist") { return path.appendingPathComponent("Info.plist").path }
    return path.path
  }
}
