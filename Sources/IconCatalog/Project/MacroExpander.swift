import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Expands build-setting references the way Xcode's build system does (swiftlang/swift-build,
/// `Sources/SWBMacro/MacroExpressionParsing.swift`, `MacroExpressionParser.parseAsString` and
/// `parseSubstitutionSubexpression`; `MacroEvaluationProgram.swift` for evaluation):
/// - `$(NAME)` and `${NAME}`, nested to any depth (`$(A_$(B))`), and the bare `$NAME` (letters,
///   digits and `_`); `$$` is a literal `$`, as is a `$` followed by anything else;
/// - a setting nobody sets is the empty string (`MacroEvaluationProgram.executeInContext`,
///   `.evalNamedMacro`: "no value has been defined for it ... we substitute the empty string");
/// - `:op` retrieval operators and `:op=VALUE` replacement operators, left to right
///   (`MacroEvaluationRetrievalOperator`, `MacroEvaluationReplacementOperator`);
/// - a setting's `$(inherited)` (or `$(value)`), and a reference to a setting from inside its own
///   value, directly or through other settings, is the value that one overrides, the level below
///   (`MacroEvaluationContext.nextValueForMacro`: the innermost setting of that name being
///   evaluated gives its `next` assignment). So `BUNDLE_IDENTIFIER = $(BUNDLE_IDENTIFIER)` in a
///   target takes the project `.xcconfig`'s value, and `A = $(B)`, `B = $(A)` end below the one
///   evaluated first (empty when nothing is below it) instead of looping.
///
/// It returns nil only where Xcode's answer cannot be known here: a setting Xcode always has but
/// this reading cannot (`BuildSettings.unknowable`, e.g. TARGET_NAME without a project), or
/// runaway expansion.
struct MacroExpander {
  let settings: BuildSettings
  /// The settings being evaluated, innermost last: where a reference to one of them, or
  /// `$(inherited)`, finds the value below.
  private var evaluating: [(name: String, setting: BuildSettings.Setting)] = []
  /// How many settings may be evaluated inside one another: each `$(A)` in A's value goes a level
  /// down, so a chain ends, but a long one would exhaust the stack.
  private static let maximumEvaluating = 96
  /// How deeply references nest right now; a limit keeps hostile input from exhausting the stack.
  private var depth = 0
  private static let maximumDepth = 64
  /// References resolved so far, and the longest result: settings that use one another several
  /// times (`A1 = $(A0)$(A0)`, `A2 = $(A1)$(A1)`, ...) would take exponential time and memory.
  private var references = 0
  private static let maximumReferences = 10_000
  private static let maximumLength = 1 << 18
  /// Set when the answer cannot be known; the whole expansion is then nil.
  private var failed = false

  init(settings: BuildSettings) {
    self.settings = settings
  }

  /// `text` with every reference replaced; nil when that cannot be known (see the type).
  mutating func expand(_ text: String) -> String? {
    guard text.utf8.contains(UInt8(ascii: "$")) else { return text }
    var scanner = Scanner(Array(text.utf8))
    let output = string(&scanner, stops: [])
    return failed ? nil : String(decoding: output, as: UTF8.self)
  }

  /// The value of the setting `name` (`$(name)`, without operators); nil when that cannot be known.
  mutating func value(ofSetting name: String) -> String? {
    let output = evaluate(name, settings.settings[name])
    return failed ? nil : output
  }

  /// A cursor over the bytes of one value.
  private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }
    var next: UInt8? { index + 1 < bytes.count ? bytes[index + 1] : nil }
  }

  /// Literal text and substitutions up to the end or to one of `stops` (a closing bracket or `:`
  /// inside a reference), which is not consumed.
  private mutating func string(_ scanner: inout Scanner, stops: Set<UInt8>) -> [UInt8] {
    var output: [UInt8] = []
    while let byte = scanner.current, !stops.contains(byte), !failed {
      if byte == UInt8(ascii: "$") {
        output += substitution(&scanner)
        if output.count > Self.maximumLength { failed = true }
      } else {
        output.append(byte)
        scanner.index += 1
      }
    }
    return output
  }

  /// One `$...` at the scanner: a reference's value, or the literal text it stands for.
  private mutating func substitution(_ scanner: inout Scanner) -> [UInt8] {
    let start = scanner.index
    scanner.index += 1  // the `$`
    guard let opener = scanner.current else { return [UInt8(ascii: "$")] }
    if opener == UInt8(ascii: "(") || opener == UInt8(ascii: "{") {
      let close = opener == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}")
      scanner.index += 1
      depth += 1
      defer { depth -= 1 }
      guard depth <= Self.maximumDepth else {
        failed = true
        return []
      }
      let name = string(&scanner, stops: [UInt8(ascii: ":"), close])
      var operators: [(name: String, operand: String?)] = []
      while scanner.current == UInt8(ascii: ":") {
        scanner.index += 1
        var operatorName: [UInt8] = []
        while let byte = scanner.current, Self.isOperatorNameByte(byte) {
          operatorName.append(byte)
          scanner.index += 1
        }
        var operand: String?
        if scanner.current == UInt8(ascii: "=") {
          scanner.index += 1
          operand = String(
            decoding: string(&scanner, stops: [UInt8(ascii: ":"), close]), as: UTF8.self)
        } else if let byte = scanner.current, byte != UInt8(ascii: ":"), byte != close {
          // Not an operator name: skipped to the next `:` or the end, as swift-build recovers.
          while let skipped = scanner.current, skipped != UInt8(ascii: ":"), skipped != close {
            scanner.index += 1
          }
          continue
        }
        operators.append((String(decoding: operatorName, as: UTF8.self), operand))
      }
      guard scanner.current == close else {
        // Unterminated: the text stays as written (swift-build reports it and reads on).
        return Array(scanner.bytes[start..<scanner.index])
      }
      scanner.index += 1
      return Array(value(of: String(decoding: name, as: UTF8.self), operators: operators).utf8)
    }
    if Self.isNameStart(opener) {
      // The bare `$NAME` form.
      var name: [UInt8] = []
      while let byte = scanner.current, Self.isNameByte(byte) {
        name.append(byte)
        scanner.index += 1
      }
      return Array(value(of: String(decoding: name, as: UTF8.self), operators: []).utf8)
    }
    // `$$` is an escaped `$`; any other `$` is literal.
    if opener == UInt8(ascii: "$") { scanner.index += 1 }
    return [UInt8(ascii: "$")]
  }

  /// A reference's value after its operators.
  private mutating func value(of name: String, operators: [(name: String, operand: String?)])
    -> String
  {
    references += 1
    guard references <= Self.maximumReferences else {
      failed = true
      return ""
    }
    var value = lookUp(name)
    for (operatorName, operand) in operators {
      if let operand {
        value = Self.replace(operatorName, in: value, with: operand)
      } else {
        value = Self.retrieve(operatorName, from: value)
      }
    }
    return value
  }

  /// swift-build's `lookupMacroInContext` and `nextValueForMacro`: `inherited` (and `value`) is
  /// the setting being evaluated, a setting being evaluated is looked up below the innermost
  /// value of it being evaluated, any other from the top.
  private mutating func lookUp(_ name: String) -> String {
    if name == "inherited" || (name == "value" && !evaluating.isEmpty) {
      // Outside a setting (an Info.plist value) there is nothing to inherit.
      guard let current = evaluating.last else { return "" }
      return evaluate(current.name, current.setting.overridden)
    }
    if let current = evaluating.last(where: { $0.name == name }) {
      return evaluate(name, current.setting.overridden)
    }
    return evaluate(name, settings.settings[name])
  }

  /// One value of the setting `name`; nil is a level with nothing below it, which is empty
  /// unless the setting is one Xcode always gives a value this reading cannot know.
  private mutating func evaluate(_ name: String, _ setting: BuildSettings.Setting?) -> String {
    guard let setting else {
      if settings.unknowable.contains(name) { failed = true }
      return ""
    }
    let raw = setting.value
    guard raw.utf8.contains(UInt8(ascii: "$")) else { return raw }
    guard evaluating.count < Self.maximumEvaluating else {
      failed = true
      return ""
    }
    evaluating.append((name, setting))
    defer { evaluating.removeLast() }
    var scanner = Scanner(Array(raw.utf8))
    let value = String(decoding: string(&scanner, stops: []), as: UTF8.self)
    // `$(inherited) b` over nothing is `b`: the separating space goes with what was inherited.
    return Self.inherits(raw) ? value.trimmingWhitespace() : value
  }

  /// True when `raw` uses `$(inherited)` or `${inherited}`.
  private static func inherits(_ raw: String) -> Bool {
    raw.contains("$(inherited)") || raw.contains("${inherited}")
  }

  private static func isNameStart(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte == UInt8(ascii: "_")
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    isNameStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private static func isOperatorNameByte(_ byte: UInt8) -> Bool {
    isNameByte(byte)
  }

  // MARK: Operators

  /// `MacroEvaluationRetrievalOperator.apply(to:)`. An operator swift-build does not have leaves
  /// the value as it is (swift-build reports it and goes on).
  static func retrieve(_ name: String, from value: String) -> String {
    switch name {
    case "quote": return quoted(value)
    case "upper": return value.uppercased()
    case "lower": return value.lowercased()
    case "identifier": return legalIdentifier(value, allowDash: false, allowUnderscore: true)
    case "rfc1034identifier": return legalIdentifier(value, allowDash: true, allowUnderscore: false)
    case "c99extidentifier": return c99ExtendedIdentifier(value)
    case "__stripslash": return value.hasPrefix("/") ? String(value.dropFirst()) : value
    case "dir":
      let directory = PathText.directory(value)
      guard !directory.isEmpty else { return "./" }
      return directory.hasSuffix("/") ? directory : directory + "/"
    case "file": return PathText.lastComponent(value)
    case "base": return PathText.baseName(value)
    case "suffix": return PathText.suffix(value)
    case "standardizepath": return PathText.standardized(value)
    case "not": return value != "YES" ? "YES" : "NO"
    default: return value
    }
  }

  /// `MacroEvaluationReplacementOperator.apply(to:withReplacement:)`; only `default` applies to an
  /// empty value (`applyToEmptyResult`).
  static func replace(_ name: String, in value: String, with operand: String) -> String {
    if name == "default" { return value.isEmpty ? operand : value }
    guard !value.isEmpty else { return value }
    switch name {
    case "dir": return PathText.join(operand, PathText.lastComponent(value))
    case "file": return PathText.join(PathText.directory(value), operand)
    case "base":
      let suffix = PathText.suffix(value)
      return PathText.join(PathText.directory(value), operand) + (suffix.isEmpty ? "." : suffix)
    case "suffix":
      let written = operand.contains(".") ? String(PathText.suffix(operand).dropFirst()) : operand
      return PathText.withoutSuffix(value) + "." + written
    case "relativeto":
      guard value.hasPrefix("/"), operand.hasPrefix("/") else { return value }
      return PathText.relative(PathText.standardized(operand), to: PathText.standardized(value))
    case "isancestor":
      guard value.hasPrefix("/"), operand.hasPrefix("/") else { return "NO" }
      let ancestor = PathText.standardized(operand)
      let path = PathText.standardized(value)
      return path.hasPrefix(ancestor == "/" ? "/" : ancestor + "/") && path != ancestor
        ? "YES" : "NO"
    default: return value
    }
  }

  /// `String.asLegalCIdentifier` / `asLegalRfc1034Identifier` (SWBUtil, `asIdentifierOfType`):
  /// letters, digits past the first character, and `_` (C) or `-` (RFC 1034) stay; anything else
  /// becomes the allowed punctuation. Like swift-build, it walks the canonically decomposed
  /// string's characters and tests them against the ranges "a"..."z", "A"..."Z" and "0"..."9", so
  /// an accented letter (one character with its combining mark) becomes punctuation too.
  static func legalIdentifier(_ value: String, allowDash: Bool, allowUnderscore: Bool) -> String {
    var result = ""
    let decomposed = UnicodeForms.nfd(value)
    for (offset, character) in decomposed.enumerated() {
      let isLetter = ("A"..."Z").contains(character) || ("a"..."z").contains(character)
      let isDigit = ("0"..."9").contains(character)
      if isLetter || (isDigit && offset > 0) || (allowDash && character == "-")
        || (allowUnderscore && character == "_")
      {
        result.append(character)
      } else {
        result.append(allowUnderscore ? "_" : "-")
      }
    }
    return result
  }

  /// `String.mangledToC99ExtendedIdentifier` (SWBUtil): letters (C99's extended ones too), digits
  /// and `_` stay, anything else is `_`, and a leading digit becomes `_`.
  static func c99ExtendedIdentifier(_ value: String) -> String {
    var scalars = UnicodeForms.nfc(value).unicodeScalars.map {
      scalar -> Unicode.Scalar in
      if scalar.isASCII {
        let byte = UInt8(scalar.value)
        return isNameByte(byte) ? scalar : "_"
      }
      // C99 Annex D's ranges are letters and digits of the world's scripts.
      return scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
        ? scalar : "_"
    }
    if let first = scalars.first, first.properties.numericType == .decimal { scalars[0] = "_" }
    var result = ""
    result.unicodeScalars.append(contentsOf: scalars)
    return result
  }

  /// The `:quote` form: spaces, quotes and backslashes escaped with a backslash; `""` for empty.
  static func quoted(_ value: String) -> String {
    guard !value.isEmpty else { return "\"\"" }
    var result = ""
    for character in value {
      if [" ", "\t", "\r", "\n", "\\", "\"", "'"].contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }
}
