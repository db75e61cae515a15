import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A Run Script phase of the target read (`PBXShellScriptBuildPhase`), as written: iconpick runs
/// no script, but one that runs before Copy Bundle Resources can write what actool compiles (an
/// asset catalog kept empty in git and filled at build time). IconCheck judges what follows.
public struct BuildScriptPhase: Equatable, Sendable {
  /// As Xcode shows it: the phase's `name`, else "Run Script".
  public var name: String
  /// The `project.pbxproj` and the line where the phase's object starts.
  public var file: URL
  public var line: Int?
  /// `shellScript`, as written.
  public var script: String
  /// Its input and output paths and file lists, as written (build settings not expanded).
  public var paths: [String]
  /// Listed before the target's first Copy Bundle Resources phase (where actool runs), or the
  /// target has none: swift-build orders a script phase's tasks before those of the phases
  /// after it.
  public var runsBeforeResources: Bool

  public init(
    name: String, file: URL, line: Int? = nil, script: String, paths: [String],
    runsBeforeResources: Bool
  ) {
    self.name = name
    self.file = file
    self.line = line
    self.script = script
    self.paths = paths
    self.runsBeforeResources = runsBeforeResources
  }

  /// True when the script or a path names `catalog` (its folder name, `DerivedAssets.xcassets`).
  public func names(_ catalog: URL) -> Bool {
    let name = catalog.lastPathComponent
    return script.contains(name) || paths.contains { $0.contains(name) }
  }

  /// The target's phases, each with the line of its object in `project.pbxproj`.
  static func read(of target: XcodeProject.Target, in project: XcodeProject) -> [BuildScriptPhase] {
    let phases = project.scriptPhases(of: target)
    guard !phases.isEmpty else { return [] }
    let lines = objectLines(phases.map(\.id), in: project.file)
    return phases.map {
      BuildScriptPhase(
        name: $0.name, file: project.file, line: lines[$0.id], script: $0.script,
        paths: $0.paths, runsBeforeResources: $0.beforeResources)
    }
  }

  /// The line where each object is defined (`ID /* comment */ = {`), not where it is listed.
  private static func objectLines(_ ids: [String], in file: URL) -> [String: Int] {
    guard let data = RegularFile.contents(file, limit: FileLimits.text),
      let content = String(data: data, encoding: .utf8)
    else { return [:] }
    var wanted = Set(ids)
    var found: [String: Int] = [:]
    var number = 0
    for line in content.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      number += 1
      let trimmed = line.drop(while: \.isWhitespace)
      guard let id = wanted.first(where: { trimmed.hasPrefix($0) }), line.contains("= {") else {
        continue
      }
      found[id] = number
      wanted.remove(id)
      if wanted.isEmpty { break }
    }
    return found
  }
}

extension AssetCatalog {
  /// True when the `.xcassets` folder holds its `Contents.json` and nothing else (hidden files
  /// aside): a catalog kept out of git but for that file, as LoopKit/Loop's `.gitignore` keeps
  /// `Loop/DerivedAssets.xcassets/Contents.json` alone.
  static func isEmptyCatalog(_ catalog: URL) -> Bool {
    let names = DirectoryListing.entries(atPath: catalog.path).map(\.name).filter {
      !$0.hasPrefix(".")
    }
    return names == ["Contents.json"]
  }
}
