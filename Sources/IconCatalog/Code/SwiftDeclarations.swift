import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What Swift code declares that a call's argument may stand for: enums and their cases,
/// properties of types, and the types variables are declared with. Read from tokens, without
/// compiling: only the forms `SwiftValues` relies on.
struct SwiftDeclarations {
  /// An enum and its cases, in order.
  struct EnumType {
    var name: String
    /// `String` when the enum's raw values are strings; another type's name, or nil.
    var rawType: String?
    var cases: [Case]
    var file: URL

    struct Case {
      var name: String
      /// The raw value: the literal written, or for a String enum without one, the case's name.
      var rawValue: String?
      var line: Int
    }

    var hasStringRawValues: Bool { rawType == "String" }

    func named(_ name: String) -> Case? { cases.first { $0.name == name } }
  }

  /// A `var` or `let` declared in a type's body (an enum, struct, class, actor, protocol, or an
  /// extension of one).
  struct Property {
    /// The type whose body (or extension) declares it, by its last name.
    var owner: String
    var name: String
    /// The tokens between the braces of a computed property; nil for a stored one.
    var body: ArraySlice<CodeToken>?
    var file: URL
  }

  var enums: [String: [EnumType]] = [:]
  var properties: [String: [Property]] = [:]
  /// Each variable or parameter name, with the types it is declared with anywhere (`icon: AppIcon`,
  /// `for icon in AppIcon.allCases`), by the type's last name; `[…]` for a collection.
  var annotations: [String: Set<String>] = [:]
  /// The files read.
  var files = Set<String>()

  /// The enum named `name`, when exactly one has that name.
  func onlyEnum(_ name: String) -> EnumType? {
    guard let found = enums[name], found.count == 1 else { return nil }
    return found.first
  }

  /// The one type `variable` is declared with, when every declaration says the same.
  func onlyType(of variable: String) -> String? {
    guard let types = annotations[variable], types.count == 1 else { return nil }
    return types.first
  }

  static let typeKeywords: Set<String> = [
    "enum", "struct", "class", "extension", "protocol", "actor",
  ]
  /// Words that may follow `class` when it is a modifier, not a declaration.
  static let modifiers: Set<String> = [
    "func", "var", "let", "override", "final", "static", "subscript", "init", "private",
    "fileprivate", "public", "internal", "open", "required", "convenience", "dynamic", "lazy",
    "weak", "unowned", "mutating", "nonmutating", "nonisolated",
  ]

  /// Adds what `tokens` (the file `file`) declares.
  mutating func collect(_ tokens: [CodeToken], file: URL) {
    guard files.insert(file.path).inserted else { return }
    let scopes = SwiftScopes(tokens)
    for index in tokens.indices where tokens[index].kind == .identifier {
      let token = tokens[index]
      switch token.text {
      case "enum":
        if let body = scopes.typeBody(declaredAt: index), let name = scopes.typeNames[body],
          scopes.typeKinds[body] == "enum"
        {
          addEnum(name, tokens, header: index, body: body, scopes: scopes, file: file)
        }
      case "var", "let":
        declareVariable(tokens, at: index, scopes: scopes, file: file)
      case "func", "init", "subscript":
        declareParameters(tokens, at: index)
      case "for":
        // `for icon in AppIcon.allCases`.
        if index + 5 < tokens.count, tokens[index + 1].kind == .identifier,
          tokens[index + 2].isIdentifier("in"), tokens[index + 3].kind == .identifier,
          tokens[index + 4].isPunctuation("."), tokens[index + 5].isIdentifier("allCases")
        {
          annotations[tokens[index + 1].text, default: []].insert(tokens[index + 3].text)
        }
      case "allCases":
        declareClosureParameter(tokens, afterAllCases: index)
      default:
        break
      }
    }
  }

  private mutating func addEnum(
    _ name: String, _ tokens: [CodeToken], header: Int, body: Int, scopes: SwiftScopes, file: URL
  ) {
    // The raw type is the first type after the name's `:` (`enum AppIcon: String, CaseIterable`).
    var rawType: String?
    var at = header + 2
    if at < tokens.count, tokens[at].isPunctuation("<") {
      while at < body, !tokens[at].isPunctuation(">") { at += 1 }
      at += 1
    }
    if at + 1 < body, tokens[at].isPunctuation(":") {
      var type = tokens[at + 1].text
      if type == "Swift", at + 3 < body, tokens[at + 2].isPunctuation("."),
        tokens[at + 3].kind == .identifier
      {
        type = tokens[at + 3].text
      }
      rawType = type
    }
    var cases: [EnumType.Case] = []
    let close = scopes.match[body] ?? tokens.count
    var index = body + 1
    while index < close {
      // Only the enum's own `case`s: not those of a `switch` in one of its methods.
      guard tokens[index].isIdentifier("case"), scopes.innermost(at: index) == body else {
        index += 1
        continue
      }
      index += 1
      while index < close, tokens[index].kind == .identifier {
        let caseName = tokens[index].text
        let line = tokens[index].line
        index += 1
        var raw: String? = rawType == "String" ? caseName : nil
        if index < close, tokens[index].isPunctuation("(") {
          // Associated values: no raw value.
          raw = nil
          index = (scopes.match[index] ?? index) + 1
        }
        if index + 1 < close, tokens[index].isPunctuation("=") {
          let value = tokens[index + 1]
          raw = value.isPlainString || value.kind == .number ? value.text : nil
          index += 2
        }
        cases.append(EnumType.Case(name: caseName, rawValue: raw, line: line))
        guard index < close, tokens[index].isPunctuation(",") else { break }
        index += 1
      }
    }
    enums[name, default: []].append(
      EnumType(name: name, rawType: rawType, cases: cases, file: file))
  }

  /// `var name: Type`, `var name: Type { … }`, `let name = …`: the annotation, and the property
  /// when it is declared in a type's body.
  private mutating func declareVariable(
    _ tokens: [CodeToken], at index: Int, scopes: SwiftScopes, file: URL
  ) {
    guard index + 1 < tokens.count, tokens[index + 1].kind == .identifier else { return }
    let name = tokens[index + 1].text
    var at = index + 2
    var computed: ArraySlice<CodeToken>?
    if at < tokens.count, tokens[at].isPunctuation(":") {
      let (type, end) = Self.type(tokens, from: at + 1)
      if let type { annotations[name, default: []].insert(type) }
      at = end
      if at < tokens.count, tokens[at].isPunctuation("{"), let close = scopes.match[at] {
        computed = tokens[(at + 1)..<close]
      }
    }
    if let body = scopes.innermost(at: index), let owner = scopes.typeNames[body] {
      properties[name, default: []].append(
        Property(owner: owner, name: name, body: computed, file: file))
    }
  }

  /// The parameters of a function, initializer or subscript: `(_ icon: AppIcon, to name: T)`.
  private mutating func declareParameters(_ tokens: [CodeToken], at index: Int) {
    var open = index + 1
    while open < tokens.count, open < index + 24, !tokens[open].isPunctuation("(") {
      if tokens[open].isPunctuation("{") { return }
      open += 1
    }
    guard open < tokens.count, tokens[open].isPunctuation("("),
      let (parameters, _) = CodeIconNames.arguments(tokens, open: open)
    else { return }
    for parameter in parameters {
      guard let colon = parameter.first(where: { tokens[$0].isPunctuation(":") }),
        colon > parameter.lowerBound, tokens[colon - 1].kind == .identifier,
        tokens[colon - 1].text != "_"
      else { continue }
      if let type = Self.type(tokens, from: colon + 1).type {
        annotations[tokens[colon - 1].text, default: []].insert(type)
      }
    }
  }

  /// `ForEach(AppIcon.allCases) { icon in`, `AppIcon.allCases.map { icon in`: the closure's one
  /// parameter has the enum's type.
  private mutating func declareClosureParameter(_ tokens: [CodeToken], afterAllCases index: Int) {
    guard index >= 2, tokens[index - 1].isPunctuation("."), tokens[index - 2].kind == .identifier
    else { return }
    let type = tokens[index - 2].text
    var at = index + 1
    var depth = 0
    while at < tokens.count, at < index + 24 {
      let token = tokens[at]
      if token.isPunctuation("(") || token.isPunctuation("[") { depth += 1 }
      if token.isPunctuation(")") || token.isPunctuation("]") {
        depth -= 1
        if depth < -1 { return }
      }
      if token.isPunctuation("}") { return }
      if token.isPunctuation("{") {
        if at + 2 < tokens.count, tokens[at + 1].kind == .identifier,
          tokens[at + 2].isIdentifier("in")
        {
          annotations[tokens[at + 1].text, default: []].insert(type)
        }
        return
      }
      at += 1
    }
  }

  /// The type written from `start`: its last name (`AppIcon` for `Settings.AppIcon?`), `[…]`
  /// for an array or dictionary, nil when none is written; and where it ends.
  static func type(_ tokens: [CodeToken], from start: Int) -> (type: String?, end: Int) {
    var at = start
    // Attributes and ownership: `@escaping`, `@MainActor`, `inout`, `some`, `any`.
    while at < tokens.count {
      if tokens[at].isPunctuation("@"), at + 1 < tokens.count {
        at += 2
      } else if ["inout", "some", "any", "borrowing", "consuming", "sending"].contains(
        tokens[at].text),
        tokens[at].kind == .identifier
      {
        at += 1
      } else {
        break
      }
    }
    guard at < tokens.count else { return (nil, at) }
    if tokens[at].isPunctuation("[") || tokens[at].isPunctuation("(") {
      var depth = 0
      while at < tokens.count {
        if tokens[at].isPunctuation("[") || tokens[at].isPunctuation("(") { depth += 1 }
        if tokens[at].isPunctuation("]") || tokens[at].isPunctuation(")") {
          depth -= 1
          if depth == 0 {
            at += 1
            break
          }
        }
        at += 1
      }
      while at < tokens.count, tokens[at].isPunctuation("?") || tokens[at].isPunctuation("!") {
        at += 1
      }
      return ("[…]", at)
    }
    var name: String?
    while at < tokens.count, tokens[at].kind == .identifier {
      name = tokens[at].text
      at += 1
      if at < tokens.count, tokens[at].isPunctuation("<") {
        var depth = 0
        while at < tokens.count {
          if tokens[at].isPunctuation("<") { depth += 1 }
          if tokens[at].isPunctuation(">") {
            depth -= 1
            if depth == 0 {
              at += 1
              break
            }
          }
          at += 1
        }
      }
      guard at + 1 < tokens.count, tokens[at].isPunctuation("."),
        tokens[at + 1].kind == .identifier
      else { break }
      at += 1
    }
    while at < tokens.count, tokens[at].isPunctuation("?") || tokens[at].isPunctuation("!") {
      at += 1
    }
    return (name, at)
  }
}

/// The braces of a Swift file: which close which, and which open a type's body.
struct SwiftScopes {
  /// `{` → its `}`.
  var match: [Int: Int] = [:]
  /// For each token, the `{` it lies directly in (nil at the top level).
  private var enclosing: [Int?]
  /// The `{` of a type's body → the type's last name, and its keyword.
  var typeNames: [Int: String] = [:]
  var typeKinds: [Int: String] = [:]
  /// The header keyword's index → its body's `{`.
  private var bodies: [Int: Int] = [:]

  init(_ tokens: [CodeToken]) {
    enclosing = Array(repeating: nil, count: tokens.count)
    var stack: [Int] = []
    var pending: (keyword: Int, name: String)?
    for index in tokens.indices {
      enclosing[index] = stack.last
      let token = tokens[index]
      if token.kind == .identifier, SwiftDeclarations.typeKeywords.contains(token.text),
        index + 1 < tokens.count, tokens[index + 1].kind == .identifier,
        !(token.text == "class" && SwiftDeclarations.modifiers.contains(tokens[index + 1].text))
      {
        // An extension names a type that may be nested: `extension Settings.AppIcon`.
        var last = index + 1
        while token.text == "extension", last + 2 < tokens.count,
          tokens[last + 1].isPunctuation("."),
          tokens[last + 2].kind == .identifier
        {
          last += 2
        }
        pending = (index, tokens[last].text)
      } else if token.isPunctuation("{") {
        if let header = pending {
          typeNames[index] = header.name
          typeKinds[index] = tokens[header.keyword].text
          bodies[header.keyword] = index
          pending = nil
        }
        stack.append(index)
      } else if token.isPunctuation("}") {
        if let open = stack.popLast() { match[open] = index }
      } else if token.isPunctuation(";") {
        pending = nil
      }
    }
  }

  /// The body `{` of the type declared by the keyword at `index`.
  func typeBody(declaredAt index: Int) -> Int? { bodies[index] }

  /// The `{` that `index` lies directly in.
  func innermost(at index: Int) -> Int? { index < enclosing.count ? enclosing[index] : nil }

  /// The `{`s around `index`, innermost first.
  func braces(around index: Int) -> [Int] {
    var found: [Int] = []
    var current = innermost(at: index)
    while let open = current {
      found.append(open)
      current = innermost(at: open)
    }
    return found
  }

  /// The type whose body (or an extension's) holds `index`, innermost: its name and `{`.
  func enclosingType(of index: Int) -> (name: String, body: Int)? {
    for open in braces(around: index) {
      if let name = typeNames[open] { return (name, open) }
    }
    return nil
  }

  /// The `{` of the member (function, property, initializer) that holds `index`: the brace just
  /// inside the innermost type's body, or the outermost brace at the top level.
  func member(of index: Int) -> Int? {
    let around = braces(around: index)
    if let type = around.firstIndex(where: { typeNames[$0] != nil }) {
      return type > 0 ? around[type - 1] : nil
    }
    return around.last
  }
}
