import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where an app is: its root folder, the files found under it, and which Info.plist is the app's.
struct AppLocation: Sendable {
  /// The folder the app is read from (SRCROOT, in Xcode's words).
  var root: URL
  /// With a project target, `catalogs` and `iconBundles` hold only the target's.
  var files: ProjectFiles
  /// Set when PATH was an Info.plist file: that one is used, whatever else is around.
  var givenInfoPlist: URL?
  /// The application target of the Xcode project, when there is one: its settings and catalogs
  /// replace what the folder holds.
  var target: ProjectTarget?
  /// Set when PATH was one `.icon` bundle, with no project: it is the app's primary icon.
  var loneIconBundle: URL? = nil

  /// - PATH a folder: it is the root, unless an `.xcodeproj` is found in it (the shallowest), whose
  ///   folder is. A `.xcodeproj`: the folder holding it. A `.xcworkspace`: the folder holding it.
  /// - PATH a `.plist` file: the Info.plist, and its folder is the root.
  /// - `target` and `configuration` choose among the project's app targets and configurations.
  static func locate(
    _ path: URL, target: String? = nil, configuration: String? = nil,
    platform: AppPlatform? = nil
  ) throws(IconCatalogError) -> AppLocation {
    let path = path.standardizedFileURL
    var isFolder = false
    guard ReadDisk.exists(path.path, isFolder: &isFolder) else {
      throw .notFound(path: path.path)
    }
    if !isFolder, !XcodeGenSpec.isSpecFile(path) {
      guard path.pathExtension == "plist" else { throw .noApp(path: path.path) }
      guard target == nil, configuration == nil else { throw .noProject(path: path.path) }
      let root = folderURL(path.deletingLastPathComponent())
      return AppLocation(root: root, files: ProjectFiles.scan(root), givenInfoPlist: path)
    }
    if SingleIconBundle.isBundlePath(path) {
      return try SingleIconBundle.location(path, target: target, configuration: configuration)
    }
    let (root, files, project) = try Self.project(at: path)
    if let project,
      let resolved = try ProjectTarget.resolve(
        project: project, target: target, configuration: configuration, platform: platform)
    {
      let projectRoot = folderURL(project.deletingLastPathComponent())
      var projectFiles = projectRoot == root ? files : ProjectFiles.scan(projectRoot)
      // The target's own catalogs and .icon bundles, not every one in the repository.
      projectFiles.catalogs = resolved.catalogs
      projectFiles.iconBundles = resolved.iconBundles
      return AppLocation(
        root: projectRoot, files: projectFiles, givenInfoPlist: nil, target: resolved)
    }
    // A project a tool generates, and that is not there: its folder is no app's loose files.
    if let generator = GeneratedProjects.generator(in: root, files: files) {
      throw .generatedProject(
        folder: root.path, manifest: generator.manifest.path, generator: generator.name,
        command: generator.command)
    }
    // An app another build system makes: what lies around is not what that build uses.
    let looksLikeApp =
      !(files.infoPlists.isEmpty && files.catalogs.isEmpty && files.projects.isEmpty)
    if let other = OtherBuildSystems.detect(in: root, files: files, above: looksLikeApp) {
      throw .otherBuildSystem(
        folder: root.path, tool: other.tool, file: other.file.path, reason: other.reason,
        remedy: other.remedy)
    }
    // Committed Xcode projects that build no app (a library's repository): the docs and examples
    // around them are no app's loose files.
    if let project, XcodeGenSpec.isSpecFile(project) == false {
      // Specs count too: one that generates an app's project says an app is here.
      let projects =
        path.pathExtension == "xcodeproj"
        ? [project] : files.projects + files.specs.filter(XcodeGenSpec.isLikelySpec)
      if let descriptions = ProjectProducts.withoutApp(projects, under: root) {
        throw .noAppInProjects(folder: root.path, projects: descriptions)
      }
    }
    guard target == nil, configuration == nil else { throw .noProject(path: path.path) }
    guard looksLikeApp else {
      throw .noApp(path: path.path)
    }
    return AppLocation(root: root, files: files, givenInfoPlist: nil)
  }

  /// The Xcode project PATH (a folder) means: the `.xcodeproj` itself, or the shallowest one
  /// under the folder; nil when there is none. Also the root folder and what it holds. An
  /// XcodeGen spec (PATH, or a `project.yml` in a folder without an `.xcodeproj`) stands for the
  /// project XcodeGen generates from it.
  static func project(at path: URL) throws(IconCatalogError) -> (
    root: URL, files: ProjectFiles, project: URL?
  ) {
    let isSpec = XcodeGenSpec.isSpecFile(path) && !isFolder(path)
    let isProject = ["xcodeproj", "xcworkspace"].contains(path.pathExtension) || isSpec
    let root = folderURL(isProject ? path.deletingLastPathComponent() : path)
    let files = ProjectFiles.scan(root)
    if isSpec { return (root, files, URL(fileURLWithPath: path.path, isDirectory: false)) }
    let project =
      path.pathExtension == "xcodeproj" ? folderURL(path) : try appProject(in: files, under: root)
    return (root, files, project)
  }

  private static func isFolder(_ url: URL) -> Bool {
    var isFolder = false
    return ReadDisk.exists(url.path, isFolder: &isFolder)
      && isFolder
  }

  /// The shallowest `.xcodeproj` under `root`, or XcodeGen spec in a folder without one;
  /// several at that depth cannot be told apart.
  private static func appProject(in files: ProjectFiles, under root: URL) throws(IconCatalogError)
    -> URL?
  {
    func depth(_ project: URL) -> Int {
      ProjectFiles.relativeComponents(of: project, under: root).count
    }
    // A spec whose project was generated and kept beside it: the project is what Xcode builds.
    let projectFolders = Set(files.projects.map { $0.deletingLastPathComponent().path })
    let specs = files.specs.filter {
      !projectFolders.contains($0.deletingLastPathComponent().path) && XcodeGenSpec.isLikelySpec($0)
    }
    let all = files.projects + specs
    guard let shallowest = all.map(depth).min() else { return nil }
    let candidates = all.filter { depth($0) == shallowest }
    guard candidates.count == 1 else {
      throw .ambiguousProject(
        folder: root.path,
        projects: candidates.map {
          ProjectFiles.relativeComponents(of: $0, under: root).joined(separator: "/")
        })
    }
    return candidates.first
  }

  /// One spelling for a folder, however PATH was written, so results compare equal.
  private static func folderURL(_ url: URL) -> URL {
    URL(fileURLWithPath: url.standardizedFileURL.path, isDirectory: true)
  }

  /// The Info.plist XcodeGen writes from the target's `info` when `INFOPLIST_FILE` names it: the
  /// spec says what the file holds, whether an older copy is on disk or not.
  private func generatedInfoPlist(settings: BuildSettings) -> GeneratedInfoPlist? {
    guard givenInfoPlist == nil, let generated = target?.generatedInfoPlist,
      let named = settings.string("INFOPLIST_FILE")
    else { return nil }
    let file =
      named.hasPrefix("/") ? URL(fileURLWithPath: named) : root.appendingPathComponent(named)
    return file.standardizedFileURL.path == generated.file.path ? generated : nil
  }

  /// The Info.plist given as PATH, else the spec of one XcodeGen generates, else the one
  /// `INFOPLIST_FILE` names, else the shallowest one
  /// outside test folders; nil when there is none.
  func infoPlist(settings: BuildSettings) throws(IconCatalogError) -> URL? {
    if let givenInfoPlist { return givenInfoPlist }
    if let generated = generatedInfoPlist(settings: settings) { return generated.spec }
    // Unset, or built from settings iconpick cannot resolve (TARGET_NAME...): fall back to looking,
    // unless a project target says which (none: its Info.plist is generated, or it has none).
    guard let named = namedInfoPlist(settings: settings) else {
      return target == nil ? preferredInfoPlist() : nil
    }
    guard let found = named.found else {
      let declaredIn = named.declaredIn ?? target?.projectFile ?? root
      throw .infoPlistNotFound(
        file: named.written, declaredIn: declaredIn.path,
        lookedAt: named.candidates.map(\.standardizedFileURL.path),
        projectFolder: target == nil ? root.path : nil)
    }
    return found.url
  }

  /// `INFOPLIST_FILE` found only by ignoring case or normalization, as a Mac finds it; nil when
  /// it is not set, is spelled as the file is, or finds nothing.
  func infoPlistDifferingInCase(settings: BuildSettings) -> PathDifferingInCase? {
    guard givenInfoPlist == nil, let named = namedInfoPlist(settings: settings),
      let found = named.found, found.differs
    else { return nil }
    let file = named.declaredIn ?? target?.projectFile ?? root
    return PathDifferingInCase(
      kind: "INFOPLIST_FILE", written: named.written, found: found.url.path, file: file.path,
      line: ProjectFacts.settingLine(
        "INFOPLIST_FILE", value: nil, in: file,
        blocks: target.map(ProjectFacts.configurationIDs(of:)) ?? []),
      difference: found.difference)
  }

  /// The file `INFOPLIST_FILE` names, looked for as a Mac looks (`MacFileLookup`): relative to
  /// SRCROOT, as Xcode resolves it; without a project, also relative to the xcconfig that sets it,
  /// the other usual intent.
  private func namedInfoPlist(settings: BuildSettings) -> (
    written: String, declaredIn: URL?, found: MacFileLookup.Found?, candidates: [URL]
  )? {
    guard let named = settings.string("INFOPLIST_FILE") else { return nil }
    let declaredIn = settings.file(settingKey: "INFOPLIST_FILE")
    let bases =
      [root] + (target == nil ? declaredIn.map { [$0.deletingLastPathComponent()] } ?? [] : [])
    let candidates =
      named.hasPrefix("/")
      ? [URL(fileURLWithPath: named)] : bases.map { $0.appendingPathComponent(named) }
    let found = candidates.lazy.compactMap { MacFileLookup.find($0) }.first
    return (named, declaredIn, found, candidates)
  }

  /// The loose PNGs of the built app, where `CFBundleIconFiles` names are looked for: with a
  /// project target, only what it copies (`CopiedResources`), inside the project folder or not;
  /// without one (a folder with an Info.plist), every PNG under the root.
  func looseIconFiles() -> LooseIconFiles {
    if let target { return LooseIconFiles(files: target.copiedResources.pngFiles()) }
    return LooseIconFiles.searching(root)
  }

  /// The app's Info.plist as the build writes it: the file, and for a target with
  /// `GENERATE_INFOPLIST_FILE = YES` the `INFOPLIST_KEY_*` settings under it (the file's own keys
  /// win, as in Xcode). nil when there is neither.
  func readInfoPlist(settings: BuildSettings) throws(IconCatalogError) -> InfoPlist? {
    if let generated = generatedInfoPlist(settings: settings) {
      return InfoPlist(file: generated.spec, root: generated.keys)
    }
    let file = try infoPlist(settings: settings)
    guard let target, givenInfoPlist == nil, settings.bool("GENERATE_INFOPLIST_FILE") else {
      return try file.map { url throws(IconCatalogError) in try InfoPlist.read(url) }
    }
    var keys = ProjectTarget.generatedInfoPlistKeys(settings)
    if let file {
      keys.merge(try PropertyListFile.readDictionary(file)) { _, explicit in explicit }
    }
    return InfoPlist(file: file ?? target.projectFile, root: keys)
  }

  /// Shallowest first; at one depth, the one in a folder named like the app or its project, then by path.
  private func preferredInfoPlist() -> URL? {
    let appNames = Set(
      [root.lastPathComponent] + files.projects.map { $0.deletingPathExtension().lastPathComponent }
    )
    func rank(_ file: URL) -> (Int, Int, String) {
      let components = ProjectFiles.relativeComponents(of: file, under: root)
      let folder = components.dropLast().last ?? root.lastPathComponent
      return (components.count, appNames.contains(folder) ? 0 : 1, file.path)
    }
    return files.infoPlists.filter { !ProjectFiles.isTestFile($0, under: root) }.min {
      rank($0) < rank($1)
    }
  }

  /// True when `folder` holds an Info.plist (outside test folders), an `.xcodeproj`, or an `.xcassets`
  /// with an `.appiconset`, in it or one folder down: deep enough for Xcode's layout (`App.xcodeproj`,
  /// `App/Info.plist`), shallow enough that a home folder with projects somewhere inside is not an app.
  static func containsApp(_ folder: URL) -> Bool {
    let folder = folder.standardizedFileURL
    var isFolder = false
    guard ReadDisk.exists(folder.path, isFolder: &isFolder),
      isFolder
    else {
      return false
    }
    if folder.pathExtension == "xcodeproj" { return true }
    let files = ProjectFiles.scan(folder, maxDepth: 2)
    if !files.projects.isEmpty || !files.specs.isEmpty { return true }
    if GeneratedProjects.generator(in: folder, files: files) != nil { return true }
    if OtherBuildSystems.detect(in: folder, files: files, above: false) != nil { return true }
    if files.infoPlists.contains(where: { !ProjectFiles.isTestFile($0, under: folder) }) {
      return true
    }
    return files.catalogs.contains { AssetCatalog.scan($0).hasIconSet }
  }
}
