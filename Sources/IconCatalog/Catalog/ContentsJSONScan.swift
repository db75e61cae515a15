/// The plain form of an `.appiconset`'s Contents.json, as Xcode and the tools that copy it write
/// it, decoded without `JSONDecoder`: the picker decodes every set of an app before its first
/// screen, and `JSONDecoder` takes some 49,000 instructions for a one-entry set. Anything outside
/// that form (an escape, a byte outside printable ASCII, a number that is not a short integer, a
/// repeated key, a value of a type `AppIconSet.Contents` does not expect, JSON that is not valid)
/// gives nil, and `JSONDecoder` reads the file: so this gives what `JSONDecoder` gives or nothing
/// (SetContentCheckTests compare the two on written and generated files).
enum ContentsJSONScan {
  /// What `JSONDecoder().decode(AppIconSet.Contents.self, from:)` gives for `bytes`, or nil when
  /// they are outside the plain form.
  static func contents(_ bytes: [UInt8]) -> AppIconSet.Contents? {
    bytes.withUnsafeBufferPointer { buffer in
      var scanner = Scanner(bytes: buffer)
      guard let contents = scanner.contents(), scanner.atEnd() else { return nil }
      return contents
    }
  }

  /// A strict reader of JSON's grammar, narrowed: strings of printable ASCII without escapes,
  /// numbers that are integers of at most 15 digits, no key twice in an object, at most 32
  /// levels deep. Each reading function gives nil (or false) for anything else.
  struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes = bytes
    }

    /// The top-level object.
    mutating func contents() -> AppIconSet.Contents? {
      var images: [AppIconSet.Contents.Image]?
      let read = members { scanner, key in
        guard scanner.matches(key, "images") else { return scanner.skipValue() }
        if scanner.null() { return true }
        var list: [AppIconSet.Contents.Image] = []
        let read = scanner.elements { scanner in
          guard let image = scanner.image() else { return false }
          list.append(image)
          return true
        }
        images = list
        return read
      }
      return read ? AppIconSet.Contents(images: images) : nil
    }

    /// Nothing left but white space.
    mutating func atEnd() -> Bool {
      skipSpace()
      return index == bytes.count
    }

    private mutating func image() -> AppIconSet.Contents.Image? {
      var image = AppIconSet.Contents.Image()
      let read = members { scanner, key in
        if scanner.matches(key, "filename") { return scanner.optionalText(&image.filename) }
        if scanner.matches(key, "idiom") { return scanner.optionalText(&image.idiom) }
        if scanner.matches(key, "size") { return scanner.optionalText(&image.size) }
        if scanner.matches(key, "scale") { return scanner.optionalText(&image.scale) }
        if scanner.matches(key, "platform") { return scanner.optionalText(&image.platform) }
        guard scanner.matches(key, "appearances") else { return scanner.skipValue() }
        if scanner.null() { return true }
        var list: [AppIconSet.Contents.Appearance] = []
        let read = scanner.elements { scanner in
          var appearance: String?
          var value: String?
          let read = scanner.members { scanner, key in
            // Both are required: null is an error, as a missing key is.
            if scanner.matches(key, "appearance") { return scanner.text(&appearance) }
            if scanner.matches(key, "value") { return scanner.text(&value) }
            return scanner.skipValue()
          }
          guard read, let appearance, let value else { return false }
          list.append(AppIconSet.Contents.Appearance(appearance: appearance, value: value))
          return true
        }
        image.appearances = list
        return read
      }
      return read ? image : nil
    }

    private mutating func skipSpace() {
      while index < bytes.count {
        switch bytes[index] {
        case 0x20, 0x09, 0x0A, 0x0D: index += 1
        default: return
        }
      }
    }

    /// The next byte after white space, not consumed.
    private mutating func peek() -> UInt8? {
      skipSpace()
      return index < bytes.count ? bytes[index] : nil
    }

    /// Whether the key whose bytes are at `key` is `name`.
    private func matches(_ key: Range<Int>, _ name: StaticString) -> Bool {
      guard key.count == name.utf8CodeUnitCount else { return false }
      let start = name.utf8Start
      for offset in 0..<key.count where bytes[key.lowerBound + offset] != start[offset] {
        return false
      }
      return true
    }

    /// Consumes `null` when it is next.
    private mutating func null() -> Bool {
      guard peek() == UInt8(ascii: "n") else { return false }
      return word("null")
    }

    /// A string into `value`, or null (nil); false for anything else.
    private mutating func optionalText(_ value: inout String?) -> Bool {
      if null() {
        value = nil
        return true
      }
      return text(&value)
    }

    /// A string into `value`; false for anything else.
    private mutating func text(_ value: inout String?) -> Bool {
      guard peek() == UInt8(ascii: "\""), let range = string() else { return false }
      value = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
      return true
    }

    /// The object that comes next, each member's value read by `member` (given the key's bytes,
    /// placed before the value); false when it is not an object, a key repeats, or `member`
    /// says no.
    private mutating func members(_ member: (inout Scanner, Range<Int>) -> Bool) -> Bool {
      guard peek() == UInt8(ascii: "{"), depth < 32 else { return false }
      index += 1
      depth += 1
      defer { depth -= 1 }
      if peek() == UInt8(ascii: "}") {
        index += 1
        return true
      }
      var keys: [Range<Int>] = []
      while true {
        guard peek() == UInt8(ascii: "\""), let key = string() else { return false }
        for earlier in keys where earlier.count == key.count {
          if bytes[earlier].elementsEqual(bytes[key]) { return false }
        }
        keys.append(key)
        guard peek() == UInt8(ascii: ":") else { return false }
        index += 1
        guard member(&self, key) else { return false }
        switch peek() {
        case UInt8(ascii: ","): index += 1
        case UInt8(ascii: "}"):
          index += 1
          return true
        default: return false
        }
      }
    }

    /// The array that comes next, each element read by `element`; false when it is not an
    /// array or `element` says no.
    private mutating func elements(_ element: (inout Scanner) -> Bool) -> Bool {
      guard peek() == UInt8(ascii: "["), depth < 32 else { return false }
      index += 1
      depth += 1
      defer { depth -= 1 }
      if peek() == UInt8(ascii: "]") {
        index += 1
        return true
      }
      while true {
        guard element(&self) else { return false }
        switch peek() {
        case UInt8(ascii: ","): index += 1
        case UInt8(ascii: "]"):
          index += 1
          return true
        default: return false
        }
      }
    }

    /// Any value of the plain form, read and dropped.
    private mutating func skipValue() -> Bool {
      switch peek() {
      case UInt8(ascii: "{")?: return members { scanner, _ in scanner.skipValue() }
      case UInt8(ascii: "[")?: return elements { scanner in scanner.skipValue() }
      case UInt8(ascii: "\"")?: return string() != nil
      case UInt8(ascii: "t")?: return word("true")
      case UInt8(ascii: "f")?: return word("false")
      case UInt8(ascii: "n")?: return word("null")
      case UInt8(ascii: "-")?, (UInt8(ascii: "0")...UInt8(ascii: "9"))?: return integer()
      default: return false
      }
    }

    private mutating func word(_ text: StaticString) -> Bool {
      let count = text.utf8CodeUnitCount
      guard bytes.count - index >= count else { return false }
      for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] {
        return false
      }
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

    /// The bytes between the quotes of the string that starts here (at its opening quote).
    private mutating func string() -> Range<Int>? {
      index += 1
      let start = index
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          index += 1
          return start..<(index - 1)
        }
        // No escapes, no control characters, nothing beyond ASCII.
        guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
        index += 1
      }
      return nil
    }
  }
}
