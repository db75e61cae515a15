import FoundationEssentials

/// The text of an XML property list and the edits `InfoPlistEditor` makes in it. Each edit scans
/// the text again, finds the bytes to change and changes only those, in the file's own layout:
/// its line ends and its indentation step (tabs or spaces), read from the lines around.
struct XMLText {
  typealias EditFailure = InfoPlistEditor.EditFailure
  /// A value's text, given the indentation of the line it starts on.
  typealias Fragment = (_ indent: String) -> String

  struct Layout {
    var newline: String
    /// One step of indentation: a tab, or some spaces.
    var step: String
  }

  private(set) var bytes: [UInt8]
  let layout: Layout

  init(_ bytes: [UInt8]) throws(EditFailure) {
    self.bytes = bytes
    let root = try Self.scan(bytes)
    layout = Layout(newline: Self.newline(of: bytes), step: Self.step(of: root, in: bytes) ?? "\t")
  }

  private static func scan(_ bytes: [UInt8]) throws(EditFailure) -> PlistElement {
    do {
      let root = try XMLPlistScanner.scan(bytes)
      guard root.kind == .dictionary else {
        throw EditFailure(reason: "the top value is not a dictionary")
      }
      return root
    } catch let refusal as XMLPlistScanner.Refusal {
      throw EditFailure(reason: "\(refusal.reason) (byte \(refusal.offset))")
    } catch {
      throw error as? EditFailure ?? EditFailure(reason: "\(error)")
    }
  }

  private static func newline(of bytes: [UInt8]) -> String {
    guard let first = bytes.firstIndex(of: 0x0A) else { return "\n" }
    return first > 0 && bytes[first - 1] == 0x0D ? "\r\n" : "\n"
  }

  /// The first indentation step between a container on a line of its own and its first child on
  /// the next.
  private static func step(of element: PlistElement, in bytes: [UInt8]) -> String? {
    guard element.isContainer else { return nil }
    if let first = element.keys.first ?? element.children.first,
      startsLine(element.range.lowerBound, in: bytes), startsLine(first.range.lowerBound, in: bytes)
    {
      let outer = indent(at: element.range.lowerBound, in: bytes)
      let inner = indent(at: first.range.lowerBound, in: bytes)
      if inner.count > outer.count, inner.hasPrefix(outer) {
        return String(inner.dropFirst(outer.count))
      }
    }
    return element.children.lazy.compactMap { step(of: $0, in: bytes) }.first
  }

  /// The whitespace that begins the line holding `position`.
  static func indent(at position: Int, in bytes: [UInt8]) -> String {
    var start = min(position, bytes.count)
    while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
    var end = start
    while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// Whether only spaces or tabs come before `position` on its line.
  static func startsLine(_ position: Int, in bytes: [UInt8]) -> Bool {
    var index = position
    while index > 0 {
      let byte = bytes[index - 1]
      if byte == 0x0A || byte == 0x0D { return true }
      guard byte == 0x20 || byte == 0x09 else { return false }
      index -= 1
    }
    return true
  }

  private func indent(at position: Int) -> String { Self.indent(at: position, in: bytes) }

  private mutating func replace(_ range: Range<Int>, with text: String) {
    bytes.replaceSubrange(range, with: Array(text.utf8))
  }

  /// Where the whitespace before `position` begins.
  private func whitespaceStart(before position: Int) -> Int {
    var start = position
    while start > 0, XMLPlistScanner.isSpace(bytes[start - 1]) { start -= 1 }
    return start
  }

  /// Where the whitespace after `position` ends.
  private func whitespaceEnd(after position: Int) -> Int {
    var end = position
    while end < bytes.count, XMLPlistScanner.isSpace(bytes[end]) { end += 1 }
    return end
  }

  // MARK: - Values as text

  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      default: result.append(character)
      }
    }
    return result
  }

  static func fragment(_ value: PlistValue, _ layout: Layout) -> Fragment {
    { indent in text(of: value, indent: indent, layout) }
  }

  static func text(of value: PlistValue, indent: String, _ layout: Layout) -> String {
    let inner = indent + layout.step
    let newline = layout.newline
    switch value {
    case .string(let text):
      return text.isEmpty ? "<string></string>" : "<string>\(escaped(text))</string>"
    case .bool(let flag): return flag ? "<true/>" : "<false/>"
    case .integer(let number): return "<integer>\(number)</integer>"
    case .real(let number):
      let written =
        number.isNaN
        ? "nan" : number.isInfinite ? (number < 0 ? "-infinity" : "+infinity") : "\(number)"
      return "<real>\(written)</real>"
    case .array(let items):
      guard !items.isEmpty else { return "<array/>" }
      let lines = items.map { newline + inner + text(of: $0, indent: inner, layout) }
      return "<array>" + lines.joined() + newline + indent + "</array>"
    case .dictionary(let pairs):
      guard !pairs.isEmpty else { return "<dict/>" }
      let lines = pairs.map { key, value in
        newline + inner + "<key>\(escaped(key))</key>" + newline + inner
          + text(of: value, indent: inner, layout)
      }
      return "<dict>" + lines.joined() + newline + indent + "</dict>"
    }
  }

  /// `keys` as dictionaries nested one in another around `value`.
  private func nested(_ keys: ArraySlice<String>, around value: @escaping Fragment) -> Fragment {
    guard let key = keys.first else { return value }
    let inside = nested(keys.dropFirst(), around: value)
    let layout = self.layout
    return { indent in
      let inner = indent + layout.step
      return "<dict>" + layout.newline + inner + "<key>\(Self.escaped(key))</key>" + layout.newline
        + inner + inside(inner) + layout.newline + indent + "</dict>"
    }
  }

  /// The text of the value at `path`, to be written again at another indentation: each line's
  /// indentation moves by the difference, except lines inside a string.
  func fragment(at path: ArraySlice<String>) throws(EditFailure) -> Fragment {
    let root = try Self.scan(bytes)
    guard let element = root.element(at: path) else {
      throw EditFailure(reason: "no single key \(path.joined(separator: "."))")
    }
    let original = Array(bytes[element.range])
    let base = element.range.lowerBound
    let oldIndent = Array(indent(at: base).utf8)
    let scalars = element.scalarRanges.map { ($0.lowerBound - base)..<($0.upperBound - base) }
    return { newIndent in
      var result: [UInt8] = []
      var index = 0
      while index < original.count {
        let byte = original[index]
        result.append(byte)
        index += 1
        guard byte == 0x0A, !scalars.contains(where: { $0.contains(index) }),
          original[index...].starts(with: oldIndent)
        else { continue }
        result += Array(newIndent.utf8)
        index += oldIndent.count
      }
      return String(decoding: result, as: UTF8.self)
    }
  }

  // MARK: - Edits

  /// The dictionary at `path`, and how far along `path` it is (the keys after it are missing).
  private func deepestDictionary(_ root: PlistElement, _ path: ArraySlice<String>)
    throws(EditFailure)
    -> (element: PlistElement, found: Int)
  {
    var element = root
    var found = 0
    for key in path {
      guard element.countOf(key) <= 1 else {
        throw EditFailure(reason: "the key \(key) is written twice")
      }
      guard let (_, child) = element.child(key) else { break }
      guard child.kind == .dictionary else {
        throw EditFailure(reason: "\(key) holds a value that is not a dictionary")
      }
      element = child
      found += 1
    }
    return (element, found)
  }

  /// Where a new key goes in `dictionary`: in its sorted place when the keys there are sorted,
  /// as Xcode writes a plist (Foundation sorts a dictionary's keys when it writes one, by their
  /// UTF-16 code units as `compare:` does), so Xcode's next save leaves it where it is; else at
  /// the end (nil), as a person who keeps their own order would put it.
  static func sortedPlace(of key: String, in dictionary: PlistElement) -> Int? {
    let keys = dictionary.keys.map(\.text)
    func ordered(_ a: String, _ b: String) -> Bool {
      Array(a.utf16).lexicographicallyPrecedes(b.utf16)
    }
    guard !keys.isEmpty, zip(keys, keys.dropFirst()).allSatisfy({ ordered($0, $1) }) else {
      return nil
    }
    return keys.firstIndex { ordered(key, $0) }
  }

  /// Replaces the value at `path`, or inserts its key into the deepest dictionary on the way
  /// (`sortedPlace`), with the missing ones made around the value.
  mutating func set(at path: ArraySlice<String>, _ value: @escaping Fragment) throws(EditFailure) {
    guard let last = path.last else { return }
    let root = try Self.scan(bytes)
    let (parent, found) = try deepestDictionary(root, path.dropLast())
    if found == path.count - 1 {
      guard parent.countOf(last) <= 1 else {
        throw EditFailure(reason: "the key \(last) is written twice")
      }
      if let (_, existing) = parent.child(last) {
        replace(existing.range, with: value(indent(at: existing.range.lowerBound)))
        return
      }
    }
    let missing = path.dropFirst(found)
    guard let key = missing.first else { return }
    let inside = nested(missing.dropFirst(), around: value)
    let newline = layout.newline
    insert(into: parent, at: Self.sortedPlace(of: key, in: parent)) { indent in
      "<key>\(Self.escaped(key))</key>" + newline + indent + inside(indent)
    }
  }

  /// Inserts a child (a key and value, or an array element) into `container`: at the end, or
  /// before the child at `index`, in the children's indentation.
  private mutating func insert(into container: PlistElement, at index: Int?, _ child: Fragment) {
    let newline = layout.newline
    let outer = indent(at: container.range.lowerBound)
    let tag = container.kind.rawValue
    if container.isEmptyForm {
      let inner = outer + layout.step
      replace(
        container.range,
        with: "<\(tag)>" + newline + inner + child(inner) + newline + outer + "</\(tag)>")
      return
    }
    let firsts = container.kind == .dictionary ? container.keys : container.children
    let inner = firsts.last.map { indent(at: $0.range.lowerBound) } ?? outer + layout.step
    if let index, index < firsts.count {
      let before = firsts[index].range.lowerBound
      let space = String(decoding: bytes[whitespaceStart(before: before)..<before], as: UTF8.self)
      replace(before..<before, with: child(inner) + space)
      return
    }
    let end = max(
      whitespaceStart(before: container.content.upperBound), container.content.lowerBound)
    // `<dict></dict>` gets its closing tag on a line of its own; after a child on the closing
    // tag's line nothing is added there, so that removing the new child gives the same bytes.
    let opensLine =
      end == container.content.lowerBound
      && !bytes[end..<container.content.upperBound].contains(0x0A)
    replace(end..<end, with: newline + inner + child(inner) + (opensLine ? newline + outer : ""))
  }

  /// Removes a child of `container` (a key and its value, or an element) with the whitespace
  /// before it; a container left empty becomes `<dict/>` or `<array/>`.
  private mutating func removeChild(_ index: Int, of container: PlistElement) {
    let first = container.kind == .dictionary ? container.keys[index] : container.children[index]
    let end = container.children[index].range.upperBound
    let start = first.range.lowerBound
    let rest =
      bytes[container.content.lowerBound..<start] + bytes[end..<container.content.upperBound]
    if container.children.count == 1 && rest.allSatisfy(XMLPlistScanner.isSpace) {
      replace(container.range, with: "<\(container.kind.rawValue)/>")
      return
    }
    replace(max(whitespaceStart(before: start), container.content.lowerBound)..<end, with: "")
  }

  mutating func remove(at path: ArraySlice<String>) throws(EditFailure) {
    guard let last = path.last else { return }
    let root = try Self.scan(bytes)
    guard let parent = root.element(at: path.dropLast()), parent.kind == .dictionary,
      let (index, _) = parent.child(last)
    else { throw EditFailure(reason: "no single key \(path.joined(separator: "."))") }
    removeChild(index, of: parent)
  }

  private func array(at path: ArraySlice<String>) throws(EditFailure) -> PlistElement {
    let root = try Self.scan(bytes)
    guard let array = root.element(at: path), array.kind == .array else {
      throw EditFailure(reason: "no single array \(path.joined(separator: "."))")
    }
    return array
  }

  mutating func insertElement(_ value: @escaping Fragment, at path: ArraySlice<String>, index: Int)
    throws(EditFailure)
  {
    let array = try array(at: path)
    insert(into: array, at: index, value)
  }

  mutating func removeElement(at path: ArraySlice<String>, index: Int) throws(EditFailure) {
    let array = try array(at: path)
    guard array.children.indices.contains(index) else {
      throw EditFailure(reason: "no element \(index) in \(path.joined(separator: "."))")
    }
    removeChild(index, of: array)
  }

  mutating func replaceElement(_ value: Fragment, at path: ArraySlice<String>, index: Int)
    throws(EditFailure)
  {
    let array = try array(at: path)
    guard array.children.indices.contains(index) else {
      throw EditFailure(reason: "no element \(index) in \(path.joined(separator: "."))")
    }
    let element = array.children[index]
    replace(element.range, with: value(indent(at: element.range.lowerBound)))
  }

  mutating func renameKey(at path: ArraySlice<String>, to name: String) throws(EditFailure) {
    guard let last = path.last else { return }
    let root = try Self.scan(bytes)
    guard let parent = root.element(at: path.dropLast()), let (index, _) = parent.child(last) else {
      throw EditFailure(reason: "no single key \(path.joined(separator: "."))")
    }
    replace(parent.keys[index].range, with: "<key>\(Self.escaped(name))</key>")
  }
}
