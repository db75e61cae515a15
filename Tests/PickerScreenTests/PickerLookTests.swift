import Foundation
import IconCatalog
import IconRender
import Testing

@testable import PickerScreen

/// `a` cycles every look the app's icons can be drawn in: Icon Composer's six for `.icon`
/// bundles, the appearances the renditions have for asset catalog icon sets.
@Suite("The looks `a` cycles through")
struct PickerLookTests {
  private func cycle(_ model: inout PickerModel) throws -> [IconComposerLook] {
    var seen = [model.look]
    for _ in 1..<model.looks.count + 1 {
      model.apply(try #require(model.action(for: .character("a"), size: roomy)))
      seen.append(model.look)
    }
    return seen
  }

  @Test func anIconComposerAppCyclesAllSixLooksNamedAsIconComposerNamesThem() throws {
    var app = makeApp()
    app.alternates[0].renditions = [
      IconRendition(
        file: URL(fileURLWithPath: "/nowhere/Blue.icon"), idiom: "universal", pointSize: 1024,
        scale: 1, kind: .iconComposer)
    ]
    var model = PickerModel(app: app, activeName: nil, size: roomy)
    #expect(
      model.looks == [.light, .dark, .tintedDark, .tintedLight, .clearLight, .clearDark])
    #expect(model.title == "App Icon · Palette · Light")
    let seen = try cycle(&model)
    #expect(seen == model.looks + [.light])
    model.apply(.cycleAppearance)
    model.apply(.cycleAppearance)
    model.apply(.cycleAppearance)
    #expect(model.look == .tintedLight)
    #expect(model.appearance == .tinted)
    #expect(model.title == "App Icon · Palette · Tinted Light")
    #expect(PickerLayout.thumbnailKeys(model, size: roomy).allSatisfy { $0.look == .tintedLight })
  }

  @Test func anAppiconsetAppCyclesOnlyTheAppearancesItsRenditionsHave() throws {
    var app = makeApp()
    app.alternates[0].renditions = [
      IconRendition(file: nil, idiom: "universal", pointSize: 1024, scale: 1, appearance: .dark),
      IconRendition(file: nil, idiom: "universal", pointSize: 1024, scale: 1, appearance: .tinted),
    ]
    var model = PickerModel(app: app, activeName: nil, size: roomy)
    #expect(model.looks == [.light, .dark, .tintedDark])
    #expect(try cycle(&model).map(\.appearance) == [.any, .dark, .tinted, .any])
    model.apply(.cycleAppearance)
    model.apply(.cycleAppearance)
    #expect(model.title == "App Icon · Palette · Tinted")
  }

  @Test func theBackgroundFindingOfAnIconBundleOffersTheSixLooks() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    #expect(model.looks == [.light])
    model.apply(.appearancesFound([.any], iconComposer: true))
    #expect(model.looks == IconComposerLook.allCases)
    #expect(model.action(for: .character("a"), size: roomy) == .cycleAppearance)
  }

  @Test func theThumbnailKeyDiffersPerLook() {
    let keys = IconComposerLook.allCases.map {
      ThumbnailKey(name: "AppIcon", columns: 6, rows: 2, look: $0)
    }
    #expect(Set(keys).count == 6)
    #expect(
      ThumbnailKey(name: "AppIcon", columns: 6, rows: 2, appearance: .tinted)
        == ThumbnailKey(name: "AppIcon", columns: 6, rows: 2, look: .tintedDark))
  }
}
