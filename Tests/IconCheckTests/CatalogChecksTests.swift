import Foundation
import Testing

@testable import IconCheck

/// `unassigned-child` and `mixed-sizes-and-appearances`.
@Suite struct CatalogChecksTests {
  typealias Slot = StoreFixture.Slot

  @Test func aFileContentsJSONDoesNotNameIsAnUnassignedChild() throws {
    let app = try StoreFixture()
    try app.config()
    let set = try app.set("AppIcon", [.single("AppIcon.png")])
    let stray = set.appendingPathComponent("AppIcon copy.png")
    try png(stray, width: 1024, height: 1024)
    try app.write("Assets.xcassets/AppIcon.appiconset/.DS_Store", "")
    let found = try app.diagnose(.unassignedChild)
    #expect(found.count == 1)
    #expect(found.first?.severity == .warning)
    #expect(found.first?.file == stray.path)
    #expect(
      found.first?.message
        == "AppIcon copy.png lies in the app icon set \"AppIcon\", but its Contents.json names it in no slot, so the build leaves it out (actool: \"The app icon set \"AppIcon\" has an unassigned child.\")"
    )
  }

  @Test func everyFileNamedIsClean() throws {
    let app = try StoreFixture()
    try app.config()
    // Named in another case: the Mac's file system finds it, and so does actool.
    let set = try app.set("AppIcon", [.single("AppIcon.PNG")], images: false)
    try png(set.appendingPathComponent("AppIcon.png"), width: 1024, height: 1024)
    #expect(try app.diagnose(.unassignedChild) == [])
  }

  @Test func sizedEntriesBesideADarkImageAreMixed() throws {
    let app = try StoreFixture()
    try app.config()
    let set = try app.set(
      "AppIcon",
      [
        Slot(file: "1024.png", idiom: "ios-marketing", size: "1024x1024", scale: "1x"),
        Slot(file: "60@2x.png", idiom: "iphone", size: "60x60", scale: "2x"),
        .single("Dark.png", appearance: "dark"),
      ])
    let found = try app.diagnose(.mixedSizesAndAppearances)
    #expect(found.count == 1)
    #expect(found.first?.severity == .warning)
    #expect(found.first?.file == set.appendingPathComponent("Contents.json").path)
    #expect(found.first?.line == 5)
    #expect(
      found.first?.message
        == "app icon set \"AppIcon\" has dark images beside 1 per-size iPhone or iPad images; iOS 18 keeps using the sized images and never shows the dark icon"
    )
  }

  @Test func aSingleSizeSetWithAppearancesIsClean() throws {
    let app = try StoreFixture()
    try app.config()
    try app.set(
      "AppIcon",
      [
        .single("Any.png"), .single("Dark.png", appearance: "dark"),
        .single("Tinted.png", appearance: "tinted"),
      ])
    #expect(try app.diagnose().filter { storeIDs.contains($0.id) } == [])
  }
}
