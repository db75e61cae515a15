import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An XcodeGen project spec (`project.yml`), read as the project XcodeGen would generate from it:
/// the same targets, configurations, build settings and resources, as an `XcodeProject` whose
/// objects table is made here instead of read from a `project.pbxproj`. Every command then reads
/// it as it reads a real project.
///
/// What XcodeGen does is followed from its sources (github.com/yonaskolb/XcodeGen,
/// `Sources/ProjectSpec` and `Sources/XcodeGenKit`, and `Docs/ProjectSpec.md`):
/// - `include`s (a path, or `path`/`relativePaths`/`enable`) merged in order under the spec, with
///   its rules (`SpecFile`, `Dictionary.merged(onto:)`): dictionaries merge, arrays append, a
///   `key:REPLACE` replaces;
/// - `targetTemplates` (`templates`, `${target_name}`, `templateAttributes`) and multi-platform
///   targets (`platform: [iOS, tvOS]`: one target per platform, `_iOS` suffix, `${platform}`);
/// - `configs` (default `Debug`/`Release`, sorted by name), `options.defaultConfig`;
/// - settings (`SettingsBuilder`): the presets for the platform, product type and supported
///   destinations (only the settings that bear on icons), `deploymentTarget`, the presets' keys
///   that a config file sets left out, then `settings` (`groups`, `base`, `configs` matched as
///   XcodeGen matches them, or a plain map), setting groups nested;
/// - `configFiles` of the project and of each target (the base configurations);
/// - `INFOPLIST_FILE` from `info.path`, else the first `Info.plist` of the sources; `info`
///   `properties` are the generated Info.plist (`InfoPlistGenerator`), with its default keys;
/// - `PRODUCT_BUNDLE_IDENTIFIER` from `options.bundleIdPrefix` when no level sets it;
/// - `sources` (a path or `path`/`type`/`buildPhase`/`excludes`/`includes`): the asset catalogs,
///   `.icon` bundles and loose files the target copies, as groups, folder references or
///   synchronized folders.
///
/// What would change the result and is not read (an `options.fileTypes` entry for catalogs,
/// destination filters on sources, an include enabled from the environment) is said in
/// `warnings`, never guessed past.
enum XcodeGenSpec {
  /// The names XcodeGen looks for when it is given no spec (`xcodegen` reads `project.yml`).
  static let fileNames = ["project.yml", "project.yaml"]

  /// True for a file XcodeGen can read as a spec.
  static func isSpecFile(_ url: URL) -> Bool {
    ["yml", "yaml"].contains(url.pathExtension.lowercased())
  }

  /// True when `file`, found by its name in a folder, starts like an XcodeGen spec: a top-level
  /// `name:`, `targets:` or `include:` key in its first 64 KiB (other tools name files
  /// `project.yml` too).
  static func isLikelySpec(_ file: URL) -> Bool {
    guard let bytes = try? RegularFile.prefix(file.path, count: 64 << 10) else { return false }
    let text = String(decoding: bytes, as: UTF8.self)
    return text.split(whereSeparator: \.isNewline).contains { line in
      ["name:", "targets:", "include:"].contains { line.hasPrefix($0) }
    }
  }

  /// The most specs one project may include, and how deep includes may nest.
  static let maximumIncludes = 256

  /// The project XcodeGen would generate from `spec`.
  static func project(_ spec: URL) throws(IconCatalogError) -> XcodeProject {
    let spec = URL(fileURLWithPath: spec.standardizedFileURL.path, isDirectory: false)
    var reader = Reader(root: spec.deletingLastPathComponent())
    let dictionary = try reader.load(spec, base: "", including: [])
    var generator = Generator(spec: spec, dictionary: dictionary, warnings: reader.warnings)
    return try generator.generate()
  }

  // MARK: Loading and merging

  private struct Reader {
    /// The root spec's folder: the project's folder, where every path ends up relative to.
    let root: URL
    var warnings: [String] = []
    var loaded = 0

    /// `file` with its includes merged under it; its path properties made relative to the root,
    /// `base` being the folder its own relative paths start from (relative to the root).
    mutating func load(_ file: URL, base: String, including: [URL]) throws(IconCatalogError)
      -> [String: Any]
    {
      loaded += 1
      guard loaded <= XcodeGenSpec.maximumIncludes else {
        throw .invalidProjectSpec(
          file: file.path,
          reason: "more than \(XcodeGenSpec.maximumIncludes) specs included")
      }
      let bytes: [UInt8]
      do {
        bytes = try RegularFile.read(file.path, limit: FileLimits.projectSpec)
      } catch {
        throw FileData.refusal(error, file: file)
      }
      let value: Any?
      do {
        value = try ProjectSpecYAML.parse(bytes)
      } catch {
        if error.libraryMissing {
          throw .projectSpecLibraryMissing(file: file.path, reason: error.reason)
        }
        throw .invalidProjectSpec(file: file.path, reason: error.reason)
      }
      guard let top = (value ?? [String: Any]()) as? [String: Any] else {
        throw .invalidProjectSpec(file: file.path, reason: "the spec is not a mapping of keys")
      }
      var dictionary = XcodeGenSpec.resolvingPaths(in: top, base: base)
      var merged: [String: Any] = [:]
      for include in XcodeGenSpec.includes(top["include"]) {
        if let variable = include.enableVariable {
          warnings.append(
            "\(MessageText.path(file.path)): the include of \(MessageText.escaped(include.path)) is enabled by \(MessageText.escaped(variable)), which XcodeGen takes from the environment when it generates the project: read as not included"
          )
        }
        guard include.enable else { continue }
        let target = URL(
          fileURLWithPath: include.path,
          relativeTo: file.deletingLastPathComponent()
        ).standardizedFileURL
        if including.contains(target) || target == file { continue }
        let includedBase =
          include.relativePaths
          ? XcodeGenSpec.joined(base, PathText.directory(include.path))
          : base
        // XcodeGen runs on the Mac: its file system ignores case and Unicode normalization.
        guard let found = MacFileLookup.find(target, kind: .file)?.url else {
          throw .invalidProjectSpec(
            file: file.path,
            reason: "it includes \(include.path), which does not exist")
        }
        let sub = try load(found, base: includedBase, including: including + [file])
        merged = XcodeGenSpec.merged(sub, onto: merged)
      }
      dictionary.removeValue(forKey: "include")
      return XcodeGenSpec.merged(dictionary, onto: merged)
    }
  }

  struct Include {
    var path: String
    var relativePaths = true
    var enable = true
    /// `enable: ${NAME}`: XcodeGen fills it in from the environment.
    var enableVariable: String?
  }

  static func includes(_ value: Any?) -> [Include] {
    let items: [Any] = (value as? [Any]) ?? (value.map { [$0] } ?? [])
    return items.compactMap { item -> Include? in
      if let path = item as? String { return Include(path: path) }
      guard let object = item as? [String: Any], let path = object["path"] as? String else {
        return nil
      }
      var include = Include(path: path)
      include.relativePaths = boolean(object["relativePaths"]) ?? true
      if let text = object["enable"] as? String, text.contains("${") {
        include.enableVariable = text
      }
      include.enable = boolean(object["enable"]) ?? true
      return include
    }
  }

  /// A YAML Boolean, or text read as `NSString.boolValue` reads it (XcodeGen's fallback).
  static func boolean(_ value: Any?) -> Bool? {
    switch value {
    case let flag as Bool: return flag
    case let number as Int: return number != 0
    case let text as String:
      let trimmed = text.trimmingWhitespace().drop { $0 == "+" || $0 == "-" || $0 == "0" }
      guard let first = trimmed.first else { return false }
      return "YyTt123456789".contains(first)
    default: return nil
    }
  }

  /// XcodeGen's merge: dictionaries merge, arrays append, `key:REPLACE` replaces, the rest is
  /// replaced by `top`.
  static func merged(_ top: [String: Any], onto base: [String: Any]) -> [String: Any] {
    var merged = base
    for (key, value) in top {
      if key.hasSuffix(":REPLACE") {
        merged[String(key.dropLast(":REPLACE".count))] = value
      } else if let dictionary = value as? [String: Any], let below = merged[key] as? [String: Any]
      {
        merged[key] = Self.merged(dictionary, onto: below)
      } else if let array = value as? [Any], let below = merged[key] as? [Any] {
        merged[key] = below + array
      } else {
        merged[key] = value
      }
    }
    return merged
  }

  /// `a/b` + `c` is `a/b/c`; an absolute path, or an empty base, stays as it is.
  static func joined(_ base: String, _ path: String) -> String {
    if base.isEmpty || path.hasPrefix("/") { return path }
    if path.isEmpty { return base }
    return base + "/" + path
  }

  /// The paths of an included spec made relative to the root spec (`Project.pathProperties`: the
  /// ones that bear on icons): `configFiles`, and in each target and target template `sources`,
  /// `configFiles` and `info.path`.
  static func resolvingPaths(in dictionary: [String: Any], base: String) -> [String: Any] {
    guard !base.isEmpty else { return dictionary }
    var dictionary = dictionary
    func paths(_ value: Any?) -> Any? {
      switch value {
      case let text as String: return joined(base, text)
      case let items as [Any]: return items.map { paths($0) ?? $0 }
      case let mapping as [String: Any]: return mapping.mapValues { paths($0) ?? $0 }
      default: return value
      }
    }
    func sources(_ value: Any?) -> Any? {
      switch value {
      case let text as String: return joined(base, text)
      case let items as [Any]: return items.map { sources($0) ?? $0 }
      case var source as [String: Any]:
        if let path = source["path"] as? String { source["path"] = joined(base, path) }
        return source
      default: return value
      }
    }
    func target(_ value: Any) -> Any {
      guard var target = value as? [String: Any] else { return value }
      for key in ["sources", "sources:REPLACE"] where target[key] != nil {
        target[key] = sources(target[key])
      }
      for key in ["configFiles", "configFiles:REPLACE"] where target[key] != nil {
        target[key] = paths(target[key])
      }
      for key in ["info", "info:REPLACE"] {
        if var info = target[key] as? [String: Any], let path = info["path"] as? String {
          info["path"] = joined(base, path)
          target[key] = info
        }
      }
      return target
    }
    for key in ["configFiles", "configFiles:REPLACE"] where dictionary[key] != nil {
      dictionary[key] = paths(dictionary[key])
    }
    for key in ["targets", "targetTemplates"] {
      if let targets = dictionary[key] as? [String: Any] {
        dictionary[key] = targets.mapValues(target)
      }
    }
    return dictionary
  }

  /// `${name}` replaced wherever `variables` has a value for it, in keys and values alike
  /// (`Dictionary.expand(variables:)`); other `${...}` stay as written.
  static func expanding(_ value: Any, _ variables: [String: String]) -> Any {
    switch value {
    case let text as String:
      return expanding(text, variables)
    case let items as [Any]:
      return items.map { expanding($0, variables) }
    case let mapping as [String: Any]:
      var expanded: [String: Any] = [:]
      for (key, item) in mapping {
        expanded[expanding(key, variables)] = expanding(item, variables)
      }
      return expanded
    default:
      return value
    }
  }

  static func expanding(_ text: String, _ variables: [String: String]) -> String {
    guard text.contains("${") else { return text }
    var result = text
    for (name, value) in variables {
      result = result.replacingAll("${\(name)}", with: value)
    }
    return result
  }
}

extension FileLimits {
  /// XcodeGen specs are a few kilobytes; the largest real ones, tens.
  static let projectSpec = FileLimit(kind: "a project spec", bytes: 4 << 20)
}
