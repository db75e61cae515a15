import FoundationEssentials

/// Which platforms' builds compile each token of a Swift file, by its `#if os(…)` blocks: a call
/// under `#if os(iOS)` is not the tvOS app's. Conditions other than `os(…)` (`DEBUG`,
/// `canImport(…)`, `targetEnvironment(…)`) may be either, so they keep every platform.
enum SwiftConditions {
  /// Three-valued: a flag's value is not known here.
  enum Truth {
    case yes, no, unknown

    static prefix func ! (value: Truth) -> Truth {
      switch value {
      case .yes: return .no
      case .no: return .yes
      case .unknown: return .unknown
      }
    }

    static func && (lhs: Truth, rhs: Truth) -> Truth {
      if lhs == .no || rhs == .no { return .no }
      return lhs == .yes && rhs == .yes ? .yes : .unknown
    }

    static func || (lhs: Truth, rhs: Truth) -> Truth {
      if lhs == .yes || rhs == .yes { return .yes }
      return lhs == .no && rhs == .no ? .no : .unknown
    }
  }

  /// For each token, the platforms whose builds may compile it.
  static func platforms(_ tokens: [CodeToken]) -> [Set<AppPlatform>] {
    let all = Set(AppPlatform.allCases)
    var result = Array(repeating: all, count: tokens.count)
    // Each open `#if`: for each platform, whether a branch before the current one is taken, and
    // whether the current one is.
    var stack: [(taken: [AppPlatform: Truth], current: [AppPlatform: Truth])] = []
    var active = all
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      guard token.isPunctuation("#"), index + 1 < tokens.count,
        tokens[index + 1].kind == .identifier, tokens[index + 1].line == token.line
      else {
        result[index] = active
        index += 1
        continue
      }
      let directive = tokens[index + 1].text
      var end = index + 2
      while end < tokens.count, tokens[end].line == token.line { end += 1 }
      let condition = Array(tokens[(index + 2)..<end])
      switch directive {
      case "if":
        var current: [AppPlatform: Truth] = [:]
        for platform in all { current[platform] = evaluate(condition, for: platform) }
        stack.append((Dictionary(uniqueKeysWithValues: all.map { ($0, Truth.no) }), current))
      case "elseif", "else":
        guard var top = stack.popLast() else { break }
        for platform in all {
          let before = (top.taken[platform] ?? .no) || (top.current[platform] ?? .no)
          let this = directive == "else" ? Truth.yes : evaluate(condition, for: platform)
          top.taken[platform] = before
          top.current[platform] = !before && this
        }
        stack.append(top)
      case "endif":
        _ = stack.popLast()
      default:
        break
      }
      active = all.filter { platform in stack.allSatisfy { $0.current[platform] != Truth.no } }
      for at in index..<end { result[at] = active }
      index = end
    }
    return result
  }

  /// A condition's value for `platform`: `os(…)` is known; `!`, `&&`, `||` and parentheses
  /// combine; anything else is unknown.
  static func evaluate(_ tokens: [CodeToken], for platform: AppPlatform) -> Truth {
    var index = 0
    func primary() -> Truth {
      guard index < tokens.count else { return .unknown }
      let token = tokens[index]
      if token.isPunctuation("!") {
        index += 1
        return !primary()
      }
      if token.isPunctuation("(") {
        index += 1
        let value = disjunction()
        if index < tokens.count, tokens[index].isPunctuation(")") { index += 1 }
        return value
      }
      index += 1
      guard token.kind == .identifier, index < tokens.count, tokens[index].isPunctuation("(")
      else { return .unknown }
      let argumentStart = index + 1
      var depth = 0
      while index < tokens.count {
        if tokens[index].isPunctuation("(") { depth += 1 }
        if tokens[index].isPunctuation(")") {
          depth -= 1
          if depth == 0 { break }
        }
        index += 1
      }
      let argument = tokens[argumentStart..<min(index, tokens.count)]
      index += 1
      guard token.text == "os", argument.count == 1, let name = argument.first?.text else {
        return .unknown
      }
      switch name {
      case "iOS": return platform == .iOS ? .yes : .no
      case "tvOS": return platform == .tvOS ? .yes : .no
      // An iOS or tvOS app's build is for neither of these.
      case "macOS", "watchOS", "visionOS", "xrOS", "Linux", "Windows", "Android": return .no
      default: return .unknown
      }
    }
    func conjunction() -> Truth {
      var value = primary()
      while index + 1 < tokens.count, tokens[index].isPunctuation("&"),
        tokens[index + 1].isPunctuation("&")
      {
        index += 2
        value = value && primary()
      }
      return value
    }
    func disjunction() -> Truth {
      var value = conjunction()
      while index + 1 < tokens.count, tokens[index].isPunctuation("|"),
        tokens[index + 1].isPunctuation("|")
      {
        index += 2
        value = value || conjunction()
      }
      return value
    }
    return disjunction()
  }
}
