import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Any JSON value, as `JSONDecoder` reads it: the parsing is Foundation's; this only keeps
/// booleans apart from numbers, which `icon.json` relies on (`hidden`, `specular`).
enum JSONValue: Decodable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])

  init(from decoder: any Decoder) throws {
    // Decoder has no way to ask what a value is, so each kind is tried in turn, and each wrong
    // guess is a thrown DecodingError that costs more than the value (the coding path and a
    // type name are put into words). The order puts the kinds icon.json holds most first:
    // objects, then strings, arrays, numbers and booleans.
    if let object = try? decoder.container(keyedBy: AnyKey.self) {
      // allKeys has no order; the file's order is not needed, so keys are sorted for stable output.
      self = .object(
        try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
          (key: $0.stringValue, value: try object.decode(JSONValue.self, forKey: $0))
        })
      return
    }
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self = .null
    } else if let string = try? single.decode(String.self) {
      self = .string(string)
    } else if var array = try? decoder.unkeyedContainer() {
      var items: [JSONValue] = []
      while !array.isAtEnd { items.append(try array.decode(JSONValue.self)) }
      self = .array(items)
    } else if let number = try? single.decode(Double.self) {
      self = .number(number)
    } else {
      self = .bool(try single.decode(Bool.self))
    }
  }

  static func == (a: JSONValue, b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.number(let x), .number(let y)): return x == y
    case (.string(let x), .string(let y)): return x == y
    case (.array(let x), .array(let y)): return x == y
    case (.object(let x), .object(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: return false
    }
  }

  subscript(key: String) -> JSONValue? {
    guard case .object(let pairs) = self else { return nil }
    return pairs.first { $0.key == key }?.value
  }

  var keys: [String] {
    guard case .object(let pairs) = self else { return [] }
    return pairs.map(\.key)
  }

  /// What the value is, for messages.
  var kindName: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}

extension IconComposerDocument {
  /// Reads `icon.json`'s bytes. Only JSON that is not an object stops the reading; every other
  /// departure from what Icon Composer writes is left out of the document and listed in the
  /// problems, so an icon with one bad colour still draws.
  public static func parse(_ data: Data) throws(IconComposerProblem.Reason) -> (
    document: IconComposerDocument, problems: [IconComposerProblem]
  ) {
    let root: JSONValue
    do {
      root = try JSONDecoder().decode(JSONValue.self, from: data)
    } catch {
      throw .wrongType(expected: "JSON (\(JSONProblem.describe(error)))")
    }
    guard case .object = root else {
      throw .wrongType(expected: "a JSON object at the top level, not \(root.kindName)")
    }
    var parser = IconComposerParser()
    let document = parser.document(root)
    return (document, parser.problems)
  }
}

/// Turns the JSON tree into the model, noting each problem with its path.
struct IconComposerParser {
  var problems: [IconComposerProblem] = []

  mutating func document(_ root: JSONValue) -> IconComposerDocument {
    var document = IconComposerDocument()
    document.fill = specialized(root, "fill", at: "") { parser, value, path in
      parser.fill(value, at: path)
    }
    if let groups = root["groups"] {
      if case .array(let items) = groups {
        for (index, item) in items.enumerated() {
          if let group = group(item, at: "groups[\(index)]") { document.groups.append(group) }
        }
      } else {
        note("groups", .wrongType(expected: "an array of groups, not \(groups.kindName)"))
      }
    }
    if let platforms = root["supported-platforms"] {
      document.supportedPlatforms = supportedPlatforms(platforms, at: "supported-platforms")
    }
    document.colorSpaceForUntaggedSVGColors = string(
      root["color-space-for-untagged-svg-colors"], at: "color-space-for-untagged-svg-colors")
    if root["features"] != nil {
      note("features", .crashesAssetCompiler("\"features\" (an Icon Composer 2 key)"))
    }
    return document
  }

  mutating func group(_ value: JSONValue, at path: String) -> IconComposerGroup? {
    guard case .object = value else {
      note(path, .wrongType(expected: "a group object, not \(value.kindName)"))
      return nil
    }
    var group = IconComposerGroup()
    group.name = string(value["name"], at: path + ".name")
    if let layers = value["layers"] {
      if case .array(let items) = layers {
        for (index, item) in items.enumerated() {
          if let layer = layer(item, at: "\(path).layers[\(index)]") { group.layers.append(layer) }
        }
      } else {
        note(path + ".layers", .wrongType(expected: "an array of layers, not \(layers.kindName)"))
      }
    }
    group.hidden = specialized(value, "hidden", at: path) { $0.bool($1, at: $2) }
    group.opacity = specialized(value, "opacity", at: path) { $0.number($1, at: $2) }
    group.blendMode = specialized(value, "blend-mode", at: path) { $0.blendMode($1, at: $2) }
    group.position = specialized(value, "position", at: path) { $0.position($1, at: $2) }
    group.shadow = specialized(value, "shadow", at: path) { $0.shadow($1, at: $2) }
    group.translucency = specialized(value, "translucency", at: path) {
      $0.translucency($1, at: $2)
    }
    if case .string = value["specular"] {
      note(path + ".specular", .crashesAssetCompiler("a string \"specular\" (Icon Composer 2)"))
    } else {
      group.specular = specialized(value, "specular", at: path) { $0.bool($1, at: $2) }
    }
    // JSON null means no blur: left out, like a missing key.
    group.blurMaterial = specialized(value, "blur-material", at: path) { parser, value, path in
      value == .null ? nil : parser.number(value, at: path)
    }
    group.lighting = specialized(value, "lighting", at: path) { parser, value, path in
      parser.oneOf(value, ["combined", "individual"], at: path)
    }
    return group
  }

  mutating func layer(_ value: JSONValue, at path: String) -> IconComposerLayer? {
    guard case .object = value else {
      note(path, .wrongType(expected: "a layer object, not \(value.kindName)"))
      return nil
    }
    var layer = IconComposerLayer()
    layer.name = string(value["name"], at: path + ".name")
    layer.imageName = specialized(value, "image-name", at: path) { $0.string($1, at: $2) }
    layer.fill = specialized(value, "fill", at: path) { $0.fill($1, at: $2) }
    layer.position = specialized(value, "position", at: path) { $0.position($1, at: $2) }
    layer.opacity = specialized(value, "opacity", at: path) { $0.number($1, at: $2) }
    layer.blendMode = specialized(value, "blend-mode", at: path) { $0.blendMode($1, at: $2) }
    layer.glass = specialized(value, "glass", at: path) { $0.bool($1, at: $2) }
    layer.hidden = specialized(value, "hidden", at: path) { $0.bool($1, at: $2) }
    return layer
  }

  /// `key` and `key-specializations` of `object`.
  mutating func specialized<Value>(
    _ object: JSONValue, _ key: String, at path: String,
    _ read: (inout IconComposerParser, JSONValue, String) -> Value?
  ) -> Specialized<Value> {
    let prefix = path.isEmpty ? "" : path + "."
    var result = Specialized<Value>()
    if let base = object[key] { result.base = read(&self, base, prefix + key) }
    let listKey = key + "-specializations"
    guard let list = object[listKey] else { return result }
    guard case .array(let items) = list else {
      note(prefix + listKey, .wrongType(expected: "an array, not \(list.kindName)"))
      return result
    }
    for (index, item) in items.enumerated() {
      let itemPath = "\(prefix)\(listKey)[\(index)]"
      guard case .object = item else {
        note(itemPath, .wrongType(expected: "an object with \"value\", not \(item.kindName)"))
        continue
      }
      guard let raw = item["value"] else {
        note(itemPath, .incomplete(missing: ["value"]))
        continue
      }
      var appearance: IconAppearance?
      if let written = item["appearance"] {
        switch oneOf(written, ["light", "dark", "tinted"], at: itemPath + ".appearance") {
        case "dark": appearance = .dark
        case "tinted": appearance = .tinted
        case "light": appearance = .any
        default: continue
        }
      }
      var idiom: String?
      if let written = item["idiom"] {
        guard let name = string(written, at: itemPath + ".idiom") else { continue }
        idiom = name
      }
      guard let value = read(&self, raw, itemPath + ".value") else { continue }
      result.entries.append(.init(appearance: appearance, idiom: idiom, value: value))
    }
    return result
  }

  mutating func fill(_ value: JSONValue, at path: String) -> IconFill? {
    switch value {
    case .string(let name):
      switch name {
      case "automatic": return .automatic
      case "system-light": return .systemLight
      case "system-dark": return .systemDark
      case "none": return IconFill.none
      default:
        note(
          path, .unknownValue(name, allowed: ["automatic", "system-light", "system-dark", "none"]))
        return nil
      }
    case .object:
      if let solid = value["solid"] {
        return color(solid, at: path + ".solid").map(IconFill.solid)
      }
      if let gradient = value["linear-gradient"] {
        guard case .array(let items) = gradient else {
          note(path + ".linear-gradient", .wrongType(expected: "an array of 2 colours"))
          return nil
        }
        guard items.count == 2 else {
          note(path + ".linear-gradient", .gradientColorCount(items.count))
          return nil
        }
        var colors: [IconColor] = []
        for (index, item) in items.enumerated() {
          guard let color = color(item, at: "\(path).linear-gradient[\(index)]") else { return nil }
          colors.append(color)
        }
        var orientation: IconGradientOrientation?
        if let written = value["orientation"] {
          orientation = gradientOrientation(written, at: path + ".orientation")
        }
        return .linearGradient(colors, orientation: orientation)
      }
      if let base = value["automatic-gradient"] {
        return color(base, at: path + ".automatic-gradient").map(IconFill.automaticGradient)
      }
      note(path, .incomplete(missing: ["solid", "linear-gradient", "automatic-gradient"]))
      return nil
    default:
      note(path, .wrongType(expected: "a fill (a string or an object), not \(value.kindName)"))
      return nil
    }
  }

  mutating func gradientOrientation(_ value: JSONValue, at path: String) -> IconGradientOrientation?
  {
    func point(_ name: String) -> (x: Double, y: Double)? {
      guard let point = value[name], case .number(let x)? = point["x"],
        case .number(let y)? = point["y"]
      else { return nil }
      return (x, y)
    }
    guard let start = point("start"), let stop = point("stop") else {
      note(path, .incomplete(missing: ["start {x, y}", "stop {x, y}"]))
      return nil
    }
    return IconGradientOrientation(start: start, stop: stop)
  }

  mutating func color(_ value: JSONValue, at path: String) -> IconColor? {
    guard case .string(let text) = value else {
      note(
        path,
        .wrongType(expected: "a colour string such as \"srgb:1,0,0,1\", not \(value.kindName)"))
      return nil
    }
    switch IconColor.parse(text) {
    case .success(let color): return color
    case .failure(let reason):
      note(path, reason)
      return nil
    }
  }

  mutating func position(_ value: JSONValue, at path: String) -> IconPosition? {
    guard case .object = value else {
      note(path, .wrongType(expected: "a position object, not \(value.kindName)"))
      return nil
    }
    let scale = value["scale"]
    let translation = value["translation-in-points"]
    let missing = [
      scale == nil ? "scale" : nil, translation == nil ? "translation-in-points" : nil,
    ]
    .compactMap { $0 }
    guard missing.isEmpty, let scale, let translation else {
      note(path, .incomplete(missing: missing))
      return nil
    }
    guard let factor = number(scale, at: path + ".scale") else { return nil }
    guard case .array(let pair) = translation, pair.count == 2,
      case .number(let x) = pair[0], case .number(let y) = pair[1]
    else {
      note(path + ".translation-in-points", .wrongType(expected: "[x, y], two numbers"))
      return nil
    }
    return IconPosition(scale: factor, translationX: x, translationY: y)
  }

  mutating func shadow(_ value: JSONValue, at path: String) -> IconShadow? {
    guard case .object = value else {
      note(path, .wrongType(expected: "a shadow object, not \(value.kindName)"))
      return nil
    }
    let missing = ["kind", "opacity"].filter { value[$0] == nil }
    guard missing.isEmpty, let kindValue = value["kind"], let opacityValue = value["opacity"] else {
      note(path, .incomplete(missing: missing))
      return nil
    }
    guard
      let name = oneOf(kindValue, IconShadow.Kind.allCases.map(\.rawValue), at: path + ".kind"),
      let kind = IconShadow.Kind(rawValue: name),
      let opacity = number(opacityValue, at: path + ".opacity")
    else { return nil }
    return IconShadow(kind: kind, opacity: opacity)
  }

  mutating func translucency(_ value: JSONValue, at path: String) -> IconTranslucency? {
    guard case .object = value else {
      note(path, .wrongType(expected: "a translucency object, not \(value.kindName)"))
      return nil
    }
    let missing = ["enabled", "value"].filter { value[$0] == nil }
    guard missing.isEmpty, let enabledValue = value["enabled"], let amountValue = value["value"]
    else {
      note(path, .incomplete(missing: missing))
      return nil
    }
    guard let enabled = bool(enabledValue, at: path + ".enabled"),
      let amount = number(amountValue, at: path + ".value")
    else { return nil }
    return IconTranslucency(enabled: enabled, value: amount)
  }

  mutating func supportedPlatforms(_ value: JSONValue, at path: String) -> IconSupportedPlatforms? {
    guard case .object = value else {
      note(
        path,
        .wrongType(expected: "an object with \"squares\" and \"circles\", not \(value.kindName)"))
      return nil
    }
    var platforms = IconSupportedPlatforms(squares: nil)
    switch value["squares"] {
    case nil: break
    case .string("shared")?: platforms.squares = .shared
    case .string(let other)?:
      note(path + ".squares", .unknownValue(other, allowed: ["shared", "a list"]))
    case .array(let items)?: platforms.squares = .platforms(strings(items, at: path + ".squares"))
    case let other?:
      note(path + ".squares", .wrongType(expected: "\"shared\" or a list, not \(other.kindName)"))
    }
    switch value["circles"] {
    case nil: break
    case .array(let items)?: platforms.circles = strings(items, at: path + ".circles")
    case let other?: note(path + ".circles", .wrongType(expected: "a list, not \(other.kindName)"))
    }
    return platforms
  }

  mutating func blendMode(_ value: JSONValue, at path: String) -> IconBlendMode? {
    oneOf(value, IconBlendMode.allCases.map(\.rawValue), at: path).flatMap(IconBlendMode.init)
  }

  mutating func oneOf(_ value: JSONValue, _ allowed: [String], at path: String) -> String? {
    guard let text = string(value, at: path) else { return nil }
    guard allowed.contains(text) else {
      note(path, .unknownValue(text, allowed: allowed))
      return nil
    }
    return text
  }

  mutating func strings(_ items: [JSONValue], at path: String) -> [String] {
    items.enumerated().compactMap { string($0.element, at: "\(path)[\($0.offset)]") }
  }

  mutating func string(_ value: JSONValue?, at path: String) -> String? {
    guard let value else { return nil }
    guard case .string(let text) = value else {
      note(path, .wrongType(expected: "a string, not \(value.kindName)"))
      return nil
    }
    return text
  }

  mutating func number(_ value: JSONValue, at path: String) -> Double? {
    guard case .number(let number) = value else {
      note(path, .wrongType(expected: "a number, not \(value.kindName)"))
      return nil
    }
    return number
  }

  mutating func bool(_ value: JSONValue, at path: String) -> Bool? {
    guard case .bool(let flag) = value else {
      note(path, .wrongType(expected: "true or false, not \(value.kindName)"))
      return nil
    }
    return flag
  }

  mutating func note(_ path: String, _ reason: IconComposerProblem.Reason) {
    problems.append(IconComposerProblem(path: path, reason: reason))
  }
}
