import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Edits a `project.pbxproj` in place, the way Xcode would write the change, and nothing else.
///
/// Look-ups answer from Foundation's parse of the current text; edits find their places with
/// `PbxprojScanner`. Every edit is checked before it is kept: Foundation must read the new text,
/// the scanner must agree with it, and the object tree must differ from the one before by exactly
/// the intended change; otherwise the edit throws `cannotEdit` and the text stays as it was.
public struct PbxprojEditor: Sendable {
  /// `project.pbxproj` (errors name it; `<group>` paths are resolved from its folder's folder).
  public let file: URL
  /// The text, with every edit so far.
  public internal(set) var bytes: [UInt8]
  /// Foundation's parse of `bytes`.
  public internal(set) var tree: PlistTree
  var scanner: PbxprojScanner
  /// The PBXProject's id.
  public let rootID: String

  public init(file: URL, bytes: [UInt8]) throws(EditError) {
    self.file = file
    self.bytes = bytes
    (scanner, tree) = try Self.read(bytes, file: file)
    guard tree["objects"]?.dictionary != nil else {
      throw .cannotEdit(file: file.path, reason: "it has no \"objects\" dictionary")
    }
    guard let root = tree["rootObject"]?.string,
      tree["objects"]?[root]?["isa"]?.string == "PBXProject"
    else {
      throw .cannotEdit(
        file: file.path, reason: "its rootObject is not a PBXProject in \"objects\"")
    }
    rootID = root
  }

  /// Foundation's parse and the scanner's, which must agree.
  static func read(_ bytes: [UInt8], file: URL) throws(EditError) -> (PbxprojScanner, PlistTree) {
    let parsed: PlistTree
    switch PlistTree.parse(bytes) {
    case .success(let tree): parsed = tree
    case .failure(.notParsed(let reason)):
      throw .cannotEdit(
        file: file.path,
        reason: "Foundation cannot read it (\(MessageText.escaped(reason, limit: 400)))")
    }
    guard parsed.dictionary != nil else {
      throw .cannotEdit(file: file.path, reason: "its top level is not a dictionary")
    }
    let scanner = try PbxprojScanner(bytes: bytes, file: file.path)
    guard PlistTree(scanner.root) == parsed else {
      throw .cannotEdit(
        file: file.path,
        reason:
          "iconpick's reading of its text differs from Foundation's, so it cannot edit it safely")
    }
    return (scanner, parsed)
  }

  // MARK: Look-ups

  var objects: [PlistText: PlistTree] { tree["objects"]?.dictionary ?? [:] }

  public func object(_ id: String) -> PlistTree? { objects[PlistText(id)] }

  private var project: PlistTree { object(rootID) ?? .dictionary([:]) }

  /// The native target named `name` (or, lacking a name, with that product name).
  public func nativeTarget(named name: String) -> String? {
    project["targets"]?.strings.first { id in
      guard let target = object(id), target["isa"]?.string == "PBXNativeTarget" else {
        return false
      }
      return (target["name"]?.string ?? target["productName"]?.string) == name
    }
  }

  /// The target's build configurations, in the order its configuration list has them.
  public func buildConfigurations(ofTarget id: String) -> [(id: String, name: String)] {
    object(id).map(configurations) ?? []
  }

  /// The project's own build configurations.
  public func projectBuildConfigurations() -> [(id: String, name: String)] {
    configurations(of: project)
  }

  private func configurations(of owner: PlistTree) -> [(id: String, name: String)] {
    guard let listID = owner["buildConfigurationList"]?.string, let list = object(listID) else {
      return []
    }
    return list["buildConfigurations"]?.strings.compactMap { id in
      object(id)?["name"]?.string.map { (id, $0) }
    } ?? []
  }

  /// The setting as written in the configuration's `buildSettings`: a string or a list of strings.
  public func buildSetting(_ key: String, configuration id: String) -> PbxprojValue? {
    object(id)?["buildSettings"]?[key].flatMap(PbxprojValue.init)
  }

  /// The target's (first) Copy Bundle Resources phase.
  public func resourcesBuildPhase(ofTarget id: String) -> String? {
    object(id)?["buildPhases"]?.strings.first {
      object($0)?["isa"]?.string == "PBXResourcesBuildPhase"
    }
  }

  public func mainGroup() -> String { project["mainGroup"]?.string ?? "" }

  /// The files the target's Copy Bundle Resources phase copies, where each resolves.
  public func resourceFiles(ofTarget id: String) -> [URL] {
    guard let phase = resourcesBuildPhase(ofTarget: id) else { return [] }
    return (object(phase)?["files"]?.strings ?? []).compactMap { buildFile in
      object(buildFile)?["fileRef"]?.string.flatMap { path(of: $0) }
    }
  }

  /// The PBXGroup whose folder is `folder`. When several are, the one with a `path` of its own,
  /// first in the project navigator's order.
  public func group(forFolder folder: URL) -> String? {
    let wanted = folder.standardizedFileURL.path
    let matches = groupsInNavigatorOrder().filter {
      object($0)?["isa"]?.string == "PBXGroup" && path(of: $0)?.path == wanted
    }
    return matches.first { !(object($0)?["path"]?.string ?? "").isEmpty } ?? matches.first
  }

  /// The PBXFileReference whose file is `path`.
  public func fileReference(forPath path: URL) -> String? {
    let wanted = path.standardizedFileURL.path
    return objects.keys.map(\.value).sorted().first {
      object($0)?["isa"]?.string == "PBXFileReference" && self.path(of: $0)?.path == wanted
    }
  }

  /// The folders an Xcode 16 target is synchronized with (`fileSystemSynchronizedGroups`).
  public func synchronizedFolders(ofTarget id: String) -> [URL] {
    synchronizedGroups(ofTarget: id).compactMap { path(of: $0) }
  }

  /// The files of the target's synchronized folders that its exception sets leave out of it
  /// (`membershipExceptions`).
  public func synchronizedExceptions(ofTarget id: String) -> [URL] {
    var files: [URL] = []
    for group in synchronizedGroups(ofTarget: id) {
      guard let folder = path(of: group) else { continue }
      for exceptionID in object(group)?["exceptions"]?.strings ?? [] {
        guard let exception = object(exceptionID),
          exception["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
          exception["target"]?.string == id
        else { continue }
        files +=
          exception["membershipExceptions"]?.strings.map {
            folder.appendingPathComponent($0).standardizedFileURL
          } ?? []
      }
    }
    return files
  }

  private func synchronizedGroups(ofTarget id: String) -> [String] {
    (object(id)?["fileSystemSynchronizedGroups"]?.strings ?? []).filter {
      object($0)?["isa"]?.string == "PBXFileSystemSynchronizedRootGroup"
    }
  }

  /// The PBXBuildFiles of `fileRef`, by id.
  public func buildFiles(referencing fileRef: String) -> [String] {
    objects.compactMap { id, object in
      object["isa"]?.string == "PBXBuildFile" && object["fileRef"]?.string == fileRef
        ? id.value : nil
    }.sorted()
  }

  // MARK: Paths

  /// SRCROOT: the folder holding the `.xcodeproj`, plus the project's `projectDirPath`.
  public var sourceRoot: URL {
    let folder = file.deletingLastPathComponent().deletingLastPathComponent()
    let projectDirPath = project["projectDirPath"]?.string ?? ""
    if projectDirPath.isEmpty { return folder.standardizedFileURL }
    if projectDirPath.hasPrefix("/") {
      return URL(fileURLWithPath: projectDirPath).standardizedFileURL
    }
    return folder.appendingPathComponent(projectDirPath).standardizedFileURL
  }

  /// Where a group or file reference is on disk, resolved as XcodeProject (IconCatalog) does:
  /// `<group>` from the parent group, SOURCE_ROOT from SRCROOT, `<absolute>` as written; nil for
  /// SDK, build-folder and other trees.
  public func path(of id: String) -> URL? {
    path(of: id, parents: parents(), depth: 0)?.standardizedFileURL
  }

  private func parents() -> [String: String] {
    var parents: [String: String] = [:]
    for (id, object) in objects {
      for child in object["children"]?.strings ?? [] { parents[child] = id.value }
    }
    return parents
  }

  private func path(of id: String, parents: [String: String], depth: Int) -> URL? {
    // A chain this long is a loop in a hand-edited file.
    guard depth < 256, let object = object(id) else { return nil }
    let path = object["path"]?.string
    func appending(_ base: URL) -> URL {
      guard let path, !path.isEmpty else { return base }
      return base.appendingPathComponent(path)
    }
    switch object["sourceTree"]?.string ?? "<group>" {
    case "<group>":
      guard let parent = parents[id] else { return appending(sourceRoot) }
      return self.path(of: parent, parents: parents, depth: depth + 1).map(appending)
    case "SOURCE_ROOT", "SRCROOT", "PROJECT_DIR":
      return appending(sourceRoot)
    case "<absolute>":
      return path.map { URL(fileURLWithPath: $0) }
    default:
      return nil
    }
  }

  /// Every group reachable from the main group, depth first in children order, then any other.
  private func groupsInNavigatorOrder() -> [String] {
    var order: [String] = []
    var seen = Set<String>()
    var stack = [mainGroup()]
    while let id = stack.popLast() {
      guard !id.isEmpty, !seen.contains(id), let group = object(id) else { continue }
      seen.insert(id)
      order.append(id)
      stack += (group["children"]?.strings ?? []).reversed()
    }
    let rest = objects.keys.map(\.value).filter { !seen.contains($0) }.sorted()
    return order + rest
  }
}
