import FoundationEssentials
import IconCatalog
import SpecYAML

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Edits XcodeGen's `project.yml` in place: libyaml gives each node's place, and an edit changes
/// those bytes only, in the file's indentation, line ends, quoting and block or flow form;
/// comments stay. After each edit the text is parsed again and must read as the old spec with
/// exactly that change, else the edit throws `cannotEdit` and `bytes` stay as they were.
public struct SpecYAMLEditor: Sendable {
  public let file: URL
  public private(set) var bytes: [UInt8]

  /// Where a build setting is written.
  public enum SettingPlace: Sendable, Equatable {
    /// `targets.T.settings.base`
    case targetBase
    /// `targets.T.settings` without `base`, `configs` or `groups`: every key a base setting.
    case targetFlat
    /// `targets.T.settings.configs.NAME`
    case targetConfig(String)
    /// The top-level `settings.base`, or `settings` in the flat form.
    case project
    /// The top-level `settings.configs.NAME`
    case projectConfig(String)
  }

  public struct SettingLocation: Sendable, Equatable {
    public var place: SettingPlace
    /// The key's line, from 1.
    public var line: Int
    /// The keys from the top of the document to the setting.
    public var keyPath: [String]
  }

  public init(file: URL, bytes: [UInt8]) throws(EditError) {
    self.file = file
    self.bytes = bytes
    let root = try nodes()
    guard root?.kind == .mapping else { throw refusal("the spec's top value is not a mapping") }
  }

  // MARK: - Reading

  private func nodes() throws(EditError) -> YAMLNode? {
    do {
      return try YAMLDocument.nodes(bytes)
    } catch {
      throw refusal(error.reason)
    }
  }

  private func target(_ name: String) throws(EditError) -> YAMLNode {
    guard let root = try nodes(), root.kind == .mapping else {
      throw refusal("the spec's top value is not a mapping")
    }
    guard let targets = root["targets"], targets.kind == .mapping else {
      throw refusal("no targets mapping")
    }
    guard targets.pairIndexes(name).count == 1, let target = targets[name], target.kind == .mapping
    else { throw refusal("no single target \(name) written as a mapping") }
    return target
  }

  /// The mappings a target's (or the project's) setting can be written in, in the order they
  /// are looked in.
  private static func settingMappings(_ settings: YAMLNode?, prefix: [String], isTarget: Bool)
    -> [(place: SettingPlace, node: YAMLNode, keyPath: [String])]
  {
    guard let settings, settings.kind == .mapping else { return [] }
    let structured = ["base", "configs", "groups"].contains { settings[$0] != nil }
    guard structured else { return [(isTarget ? .targetFlat : .project, settings, prefix)] }
    var found: [(SettingPlace, YAMLNode, [String])] = []
    if let base = settings["base"], base.kind == .mapping {
      found.append((isTarget ? .targetBase : .project, base, prefix + ["base"]))
    }
    if let configs = settings["configs"], configs.kind == .mapping {
      for pair in configs.pairs where pair.value.kind == .mapping {
        found.append(
          (
            isTarget ? .targetConfig(pair.key.text) : .projectConfig(pair.key.text), pair.value,
            prefix + ["configs", pair.key.text]
          ))
      }
    }
    return found
  }

  /// The value XcodeGen gives a setting (a Boolean as YES or NO, a list joined by spaces) and
  /// where it is written: the target's base (or flat) settings, its configurations, then the
  /// project's.
  public func setting(_ key: String, target name: String) -> (
    value: String, where: SettingLocation
  )? {
    guard let root = try? nodes(), let target = try? target(name) else { return nil }
    let places =
      Self.settingMappings(
        target["settings"], prefix: ["targets", name, "settings"], isTarget: true)
      + Self.settingMappings(root["settings"], prefix: ["settings"], isTarget: false)
    let tree = try? YAMLDocument.parse(bytes)
    for (place, mapping, keyPath) in places {
      guard let index = mapping.pairIndexes(key).last else { continue }
      let value = tree.flatMap { Self.value($0, at: keyPath + [key]) }
      let text: String
      if let items = value as? [Any] {
        text = items.compactMap(Self.settingText).joined(separator: " ")
      } else {
        text = value.flatMap(Self.settingText) ?? ""
      }
      let location = SettingLocation(
        place: place, line: mapping.pairs[index].key.start.line + 1, keyPath: keyPath + [key])
      return (text, location)
    }
    return nil
  }

  /// A setting's value as XcodeGen writes it into the project.
  static func settingText(_ value: Any) -> String? {
    if type(of: value) == Bool.self, let flag = value as? Bool { return flag ? "YES" : "NO" }
    switch value {
    case let text as String: return text
    case let number as Int: return String(number)
    case let number as Double: return String(number)
    default: return nil
    }
  }

  static func value(_ tree: Any, at path: [String]) -> Any? {
    var current = tree
    for key in path {
      guard let mapping = current as? [String: Any], let next = mapping[key] else { return nil }
      current = next
    }
    return current
  }

  // MARK: - Text around nodes

  private var newline: String {
    guard let index = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return "\n" }
    if bytes[index] == 0x0D {
      return index + 1 < bytes.count && bytes[index + 1] == 0x0A ? "\r\n" : "\r"
    }
    return "\n"
  }

  private func lineStart(_ offset: Int) -> Int {
    var index = min(offset, bytes.count)
    while index > 0, bytes[index - 1] != 0x0A, bytes[index - 1] != 0x0D { index -= 1 }
    return index
  }

  /// Where the line holding `offset` ends, before its line break.
  private func lineEnd(_ offset: Int) -> Int {
    var index = min(offset, bytes.count)
    while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
    return index
  }

  private func afterBreak(_ offset: Int) -> Int {
    guard offset < bytes.count else { return offset }
    if bytes[offset] == 0x0D && offset + 1 < bytes.count && bytes[offset + 1] == 0x0A {
      return offset + 2
    }
    return offset + 1
  }

  /// Spaces as wide as what comes before `offset` on its line (a key after `- ` included).
  private func indent(_ offset: Int) -> String {
    String(repeating: " ", count: offset - lineStart(offset))
  }

  private func startsLine(_ offset: Int) -> Bool {
    bytes[lineStart(offset)..<offset].allSatisfy { $0 == 0x20 }
  }

  /// The file's indentation step: how much deeper the first nested block mapping's keys are.
  private func step(_ root: YAMLNode) -> String {
    func find(_ node: YAMLNode) -> Int? {
      guard node.style == .block else { return nil }
      for pair in node.pairs where pair.value.kind == .mapping && pair.value.style == .block {
        if let first = pair.value.pairs.first, startsLine(pair.key.start.offset),
          startsLine(first.key.start.offset), first.key.start.column > pair.key.start.column
        {
          return first.key.start.column - pair.key.start.column
        }
        if let inner = find(pair.value) { return inner }
      }
      return nil
    }
    return String(repeating: " ", count: find(root) ?? 2)
  }

  /// How far a block sequence's `-` sits right of its key: 0 or the step, as the file writes it.
  private func sequenceOffset(_ root: YAMLNode) -> String? {
    func find(_ node: YAMLNode) -> Int? {
      if node.kind == .sequence { return node.items.lazy.compactMap(find).first }
      guard node.kind == .mapping, node.style == .block else { return nil }
      for pair in node.pairs {
        if pair.value.kind == .sequence, pair.value.style == .block,
          let first = pair.value.items.first,
          startsLine(pair.key.start.offset), let dash = dash(before: first)
        {
          return dash - lineStart(dash) - (pair.key.start.offset - lineStart(pair.key.start.offset))
        }
        if let inner = find(pair.value) { return inner }
      }
      return nil
    }
    return find(root).map { String(repeating: " ", count: max(0, $0)) }
  }

  /// The `-` before a block sequence's item, on the item's line.
  private func dash(before item: YAMLNode) -> Int? {
    var index = item.start.offset
    while index > 0 {
      index -= 1
      if bytes[index] == UInt8(ascii: "-") { return index }
      guard bytes[index] == 0x20 else { return nil }
    }
    return nil
  }

  // MARK: - Scalars as text

  /// `value` as a scalar: plain when YAML reads it back as the same text (or as XcodeGen's same
  /// setting, like `YES`), else quoted; `keep` keeps an existing quoted style.
  static func scalar(_ value: String, flow: Bool, keep: YAMLNode.Style? = nil, setting: Bool)
    -> String
  {
    if keep == .singleQuoted && !value.contains(where: \.isNewline) {
      return "'" + value.replacingAll("'", with: "''") + "'"
    }
    if keep != .doubleQuoted && canBePlain(value, flow: flow, setting: setting) { return value }
    var escaped = ""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\\\"
      case "\"": escaped += "\\\""
      case "\n": escaped += "\\n"
      case "\t": escaped += "\\t"
      case "\r": escaped += "\\r"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          escaped += "\\x" + String(printf: "%02X", scalar.value)
        } else {
          escaped.unicodeScalars.append(scalar)
        }
      }
    }
    return "\"" + escaped + "\""
  }

  static func canBePlain(_ value: String, flow: Bool, setting: Bool) -> Bool {
    guard let first = value.first, let last = value.last, !first.isWhitespace, !last.isWhitespace
    else { return false }
    if "-?:,[]{}#&*!|>'\"%@`".contains(first) { return false }
    if value.contains(": ") || value.contains(" #") || last == ":" { return false }
    if value.unicodeScalars.contains(where: {
      $0.value < 0x20 || $0.value == 0x7F
    }) {
      return false
    }
    if flow && value.contains(where: { ",[]{}".contains($0) }) { return false }
    let resolved = YAMLDocument.resolvePlain(value)
    if resolved is String && type(of: resolved) == String.self { return true }
    return setting && settingText(resolved) == value
  }

  /// What `YAMLDocument.parse` reads from a scalar written as `text`.
  static func readBack(_ text: String) -> Any {
    if text.hasPrefix("\"") || text.hasPrefix("'") {
      return (try? YAMLDocument.parse(Array(("- " + text).utf8)) as? [Any])?.first ?? text
    }
    return YAMLDocument.resolvePlain(text)
  }

  // MARK: - Edits

  private struct Replacement {
    var range: Range<Int>
    var text: String
  }

  /// Applies `replacement` when the new text parses as `expected`.
  private mutating func commit(
    _ replacement: Replacement, expecting expected: (Any) -> Any?, _ what: String
  ) throws(EditError) {
    guard let old = try? YAMLDocument.parse(bytes) else { throw refusal("libyaml cannot read it") }
    var updated = bytes
    updated.replaceSubrange(replacement.range, with: Array(replacement.text.utf8))
    guard let wanted = expected(old), let new = try? YAMLDocument.parse(updated),
      YAMLTree(new) == YAMLTree(wanted), (try? YAMLDocument.nodes(updated)) != nil
    else {
      throw refusal("\(what) would not give exactly that change when read back")
    }
    bytes = updated
  }

  /// Text that inserts a pair at the end of `mapping`; `pair` is given the pair's indentation
  /// (block) or nil (flow) and returns `key: value`.
  private func insertion(into mapping: YAMLNode, _ pair: (String?) -> String) -> Replacement {
    if mapping.style == .flow {
      if let last = mapping.pairs.last {
        return Replacement(
          range: last.value.end.offset..<last.value.end.offset, text: ", " + pair(nil))
      }
      let open = mapping.start.offset + 1
      return Replacement(range: open..<open, text: pair(nil))
    }
    let indent = mapping.pairs.first.map { self.indent($0.key.start.offset) } ?? ""
    let end = lineEnd(max(mapping.contentEnd.offset - 1, mapping.start.offset))
    return Replacement(range: end..<end, text: newline + indent + pair(indent))
  }

  /// The range that removes the pair or item from `start` to `end` with its lines (block) or
  /// its comma (flow); nil when the block form has something else on its first line.
  private func removal(
    of index: Int, starts: [Int], ends: [Int], flow: Bool
  ) -> Range<Int>? {
    if flow {
      if starts.count == 1 { return starts[0]..<ends[0] }
      if index > 0 { return ends[index - 1]..<ends[index] }
      return starts[0]..<starts[1]
    }
    let start = starts[index]
    guard startsLine(start) || dashLine(start) else { return nil }
    let first = lineStart(start)
    let last = lineEnd(max(ends[index] - 1, start))
    if last >= bytes.count && first > 0 {
      // The file's last line without a line break: the break before it goes.
      var before = first - 1
      if before > 0 && bytes[before] == 0x0A && bytes[before - 1] == 0x0D { before -= 1 }
      return before..<last
    }
    return first..<afterBreak(last)
  }

  /// Whether only `- ` and spaces come before `offset` on its line.
  private func dashLine(_ offset: Int) -> Bool {
    let prefix = bytes[lineStart(offset)..<offset].filter { $0 != 0x20 }
    return prefix == [UInt8(ascii: "-")]
  }

  public mutating func setSetting(_ key: String, value: String, target name: String)
    throws(EditError)
  {
    guard !key.isEmpty, Self.canBePlain(key, flow: true, setting: false) else {
      throw refusal("\(key) cannot be written as a key")
    }
    let target = try target(name)
    let prefix = ["targets", name, "settings"]
    let places = Self.settingMappings(target["settings"], prefix: prefix, isTarget: true)
    // Every place the target writes the key is set: a configuration's value would win over base.
    if places.contains(where: { !$0.node.pairIndexes(key).isEmpty }) {
      while true {
        let target = try self.target(name)
        let tree = try? YAMLDocument.parse(bytes)
        let places = Self.settingMappings(target["settings"], prefix: prefix, isTarget: true)
        guard
          let next = places.first(where: { place in
            !place.node.pairIndexes(key).isEmpty
              && tree.flatMap { Self.value($0, at: place.keyPath + [key]) }.flatMap(
                Self.settingText)
                != value
          })
        else { return }
        guard next.node.pairIndexes(key).count == 1 else {
          throw refusal("\(key) is written twice in \(next.keyPath.joined(separator: "."))")
        }
        try setSetting(in: next.node, keyPath: next.keyPath, key: key, value: value)
      }
    }
    // Not written: into base, made when missing (a flat form stays flat).
    let written = Self.scalar(value, flow: false, setting: true)
    let flowWritten = Self.scalar(value, flow: true, setting: true)
    let read = Self.readBack(written)
    let replacement: Replacement
    let path: [String]
    if let (_, mapping, keyPath) = places.first(where: {
      $0.place == .targetBase || $0.place == .targetFlat
    }) {
      path = keyPath + [key]
      replacement = insertion(into: mapping) { indent in
        indent == nil ? "\(key): \(flowWritten)" : "\(key): \(written)"
      }
    } else if let settings = target["settings"], settings.kind == .mapping {
      path = prefix + ["base", key]
      let step = step(try nodes() ?? settings)
      let newline = newline
      replacement = insertion(into: settings) { indent in
        guard let indent else { return "base: {\(key): \(flowWritten)}" }
        return "base:" + newline + indent + step + "\(key): \(written)"
      }
    } else if target["settings"] == nil {
      path = prefix + ["base", key]
      let step = step(try nodes() ?? target)
      let newline = newline
      replacement = insertion(into: target) { indent in
        guard let indent else { return "settings: {base: {\(key): \(flowWritten)}}" }
        return "settings:" + newline + indent + step + "base:" + newline + indent + step + step
          + "\(key): \(written)"
      }
    } else {
      throw refusal("targets.\(name).settings is not a mapping")
    }
    let flowRead = Self.readBack(flowWritten)
    try commit(
      replacement,
      expecting: { old in
        YAMLTree.setting(old, at: path, to: read) ?? YAMLTree.setting(old, at: path, to: flowRead)
      }, "set \(key) of \(name)")
    guard setting(key, target: name)?.value == value else {
      throw refusal("\(key) of \(name) would not read back as \(value)")
    }
  }

  /// Sets `key` in `mapping`, where it is written once.
  private mutating func setSetting(
    in mapping: YAMLNode, keyPath: [String], key: String, value: String
  ) throws(EditError) {
    guard let index = mapping.pairIndexes(key).first else { return }
    let pair = mapping.pairs[index]
    let old = pair.value
    let flow = mapping.style == .flow
    let written = Self.scalar(
      value, flow: flow, keep: old.kind == .scalar ? old.style : nil, setting: true)
    let replacement: Replacement
    if old.kind == .scalar
      && (old.style == .plain || old.style == .singleQuoted || old.style == .doubleQuoted)
      && !old.isNull
    {
      replacement = Replacement(range: old.start.offset..<old.end.offset, text: written)
    } else if old.kind == .sequence || old.kind == .mapping || old.isNull {
      // A list (or nothing) becomes the text: from past the key to the value's end.
      let end = old.isNull ? pair.key.end.offset : old.contentEnd.offset
      var colon = pair.key.end.offset
      while colon < bytes.count, bytes[colon] != UInt8(ascii: ":") { colon += 1 }
      guard colon < bytes.count, colon <= max(end, colon) else {
        throw refusal("cannot find the : after \(key)")
      }
      replacement = Replacement(range: (colon + 1)..<max(end, colon + 1), text: " " + written)
    } else {
      throw refusal("\(key) is written as a block scalar")
    }
    let read = Self.readBack(written)
    try commit(
      replacement, expecting: { YAMLTree.setting($0, at: keyPath + [key], to: read) }, "set \(key)")
  }

  /// Removes `key` from everywhere the target writes it; a block mapping left empty goes with
  /// its key (`base:`, `settings:`, a configuration), so that removing what `setSetting` made
  /// gives the same bytes.
  public mutating func removeSetting(_ key: String, target name: String) throws(EditError) {
    var removedAny = false
    while true {
      let target = try target(name)
      let places = Self.settingMappings(
        target["settings"], prefix: ["targets", name, "settings"], isTarget: true)
      guard let (_, mapping, keyPath) = places.first(where: { !$0.node.pairIndexes(key).isEmpty })
      else { break }
      try removePair(
        mapping.pairIndexes(key)[0], of: mapping, keyPath: keyPath, what: "remove \(key)")
      removedAny = true
      // Block mappings it leaves empty (read as null) go, up to the target.
      var path = keyPath
      while path.count > 2 {
        let parentPath = Array(path.dropLast())
        let node = try self.node(at: parentPath)
        // The target itself keeps its last key: a target read as null is no target.
        guard let node, node.kind == .mapping, let last = path.last, let value = node[last],
          value.isNull,
          let index = node.pairIndexes(last).first, parentPath.count > 2 || node.pairs.count > 1
        else { break }
        try removePair(index, of: node, keyPath: parentPath, what: "remove the empty \(last)")
        path = parentPath
      }
    }
    if !removedAny { throw refusal("targets.\(name) does not set \(key)") }
  }

  private func node(at path: [String]) throws(EditError) -> YAMLNode? {
    var current = try nodes()
    for key in path {
      guard let node = current, node.kind == .mapping else { return nil }
      current = node[key]
    }
    return current
  }

  private mutating func removePair(
    _ index: Int, of mapping: YAMLNode, keyPath: [String], what: String
  )
    throws(EditError)
  {
    let key = mapping.pairs[index].key.text
    guard
      let range = removal(
        of: index, starts: mapping.pairs.map(\.key.start.offset),
        ends: mapping.pairs.map(\.value.contentEnd.offset), flow: mapping.style == .flow)
    else { throw refusal("\(key) shares its line with something else") }
    try commit(
      Replacement(range: range, text: ""),
      expecting: { old in
        YAMLTree.removing(
          old, at: keyPath + [key], leaveNull: mapping.style == .block && mapping.pairs.count == 1)
      }, what)
  }

  /// Adds `path` to the target's `sources`, in the form its items have (`- path` or
  /// `- path: path`); a single source written as text becomes a list.
  public mutating func addSource(_ path: String, target name: String) throws(EditError) {
    let target = try target(name)
    let root = try nodes() ?? target
    let sourcesPath = ["targets", name, "sources"]
    let step = step(root)
    let offset = sequenceOffset(root) ?? step
    let newline = newline
    let replacement: Replacement
    var item: Any = path
    switch target["sources"] {
    case nil:
      let written = Self.scalar(path, flow: false, setting: false)
      let flowWritten = Self.scalar(path, flow: true, setting: false)
      replacement = insertion(into: target) { indent in
        guard let indent else { return "sources: [\(flowWritten)]" }
        return "sources:" + newline + indent + offset + "- " + written
      }
    case let sources? where sources.kind == .scalar && !sources.isNull:
      guard let keyIndex = target.pairIndexes("sources").first, target.style == .block else {
        throw refusal("targets.\(name).sources cannot be made a list here")
      }
      let key = target.pairs[keyIndex].key
      var colon = key.end.offset
      while colon < sources.start.offset, bytes[colon] != UInt8(ascii: ":") { colon += 1 }
      let indent = self.indent(key.start.offset) + offset
      let old = String(decoding: bytes[sources.start.offset..<sources.end.offset], as: UTF8.self)
      replacement = Replacement(
        range: (colon + 1)..<sources.end.offset,
        text: newline + indent + "- " + old + newline + indent + "- "
          + Self.scalar(path, flow: false, setting: false))
    case let sources? where sources.kind == .sequence:
      let mapped = sources.items.first.map { $0.kind == .mapping && $0["path"] != nil } ?? false
      if mapped { item = ["path": path] }
      if sources.style == .flow {
        let written = Self.scalar(path, flow: true, setting: false)
        let text = mapped ? "{path: \(written)}" : written
        if let last = sources.items.last {
          replacement = Replacement(range: last.end.offset..<last.end.offset, text: ", " + text)
        } else {
          let open = sources.start.offset + 1
          replacement = Replacement(range: open..<open, text: text)
        }
      } else {
        guard let first = sources.items.first, let last = sources.items.last,
          let dash = dash(before: first)
        else { throw refusal("targets.\(name).sources has no items to follow") }
        let written = Self.scalar(path, flow: false, setting: false)
        let end = lineEnd(max(last.contentEnd.offset - 1, last.start.offset))
        replacement = Replacement(
          range: end..<end,
          text: newline + self.indent(dash) + "- " + (mapped ? "path: " : "") + written)
      }
    default:
      throw refusal("targets.\(name).sources is neither a list nor a path")
    }
    let expectedItem = item
    try commit(
      replacement,
      expecting: { old in
        let current = Self.value(old, at: sourcesPath)
        var items: [Any] = current.map { $0 as? [Any] ?? [$0] } ?? []
        items.append(expectedItem)
        return YAMLTree.setting(old, at: sourcesPath, to: items)
      }, "add source \(path) to \(name)")
  }

  /// Removes `path` from the target's `sources`; the last one goes with its `sources:` key.
  public mutating func removeSource(_ path: String, target name: String) throws(EditError) {
    let target = try target(name)
    guard let keyIndex = target.pairIndexes("sources").first, let sources = target["sources"] else {
      throw refusal("targets.\(name) has no sources")
    }
    let targetPath = ["targets", name]
    func matches(_ item: YAMLNode) -> Bool {
      if item.kind == .scalar { return item.text == path }
      return item.kind == .mapping && item["path"]?.text == path
    }
    if sources.kind == .scalar || sources.items.count == 1 {
      guard sources.kind == .scalar ? sources.text == path : matches(sources.items[0]) else {
        throw refusal("targets.\(name).sources has no \(path)")
      }
      return try removePair(
        keyIndex, of: target, keyPath: targetPath, what: "remove source \(path)")
    }
    guard sources.kind == .sequence, let index = sources.items.firstIndex(where: matches) else {
      throw refusal("targets.\(name).sources has no \(path)")
    }
    let flow = sources.style == .flow
    let starts = sources.items.map { item in
      flow ? item.start.offset : (dash(before: item) ?? item.start.offset)
    }
    guard
      let range = removal(
        of: index, starts: starts, ends: sources.items.map(\.contentEnd.offset), flow: flow)
    else { throw refusal("the source \(path) shares its line with something else") }
    try commit(
      Replacement(range: range, text: ""),
      expecting: { old in
        guard var items = Self.value(old, at: targetPath + ["sources"]) as? [Any],
          items.indices.contains(index)
        else { return nil }
        items.remove(at: index)
        return YAMLTree.setting(old, at: targetPath + ["sources"], to: items)
      }, "remove source \(path)")
  }

  private func refusal(_ reason: String) -> EditError {
    .cannotEdit(file: file.path, reason: reason)
  }
}

/// A YAML document as `YAMLDocument.parse` gives it, in a form that compares.
indirect enum YAMLTree: Equatable {
  case mapping([String: YAMLTree])
  case sequence([YAMLTree])
  case text(String)
  case flag(Bool)
  case integer(Int)
  case real(Double)
  case null

  init(_ value: Any) {
    if type(of: value) == Bool.self, let flag = value as? Bool {
      self = .flag(flag)
    } else if let text = value as? String {
      self = .text(text)
    } else if let number = value as? Int {
      self = .integer(number)
    } else if let number = value as? Double {
      self = .real(number)
    } else if let mapping = value as? [String: Any] {
      self = .mapping(mapping.mapValues(YAMLTree.init))
    } else if let items = value as? [Any] {
      self = .sequence(items.map(YAMLTree.init))
    } else {
      self = .null
    }
  }

  /// `tree` with the value at `path` set, the mappings on the way made.
  static func setting(_ tree: Any, at path: [String], to value: Any) -> Any? {
    guard let key = path.first else { return value }
    var mapping = tree as? [String: Any] ?? [:]
    if !(tree is [String: Any]) && !(tree is NullValue) { return nil }
    mapping[key] = setting(mapping[key] ?? NullValue(), at: Array(path.dropFirst()), to: value)
    return mapping
  }

  /// `tree` without the key at `path`; a block mapping left empty reads as null.
  static func removing(_ tree: Any, at path: [String], leaveNull: Bool) -> Any? {
    guard let key = path.first, var mapping = tree as? [String: Any] else { return nil }
    if path.count == 1 {
      mapping[key] = nil
      return mapping.isEmpty && leaveNull ? NullValue() : mapping
    }
    guard let child = mapping[key],
      let updated = removing(child, at: Array(path.dropFirst()), leaveNull: leaveNull)
    else { return nil }
    mapping[key] = updated
    return mapping
  }
}
