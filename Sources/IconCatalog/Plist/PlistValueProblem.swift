import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value of an Info.plist key the reader reads whose type is not the one Apple documents: it
/// was read as iOS reads it (`readAs`), and is reported as data, never thrown. `check` judges it
/// (`plist-value-type`).
public struct PlistValueProblem: Sendable, Equatable {
  /// What the reading made of the value.
  public enum Reading: Sendable, Equatable {
    /// Passed over, as iOS passes over a value of another type: the key counts as absent.
    case passedOver
    /// Read as this value (`false`, `2`).
    case value(String)
  }

  /// The Info.plist, as given (a built app's may be binary).
  public var file: String
  /// The 1-based line of the value (of its key when the value has none), XML plists only.
  public var line: Int?
  /// `["CFBundleIcons", "CFBundlePrimaryIcon", "UIPrerenderedIcon"]`; array items by index.
  public var keyPath: [String]
  /// `a string`, `a number`, `a Boolean`, `a date`, `data`, `an array`, `a dictionary`.
  public var found: String
  /// The value when it is short text (a string or a number), for the message; nil otherwise.
  public var foundText: String?
  /// `true or false`, `a dictionary`, ...
  public var expected: String
  public var readAs: Reading

  public init(
    file: String, line: Int? = nil, keyPath: [String], found: String, foundText: String? = nil,
    expected: String, readAs: Reading
  ) {
    self.file = file
    self.line = line
    self.keyPath = keyPath
    self.found = found
    self.foundText = foundText
    self.expected = expected
    self.readAs = readAs
  }

  /// The key path as messages print it: `CFBundleIcons → CFBundleAlternateIcons → Blue`.
  public var keyPathText: String {
    keyPath.map { MessageText.escaped($0) }.joined(separator: " → ")
  }

  /// One line: what is written, what was expected, and what the reading made of it.
  public var description: String {
    let shown = foundText.map { " (\"\(MessageText.escaped($0))\")" } ?? ""
    let reading: String
    switch readAs {
    case .passedOver: reading = "passed over, as iOS passes over a value of another type"
    case .value(let value): reading = "read as \(value), as iOS reads it"
    }
    var text = "\(keyPathText) is \(found)\(shown), expected \(expected); \(reading)"
    if keyPath.last == "UIPrerenderedIcon" {
      text += " (the key has had no effect on the home screen since iOS 7)"
    }
    return text
  }
}

/// Collects the problems of one reading, by key path, each once.
final class ValueProblems {
  private(set) var found:
    [(path: [String], value: Any, expected: String, readAs: PlistValueProblem.Reading)] = []
  private var seen: Set<[String]> = []

  func add(
    _ path: [String], _ value: Any, expected: String, readAs: PlistValueProblem.Reading
  ) {
    guard seen.insert(path).inserted else { return }
    found.append((path, value, expected, readAs))
  }
}

extension InfoPlist {
  /// Every value of the wrong type among the keys the reader reads (the icon dictionaries and
  /// their entries, the top-level `CFBundleIconFiles`/`CFBundleIconFile`, `UIDeviceFamily`), in
  /// the order the reading meets them, each with its line. Empty for a well-typed Info.plist, which
  /// then costs no look at its lines.
  func valueProblems() -> [PlistValueProblem] {
    let problems = ValueProblems()
    _ = primaryIcon(recording: problems)
    // Past the alternates limit the reading stops anyway, saying so.
    _ = try? alternates(recording: problems)
    _ = deviceFamilies(recording: problems)
    guard !problems.found.isEmpty else { return [] }
    let lines = PlistLines.read(file)
    return problems.found.map { found in
      var text: String?
      if let string = found.value as? String {
        text = string
      } else if let number = PropertyListValue.numberText(found.value) {
        text = number
      }
      return PlistValueProblem(
        file: file.path,
        line: lines?.line(of: found.path) ?? lines?.keyLine(of: found.path),
        keyPath: found.path, found: Self.typeName(of: found.value), foundText: text,
        expected: found.expected, readAs: found.readAs)
    }
  }

  /// What a property-list value is, Booleans told from numbers.
  static func typeName(of value: Any) -> String {
    boolean(value) != nil ? "a Boolean" : kind(of: value)
  }
}
