/// The plain form of an `.appiconset`'s Contents.json, as Xcode and the tools that copy it write
/// it, decoded without `JSONDecoder`: the picker decodes every set of an app before its first
/// screen, and `JSONDecoder` takes some 50,000 instructions for a one-entry set, this a few
/// thousand. Anything outside that form (an escape, a byte outside printable ASCII, a number that
/// is not a short integer, a repeated key, a value of a type `AppIconSet.Contents` does not
/// expect, JSON that is not valid) gives nil, and `JSONDecoder` reads the file: so this either
/// gives what `JSONDecoder` gives or nothing (SetContentCheckTests compare the two on written and
/// generated files).
enum ContentsJSONScan {
  /// What `JSONDecoder().decode(AppIconSet.Contents.self, from:)` gives for `bytes`, or nil when
  /// they are outside the plain form.
  static func contents(_ bytes: [UInt8]) -> AppIconSet.Contents? {
    bytes.withUnsafeBufferPointer { buffer in
      var scanner = Scanner(bytes: buffer)
      guard let top = scanner.document(), case .object(let members) = top else { return nil }
      return contents(members)
    }
  }

  /// The parts of a JSON value the plain form has: strings, objects and arrays; the rest is
  /// only checked (`other`).
  enum Value {
    case object([(key: String, value: Value)])
    case array([Value])
    case string(String)
    case null
    /// true, false or a short integer.
    case other
  }

  private static func contents(_ members: [(key: String, value: Value)]) -> AppIconSet.Contents? {
    guard let top = unique(members) else { return nil }
    switch top["images"] {
    case nil, .null?: return AppIconSet.Contents(images: nil)
    case .array(let entries)?:
      var images: [AppIconSet.Contents.Image] = []
      images.reserveCapacity(entries.count)
      for entry in entries {
        guard case .object(let members) = entry, let image = image(members) else { return nil }
        images.append(image)
      }
      return AppIconSet.Contents(images: images)
    default: return nil
    }
  }

  private static func image(_ members: [(key: String, value: Value)]) -> AppIconSet.Contents.Image?
  {
    guard let fields = unique(members) else { return nil }
    // A key that is absent or null decodes to nil; a string to itself; anything else fails.
    func text(_ key: String) -> String?? {
      switch fields[key] {
      case nil, .null?: return .some(nil)
      case .string(let value)?: return .some(value)
      default: return nil
      }
    }
    guard let filename = text("filename"), let idiom = text("idiom"), let size = text("size"),
      let scale = text("scale"), let platform = text("platform")
    else { return nil }
    var appearances: [AppIconSet.Contents.Appearance]?
    switch fields["appearances"] {
    case nil, .null?: appearances = nil
    case .array(let entries)?:
      var list: [AppIconSet.Contents.Appearance] = []
      for entry in entries {
        guard case .object(let members) = entry, let pair = unique(members),
          case .string(let appearance)? = pair["appearance"],
          case .string(let value)? = pair["value"]
        else { return nil }
        list.append(AppIconSet.Contents.Appearance(appearance: appearance, value: value))
      }
      appearances = list
    default: return nil
    }
    return AppIconSet.Contents.Image(
      filename: filename, idiom: idiom, size: size, scale: scale, platform: platform,
      appearances: appearances)
  }

  /// An object's members by key; nil when a key is repeated (which one `JSONDecoder` takes is
  /// its own business).
  private static func unique(_ members: [(key: String, value: Value)]) -> [String: Value]? {
    var fields: [String: Value] = [:]
    fields.reserveCapacity(members.count)
    for (key, value) in members {
      guard fields.updateValue(value, forKey: key) == nil else { return nil }
    }
    return fields
  }

  /// A strict reader of JSON's grammar, narrowed: strings of printable ASCII without escapes,
  /// numbers that are integers of at most 15 digits, at most 32 levels deep. Nil for anything else.
  struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes = bytes
    }

    /// One value and nothing after it but white space.
    mutating func document() -> Value? {
      guard let value = value() else { return nil }
      skipSpace()
      return index == bytes.count ? value : nil
    }

    private mutating func skipSpace() {
      while index < bytes.count {
        switch bytes[index] {
        case 0x20, 0x09, 0x0A, 0x0D: index += 1
        default: return
        }
      }
    }

    private mutating func value() -> Value? {
      skipSpace()
      guard index < bytes.count else { return nil }
      switch bytes[index] {
      case UInt8(ascii: "{"): return object()
      case UInt8(ascii: "["): return array()
      case UInt8(ascii: "\""): return string().map(Value.string)
      case UInt8(ascii: "t"): return word("true") ? .other : nil
      case UInt8(ascii: "f"): return word("false") ? .other : nil
      case UInt8(ascii: "n"): return word("null") ? .null : nil
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return integer() ? .other : nil
      default: return nil
      }
    }

    private mutating func word(_ text: StaticString) -> Bool {
      let count = text.utf8CodeUnitCount
      guard bytes.count - index >= count else { return false }
      for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] { return false }
      index += count
      return true
    }

    /// `-?(0|[1-9][0-9]*)`, at most 15 digits, not followed by a fraction or an exponent.
    private mutating func integer() -> Bool {
      if bytes[index] == UInt8(ascii: "-") { index += 1 }
      let start = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
      let digits = index - start
      guard digits >= 1, digits <= 15, digits == 1 || bytes[start] != UInt8(ascii: "0") else {
        return false
      }
      if index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return false
        default: break
        }
      }
      return true
    }

    private mutating func string() -> String? {
      index += 1  // the opening quote
      let start = index
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          let text = String(
            decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
          index += 1
          return text
        }
        // No escapes, no control characters, nothing beyond ASCII.
        guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
        index += 1
      }
      return nil
    }

    private mutating func object() -> Value? {
      guard depth < 32 else { return nil }
      depth += 1
      defer { depth -= 1 }
      index += 1  // {
      var members: [(key: String, value: Value)] = []
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      while true {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else {
          return nil
        }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        guard let value = value() else { return nil }
        members.append((key, value))
        skipSpace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: ","): index += 1
        case UInt8(ascii: "}"):
          index += 1
          return .object(members)
        default: return nil
        }
      }
    }

    private mutating func array() -> Value? {
      guard depth < 32 else { return nil }
      depth += 1
      defer { depth -= 1 }
      index += 1  // [
      var elements: [Value] = []
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      }
      while true {
        guard let value = value() else { return nil }
        elements.append(value)
        skipSpace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: ","): index += 1
        case UInt8(ascii: "]"):
          index += 1
          return .array(elements)
        default: return nil
        }
      }
    }
  }
}
