import FoundationEssentials

/// Which findings a change brings and which it takes away, compared by what each is about (its
/// id, its file, and its subject or message), never by counting: a change to one icon must not
/// be blamed for a finding about another that was there before it.
extension Diagnostic {
  /// What stays the same of a finding while the project changes around it. Lines move with
  /// unrelated edits, so neither the line nor a `file:line` in the message counts.
  public var identity: String {
    "\(id.rawValue)\u{1F}\(file ?? "")\u{1F}\(within ?? "")\u{1F}\(subject ?? Self.withoutLines(message))"
  }

  /// `message` with each `:123` (a line, as `Settings.swift:42`) made `:#`.
  static func withoutLines(_ message: String) -> String {
    var out = ""
    out.reserveCapacity(message.utf8.count)
    var afterColon = false
    var skipping = false
    for character in message {
      if skipping, character.isASCII, character.isNumber { continue }
      skipping = false
      if afterColon, character.isASCII, character.isNumber {
        out.append("#")
        skipping = true
        afterColon = false
        continue
      }
      afterColon = character == ":"
      out.append(character)
    }
    return out
  }
}

/// The findings one change brings and takes away.
public struct FindingChange: Sendable {
  /// Errors and warnings `after` has that `before` had not.
  public var added: [Diagnostic]
  /// Errors and warnings `before` had that `after` has not.
  public var resolved: [Diagnostic]

  public init(before: [Diagnostic], after: [Diagnostic]) {
    func judged(_ findings: [Diagnostic]) -> [Diagnostic] {
      findings.filter { $0.severity != .note }
    }
    let beforeKeys = Set(judged(before).map(\.identity))
    let afterKeys = Set(judged(after).map(\.identity))
    var seen = Set<String>()
    added = judged(after).filter {
      !beforeKeys.contains($0.identity) && seen.insert($0.identity).inserted
    }
    seen = []
    resolved = judged(before).filter {
      !afterKeys.contains($0.identity) && seen.insert($0.identity).inserted
    }
  }
}
