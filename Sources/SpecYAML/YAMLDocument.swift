internal import CYAML
import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A YAML document (an XcodeGen `project.yml`) read with libyaml's event parser into plain values,
/// as Foundation gives a property list: `[String: Any]`, `[Any]`, `String`, `Bool`, `Int`,
/// `Double` and `NSNull`.
///
/// Plain scalars are resolved as Yams (XcodeGen's YAML library) resolves them: `~`, `null` and
/// nothing are null; `true`/`false`, `yes`/`no`, `on`/`off` (three spellings each) are Booleans;
/// integers and decimals are numbers; everything else, and every quoted scalar, is text. Anchors
/// and aliases are followed, and `<<` merge keys merged, as Yams does.
///
/// Hostile input stays bounded: the file's size (`FileLimits.projectSpec`, checked by the
/// caller), how deep values nest (`ProjectSpecYAML.maximumDepth`) and how many values the document
/// holds once every alias is expanded (`ProjectSpecYAML.maximumValues`), so a "billion laughs" of
/// aliases is refused after a million.
public enum YAMLDocument {
  public typealias Problem = ProjectSpecYAML.Problem
  static let maximumDepth = ProjectSpecYAML.maximumDepth
  static let maximumValues = ProjectSpecYAML.maximumValues

  /// The document's top value (nil for an empty document). Only the first document of a stream is
  /// read, as Yams' `load` reads it.
  public static func parse(_ bytes: [UInt8]) throws(Problem) -> Any? {
    guard cy_open() else {
      throw Problem(reason: String(cString: cy_error()), libraryMissing: true)
    }
    var parser = yaml_parser_t()
    guard cy_yaml_parser_initialize(&parser) == 1 else {
      throw Problem(reason: "libyaml could not start (out of memory)")
    }
    defer { cy_yaml_parser_delete(&parser) }
    return try bytes.withUnsafeBufferPointer { buffer throws(Problem) -> Any? in
      // libyaml reads from the pointer while parsing; an empty input needs a valid one too.
      var empty: UInt8 = 0
      if let base = buffer.baseAddress {
        cy_yaml_parser_set_input_string(&parser, base, buffer.count)
      } else {
        cy_yaml_parser_set_input_string(&parser, &empty, 0)
      }
      var builder = Builder()
      while true {
        var event = yaml_event_t()
        guard cy_yaml_parser_parse(&parser, &event) == 1 else {
          throw Problem(reason: problemText(parser))
        }
        defer { cy_yaml_event_delete(&event) }
        if event.type == YAML_STREAM_END_EVENT || event.type == YAML_DOCUMENT_END_EVENT {
          return builder.result?.plain
        }
        try builder.take(event)
      }
    }
  }

  private static func problemText(_ parser: yaml_parser_t) -> String {
    let problem = parser.problem.map { String(cString: $0) } ?? "not valid YAML"
    let line = parser.problem_mark.line + 1
    if let context = parser.context.map({ String(cString: $0) }) {
      return "line \(line): \(problem) \(context)"
    }
    return "line \(line): \(problem)"
  }

  /// A value while the document is read: aliases share their anchor's value, whose size in values
  /// is known, so an alias costs its expansion before anything is expanded.
  indirect enum Node {
    case scalar(Any)
    case sequence([Node])
    case mapping([(key: String, value: Node)], merges: [Node])

    /// As Foundation would give it; a mapping's later key wins, and `<<` merges keys it lacks.
    var plain: Any {
      switch self {
      case .scalar(let value):
        return value
      case .sequence(let items):
        return items.map(\.plain)
      case .mapping(let pairs, let merges):
        var dictionary: [String: Any] = [:]
        for (key, value) in pairs { dictionary[key] = value.plain }
        for merge in merges {
          let sources: [Node]
          if case .sequence(let items) = merge { sources = items } else { sources = [merge] }
          for source in sources {
            guard let values = source.plain as? [String: Any] else { continue }
            for (key, value) in values where dictionary[key] == nil { dictionary[key] = value }
          }
        }
        return dictionary
      }
    }
  }

  /// Builds nodes from events, enforcing the limits as it goes.
  struct Builder {
    /// A collection being read (a class, so appending to it never copies what it holds).
    final class Open {
      let isMapping: Bool
      let anchor: String?
      var items: [Node] = []
      var pairs: [(key: String, value: Node)] = []
      var merges: [Node] = []
      var pendingKey: String?
      var values = 1
      /// How deep the collection nests, aliases expanded (a scalar is 0 deep).
      var height = 1
      init(isMapping: Bool, anchor: String?) {
        self.isMapping = isMapping
        self.anchor = anchor
      }
    }
    var stack: [Open] = []
    var anchors: [String: (node: Node, values: Int, height: Int)] = [:]
    var result: Node?
    var totalValues = 0

    mutating func take(_ event: yaml_event_t) throws(Problem) {
      let line = event.start_mark.line + 1
      switch event.type {
      case YAML_SCALAR_EVENT:
        let scalar = event.data.scalar
        let text = Self.text(scalar.value, Int(scalar.length))
        let tag = scalar.tag.map { String(cString: $0) }
        let value: Any =
          scalar.style == YAML_PLAIN_SCALAR_STYLE && tag == nil
          ? Self.resolve(text) : text
        try count(1, line: line)
        try add(
          .scalar(value), values: 1, height: 0, anchor: Self.anchor(scalar.anchor), line: line)
      case YAML_ALIAS_EVENT:
        guard let name = Self.anchor(event.data.alias.anchor), let anchored = anchors[name] else {
          throw Problem(reason: "line \(line): an alias to an anchor that is not defined before it")
        }
        try count(anchored.values, line: line)
        // An alias nests its anchor's value where it stands: chained anchors could nest deeper
        // than any written text.
        guard stack.count + anchored.height <= ProjectSpecYAML.maximumDepth else {
          throw Problem(
            reason: "line \(line): values nested more than \(ProjectSpecYAML.maximumDepth) deep")
        }
        try add(
          anchored.node, values: anchored.values, height: anchored.height, anchor: nil, line: line)
      case YAML_SEQUENCE_START_EVENT:
        try open(line: line)
        stack.append(Open(isMapping: false, anchor: Self.anchor(event.data.sequence_start.anchor)))
      case YAML_MAPPING_START_EVENT:
        try open(line: line)
        stack.append(Open(isMapping: true, anchor: Self.anchor(event.data.mapping_start.anchor)))
      case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
        guard let closed = stack.popLast() else { return }
        let node: Node =
          closed.isMapping ? .mapping(closed.pairs, merges: closed.merges) : .sequence(closed.items)
        try add(
          node, values: closed.values, height: closed.height, anchor: closed.anchor, line: line)
      default:
        break
      }
    }

    private mutating func open(line: Int) throws(Problem) {
      guard stack.count < ProjectSpecYAML.maximumDepth else {
        throw Problem(
          reason: "line \(line): values nested more than \(ProjectSpecYAML.maximumDepth) deep")
      }
      try count(1, line: line)
    }

    private mutating func count(_ values: Int, line: Int) throws(Problem) {
      totalValues += values
      guard totalValues <= ProjectSpecYAML.maximumValues else {
        throw Problem(
          reason:
            "line \(line): more than \(ProjectSpecYAML.maximumValues) values once aliases are expanded"
        )
      }
    }

    /// Puts a finished value (already counted) in the open collection, or makes it the document's.
    private mutating func add(
      _ node: Node, values: Int, height: Int, anchor: String?, line: Int
    ) throws(Problem) {
      if let anchor { anchors[anchor] = (node, values, height) }
      guard let top = stack.last else {
        result = node
        return
      }
      top.values += values
      top.height = max(top.height, height + 1)
      guard top.isMapping else {
        top.items.append(node)
        return
      }
      if let key = top.pendingKey {
        if key == "<<" { top.merges.append(node) } else { top.pairs.append((key, node)) }
        top.pendingKey = nil
      } else {
        guard case .scalar(let key) = node else {
          throw Problem(reason: "line \(line): a mapping key that is not a scalar")
        }
        top.pendingKey = Self.keyText(key)
      }
    }

    /// A key as the dictionary holds it: Yams gives resolved scalars, XcodeGen reads them as text.
    private static func keyText(_ value: Any) -> String {
      switch value {
      case let text as String: return text
      case let flag as Bool: return flag ? "true" : "false"
      case is NullValue: return ""
      default: return "\(value)"
      }
    }

    private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?, _ length: Int)
      -> String
    {
      guard let pointer, length > 0 else { return "" }
      let bytes = UnsafeBufferPointer(start: pointer, count: length)
      return String(decoding: bytes, as: UTF8.self)
    }

    private static func anchor(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
      pointer.map { String(cString: $0) }
    }

    static let nulls: Set<String> = ["", "~", "null", "Null", "NULL"]
    static let trues: Set<String> = ["true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON"]
    static let falses: Set<String> = [
      "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF",
    ]

    /// A plain scalar's value, as Yams' default resolver reads it.
    static func resolve(_ text: String) -> Any {
      if nulls.contains(text) { return NullValue() }
      if trues.contains(text) { return true }
      if falses.contains(text) { return false }
      if isInteger(text), let number = Int(text.hasPrefix("+") ? String(text.dropFirst()) : text) {
        return number
      }
      if isDecimal(text), let number = Double(text) { return number }
      return text
    }

    private static func isInteger(_ text: String) -> Bool {
      let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : text[...]
      return !digits.isEmpty && digits.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// `1.5`, `-.5`, `2.`, `1e3`: digits with one point and an optional exponent.
    private static func isDecimal(_ text: String) -> Bool {
      var rest = Substring(text)
      if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
      var mantissa = rest
      var exponent: Substring?
      if let e = rest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
        mantissa = rest[..<e]
        exponent = rest[rest.index(after: e)...]
      }
      let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count <= 2, parts.contains(where: { !$0.isEmpty }),
        parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) })
      else { return false }
      if var exponent {
        if exponent.first == "-" || exponent.first == "+" { exponent = exponent.dropFirst() }
        guard !exponent.isEmpty, exponent.allSatisfy(\.isASCIIDigit) else { return false }
      }
      return true
    }
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
