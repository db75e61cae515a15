import IconCatalog
import Testing

@testable import IconEdit

@Suite struct SettingListTests {
  static let values = [
    "", "A", "A B", "  A   B  ", "\"Blue Green\" Red", "A\tB", "$(inherited) Blue",
    "'single quoted' B", "Esc\\ aped B",
  ]

  @Test(arguments: values)
  func itemsAgreeWithTheBuildsSplit(_ value: String) {
    #expect(SettingList.items(value).map(\.value) == EditPlaces.listItems(value))
  }

  @Test(arguments: values)
  func appendingThenRemovingGivesTheTextBack(_ value: String) {
    for name in ["Zed", "Two Words"] {
      let appended = SettingList.appending(name, to: value)
      #expect(EditPlaces.listItems(appended) == EditPlaces.listItems(value) + [name])
      let back = SettingList.removing(name, from: appended)
      #expect(back == value.trimmingTrailingWhitespace())
    }
  }

  @Test func removesANameInTheMiddleWithOneSpace() {
    #expect(SettingList.removing("B", from: "A B C") == "A C")
    #expect(SettingList.removing("A", from: "A B C") == "B C")
    #expect(SettingList.removing("C", from: "A B C") == "A B")
    #expect(SettingList.removing("Blue Green", from: "\"Blue Green\" Red") == "Red")
    #expect(SettingList.removing("D", from: "A B C") == nil)
    // Only whole names: "Blue" is not part of "BlueDark".
    #expect(SettingList.removing("Blue", from: "BlueDark Blue") == "BlueDark")
  }
}

@Suite struct IconNameRulesTests {
  @Test(arguments: [
    ("", "it is empty"), (" Blue", "it starts or ends with a space"),
    ("Dark/Blue", "folder"), ("Blue:2", "file name"), (".Blue", "hides"),
    ("$(NAME)", "expand"), ("Blue\"", "quote"), ("A\u{7}", "control"),
  ])
  func refusesNamesTheFilesCannotHold(_ case: (String, String)) {
    let problem = IconNameRules.problem(with: `case`.0)
    #expect(problem?.contains(`case`.1) == true, "\(problem ?? "nil")")
  }

  @Test(arguments: ["Blue", "Alternate 2", "AppIcon-Dark", "Café", "icon_3"])
  func acceptsOrdinaryNames(_ name: String) {
    #expect(IconNameRules.problem(with: name) == nil)
  }
}
