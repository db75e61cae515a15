import Foundation
import IconCatalog
import Testing

@testable import PickerScreen

/// An app read without its images starts with Any alone; the background reading of every icon's
/// images then says which appearances exist.
@Suite("Appearances found after the first frame")
struct AppearanceScanTests {
  @Test func foundAppearancesEnableTheKeyAndTheTitle() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    #expect(model.appearances == [.any])
    #expect(model.action(for: .character("a"), size: roomy) == nil)
    #expect(!model.title.contains("Any"))

    model.apply(.appearancesFound([.tinted, .any, .dark]))
    #expect(model.appearances == [.any, .dark, .tinted])
    #expect(model.action(for: .character("a"), size: roomy) == .cycleAppearance)
    #expect(model.title.hasSuffix("Any"))
    model.apply(.cycleAppearance)
    #expect(model.appearance == .dark)
  }

  @Test func onlyTintedIsOfferedAfterAny() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    model.apply(.appearancesFound([.tinted]))
    #expect(model.appearances == [.any, .tinted])
  }

  @Test func anAppearanceNoLongerPresentFallsBackToAny() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    model.apply(.appearancesFound([.dark]))
    model.apply(.cycleAppearance)
    #expect(model.appearance == .dark)
    model.apply(.appearancesFound([]))
    #expect(model.appearances == [.any])
    #expect(model.appearance == .any)
  }

  @Test func theFindingArrivesEvenWhileTheAlertIsUp() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    model.apply(.iconChanged(alternateIconName: "AppIcon-Blue", notices: []))
    #expect(model.alert != nil)
    model.apply(.appearancesFound([.dark]))
    #expect(model.appearances == [.any, .dark])
    #expect(model.alert != nil)
  }
}
