/// Names close to one that matched nothing, for "did you mean" hints. Names are matched
/// exactly everywhere; these only help the person correct a typo.
public enum NameSuggestions {
  /// The declared names close to `name`: equal ignoring case, within two edits ignoring case, or
  /// starting with it (ignoring case).
  public static func close(to name: String, among names: [String]) -> [String] {
    let typed = Array(name.lowercased().unicodeScalars)
    return names.filter { candidate in
      let declared = Array(candidate.lowercased().unicodeScalars)
      if declared == typed { return true }
      if declared.starts(with: typed) { return true }
      return editDistance(typed, declared, limit: 2) <= 2
    }
  }

  /// Levenshtein distance, or `limit + 1` as soon as it is known to exceed `limit`.
  static func editDistance(
    _ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int
  ) -> Int {
    if abs(a.count - b.count) > limit { return limit + 1 }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previous = Array(0...b.count)
    var row = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      row[0] = i
      var smallest = row[0]
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        row[j] = min(substitution, previous[j] + 1, row[j - 1] + 1)
        smallest = min(smallest, row[j])
      }
      if smallest > limit { return limit + 1 }
      swap(&previous, &row)
    }
    return previous[b.count]
  }
}
