import FoundationEssentials

/// The top-level calls of a Bazel `BUILD` or Buck `BUCK` file (Starlark), read without running
/// anything: each rule's name and its keyword arguments, with values kept only when they are plain
/// (string literals, lists of them, `glob([...])`, `None`, `True`, `False`, numbers, and `+` of
/// those). Anything else (a variable, `select()`, another call, a comprehension) is kept as
/// `.notPlain`, saying what it is, so a reader can refuse rather than guess.
enum StarlarkCalls {
  struct Call: Equatable {
    /// The rule: `ios_application`, `apple_bundle`.
    var rule: String
    var arguments: [String: Value]
    /// 1-based line of the rule's name.
    var line: Int

    /// The `name` argument when it is a string literal.
    var name: String? {
      if case .string(let name)? = arguments["name"] { return name }
      return nil
    }
  }

  indirect enum Value: Equatable {
    case string(String)
    case list([Value])
    /// `glob(include, exclude = [...])`: patterns relative to the package.
    case glob(include: [String], exclude: [String])
    case none
    case bool(Bool)
    case number(String)
    /// What the value is, for a message: `the variable x`, `a call to select()`.
    case notPlain(String)

    var isNotPlain: Bool {
      if case .notPlain = self { return true }
      return false
    }
  }

  /// The calls at the top level of `text`, in order. Text that is not Starlark gives what could
  /// be read before it; this never throws.
  static func calls(in text: String) -> [Call] {
    var parser = Parser(tokens: Lexer.tokens(of: text))
    return parser.topLevelCalls()
  }

  // MARK: Tokens

  enum Token: Equatable {
    case name(String)
    case string(String)
    case number(String)
    case punctuation(String)
    /// A line break outside brackets: the end of a statement.
    case newline
  }

  struct Located: Equatable {
    var token: Token
    var line: Int
  }

  enum Lexer {
    static func tokens(of text: String) -> [Located] {
      let characters = Array(text.unicodeScalars)
      var tokens: [Located] = []
      var index = 0
      var line = 1
      var depth = 0
      func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < characters.count ? characters[index + offset] : nil
      }
      while let character = peek() {
        switch character {
        case "\n":
          if depth == 0, tokens.last?.token != .newline, !tokens.isEmpty {
            tokens.append(Located(token: .newline, line: line))
          }
          line += 1
          index += 1
        case " ", "\t", "\r", "\\":
          index += 1
        case "#":
          while let next = peek(), next != "\n" { index += 1 }
        case "\"", "'":
          let (value, end, lines) = string(characters, from: index, raw: false)
          tokens.append(Located(token: .string(value), line: line))
          index = end
          line += lines
        default:
          if isNameStart(character) {
            var end = index
            while end < characters.count, isNameContinuation(characters[end]) { end += 1 }
            let word = String(String.UnicodeScalarView(characters[index..<end]))
            // String prefixes: r"..." is raw; b"..." and rb"..." are bytes, read as text.
            if end < characters.count, characters[end] == "\"" || characters[end] == "'",
              ["r", "b", "rb", "br", "R", "B", "Rb", "rB", "Br", "bR", "RB", "BR"].contains(word)
            {
              let (value, stringEnd, lines) = string(
                characters, from: end, raw: word.lowercased().contains("r"))
              tokens.append(Located(token: .string(value), line: line))
              index = stringEnd
              line += lines
            } else {
              tokens.append(Located(token: .name(word), line: line))
              index = end
            }
          } else if character.properties.numericType != nil, character.isASCII {
            var end = index
            while end < characters.count,
              isNameContinuation(characters[end]) || characters[end] == "."
            {
              end += 1
            }
            tokens.append(
              Located(
                token: .number(String(String.UnicodeScalarView(characters[index..<end]))),
                line: line))
            index = end
          } else {
            let symbol = String(character)
            if "([{".contains(symbol) { depth += 1 }
            if ")]}".contains(symbol) { depth = max(0, depth - 1) }
            tokens.append(Located(token: .punctuation(symbol), line: line))
            index += 1
          }
        }
      }
      return tokens
    }

    private static func isNameStart(_ character: Unicode.Scalar) -> Bool {
      character == "_" || (character.isASCII && character.properties.isAlphabetic)
    }

    private static func isNameContinuation(_ character: Unicode.Scalar) -> Bool {
      isNameStart(character) || ("0"..."9").contains(character)
    }

    /// A string literal starting at `start` (its opening quote): its value, the index after it,
    /// and how many line breaks it spans. An unterminated string runs to the end of its line
    /// (or of the text, for a triple-quoted one).
    private static func string(_ characters: [Unicode.Scalar], from start: Int, raw: Bool) -> (
      String, Int, Int
    ) {
      let quote = characters[start]
      let triple =
        start + 2 < characters.count && characters[start + 1] == quote
        && characters[start + 2] == quote
      var index = start + (triple ? 3 : 1)
      var value = String.UnicodeScalarView()
      var lines = 0
      while index < characters.count {
        let character = characters[index]
        if character == quote {
          if !triple { return (String(value), index + 1, lines) }
          if index + 2 < characters.count, characters[index + 1] == quote,
            characters[index + 2] == quote
          {
            return (String(value), index + 3, lines)
          }
        }
        if character == "\n" {
          if !triple { return (String(value), index, lines) }
          lines += 1
        }
        if character == "\\", index + 1 < characters.count {
          let next = characters[index + 1]
          if next == "\n" { lines += 1 }
          if raw {
            value.append(character)
            value.append(next)
          } else {
            switch next {
            case "n": value.append("\n")
            case "t": value.append("\t")
            case "\\", "\"", "'": value.append(next)
            case "\n": break
            default:
              value.append(character)
              value.append(next)
            }
          }
          index += 2
          continue
        }
        value.append(character)
        index += 1
      }
      return (String(value), index, lines)
    }
  }

  // MARK: Parsing

  struct Parser {
    var tokens: [Located]
    var index = 0

    init(tokens: [Located]) { self.tokens = tokens }

    private var current: Token? { index < tokens.count ? tokens[index].token : nil }

    private func token(at offset: Int) -> Token? {
      index + offset < tokens.count ? tokens[index + offset].token : nil
    }

    /// Statements of the form `rule(arguments)` at the start of a line; every other statement
    /// (`load`, assignments, expressions) is skipped.
    mutating func topLevelCalls() -> [Call] {
      var calls: [Call] = []
      while index < tokens.count {
        if case .name(let rule)? = current, token(at: 1) == .punctuation("(") {
          let line = tokens[index].line
          index += 2
          let arguments = callArguments()
          // Only a call that is the whole statement is a rule (not `x = f()` or `f().y`).
          if current == nil || current == .newline {
            calls.append(Call(rule: rule, arguments: arguments.keyword, line: line))
          }
        }
        skipStatement()
      }
      return calls
    }

    private mutating func skipStatement() {
      while let token = current, token != .newline {
        if token == .punctuation("(") || token == .punctuation("[") || token == .punctuation("{") {
          skipBracketed()
        } else {
          index += 1
        }
      }
      index += 1
    }

    /// From an opening bracket to after its closing one.
    private mutating func skipBracketed() {
      var depth = 0
      while let token = current {
        index += 1
        if case .punctuation(let symbol) = token {
          if "([{".contains(symbol) { depth += 1 }
          if ")]}".contains(symbol) {
            depth -= 1
            if depth == 0 { return }
          }
        }
      }
    }

    /// After `(`: the arguments up to and including `)`.
    private mutating func callArguments() -> (positional: [Value], keyword: [String: Value]) {
      var positional: [Value] = []
      var keyword: [String: Value] = [:]
      while let token = current {
        if token == .punctuation(")") {
          index += 1
          break
        }
        if token == .punctuation(",") {
          index += 1
          continue
        }
        if case .name(let key) = token, self.token(at: 1) == .punctuation("="),
          self.token(at: 2) != .punctuation("=")
        {
          index += 2
          keyword[key] = expression()
        } else if token == .punctuation("*") {
          // *args, **kwargs: nothing plain can be said of the call's arguments.
          keyword["**"] = .notPlain("arguments unpacked with *")
          _ = expression()
        } else {
          positional.append(expression())
        }
      }
      return (positional, keyword)
    }

    /// One argument or list item: up to a `,` or closing bracket at this level.
    private mutating func expression() -> Value {
      var terms: [Value] = [term()]
      while current == .punctuation("+") {
        index += 1
        terms.append(term())
      }
      // Anything else before the end of the argument (an operator, `if`, `for`, `%`, `.`) makes
      // it not plain.
      var extra: String?
      while let token = current, token != .punctuation(","), token != .punctuation(")"),
        token != .punctuation("]"), token != .punctuation("}"), token != .newline
      {
        if token == .name("for") {
          extra = "a list comprehension"
        } else if extra == nil {
          extra = "an expression with \(Self.describe(token))"
        }
        if token == .punctuation("(") || token == .punctuation("[") || token == .punctuation("{") {
          skipBracketed()
        } else {
          index += 1
        }
      }
      if extra == "a list comprehension" { return .notPlain("a list comprehension") }
      if let notPlain = terms.first(where: \.isNotPlain) { return notPlain }
      if let extra { return .notPlain(extra) }
      if terms.count == 1 { return terms[0] }
      return Self.sum(terms)
    }

    /// `a + b + ...`: lists and globs join into one list, strings into one string.
    private static func sum(_ terms: [Value]) -> Value {
      if terms.allSatisfy({
        if case .string = $0 { return true }
        return false
      }) {
        return .string(
          terms.map {
            if case .string(let text) = $0 { return text }
            return ""
          }.joined())
      }
      var items: [Value] = []
      for term in terms {
        switch term {
        case .list(let values): items += values
        case .glob: items.append(term)
        default: return .notPlain("a sum of a list and something else")
        }
      }
      return .list(items)
    }

    private mutating func term() -> Value {
      guard let token = current else { return .notPlain("nothing") }
      switch token {
      case .string(let text):
        index += 1
        var joined = text
        // Adjacent literals are one string, as in Python.
        while case .string(let more)? = current {
          joined += more
          index += 1
        }
        if current == .punctuation(".") { return .notPlain("a method call on a string") }
        return .string(joined)
      case .number(let digits):
        index += 1
        return .number(digits)
      case .punctuation("["):
        index += 1
        var items: [Value] = []
        while let token = current, token != .punctuation("]") {
          if token == .punctuation(",") {
            index += 1
            continue
          }
          items.append(expression())
        }
        index += 1
        // One item that is not plain makes the list so: its items cannot all be known.
        return items.first(where: \.isNotPlain) ?? .list(items)
      case .punctuation("(") where self.token(at: 1) != .punctuation(")"):
        index += 1
        let inner = expression()
        if current == .punctuation(")") { index += 1 }
        return inner
      case .name("None"):
        index += 1
        return .none
      case .name("True"), .name("False"):
        index += 1
        return .bool(token == .name("True"))
      case .name("glob") where self.token(at: 1) == .punctuation("("):
        index += 2
        let arguments = callArguments()
        let include = arguments.positional.first ?? arguments.keyword["include"] ?? .list([])
        let exclude = arguments.keyword["exclude"] ?? .list([])
        guard let included = Self.strings(include), let excluded = Self.strings(exclude) else {
          return .notPlain("a glob() with patterns that are not string literals")
        }
        return .glob(include: included, exclude: excluded)
      case .name(let name) where self.token(at: 1) == .punctuation("("):
        index += 1
        skipBracketed()
        return .notPlain("a call to \(name)()")
      case .name(let name):
        index += 1
        return .notPlain("the variable \(name)")
      default:
        index += 1
        if token == .punctuation("{") {
          index -= 1
          skipBracketed()
          return .notPlain("a dictionary")
        }
        return .notPlain(Self.describe(token))
      }
    }

    private static func strings(_ value: Value) -> [String]? {
      guard case .list(let items) = value else { return nil }
      var strings: [String] = []
      for item in items {
        guard case .string(let text) = item else { return nil }
        strings.append(text)
      }
      return strings
    }

    private static func describe(_ token: Token) -> String {
      switch token {
      case .name(let name): return "`\(name)`"
      case .string: return "a string"
      case .number(let digits): return digits
      case .punctuation(let symbol): return "`\(symbol)`"
      case .newline: return "a line break"
      }
    }
  }
}
