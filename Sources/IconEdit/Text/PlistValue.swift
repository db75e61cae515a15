import FoundationEssentials
import IconCatalog

/// A property-list value to write. A dictionary keeps its keys in the order given, since that is
/// the order they are written in.
public indirect enum PlistValue: Equatable, Sendable {
  case string(String)
  case bool(Bool)
  case integer(Int)
  case real(Double)
  case array([PlistValue])
  case dictionary([(String, PlistValue)])

  public static func == (lhs: PlistValue, rhs: PlistValue) -> Bool {
    switch (lhs, rhs) {
    case (.string(let a), .string(let b)): return a == b
    case (.bool(let a), .bool(let b)): return a == b
    case (.integer(let a), .integer(let b)): return a == b
    case (.real(let a), .real(let b)): return a == b || (a.isNaN && b.isNaN)
    case (.array(let a), .array(let b)): return a == b
    case (.dictionary(let a), .dictionary(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: return false
    }
  }

  /// As IconCatalog's readers hold it (`PropertyListValue.object`); a repeated key keeps its last value.
  var foundationValue: Any {
    switch self {
    case .string(let text): return text
    case .bool(let flag): return flag
    case .integer(let number): return number
    case .real(let number): return number
    case .array(let items): return items.map(\.foundationValue)
    case .dictionary(let pairs):
      var dictionary: [String: Any] = [:]
      for (key, value) in pairs { dictionary[key] = value.foundationValue }
      return dictionary
    }
  }

  /// A key written twice in one dictionary, which a property list cannot hold.
  var repeatedKey: String? {
    switch self {
    case .array(let items): return items.lazy.compactMap(\.repeatedKey).first
    case .dictionary(let pairs):
      var seen: Set<String> = []
      for (key, value) in pairs {
        if !seen.insert(key).inserted { return key }
        if let repeated = value.repeatedKey { return repeated }
      }
      return nil
    default: return nil
    }
  }
}

/// A property list as Foundation parsed it, in a form that compares: two parses are the same
/// property list exactly when their `InfoPlistTree`s are equal.
indirect enum InfoPlistTree: Equatable {
  case dictionary([String: InfoPlistTree])
  case array([InfoPlistTree])
  case string(String)
  case bool(Bool)
  /// Integers and reals compare by value, as `NSNumber` does.
  case number(Double)
  case date(Double)
  case data(Data)

  init(_ value: Any) {
    if type(of: value) == Bool.self, let flag = value as? Bool {
      self = .bool(flag)
    } else if let text = value as? String {
      self = .string(text)
    } else if let dictionary = value as? [String: Any] {
      self = .dictionary(dictionary.mapValues(InfoPlistTree.init))
    } else if let items = value as? [Any] {
      self = .array(items.map(InfoPlistTree.init))
    } else if let date = value as? Date {
      self = .date(date.timeIntervalSinceReferenceDate)
    } else if let data = value as? Data {
      self = .data(data)
    } else if let number = value as? Int {
      self = .number(Double(number))
    } else if let number = value as? Double {
      self = .number(number)
    } else {
      self = .string("\(value)")
    }
  }

  static func == (lhs: InfoPlistTree, rhs: InfoPlistTree) -> Bool {
    switch (lhs, rhs) {
    case (.dictionary(let a), .dictionary(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b || (a.isNaN && b.isNaN)
    case (.date(let a), .date(let b)): return a == b
    case (.data(let a), .data(let b)): return a == b
    default: return false
    }
  }
}

/// Changes to a Foundation property-list tree: what an edit of the text must come to.
enum FoundationTree {
  struct NotADictionary: Error {
    var key: String
  }

  /// The tree with the value at `path` replaced by what `change` returns for it (nil: removed).
  /// Missing dictionaries on the way are made when `change` gives a value.
  static func updating(
    _ tree: Any, at path: ArraySlice<String>, _ change: (Any?) throws(NotADictionary) -> Any?
  ) throws(NotADictionary) -> Any {
    guard let key = path.first else { return tree }
    guard var dictionary = tree as? [String: Any] else { throw NotADictionary(key: key) }
    let rest = path.dropFirst()
    if rest.isEmpty {
      dictionary[key] = try change(dictionary[key])
      return dictionary
    }
    if let child = dictionary[key] {
      guard child is [String: Any] else { throw NotADictionary(key: key) }
      dictionary[key] = try updating(child, at: rest, change)
    } else if let made = try change(nil).map({ made in made }) {
      // Only made when something goes in it.
      dictionary[key] = try updating([String: Any](), at: rest) { _ in made }
    }
    return dictionary
  }

  static func value(_ tree: Any, at path: [String]) -> Any? {
    var current: Any = tree
    for key in path {
      guard let dictionary = current as? [String: Any], let next = dictionary[key] else {
        return nil
      }
      current = next
    }
    return current
  }
}
