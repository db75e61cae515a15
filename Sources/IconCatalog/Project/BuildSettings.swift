import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The build settings of the app, as Xcode would see them when building for an iOS device.
///
/// Without a project, filled from the `.xcconfig` files of the folder (`init(levels:builtIn:)`); for a
/// target of a `project.pbxproj`, from Xcode's layers (`init(layers:builtIn:for:)`).
struct BuildSettings: Sendable {
  struct Setting: Equatable, Sendable {
    /// Not expanded yet: settings refer to each other and are expanded when read. `$(inherited)`
    /// is still in it: it is the value of `overridden`, evaluated when read.
    var value: String
    /// Where it was set; nil for settings iconpick supplies itself (SRCROOT, ...).
    var file: URL?
    /// The value of the same setting that this one overrides: the level below's (target, its
    /// `.xcconfig`, project, its `.xcconfig`, built-in), or the eligible assignment before it in
    /// the same level: a line above in an `.xcconfig`, a key sorted before it in a dictionary
    /// (assignments whose conditions do not hold are skipped).
    /// swift-build keeps each setting's assignments as a list, each with the `next` one it
    /// overrides (`MacroValueAssignment.next`); `$(inherited)`, and a reference to the setting
    /// itself, evaluate that one (`MacroEvaluationContext.nextValueForMacro`).
    var overridden: Setting? {
      get { below.first }
      set {
        below = newValue.map { [Self.capped($0)] } ?? []
        depth = below.first.map { $0.depth + 1 } ?? 0
      }
    }
    /// `overridden`, held in an array to let the type refer to itself.
    private var below: [Setting] = []
    /// How many values `overridden` leads through.
    private(set) var depth = 0

    init(value: String, file: URL?, overridden: Setting? = nil) {
      self.value = value
      self.file = file
      self.overridden = overridden
    }

    /// Past this many levels what lies below is left out: a file of thousands of lines setting
    /// one key would otherwise make a list as long, freed and compared by recursion.
    static let maximumDepth = 64

    private static func capped(_ setting: Setting) -> Setting {
      guard setting.depth >= maximumDepth else { return setting }
      var chain: [Setting] = []
      var current: Setting? = setting
      while let next = current, chain.count < maximumDepth / 2 {
        chain.append(next)
        current = next.overridden
      }
      var rebuilt: Setting?
      for level in chain.reversed() {
        rebuilt = Setting(value: level.value, file: level.file, overridden: rebuilt)
      }
      return rebuilt ?? setting
    }
  }

  private(set) var settings: [String: Setting]
  /// Settings Xcode always gives a value that this reading cannot know (TARGET_NAME when there is
  /// no project): a value built from one of these is unknown, not empty.
  var unknowable: Set<String> = []
  /// Non-optional `#include`s of the settings' `.xcconfig` files that find no file: the settings
  /// are made without them, as swift-build makes them ("could not find included file").
  var missingIncludes: [MissingInclude] = []
  /// A base configuration or a non-optional `#include` of these settings finds no file: what it
  /// would set is unknown (`PlatformDecision` assumes iOS rather than Xcode's unset `SDKROOT`).
  var hasUnreadFiles = false
  /// `#include`s and base configurations found only by ignoring case, as a Mac finds them.
  var pathsDifferingInCase: [PathDifferingInCase] = []

  init(_ settings: [String: Setting] = [:]) {
    self.settings = settings
  }

  /// Resolves the assignments of each level, then layers them: a key set in an earlier level wins.
  /// Each level lies on the built-in values, which its `$(inherited)` and references to a
  /// setting itself reach.
  init(levels: [[XCConfigAssignment]], builtIn: [String: String] = [:]) {
    let builtIn = builtIn.mapValues { Setting(value: $0, file: nil) }
    var merged: [String: Setting] = [:]
    for level in levels {
      merged.merge(Self.resolve(level, over: builtIn)) { earlier, _ in earlier }
    }
    merged.merge(builtIn) { fromFile, _ in fromFile }
    self.init(merged)
  }

  /// One level of Xcode's stack: an `.xcconfig` (with its includes) or a `buildSettings`
  /// dictionary, as the ordered list swift-build makes of it (`resolve`): an `.xcconfig`'s lines
  /// in file order, a dictionary's keys sorted (`ProjectTarget.assignments`).
  struct Layer: Sendable {
    var assignments: [XCConfigAssignment]
  }

  /// Xcode's layering, lowest first: `builtIn` (TARGET_NAME, SRCROOT, ...), then e.g. the project's
  /// xcconfig, the project's settings, the target's xcconfig, the target's settings. A higher layer
  /// wins; its `$(inherited)` is the value of the layers below.
  init(layers: [Layer], builtIn: [String: String], for target: BuildTarget) {
    var merged = builtIn.mapValues { Setting(value: $0, file: nil) }
    for layer in layers {
      let resolved = Self.resolve(layer.assignments, over: merged, for: target)
      merged.merge(resolved) { _, higher in higher }
    }
    self.init(merged)
  }

  /// The winning value of every key in one level (a file and its includes, or a dictionary).
  ///
  /// The last assignment whose conditions hold for the build wins: a condition only makes an
  /// assignment eligible, so an unconditioned line below `KEY[sdk=iphoneos*] = a` hides it. What
  /// an assignment overrides (its `$(inherited)`, and a reference to its own key) is the eligible
  /// one before it, else the value in `below`.
  ///
  /// swift-build: `MacroValueAssignmentTable.push` puts each assignment in front of those pushed
  /// before it (its `next`); `MacroConfigFileLoader` pushes an `.xcconfig`'s lines as it reads
  /// them, and `BuildConfiguration.createTableFromUserSettings` (and `MacroNamespace.parseTable`)
  /// a dictionary's keys `sorted(byKey: <)`. A lookup takes the first assignment from the front
  /// that `MacroValueAssignment.firstMatchingCondition` accepts, and `$(inherited)` the first
  /// such after it (`MacroEvaluationContext.nextInheritedValue`). So in a dictionary
  /// `KEY[sdk=iphoneos*]`, sorted after `KEY`, wins when it holds, and
  /// `KEY[config=Release][sdk=iphoneos*]`, sorted before `KEY[sdk=iphoneos*]`, loses to it.
  static func resolve(
    _ assignments: [XCConfigAssignment], over below: [String: Setting] = [:],
    for target: BuildTarget = .iOSDevice
  ) -> [String: Setting] {
    var winners: [String: Setting] = [:]
    for assignment in assignments where target.matches(assignment.conditions) {
      winners[assignment.key] = Setting(
        value: assignment.value, file: assignment.file,
        overridden: winners[assignment.key] ?? below[assignment.key])
    }
    return winners
  }

  /// The longest value `rawValue` builds: `A = $(inherited) $(inherited)` line after line
  /// doubles it each time. Past this, the inherited part is left out.
  static let maximumInheritedLength = 1 << 18

  private static func replacingInherited(in value: String, with inherited: String) -> String {
    // Most values refer to nothing; searching a long list (thousands of icon names) is not free.
    guard value.utf8.contains(UInt8(ascii: "$")) else { return value }
    let uses = ["$(inherited)", "${inherited}"].map {
      value.components(separatedBy: $0).count - 1
    }.reduce(0, +)
    let fits = value.utf8.count + uses * inherited.utf8.count <= maximumInheritedLength
    let inherited = fits ? inherited : ""
    let replaced = value.replacingAll("$(inherited)", with: inherited)
      .replacingAll("${inherited}", with: inherited)
    return replaced == value ? value : replaced.trimmingWhitespace()
  }

  /// The settings Xcode defines for every target that bundle identifiers and names lean on, for a
  /// device build of `platform` (`iphoneos`, `appletvos`). swift-build's defaults are in its
  /// `.xcspec` files (`Sources/SWBCore/Specs/CoreBuildSystem.xcspec`: `PRODUCT_NAME =
  /// $(TARGET_NAME)`; the platform's `Info.plist` gives `PLATFORM_NAME` and
  /// `EFFECTIVE_PLATFORM_NAME`). TARGET_NAME and CONFIGURATION come from the target.
  static func builtIn(platform: String, sourceRoot: String, projectName: String?) -> [String:
    String]
  {
    var values = [
      "SRCROOT": sourceRoot, "PROJECT_DIR": sourceRoot, "SOURCE_ROOT": sourceRoot,
      "PRODUCT_NAME": "$(TARGET_NAME)", "PLATFORM_NAME": platform,
      "EFFECTIVE_PLATFORM_NAME": "-" + platform, "SDKROOT": platform,
      "INFOPLIST_ENABLE_CFBUNDLEICONS_MERGE": "YES",
    ]
    if let projectName { values["PROJECT_NAME"] = projectName }
    return values
  }

  // MARK: Reading

  func file(settingKey key: String) -> URL? { settings[key]?.file }

  /// Every setting's name, as written.
  var names: [String] { Array(settings.keys) }

  func isSet(_ key: String) -> Bool { settings[key] != nil }

  /// The value as layered, before expansion, with `$(inherited)` replaced by the text of what it
  /// overrides.
  func rawValue(_ key: String) -> String? {
    settings[key].map(Self.inlined)
  }

  /// `setting`'s value with every `$(inherited)` replaced by the text of the value below it,
  /// level after level.
  static func inlined(_ setting: Setting) -> String {
    var levels: [Setting] = []
    var current: Setting? = setting
    while let level = current {
      levels.append(level)
      // Below a value that does not inherit, nothing shows.
      guard level.value.contains("inherited") else { break }
      current = level.overridden
    }
    var text = ""
    for level in levels.reversed() {
      text = replacingInherited(in: level.value, with: text)
    }
    return text
  }

  /// The expanded value, or nil when the key is unset, empty, or refers to a setting nobody sets.
  func string(_ key: String) -> String? {
    guard settings[key] != nil, let value = evaluate(key), !value.isEmpty else { return nil }
    return value
  }

  /// Whitespace-separated items; quotes group an item that holds spaces.
  func list(_ key: String) -> [String] {
    guard settings[key] != nil else { return [] }
    return Self.splitList(evaluate(key) ?? "")
  }

  /// `YES` (any case), `true` or `1`.
  func bool(_ key: String) -> Bool {
    guard let value = string(key)?.lowercased() else { return false }
    return ["yes", "true", "1"].contains(value)
  }

  /// Expands every reference as Xcode does (`MacroExpander`): an unset setting is empty; nil only
  /// when the value cannot be known here (an unknowable setting, a cycle, runaway expansion).
  func expand(_ text: String) -> String? {
    var expander = MacroExpander(settings: self)
    return expander.expand(text)
  }

  /// The setting's value as `$(key)` gives it; nil when it cannot be known.
  private func evaluate(_ key: String) -> String? {
    var expander = MacroExpander(settings: self)
    return expander.value(ofSetting: key)
  }

  static func splitList(_ text: String) -> [String] {
    // Nearly every list is ASCII (icon names, flags): its bytes are split with the answer of the
    // walk by Character below (tested against it) at a fraction of the cost, since that walk asks
    // Unicode's tables about every character (2,000 icon names: 8% of the picker's first frame).
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return splitASCIIList(Array(text.utf8)) }
    return splitListByCharacter(text)
  }

  /// `splitListByCharacter` of ASCII bytes. Each ASCII byte is a Character of its own but for
  /// CR LF, one Character, taken whole here too.
  static func splitASCIIList(_ bytes: [UInt8]) -> [String] {
    let backslash = UInt8(ascii: "\\")
    var items: [String] = []
    var current: [UInt8] = []
    var inItem = false
    var quote: UInt8?
    var escaped = false
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      let end =
        byte == 13 && index + 1 < bytes.count && bytes[index + 1] == 10 ? index + 2 : index + 1
      let character = bytes[index..<end]
      let single = end == index + 1
      if escaped {
        current += character
        escaped = false
      } else if single && byte == backslash {
        escaped = true
        inItem = true
      } else if let open = quote {
        if single && byte == open { quote = nil } else { current += character }
      } else if single && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")) {
        quote = byte
        inItem = true
      } else if (9...13).contains(byte) || byte == 32 {
        if inItem { items.append(String(decoding: current, as: UTF8.self)) }
        current.removeAll(keepingCapacity: true)
        inItem = false
      } else {
        current += character
        inItem = true
      }
      index = end
    }
    if inItem { items.append(String(decoding: current, as: UTF8.self)) }
    return items.filter { !$0.isEmpty }
  }

  /// Xcode's split of a list setting: at whitespace outside quotes, a backslash taking the next
  /// character as it is.
  static func splitListByCharacter(_ text: String) -> [String] {
    var items: [String] = []
    var current = ""
    var inItem = false
    var quote: Character?
    var escaped = false
    for character in text {
      if escaped {
        current.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
        inItem = true
      } else if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "\"" || character == "'" {
        quote = character
        inItem = true
      } else if character.isWhitespace {
        if inItem { items.append(current) }
        current = ""
        inItem = false
      } else {
        current.append(character)
        inItem = true
      }
    }
    if inItem { items.append(current) }
    return items.filter { !$0.isEmpty }
  }
}

/// What iconpick builds for when a setting is conditional: an iOS device.
struct BuildTarget: Sendable {
  var sdk: String
  var arch: String
  /// The build configuration (`Release`, ...); nil when no project says which one is used.
  var configuration: String?

  init(sdk: String, arch: String, configuration: String? = nil) {
    self.sdk = sdk
    self.arch = arch
    self.configuration = configuration
  }

  static let iOSDevice = BuildTarget(sdk: "iphoneos", arch: "arm64")

  /// True when every condition holds for this build (none: always).
  func matches(_ conditions: [XCConfigCondition]) -> Bool {
    for condition in conditions {
      switch condition.name {
      case "sdk":
        guard Self.sdk(sdk, matches: condition.pattern) else { return false }
      case "arch":
        guard Glob.matches(condition.pattern, arch) else { return false }
      case "config":
        // Without a project no configuration is chosen, so none applies.
        guard let configuration, Glob.matches(condition.pattern, configuration) else {
          return false
        }
      default:
        // `variant=`, `dialect=` and the like describe builds iconpick does not make.
        return false
      }
    }
    return true
  }

  /// `iphoneos*`, `iphone*`, `*` and versioned names like `iphoneos17.2` all name the device SDK.
  private static func sdk(_ sdk: String, matches pattern: String) -> Bool {
    if Glob.matches(pattern, sdk) { return true }
    guard pattern.hasPrefix(sdk) else { return false }
    return pattern.dropFirst(sdk.count).allSatisfy { $0.isNumber || $0 == "." || $0 == "*" }
  }
}

/// `*` and `?` wildcards, as in xcconfig conditions.
enum Glob {
  static func matches(_ pattern: String, _ text: String) -> Bool {
    matches(Array(pattern)[...], Array(text)[...])
  }

  private static func matches(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>)
    -> Bool
  {
    guard let first = pattern.first else { return text.isEmpty }
    switch first {
    case "*":
      let rest = pattern.dropFirst()
      var tail = text
      while true {
        if matches(rest, tail) { return true }
        if tail.isEmpty { return false }
        tail = tail.dropFirst()
      }
    case "?":
      return !text.isEmpty && matches(pattern.dropFirst(), text.dropFirst())
    default:
      return text.first == first && matches(pattern.dropFirst(), text.dropFirst())
    }
  }
}
