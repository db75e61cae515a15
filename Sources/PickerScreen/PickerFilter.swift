/// An item's texts as the filter matches them: the display name, and the name when it differs.
struct SearchText: Equatable, Sendable {
  let displayName: FuzzyText
  let name: FuzzyText?

  init(_ item: PickerItem) {
    displayName = FuzzyText(item.displayName)
    name = item.name == item.displayName ? nil : FuzzyText(item.name)
  }

  /// The better of the two scores; nil when neither matches. `classes` are the query's.
  func score(_ query: [UInt32], classes: UInt64) -> Int32? {
    let display = FuzzyMatch.score(query, classes: classes, in: displayName)
    guard let name, let other = FuzzyMatch.score(query, classes: classes, in: name) else {
      return display
    }
    return max(display ?? other, other)
  }
}

/// The items a filter matched, best first, kept while it is typed for Backspace to go back to.
struct FilterRanking: Equatable, Sendable {
  var query: [UInt32]
  var rows: [Int]
}

/// Which characters of an item's display name and name the filter matched, to highlight them.
public struct FilterHighlight: Equatable, Sendable {
  /// Indices into the display name's characters.
  public var displayName: Set<Int> = []
  /// Indices into the name's characters.
  public var name: Set<Int> = []
}

extension PickerModel {
  /// The longest filter kept: more is no longer a name anyone types.
  static let filterLimit = 100

  /// The number of items the filter matches; all of them without one.
  public var matchCount: Int { rows.count }

  /// Whether the filter has text that matches nothing.
  public var filterMatchesNothing: Bool { rows.isEmpty && !(filter ?? "").isEmpty }

  /// The characters to highlight in an item: the filter's best match in each of its texts.
  public func highlight(forItem index: Int) -> FilterHighlight {
    guard !rankedQuery.isEmpty, searchTexts.indices.contains(index) else {
      return FilterHighlight()
    }
    let texts = searchTexts[index]
    var highlight = FilterHighlight()
    highlight.displayName = Set(FuzzyMatch.positions(rankedQuery, in: texts.displayName) ?? [])
    if let name = texts.name {
      highlight.name = Set(FuzzyMatch.positions(rankedQuery, in: name) ?? [])
    } else {
      highlight.name = highlight.displayName
    }
    return highlight
  }

  mutating func openFilter() {
    if filter == nil { filter = "" }
  }

  mutating func typeInFilter(_ text: String) {
    var typed = (filter ?? "") + text
    if typed.count > Self.filterLimit { typed = String(typed.prefix(Self.filterLimit)) }
    filter = typed
    refilter()
  }

  mutating func deleteInFilter() {
    guard var typed = filter, !typed.isEmpty else {
      clearFilter()
      return
    }
    typed.removeLast()
    filter = typed
    refilter()
  }

  /// Closes the filter line: every item again, the cursor on the item it was on (on the active
  /// one when the filter matched nothing).
  mutating func clearFilter() {
    filter = nil
    showAll()
  }

  private mutating func showAll() {
    let keep = cursorIndex ?? activeIndex
    rankedQuery = []
    rankings = []
    rows = Array(items.indices)
    cursor = keep
  }

  /// Ranks the items for the filter: best score first, ties in the list's order. The cursor goes
  /// to the best match, and the list to the top.
  private mutating func refilter() {
    let query = FuzzyMatch.keys(filter ?? "")
    guard !query.isEmpty else {
      showAll()
      return
    }
    // Backspace: a filter ranked before, while typing it, comes back as it was.
    while let last = rankings.last, last.query.count >= query.count {
      rankings.removeLast()
      if last.query == query {
        rankings.append(last)
        show(last.rows, for: query)
        return
      }
    }
    // A filter that extends the last one can only match what that one matched.
    if searchTexts.count != items.count { searchTexts = items.map(SearchText.init) }
    let narrows = !rankedQuery.isEmpty && query.starts(with: rankedQuery)
    let candidates = narrows ? rows : Array(items.indices)
    let classes = FuzzyMatch.classes(query)
    var scored: [(index: Int, score: Int32)] = []
    scored.reserveCapacity(candidates.count)
    for index in candidates {
      if let score = searchTexts[index].score(query, classes: classes) {
        scored.append((index, score))
      }
    }
    scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }
    let ranked = scored.map(\.index)
    if rankings.last.map({ query.starts(with: $0.query) }) != true { rankings.removeAll() }
    rankings.append(FilterRanking(query: query, rows: ranked))
    show(ranked, for: query)
  }

  private mutating func show(_ ranked: [Int], for query: [UInt32]) {
    rows = ranked
    rankedQuery = query
    cursor = 0
    scrollTop = 0
  }
}
