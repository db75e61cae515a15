import FoundationEssentials
import IconCatalog

/// Adds a name to, or removes it from, `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES` where the
/// target's value comes from, for every configuration of the target: the target's or the
/// project's settings in `project.pbxproj`, an `.xcconfig` line, or an XcodeGen spec.
enum SettingDeclaration {
  static let key = "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES"

  enum Change {
    case add, remove

    func apply(_ name: String, to text: String) -> String? {
      switch self {
      case .add: return SettingList.appending(name, to: text)
      case .remove: return SettingList.removing(name, from: text)
      }
    }
  }

  /// Plans the change in every place that sets the value; a configuration where the setting is
  /// not set gets it at the target's level (where Xcode's Build Settings editor writes it). With
  /// `.remove`, a setting left with no name is removed.
  static func plan(
    _ change: Change, name: String, context: EditContext, files: inout PlannedFiles
  ) throws(EditError) -> [String] {
    if change == .add, let typo = try correctMisspeltSetting(name, context: context, files: &files)
    {
      return [typo]
    }
    let edit = SettingEdit(
      key: key, summary: summary(change, name),
      text: { change.apply(name, to: $0) },
      list: { items in
        switch change {
        case .add: return items + [name]
        case .remove: return items.contains(name) ? items.filter { $0 != name } : nil
        }
      },
      whenUnset: change == .add ? SettingList.written(name) : nil)
    return try plan(edit, context: context, files: &files)
  }

  /// A change of one setting's value, in each place the target's value comes from.
  struct SettingEdit {
    var key: String
    /// What the change file's summary says.
    var summary: String
    /// The value written as text, changed; nil leaves it. Empty text removes the setting.
    var text: (String) -> String?
    /// The value written as a list (project.pbxproj), changed; nil leaves it. An empty list
    /// removes the setting.
    var list: ([String]) -> [String]?
    /// Written at the target's level in a configuration where the setting is not set; nil
    /// leaves such a configuration alone.
    var whenUnset: String?
  }

  /// Plans `edit` in every place that sets the value, and at the target's level where none
  /// does; returns the places changed (`target Studio, Debug`, `Studio.xcconfig:3`).
  static func plan(_ edit: SettingEdit, context: EditContext, files: inout PlannedFiles)
    throws(EditError) -> [String]
  {
    let key = edit.key
    let places = context.places
    guard let projectFile = places.projectFile, let targetName = places.targetName else {
      // A folder without a project: its `.xcconfig` that sets the value, if one does.
      let settingPlaces = places.settingPlaces(key).filter { $0.level == .configurationFile }
      if !settingPlaces.isEmpty {
        var described: [String] = []
        for place in settingPlaces {
          if let line = try editConfigurationFile(edit, place: place, files: &files) {
            described.append(line)
          }
        }
        return described
      }
      throw .unsupported(
        file: places.root.path,
        reason:
          "no Xcode project or XcodeGen spec was found, so there is no build setting to declare the icon in"
      )
    }
    if places.isXcodeGenSpec {
      return try planInSpec(edit, spec: projectFile, target: targetName, files: &files)
    }
    var editor = try PbxprojEditor(file: projectFile, bytes: try files.current(projectFile))
    guard let targetID = editor.nativeTarget(named: targetName) else {
      throw .cannotEdit(file: projectFile.path, reason: "no target named \"\(targetName)\"")
    }
    let targetConfigurations = editor.buildConfigurations(ofTarget: targetID)
    let projectConfigurations = editor.projectBuildConfigurations()
    var described: [String] = []
    var xcconfigFilesDone = Set<String>()
    for place in places.settingPlaces(key) {
      switch place.level {
      case nil:
        guard let value = edit.whenUnset,
          let id = targetConfigurations.first(where: { $0.name == place.configuration })?.id
        else { continue }
        // Beside the app's other asset catalog settings, where they live in an .xcconfig.
        if let sibling = siblingLine(for: place.configuration, places: places) {
          let path = sibling.file.standardizedFileURL.path
          guard !xcconfigFilesDone.contains(path) else { continue }
          xcconfigFilesDone.insert(path)
          var config = try XCConfigEditor(
            file: sibling.file, bytes: try files.current(sibling.file))
          let number = try config.appendLine("\(key) = \(value)", after: sibling.line)
          try files.edit(sibling.file, to: config.bytes, edit.summary)
          described.append("\(sibling.file.lastPathComponent):\(number)")
          continue
        }
        try editor.setBuildSetting(key, to: .string(value), configuration: id)
        described.append("target \(targetName), \(place.configuration)")
      case .target?, .project?:
        let list = place.level == .target ? targetConfigurations : projectConfigurations
        guard let id = list.first(where: { $0.name == place.configuration })?.id,
          let value = editor.buildSetting(key, configuration: id)
        else { continue }
        switch value {
        case .string(let text):
          guard let updated = edit.text(text) else { continue }
          if updated.trimmingWhitespace().isEmpty {
            try editor.removeBuildSetting(key, configuration: id)
          } else {
            try editor.setBuildSetting(key, to: .string(updated), configuration: id)
          }
        case .list(let items):
          guard let updated = edit.list(items) else { continue }
          if updated.isEmpty {
            try editor.removeBuildSetting(key, configuration: id)
          } else {
            try editor.setBuildSetting(key, to: .list(updated), configuration: id)
          }
        }
        let owner = place.level == .target ? "target \(targetName)" : "the project"
        described.append("\(owner), \(place.configuration)")
      case .configurationFile?:
        guard let file = place.file, !xcconfigFilesDone.contains(file.standardizedFileURL.path)
        else { continue }
        xcconfigFilesDone.insert(file.standardizedFileURL.path)
        if let line = try editConfigurationFile(edit, place: place, files: &files) {
          described.append(line)
        }
      }
    }
    if editor.bytes != (try files.current(projectFile)) {
      try files.edit(projectFile, to: editor.bytes, edit.summary)
    }
    return described
  }

  /// Where the alternate names are set under a misspelt name
  /// (`AssetCatalog_Compiler_Alternate_AppIcon_Names`, which the build ignores:
  /// `setting-key-case`), in an `.xcconfig` or `project.pbxproj`, and the right name is set
  /// nowhere, `add` spells it right and adds NAME to its value, rather than write a second
  /// setting beside the typo. Returns the places changed, or nil when there is no such setting.
  static func correctMisspeltSetting(
    _ name: String, context: EditContext, files: inout PlannedFiles
  ) throws(EditError) -> String? {
    guard
      let typo = context.facts.settingKeysDifferingInCase.first(where: { $0.setting == key }),
      let file = typo.location?.file,
      !context.places.settingPlaces(key).contains(where: { $0.level != nil })
    else { return nil }
    if file.pathExtension == "xcconfig" {
      var config = try XCConfigEditor(file: file, bytes: try files.current(file))
      let assignments = config.assignments(of: typo.written)
      guard let line = (assignments.last { $0.conditions.isEmpty } ?? assignments.last) else {
        return nil
      }
      try config.renameKey(line: line.line, to: key)
      try config.setValue(SettingList.appending(name, to: line.value), line: line.line)
      try files.edit(
        file, to: config.bytes, "\(typo.written) spelt \(key), and \"\(name)\" added to it")
      return "\(file.lastPathComponent):\(line.line)"
    }
    guard let projectFile = context.places.projectFile, file == projectFile,
      let targetName = context.places.targetName
    else { return nil }
    // In an XcodeGen spec: the target's setting under its right name, NAME added.
    if context.places.isXcodeGenSpec {
      var spec = try SpecYAMLEditor(file: projectFile, bytes: try files.current(projectFile))
      guard let current = spec.setting(typo.written, target: targetName) else { return nil }
      try spec.removeSetting(typo.written, target: targetName)
      try spec.setSetting(
        key, value: SettingList.appending(name, to: current.value), target: targetName)
      try files.edit(
        projectFile, to: spec.bytes,
        "\(typo.written) spelt \(key), and \"\(name)\" added to it")
      return "\(projectFile.lastPathComponent), target \(targetName)"
    }
    // In project.pbxproj: in each configuration that sets it, at the target's level or the
    // project's, the setting under its right name with NAME added, the misspelt one gone.
    var editor = try PbxprojEditor(file: projectFile, bytes: try files.current(projectFile))
    guard let targetID = editor.nativeTarget(named: targetName) else { return nil }
    var described: [String] = []
    for (owner, configurations) in [
      ("target \(targetName)", editor.buildConfigurations(ofTarget: targetID)),
      ("the project", editor.projectBuildConfigurations()),
    ] {
      for configuration in configurations {
        guard let value = editor.buildSetting(typo.written, configuration: configuration.id)
        else { continue }
        let corrected: PbxprojValue
        switch value {
        case .string(let text): corrected = .string(SettingList.appending(name, to: text))
        case .list(let items): corrected = .list(items + [name])
        }
        try editor.removeBuildSetting(typo.written, configuration: configuration.id)
        try editor.setBuildSetting(key, to: corrected, configuration: configuration.id)
        described.append("\(owner), \(configuration.name)")
      }
    }
    guard !described.isEmpty else { return nil }
    try files.edit(
      projectFile, to: editor.bytes,
      "\(typo.written) spelt \(key), and \"\(name)\" added to it")
    return described.joined(separator: "; ")
  }

  /// The settings of the asset catalog compiler a target sets beside the alternate names: where
  /// the first of them a configuration reads comes from an `.xcconfig`, a new
  /// `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES` goes after it.
  static let siblingKeys = [
    "ASSETCATALOG_COMPILER_APPICON_NAME", "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS",
    "ASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME",
    "ASSETCATALOG_COMPILER_WIDGET_BACKGROUND_COLOR_NAME",
  ]

  /// The `.xcconfig` line of the first sibling setting `configuration` reads from a file (the
  /// last unconditioned assignment there, as the build reads it); nil when none comes from one.
  static func siblingLine(for configuration: String, places: EditPlaces) -> (
    file: URL, line: Int
  )? {
    for sibling in siblingKeys {
      guard
        let place = places.settingPlaces(sibling).first(where: {
          $0.configuration == configuration
        }), place.level == .configurationFile, let file = place.file,
        let bytes = try? RegularFile.read(file.path, limit: FileLimits.text),
        let config = try? XCConfigEditor(file: file, bytes: bytes)
      else { continue }
      let assignments = config.assignments(of: sibling)
      if let line = (assignments.last { $0.conditions.isEmpty } ?? assignments.last)?.line {
        return (file, line)
      }
    }
    return nil
  }

  /// The change in the `.xcconfig` line the build reads: the last one without conditions, else
  /// the last of all. Returns `file:line`, or nil when there was nothing to change.
  private static func editConfigurationFile(
    _ edit: SettingEdit, place: EditPlaces.SettingPlace, files: inout PlannedFiles
  ) throws(EditError) -> String? {
    guard let file = place.file else { return nil }
    var config = try XCConfigEditor(file: file, bytes: try files.current(file))
    let assignments = config.assignments(of: edit.key)
    guard let line = (assignments.last { $0.conditions.isEmpty } ?? assignments.last),
      let updated = edit.text(line.value)
    else { return nil }
    if updated.trimmingWhitespace().isEmpty {
      try config.removeLine(line.line)
    } else {
      try config.setValue(updated, line: line.line)
    }
    try files.edit(file, to: config.bytes, edit.summary)
    return "\(file.lastPathComponent):\(line.line)"
  }

  private static func summary(_ change: Change, _ name: String) -> String {
    switch change {
    case .add: return "\"\(name)\" added to \(key)"
    case .remove: return "\"\(name)\" removed from \(key)"
    }
  }

  private static func planInSpec(
    _ edit: SettingEdit, spec: URL, target: String, files: inout PlannedFiles
  ) throws(EditError) -> [String] {
    var editor = try SpecYAMLEditor(file: spec, bytes: try files.current(spec))
    if let current = editor.setting(edit.key, target: target) {
      guard let updated = edit.text(current.value) else { return [] }
      if updated.trimmingWhitespace().isEmpty {
        try editor.removeSetting(edit.key, target: target)
      } else {
        try editor.setSetting(edit.key, value: updated, target: target)
      }
    } else {
      guard let value = edit.whenUnset else { return [] }
      try editor.setSetting(edit.key, value: value, target: target)
    }
    try files.edit(spec, to: editor.bytes, edit.summary)
    return ["\(spec.lastPathComponent), target \(target)"]
  }
}
