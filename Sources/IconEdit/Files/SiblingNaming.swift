/// New image files named the way their set already names its own: `Icon-167.png` beside
/// `Icon-20.png` … `Icon-1024.png`, `Icon-App-83.5x83.5@2x.png` beside `Icon-App-60x60@3x.png`,
/// `icon_83.5pt@2x.png` beside `icon_60pt@3x.png`. The pattern is found from the siblings
/// themselves (the one that spells the most of them), never from a list of known tools.
struct SiblingNaming: Equatable {
  /// A set's image: its file name and the slot it fills.
  struct Sibling: Equatable {
    var fileName: String
    var pixels: Int
    /// As Contents.json writes it: `60`, `83.5`.
    var points: String
    var scale: Int
    var idiom: String = ""
  }

  enum Part: Equatable {
    case text(String)
    case pixels
    /// `60x60`, or `60` alone when `doubled` is false.
    case points(doubled: Bool)
    /// `@2x` (or `_2x`, `-2x`: `mark` is what comes before the number); at 1x written when
    /// `atOne`, else nothing.
    case scale(mark: String, atOne: Bool)
    /// `~iphone`, `~ipad`: the slot's idiom as Apple's loose-file names write it.
    case idiom
  }

  var parts: [Part]

  func name(pixels: Int, points: String, scale: Int, idiom: String = "") -> String {
    parts.map { part -> String in
      switch part {
      case .text(let text): return text
      case .pixels: return "\(pixels)"
      case .points(let doubled): return doubled ? "\(points)x\(points)" : points
      case .scale(let mark, let atOne): return scale == 1 && !atOne ? "" : "\(mark)\(scale)x"
      case .idiom: return "~" + idiom
      }
    }.joined()
  }

  func name(for sibling: Sibling) -> String {
    name(pixels: sibling.pixels, points: sibling.points, scale: sibling.scale, idiom: sibling.idiom)
  }

  /// The pattern that spells the most siblings' names from their slots, when it spells at
  /// least two of them and more than half; nil otherwise (the caller keeps its own naming).
  static func detect(_ siblings: [Sibling]) -> SiblingNaming? {
    var best: (naming: SiblingNaming, count: Int)?
    var tried: [SiblingNaming] = []
    for sibling in siblings {
      for candidate in candidates(from: sibling) where !tried.contains(candidate) {
        tried.append(candidate)
        let count = siblings.filter { candidate.name(for: $0) == $0.fileName }.count
        if count > (best?.count ?? 0) { best = (candidate, count) }
      }
    }
    guard let best, best.count >= 2, best.count * 2 > siblings.count else { return nil }
    return best.naming
  }

  /// The patterns one file name may follow: its pixel size, or its points (doubled or not)
  /// followed by its scale, taken out as a number of its own (not part of a longer one).
  static func candidates(from sibling: Sibling) -> [SiblingNaming] {
    var found: [SiblingNaming] = []
    for parts in numberCandidates(sibling) {
      found.append(SiblingNaming(parts: parts))
      // `Green-20@2x~iphone.png`: the idiom in the name too.
      let marker = "~" + sibling.idiom
      if !sibling.idiom.isEmpty {
        let split = parts.flatMap { part -> [Part] in
          guard case .text(let text) = part, let range = text.firstRange(of: marker) else {
            return [part]
          }
          return [
            .text(String(text[..<range.lowerBound])), .idiom,
            .text(String(text[range.upperBound...])),
          ]
        }
        if split != parts { found.append(SiblingNaming(parts: split)) }
      }
    }
    return found
  }

  /// The ways one name may hold its size: its pixels, or its points (doubled or not) followed,
  /// within a short unit (`pt`), by its scale (`@2x`, `_2x`, `-2x`), each a number of its own.
  static func numberCandidates(_ sibling: Sibling) -> [[Part]] {
    let name = sibling.fileName
    var found: [[Part]] = []
    if let range = numberRange(of: "\(sibling.pixels)", in: name) {
      found.append([
        .text(String(name[..<range.lowerBound])), .pixels, .text(String(name[range.upperBound...])),
      ])
    }
    for doubled in [true, false] {
      let points = doubled ? "\(sibling.points)x\(sibling.points)" : sibling.points
      guard let range = numberRange(of: points, in: name) else { continue }
      let before = Part.text(String(name[..<range.lowerBound]))
      let after = name[range.upperBound...]
      var scaled = false
      for mark in ["@", "_", "-"] {
        guard let scaleRange = after.firstRange(of: "\(mark)\(sibling.scale)x"),
          after.distance(from: after.startIndex, to: scaleRange.lowerBound) <= 3
        else { continue }
        scaled = true
        for atOne in [true, false] where sibling.scale != 1 || atOne {
          found.append([
            before, .points(doubled: doubled), .text(String(after[..<scaleRange.lowerBound])),
            .scale(mark: mark, atOne: atOne), .text(String(after[scaleRange.upperBound...])),
          ])
        }
      }
      if !scaled, sibling.scale == 1 {
        // `Icon-76.png` at 1x: the scale written nowhere.
        found.append([
          before, .points(doubled: doubled), .scale(mark: "@", atOne: false), .text(String(after)),
        ])
      }
    }
    return found
  }

  /// The last place `number` stands in `text` as a number of its own: no digit or `.` digit
  /// touching it on either side.
  static func numberRange(of number: String, in text: String) -> Range<String.Index>? {
    var search = text.startIndex..<text.endIndex
    var last: Range<String.Index>?
    while let range = text[search].firstRange(of: number) {
      let before =
        range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
      let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
      let afterNext =
        range.upperBound == text.endIndex || text.index(after: range.upperBound) == text.endIndex
        ? nil : text[text.index(after: range.upperBound)]
      let touchesBefore = before?.isNumber == true
      let touchesAfter =
        after?.isNumber == true || (after == "." && afterNext?.isNumber == true)
      if !touchesBefore && !touchesAfter { last = range }
      search = text.index(after: range.lowerBound)..<text.endIndex
    }
    return last
  }

  /// `fileName` with the pixel size it states (`night-2048.png`) changed to `side`, for an image
  /// resampled to it; unchanged when it states no such number.
  static func resized(_ fileName: String, from source: Int, to side: Int) -> String {
    guard source != side, let range = numberRange(of: "\(source)", in: fileName) else {
      return fileName
    }
    var renamed = fileName
    renamed.replaceSubrange(range, with: "\(side)")
    return renamed
  }
}
