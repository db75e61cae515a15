import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Edits an `Info.plist` the way a person would in a text editor: an XML plist keeps every byte
/// but the lines that change (declaration, DOCTYPE, comments, indentation, key order); a binary
/// one is decoded, changed and encoded again as binary.
///
/// Every edit is checked against Foundation: the new bytes must parse to the old property list
/// with exactly that change, else the edit throws `cannotEdit` and `bytes` stay as they were.
public struct InfoPlistEditor: Sendable {
  public let file: URL
  public private(set) var bytes: [UInt8]
  public var isBinary: Bool { bytes.starts(with: Array("bplist".utf8)) }

  public init(file: URL, bytes: [UInt8]) throws(EditError) {
    self.file = file
    self.bytes = bytes
    guard let (parsed, format) = Self.parse(bytes) else {
      throw refusal("not a property list Foundation can read")
    }
    guard parsed is [String: Any] else { throw refusal("its top value is not a dictionary") }
    switch format {
    case .binary: return
    case .xml:
      let root: PlistElement
      do {
        root = try XMLPlistScanner.scan(bytes)
      } catch {
        throw refusal("\(error.reason) (byte \(error.offset))")
      }
      guard root.agrees(with: InfoPlistTree(parsed)) else {
        throw refusal("iconpick's reading of the XML differs from Foundation's")
      }
    default:
      throw refusal("an old-style (OpenStep) property list; convert it to XML first")
    }
  }

  /// The value at `keyPath` as Foundation parses it.
  public func value(at keyPath: [String]) -> Any? {
    guard let (parsed, _) = Self.parse(bytes) else { return nil }
    return FoundationTree.value(parsed, at: keyPath)
  }

  /// Replaces the value at `keyPath`, or adds the key at the end of its dictionary, making the
  /// dictionaries on the way that are missing (each at the end of its parent).
  public mutating func set(_ value: PlistValue, at keyPath: [String]) throws(EditError) {
    guard !keyPath.isEmpty else { throw refusal("no key to set") }
    if let repeated = value.repeatedKey { throw refusal("the key \"\(repeated)\" is given twice") }
    if let text = value.unwritableText {
      throw refusal("the text \"\(text)\" cannot be written in a property list")
    }
    try edit("set \(Self.show(keyPath))") { tree throws(FoundationTree.NotADictionary) in
      try FoundationTree.updating(tree, at: keyPath[...]) { _ in value.foundationValue }
    } xml: { text throws(EditFailure) in
      try text.set(at: keyPath[...], XMLText.fragment(value, text.layout))
    }
  }

  /// Removes the key at `keyPath` and its value, with their lines. A dictionary left empty is
  /// written `<dict/>`, as Xcode writes one.
  public mutating func remove(at keyPath: [String]) throws(EditError) {
    guard value(at: keyPath) != nil else { throw refusal("no key \(Self.show(keyPath)) to remove") }
    try edit("remove \(Self.show(keyPath))") { tree throws(FoundationTree.NotADictionary) in
      try FoundationTree.updating(tree, at: keyPath[...]) { _ in nil }
    } xml: { text throws(EditFailure) in
      try text.remove(at: keyPath[...])
    }
  }

  /// Removes the key at `keyPath` when its value is an empty dictionary: after removing what
  /// `set` added, the dictionaries it made on the way go too. Returns whether it removed one.
  @discardableResult
  public mutating func removeIfEmpty(at keyPath: [String]) throws(EditError) -> Bool {
    guard let dictionary = value(at: keyPath) as? [String: Any], dictionary.isEmpty else {
      return false
    }
    try remove(at: keyPath)
    return true
  }

  /// Inserts `value` into the array at `keyPath`, at `index` (nil: at the end). A missing array
  /// is made holding `value`.
  public mutating func insertArrayElement(_ value: PlistValue, at keyPath: [String], index: Int?)
    throws(EditError)
  {
    guard let current = self.value(at: keyPath) else {
      guard index == nil || index == 0 else { throw refusal("no array \(Self.show(keyPath))") }
      return try set(.array([value]), at: keyPath)
    }
    guard let items = current as? [Any] else {
      throw refusal("\(Self.show(keyPath)) is not an array")
    }
    let position = index ?? items.count
    guard position >= 0 && position <= items.count else {
      throw refusal("\(Self.show(keyPath)) has no place \(position) (it holds \(items.count))")
    }
    if let repeated = value.repeatedKey { throw refusal("the key \"\(repeated)\" is given twice") }
    if let text = value.unwritableText {
      throw refusal("the text \"\(text)\" cannot be written in a property list")
    }
    try edit("insert into \(Self.show(keyPath))") { tree throws(FoundationTree.NotADictionary) in
      try FoundationTree.updating(tree, at: keyPath[...]) { old in
        var items = old as? [Any] ?? []
        items.insert(value.foundationValue, at: position)
        return items
      }
    } xml: { text throws(EditFailure) in
      try text.insertElement(
        XMLText.fragment(value, text.layout), at: keyPath[...], index: position)
    }
  }

  /// Removes the element at `index` of the array at `keyPath`, with its line.
  public mutating func removeArrayElement(at keyPath: [String], index: Int) throws(EditError) {
    guard let items = value(at: keyPath) as? [Any] else {
      throw refusal("no array \(Self.show(keyPath))")
    }
    guard index >= 0 && index < items.count else {
      throw refusal("\(Self.show(keyPath)) has no element \(index) (it holds \(items.count))")
    }
    try edit("remove element \(index) of \(Self.show(keyPath))") {
      tree throws(FoundationTree.NotADictionary) in
      try FoundationTree.updating(tree, at: keyPath[...]) { old in
        var items = old as? [Any] ?? []
        items.remove(at: index)
        return items
      }
    } xml: { text throws(EditFailure) in
      try text.removeElement(at: keyPath[...], index: index)
    }
  }

  /// Replaces the element at `index` of the array at `keyPath` in place: only its own text
  /// changes (`check --fix` writes a `CFBundleIconFiles` name without its extension).
  public mutating func replaceArrayElement(_ value: PlistValue, at keyPath: [String], index: Int)
    throws(EditError)
  {
    guard let items = self.value(at: keyPath) as? [Any] else {
      throw refusal("no array \(Self.show(keyPath))")
    }
    guard index >= 0 && index < items.count else {
      throw refusal("\(Self.show(keyPath)) has no element \(index) (it holds \(items.count))")
    }
    if let repeated = value.repeatedKey { throw refusal("the key \"\(repeated)\" is given twice") }
    if let text = value.unwritableText {
      throw refusal("the text \"\(text)\" cannot be written in a property list")
    }
    try edit("replace element \(index) of \(Self.show(keyPath))") {
      tree throws(FoundationTree.NotADictionary) in
      try FoundationTree.updating(tree, at: keyPath[...]) { old in
        var items = old as? [Any] ?? []
        if items.indices.contains(index) { items[index] = value.foundationValue }
        return items
      }
    } xml: { text throws(EditFailure) in
      try text.replaceElement(XMLText.fragment(value, text.layout), at: keyPath[...], index: index)
    }
  }

  /// Copies the value at `source` to `destination` (which must not be there yet), its text kept
  /// and re-indented: `check --fix` copies an alternate's entry into `CFBundleIcons~ipad`.
  public mutating func copy(from source: [String], to destination: [String]) throws(EditError) {
    guard value(at: source) != nil else { throw refusal("no key \(Self.show(source)) to copy") }
    guard !destination.isEmpty, value(at: destination) == nil else {
      throw refusal("\(Self.show(destination)) is already there")
    }
    guard !destination.starts(with: source) else {
      throw refusal("\(Self.show(source)) cannot be copied into itself")
    }
    try edit("copy \(Self.show(source)) to \(Self.show(destination))") {
      tree throws(FoundationTree.NotADictionary) in
      let value = FoundationTree.value(tree, at: source)
      return try FoundationTree.updating(tree, at: destination[...]) { _ in value }
    } xml: { text throws(EditFailure) in
      let copied = try text.fragment(at: source[...])
      try text.set(at: destination[...], copied)
    }
  }

  /// Renames the last key of `keyPath`, keeping its value and place.
  public mutating func renameKey(at keyPath: [String], to newName: String) throws(EditError) {
    guard let old = keyPath.last, value(at: keyPath) != nil else {
      throw refusal("no key \(Self.show(keyPath)) to rename")
    }
    let renamed = Array(keyPath.dropLast()) + [newName]
    guard old == newName || value(at: renamed) == nil else {
      throw refusal("\(Self.show(renamed)) is already there")
    }
    if let text = PlistValue.string(newName).unwritableText {
      throw refusal("the key \"\(text)\" cannot be written in a property list")
    }
    try edit("rename \(Self.show(keyPath)) to \(newName)") {
      tree throws(FoundationTree.NotADictionary) in
      let value = FoundationTree.value(tree, at: keyPath)
      let removed = try FoundationTree.updating(tree, at: keyPath[...]) { _ in nil }
      return try FoundationTree.updating(removed, at: renamed[...]) { _ in value }
    } xml: { text throws(EditFailure) in
      try text.renameKey(at: keyPath[...], to: newName)
    }
  }

  /// Moves the value at `source` to `destination` (which must not be there yet), its text kept:
  /// `check --fix` moves a `CFBundlePrimaryIcon` out of `CFBundleAlternateIcons`.
  public mutating func move(from source: [String], to destination: [String]) throws(EditError) {
    guard value(at: source) != nil else { throw refusal("no key \(Self.show(source)) to move") }
    guard !destination.isEmpty, value(at: destination) == nil else {
      throw refusal("\(Self.show(destination)) is already there")
    }
    guard !destination.starts(with: source) else {
      throw refusal("\(Self.show(source)) cannot move into itself")
    }
    try edit("move \(Self.show(source)) to \(Self.show(destination))") {
      tree throws(FoundationTree.NotADictionary) in
      let value = FoundationTree.value(tree, at: source)
      let removed = try FoundationTree.updating(tree, at: source[...]) { _ in nil }
      return try FoundationTree.updating(removed, at: destination[...]) { _ in value }
    } xml: { text throws(EditFailure) in
      let moved = try text.fragment(at: source[...])
      try text.remove(at: source[...])
      try text.set(at: destination[...], moved)
    }
  }

  // MARK: - Checking each edit against Foundation

  struct EditFailure: Error {
    var reason: String
  }

  /// Runs one edit: on the XML text in place, or on the decoded tree for a binary plist; then
  /// checks that Foundation reads exactly the intended change.
  private mutating func edit(
    _ what: String,
    tree change: (Any) throws(FoundationTree.NotADictionary) -> Any,
    xml: (inout XMLText) throws(EditFailure) -> Void
  ) throws(EditError) {
    guard let (parsed, format) = Self.parse(bytes) else {
      throw refusal("not a property list Foundation can read")
    }
    let expected: Any
    do {
      expected = try change(parsed)
    } catch {
      throw refusal("\(error.key) holds a value that is not a dictionary")
    }
    let updated: [UInt8]
    if format == .binary {
      do {
        updated = [UInt8](try PropertyListValue.binaryData(object: expected))
      } catch {
        throw refusal("cannot write the binary property list: \(error)")
      }
    } else {
      do {
        var text = try XMLText(bytes)
        try xml(&text)
        updated = text.bytes
      } catch {
        throw refusal("\(what): \(error.reason)")
      }
    }
    guard let (reparsed, newFormat) = Self.parse(updated), newFormat == format,
      InfoPlistTree(reparsed) == InfoPlistTree(expected)
    else {
      throw refusal("\(what) would not give exactly that change when read back")
    }
    bytes = updated
  }

  private func refusal(_ reason: String) -> EditError {
    .cannotEdit(file: file.path, reason: reason)
  }

  /// Foundation's parse, behind IconCatalog's checks for plists that would crash it.
  static func parse(_ bytes: [UInt8]) -> (Any, PropertyListValue.Format)? {
    guard
      let parsed = try? PropertyListParsing.parse(
        bytes, file: URL(fileURLWithPath: "Info.plist"))
    else { return nil }
    return (parsed.value, parsed.format)
  }

  static func show(_ keyPath: [String]) -> String { keyPath.joined(separator: ".") }
}

extension PlistValue {
  /// Text an XML property list cannot hold: control characters (a carriage return would be read
  /// back as a line feed).
  var unwritableText: String? {
    switch self {
    case .string(let text):
      let bad = text.unicodeScalars.contains {
        ($0.value < 0x20 && $0 != "\t" && $0 != "\n") || $0.value == 0xFFFE || $0.value == 0xFFFF
      }
      return bad ? text : nil
    case .array(let items): return items.lazy.compactMap(\.unwritableText).first
    case .dictionary(let pairs):
      return pairs.lazy.compactMap { PlistValue.string($0.0).unwritableText ?? $0.1.unwritableText }
        .first
    default: return nil
    }
  }
}
