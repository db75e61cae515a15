import Foundation

/// One finding of `iconpick check`: what is wrong, where, and how to fix it.
public struct Diagnostic: Equatable, Sendable, Codable {
  public enum Severity: String, Sendable, Codable, Comparable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
  }

  /// Stable and documented, e.g. `alternate-without-image`; scripts match on it.
  public var id: DiagnosticID
  /// The file to open, when one is at fault.
  public var file: String?
  /// 1-based, when the line can be found.
  public var line: Int?
  public var message: String
  /// What to do about it, in one sentence.
  public var fix: String

  /// Every finding of one id has the id's severity.
  public var severity: Severity { id.severity }

  public init(id: DiagnosticID, file: String?, line: Int? = nil, message: String, fix: String) {
    self.id = id
    self.file = file
    self.line = line
    self.message = message
    self.fix = fix
  }

  private enum CodingKeys: String, CodingKey { case id, severity, file, line, message, fix }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(DiagnosticID.self, forKey: .id)
    file = try container.decodeIfPresent(String.self, forKey: .file)
    line = try container.decodeIfPresent(Int.self, forKey: .line)
    message = try container.decode(String.self, forKey: .message)
    fix = try container.decode(String.self, forKey: .fix)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(severity, forKey: .severity)
    try container.encodeIfPresent(file, forKey: .file)
    try container.encodeIfPresent(line, forKey: .line)
    try container.encode(message, forKey: .message)
    try container.encode(fix, forKey: .fix)
  }
}
