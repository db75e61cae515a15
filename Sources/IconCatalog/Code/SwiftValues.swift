import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Swift's `setAlternateIconName(…)` calls and the names their arguments stand for.
///
/// The rules, each a form whose value the code itself spells (anything else is not known here,
/// and gives no name):
/// - a string literal without interpolation: that name; `nil`: the primary, no name;
/// - `T.c.rawValue`, `T` an enum with String raw values declared once in the code and `c` one of
///   its cases: that case's raw value (written, or the case's name when none is written);
/// - `x.rawValue` (or `x?.rawValue`, `self.x.rawValue`): every case's raw value, where `x` is a
///   parameter of the call's function declared `x: T` (and not bound again before the call), or
///   else where every declaration of a variable or parameter named `x` in the code gives it one
///   type (`x: T`, `x: T?`, `for x in T.allCases`, `T.allCases … { x in`), and `T` is such an
///   enum; `rawValue` or `self.rawValue` in the enum's own body (or an extension's): the same for
///   that enum;
/// - `x.p`, where `p` is declared once in the code, as a computed property of an enum `T` whose
///   body returns, for each case, a literal, `nil` or `rawValue` (`switch self { case .a: "A" …
///   }`, `self == .primary ? nil : rawValue`, `rawValue`): what it returns for each case;
/// - `c ? a : b`: the names of `a` and of `b`, the cases `c` names left out (the one it sends to
///   `nil`);
/// - `v`, a constant or variable bound in the call's function before the call (`let v = …`): the
///   names of what it is bound to, by the rules above (one step).
///
/// Where every case of an enum is meant, the cases the call's function (or the property) names
/// are left out: code that singles out a case (`if icon == .primary { … nil … }`) sends it
/// elsewhere.
enum SwiftValues {
  /// A call found in a file, with what is needed to resolve its argument later.
  struct Call {
    var file: URL
    var tokens: [CodeToken]
    /// The `setAlternateIconName` token.
    var index: Int
    var argument: Range<Int>
    /// The name, when the argument is a literal.
    var literal: CodeIconName?
    /// The argument is neither a literal nor `nil`: resolve it with the code's declarations.
    var needsResolving: Bool
    /// The platforms whose builds compile the call (`SwiftConditions`).
    var platforms = Set(AppPlatform.allCases)
  }

  /// Every `setAlternateIconName(…)` call in `tokens` (not a declaration, not a `#selector`).
  static func calls(in tokens: [CodeToken], file: URL) -> [Call] {
    var found: [Call] = []
    var platforms: [Set<AppPlatform>]?
    for index in tokens.indices
    where tokens[index].isIdentifier("setAlternateIconName") && index + 1 < tokens.count
      && tokens[index + 1].isPunctuation("(")
    {
      if index > 0, tokens[index - 1].isIdentifier("func") { continue }
      if platforms == nil { platforms = SwiftConditions.platforms(tokens) }
      guard let (arguments, _) = CodeIconNames.arguments(tokens, open: index + 1),
        let first = arguments.first
      else { continue }
      // `#selector(setAlternateIconName(_:completionHandler:))` labels its first argument.
      let (label, value) = CodeIconNames.labelled(tokens, first)
      guard label == nil, !value.isEmpty else { continue }
      var call = Call(
        file: file, tokens: tokens, index: index, argument: value, literal: nil,
        needsResolving: false, platforms: platforms?[index] ?? Set(AppPlatform.allCases))
      if let name = CodeIconNames.literal(tokens, value) {
        var literal = CodeIconName(
          name: name.text, call: .setAlternateIconName, file: file, line: name.line)
        literal.platforms = call.platforms
        call.literal = literal
      } else if !(value.count == 1 && tokens[value.lowerBound].isIdentifier("nil")) {
        call.needsResolving = !(value.count == 1 && tokens[value.lowerBound].kind == .string)
      }
      found.append(call)
    }
    return found
  }

  /// The names the calls' arguments stand for, reading the declarations they need from `files`
  /// (only the files that mention a name the arguments use).
  static func resolve(_ calls: [Call], files: [URL]) -> [CodeIconName] {
    var declarations = SwiftDeclarations()
    var budget = CodeScanLimits.totalBytes
    func collect(mentioning words: Set<String>) {
      guard !words.isEmpty else { return }
      for file in files where !declarations.files.contains(file.path) {
        guard budget > 0,
          let bytes = try? RegularFile.read(file.path, limit: CodeScanLimits.fileBytes)
        else { continue }
        budget -= bytes.count
        guard words.contains(where: { CodeIconNames.contains(bytes, $0) }) else { continue }
        declarations.collect(CodeLexer.tokens(of: bytes, language: .swift), file: file)
      }
    }
    var scopes: [String: SwiftScopes] = [:]
    for call in calls where scopes[call.file.path] == nil {
      scopes[call.file.path] = SwiftScopes(call.tokens)
      declarations.collect(call.tokens, file: call.file)
    }
    // What the arguments name (and what a bound constant is bound to), then the types those
    // are declared with.
    var words = Set<String>()
    for call in calls {
      guard let scope = scopes[call.file.path] else { continue }
      let context = Context(call: call, scopes: scope)
      words.formUnion(identifiers(call.tokens[call.argument]))
      if let bound = context.binding(of: call.argument) {
        words.formUnion(identifiers(call.tokens[bound]))
      }
      if let type = scope.enclosingType(of: call.index) { words.insert(type.name) }
    }
    collect(mentioning: words)
    var types = Set<String>()
    for word in words {
      types.formUnion(declarations.annotations[word] ?? [])
      for property in declarations.properties[word] ?? [] { types.insert(property.owner) }
    }
    collect(mentioning: types.subtracting(declarations.enums.keys))

    var names: [CodeIconName] = []
    for call in calls {
      guard let scope = scopes[call.file.path] else { continue }
      let context = Context(call: call, scopes: scope)
      let evaluator = Evaluator(declarations: declarations, context: context)
      var seen = Set<String>()
      let excluded = Exclusion(cases: evaluator.casesNamed(context.memberBeforeCall))
      for var name in evaluator.names(of: call.argument, excluded: excluded, bindings: 1)
      where seen.insert("\(name.name)\n\(name.file.path)\n\(name.line)").inserted {
        name.platforms = call.platforms
        names.append(name)
      }
    }
    return names
  }

  /// Identifiers of `tokens` that can name a declaration.
  static func identifiers(_ tokens: ArraySlice<CodeToken>) -> Set<String> {
    Set(
      tokens.filter {
        $0.kind == .identifier && !["self", "rawValue", "nil", "true", "false"].contains($0.text)
      }.map(\.text))
  }

  /// Where a call is: its file's tokens and braces.
  struct Context {
    var call: Call
    var scopes: SwiftScopes

    var tokens: [CodeToken] { call.tokens }

    /// The tokens of the call's member (function, property) before the call.
    var memberBeforeCall: Range<Int> {
      let start = scopes.member(of: call.index).map { $0 + 1 } ?? 0
      return start..<call.index
    }

    /// The type the call's function declares its parameter `name` with (`func apply(_ icon:
    /// AppIcon)`), which is that name's type in the function unless the function binds the name
    /// again before the call; nil otherwise.
    func parameterType(of name: String) -> String? {
      guard let member = scopes.member(of: call.index) else { return nil }
      var start = member - 1
      while start >= 0, !tokens[start].isPunctuation("{"), !tokens[start].isPunctuation("}") {
        start -= 1
      }
      let header = (start + 1)..<member
      guard
        let keyword = header.first(where: {
          tokens[$0].isIdentifier("func") || tokens[$0].isIdentifier("init")
        }),
        let open = header.first(where: { $0 > keyword && tokens[$0].isPunctuation("(") }),
        let (parameters, _) = CodeIconNames.arguments(tokens, open: open)
      else { return nil }
      for index in memberBeforeCall where tokens[index].isIdentifier(name) && index > 0 {
        let before = tokens[index - 1]
        if before.isIdentifier("let") || before.isIdentifier("var") { return nil }
      }
      for parameter in parameters {
        guard let colon = parameter.first(where: { tokens[$0].isPunctuation(":") }),
          colon > parameter.lowerBound, tokens[colon - 1].isIdentifier(name)
        else { continue }
        return SwiftDeclarations.type(tokens, from: colon + 1).type
      }
      return nil
    }

    /// For an argument that is one identifier: the expression the nearest `let`/`var` of that
    /// name before the call binds it to, where the call can see it (no `}` closes the binding's
    /// scope in between).
    func binding(of argument: Range<Int>) -> Range<Int>? {
      guard argument.count == 1, tokens[argument.lowerBound].kind == .identifier else {
        return nil
      }
      let name = tokens[argument.lowerBound].text
      var index = call.index - 1
      let start = memberBeforeCall.lowerBound
      while index >= start + 1 {
        defer { index -= 1 }
        guard tokens[index].isIdentifier(name),
          tokens[index - 1].isIdentifier("let") || tokens[index - 1].isIdentifier("var")
        else { continue }
        // In scope: the braces from the binding to the call never close below its level.
        var depth = 0
        var visible = true
        for between in index..<call.index {
          if tokens[between].isPunctuation("{") { depth += 1 }
          if tokens[between].isPunctuation("}") {
            depth -= 1
            if depth < 0 {
              visible = false
              break
            }
          }
        }
        guard visible else { continue }
        var value = index + 1
        if value < tokens.count, tokens[value].isPunctuation(":") {
          value = SwiftDeclarations.type(tokens, from: value + 1).end
        }
        guard value < tokens.count, tokens[value].isPunctuation("=") else { return nil }
        return expression(from: value + 1)
      }
      return nil
    }

    /// From `start`, the tokens of one expression: to the end of its line at bracket depth 0,
    /// carrying on where a line ends in an operator or the next starts with one.
    func expression(from start: Int) -> Range<Int>? {
      var depth = 0
      var index = start
      while index < tokens.count {
        let token = tokens[index]
        if ["(", "[", "{"].contains(token.text), token.kind == .punctuation { depth += 1 }
        if [")", "]", "}"].contains(token.text), token.kind == .punctuation {
          depth -= 1
          if depth < 0 { break }
        }
        if depth == 0, index + 1 < tokens.count, tokens[index + 1].line > token.line {
          let next = tokens[index + 1]
          let continues =
            (token.kind == .punctuation
              && ["?", ":", "=", "+", "|", "&", "."].contains(token.text))
            || (next.kind == .punctuation
              && ["?", ":", ".", "+", "=", "|", "&"].contains(next.text))
          if !continues {
            index += 1
            break
          }
        }
        if depth == 0, token.isPunctuation(";") { break }
        index += 1
      }
      return index > start ? start..<index : nil
    }
  }

  /// Turns an argument's tokens into names by the rules of `SwiftValues`.
  struct Evaluator {
    var declarations: SwiftDeclarations
    var context: Context
    /// The enum whose body (a computed property's) is being read: `self` and `rawValue` are its.
    var selfEnum: SwiftDeclarations.EnumType?
    var tokens: [CodeToken]

    init(declarations: SwiftDeclarations, context: Context) {
      self.declarations = declarations
      self.context = context
      tokens = context.tokens
      if let type = context.scopes.enclosingType(of: context.call.index) {
        selfEnum = declarations.onlyEnum(type.name)
      }
    }

    private func name(
      _ value: String, _ origin: CodeIconName.Origin, file: URL, line: Int
    ) -> CodeIconName {
      CodeIconName(
        name: value, call: .setAlternateIconName, origin: origin, file: file, line: line,
        callFile: context.call.file, callLine: tokens[context.call.index].line)
    }

    /// The names `range` stands for; `bindings` is how many `let` steps may still be followed.
    func names(of range: Range<Int>, excluded: Exclusion, bindings: Int) -> [CodeIconName] {
      var range = range
      // `try`, `await` and a trailing `!` change no value.
      while let first = range.first,
        tokens[first].isIdentifier("try") || tokens[first].isIdentifier("await")
      {
        range = (first + 1)..<range.upperBound
      }
      while let last = range.last, tokens[last].isPunctuation("!"), range.count > 1 {
        range = range.lowerBound..<last
      }
      guard !range.isEmpty else { return [] }
      if range.count == 1 {
        let token = tokens[range.lowerBound]
        if token.isPlainString, !token.text.isEmpty {
          return [name(token.text, .literal, file: context.call.file, line: token.line)]
        }
        if token.isIdentifier("rawValue") { return rawValues(of: selfEnum, excluded: excluded) }
        if token.kind == .identifier, bindings > 0, let bound = context.binding(of: range) {
          return names(of: bound, excluded: excluded, bindings: bindings - 1)
        }
        return []
      }
      if let (condition, whenTrue, whenFalse) = ternary(range) {
        // The branch beside a `nil` gets every case but those the condition names: it must name
        // one (`icon == .primary`, `icon != AppIcon.defaultIcon`), or which case goes to `nil`
        // is not known here.
        var singled = excluded
        singled.cases.formUnion(casesNamed(condition))
        let isNil = { (branch: Range<Int>) in
          branch.count == 1 && self.tokens[branch.lowerBound].isIdentifier("nil")
        }
        var beside = singled
        beside.required = beside.required || isNil(whenTrue) || isNil(whenFalse)
        return names(of: whenTrue, excluded: beside, bindings: bindings)
          + names(of: whenFalse, excluded: beside, bindings: bindings)
      }
      // `… .member` at the end.
      let last = range.upperBound - 1
      guard tokens[last].kind == .identifier, last > range.lowerBound,
        tokens[last - 1].isPunctuation(".")
      else { return [] }
      var chain = range.lowerBound..<(last - 1)
      var excluded = excluded
      while let end = chain.last, tokens[end].isPunctuation("?") || tokens[end].isPunctuation("!") {
        // `icon?.rawValue`: the optional's `nil` is the default icon, so the enum needs no case
        // for it.
        if tokens[end].isPunctuation("?") { excluded.defaultIsNil = true }
        chain = chain.lowerBound..<end
      }
      let member = tokens[last].text
      let parts = chain.map { tokens[$0] }
      if member == "rawValue" {
        return rawValues(chain: parts, excluded: excluded)
      }
      return propertyValues(member, chain: parts, excluded: excluded)
    }

    /// The names after a dot in `range` (`.primary`, `AppIcon.primary`), each a case perhaps;
    /// a static property of an enum that is one of its cases (`static var defaultIcon: AppIcon
    /// { .red }`) stands for that case.
    func casesNamed(_ range: Range<Int>) -> Set<String> {
      var found = Set<String>()
      for index in range
      where tokens[index].isPunctuation(".") && index + 1 < tokens.count
        && tokens[index + 1].kind == .identifier
      {
        let word = tokens[index + 1].text
        found.insert(word)
        if let declared = declarations.properties[word], declared.count == 1,
          let body = declared[0].body, let item = Self.singleCase(body)
        {
          found.insert(item)
        }
      }
      return found
    }

    /// `.red`, `return .red`, `AppIcon.red`, `Self.red`: the case a body returns.
    static func singleCase(_ body: ArraySlice<CodeToken>) -> String? {
      var words = Array(body)
      if words.first?.isIdentifier("return") == true { words.removeFirst() }
      if words.count == 2, words[0].isPunctuation("."), words[1].kind == .identifier {
        return words[1].text
      }
      if words.count == 3, words[0].kind == .identifier, words[1].isPunctuation("."),
        words[2].kind == .identifier
      {
        return words[2].text
      }
      return nil
    }

    /// `c ? a : b` at the top level of `range` (Swift's ternary `?` has a space before it; an
    /// optional chain's does not).
    private func ternary(_ range: Range<Int>) -> (Range<Int>, Range<Int>, Range<Int>)? {
      var depth = 0
      var question: Int?
      var nested = 0
      for index in range {
        let token = tokens[index]
        guard token.kind == .punctuation else { continue }
        switch token.text {
        case "(", "[", "{": depth += 1
        case ")", "]", "}": depth -= 1
        case "?" where depth == 0 && token.spaceBefore:
          if question == nil { question = index } else { nested += 1 }
        case ":" where depth == 0 && question != nil:
          if nested > 0 {
            nested -= 1
          } else if let question {
            return (
              range.lowerBound..<question, (question + 1)..<index, (index + 1)..<range.upperBound
            )
          }
        default: break
        }
      }
      return nil
    }

    /// Every case's raw value of `type`, a String enum, but the `excluded` cases.
    private func rawValues(of type: SwiftDeclarations.EnumType?, excluded: Exclusion)
      -> [CodeIconName]
    {
      guard let type, type.hasStringRawValues,
        let kept = excluded.kept(of: type, sentToNil: [])
      else { return [] }
      return kept.compactMap { item in
        item.rawValue.map {
          name(
            $0, .rawValue(type: type.name, caseName: item.name), file: type.file, line: item.line)
        }
      }
    }

    /// `chain.rawValue`: `T.c`, `self`, or a variable of one enum type.
    private func rawValues(chain: [CodeToken], excluded: Exclusion) -> [CodeIconName] {
      let words = chain.filter { $0.kind == .identifier }.map(\.text)
      let dots = chain.filter { $0.isPunctuation(".") }.count
      guard !words.isEmpty, dots == words.count - 1, chain.count == words.count + dots else {
        return []
      }
      if words == ["self"] { return rawValues(of: selfEnum, excluded: excluded) }
      if words.count >= 2, let type = declarations.onlyEnum(words[words.count - 2]),
        let item = type.named(words[words.count - 1])
      {
        return rawValues(of: type, excluded: Exclusion(cases: [], exact: true)).filter {
          if case .rawValue(_, let caseName) = $0.origin { return caseName == item.name }
          return false
        }
      }
      // `icon` a parameter of the call's function: its declared type. `icon`, `self.icon`,
      // `settings.icon` otherwise: the one type every declaration of the name gives it.
      guard let variable = words.last, variable != "self",
        let type = (words.count == 1 ? context.parameterType(of: variable) : nil)
          ?? declarations.onlyType(of: variable)
      else { return [] }
      return rawValues(of: declarations.onlyEnum(type), excluded: excluded)
    }

    /// `chain.property`, the property declared once in the code, as a computed property of an
    /// enum: what its body returns for each case but the `excluded`.
    private func propertyValues(_ property: String, chain: [CodeToken], excluded: Exclusion)
      -> [CodeIconName]
    {
      guard let declared = declarations.properties[property], declared.count == 1,
        let only = declared.first, let body = only.body,
        let type = declarations.onlyEnum(only.owner)
      else { return [] }
      // A variable declared of another type is not this enum.
      if chain.count == 1, chain[0].kind == .identifier,
        let variable = context.parameterType(of: chain[0].text)
          ?? declarations.onlyType(of: chain[0].text), variable != type.name
      {
        return []
      }
      guard
        let read = PropertyBody(tokens: body, type: type, property: property, file: only.file)
          .values(),
        let kept = excluded.kept(of: type, sentToNil: read.sentToNil)
      else { return [] }
      let keptNames = Set(kept.map(\.name))
      return read.values.filter { keptNames.contains($0.caseName) }.map { value in
        var found = value.name
        found.callFile = context.call.file
        found.callLine = tokens[context.call.index].line
        return found
      }
    }
  }

  /// The cases of an enum that a call's argument leaves out: those its code names (in the
  /// call's member, a ternary's condition) and those a property sends to `nil`.
  struct Exclusion {
    /// Names after a dot near the call: cases, and other members that are no case.
    var cases: Set<String>
    /// A ternary beside `nil`: some case must be named, or which one goes to `nil` is unknown.
    var required = false

    /// `T.c.rawValue` names its one case: nothing is left to guess.
    var exact = false
    /// The argument is an optional chain (`icon?.rawValue`): `nil` is the default icon.
    var defaultIsNil = false

    init(cases: Set<String>, exact: Bool = false) {
      self.cases = cases
      self.exact = exact
    }

    /// The cases of `type` the argument stands for; nil when which ones is not known. Where no
    /// case is left out, by a name or by the property (`sentToNil`), the first case is left out
    /// too: an enum of a picker's icons lists the default first (`primary`, `default`), and the
    /// code sends it as `nil` somewhere this reading does not see. Not where the argument is an
    /// optional chain, whose `nil` is the default.
    func kept(of type: SwiftDeclarations.EnumType, sentToNil: Set<String>)
      -> [SwiftDeclarations.EnumType.Case]?
    {
      if exact { return type.cases }
      let named = Set(type.cases.map(\.name)).intersection(cases.union(sentToNil))
      if required, named.isEmpty { return nil }
      let kept = type.cases.filter { !named.contains($0.name) }
      return named.isEmpty && !defaultIsNil ? Array(kept.dropFirst()) : kept
    }
  }

  /// What a computed property of an enum returns for each case, when its body is one of the
  /// forms `SwiftValues` reads: `rawValue`, a literal, `nil`, a ternary of those on `self`, or a
  /// `switch self` whose every arm returns one of them.
  struct PropertyBody {
    var tokens: ArraySlice<CodeToken>
    var type: SwiftDeclarations.EnumType
    var property: String
    var file: URL

    typealias Value = (caseName: String, name: CodeIconName)

    /// The names per case, and the cases the body sends to `nil`; nil when the body is not read.
    func values() -> (values: [Value], sentToNil: Set<String>)? {
      var body = tokens
      // `get { … }`.
      if body.count >= 3, body[body.startIndex].isIdentifier("get"),
        body[body.startIndex + 1].isPunctuation("{"), let last = body.last,
        last.isPunctuation("}")
      {
        body = body[(body.startIndex + 2)..<(body.endIndex - 1)]
      }
      if let first = body.first, first.isIdentifier("return") { body = body.dropFirst() }
      let start = body.startIndex
      if body.count >= 4, body[start].isIdentifier("switch"), body[start + 1].isIdentifier("self"),
        body[start + 2].isPunctuation("{"), let last = body.last, last.isPunctuation("}")
      {
        return switchArms(Array(body[(start + 3)..<(body.endIndex - 1)]))
      }
      return single(Array(body))
    }

    private enum Returned {
      case literal(String, line: Int)
      case rawValue
      case none
    }

    /// One expression for every case: a literal, `rawValue`, `nil`, or a ternary of those whose
    /// condition names the cases of its first branch.
    private func single(_ all: [CodeToken]) -> (values: [Value], sentToNil: Set<String>)? {
      if let question = all.firstIndex(where: { $0.isPunctuation("?") && $0.spaceBefore }),
        let colon = all.lastIndex(where: { $0.isPunctuation(":") }), colon > question,
        let whenTrue = returned(Array(all[(question + 1)..<colon])),
        let whenFalse = returned(Array(all[(colon + 1)...]))
      {
        // `self == .primary ? nil : rawValue`, `self != .primary ? rawValue : nil`.
        let condition = all[..<question]
        let named = Set(
          condition.indices.filter {
            condition[$0].isPunctuation(".") && $0 + 1 < condition.endIndex
              && condition[$0 + 1].kind == .identifier
          }.map { condition[$0 + 1].text }
        ).intersection(type.cases.map(\.name))
        let equal =
          condition.contains { $0.isPunctuation("=") }
          && !condition.contains { $0.isPunctuation("!") }
        guard !named.isEmpty, condition.contains(where: { $0.isPunctuation("=") }) else {
          return nil
        }
        var values: [Value] = []
        var sentToNil = Set<String>()
        for item in type.cases {
          let branch = named.contains(item.name) == equal ? whenTrue : whenFalse
          if case .none = branch { sentToNil.insert(item.name) }
          if let value = resolved(branch, for: item) { values.append(value) }
        }
        return (values, sentToNil)
      }
      guard let only = returned(all) else { return nil }
      if case .none = only { return ([], Set(type.cases.map(\.name))) }
      return (type.cases.compactMap { resolved(only, for: $0) }, [])
    }

    /// A returned expression; nil for anything not read.
    private func returned(_ expression: [CodeToken]) -> Returned? {
      var expression = expression
      if expression.first?.isIdentifier("return") == true { expression.removeFirst() }
      if expression.count == 1 {
        let token = expression[0]
        if token.isIdentifier("nil") { return Returned.none }
        if token.isIdentifier("rawValue") { return .rawValue }
        if token.isPlainString { return .literal(token.text, line: token.line) }
      }
      if expression.count == 3, expression[0].isIdentifier("self"),
        expression[1].isPunctuation("."), expression[2].isIdentifier("rawValue")
      {
        return .rawValue
      }
      return nil
    }

    private func resolved(_ returned: Returned, for item: SwiftDeclarations.EnumType.Case) -> Value?
    {
      switch returned {
      case .none:
        return nil
      case .literal(let text, let line):
        guard !text.isEmpty else { return nil }
        return (
          item.name,
          CodeIconName(
            name: text, call: .setAlternateIconName,
            origin: .property(type: type.name, property: property, caseName: item.name),
            file: file, line: line)
        )
      case .rawValue:
        guard type.hasStringRawValues, let raw = item.rawValue, !raw.isEmpty else { return nil }
        return (
          item.name,
          CodeIconName(
            name: raw, call: .setAlternateIconName,
            origin: .rawValue(type: type.name, caseName: item.name), file: type.file,
            line: item.line)
        )
      }
    }

    /// `case .a, .b: expression` arms and a `default:` arm, every arm read or none.
    private func switchArms(_ all: [CodeToken]) -> (values: [Value], sentToNil: Set<String>)? {
      var arms: [(cases: [String]?, value: Returned)] = []
      var index = 0
      while index < all.count {
        let isDefault = all[index].isIdentifier("default")
        guard isDefault || all[index].isIdentifier("case") else { return nil }
        var at = index + 1
        var cases: [String] = []
        // `.a, .b` or `Type.a`, up to the `:`.
        while at < all.count, !all[at].isPunctuation(":") {
          guard !isDefault else { return nil }
          if all[at].isPunctuation("."), at + 1 < all.count, all[at + 1].kind == .identifier {
            cases.append(all[at + 1].text)
            at += 2
          } else if all[at].isPunctuation(",") {
            at += 1
          } else if all[at].kind == .identifier, at + 1 < all.count, all[at + 1].isPunctuation(".")
          {
            at += 1
          } else {
            return nil
          }
        }
        at += 1
        var end = at
        var depth = 0
        while end < all.count {
          if all[end].isPunctuation("{") || all[end].isPunctuation("(") { depth += 1 }
          if all[end].isPunctuation("}") || all[end].isPunctuation(")") { depth -= 1 }
          if depth == 0, all[end].isIdentifier("case") || all[end].isIdentifier("default") {
            break
          }
          end += 1
        }
        guard at <= end, let value = returned(Array(all[at..<end])) else { return nil }
        arms.append((isDefault ? nil : cases, value))
        index = end
      }
      var values: [Value] = []
      var sentToNil = Set<String>()
      for item in type.cases {
        guard
          let arm = arms.first(where: { $0.cases?.contains(item.name) == true })
            ?? arms.first(where: { $0.cases == nil })
        else { continue }
        if case .none = arm.value { sentToNil.insert(item.name) }
        if let value = resolved(arm.value, for: item) { values.append(value) }
      }
      return (values, sentToNil)
    }
  }
}
