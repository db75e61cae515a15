import FoundationEssentials
import IconCatalog

/// One finding of `iconpick check`: what is wrong, where, and how to fix it.
public struct Diagnostic: Hashable, Sendable {
  public enum Severity: String, Sendable, Codable, Comparable, Hashable {
    /// Neither a fault nor a pass: something `check` could not verify, and why. Never fails a run.
    case note
    case warning
    case error

    private var rank: Int {
      switch self {
      case .note: return 0
      case .warning: return 1
      case .error: return 2
      }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
  }

  /// Stable and documented, e.g. `alternate-without-image`; scripts match on it.
  public var id: DiagnosticID
  /// The file to open, when one is at fault.
  public var file: String?
  /// 1-based, when the line can be found.
  public var line: Int?
  /// Where in `file`, for a file without lines to point at: a built app's binary Info.plist (its
  /// key path, `CFBundleIcons → CFBundleAlternateIcons → Blue → CFBundleIconName`) or its
  /// `Assets.car` (the asset and rendition). Nil for a project's findings, which have lines.
  public var within: String?
  public var message: String
  /// What to do about it, in one sentence.
  public var fix: String
  /// The id's severity, except for a note (a rule that could not judge says so as a note) and
  /// where evidence raises it: `set-not-shipped` is a warning, and an error where the app's code
  /// or another build configuration asks for the set (`DiagnosticID.severity` says which ids).
  public var severity: Severity
  /// The mechanical fix, as data (`check --fix` turns it into edits with IconEdit): set by the
  /// rule where the fault and the one right change are both certain, nil otherwise (an id with
  /// no fix, a built app, a finding whose right form is a guess). Its safety is the id's
  /// `fixSafety`.
  public var autofix: IconFix?
  /// What the finding is about, where its message also says things that change with unrelated
  /// edits (the names the app ships, a count): the code name and its call, the set. Nil: the
  /// message says what it is about (`identity`).
  public var subject: String?

  public init(
    id: DiagnosticID, file: String?, line: Int? = nil, within: String? = nil, message: String,
    fix: String, isNote: Bool = false, severity: Severity? = nil, autofix: IconFix? = nil,
    subject: String? = nil
  ) {
    self.id = id
    self.subject = subject
    self.file = file
    self.line = line
    self.within = within
    self.message = message
    self.fix = fix
    self.severity = isNote ? .note : severity ?? id.severity
    self.autofix = autofix
  }
}
