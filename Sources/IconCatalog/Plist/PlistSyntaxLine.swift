/// The line of an XML property list's syntax error. FoundationEssentials' XML reader names the
/// problem but counts every line as line 1 (swift-foundation in Swift 6.3: "Close tag on line 1
/// does not match open tag string" for a tag on line 5), where Foundation's reader gave the
/// right line. This finds the line of the problem the reason names, from the markup alone (the
/// values are the decoder's to read), and puts it in the reason; a problem it cannot place loses
/// the wrong line rather than keep it. A value the decoder could not read ("Invalid <integer>
/// value at a.b") gets the line of the first such value whose text does not read.
enum PlistSyntaxLine {
  static func corrected(_ reason: String, xml bytes: [UInt8]) -> String {
    let line = bytes.withUnsafeBufferPointer { problemLine(reason, Markup($0)) }
    guard let phrase = reason.firstMatch(of: #/ (on|at) line [0-9]+/#) else {
      return line.map { reason + " on line \($0)" } ?? reason
    }
    let replacement = line.map { " \(phrase.output.1) line \($0)" } ?? ""
    var result = reason
    result.replaceSubrange(phrase.range, with: replacement)
    return result
  }

  /// The line of the first tag that shows the problem `reason` names, or nil.
  private static func problemLine(_ reason: String, _ text: Markup) -> Int? {
    enum Problem {
      case mismatchedClose
      case unknownTag(String)
      case keyWithoutValue
      case invalidValue(String)
    }
    let problem: Problem
    if reason.hasPrefix("Close tag") {
      problem = .mismatchedClose
    } else if let match = reason.firstMatch(of: #/unknown tag (\S+)/#) {
      problem = .unknownTag(String(match.output.1).trimmingScalars { $0 == "/" })
    } else if reason.hasPrefix("Value missing for key") {
      problem = .keyWithoutValue
    } else if let match = reason.firstMatch(of: #/Invalid <(\w+)> value/#) {
      problem = .invalidValue(String(match.output.1))
    } else {
      return nil
    }
    var open: [String] = []
    /// Per open dictionary: whether a key waits for its value.
    var keyWaits: [Bool] = []
    var line = 1
    var index = 0
    var valueStart: (name: String, at: Int, line: Int)?
    while let found = text.next("<", from: index) {
      line += Int(text.lineBreaks(index..<found))
      let tagLine = line
      let markup = text.skipMarkup(at: found)
      line += Int(text.lineBreaks(found..<markup.next))
      index = markup.next
      guard let tag = markup.tag else { continue }
      let parts = text.tagName(tag)
      let name = text.string(parts.name)
      if parts.isClosing {
        if let value = valueStart, value.name == name {
          valueStart = nil
          if case .invalidValue(let kind) = problem, kind == name,
            !isValid(kind, text.string(value.at..<found).trimmingWhitespaceAndNewlines())
          {
            return value.line
          }
        }
        if case .keyWithoutValue = problem, name == "dict", keyWaits.last == true {
          return tagLine
        }
        guard open.last == name else {
          if case .mismatchedClose = problem { return tagLine }
          return nil
        }
        open.removeLast()
        if name == "dict" { keyWaits.removeLast() }
        if name == "key", open.last == "dict", !keyWaits.isEmpty {
          keyWaits[keyWaits.count - 1] = true
        }
        continue
      }
      if case .unknownTag(let unknown) = problem, name == unknown { return tagLine }
      if open.last == "dict", name != "key", !keyWaits.isEmpty {
        keyWaits[keyWaits.count - 1] = false
      } else if case .keyWithoutValue = problem, name == "key", keyWaits.last == true {
        return tagLine
      }
      if parts.isEmpty { continue }
      open.append(name)
      if name == "dict" { keyWaits.append(false) }
      if ["integer", "real", "date", "data", "string"].contains(name) {
        valueStart = (name, markup.next, tagLine)
      }
    }
    return nil
  }

  /// Whether a value's text reads as its kind: what is checked of it here, not all a reader does.
  private static func isValid(_ kind: String, _ text: String) -> Bool {
    switch kind {
    case "integer":
      let digits = text.hasPrefix("-") || text.hasPrefix("+") ? String(text.dropFirst()) : text
      if digits.lowercased().hasPrefix("0x") {
        return UInt64(digits.dropFirst(2), radix: 16) != nil
      }
      return !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
    case "real":
      return Double(text) != nil || ["nan", "inf", "+inf", "-inf"].contains(text.lowercased())
    default: return true
    }
  }
}
