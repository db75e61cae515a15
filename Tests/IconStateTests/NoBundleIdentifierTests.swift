import Foundation
import IconCatalog
import Testing

@testable import IconState

/// Issue 12, point 7: without a bundle identifier the choice can be neither read nor recorded, and
/// the switcher says why instead of keeping it under a made-up name.
@Suite struct NoBundleIdentifierTests {
  func anonymous() -> AppIcons {
    var app = palette()
    app.bundleIdentifier = nil
    app.bundleIdentifierProblem = "/tmp/Art: no bundle identifier: set CFBundleIdentifier"
    return app
  }

  @Test("reading: the primary, without touching the store")
  func readingIsThePrimary() throws {
    let store = FakeStore(stored: .alternate("AppIcon-Blue"))
    let switcher = IconSwitcher(app: anonymous(), store: store)
    let choice = try switcher.readChoice()
    #expect(choice.alternateIconName == nil)
    #expect(choice.notice == nil)
    #expect(try switcher.activeIcon().name == "AppIcon")
    #expect(store.loads == 0)
  }

  @Test("recording: refused with the reason, nothing saved")
  func recordingIsRefused() throws {
    let store = FakeStore()
    let switcher = IconSwitcher(app: anonymous(), store: store)
    let expected = IconStateError.noBundleIdentifier(
      appName: "Palette", reason: "/tmp/Art: no bundle identifier: set CFBundleIdentifier")
    #expect(throws: expected) { try switcher.setAlternateIconName("AppIcon-Blue") }
    #expect(throws: expected) { try switcher.setAlternateIconName(nil) }
    #expect(throws: expected) { try switcher.requireBundleIdentifier() }
    #expect(store.saves.isEmpty)
    #expect(
      expected.description.contains("(/tmp/Art: no bundle identifier: set CFBundleIdentifier)"))
    #expect(expected.description.contains("list, show and check work without one"))
    #expect(try IconSwitcher(app: palette(), store: store).requireBundleIdentifier() == paletteID)
  }
}
