import FoundationEssentials
import IconCatalog

/// fzf-style fuzzy matching: the query's characters must appear in the text in order, not
/// necessarily together, ignoring case. A match scores higher for contiguous runs, for
/// characters at the start of a word (after a space or punctuation, a camelCase hump, the first
/// digit of a number) and for starting early; gaps cost a little.
///
/// Texts are prepared once (`FuzzyText`): a key per character and its bonus, so matching is
/// integer comparisons over small arrays, with no string work per key press.
public enum FuzzyMatch {
  static let matchScore: Int32 = 16
  /// Added to a character matched right after the one before it.
  static let consecutiveBonus: Int32 = 5
  static let firstCharacterBonus: Int16 = 10
  static let wordStartBonus: Int16 = 8
  static let humpBonus: Int16 = 7
  /// A gap of n skipped characters costs `gapStart + n - 1`.
  static let gapStart: Int32 = 3
  /// Each character before the first match costs one point, up to this many.
  static let leadingLimit: Int32 = 5
  static let impossible = Int32.min / 4

  /// What a query character is compared by: its lower-case form's first scalar.
  static func key(_ character: Character) -> UInt32 {
    if let ascii = character.asciiValue {
      return UInt32(ascii >= 65 && ascii <= 90 ? ascii + 32 : ascii)
    }
    return String(character).lowercased().unicodeScalars.first?.value ?? 0
  }

  /// The query as keys, one per character (composed first, like the texts).
  public static func keys(_ query: String) -> [UInt32] {
    UnicodeForms.nfc(query).map(key)
  }

  /// Which of 64 classes of characters (by key) a text or query has: a text without all of a
  /// query's classes cannot match it, which rules most texts out at the cost of one AND.
  static func classes<Keys: Sequence<UInt32>>(_ keys: Keys) -> UInt64 {
    keys.reduce(0) { $0 | 1 << UInt64($1 & 63) }
  }

  /// The best score of `query` in `text`, or nil when its characters are not all there in order.
  public static func score(_ query: [UInt32], in text: FuzzyText) -> Int32? {
    score(query, classes: classes(query), in: text)
  }

  /// As `score(_:in:)`, with the query's classes worked out once for many texts.
  static func score(_ query: [UInt32], classes: UInt64, in text: FuzzyText) -> Int32? {
    let m = query.count
    let n = text.keys.count
    guard m > 0 else { return 0 }
    guard m <= n, text.classes & classes == classes, isSubsequence(query, of: text.keys) else {
      return nil
    }
    if m == 1 { return singleScore(query[0], in: text) }
    return text.keys.withUnsafeBufferPointer { keys in
      text.bonuses.withUnsafeBufferPointer { bonuses in
        query.withUnsafeBufferPointer { query in
          withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * n) { buffer in
            var previous = UnsafeMutableBufferPointer(rebasing: buffer[0..<n])
            var current = UnsafeMutableBufferPointer(rebasing: buffer[n..<(2 * n)])
            firstRow(query[0], keys: keys, bonuses: bonuses, into: previous)
            for i in 1..<m {
              nextRow(
                query[i], row: i, keys: keys, bonuses: bonuses,
                previous: UnsafeBufferPointer(previous),
                into: current)
              swap(&previous, &current)
            }
            let best = previous.max() ?? impossible
            return best <= impossible / 2 ? nil : best
          }
        }
      }
    }
  }

  /// Which characters of `text` (indices into its characters) the best match of `query` uses;
  /// nil when it does not match. For drawing the few rows on screen, so it keeps the whole table.
  public static func positions(_ query: [UInt32], in text: FuzzyText) -> [Int]? {
    let m = query.count
    let n = text.keys.count
    guard m > 0 else { return [] }
    guard m <= n, isSubsequence(query, of: text.keys) else { return nil }
    var table = [Int32](repeating: impossible, count: m * n)
    text.keys.withUnsafeBufferPointer { keys in
      text.bonuses.withUnsafeBufferPointer { bonuses in
        table.withUnsafeMutableBufferPointer { table in
          firstRow(
            query[0], keys: keys, bonuses: bonuses,
            into: UnsafeMutableBufferPointer(rebasing: table[0..<n]))
          for i in 1..<m {
            nextRow(
              query[i], row: i, keys: keys, bonuses: bonuses,
              previous: UnsafeBufferPointer(rebasing: table[((i - 1) * n)..<(i * n)]),
              into: UnsafeMutableBufferPointer(rebasing: table[(i * n)..<((i + 1) * n)]))
          }
        }
      }
    }
    // Back from the best end: each step finds the cell the score came from.
    let last = (m - 1) * n
    var j = (0..<n).max { table[last + $0] < table[last + $1] }!
    guard table[last + j] > impossible / 2 else { return nil }
    var positions = [j]
    for i in stride(from: m - 1, to: 0, by: -1) {
      let here = table[i * n + j]
      let own = matchScore + Int32(text.bonuses[j])
      let above = (i - 1) * n
      if j > 0, table[above + j - 1] > impossible / 2,
        table[above + j - 1] + own + consecutiveBonus == here
      {
        j -= 1
      } else {
        var from = j - 2
        while from >= 0 {
          let cell = table[above + from]
          if cell > impossible / 2, cell - Int32(j - from - 1) - (gapStart - 1) + own == here {
            break
          }
          from -= 1
        }
        j = max(0, from)
      }
      positions.append(j)
    }
    return positions.reversed()
  }

  /// One character: its best place, without the table.
  private static func singleScore(_ q: UInt32, in text: FuzzyText) -> Int32? {
    var best: Int32?
    for j in 0..<text.keys.count where text.keys[j] == q {
      let score = matchScore + Int32(text.bonuses[j]) - min(Int32(j), leadingLimit)
      if best == nil || score > best! { best = score }
    }
    return best
  }

  static func isSubsequence(_ query: [UInt32], of keys: [UInt32]) -> Bool {
    var i = 0
    for key in keys where key == query[i] {
      i += 1
      if i == query.count { return true }
    }
    return false
  }

  private static func firstRow(
    _ q: UInt32, keys: UnsafeBufferPointer<UInt32>, bonuses: UnsafeBufferPointer<Int16>,
    into row: UnsafeMutableBufferPointer<Int32>
  ) {
    for j in 0..<keys.count {
      row[j] =
        keys[j] == q
        ? matchScore + Int32(bonuses[j]) - min(Int32(j), leadingLimit) : impossible
    }
  }

  /// Row `i`: the best score of the query's first i+1 characters with the last at column j.
  private static func nextRow(
    _ q: UInt32, row i: Int, keys: UnsafeBufferPointer<UInt32>,
    bonuses: UnsafeBufferPointer<Int16>, previous: UnsafeBufferPointer<Int32>,
    into row: UnsafeMutableBufferPointer<Int32>
  ) {
    // The best of previous[k] + k over k <= j - 2: a gap of g = j - k - 1 characters costs
    // gapStart + g - 1, so the score from k is previous[k] + k - j - (gapStart - 2).
    var bestBeforeGap = impossible
    for j in 0..<keys.count {
      if j >= 2, previous[j - 2] > impossible / 2 {
        bestBeforeGap = max(bestBeforeGap, previous[j - 2] + Int32(j - 2))
      }
      guard j >= i, keys[j] == q else {
        row[j] = impossible
        continue
      }
      let own = matchScore + Int32(bonuses[j])
      var best = impossible
      if previous[j - 1] > impossible / 2 { best = previous[j - 1] + own + consecutiveBonus }
      if bestBeforeGap > impossible / 2 {
        best = max(best, bestBeforeGap - Int32(j) - (gapStart - 2) + own)
      }
      row[j] = best
    }
  }
}

/// A text prepared for matching: a key and a bonus per character.
public struct FuzzyText: Equatable, Sendable {
  public let keys: [UInt32]
  let bonuses: [Int16]
  let classes: UInt64

  public init(_ text: String) {
    let characters = Array(UnicodeForms.nfc(text))
    keys = characters.map(FuzzyMatch.key)
    classes = FuzzyMatch.classes(keys)
    var bonuses = [Int16](repeating: 0, count: characters.count)
    for (index, character) in characters.enumerated() {
      let word = character.isLetter || character.isNumber
      guard word else { continue }
      if index == 0 {
        bonuses[index] = FuzzyMatch.firstCharacterBonus
        continue
      }
      let before = characters[index - 1]
      if !(before.isLetter || before.isNumber) {
        bonuses[index] = FuzzyMatch.wordStartBonus
      } else if (before.isLowercase && character.isUppercase)
        || (before.isLetter && character.isNumber)
      {
        bonuses[index] = FuzzyMatch.humpBonus
      }
    }
    self.bonuses = bonuses
  }
}
