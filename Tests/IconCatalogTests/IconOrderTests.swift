import Foundation
import Testing

@testable import IconCatalog

@Suite("The order icons are listed in")
struct IconOrderTests {
  func app(alternates: [String]) -> AppIcons {
    func icon(_ name: String, primary: Bool) -> AppIcon {
      AppIcon(
        name: name, assetName: name, displayName: name, isPrimary: primary, renditions: [])
    }
    return AppIcons(
      appName: "Order", bundleIdentifier: nil, primary: icon("AppIcon", primary: true),
      alternates: alternates.map { icon($0, primary: false) },
      location: URL(fileURLWithPath: "/tmp"))
  }

  @Test("the primary first, then numbers by value: Alternate 2 before Alternate 15")
  func numbersByValue() {
    let names = ["Alternate 15", "Alternate 1", "Alternate 22", "Alternate 2", "Alternate 16"]
    #expect(
      app(alternates: names).listedIcons.map(\.name) == [
        "AppIcon", "Alternate 1", "Alternate 2", "Alternate 15", "Alternate 16", "Alternate 22",
      ])
  }

  @Test("case is ignored, and the primary stays first whatever its name")
  func caseInsensitive() {
    let names = ["zeta", "Alpha", "beta", "Gamma", "AAA"]
    #expect(
      app(alternates: names).listedIcons.map(\.name) == [
        "AppIcon", "AAA", "Alpha", "beta", "Gamma", "zeta",
      ])
  }

  @Test("numbers inside names, leading zeros and digits of different lengths")
  func numbersInsideNames() {
    let names = ["Icon10b", "Icon9", "icon10a", "Icon100", "Icon010"]
    let sorted = app(alternates: names).listedIcons.dropFirst().map(\.name)
    #expect(sorted.firstIndex(of: "Icon9")! < sorted.firstIndex(of: "icon10a")!)
    #expect(sorted.firstIndex(of: "icon10a")! < sorted.firstIndex(of: "Icon10b")!)
    #expect(sorted.last == "Icon100")
  }

  @Test("names equal but for case come in one order, whatever order they were declared in")
  func stableForCaseTwins() {
    let one = app(alternates: ["blue", "Blue", "BLUE"]).listedIcons.map(\.name)
    let other = app(alternates: ["BLUE", "blue", "Blue"]).listedIcons.map(\.name)
    #expect(one == other)
    #expect(one == ["AppIcon", "BLUE", "Blue", "blue"])
  }

  @Test("the order does not depend on the locale")
  func localeIndependent() {
    #expect(IconOrder.precedes("Alternate 2", "alternate 15"))
    #expect(!IconOrder.precedes("Alternate 15", "Alternate 2"))
    #expect(IconOrder.precedes("a", "B"))
  }
}

@Suite("IconOrder against NSString's natural order")
struct IconOrderDifferentialTests {
  /// ASCII names of the kinds icon sets get: letters of both cases, digits with leading zeros,
  /// spaces, dashes, underscores, dots and brackets.
  static func names(count: Int, seed: UInt64) -> [String] {
    var state = seed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let pieces = [
      "a", "B", "c", "Z", "y", "icon", "Icon", "ICON", "-", "_", " ", ".", "0", "00", "1", "2",
      "9", "10", "010", "15", "99", "100", "dark", "Dark", "[", "~", "@", "`", "^",
    ]
    return (0..<count).map { _ in
      (0..<(1 + next(4))).map { _ in pieces[next(pieces.count)] }.joined()
    }
  }

  @Test(
    "orders 3,000 pairs of generated ASCII names as NSString's caseInsensitive, numeric compare")
  func matchesNSString() {
    let left = Self.names(count: 3000, seed: 7)
    let right = Self.names(count: 3000, seed: 11)
    var disagreements: [String] = []
    for (a, b) in zip(left, right) {
      let expected: Int
      switch a.compare(b, options: [.caseInsensitive, .numeric]) {
      case .orderedAscending: expected = -1
      case .orderedDescending: expected = 1
      case .orderedSame: expected = 0
      }
      let ours = IconOrder.naturalOrder(a, b)
      if ours != expected {
        disagreements.append("\(a) | \(b): ours \(ours), NSString \(expected)")
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
  }
}

@Test("names outside ASCII sort decomposed, as NSString sorts them: é next to e, before i")
func nonASCIINames() {
  #expect(IconOrder.precedes("é", "Icon"))
  #expect(IconOrder.precedes("Ünicorn", "Zebra"))
  #expect(IconOrder.naturalOrder("Café 2", "café 10") == -1)
}
