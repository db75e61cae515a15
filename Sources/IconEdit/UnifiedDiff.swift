/// A unified diff (`diff -u`'s form, three lines of context), from the standard library's
/// `difference(from:)`, for `--dry-run`.
public enum UnifiedDiff {
  /// The diff of one file; empty when the texts are equal. `oldName` is `/dev/null` for a new
  /// file, `newName` for a removed one.
  public static func diff(
    old: String, new: String, oldName: String, newName: String, context: Int = 3
  ) -> String {
    let a = lines(old)
    let b = lines(new)
    guard a != b else { return "" }
    var removed = Set<Int>()
    var inserted = Set<Int>()
    for change in b.difference(from: a) {
      switch change {
      case .remove(let offset, _, _): removed.insert(offset)
      case .insert(let offset, _, _): inserted.insert(offset)
      }
    }
    // The edit script, in order: (old index, new index, mark).
    enum Mark { case same, minus, plus }
    var script: [(Int, Int, Mark)] = []
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
      if i < a.count, removed.contains(i) {
        script.append((i, j, .minus))
        i += 1
      } else if j < b.count, inserted.contains(j) {
        script.append((i, j, .plus))
        j += 1
      } else {
        script.append((i, j, .same))
        i += 1
        j += 1
      }
    }
    var output = "--- \(oldName)\n+++ \(newName)\n"
    var index = 0
    while index < script.count {
      guard script[index].2 != .same else {
        index += 1
        continue
      }
      // A hunk: from `context` lines before this change to `context` lines after the last change
      // that is within 2 * context lines of the one before it.
      let start = max(0, index - context)
      var end = index
      var last = index
      while end < script.count {
        if script[end].2 != .same { last = end }
        if end - last > 2 * context { break }
        end += 1
      }
      let stop = min(script.count, last + context + 1)
      let hunk = script[start..<stop]
      let oldCount = hunk.filter { $0.2 != .plus }.count
      let newCount = hunk.filter { $0.2 != .minus }.count
      let oldStart = oldCount == 0 ? hunk.first!.0 : hunk.first { $0.2 != .plus }!.0 + 1
      let newStart = newCount == 0 ? hunk.first!.1 : hunk.first { $0.2 != .minus }!.1 + 1
      output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
      for (oldIndex, newIndex, mark) in hunk {
        switch mark {
        case .same: output += " " + line(a[oldIndex])
        case .minus: output += "-" + line(a[oldIndex])
        case .plus: output += "+" + line(b[newIndex])
        }
      }
      index = stop
    }
    return output
  }

  private static func range(_ start: Int, _ count: Int) -> String {
    count == 1 ? "\(start)" : "\(start),\(count)"
  }

  /// A line as the diff prints it: its own text and newline, or `diff`'s note when the file
  /// ends without one.
  private static func line(_ text: Substring) -> String {
    text.last == "\n" || text.last == "\r\n"
      ? String(text) : String(text) + "\n\\ No newline at end of file\n"
  }

  /// The lines, each with its terminator, so a missing last newline is a difference.
  static func lines(_ text: String) -> [Substring] {
    var result: [Substring] = []
    var start = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      let next = text.index(after: index)
      if text[index] == "\n" || text[index] == "\r\n" {
        result.append(text[start..<next])
        start = next
      }
      index = next
    }
    if start < text.endIndex { result.append(text[start...]) }
    return result
  }
}
