import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where each value of an XML property list is, by key path (array items by index): enough to
/// point a diagnostic at a line. Not a parser of the values, which PropertyListSerialization reads.
///
/// One pass over the bytes, linear in time and memory whatever the file holds: comments end at
/// `-->`, CDATA sections at `]]>`, processing instructions at `?>`, and the DOCTYPE at its `>`
/// after any internal subset, as XML defines them; a value's text is passed over in the same pass.
/// Key paths are not stored whole: each value is a node that names its parent and its own key
/// (or index), so a value 400 levels deep costs what a value at the top does. Deeper than
/// `PlistDepth.maximum` the file is not indexed (reading it is refused anyway).
public struct PlistLines: Sendable {
  /// A value's place: its parent's node and its key in it (an array item's index, in decimal).
  private struct Child: Hashable {
    let parent: Int32
    let key: String
  }
  /// Node numbers by place. Node 0 is the top-level value (the path `[]`).
  private let nodes: [Child: Int32]
  /// By node: the line where its value starts, and the line of the `<key>` naming it (0: none).
  private let valueLines: [Int32]
  private let keyLines: [Int32]

  /// The line where the value at `path` starts.
  public func line(of path: [String]) -> Int? {
    node(path).flatMap { valueLines[$0] > 0 ? Int(valueLines[$0]) : nil }
  }

  /// The line of the `<key>` that names the value at `path`.
  public func keyLine(of path: [String]) -> Int? {
    node(path).flatMap { keyLines[$0] > 0 ? Int(keyLines[$0]) : nil }
  }

  private func node(_ path: [String]) -> Int? {
    var node: Int32 = 0
    for key in path {
      guard let child = nodes[Child(parent: node, key: key)] else { return nil }
      node = child
    }
    return Int(node)
  }

  /// nil when the file is not an XML plist (binary, ASCII) or cannot be read. One reading asks
  /// for the same Info.plist's lines from several places (its icon dictionaries, the App Store
  /// facts, the declarations), so each file is parsed once while it stays as it is (its size and
  /// modification time): at thousands of alternates the parse is most of `list`.
  static func read(_ file: URL) -> PlistLines? {
    // A planned change's bytes are not the disk's: neither cached nor answered from the cache.
    if ReadDisk.isPlanned {
      return RegularFile.contents(file, limit: FileLimits.infoPlist).flatMap {
        PlistLines(xml: [UInt8]($0))
      }
    }
    var status = stat()
    let stamp =
      stat(file.path, &status) == 0
      ? "\(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)" : nil
    if let stamp, let cached = cacheLock.withLock({ cache[file.path] }), cached.stamp == stamp {
      return cached.lines
    }
    var lines: PlistLines?
    if let data = RegularFile.contents(file, limit: FileLimits.infoPlist) {
      lines = PlistLines(xml: [UInt8](data))
    }
    if let stamp { cacheLock.withLock { cache[file.path] = (stamp, lines) } }
    return lines
  }

  nonisolated(unsafe) private static var cache: [String: (stamp: String, lines: PlistLines?)] =
    [:]
  private static let cacheLock = Lock()

  init?(xml text: String) {
    self.init(xml: Array(text.utf8))
  }

  /// nil when `bytes` are not an XML plist (no `<plist`, not UTF-8) or nest deeper than
  /// `PlistDepth.maximum`.
  init?(xml bytes: [UInt8]) {
    guard String(validating: bytes, as: UTF8.self) != nil,
      let index = bytes.withUnsafeBufferPointer({ PlistLines.index(Markup($0)) })
    else { return nil }
    (nodes, valueLines, keyLines) = index
  }

  /// The nodes, value lines and key lines of the plist in `text`.
  private static func index(_ text: Markup) -> (
    nodes: [Child: Int32], valueLines: [Int32], keyLines: [Int32]
  )? {
    guard text.find("<plist", from: 0) != nil else { return nil }
    enum Container {
      case dictionary(node: Int32, pendingKey: String?)
      case array(node: Int32, next: Int)
    }
    var nodes: [Child: Int32] = [:]
    var valueLines: [Int32] = [0]
    var keyLines: [Int32] = [0]
    var stack: [Container] = []
    var line: Int32 = 1
    var index = 0
    let count = text.count
    /// Inside `<key>`: its text so far, and the line of the tag.
    var key: [UInt8]?
    var keyLine: Int32 = 1
    /// Inside a value's text (`<string>`…): the name of the tag that ends it.
    var valueName: Range<Int>?

    func child(_ parent: Int32, _ key: String) -> Int32 {
      let place = Child(parent: parent, key: key)
      if let found = nodes[place] { return found }
      let node = Int32(valueLines.count)
      nodes[place] = node
      valueLines.append(0)
      keyLines.append(0)
      return node
    }
    /// A node no path reaches, for a value whose place is unknown (a dictionary value without a
    /// key): what it holds is not indexed.
    func detached() -> Int32 {
      valueLines.append(0)
      keyLines.append(0)
      return Int32(valueLines.count - 1)
    }
    /// The node of a value that starts here, advancing the enclosing container; nil when a
    /// dictionary holds a value without a key.
    func valueNode() -> Int32? {
      guard let top = stack.last else { return 0 }
      switch top {
      case .dictionary(let node, let key):
        guard let key else { return nil }
        stack[stack.count - 1] = .dictionary(node: node, pendingKey: nil)
        return child(node, key)
      case .array(let node, let next):
        stack[stack.count - 1] = .array(node: node, next: next + 1)
        return child(node, String(next))
      }
    }

    while index < count {
      guard let found = text.next("<", from: index) else { break }
      if found > index {
        // Text before the tag: only a key's is kept.
        line += text.lineBreaks(index..<found)
        if key != nil { key! += text.bytes[index..<found] }
        index = found
      }
      let tagLine = line
      let markup = text.skipMarkup(at: index)
      line += text.lineBreaks(index..<markup.next)
      if markup.isCDATA, key != nil { key! += text.bytes[markup.content] }
      index = markup.next
      guard let tag = markup.tag else { continue }
      let name = text.tagName(tag)
      if let open = valueName {
        // Inside a value's text only its own closing tag counts.
        if name.isClosing && text.same(name.name, open) { valueName = nil }
        continue
      }
      let tagName = text.string(name.name)
      switch (tagName, name.isClosing) {
      case ("key", false):
        key = name.isEmpty ? nil : []
        keyLine = tagLine
        if name.isEmpty, case .dictionary(let node, _) = stack.last {
          keyLines[Int(child(node, ""))] = tagLine
          stack[stack.count - 1] = .dictionary(node: node, pendingKey: "")
        }
      case ("key", true):
        if let text = key, case .dictionary(let node, _) = stack.last {
          let name = unescape(String(decoding: text, as: UTF8.self))
          keyLines[Int(child(node, name))] = keyLine
          stack[stack.count - 1] = .dictionary(node: node, pendingKey: name)
        }
        key = nil
      case ("plist", _):
        break
      case ("dict", false), ("array", false):
        let node = valueNode()
        if let node { valueLines[Int(node)] = tagLine }
        if !name.isEmpty {
          guard stack.count < PlistDepth.maximum else { return nil }
          let here = node ?? detached()
          stack.append(
            tagName == "dict"
              ? .dictionary(node: here, pendingKey: nil) : .array(node: here, next: 0))
        }
      case ("dict", true), ("array", true):
        _ = stack.popLast()
      case (_, false):
        if let node = valueNode() { valueLines[Int(node)] = tagLine }
        if !name.isEmpty { valueName = name.name }
      default:
        break
      }
    }
    return (nodes, valueLines, keyLines)
  }

  private static func unescape(_ text: String) -> String {
    // Nearly every key has no entity: five searches each would be most of the parse.
    guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
    return text.replacingAll("&lt;", with: "<").replacingAll(
      "&gt;", with: ">"
    )
    .replacingAll("&quot;", with: "\"").replacingAll("&apos;", with: "'")
    .replacingAll("&amp;", with: "&")
  }
}

/// The markup of an XML file, byte by byte: what `PlistLines` and `PlistDepth` both pass over.
/// Comments end at `-->`, CDATA sections at `]]>`, processing instructions at `?>`, and a tag or
/// a declaration (`<!DOCTYPE … [ internal subset ] >`) at the first `>` outside quotes (and
/// outside the subset's brackets), as XML defines them; each is passed over once, so a scan is
/// linear in the file whatever it holds (an unclosed tag in a comment included).
struct Markup {
  let bytes: UnsafeBufferPointer<UInt8>
  var count: Int { bytes.count }

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// What starts with the `<` at `index`: where it ends (just past it), its content (a
  /// comment's, CDATA's…), and for a tag, the bytes between `<` and `>`. Markup the file cuts
  /// short runs to the end.
  func skipMarkup(at index: Int) -> (
    next: Int, content: Range<Int>, isCDATA: Bool, tag: Range<Int>?
  ) {
    for (opening, closing) in Markup.sections where starts(opening, at: index) {
      let start = index + opening.utf8.count
      guard let end = find(closing, from: start) else { return (count, start..<count, false, nil) }
      return (end + closing.utf8.count, start..<end, opening == "<![CDATA[", nil)
    }
    let isDeclaration = starts("<!", at: index)
    var end = index + 1
    var quote: UInt8 = 0
    var brackets = 0
    while end < count {
      let byte = bytes[end]
      if quote != 0 {
        if byte == quote { quote = 0 }
      } else if byte == 0x22 || byte == 0x27 {  // " '
        quote = byte
      } else if isDeclaration && byte == 0x5B {  // [
        brackets += 1
      } else if isDeclaration && byte == 0x5D {  // ]
        brackets -= 1
      } else if byte == 0x3E && brackets <= 0 {  // >
        break
      }
      end += 1
    }
    guard end < count else { return (count, index..<count, false, nil) }
    return (end + 1, index + 1..<end, false, isDeclaration ? nil : index + 1..<end)
  }

  /// Comments, CDATA sections and processing instructions: where each starts and ends.
  static let sections = [("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>")]

  /// A tag's name (after any `/`), and whether it closes (`</dict>`) or is empty (`<dict/>`).
  func tagName(_ tag: Range<Int>) -> (name: Range<Int>, isClosing: Bool, isEmpty: Bool) {
    let isClosing = !tag.isEmpty && bytes[tag.lowerBound] == 0x2F
    let isEmpty = !tag.isEmpty && bytes[tag.upperBound - 1] == 0x2F
    let start = isClosing ? tag.lowerBound + 1 : tag.lowerBound
    var end = start
    while end < tag.upperBound {
      let byte = bytes[end]
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x2F { break }
      end += 1
    }
    return (start..<end, isClosing, isEmpty)
  }

  func string(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  func same(_ one: Range<Int>, _ other: Range<Int>) -> Bool {
    one.count == other.count
      && memcmp(
        bytes.baseAddress! + one.lowerBound, bytes.baseAddress! + other.lowerBound, one.count)
        == 0
  }

  func starts(_ prefix: String, at index: Int) -> Bool {
    var prefix = prefix
    return prefix.withUTF8 { prefix in
      index + prefix.count <= count
        && memcmp(bytes.baseAddress! + index, prefix.baseAddress!, prefix.count) == 0
    }
  }

  /// The first `byte` at or after `start` and before `end` (the file's end by default).
  func next(_ byte: Unicode.Scalar, from start: Int, before end: Int? = nil) -> Int? {
    let end = end ?? count
    guard start < end,
      let found = memchr(bytes.baseAddress! + start, Int32(byte.value), end - start)
    else { return nil }
    return bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  /// The first place at or after `start` where `pattern` occurs; linear in the bytes passed
  /// over (the pattern is a few bytes).
  func find(_ pattern: String, from start: Int) -> Int? {
    let first = pattern.unicodeScalars.first!
    var at = start
    while let found = next(first, from: at) {
      if starts(pattern, at: found) { return found }
      at = found + 1
    }
    return nil
  }

  /// Line breaks in `range`: CR LF, LF and a lone CR each end a line, as XML normalizes them.
  func lineBreaks(_ range: Range<Int>) -> Int32 {
    guard !range.isEmpty else { return 0 }
    var breaks: Int32 = 0
    var at = range.lowerBound
    while let found = next("\n", from: at, before: range.upperBound) {
      breaks += 1
      at = found + 1
    }
    // A lone CR (old Mac files) is rare: looked for only when there is one.
    if memchr(bytes.baseAddress! + range.lowerBound, 0x0D, range.count) != nil {
      for at in range where bytes[at] == 0x0D && (at + 1 >= count || bytes[at + 1] != 0x0A) {
        breaks += 1
      }
    }
    return breaks
  }
}
