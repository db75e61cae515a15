import FoundationEssentials

/// Short names for people: icon names usually repeat the primary's name (`AppIcon-Green`),
/// which says nothing in a list of icons, and are written for code (`AppIconDarkMode`).
public enum IconDisplayName {
  /// The primary → "Default". An alternate: the last component of a namespaced name
  /// (`Seasons/AppIcon-Winter` → `AppIcon-Winter`), split into words at separators (- _ . space) and
  /// case changes, without the primary's name (or Xcode's default, `AppIcon`) at the start or the
  /// end: `AppIcon-Green` → "Green", `AppIconDarkMode` → "Dark Mode", `AppIconRetroCRT` →
  /// "Retro CRT", `cute_appicon` → "cute", `BlueIcon` → "Blue Icon". A number alone keeps the word
  /// before it: `AppIcon2` → "Icon 2". Letter case is kept. If nothing would be left, the name.
  public static func friendly(for name: String, primaryName: String, isPrimary: Bool) -> String {
    if isPrimary { return "Default" }
    return Namer(primaryName: primaryName).friendly(for: name)
  }

  /// Names many alternates of one app: what to drop from each is worked out once.
  struct Namer {
    /// The primary's name and `AppIcon`, lower-cased without separators.
    private let redundant: [String]

    init(primaryName: String) {
      redundant = [lastComponent(primaryName), defaultName].map {
        $0.lowercased().filter { !separators.contains($0) }
      }
    }

    func friendly(for name: String) -> String {
      let name = lastComponent(name)
      let words = words(in: name)
      guard !words.isEmpty else { return name }

      var dropsEverything = false
      for target in redundant {
        for fromEnd in [false, true] {
          guard let count = matchingWords(words, target, fromEnd: fromEnd) else { continue }
          guard count < words.count else {
            dropsEverything = true
            continue
          }
          let rest = fromEnd ? Array(words.dropLast(count)) : Array(words.dropFirst(count))
          // "2" alone says little: keep the word it was numbering ("Icon 2").
          if !fromEnd, rest.count == 1, rest[0].allSatisfy(\.isNumber) {
            return "\(words[count - 1]) \(rest[0])"
          }
          return rest.joined(separator: " ")
        }
      }
      // The name is only the primary's (or AppIcon): shown as written, so it stays recognisable.
      return dropsEverything ? name : words.joined(separator: " ")
    }
  }

  /// Two icons must never look the same in a list: where short names collide (`beta` for both
  /// `AppIcon.beta` and `beta`, or an alternate called `Default`), each colliding icon whose name
  /// says more than its short name shows the name itself, and any that still collide are told
  /// apart by their name in brackets. Case is ignored: `Beta` and `beta` read as one word.
  static func keepApart(_ icons: inout [AppIcon], primaryDisplayName: String) {
    func collisions() -> [String: Int] {
      var counts: [String: Int] = [primaryDisplayName.lowercased(): 1]
      for icon in icons { counts[icon.displayName.lowercased(), default: 0] += 1 }
      return counts
    }
    var counts = collisions()
    guard counts.values.contains(where: { $0 > 1 }) else { return }
    for index in icons.indices where counts[icons[index].displayName.lowercased()]! > 1 {
      if icons[index].displayName != icons[index].name {
        icons[index].displayName = icons[index].name
      }
    }
    counts = collisions()
    for index in icons.indices where counts[icons[index].displayName.lowercased()]! > 1 {
      icons[index].displayName += " (\(icons[index].name))"
    }
  }

  /// Xcode's name for the first icon set; alternates are often named after it.
  private static let defaultName = "AppIcon"
  private static let separators: Set<Character> = ["-", "_", " ", "."]

  private static func lastComponent(_ name: String) -> String {
    // Nearly every name has no group: splitting by Characters cost 5,000 instructions a name.
    guard name.utf8.contains(UInt8(ascii: "/")) else { return name }
    return name.split(separator: "/").last.map(String.init) ?? name
  }

  /// How many of `words`, from the start (or end), spell `target` (lower case, no separators):
  /// `App`,`Icon` spell `appicon`. Nil when they do not spell it exactly.
  private static func matchingWords(_ words: [String], _ target: String, fromEnd: Bool) -> Int? {
    guard !target.isEmpty else { return nil }
    var spelled = ""
    for (index, word) in (fromEnd ? words.reversed() : words).enumerated() {
      spelled = fromEnd ? word.lowercased() + spelled : spelled + word.lowercased()
      if spelled == target { return index + 1 }
      guard fromEnd ? target.hasSuffix(spelled) : target.hasPrefix(spelled) else { return nil }
    }
    return nil
  }

  /// `AppIcon-RetroCRT2` → App, Icon, Retro, CRT, 2. A new word starts after a separator; at an
  /// upper-case letter after a lower-case one (but `iPhone`, `iOS` stay whole); at the last capital
  /// of a run that a lower-case letter follows (`HDRMode` → HDR, Mode); at a digit after two or
  /// more letters (`V2` stays, `Retro2` splits); at a capital after digits that starts a word
  /// (`2024Crescendo` → 2024, Crescendo; `3D` stays).
  static func words(in text: String) -> [String] {
    asciiWords(in: text) ?? characterWords(in: text)
  }

  /// `words(in:)` by Characters, for any name.
  static func characterWords(in text: String) -> [String] {
    var words: [String] = []
    var current = ""
    var currentCount = 0  // String.count walks the string
    let characters = Array(text)
    let traits = characters.map(Traits.init)
    for (index, character) in characters.enumerated() {
      if separators.contains(character) {
        if !current.isEmpty { words.append(current) }
        current = ""
        currentCount = 0
        continue
      }
      if currentCount > 0 {
        let this = traits[index]
        let previous = traits[index - 1]
        let nextIsLower = index + 1 < traits.count && traits[index + 1].isLowercase
        var boundary = false
        if this.isUppercase && previous.isLowercase {
          boundary = currentCount != 1  // iPhone, iOS, eSports
        } else if this.isUppercase && previous.isUppercase && nextIsLower {
          boundary = true
        } else if this.isNumber && previous.isLetter {
          boundary = currentCount > 1
        } else if this.isUppercase && previous.isNumber && nextIsLower {
          boundary = true
        }
        if boundary {
          words.append(current)
          current = ""
          currentCount = 0
        }
      }
      current.append(character)
      currentCount += 1
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  /// `words(in:)` of a name whose every Character is one ASCII byte (no carriage return, which
  /// joins a line feed after it into one Character), by its bytes: the same rules without
  /// making Characters, which cost 15,000 instructions a name in a list of thousands. Nil for
  /// any other name.
  static func asciiWords(in text: String) -> [String]? {
    let bytes = Array(text.utf8)
    guard bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return nil }
    func isUppercase(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) }
    func isLowercase(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) }
    func isNumber(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    var words: [String] = []
    // The current word is bytes[start..<start + count].
    var start = 0
    var count = 0
    func endWord() {
      if count > 0 { words.append(String(decoding: bytes[start..<start + count], as: UTF8.self)) }
      count = 0
    }
    for (index, byte) in bytes.enumerated() {
      if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: " ")
        || byte == UInt8(ascii: ".")
      {
        endWord()
        continue
      }
      if count > 0 {
        let previous = bytes[index - 1]
        let nextIsLower = index + 1 < bytes.count && isLowercase(bytes[index + 1])
        let previousIsLetter = isUppercase(previous) || isLowercase(previous)
        var boundary = false
        if isUppercase(byte) && isLowercase(previous) {
          boundary = count != 1  // iPhone, iOS, eSports
        } else if isUppercase(byte) && isUppercase(previous) && nextIsLower {
          boundary = true
        } else if isNumber(byte) && previousIsLetter {
          boundary = count > 1
        } else if isUppercase(byte) && isNumber(previous) && nextIsLower {
          boundary = true
        }
        if boundary { endWord() }
      }
      if count == 0 { start = index }
      count += 1
    }
    endWord()
    return words
  }

  /// The character properties word splitting asks about, answered without Unicode tables for
  /// ASCII: names are nearly always ASCII, and the tables dominate naming thousands of icons.
  private struct Traits {
    var isUppercase: Bool
    var isLowercase: Bool
    var isNumber: Bool
    var isLetter: Bool

    init(_ character: Character) {
      if let ascii = character.asciiValue {
        isUppercase = (0x41...0x5A).contains(ascii)
        isLowercase = (0x61...0x7A).contains(ascii)
        isNumber = (0x30...0x39).contains(ascii)
        isLetter = isUppercase || isLowercase
      } else {
        isUppercase = character.isUppercase
        isLowercase = character.isLowercase
        isNumber = character.isNumber
        isLetter = character.isLetter
      }
    }
  }
}
