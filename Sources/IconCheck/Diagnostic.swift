import Foundation

/// One finding of `iconpick check`: what is wrong, where, and how to fix it.
public struct Diagnostic: Equatable, Sendable, Codable {
  public enum Severity: String, Sendable, Codable, Comparable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
  }

  /// Stable and documented, e.g. `alternate-without-image`; scripts match on it.
  public var id: String
  public var severity: Severity
  /// The file to open, when one is at fault.
  public var file: String?
  /// 1-based, when the line can be found.
  public var line: Int?
  public var message: String
  /// What to do about it, in one sentence.
  public var fix: String

  public init(
    id: String, severity: Severity, file: String?, line: Int? = nil, message: String, fix: String
  ) {
    self.id = id
    self.severity = severity
    self.file = file
    self.line = line
    self.message = message
    self.fix = fix
  }
}
