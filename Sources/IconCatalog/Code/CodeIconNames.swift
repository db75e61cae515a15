import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A name the app's code passes to a call that changes its icon: the name `setAlternateIconName`
/// gets at run time, written in the code as a literal or as an enum case's raw value.
public struct CodeIconName: Equatable, Sendable {
  /// The call, by the library that makes it.
  public enum Call: String, Equatable, Sendable, CaseIterable {
    /// UIKit's `setAlternateIconName`, from Swift or Objective-C.
    case setAlternateIconName
    /// Flutter's `FlutterDynamicIcon.setAlternateIconName` (flutter_dynamic_icon and its forks).
    case flutterDynamicIcon
    /// `changeIcon` of react-native-change-icon.
    case reactNativeChangeIcon
    /// `setAlternateAppIcon` of expo-alternate-app-icons.
    case expoAlternateAppIcons
    /// `AppIcon.change({ name })` of @capacitor-community/app-icon.
    case capacitorAppIcon
    /// .NET's `UIApplication.SetAlternateIconName` and `SetAlternateIconNameAsync`.
    case dotnet

    /// The call as a message writes it, with `argument` (already quoted) in it.
    public func written(_ argument: String) -> String {
      switch self {
      case .setAlternateIconName: return "setAlternateIconName(\(argument))"
      case .flutterDynamicIcon: return "FlutterDynamicIcon.setAlternateIconName(\(argument))"
      case .reactNativeChangeIcon: return "changeIcon(\(argument))"
      case .expoAlternateAppIcons: return "setAlternateAppIcon(\(argument))"
      case .capacitorAppIcon: return "AppIcon.change({ name: \(argument) })"
      case .dotnet: return "SetAlternateIconName(\(argument))"
      }
    }
  }

  /// How the name reaches the call.
  public enum Origin: Equatable, Sendable {
    /// A string literal in the call.
    case literal
    /// The raw value of a case of a Swift enum whose raw values the call passes
    /// (`icon.rawValue`).
    case rawValue(type: String, caseName: String)
    /// A string literal a computed property returns for a case (`icon.iconName`, whose body is
    /// `switch self { case .blue: "Blue" … }`).
    case property(type: String, property: String, caseName: String)
  }

  public var name: String
  public var call: Call
  public var origin: Origin
  /// Where the name is written: the call's argument, the enum case, the property's literal.
  public var file: URL
  public var line: Int
  /// Where the call is; the same place as `file` and `line` for a literal.
  public var callFile: URL
  public var callLine: Int
  /// The platforms whose builds compile the call: all but those an `#if os(…)` around it leaves
  /// out.
  public var platforms = Set(AppPlatform.allCases)

  public init(
    name: String, call: Call, origin: Origin = .literal, file: URL, line: Int,
    callFile: URL? = nil, callLine: Int? = nil
  ) {
    self.name = name
    self.call = call
    self.origin = origin
    self.file = file
    self.line = line
    self.callFile = callFile ?? file
    self.callLine = callLine ?? line
  }
}

/// What reading an app's code found: the names, and how much was read.
public struct CodeReading: Equatable, Sendable {
  /// In the order of the files read, then of the calls in each.
  public var names: [CodeIconName] = []
  /// Calls recognised, whatever their argument: a literal, `nil`, or a value not known here.
  public var calls = 0
  /// Source files listed, and those read (the rest were over a limit or unreadable).
  public var filesListed = 0
  public var filesRead = 0
  /// A limit of `CodeScanLimits` stopped the reading: some code was not read.
  public var limitReached = false

  public init() {}
}

/// Reads the names an app's code passes to the calls that change its icon (`CodeIconName.Call`),
/// where a literal or a raw value says them. Nothing else counts: a name built at run time
/// (interpolated, read from a file, passed through a parameter) is not known here, and `nil` is
/// the primary icon.
///
/// Swift values, beyond a literal (`SwiftValues` has the rules): an enum case's raw value, where
/// the argument is `T.c.rawValue`, `x.rawValue` with `x` declared of one String enum type
/// throughout the code, or `rawValue` inside the enum; a literal or raw value that a computed
/// property of an enum returns per case, where the argument is `x.p` and `p` is declared once in
/// the code; a ternary's branches; a local constant bound to one of these.
enum CodeIconNames {
  /// Bytes a file must hold for its calls to be looked for: the call's name or the library's.
  static let triggers: [CodeLanguage: [String]] = [
    .swift: ["setAlternateIconName"],
    .objectiveC: ["setAlternateIconName"],
    .dart: ["setAlternateIconName"],
    .javaScript: [
      "react-native-change-icon", "expo-alternate-app-icons", "@capacitor-community/app-icon",
    ],
    .cSharp: ["SetAlternateIconName"],
  ]

  static func read(_ files: [URL]) -> CodeReading {
    var reading = CodeReading()
    reading.filesListed = files.count
    var total = 0
    var swiftCalls: [SwiftValues.Call] = []
    for file in files {
      guard let language = CodeLanguage(fileExtension: file.pathExtension),
        let bytes = try? RegularFile.read(file.path, limit: CodeScanLimits.fileBytes)
      else { continue }
      total += bytes.count
      guard total <= CodeScanLimits.totalBytes else {
        reading.limitReached = true
        break
      }
      reading.filesRead += 1
      guard (triggers[language] ?? []).contains(where: { contains(bytes, $0) }) else { continue }
      let tokens = CodeLexer.tokens(of: bytes, language: language)
      switch language {
      case .swift:
        let found = SwiftValues.calls(in: tokens, file: file)
        reading.calls += found.count
        for call in found {
          if let literal = call.literal {
            reading.names.append(literal)
          } else if call.needsResolving {
            swiftCalls.append(call)
          }
        }
      case .objectiveC:
        objectiveCCalls(tokens, file: file, into: &reading)
      case .dart:
        dartCalls(tokens, file: file, into: &reading)
      case .javaScript:
        javaScriptCalls(tokens, file: file, into: &reading)
      case .cSharp:
        cSharpCalls(tokens, file: file, into: &reading)
      }
    }
    if !swiftCalls.isEmpty {
      let swiftFiles = files.filter { CodeLanguage(fileExtension: $0.pathExtension) == .swift }
      reading.names += SwiftValues.resolve(swiftCalls, files: swiftFiles)
    }
    return reading
  }

  /// Whether `bytes` holds `text`.
  static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
    let needle = Array(text.utf8)
    guard !needle.isEmpty, bytes.count >= needle.count else { return false }
    // memchr finds each candidate first byte, memcmp the rest (glibc hides memmem).
    return bytes.withUnsafeBytes { haystack in
      needle.withUnsafeBytes { wanted in
        guard let base = haystack.baseAddress, let target = wanted.baseAddress else {
          return false
        }
        let first = Int32(needle[0])
        let last = haystack.count - needle.count
        var offset = 0
        while offset <= last {
          guard let found = memchr(base + offset, first, last - offset + 1) else { return false }
          let at = base.distance(to: UnsafeRawPointer(found))
          if memcmp(base + at, target, needle.count) == 0 { return true }
          offset = at + 1
        }
        return false
      }
    }
  }

  // MARK: Arguments

  /// The arguments of the call whose `(` is at `open`, each a range of `tokens` (its label
  /// included), and the index of the closing `)`; nil when the file ends first.
  static func arguments(_ tokens: [CodeToken], open: Int) -> (arguments: [Range<Int>], close: Int)?
  {
    var depth = 0
    var start = open + 1
    var found: [Range<Int>] = []
    var index = open
    while index < tokens.count {
      let token = tokens[index]
      if token.kind == .punctuation {
        switch token.text {
        case "(", "[", "{":
          depth += 1
        case ")", "]", "}":
          depth -= 1
          if depth == 0 {
            if index > start { found.append(start..<index) }
            return (found, index)
          }
        case "," where depth == 1:
          found.append(start..<index)
          start = index + 1
        default:
          break
        }
      }
      index += 1
    }
    return nil
  }

  /// `label:` at the start of an argument: the label and the rest; the whole argument, with no
  /// label, otherwise.
  static func labelled(_ tokens: [CodeToken], _ argument: Range<Int>) -> (
    label: String?, value: Range<Int>
  ) {
    if argument.count >= 2, tokens[argument.lowerBound].kind == .identifier,
      tokens[argument.lowerBound + 1].isPunctuation(":")
    {
      return (tokens[argument.lowerBound].text, (argument.lowerBound + 2)..<argument.upperBound)
    }
    return (nil, argument)
  }

  /// The first positional argument, or the one labelled `label`.
  static func nameArgument(
    _ tokens: [CodeToken], _ arguments: [Range<Int>], label wanted: String? = nil
  ) -> Range<Int>? {
    for argument in arguments {
      let (label, value) = labelled(tokens, argument)
      if label == nil || label == wanted { return value }
    }
    return nil
  }

  /// The argument as a name: a plain string literal alone. Nil for anything else (`nil`, a
  /// variable, an interpolated string); `primary` spellings of the library count as nil too.
  static func literal(
    _ tokens: [CodeToken], _ value: Range<Int>, primary: Set<String> = [""]
  ) -> CodeToken? {
    guard value.count == 1, tokens[value.lowerBound].isPlainString,
      !primary.contains(tokens[value.lowerBound].text)
    else { return nil }
    return tokens[value.lowerBound]
  }

  // MARK: Objective-C

  /// `[… setAlternateIconName:@"Blue" completionHandler:…]`: the value runs to the next
  /// `label:` or the closing `]`.
  static func objectiveCCalls(_ tokens: [CodeToken], file: URL, into reading: inout CodeReading) {
    for index in tokens.indices
    where tokens[index].isIdentifier("setAlternateIconName") && index + 1 < tokens.count
      && tokens[index + 1].isPunctuation(":")
    {
      // A declaration (`- (void)setAlternateIconName:(NSString *)name`) has a type in brackets.
      guard index + 2 < tokens.count, !tokens[index + 2].isPunctuation("(") else { continue }
      reading.calls += 1
      var end = index + 2
      var depth = 0
      while end < tokens.count {
        let token = tokens[end]
        if token.isPunctuation("[") || token.isPunctuation("(") { depth += 1 }
        if token.isPunctuation("]") || token.isPunctuation(")") {
          if depth == 0 { break }
          depth -= 1
        }
        if depth == 0, token.kind == .identifier, end + 1 < tokens.count,
          tokens[end + 1].isPunctuation(":"), end > index + 2
        {
          break
        }
        end += 1
      }
      let value = (index + 2)..<end
      guard value.count == 2, tokens[value.lowerBound].isPunctuation("@"),
        let name = literal(tokens, (value.lowerBound + 1)..<end)
      else { continue }
      reading.names.append(
        CodeIconName(name: name.text, call: .setAlternateIconName, file: file, line: name.line))
    }
  }

  // MARK: Dart

  /// `FlutterDynamicIcon.setAlternateIconName("blue")` (flutter_dynamic_icon) and
  /// `setAlternateIconName(iconName: "blue")` (flutter_dynamic_icon_plus).
  static func dartCalls(_ tokens: [CodeToken], file: URL, into reading: inout CodeReading) {
    for index in tokens.indices
    where tokens[index].isIdentifier("setAlternateIconName") && index + 1 < tokens.count
      && tokens[index + 1].isPunctuation("(")
    {
      // The plugin's own declaration names a type first: `(String? iconName, …)`.
      guard let (arguments, _) = arguments(tokens, open: index + 1) else { continue }
      reading.calls += 1
      guard let value = nameArgument(tokens, arguments, label: "iconName"),
        let name = literal(tokens, value)
      else { continue }
      reading.names.append(
        CodeIconName(name: name.text, call: .flutterDynamicIcon, file: file, line: name.line))
    }
  }

  // MARK: C#

  /// `UIApplication.SharedApplication.SetAlternateIconNameAsync("Blue")`, and the form with a
  /// completion handler.
  static func cSharpCalls(_ tokens: [CodeToken], file: URL, into reading: inout CodeReading) {
    for index in tokens.indices
    where
      (tokens[index].isIdentifier("SetAlternateIconName")
      || tokens[index].isIdentifier("SetAlternateIconNameAsync")) && index + 1 < tokens.count
      && tokens[index + 1].isPunctuation("(")
    {
      guard let (arguments, _) = arguments(tokens, open: index + 1) else { continue }
      reading.calls += 1
      guard let value = nameArgument(tokens, arguments, label: "alternateIconName"),
        let name = literal(tokens, value)
      else { continue }
      reading.names.append(
        CodeIconName(name: name.text, call: .dotnet, file: file, line: name.line))
    }
  }

  // MARK: JavaScript and TypeScript

  /// The libraries whose calls count, each with the name it exports.
  private static let javaScriptLibraries:
    [(module: String, export: String, call: CodeIconName.Call)] = [
      ("react-native-change-icon", "changeIcon", .reactNativeChangeIcon),
      ("expo-alternate-app-icons", "setAlternateAppIcon", .expoAlternateAppIcons),
      ("@capacitor-community/app-icon", "AppIcon", .capacitorAppIcon),
    ]

  /// Calls of what the file imports from the libraries: the local name of a named import
  /// (`import { changeIcon as change }`, `const { changeIcon } = require(…)`), or the
  /// namespace's member (`import * as Icons` then `Icons.changeIcon`). A function of the same
  /// name that the file does not import from the library is not the library's.
  static func javaScriptCalls(_ tokens: [CodeToken], file: URL, into reading: inout CodeReading) {
    let imports = javaScriptImports(tokens)
    for (module, export, call) in javaScriptLibraries {
      let named = Set(
        imports.named.filter { $0.module == module && $0.export == export }.map(\.local))
      let namespaces = Set(imports.namespaces.filter { $0.module == module }.map(\.local))
      guard !named.isEmpty || !namespaces.isEmpty else { continue }
      for index in tokens.indices where tokens[index].kind == .identifier {
        // The callee: `local(` not after a dot, or `namespace.export(`.
        var open: Int
        let token = tokens[index]
        let afterDot = index > 0 && tokens[index - 1].isPunctuation(".")
        if named.contains(token.text), !afterDot {
          open = index + 1
        } else if namespaces.contains(token.text), !afterDot, index + 3 < tokens.count,
          tokens[index + 1].isPunctuation("."), tokens[index + 2].isIdentifier(export)
        {
          open = index + 3
        } else {
          continue
        }
        if call == .capacitorAppIcon {
          // `AppIcon.change({ name: 'Blue', … })`.
          guard open + 2 < tokens.count, tokens[open].isPunctuation("."),
            tokens[open + 1].isIdentifier("change")
          else { continue }
          open += 2
        }
        guard open < tokens.count, tokens[open].isPunctuation("("),
          let (arguments, _) = arguments(tokens, open: open)
        else { continue }
        reading.calls += 1
        let name: CodeToken?
        switch call {
        case .capacitorAppIcon:
          name = arguments.first.flatMap { capacitorName(tokens, $0) }
        case .reactNativeChangeIcon:
          // The library sets the primary for "Default" and for an empty name.
          name = arguments.first.flatMap { literal(tokens, $0, primary: ["", "Default"]) }
        default:
          name = arguments.first.flatMap { literal(tokens, $0) }
        }
        guard let name else { continue }
        reading.names.append(CodeIconName(name: name.text, call: call, file: file, line: name.line))
      }
    }
  }

  /// The `name` of an object literal `{ name: 'Blue', … }` (the key bare or quoted), when it is a
  /// plain string.
  static func capacitorName(_ tokens: [CodeToken], _ argument: Range<Int>) -> CodeToken? {
    guard argument.count >= 2, tokens[argument.lowerBound].isPunctuation("{") else { return nil }
    var depth = 0
    var index = argument.lowerBound
    while index < argument.upperBound {
      let token = tokens[index]
      if ["{", "(", "["].contains(token.text), token.kind == .punctuation { depth += 1 }
      if ["}", ")", "]"].contains(token.text), token.kind == .punctuation { depth -= 1 }
      if depth == 1, token.text == "name", token.kind == .identifier || token.isPlainString,
        index + 3 < tokens.count, tokens[index + 1].isPunctuation(":"),
        tokens[index - 1].isPunctuation("{") || tokens[index - 1].isPunctuation(","),
        tokens[index + 3].isPunctuation(",") || tokens[index + 3].isPunctuation("}")
      {
        return literal(tokens, (index + 2)..<(index + 3))
      }
      index += 1
    }
    return nil
  }

  struct JavaScriptImports {
    var named: [(module: String, export: String, local: String)] = []
    var namespaces: [(module: String, local: String)] = []
  }

  /// `import X, { a, b as c } from 'm'`, `import * as N from 'm'`, and
  /// `const { a, b: c } = require('m')`, `const N = require('m')`.
  static func javaScriptImports(_ tokens: [CodeToken]) -> JavaScriptImports {
    var imports = JavaScriptImports()
    /// The names in `{ … }` from `open`, each export with its local name, and the index after `}`.
    func bindings(_ open: Int, renaming: String) -> ([(String, String)], Int) {
      var found: [(String, String)] = []
      var index = open + 1
      while index < tokens.count, !tokens[index].isPunctuation("}") {
        if tokens[index].kind == .identifier || tokens[index].isPlainString {
          let export = tokens[index].text
          if index + 2 < tokens.count, tokens[index + 1].text == renaming,
            tokens[index + 2].kind == .identifier
          {
            found.append((export, tokens[index + 2].text))
            index += 3
            continue
          }
          if export != "type" { found.append((export, export)) }
        }
        index += 1
      }
      return (found, index + 1)
    }
    for index in tokens.indices {
      if tokens[index].isIdentifier("import") {
        var at = index + 1
        var named: [(String, String)] = []
        var namespace: String?
        while at < tokens.count, !tokens[at].isIdentifier("from"), at < index + 64 {
          if tokens[at].isPunctuation("{") {
            (named, at) = bindings(at, renaming: "as")
            continue
          }
          if tokens[at].isPunctuation("*"), at + 2 < tokens.count, tokens[at + 1].isIdentifier("as")
          {
            namespace = tokens[at + 2].text
            at += 3
            continue
          }
          at += 1
        }
        guard at + 1 < tokens.count, tokens[at].isIdentifier("from"), tokens[at + 1].isPlainString
        else { continue }
        let module = tokens[at + 1].text
        imports.named += named.map { (module, $0.0, $0.1) }
        if let namespace { imports.namespaces.append((module, namespace)) }
      } else if tokens[index].isIdentifier("require"), index + 3 < tokens.count,
        tokens[index + 1].isPunctuation("("), tokens[index + 2].isPlainString,
        tokens[index + 3].isPunctuation(")"), index >= 2, tokens[index - 1].isPunctuation("=")
      {
        let module = tokens[index + 2].text
        if tokens[index - 2].kind == .identifier {
          imports.namespaces.append((module, tokens[index - 2].text))
        } else if tokens[index - 2].isPunctuation("}") {
          // Back to the `{` of `const { … } = require(…)`.
          var open = index - 2
          while open > 0, !tokens[open].isPunctuation("{") { open -= 1 }
          imports.named += bindings(open, renaming: ":").0.map { (module, $0.0, $0.1) }
        }
      }
    }
    return imports
  }
}
