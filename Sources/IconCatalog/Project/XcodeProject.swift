import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `project.pbxproj`, read with Foundation's property list parser (it is an old-style ASCII plist)
/// and looked at only where iconpick needs it: targets, build configurations, the files a target
/// copies, and where file references point.
///
/// The objects table is kept as Foundation returned it; every typed look-up that the project cannot
/// do without throws `malformedProject` naming what is missing, and anything optional is skipped.
struct XcodeProject {
  /// The `.xcodeproj` folder.
  let bundle: URL
  /// `project.pbxproj` inside it; errors name this file.
  let file: URL
  /// SRCROOT: the folder holding the `.xcodeproj` (plus `projectDirPath`, which is almost always empty).
  let sourceRoot: URL
  /// The `.xcodeproj` name without extension: PROJECT_NAME.
  let name: String
  private let objects: [String: [String: Any]]
  private let rootID: String
  /// Child ID -> the group listing it, to turn `<group>`-relative paths into full ones.
  private let parents: [String: String]
  /// What a generated project's spec says that iconpick cannot follow (`XcodeGenSpec`), one line
  /// each; empty for a `project.pbxproj`.
  var warnings: [String] = []
  /// The same for one target's part of the spec, by target name.
  var targetWarnings: [String: [String]] = [:]
  /// The Info.plists XcodeGen writes from the spec (`info`), by target name.
  var generatedInfoPlists: [String: GeneratedInfoPlist] = [:]

  /// An application target (or any native target) of the project.
  struct Target {
    let id: String
    let name: String
    let productType: String
    let object: [String: Any]

    static let applicationType = "com.apple.product-type.application"
    var isApplication: Bool { productType == Self.applicationType }
  }

  /// One `XCBuildConfiguration`.
  struct Configuration {
    /// The object's id in `project.pbxproj`.
    var id = ""
    let name: String
    let buildSettings: [String: Any]
    /// The `.xcconfig` it is based on, when it has one (it may not exist on disk).
    let baseConfiguration: URL?
  }

  /// A folder an Xcode 16+ target is synchronized with: everything under it belongs to the target,
  /// except the relative paths in `excluded`.
  struct SynchronizedFolder: Equatable {
    let folder: URL
    let excluded: Set<String>
  }

  // MARK: Reading

  /// Reads `bundle/project.pbxproj`. A project with no objects at all (`{}`) reads as one without
  /// targets: placeholder projects exist, and the folder around them can still be read.
  /// An XcodeGen spec (`project.yml`) in place of `bundle` is read as the project XcodeGen would
  /// generate from it (`XcodeGenSpec`).
  static func read(_ bundle: URL) throws(IconCatalogError) -> XcodeProject {
    if XcodeGenSpec.isSpecFile(bundle) { return try XcodeGenSpec.project(bundle) }
    let bundle = URL(fileURLWithPath: bundle.standardizedFileURL.path, isDirectory: true)
    let file = bundle.appendingPathComponent("project.pbxproj")
    // A bundle without its project file: a checkout or copy that left it out.
    if !ReadDisk.exists(file.path), ReadDisk.isFolder(bundle.path) {
      throw .projectFileMissing(bundle: bundle.path)
    }
    let top = try PropertyListFile.readDictionary(file, limit: FileLimits.project)
    let folder = bundle.deletingLastPathComponent()
    let name = bundle.deletingPathExtension().lastPathComponent
    if top.isEmpty {
      return XcodeProject(
        bundle: bundle, file: file, sourceRoot: folder, name: name, objects: [:], rootID: "",
        parents: [:])
    }

    guard let rawObjects = top["objects"] as? [String: Any] else {
      throw .malformedProject(file: file.path, reason: "no \"objects\" dictionary")
    }
    var objects: [String: [String: Any]] = [:]
    for (id, value) in rawObjects {
      // Xcode writes only dictionaries here; anything else cannot be referred to meaningfully.
      if let object = value as? [String: Any] { objects[id] = object }
    }
    guard let rootID = top["rootObject"] as? String else {
      throw .malformedProject(file: file.path, reason: "no \"rootObject\"")
    }
    guard let root = objects[rootID], root["isa"] as? String == "PBXProject" else {
      throw .malformedProject(
        file: file.path, reason: "rootObject \(rootID) is not a PBXProject in \"objects\"")
    }

    var parents: [String: String] = [:]
    for (id, object) in objects {
      for child in object["children"] as? [Any] ?? [] {
        if let child = child as? String { parents[child] = id }
      }
    }
    let projectDirPath = (root["projectDirPath"] as? String) ?? ""
    let sourceRoot =
      projectDirPath.isEmpty
      ? folder
      : URL(
        fileURLWithPath: projectDirPath.hasPrefix("/")
          ? projectDirPath : folder.appendingPathComponent(projectDirPath).path)
    return XcodeProject(
      bundle: bundle, file: file, sourceRoot: sourceRoot.standardizedFileURL, name: name,
      objects: objects, rootID: rootID, parents: parents)
  }

  /// A project made from an XcodeGen spec: `spec` stands for both the bundle and the file, so
  /// messages and `read` name it.
  static func generated(
    spec: URL, sourceRoot: URL, name: String, objects: [String: [String: Any]], rootID: String
  ) -> XcodeProject {
    XcodeProject(
      bundle: spec, file: spec, sourceRoot: sourceRoot, name: name, objects: objects,
      rootID: rootID, parents: [:])
  }

  private var root: [String: Any] { objects[rootID] ?? [:] }

  /// The native targets, in the order the project lists them.
  func targets() throws(IconCatalogError) -> [Target] {
    guard !rootID.isEmpty else { return [] }
    var targets: [Target] = []
    for id in try references(root, "targets", in: "the project") {
      // Aggregate and legacy targets build no product; only native ones have a product type.
      guard let object = objects[id], object["isa"] as? String == "PBXNativeTarget" else {
        continue
      }
      guard let name = (object["name"] as? String) ?? (object["productName"] as? String) else {
        throw .malformedProject(file: file.path, reason: "target \(id) has no name")
      }
      targets.append(
        Target(
          id: id, name: name, productType: object["productType"] as? String ?? "", object: object))
    }
    return targets
  }

  /// The project's own build configurations (the level below every target's).
  func projectConfigurations() throws(IconCatalogError) -> [Configuration] {
    try configurations(of: root, owner: "the project")
  }

  func configurations(of target: Target) throws(IconCatalogError) -> [Configuration] {
    try configurations(of: target.object, owner: "target \(target.name)")
  }

  /// The configuration Xcode uses when none is named: `defaultConfigurationName` of the list.
  func defaultConfigurationName(of target: Target) -> String? {
    guard let listID = target.object["buildConfigurationList"] as? String else { return nil }
    return objects[listID]?["defaultConfigurationName"] as? String
  }

  private func configurations(of owner: [String: Any], owner description: String)
    throws(IconCatalogError) -> [Configuration]
  {
    guard let listID = owner["buildConfigurationList"] as? String else {
      throw .malformedProject(
        file: file.path, reason: "\(description) has no buildConfigurationList")
    }
    guard let list = objects[listID], list["isa"] as? String == "XCConfigurationList" else {
      throw .malformedProject(
        file: file.path,
        reason: "buildConfigurationList \(listID) of \(description) is not an XCConfigurationList")
    }
    var configurations: [Configuration] = []
    for id in try references(list, "buildConfigurations", in: "configuration list \(listID)") {
      guard let object = objects[id], object["isa"] as? String == "XCBuildConfiguration",
        let name = object["name"] as? String
      else {
        throw .malformedProject(
          file: file.path,
          reason: "build configuration \(id) of \(description) is missing or has no name")
      }
      guard let settings = (object["buildSettings"] ?? [String: Any]()) as? [String: Any] else {
        throw .malformedProject(
          file: file.path,
          reason: "buildSettings of the \(name) configuration of \(description) is not a dictionary"
        )
      }
      configurations.append(
        Configuration(
          id: id, name: name, buildSettings: settings,
          baseConfiguration: baseConfiguration(of: object)))
    }
    return configurations
  }

  /// `baseConfigurationReference` (a file reference), or since Xcode 16 a path relative to a
  /// synchronized folder (`baseConfigurationReferenceAnchor` + `...RelativePath`).
  private func baseConfiguration(of configuration: [String: Any]) -> URL? {
    if let reference = configuration["baseConfigurationReference"] as? String {
      return path(of: reference)
    }
    if let anchor = configuration["baseConfigurationReferenceAnchor"] as? String,
      let relative = configuration["baseConfigurationReferenceRelativePath"] as? String,
      let folder = path(of: anchor)
    {
      return folder.appendingPathComponent(relative).standardizedFileURL
    }
    return nil
  }

  // MARK: Files of a target

  /// The files of the target's Copy Bundle Resources phases that exist in the source tree.
  func resources(of target: Target) -> [URL] {
    files(of: target, inPhases: "PBXResourcesBuildPhase")
  }

  /// The files of the target's Compile Sources phases, where they are on disk.
  func compiledSources(of target: Target) -> [URL] {
    files(of: target, inPhases: "PBXSourcesBuildPhase")
  }

  /// The local Swift packages the target may link, when it depends on a package's product: the
  /// project's `XCLocalSwiftPackageReference`s, and (before Xcode 15) folder references that
  /// hold a `Package.swift`.
  func localPackages(of target: Target) -> [URL] {
    guard !(target.object["packageProductDependencies"] as? [Any] ?? []).isEmpty else { return [] }
    var found: [URL] = []
    for (id, object) in objects.sorted(by: { $0.key < $1.key }) {
      let folder: URL?
      switch object["isa"] as? String {
      case "XCLocalSwiftPackageReference":
        folder = (object["relativePath"] as? String).map {
          sourceRoot.appendingPathComponent($0, isDirectory: true).standardizedFileURL
        }
      case "PBXFileReference"
      where object["lastKnownFileType"] as? String == "folder"
        || object["lastKnownFileType"] as? String == "wrapper":
        folder = path(of: id)
      default:
        folder = nil
      }
      guard let folder,
        ReadDisk.exists(folder.appendingPathComponent("Package.swift").path),
        !found.contains(folder)
      else { continue }
      found.append(folder)
    }
    return found
  }

  /// The names of the package products the target links that are not a remote package's: those
  /// a local package (`localPackages`) may declare.
  func linkedLocalProducts(of target: Target) -> [String] {
    var names: [String] = []
    for id in target.object["packageProductDependencies"] as? [Any] ?? [] {
      guard let id = id as? String, let dependency = objects[id],
        let name = dependency["productName"] as? String
      else { continue }
      if let package = dependency["package"] as? String,
        objects[package]?["isa"] as? String == "XCRemoteSwiftPackageReference"
      {
        continue
      }
      names.append(name)
    }
    return names
  }

  /// The files of the target's build phases of type `isa` that exist in the source tree.
  private func files(of target: Target, inPhases isa: String) -> [URL] {
    var files: [URL] = []
    for phaseID in target.object["buildPhases"] as? [Any] ?? [] {
      guard let phaseID = phaseID as? String, let phase = objects[phaseID],
        phase["isa"] as? String == isa
      else { continue }
      for buildFileID in phase["files"] as? [Any] ?? [] {
        // A dangling reference is a red file in Xcode, not a broken project: skip it.
        guard let buildFileID = buildFileID as? String,
          let fileRef = objects[buildFileID]?["fileRef"] as? String,
          let url = path(of: fileRef)
        else { continue }
        files.append(url)
      }
    }
    return files
  }

  /// The target's Run Script phases (`PBXShellScriptBuildPhase`) in the order it lists its
  /// phases: each one's id, name, script and paths as written, and whether it comes before the
  /// first Copy Bundle Resources phase (every one does when the target has none).
  func scriptPhases(of target: Target) -> [(
    id: String, name: String, script: String, paths: [String], beforeResources: Bool
  )] {
    var found:
      [(id: String, name: String, script: String, paths: [String], beforeResources: Bool)] = []
    var resourcesSeen = false
    for phaseID in target.object["buildPhases"] as? [Any] ?? [] {
      guard let phaseID = phaseID as? String, let phase = objects[phaseID] else { continue }
      switch phase["isa"] as? String {
      case "PBXResourcesBuildPhase":
        resourcesSeen = true
      case "PBXShellScriptBuildPhase":
        let paths = ["inputPaths", "outputPaths", "inputFileListPaths", "outputFileListPaths"]
          .flatMap { (phase[$0] as? [Any] ?? []).compactMap { $0 as? String } }
        found.append(
          (
            phaseID, phase["name"] as? String ?? "Run Script",
            phase["shellScript"] as? String ?? "", paths, !resourcesSeen
          ))
      default:
        continue
      }
    }
    return found
  }

  /// The synchronized folders whose contents belong to the target.
  ///
  /// An exception set names a target: for a target that lists the folder, its paths are left out;
  /// for any other target, they are the only files of the folder that target gets (Xcode writes
  /// them when a file's membership is ticked for a target that does not own the folder).
  func synchronizedFolders(of target: Target) -> (folders: [SynchronizedFolder], extraFiles: [URL])
  {
    let rootGroup = "PBXFileSystemSynchronizedRootGroup"
    func listed(in group: [String: Any]) -> [String] {
      var paths: [String] = []
      for exceptionID in group["exceptions"] as? [Any] ?? [] {
        guard let exceptionID = exceptionID as? String, let exception = objects[exceptionID],
          exception["isa"] as? String == "PBXFileSystemSynchronizedBuildFileExceptionSet",
          exception["target"] as? String == target.id
        else { continue }
        paths += (exception["membershipExceptions"] as? [Any] ?? []).compactMap { $0 as? String }
      }
      return paths
    }

    let own = (target.object["fileSystemSynchronizedGroups"] as? [Any] ?? []).compactMap {
      $0 as? String
    }
    let folders = own.compactMap { id -> SynchronizedFolder? in
      guard let group = objects[id], group["isa"] as? String == rootGroup,
        let folder = path(of: id)
      else { return nil }
      return SynchronizedFolder(folder: folder, excluded: Set(listed(in: group)))
    }
    var extraFiles: [URL] = []
    for (id, group) in objects.sorted(by: { $0.key < $1.key })
    where group["isa"] as? String == rootGroup && !own.contains(id) {
      guard let folder = path(of: id) else { continue }
      extraFiles += listed(in: group).map { folder.appendingPathComponent($0).standardizedFileURL }
    }
    return (folders, extraFiles)
  }

  // MARK: Paths

  /// Where a file reference, group or synchronized folder is on disk; nil for references into an
  /// SDK, the build folder or other places outside the source tree.
  func path(of id: String) -> URL? {
    path(of: id, depth: 0)?.standardizedFileURL
  }

  private func path(of id: String, depth: Int) -> URL? {
    // Groups nest a few levels; a chain this long is a loop in a hand-edited file.
    guard depth < 256, let object = objects[id] else { return nil }
    let path = object["path"] as? String
    func appending(_ base: URL) -> URL {
      guard let path, !path.isEmpty else { return base }
      return base.appendingPathComponent(path)
    }
    switch object["sourceTree"] as? String ?? "<group>" {
    case "<group>":
      guard let parent = parents[id] else { return appending(sourceRoot) }
      return self.path(of: parent, depth: depth + 1).map(appending)
    case "SOURCE_ROOT", "SRCROOT", "PROJECT_DIR":
      return appending(sourceRoot)
    case "<absolute>":
      return path.map { URL(fileURLWithPath: $0) }
    default:
      // SDKROOT, BUILT_PRODUCTS_DIR, DEVELOPER_DIR, ...: not part of the source tree.
      return nil
    }
  }

  // MARK: Typed access

  /// An array of object IDs, every one of which must be in the objects table.
  private func references(_ object: [String: Any], _ key: String, in description: String)
    throws(IconCatalogError) -> [String]
  {
    guard let values = (object[key] ?? [Any]()) as? [Any] else {
      throw .malformedProject(file: file.path, reason: "\(key) of \(description) is not a list")
    }
    var ids: [String] = []
    for value in values {
      guard let id = value as? String, objects[id] != nil else {
        throw .malformedProject(
          file: file.path,
          reason: "\(key) of \(description) refers to \(value), which is not in \"objects\"")
      }
      ids.append(id)
    }
    return ids
  }
}
