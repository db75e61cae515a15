import Foundation

/// Expands build-setting references: `$(NAME)`, `${NAME}`, nested (`$(A_$(B))`), and the modifiers
/// Xcode templates use: `:lower`, `:upper`, `:rfc1034identifier`, `:c99extidentifier`, `:identifier`,
/// `:default=VALUE`.
struct MacroExpander {
  let settings: BuildSettings
  /// Xcode expands an unset setting to nothing; iconpick wants to know, unless told otherwise.
  let unsetIsEmpty: Bool
  /// The names being expanded, to stop `A = $(B)`, `B = $(A)` from looping.
  private var expanding: [String] = []
  /// How deeply references nest right now; a limit keeps hostile input from exhausting the stack.
  private var depth = 0
  private static let maximumDepth = 64
  /// References resolved so far, and the longest result: settings that use one another several
  /// times (`A1 = $(A0)$(A0)`, `A2 = $(A1)$(A1)`, ...) would take exponential time and memory.
  private var references = 0
  private static let maximumReferences = 10_000
  private static let maximumLength = 1 << 18

  init(settings: BuildSettings, unsetIsEmpty: Bool) {
    self.settings = settings
    self.unsetIsEmpty = unsetIsEmpty
  }

  /// nil when a reference cannot be resolved.
  mutating func expand(_ text: String) -> String? {
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumDepth else { return nil }
    guard text.utf8.contains(UInt8(ascii: "$")) else { return text }
    var output = ""
    var rest = text[...]
    let ends = Self.matchingEnds(in: rest)
    while let dollar = rest.firstIndex(of: "$") {
      output += rest[..<dollar]
      let afterDollar = rest.index(after: dollar)
      guard afterDollar < rest.endIndex, Self.closing(for: rest[afterDollar]) != nil,
        let end = ends[afterDollar]
      else {
        // A lone `$` or an unterminated reference stays as written.
        output.append("$")
        rest = rest[afterDollar...]
        continue
      }
      let inner = String(rest[rest.index(after: afterDollar)..<end])
      guard let value = reference(inner) else { return nil }
      output += value
      guard output.utf8.count <= Self.maximumLength else { return nil }
      rest = rest[rest.index(after: end)...]
    }
    output += rest
    return output
  }

  private static func closing(for open: Character) -> Character? {
    switch open {
    case "(": return ")"
    case "{": return "}"
    default: return nil
    }
  }

  /// For each `(` and `{` of `text`, the index of the bracket of its kind that closes it. One pass
  /// for all: looking for each one's end separately took quadratic time over a long value full of
  /// unclosed `$(`.
  private static func matchingEnds(in text: Substring) -> [String.Index: String.Index] {
    var ends: [String.Index: String.Index] = [:]
    var parentheses: [String.Index] = []
    var braces: [String.Index] = []
    for index in text.indices {
      switch text[index] {
      case "(": parentheses.append(index)
      case ")": if let open = parentheses.popLast() { ends[open] = index }
      case "{": braces.append(index)
      case "}": if let open = braces.popLast() { ends[open] = index }
      default: continue
      }
    }
    return ends
  }

  /// `NAME` or `NAME:modifier:modifier`, where NAME may itself hold references.
  private mutating func reference(_ inner: String) -> String? {
    references += 1
    guard references <= Self.maximumReferences, let expandedInner = expand(inner) else {
      return nil
    }
    var parts = expandedInner.split(separator: ":", omittingEmptySubsequences: false).map(
      String.init)
    let name = parts.removeFirst()
    // Already substituted where a level has one; what is left has nothing below it.
    if name == "inherited" { return "" }

    var value = lookUp(name)
    for modifier in parts {
      if modifier.hasPrefix("default=") {
        if value?.isEmpty ?? true { value = String(modifier.dropFirst("default=".count)) }
        continue
      }
      guard let current = value else { continue }
      guard let transformed = Self.apply(modifier, to: current) else { return nil }
      value = transformed
    }
    if value == nil, unsetIsEmpty { return "" }
    return value
  }

  private mutating func lookUp(_ name: String) -> String? {
    guard let raw = settings.settings[name]?.value, !expanding.contains(name) else { return nil }
    expanding.append(name)
    defer { expanding.removeLast() }
    return expand(raw)
  }

  /// nil for a modifier iconpick does not know, so the value is reported unresolved, not wrong.
  private static func apply(_ modifier: String, to value: String) -> String? {
    switch modifier {
    case "lower":
      return value.lowercased()
    case "upper":
      return value.uppercased()
    case "rfc1034identifier":
      return String(
        value.map {
          $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "-"
        })
    case "c99extidentifier", "identifier":
      let mapped = String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
      return mapped.first?.isNumber == true ? "_" + mapped : mapped
    default:
      return nil
    }
  }
}
