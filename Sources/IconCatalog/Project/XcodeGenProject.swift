import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The keys of an Info.plist XcodeGen writes from a target's `info` (`InfoPlistGenerator`): its
/// default keys under the spec's `properties`. Plain property list values, never changed.
struct GeneratedInfoPlist: @unchecked Sendable {
  /// Where XcodeGen writes it (`info.path`), which `INFOPLIST_FILE` names.
  var file: URL
  /// The spec that says what it holds: messages about its keys name this file.
  var spec: URL
  var keys: [String: Any]
}

extension XcodeGenSpec {
  /// Makes the objects table of the `project.pbxproj` XcodeGen would write, as far as iconpick
  /// reads one (`XcodeProject`): targets, configuration lists, resources, synchronized folders.
  struct Generator {
    let spec: URL
    let dictionary: [String: Any]
    var warnings: [String]
    var root: URL { spec.deletingLastPathComponent() }
    private var objects: [String: [String: Any]] = [:]
    private var counter = 0
    private var generatedInfoPlists: [String: GeneratedInfoPlist] = [:]
    /// What a target's part of the spec says that iconpick cannot follow, by target name.
    private var targetWarnings: [String: [String]] = [:]
    /// The target being generated: its warnings are its own.
    private var current: String?

    init(spec: URL, dictionary: [String: Any], warnings: [String]) {
      self.spec = spec
      self.dictionary = dictionary
      self.warnings = warnings
    }

    struct Config {
      var name: String
      /// `debug` or `release`: which presets apply; nil for any other type.
      var type: String?
    }

    private mutating func add(_ object: [String: Any]) -> String {
      counter += 1
      let id = String(printf: "XCODEGEN%016X", counter)
      objects[id] = object
      return id
    }

    private func invalid(_ reason: String) -> IconCatalogError {
      .invalidProjectSpec(file: spec.path, reason: reason)
    }

    private mutating func warn(_ text: String) {
      let line = "\(MessageText.path(spec.path)): \(text)"
      if let current {
        if !targetWarnings[current, default: []].contains(line) {
          targetWarnings[current, default: []].append(line)
        }
      } else if !warnings.contains(line) {
        warnings.append(line)
      }
    }

    mutating func generate() throws(IconCatalogError) -> XcodeProject {
      guard let name = dictionary["name"] as? String, !name.isEmpty else {
        throw invalid("no \"name\": XcodeGen needs the project's name")
      }
      let options = dictionary["options"] as? [String: Any] ?? [:]
      let configs = Self.configs(dictionary["configs"])
      let settingGroups =
        (dictionary["settingGroups"] ?? dictionary["settingPresets"]) as? [String: Any] ?? [:]
      let presets = (options["settingPresets"] as? String) ?? "all"
      let projectConfigFiles = Self.stringMap(dictionary["configFiles"])
      if let fileTypes = options["fileTypes"] as? [String: Any] {
        for ext in fileTypes.keys.sorted() where ["xcassets", "icon", "png", "plist"].contains(ext)
        {
          warn(
            "options.fileTypes changes how .\(MessageText.escaped(ext)) files are built, which iconpick does not follow: it reads them as XcodeGen does by default"
          )
        }
      }
      var targets = try resolvedTargets()
      // `Project.init` sorts the targets by name.
      let names = targets.keys.sorted()
      let platforms = names.map { Self.platformName(targets[$0]?["platform"]) }
      let sharedPlatform = platforms.allSatisfy { $0 == platforms.first } ? platforms.first : nil

      var targetIDs: [String] = []
      for name in names {
        guard var target = targets[name] else { continue }
        if target["legacy"] != nil { continue }
        target["name"] = target["name"] ?? name
        current = (target["name"] as? String) ?? name
        defer { current = nil }
        let id = try generateTarget(
          name: (target["name"] as? String) ?? name, target: target, configs: configs,
          options: options, presets: presets, settingGroups: settingGroups,
          projectConfigFiles: projectConfigFiles)
        targetIDs.append(id)
      }
      targets.removeAll()

      // The project's own level.
      var configurationIDs: [String] = []
      for config in configs {
        var settings: [String: Any] = [:]
        if let sharedPlatform, let sdk = Self.platformPresets[sharedPlatform]?["SDKROOT"] {
          settings["SDKROOT"] = sdk
        }
        if config.type != nil, presets == "all" || presets == "project" {
          // SettingPresets/base.yml: the one of its settings that bears on icons.
          settings["PRODUCT_NAME"] = "$(TARGET_NAME)"
        }
        let deployment = options["deploymentTarget"] as? [String: Any] ?? [:]
        for (platform, version) in deployment {
          if let key = Self.deploymentKeys[platform], let version = Self.text(version) {
            settings[key] = version
          }
        }
        if let file = projectConfigFiles[config.name] {
          for key in configFileKeys(file) { settings.removeValue(forKey: key) }
        }
        settings.merge(
          buildSettings(
            dictionary["settings"], config: config, configs: configs, groups: settingGroups)
        ) { _, new in new }
        var object: [String: Any] = [
          "isa": "XCBuildConfiguration", "name": config.name, "buildSettings": settings,
        ]
        if let file = projectConfigFiles[config.name] {
          object["baseConfigurationReference"] = fileReference(file)
        }
        configurationIDs.append(add(object))
      }
      let list = add([
        "isa": "XCConfigurationList", "buildConfigurations": configurationIDs,
        "defaultConfigurationName": (options["defaultConfig"] as? String) ?? configs.first?.name
          ?? "",
      ])
      let rootID = add([
        "isa": "PBXProject", "targets": targetIDs, "buildConfigurationList": list,
      ])
      var project = XcodeProject.generated(
        spec: spec, sourceRoot: root, name: name, objects: objects, rootID: rootID)
      project.warnings = warnings
      project.generatedInfoPlists = generatedInfoPlists
      project.targetWarnings = targetWarnings
      return project
    }

    // MARK: Targets

    /// The targets with their templates merged in and multi-platform targets split, as
    /// `Target.resolveTargetTemplates` and `resolveMultiplatformTargets` make them.
    private mutating func resolvedTargets() throws(IconCatalogError) -> [String: [String: Any]] {
      guard let raw = dictionary["targets"] else { return [:] }
      guard let targets = raw as? [String: Any] else {
        throw invalid("\"targets\" is not a mapping")
      }
      let templates = dictionary["targetTemplates"] as? [String: Any] ?? [:]
      var resolved: [String: [String: Any]] = [:]
      for (name, value) in targets {
        guard var target = value as? [String: Any] else {
          throw invalid("target \"\(MessageText.escaped(name))\" is not a mapping")
        }
        var chosen: [String] = []
        func collect(_ target: [String: Any], depth: Int) {
          guard depth < 64 else { return }
          for template in target["templates"] as? [Any] ?? [] {
            guard let template = template as? String, !chosen.contains(template),
              let body = templates[template] as? [String: Any]
            else { continue }
            chosen.append(template)
            collect(body, depth: depth + 1)
          }
        }
        collect(target, depth: 0)
        for template in chosen where templates[template] == nil {
          warn(
            "target \"\(MessageText.escaped(name))\" uses template \"\(MessageText.escaped(template))\", which is not defined"
          )
        }
        if !chosen.isEmpty {
          var base: [String: Any] = [:]
          for template in chosen {
            if let body = templates[template] as? [String: Any] {
              base = XcodeGenSpec.merged(body, onto: base)
            }
          }
          target = XcodeGenSpec.merged(target, onto: base)
          target = XcodeGenSpec.expanding(target, ["target_name": name]) as? [String: Any] ?? target
          if let attributes = target["templateAttributes"] as? [String: Any] {
            let variables = attributes.compactMapValues { $0 as? String }
            target = XcodeGenSpec.expanding(target, variables) as? [String: Any] ?? target
          }
        }
        if let platforms = target["platform"] as? [Any] {
          for case let platform as String in platforms {
            var single =
              XcodeGenSpec.expanding(target, ["platform": platform]) as? [String: Any] ?? target
            single["platform"] = platform
            if let versions = target["deploymentTarget"] as? [String: Any] {
              single["deploymentTarget"] = versions[platform]
            }
            let suffix = (single["platformSuffix"] as? String) ?? "_\(platform)"
            let prefix = (single["platformPrefix"] as? String) ?? ""
            if single["settings"] == nil || !Self.setsKey("PRODUCT_NAME", in: single["settings"]) {
              single["productNameFromTarget"] = name
            }
            resolved[prefix + name + suffix] = single
          }
        } else {
          resolved[name] = target
        }
      }
      return resolved
    }

    private mutating func generateTarget(
      name: String, target: [String: Any], configs: [Config], options: [String: Any],
      presets: String, settingGroups: [String: Any], projectConfigFiles: [String: String]
    ) throws(IconCatalogError) -> String {
      let type = (target["type"] as? String) ?? ""
      let productType = type.isEmpty ? "" : "com.apple.product-type." + type
      var platform = Self.platformName(target["platform"])
      let destinations = Self.strings(target["supportedDestinations"]).sorted {
        (Self.destinationOrder.firstIndex(of: $0) ?? 99)
          < (Self.destinationOrder.firstIndex(of: $1) ?? 99)
      }
      if platform == "auto", let first = destinations.first, Self.platformPresets[first] != nil {
        platform = first
      }
      for key in target.keys.sorted() where !Self.targetKeys.contains(key) {
        guard Self.namesIconFiles(target[key]) else { continue }
        warn(
          "target \"\(MessageText.escaped(name))\" has \"\(MessageText.escaped(key))\", which XcodeGen does not read: the catalogs or icons it names are not built (list them under sources)"
        )
      }
      let configFiles = Self.stringMap(target["configFiles"])
      let sources = Self.sources(target["sources"])
      let resources = try self.resources(of: sources, options: options)
      let compiled = compiledSources(of: sources, options: options)

      var configurationIDs: [String] = []
      var plistSearched = false
      var searchedPlist: String?
      for config in configs {
        // `getTargetBuildSettings`.
        var settings: [String: Any] = [:]
        if presets == "all" || presets == "targets" {
          settings.merge(Self.platformPresets[platform] ?? [:]) { _, new in new }
          if type == "application" {
            settings.merge(Self.applicationPresets[platform] ?? [:]) { _, new in new }
          }
          if Self.platformName(target["platform"]) == "auto" { settings["SDKROOT"] = "auto" }
          if !destinations.isEmpty {
            var supported: [String] = []
            var families: [String] = []
            for destination in destinations {
              let preset = Self.destinationPresets[destination] ?? [:]
              supported +=
                preset["SUPPORTED_PLATFORMS"].map { $0.components(separatedBy: " ") } ?? []
              families +=
                preset["TARGETED_DEVICE_FAMILY"].map { $0.components(separatedBy: ",") } ?? []
              settings.merge(preset) { _, new in new }
            }
            settings["SUPPORTED_PLATFORMS"] = supported.joined(separator: " ")
            settings["TARGETED_DEVICE_FAMILY"] = families.joined(separator: ",")
          }
        }
        if let version = Self.text(target["deploymentTarget"]) {
          let platforms = destinations.isEmpty ? [platform] : destinations
          for platform in platforms {
            if let key = Self.deploymentKeys[platform] { settings[key] = version }
          }
        }
        for file in [configFiles[config.name], projectConfigFiles[config.name]].compactMap({ $0 }) {
          for key in configFileKeys(file) { settings.removeValue(forKey: key) }
        }
        let own = buildSettings(
          target["settings"], config: config, configs: configs, groups: settingGroups)
        settings.merge(own) { _, new in new }
        if let productName = target["productNameFromTarget"] as? String {
          settings["PRODUCT_NAME"] = productName
        }

        // `getInfoPlists`: the setting, else `info.path`, else the first Info.plist of the sources.
        let info = target["info"] as? [String: Any]
        var plist = Self.text(settings["INFOPLIST_FILE"]) ?? (info?["path"] as? String)
        if plist == nil {
          if !plistSearched {
            plistSearched = true
            searchedPlist = firstInfoPlist(in: sources)
          }
          plist = searchedPlist
        }
        if let plist { settings["INFOPLIST_FILE"] = plist }
        if let entitlements = (target["entitlements"] as? [String: Any])?["path"] as? String {
          settings["CODE_SIGN_ENTITLEMENTS"] = entitlements
        }
        if let prefix = options["bundleIdPrefix"] as? String,
          !setsBundleIdentifier(
            own: settings, targetFile: configFiles[config.name], config: config, configs: configs,
            groups: settingGroups, projectFile: projectConfigFiles[config.name])
        {
          let escaped = name.replacingAll("_", with: "-").unicodeScalars
            .filter { $0.isAlphanumeric || $0 == "-" || $0 == "." }.map(String.init).joined()
          settings["PRODUCT_BUNDLE_IDENTIFIER"] = prefix + "." + escaped
        }
        var object: [String: Any] = [
          "isa": "XCBuildConfiguration", "name": config.name, "buildSettings": settings,
        ]
        if let file = configFiles[config.name] {
          object["baseConfigurationReference"] = fileReference(file)
        }
        configurationIDs.append(add(object))
      }
      if let info = target["info"] as? [String: Any], let path = info["path"] as? String {
        var keys = Self.defaultInfoPlistKeys(type: type)
        for (key, value) in info["properties"] as? [String: Any] ?? [:] {
          keys[key] = Self.plistValue(value)
        }
        generatedInfoPlists[name] = GeneratedInfoPlist(
          file: URL(fileURLWithPath: path, relativeTo: root).standardizedFileURL, spec: spec,
          keys: keys)
      }

      let list = add([
        "isa": "XCConfigurationList", "buildConfigurations": configurationIDs,
        "defaultConfigurationName": (options["defaultConfig"] as? String) ?? configs.first?.name
          ?? "",
      ])
      let phase = add(["isa": "PBXResourcesBuildPhase", "files": resources.files])
      let sourcesPhase = add(["isa": "PBXSourcesBuildPhase", "files": compiled])
      return add([
        "isa": "PBXNativeTarget", "name": name, "productType": productType,
        "buildConfigurationList": list, "buildPhases": [sourcesPhase, phase],
        "fileSystemSynchronizedGroups": resources.synchronized,
      ])
    }

    // MARK: Settings

    /// `Project.getBuildSettings(settings:config:)`: groups (nested), then `base` (or the plain
    /// map), then each `configs` entry that matches the configuration.
    private mutating func buildSettings(
      _ value: Any?, config: Config, configs: [Config], groups: [String: Any], depth: Int = 0
    ) -> [String: Any] {
      guard depth < 64, let mapping = value as? [String: Any] else { return [:] }
      var result: [String: Any] = [:]
      let structured =
        mapping["configs"] != nil || mapping["groups"] != nil || mapping["base"] != nil
      guard structured else { return Self.settingValues(mapping) }
      for case let group as String in (mapping["groups"] ?? mapping["presets"]) as? [Any] ?? [] {
        guard let body = groups[group] else {
          warn("setting group \"\(MessageText.escaped(group))\" is not defined in settingGroups")
          continue
        }
        result.merge(
          buildSettings(body, config: config, configs: configs, groups: groups, depth: depth + 1)
        ) {
          _, new in new
        }
      }
      result.merge(Self.settingValues(mapping["base"] as? [String: Any] ?? [:])) { _, new in new }
      for (variant, body) in mapping["configs"] as? [String: Any] ?? [:] {
        guard config.name.lowercased().contains(variant.lowercased()) else { continue }
        // `getConfig`: an exact match, with its case.
        let exact = configs.first { $0.name == variant }
        if let exact, exact.name != config.name { continue }
        result.merge(
          buildSettings(body, config: config, configs: configs, groups: groups, depth: depth + 1)
        ) {
          _, new in new
        }
      }
      return result
    }

    /// `targetHasBuildSetting`: the target's settings, its config file, the project's settings
    /// and its config file.
    private mutating func setsBundleIdentifier(
      own: [String: Any], targetFile: String?, config: Config, configs: [Config],
      groups: [String: Any], projectFile: String?
    ) -> Bool {
      let key = "PRODUCT_BUNDLE_IDENTIFIER"
      if own[key] != nil { return true }
      if let targetFile, configFileKeys(targetFile).contains(key) { return true }
      if buildSettings(dictionary["settings"], config: config, configs: configs, groups: groups)[
        key]
        != nil
      {
        return true
      }
      if let projectFile, configFileKeys(projectFile).contains(key) { return true }
      return false
    }

    /// The keys an `.xcconfig` sets without a condition, its includes followed.
    private func configFileKeys(_ path: String) -> Set<String> {
      let written = URL(fileURLWithPath: path, relativeTo: root).standardizedFileURL
      // As XcodeGen opens it on a Mac (`MacFileLookup`); the base configuration reference keeps
      // the spelling, and reading the target says when it differs.
      let url = MacFileLookup.find(written, kind: .file)?.url ?? written
      guard let config = try? XCConfig.read(url, projectFolder: root) else { return [] }
      return Set(config.assignments.filter { $0.conditions.isEmpty }.map(\.key))
    }

    private mutating func fileReference(_ path: String) -> String {
      let url = URL(fileURLWithPath: path, relativeTo: root).standardizedFileURL
      return add(["isa": "PBXFileReference", "path": url.path, "sourceTree": "<absolute>"])
    }

    // MARK: Sources

    struct Source {
      var path: String
      var type: String?
      var buildPhase: Any?
      var excludes: [String] = []
      var includes: [String] = []
      var optional = false
      var filtered = false
    }

    static func sources(_ value: Any?) -> [Source] {
      let items: [Any] = (value as? [Any]) ?? (value.map { [$0] } ?? [])
      return items.compactMap { item -> Source? in
        if let path = item as? String { return Source(path: path) }
        guard let object = item as? [String: Any], let path = object["path"] as? String else {
          return nil
        }
        var source = Source(path: path)
        source.type = object["type"] as? String
        source.buildPhase = object["buildPhase"]
        source.excludes = strings(object["excludes"])
        source.includes = strings(object["includes"])
        source.optional = XcodeGenSpec.boolean(object["optional"]) ?? false
        source.filtered =
          object["destinationFilters"] != nil || object["inferDestinationFiltersByPath"] != nil
        return source
      }
    }

    /// The resources phase's build files and the synchronized folders of a target's sources: the
    /// catalogs and `.icon` bundles it compiles and the PNGs it copies.
    private mutating func resources(of sources: [Source], options: [String: Any])
      throws(IconCatalogError) -> (files: [String], synchronized: [String])
    {
      var files: [String] = []
      var synchronized: [String] = []
      let defaultType = options["defaultSourceDirectoryType"] as? String
      for source in sources {
        let written = URL(fileURLWithPath: source.path, relativeTo: root).standardizedFileURL
        // XcodeGen and Xcode find it as a Mac does, ignoring case and Unicode normalization. A
        // file keeps its spelling in the project, where reading the target says it differs.
        var isFolder = false
        guard let url = MacFileLookup.find(written)?.url,
          ReadDisk.exists(url.path, isFolder: &isFolder)
        else {
          if !source.optional {
            warn(
              "source \(MessageText.escaped(source.path)) does not exist, so XcodeGen would not generate the project"
            )
          }
          continue
        }
        let before = files.count + synchronized.count
        defer {
          if source.filtered, files.count + synchronized.count > before {
            warn(
              "source \(MessageText.escaped(source.path)) has destination filters, which iconpick does not follow: its catalogs and icons are read for every platform"
            )
          }
        }
        if let phase = source.buildPhase, phase as? String != "resources" { continue }
        let ext = url.pathExtension
        let type =
          source.type ?? (isFolder && ext.isEmpty ? (defaultType ?? "group") : "file")
        switch type {
        case "folder":
          files.append(buildFile(written.path))
        case "syncedFolder":
          synchronized.append(
            add([
              "isa": "PBXFileSystemSynchronizedRootGroup", "path": url.path,
              "sourceTree": "<absolute>",
            ]))
        case "group" where isFolder:
          for file in Self.groupResources(
            under: url, excludes: source.excludes, includes: source.includes)
          {
            files.append(buildFile(file.path))
          }
        default:
          if Self.isResource(url.lastPathComponent) || source.buildPhase != nil {
            files.append(buildFile(written.path))
          }
        }
      }
      return (files, synchronized)
    }

    /// The Swift and Objective-C files a target's sources compile (for the icon names its code
    /// passes, `CodeFiles`): the files of group sources and single files, not folder references
    /// (copied as they are), not `syncedFolder`s (their own groups), not sources put in another
    /// build phase.
    private mutating func compiledSources(of sources: [Source], options: [String: Any]) -> [String]
    {
      var files: [String] = []
      let defaultType = options["defaultSourceDirectoryType"] as? String
      for source in sources {
        if let phase = source.buildPhase, phase as? String != "sources" { continue }
        let url = URL(fileURLWithPath: source.path, relativeTo: root).standardizedFileURL
        var isFolder = false
        guard ReadDisk.exists(url.path, isFolder: &isFolder) else {
          continue
        }
        let type =
          source.type
          ?? (isFolder && url.pathExtension.isEmpty ? (defaultType ?? "group") : "file")
        switch type {
        case "group" where isFolder:
          for file in Self.groupFiles(
            under: url, excludes: source.excludes, includes: source.includes, where: Self.isCode)
          {
            files.append(buildFile(file.path))
          }
        case "file" where Self.isCode(url.lastPathComponent):
          files.append(buildFile(url.path))
        default:
          break
        }
      }
      return files
    }

    /// Swift and Objective-C sources.
    static func isCode(_ name: String) -> Bool {
      [.swift, .objectiveC].contains(CodeLanguage(fileExtension: PathText.pathExtension(name)))
    }

    private mutating func buildFile(_ path: String) -> String {
      let reference = add(["isa": "PBXFileReference", "path": path, "sourceTree": "<absolute>"])
      return add(["isa": "PBXBuildFile", "fileRef": reference])
    }

    /// Catalogs, `.icon` bundles and PNGs: the resources that bear on icons (XcodeGen's default
    /// file types put them in the resources phase; an `Info.plist` never is).
    static func isResource(_ name: String) -> Bool {
      let ext = PathText.pathExtension(name).lowercased()
      return ["xcassets", "icon", "png"].contains(ext)
    }

    /// The most entries a group source's walk looks at.
    static let maximumGroupEntries = 200_000

    /// A group source's resources: every file under it, folders with an extension (catalogs,
    /// bundles) as one file, hidden entries left out, `excludes` and `includes` globs applied
    /// relative to the source as XcodeGen applies them.
    static func groupResources(under folder: URL, excludes: [String], includes: [String]) -> [URL] {
      groupFiles(under: folder, excludes: excludes, includes: includes, where: isResource)
    }

    /// A group source's files that `wanted` accepts by name, walked as `groupResources` says.
    static func groupFiles(
      under folder: URL, excludes: [String], includes: [String], where wanted: (String) -> Bool
    ) -> [URL] {
      let excluded = excludes.compactMap(GlobPattern.init)
      let included = includes.compactMap(GlobPattern.init)
      var found: [URL] = []
      var seen = 0
      func walk(_ url: URL, relative: String, depth: Int) {
        guard depth < 64 else { return }
        let names = ReadDisk.names(inFolder: url.path)?.sorted() ?? []
        for name in names where !name.hasPrefix(".") {
          seen += 1
          guard seen <= maximumGroupEntries else { return }
          let child = url.appendingPathComponent(name)
          let path = relative.isEmpty ? name : relative + "/" + name
          if excluded.contains(where: { $0.matches(path) }) { continue }
          var isFolder = false
          _ = ReadDisk.exists(child.path, isFolder: &isFolder)
          if isFolder && (child.pathExtension.isEmpty || child.pathExtension == "lproj") {
            walk(child, relative: path, depth: depth + 1)
            continue
          }
          if !included.isEmpty, !included.contains(where: { $0.matches(path) }) { continue }
          if wanted(name) { found.append(child) }
        }
      }
      walk(folder, relative: "", depth: 0)
      return found
    }

    /// `getInfoPlist`: the first source that is an `Info.plist`, or holds one.
    private func firstInfoPlist(in sources: [Source]) -> String? {
      for source in sources {
        let url = URL(fileURLWithPath: source.path, relativeTo: root).standardizedFileURL
        if url.lastPathComponent == "Info.plist",
          ReadDisk.exists(url.path)
        {
          return source.path
        }
        var budget = Self.maximumGroupEntries
        if let found = Self.firstFile(named: "Info.plist", under: url, budget: &budget) {
          let relative = ProjectFiles.relativeComponents(of: found, under: root)
          return relative.joined(separator: "/")
        }
      }
      return nil
    }

    /// Depth first in name order, looking at no more than `budget` entries.
    private static func firstFile(
      named name: String, under folder: URL, budget: inout Int, depth: Int = 0
    ) -> URL? {
      guard depth < 32,
        let names = ReadDisk.names(inFolder: folder.path)
      else { return nil }
      for entry in names.sorted() where !entry.hasPrefix(".") {
        budget -= 1
        guard budget > 0 else { return nil }
        let child = folder.appendingPathComponent(entry)
        if entry == name { return child }
        var isFolder = false
        if ReadDisk.exists(child.path, isFolder: &isFolder),
          isFolder,
          let found = firstFile(named: name, under: child, budget: &budget, depth: depth + 1)
        {
          return found
        }
      }
      return nil
    }

    // MARK: Values

    static func configs(_ value: Any?) -> [Config] {
      guard let mapping = value as? [String: Any], !mapping.isEmpty else {
        return [Config(name: "Debug", type: "debug"), Config(name: "Release", type: "release")]
      }
      return mapping.map { name, type in
        let type = (type as? String).flatMap { ["debug", "release"].contains($0) ? $0 : nil }
        return Config(name: name, type: type)
      }.sorted { $0.name < $1.name }
    }

    static func platformName(_ value: Any?) -> String {
      (value as? String) ?? "iOS"
    }

    static func strings(_ value: Any?) -> [String] {
      if let text = value as? String { return [text] }
      return (value as? [Any] ?? []).compactMap { $0 as? String }
    }

    static func stringMap(_ value: Any?) -> [String: String] {
      (value as? [String: Any] ?? [:]).compactMapValues { $0 as? String }
    }

    static func setsKey(_ key: String, in settings: Any?) -> Bool {
      guard let mapping = settings as? [String: Any] else { return false }
      if mapping[key] != nil { return true }
      return (mapping["base"] as? [String: Any])?[key] != nil
    }

    /// `BuildSetting(any:)`: text as written, a Boolean as `YES`/`NO`, a number as its text, a
    /// list as a list.
    static func settingValues(_ mapping: [String: Any]) -> [String: Any] {
      mapping.compactMapValues { value -> Any? in
        if let items = value as? [Any] { return items.compactMap(text) }
        return text(value)
      }
    }

    static func text(_ value: Any?) -> String? {
      switch value {
      case let text as String: return text
      case let flag as Bool: return flag ? "YES" : "NO"
      case let number as Int: return String(number)
      case let number as Double: return String(number)
      default: return nil
      }
    }

    /// A property list value from a YAML one (null has no plist form and is left out).
    static func plistValue(_ value: Any) -> Any {
      switch value {
      case let items as [Any]: return items.filter { !($0 is NullValue) }.map(plistValue)
      case let mapping as [String: Any]:
        return mapping.filter { !($0.value is NullValue) }.mapValues(plistValue)
      default: return value
      }
    }

    /// `InfoPlistGenerator.generateProperties`.
    static func defaultInfoPlistKeys(type: String) -> [String: Any] {
      var keys: [String: Any] = [
        "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)",
        "CFBundleInfoDictionaryVersion": "6.0",
        "CFBundleName": "$(PRODUCT_NAME)",
        "CFBundleDevelopmentRegion": "$(DEVELOPMENT_LANGUAGE)",
        "CFBundleShortVersionString": "1.0",
        "CFBundleVersion": "1",
      ]
      if type != "bundle" { keys["CFBundleExecutable"] = "$(EXECUTABLE_NAME)" }
      switch type {
      case "application", "application.watchapp2": keys["CFBundlePackageType"] = "APPL"
      case "bundle.unit-test", "bundle.ui-testing", "bundle": keys["CFBundlePackageType"] = "BNDL"
      case "framework": keys["CFBundlePackageType"] = "FMWK"
      case "xpc-service", "app-extension": keys["CFBundlePackageType"] = "XPC!"
      default: break
      }
      return keys
    }

    /// The keys of a target XcodeGen reads (`Target.init(name:jsonDictionary:)`, the docs'
    /// Target), and the ones iconpick adds while resolving.
    static let targetKeys: Set<String> = [
      "name", "type", "platform", "supportedDestinations", "deploymentTarget", "sources",
      "configFiles", "settings", "dependencies", "info", "entitlements", "templates",
      "templateAttributes", "transitivelyLinkDependencies", "directlyEmbedCarthageDependencies",
      "requiresObjCLinking", "onlyCopyFilesOnInstall", "buildToolPlugins", "preBuildScripts",
      "prebuildScripts", "postCompileScripts", "postBuildScripts", "buildRules", "scheme",
      "legacy", "attributes", "putResourcesBeforeSourcesBuildPhase", "productName",
      "platformSuffix", "platformPrefix", "buildScripts", "productNameFromTarget",
    ]

    /// True when a value names an asset catalog or an icon, as a path.
    static func namesIconFiles(_ value: Any?, depth: Int = 0) -> Bool {
      guard depth < 16 else { return false }
      switch value {
      case let text as String:
        return [".xcassets", ".icon", ".appiconset"].contains { text.hasSuffix($0) }
      case let items as [Any]: return items.contains { namesIconFiles($0, depth: depth + 1) }
      case let mapping as [String: Any]:
        return mapping.values.contains { namesIconFiles($0, depth: depth + 1) }
      default: return false
      }
    }

    // MARK: Presets

    /// `SettingPresets/Platforms/*.yml`, the settings that bear on icons.
    static let platformPresets: [String: [String: String]] = [
      "iOS": ["SDKROOT": "iphoneos", "TARGETED_DEVICE_FAMILY": "1,2"],
      "tvOS": ["SDKROOT": "appletvos", "TARGETED_DEVICE_FAMILY": "3"],
      "macOS": ["SDKROOT": "macosx"],
      "watchOS": ["SDKROOT": "watchos", "TARGETED_DEVICE_FAMILY": "4"],
      "visionOS": ["SDKROOT": "xros", "TARGETED_DEVICE_FAMILY": "7"],
    ]

    /// `SettingPresets/Product_Platform/application_*.yml`.
    static let applicationPresets: [String: [String: String]] = [
      "iOS": ["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon"],
      "tvOS": ["ASSETCATALOG_COMPILER_APPICON_NAME": "App Icon & Top Shelf Image"],
      "macOS": ["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon"],
      "watchOS": ["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon"],
      "visionOS": ["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon"],
    ]

    /// `SettingPresets/SupportedDestinations/*.yml`.
    static let destinationPresets: [String: [String: String]] = [
      "iOS": [
        "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator", "TARGETED_DEVICE_FAMILY": "1,2",
        "SUPPORTS_MACCATALYST": "NO",
      ],
      "tvOS": ["SUPPORTED_PLATFORMS": "appletvos appletvsimulator", "TARGETED_DEVICE_FAMILY": "3"],
      "macOS": ["SUPPORTED_PLATFORMS": "macosx", "SUPPORTS_MACCATALYST": "NO"],
      "macCatalyst": ["SUPPORTS_MACCATALYST": "YES"],
      "visionOS": ["SUPPORTED_PLATFORMS": "xros xrsimulator", "TARGETED_DEVICE_FAMILY": "7"],
      "watchOS": ["SUPPORTED_PLATFORMS": "watchos watchsimulator", "TARGETED_DEVICE_FAMILY": "4"],
    ]

    /// `SupportedDestination.priority`.
    static let destinationOrder = ["iOS", "tvOS", "watchOS", "visionOS", "macOS", "macCatalyst"]

    /// `Platform.deploymentTargetSetting`.
    static let deploymentKeys = [
      "iOS": "IPHONEOS_DEPLOYMENT_TARGET", "tvOS": "TVOS_DEPLOYMENT_TARGET",
      "macOS": "MACOSX_DEPLOYMENT_TARGET", "watchOS": "WATCHOS_DEPLOYMENT_TARGET",
      "visionOS": "XROS_DEPLOYMENT_TARGET",
    ]
  }
}

/// A glob of XcodeGen's `excludes`/`includes` (bash with globstar): `*` and `?` within a name,
/// `**` across folders, `[...]` a class; a pattern that names a folder covers what is in it.
struct GlobPattern {
  let expression: Regex<AnyRegexOutput>

  init?(_ pattern: String) {
    var regex = "^"
    var characters = Array(pattern)[...]
    while let character = characters.popFirst() {
      switch character {
      case "*":
        if characters.first == "*" {
          characters = characters.dropFirst()
          if characters.first == "/" {
            characters = characters.dropFirst()
            regex += "(.*/)?"
          } else {
            regex += ".*"
          }
        } else {
          regex += "[^/]*"
        }
      case "?":
        regex += "[^/]"
      case "[":
        var body = ""
        while let next = characters.popFirst(), next != "]" { body.append(next) }
        regex +=
          "["
          + RegexText.escaped(body).replacingAll("\\-", with: "-") + "]"
      default:
        regex += RegexText.escaped(String(character))
      }
    }
    regex += "(/.*)?$"
    guard let expression = try? Regex(regex) else { return nil }
    self.expression = expression
  }

  func matches(_ path: String) -> Bool {
    (try? expression.firstMatch(in: path)) != nil
  }
}
