internal import CYAML
import FoundationEssentials

/// Where a node lies in the text: libyaml's mark with its character index turned into a byte
/// offset, so an editor can change exactly those bytes.
public struct YAMLMark: Sendable, Equatable {
  /// From 0, as libyaml counts.
  public var line: Int
  /// In characters from the start of the line, from 0.
  public var column: Int
  /// In bytes from the start of the text.
  public var offset: Int
}

/// One node of a YAML document with its place in the text, for editing it in place. Values are
/// not resolved (`yes` stays the text `yes`); `YAMLDocument.resolvePlain` resolves them.
public struct YAMLNode: Sendable {
  public enum Kind: Sendable, Equatable {
    case scalar
    case sequence
    case mapping
    case alias
  }
  public enum Style: Sendable, Equatable {
    case plain, singleQuoted, doubleQuoted, literal, folded
    /// A collection written `[a, b]` or `{a: b}`.
    case flow
    /// A collection written one item or pair a line.
    case block
  }
  public struct Pair: Sendable {
    public var key: YAMLNode
    public var value: YAMLNode
  }

  public var kind: Kind
  public var style: Style
  /// From the first character of the node (a quote, `[`, `{`, the first key or item) ...
  public var start: YAMLMark
  /// ... to past its last character (`]`, `}`, a quote). For a block collection, libyaml's end
  /// lies where the next token starts; `contentEnd` is past its last value instead.
  public var end: YAMLMark
  /// A scalar's text; an alias's anchor.
  public var text: String = ""
  public var tag: String?
  public var anchor: String?
  public var items: [YAMLNode] = []
  public var pairs: [Pair] = []

  /// Past the node's last character, also for a block collection.
  public var contentEnd: YAMLMark {
    guard style == .block else { return end }
    if kind == .mapping, let last = pairs.last { return last.value.contentEnd }
    if kind == .sequence, let last = items.last { return last.contentEnd }
    return end
  }

  /// The value of the last pair whose key is the plain or quoted text `key`.
  public subscript(key: String) -> YAMLNode? {
    pairs.last { $0.key.kind == .scalar && $0.key.text == key }?.value
  }

  /// The indexes of the pairs whose key is `key`.
  public func pairIndexes(_ key: String) -> [Int] {
    pairs.indices.filter { pairs[$0].key.kind == .scalar && pairs[$0].key.text == key }
  }

  /// A `null`, `~` or nothing written plainly.
  public var isNull: Bool {
    kind == .scalar && style == .plain && tag == nil
      && ["", "~", "null", "Null", "NULL"].contains(text)
  }
}

extension YAMLDocument {
  /// The first document's top node with every node's place (nil for an empty document). Text
  /// that is not UTF-8 is refused, as are the line breaks YAML 1.1 has beyond `\n` and `\r`
  /// (U+0085, U+2028, U+2029), whose lines an editor would count otherwise.
  public static func nodes(_ bytes: [UInt8]) throws(Problem) -> YAMLNode? {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw Problem(reason: "the text is not UTF-8")
    }
    // A character index (libyaml counts characters) to a byte offset.
    var offsets: [Int] = []
    offsets.reserveCapacity(bytes.count + 1)
    var offset = 0
    for scalar in text.unicodeScalars {
      if scalar == "\u{85}" || scalar == "\u{2028}" || scalar == "\u{2029}" {
        throw Problem(reason: "a line break other than \\n and \\r")
      }
      offsets.append(offset)
      offset += UTF8.width(scalar)
    }
    offsets.append(offset)
    if text.unicodeScalars.first == "\u{FEFF}" {
      throw Problem(reason: "a byte order mark")
    }

    guard cy_open() else {
      throw Problem(reason: String(cString: cy_error()), libraryMissing: true)
    }
    var parser = yaml_parser_t()
    guard cy_yaml_parser_initialize(&parser) == 1 else {
      throw Problem(reason: "libyaml could not start (out of memory)")
    }
    defer { cy_yaml_parser_delete(&parser) }
    return try bytes.withUnsafeBufferPointer { buffer throws(Problem) -> YAMLNode? in
      var empty: UInt8 = 0
      if let base = buffer.baseAddress {
        cy_yaml_parser_set_input_string(&parser, base, buffer.count)
      } else {
        cy_yaml_parser_set_input_string(&parser, &empty, 0)
      }
      func mark(_ mark: yaml_mark_t) -> YAMLMark {
        let index = min(Int(mark.index), offsets.count - 1)
        return YAMLMark(line: Int(mark.line), column: Int(mark.column), offset: offsets[index])
      }
      func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, _ length: Int? = nil) -> String? {
        guard let pointer else { return nil }
        if let length {
          return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
        }
        return String(cString: pointer)
      }
      var stack: [YAMLNode] = []
      var pendingKeys: [YAMLNode?] = []
      var result: YAMLNode?
      var count = 0
      while true {
        var event = yaml_event_t()
        guard cy_yaml_parser_parse(&parser, &event) == 1 else {
          let problem = parser.problem.map { String(cString: $0) } ?? "not valid YAML"
          throw Problem(reason: "line \(parser.problem_mark.line + 1): \(problem)")
        }
        defer { cy_yaml_event_delete(&event) }
        var finished: YAMLNode?
        switch event.type {
        case YAML_STREAM_END_EVENT, YAML_DOCUMENT_END_EVENT:
          return result
        case YAML_SCALAR_EVENT:
          let scalar = event.data.scalar
          let style: YAMLNode.Style =
            switch scalar.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: .literal
            case YAML_FOLDED_SCALAR_STYLE: .folded
            default: .plain
            }
          finished = YAMLNode(
            kind: .scalar, style: style, start: mark(event.start_mark), end: mark(event.end_mark),
            text: string(scalar.value, Int(scalar.length)) ?? "", tag: string(scalar.tag),
            anchor: string(scalar.anchor))
        case YAML_ALIAS_EVENT:
          finished = YAMLNode(
            kind: .alias, style: .plain, start: mark(event.start_mark), end: mark(event.end_mark),
            text: string(event.data.alias.anchor) ?? "")
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
          let isMapping = event.type == YAML_MAPPING_START_EVENT
          guard stack.count < maximumDepth else {
            throw Problem(reason: "line \(event.start_mark.line + 1): values nested too deep")
          }
          let flow =
            isMapping
            ? event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
            : event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
          stack.append(
            YAMLNode(
              kind: isMapping ? .mapping : .sequence, style: flow ? .flow : .block,
              start: mark(event.start_mark), end: mark(event.end_mark),
              tag: string(isMapping ? event.data.mapping_start.tag : event.data.sequence_start.tag),
              anchor: string(
                isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor)))
          pendingKeys.append(nil)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
          guard var closed = stack.popLast() else { continue }
          pendingKeys.removeLast()
          closed.end = mark(event.end_mark)
          finished = closed
        default:
          continue
        }
        guard let node = finished else { continue }
        count += 1
        guard count <= maximumValues else {
          throw Problem(reason: "more than \(maximumValues) values")
        }
        guard var top = stack.popLast() else {
          result = node
          continue
        }
        if top.kind == .sequence {
          top.items.append(node)
        } else if let key = pendingKeys[pendingKeys.count - 1] {
          top.pairs.append(YAMLNode.Pair(key: key, value: node))
          pendingKeys[pendingKeys.count - 1] = nil
        } else {
          pendingKeys[pendingKeys.count - 1] = node
        }
        stack.append(top)
      }
    }
  }

  /// A plain scalar's value as `parse` gives it: null, a Boolean, a number or the text.
  public static func resolvePlain(_ text: String) -> Any {
    Builder.resolve(text)
  }
}
