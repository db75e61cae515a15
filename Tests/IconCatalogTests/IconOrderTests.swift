import Foundation
import IconCatalog
import Testing

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
