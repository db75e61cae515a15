import Foundation
import Testing

@testable import IconCheck

/// `marketing-icon-alpha` (ITMS-90717) and the reworked `alpha-channel`: pixels, not channels,
/// and only where Apple requires opacity.
@Suite struct AlphaChecksTests {
  typealias Slot = StoreFixture.Slot

  @Test func aTransparentAppStoreImageIsAnError() throws {
    let app = try StoreFixture()
    try app.config()
    let set = try app.set("AppIcon", [.single("AppIcon.png")], images: false)
    let file = set.appendingPathComponent("AppIcon.png")
    try png(file, width: 1024, height: 1024, alpha: 255, transparentCorner: true)
    let found = try app.diagnose().filter { storeIDs.contains($0.id) }
    #expect(found.map(\.id) == [.marketingIconAlpha])
    #expect(found.first?.severity == .error)
    #expect(found.first?.file == file.path)
    #expect(found.first?.message.contains("1 of 1048576 pixels (<1%) are not opaque") == true)
    #expect(found.first?.message.contains("ITMS-90717") == true)
  }

  /// An RGBA file whose every pixel is opaque is what most exporters write: not a fault.
  @Test func anAlphaChannelWithEveryPixelOpaqueIsClean() throws {
    let app = try StoreFixture()
    try app.config(alternates: ["Blue"])
    let set = try app.set("AppIcon", [.single("AppIcon.png")], images: false)
    try png(set.appendingPathComponent("AppIcon.png"), width: 1024, height: 1024, alpha: 255)
    let blue = try app.set(
      "Blue",
      [.single("Blue.png"), Slot(file: "60@2x.png", idiom: "iphone", size: "60x60", scale: "2x")],
      images: false)
    try png(blue.appendingPathComponent("Blue.png"), width: 1024, height: 1024, alpha: 255)
    try png(blue.appendingPathComponent("60@2x.png"), width: 120, height: 120, alpha: 255)
    #expect(try app.diagnose().filter { storeIDs.contains($0.id) } == [])
  }

  /// Dark and tinted images are drawn over the system's backdrop: transparent by design, alike.
  @Test func darkAndTintedImagesMayBeTransparent() throws {
    let app = try StoreFixture()
    try app.config()
    let set = try app.set(
      "AppIcon",
      [
        .single("Any.png"), .single("Dark.png", appearance: "dark"),
        .single("Tinted.png", appearance: "tinted"),
      ],
      images: false)
    try png(set.appendingPathComponent("Any.png"), width: 1024, height: 1024)
    try png(set.appendingPathComponent("Dark.png"), width: 1024, height: 1024, alpha: 0)
    try png(set.appendingPathComponent("Tinted.png"), width: 1024, height: 1024, alpha: 0)
    #expect(try app.diagnose().filter { storeIDs.contains($0.id) } == [])
  }

  /// Elsewhere (a sized slot, an alternate's image) transparency is a warning: iOS draws it black.
  @Test func transparencyElsewhereIsAWarning() throws {
    let app = try StoreFixture()
    try app.config(alternates: ["Blue"])
    let set = try app.set(
      "AppIcon",
      [
        .single("AppIcon.png"),
        Slot(file: "60@2x.png", idiom: "iphone", size: "60x60", scale: "2x"),
      ],
      images: false)
    try png(set.appendingPathComponent("AppIcon.png"), width: 1024, height: 1024)
    let sized = set.appendingPathComponent("60@2x.png")
    try png(sized, width: 120, height: 120, alpha: 128)
    let blue = try app.set("Blue", [.single("Blue.png")], images: false)
    try png(blue.appendingPathComponent("Blue.png"), width: 1024, height: 1024, alpha: 128)
    let found = try app.diagnose().filter { storeIDs.contains($0.id) }
    #expect(found.map(\.id) == [.alphaChannel, .alphaChannel])
    #expect(found.allSatisfy { $0.severity == .warning })
    #expect(
      Set(found.compactMap(\.file)) == [sized.path, blue.appendingPathComponent("Blue.png").path])
    #expect(found.first?.message.contains("14400 of 14400 pixels (100%) are not opaque") == true)
  }
}
