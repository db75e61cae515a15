import FoundationEssentials

extension AppIcons {
  /// The order people see: the primary first (App Review 4.6: the way back to the original
  /// icon is always there), then the alternates in natural order, as Finder and Xcode list
  /// them: case-insensitive, numbers by value ("Alternate 2" before "Alternate 15").
  public var listedIcons: [AppIcon] {
    [primary] + alternates.sorted { IconOrder.precedes($0.name, $1.name) }
  }
}

/// The natural order of icon names.
///
/// The order is NSString's `compare(options: [.caseInsensitive, .numeric])`. ASCII names, nearly
/// all icon names, are compared here: NSString's goes through CoreFoundation's string code, which
/// every `list` and picker start would then map (0.2 MB of RSS, measured with /usr/bin/time) and
/// which bridges both strings on each of a sort's comparisons. Other names are compared as NSString
/// compared them, decomposed ("é" as "e" and an accent, so next to "e") and in lowercase, by
/// their scalars. The tests check the order against NSString's on generated names.
public enum IconOrder {
  /// Whether `lhs` comes before `rhs`: case-insensitive with numbers by value, independent of
  /// the locale; names that compare the same that way ("Blue", "blue") by their UTF-8 bytes,
  /// so the order never depends on the order they were declared in.
  public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
    switch naturalOrder(lhs, rhs) {
    case ..<0: true
    case 1...: false
    default: lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
  }

  /// -1, 0 or 1: `lhs` before, level with or after `rhs`. For ASCII names, letters compare by
  /// their lowercase code points, and a run of digits with a run in the other name by value
  /// ("9" < "10", "010" level with "10").
  static func naturalOrder(_ lhs: String, _ rhs: String) -> Int {
    var (lhs, rhs) = (lhs, rhs)
    let ascii = lhs.withUTF8 { left in
      rhs.withUTF8 { right in
        left.allSatisfy { $0 < 0x80 } && right.allSatisfy { $0 < 0x80 }
          ? asciiOrder(left, right) : nil
      }
    }
    if let ascii { return ascii }
    return asciiOrder(folded(lhs), folded(rhs))
  }

  /// A name's scalars as NSString compared them without regard to case: decomposed (NFD), each
  /// in lowercase.
  private static func folded(_ name: String) -> [UInt32] {
    UnicodeForms.nfd(name).unicodeScalars.flatMap { scalar in
      scalar.properties.lowercaseMapping.unicodeScalars.map(\.value)
    }
  }

  /// `naturalOrder` of two ASCII names, on their bytes in place: a sort compares names many
  /// times, so nothing is allocated here.
  private static func asciiOrder<Units: RandomAccessCollection>(_ left: Units, _ right: Units)
    -> Int where Units.Index == Int, Units.Element: FixedWidthInteger
  {
    func isDigit(_ byte: Units.Element) -> Bool { byte >= 0x30 && byte <= 0x39 }
    func lowered(_ byte: Units.Element) -> Units.Element {
      byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }
    /// The digits of the run at `start` without leading zeros, and where the run ends.
    func run(_ bytes: Units, from start: Int) -> (Range<Int>, end: Int) {
      var end = start
      while end < bytes.count, isDigit(bytes[end]) { end += 1 }
      var first = start
      while first < end - 1, bytes[first] == 0x30 { first += 1 }
      return (first..<end, end)
    }
    var (i, j) = (0, 0)
    while i < left.count, j < right.count {
      if isDigit(left[i]), isDigit(right[j]) {
        let (leftDigits, nextI) = run(left, from: i)
        let (rightDigits, nextJ) = run(right, from: j)
        if leftDigits.count != rightDigits.count {
          return leftDigits.count < rightDigits.count ? -1 : 1
        }
        for (l, r) in zip(leftDigits, rightDigits) where left[l] != right[r] {
          return left[l] < right[r] ? -1 : 1
        }
        (i, j) = (nextI, nextJ)
        continue
      }
      let (l, r) = (lowered(left[i]), lowered(right[j]))
      if l != r { return l < r ? -1 : 1 }
      (i, j) = (i + 1, j + 1)
    }
    if i < left.count { return 1 }
    if j < right.count { return -1 }
    return 0
  }
}
