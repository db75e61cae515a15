import Foundation
import IconCatalog
import Testing

@testable import IconCheck

/// `primary-missing-size` (ITMS-90022, ITMS-90023) and `alternate-missing-size` (ITMS-90890,
/// ITMS-90892).
@Suite struct SizeChecksTests {
  typealias Slot = StoreFixture.Slot

  static let marketing = Slot(
    file: "1024.png", idiom: "ios-marketing", size: "1024x1024", scale: "1x")
  static let iPhone120 = Slot(file: "60@2x.png", idiom: "iphone", size: "60x60", scale: "2x")
  static let iPhone80 = Slot(file: "40@2x.png", idiom: "iphone", size: "40x40", scale: "2x")
  /// Spotlight's 40pt @3x: 120×120 pixels, but not the app icon slot.
  static let spotlight120 = Slot(file: "40@3x.png", idiom: "iphone", size: "40x40", scale: "3x")
  static let iPad152 = Slot(file: "76@2x.png", idiom: "ipad", size: "76x76", scale: "2x")
  static let iPad167 = Slot(file: "83.5@2x.png", idiom: "ipad", size: "83.5x83.5", scale: "2x")

  @Test func primaryWithoutTheIPhoneSizeIsAnError() throws {
    let app = try StoreFixture()
    try app.config()
    let set = try app.set("AppIcon", [Self.marketing, Self.iPhone80, Self.spotlight120])
    let found = try app.diagnose(.primaryMissingSize)
    #expect(found.count == 1)
    let diagnostic = try #require(found.first)
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.file == set.appendingPathComponent("Contents.json").path)
    #expect(diagnostic.line == 2)
    #expect(diagnostic.message.contains("120×120 iPhone (60pt @2x)"))
    #expect(diagnostic.message.contains("ITMS-90022"))
    #expect(!diagnostic.message.contains("iPad"))
  }

  @Test func anIPadAppAlsoNeedsTheIPadSizes() throws {
    let app = try StoreFixture()
    try app.config(family: "1,2")
    try app.set("AppIcon", [Self.marketing, Self.iPhone120])
    let found = try app.diagnose(.primaryMissingSize)
    #expect(found.count == 1)
    let message = try #require(found.first?.message)
    #expect(message.contains("152×152 iPad (76pt @2x) and 167×167 iPad (83.5pt @2x)"))
    #expect(message.contains("ITMS-90023"))
    #expect(!message.contains("ITMS-90022"))
  }

  @Test func everySizeThereOrOneSingleSizeImageIsClean() throws {
    let app = try StoreFixture()
    try app.config(alternates: ["Blue"], family: "1,2")
    try app.set("AppIcon", [Self.marketing, Self.iPhone120, Self.iPad152, Self.iPad167])
    try app.set("Blue", [.single("Blue.png")])
    let found = try app.diagnose()
    #expect(found.filter { storeIDs.contains($0.id) } == [])
  }

  /// actool draws every size from an Icon Composer bundle.
  @Test func anIconComposerBundleCoversEverySize() throws {
    let app = try StoreFixture()
    try app.config(alternates: ["Storm"], family: "1,2")
    try app.set("AppIcon", [.single("AppIcon.png")])
    try app.write(
      "Assets.xcassets/Storm.icon/icon.json",
      #"{ "groups" : [ { "layers" : [ { "image-name" : "wave.png", "name" : "wave" } ] } ] }"#)
    try png(app.url("Assets.xcassets/Storm.icon/Assets/wave.png"), width: 1024, height: 1024)
    let icons = try AppIconReader.read(at: app.root, target: nil, configuration: nil)
    #expect(
      icons.alternate(named: "Storm")?.renditions.contains { $0.kind == .iconComposer } == true)
    #expect(try app.diagnose().filter { $0.id.rawValue.hasSuffix("-missing-size") } == [])
  }

  @Test func anIPadOnlyAppNeedsNoIPhoneSize() throws {
    let app = try StoreFixture()
    try app.config(family: "2")
    try app.set("AppIcon", [Self.marketing, Self.iPad152, Self.iPad167])
    #expect(try app.diagnose(.primaryMissingSize) == [])
  }

  @Test func anAlternateWithoutTheSizesIsAWarning() throws {
    let app = try StoreFixture()
    try app.config(alternates: ["Blue"], family: "1,2")
    try app.set("AppIcon", [.single("AppIcon.png")])
    try app.set("Blue", [Self.marketing, Self.iPhone80])
    let found = try app.diagnose(.alternateMissingSize)
    #expect(found.count == 1)
    #expect(found.first?.severity == .warning)
    #expect(found.first?.message.hasPrefix("alternate icon \"Blue\" has no 120×120 iPhone") == true)
    #expect(found.first?.message.contains("ITMS-90890, ITMS-90892") == true)
    #expect(try app.diagnose(.primaryMissingSize) == [])
  }

  /// Loose `CFBundleIconFiles` files count by the pixels their headers give, whatever their names
  /// say; a file that cannot be measured (a Git LFS pointer) claims nothing missing.
  @Test func looseFilesCountByTheirPixels() throws {
    let app = try StoreFixture()
    try app.settings([
      "PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.Store", "TARGETED_DEVICE_FAMILY = 1",
    ])
    let text = try app.infoPlist([
      "CFBundleIcons": [
        "CFBundlePrimaryIcon": ["CFBundleIconFiles": ["Icon"]],
        "CFBundleAlternateIcons": ["Red": ["CFBundleIconFiles": ["Red"]]],
      ]
    ])
    try png(app.url("Icons/Icon@2x.png"), width: 120, height: 120)
    try png(app.url("Icons/Red@2x.png"), width: 80, height: 80)
    let found = try app.diagnose()
    #expect(
      found.filter { $0.id.rawValue.hasSuffix("-missing-size") }.map(\.id) == [
        .alternateMissingSize
      ])
    // At the icon's declaration in Info.plist.
    let red = try #require(found.first { $0.id == .alternateMissingSize })
    #expect(red.file == app.path("Info.plist"))
    #expect(red.line == lineOf("<key>Red</key>", in: text))
    // Loose files have no slots: the fix names CFBundleIconFiles, not a set's slots.
    #expect(red.fix.hasPrefix("Add a 120×120 PNG to the files CFBundleIconFiles names"))
    #expect(!red.fix.contains("slots"))

    try app.write(
      "Icons/Red@2x.png", "version https://git-lfs.github.com/spec/v1\noid sha256:00\nsize 1\n")
    #expect(try app.diagnose(.alternateMissingSize) == [])
  }
}
