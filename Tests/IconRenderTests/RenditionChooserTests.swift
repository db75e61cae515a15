import Foundation
import IconCatalog
import Testing

@testable import IconRender

@Suite struct RenditionChooserTests {
  static func slot(
    _ idiom: String, _ points: Double, _ scale: Int, _ appearance: IconAppearance = .any,
    file: Bool = true
  ) -> IconRendition {
    IconRendition(
      file: file
        ? URL(fileURLWithPath: "/icons/\(idiom)-\(points)@\(scale)x-\(appearance).png") : nil,
      idiom: idiom, pointSize: points, scale: scale, appearance: appearance)
  }

  /// The per-size list Xcode generated before the single-size form, in Contents.json order.
  static let legacy: [IconRendition] = [
    slot("iphone", 20, 2), slot("iphone", 20, 3), slot("iphone", 29, 2), slot("iphone", 29, 3),
    slot("iphone", 40, 2), slot("iphone", 40, 3), slot("iphone", 60, 2), slot("iphone", 60, 3),
    slot("ipad", 20, 1), slot("ipad", 20, 2), slot("ipad", 29, 1), slot("ipad", 29, 2),
    slot("ipad", 40, 1), slot("ipad", 40, 2), slot("ipad", 76, 1), slot("ipad", 76, 2),
    slot("ipad", 83.5, 2), slot("ios-marketing", 1024, 1),
  ]

  func chosen(_ renditions: [IconRendition], _ pixels: Int, _ appearance: IconAppearance = .any)
    -> String?
  {
    RenditionChooser.choose(from: renditions, pixels: pixels, appearance: appearance)?.file?
      .lastPathComponent
  }

  @Test func theSmallestIPhoneRenditionWithEnoughPixelsWins() {
    // 12×6 cells = 12 pixels; 20@1x iPad (20 px) is smaller but iPhone comes first.
    #expect(chosen(Self.legacy, 12) == "iphone-20.0@2x-any.png")
    #expect(chosen(Self.legacy, 40) == "iphone-20.0@2x-any.png")
    #expect(chosen(Self.legacy, 41) == "iphone-29.0@2x-any.png")  // 58 px
    #expect(chosen(Self.legacy, 59) == "iphone-20.0@3x-any.png")  // 60 px
    #expect(chosen(Self.legacy, 88) == "iphone-40.0@3x-any.png")  // 120 px, declared before 60@2x
    // 76@2x iPad (152 px) would be closer, but the iPhone's 180 px is enough.
    #expect(chosen(Self.legacy, 150) == "iphone-60.0@3x-any.png")
    #expect(chosen(Self.legacy, 180) == "iphone-60.0@3x-any.png")
  }

  @Test func whenNoIPhoneRenditionIsLargeEnoughTheNextIdiomThatIsWins() {
    #expect(chosen(Self.legacy, 181) == "ios-marketing-1024.0@1x-any.png")
    let phoneUpTo120 = Self.legacy.filter { $0.idiom != "ios-marketing" && $0.pixelSize != 180 }
    // No iPhone rendition reaches 150; iPad's 76@2x (152 px) does, and 83.5@2x (167) is larger.
    #expect(chosen(phoneUpTo120, 150) == "ipad-76.0@2x-any.png")
    // Nothing reaches 200: the largest, iPad's 167 px.
    #expect(chosen(phoneUpTo120, 200) == "ipad-83.5@2x-any.png")
  }

  @Test func whenNothingIsLargeEnoughTheLargestWins() {
    #expect(chosen(Self.legacy, 4000) == "ios-marketing-1024.0@1x-any.png")
    let small = [
      Self.slot("iphone", 20, 2), Self.slot("iphone", 60, 2), Self.slot("iphone", 29, 3),
    ]
    #expect(chosen(small, 500) == "iphone-60.0@2x-any.png")
  }

  @Test func theDarkAppearanceFallsBackToAnyWhenTheSetHasNoDarkArt() {
    #expect(chosen(Self.legacy, 24, .dark) == "iphone-20.0@2x-any.png")
    #expect(chosen(Self.legacy, 24, .tinted) == "iphone-20.0@2x-any.png")
  }

  @Test func theSingleSizeFormGivesEachAppearanceItsOwnImage() {
    let single = [
      Self.slot("universal", 1024, 1), Self.slot("universal", 1024, 1, .dark),
      Self.slot("universal", 1024, 1, .tinted),
    ]
    #expect(chosen(single, 24) == "universal-1024.0@1x-any.png")
    #expect(chosen(single, 24, .dark) == "universal-1024.0@1x-dark.png")
    #expect(chosen(single, 2000, .tinted) == "universal-1024.0@1x-tinted.png")
  }

  @Test func slotsWithoutAFileAreSkipped() {
    let sparse = [
      Self.slot("iphone", 20, 2, file: false), Self.slot("iphone", 60, 3),
      Self.slot("universal", 1024, 1, .dark, file: false),
    ]
    #expect(chosen(sparse, 24) == "iphone-60.0@3x-any.png")
    #expect(chosen(sparse, 24, .dark) == "iphone-60.0@3x-any.png")
    #expect(
      RenditionChooser.choose(from: [Self.slot("iphone", 20, 2, file: false)], pixels: 24) == nil)
    #expect(RenditionChooser.choose(from: [], pixels: 24) == nil)
  }

  @Test func otherPlatformsComeAfterIOS() {
    var watch = Self.slot("universal", 1024, 1)
    watch.platform = "watchos"
    let ios = Self.slot("iphone", 60, 3)
    #expect(RenditionChooser.choose(from: [watch, ios], pixels: 24) == ios)
  }

  @Test func looseFilesOfUnknownSizeAreChosenByScale() {
    let loose = [1, 3, 2].map {
      IconRendition(
        file: URL(fileURLWithPath: "/icons/Icon@\($0)x.png"), idiom: "iphone", pointSize: nil,
        scale: $0)
    }
    #expect(chosen(loose, 24) == "Icon@3x.png")
  }
}
