import FoundationEssentials
import IconCatalog

/// The files one fix would change, planned outside IconCheck (`check --fix` plans them with
/// IconEdit): what the report formats show of a finding's fix, JSON's `changes` and SARIF's
/// `artifactChanges`. A finding is matched to its plan by its `autofix`, so two findings one
/// change fixes share one plan.
///
///     let planned = PlannedFix(fix: fix, files: changeSet.changes.filter { !$0.isDirectory }.map {
///       PlannedFix.File(path: $0.path.path, original: $0.original, updated: $0.updated)
///     })
///     try CheckReport.render(groups, format: .sarif, root: root, plannedFixes: [planned])
public struct PlannedFix: Sendable, Equatable {
  /// One file's bytes before (nil: the fix makes it) and after (nil: the fix removes it).
  /// Folders are left out: a file's change implies its folder.
  public struct File: Sendable, Equatable {
    /// Absolute, as findings name files.
    public var path: String
    public var original: [UInt8]?
    public var updated: [UInt8]?

    public init(path: String, original: [UInt8]?, updated: [UInt8]?) {
      self.path = path
      self.original = original
      self.updated = updated
    }

    /// `create`, `delete` or `modify`.
    var action: String {
      original == nil ? "create" : updated == nil ? "delete" : "modify"
    }

    /// Both sides UTF-8 text with no NUL (a binary plist or a PNG is not).
    var isText: Bool {
      [original, updated].allSatisfy { bytes in
        guard let bytes else { return true }
        return !bytes.contains(0) && String(validating: bytes, as: UTF8.self) != nil
      }
    }

    /// The edits that turn `original` into `updated`, by lines; nil for a binary file.
    var replacements: [LineReplacement]? {
      guard isText else { return nil }
      return LineReplacement.between(original ?? [], updated ?? [])
    }
  }

  /// The finding's fix this plan carries out.
  public var fix: IconFix
  public var files: [File]

  public init(fix: IconFix, files: [File]) {
    self.fix = fix
    self.files = files
  }
}

/// Lines `startLine ..< startLine + deletedLines` of a text (1-based) replaced by `inserted`,
/// which holds whole lines with their line breaks. With no line deleted, `inserted` goes before
/// `startLine` (one past the last line: at the end).
struct LineReplacement: Equatable, Sendable {
  var startLine: Int
  var deletedLines: Int
  var inserted: String
  /// True when the deleted lines run to the end of a text whose last line has no line break:
  /// the region then ends at that line's end, as there is no next line to end at.
  var endsAtUnterminatedLastLine: Bool

  /// A text's lines, each with its line break (`\n`, or `\r\n` kept whole); the last one without
  /// one when the text does not end with a line break. Empty text: no lines.
  static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      lines.append(bytes[start...index])
      start = index + 1
    }
    if start < bytes.count { lines.append(bytes[start...]) }
    return lines
  }

  /// The fewest line replacements from `original` to `updated` (the standard library's diff of
  /// their lines), adjacent removals and insertions joined into one, in order.
  static func between(_ original: [UInt8], _ updated: [UInt8]) -> [LineReplacement] {
    let old = lines(original).map { Array($0) }
    let new = lines(updated).map { Array($0) }
    let difference = new.difference(from: old)
    var removed = Set<Int>()
    var inserted = Set<Int>()
    for change in difference {
      switch change {
      case .remove(let offset, _, _): removed.insert(offset)
      case .insert(let offset, _, _): inserted.insert(offset)
      }
    }
    let lastUnterminated = original.last.map { $0 != UInt8(ascii: "\n") } ?? false
    var found: [LineReplacement] = []
    var (i, j) = (0, 0)
    while i < old.count || j < new.count {
      let (startI, startJ) = (i, j)
      // A run of removed and inserted lines, however they interleave.
      while (i < old.count && removed.contains(i)) || (j < new.count && inserted.contains(j)) {
        while i < old.count && removed.contains(i) { i += 1 }
        while j < new.count && inserted.contains(j) { j += 1 }
      }
      if i > startI || j > startJ {
        found.append(
          LineReplacement(
            startLine: startI + 1, deletedLines: i - startI,
            inserted: String(decoding: new[startJ..<j].joined(), as: UTF8.self),
            endsAtUnterminatedLastLine: i > startI && i == old.count && lastUnterminated))
        continue
      }
      // A line both sides keep; a difference that is not the lines' would end the walk here.
      guard i < old.count, j < new.count else { break }
      i += 1
      j += 1
    }
    return found
  }

  /// SARIF's `deletedRegion`: from the start of `startLine` to the start of the line after the
  /// last deleted one (so their line breaks go too), or to the end of an unterminated last line
  /// (`endColumn` absent: the line's end); an empty region, an insertion point, for no deletion.
  var sarifRegion: [String: Int] {
    if deletedLines == 0 {
      return ["startLine": startLine, "startColumn": 1, "endLine": startLine, "endColumn": 1]
    }
    let last = startLine + deletedLines - 1
    if endsAtUnterminatedLastLine {
      return ["startLine": startLine, "startColumn": 1, "endLine": last]
    }
    return ["startLine": startLine, "startColumn": 1, "endLine": last + 1, "endColumn": 1]
  }
}
