import Foundation
import IconCatalog
import Testing

@testable import IconState

@Suite("IconSwitcher")
struct IconSwitcherTests {
  @Test func chosenIconReadsBack() throws {
    try withTemporaryFolder { folder throws in
      let switcher = IconSwitcher(app: palette(), store: FileChoiceStore(directory: folder))
      #expect(switcher.alternateIconName == nil)
      let notices = try switcher.setAlternateIconName("AppIcon-Blue")
      #expect(notices == [])
      #expect(switcher.alternateIconName == "AppIcon-Blue")
      #expect(try switcher.activeIcon() == icon("AppIcon-Blue"))
      // A fresh switcher (a new process) sees the same choice.
      let again = IconSwitcher(app: palette(), store: FileChoiceStore(directory: folder))
      #expect(again.alternateIconName == "AppIcon-Blue")
    }
  }

  @Test func nilResetsToThePrimary() throws {
    try withTemporaryFolder { folder throws in
      let store = FileChoiceStore(directory: folder)
      let switcher = IconSwitcher(app: palette(), store: store)
      try switcher.setAlternateIconName("AppIcon-Green")
      try switcher.setAlternateIconName(nil)
      #expect(switcher.alternateIconName == nil)
      #expect(try switcher.activeIcon() == palette().primary)
      #expect(try store.load(bundleIdentifier: paletteID) == .primary)
    }
  }

  @Test func thePrimarysNameResets() throws {
    try withTemporaryFolder { folder throws in
      let store = FileChoiceStore(directory: folder)
      let switcher = IconSwitcher(app: palette(), store: store)
      try switcher.setAlternateIconName("AppIcon-Green")
      try switcher.setAlternateIconName("AppIcon")
      #expect(switcher.alternateIconName == nil)
      // Recorded as null, like iOS, not as the primary's name.
      #expect(try store.load(bundleIdentifier: paletteID) == .primary)
    }
  }

  @Test func unknownNameThrowsAndLeavesTheFileByteIdentical() throws {
    try withTemporaryFolder { folder throws in
      let store = FileChoiceStore(directory: folder)
      let switcher = IconSwitcher(app: palette(), store: store)
      try switcher.setAlternateIconName("AppIcon-Red")
      let file = store.stateFile(for: paletteID).path
      let before = try bytes(file)
      let listed = try listing(folder)

      let expected = IconStateError.unknownIcon(
        name: "AppIcon-Purple", appName: "Palette",
        available: ["AppIcon", "AppIcon-Blue", "AppIcon-Green", "AppIcon-Red"])
      #expect(throws: expected) { try switcher.setAlternateIconName("AppIcon-Purple") }
      #expect(try bytes(file) == before)
      #expect(try listing(folder) == listed)
      #expect(switcher.alternateIconName == "AppIcon-Red")
    }
  }

  @Test func unknownNameNeverReachesTheStore() throws {
    let store = FakeStore(stored: .alternate("AppIcon-Blue"))
    let switcher = IconSwitcher(app: palette(), store: store)
    // Names are matched exactly, as iOS does.
    for name in ["Blue", "appicon-blue", "AppIcon-Blue ", ""] {
      #expect(throws: IconStateError.self) { try switcher.setAlternateIconName(name) }
    }
    #expect(store.saves.isEmpty)
    #expect(store.loads == 0)
  }

  @Test func unknownNameCreatesNoStateFolder() throws {
    try withTemporaryFolder { folder throws in
      let directory = folder.appendingPathComponent("iconpick")
      let switcher = IconSwitcher(app: palette(), store: FileChoiceStore(directory: directory))
      #expect(throws: IconStateError.self) { try switcher.setAlternateIconName("Nope") }
      #expect(!exists(directory.path))
    }
  }

  @Test func corruptFileReadsAsPrimaryThenIsKeptOnTheNextChoice() throws {
    try withTemporaryFolder { folder throws in
      let store = FileChoiceStore(directory: folder)
      let switcher = IconSwitcher(app: palette(), store: store)
      let file = store.stateFile(for: paletteID).path
      let damaged = Array(#"{"alternateIconName": "AppIcon-Bl"#.utf8)
      try write(damaged, to: file)

      let read = try switcher.readChoice()
      #expect(read.alternateIconName == nil)
      #expect(read.notice == .corruptState(file: file, reason: "not valid JSON"))
      #expect(switcher.alternateIconName == nil)
      #expect(try switcher.activeIcon() == palette().primary)
      #expect(try bytes(file) == damaged)
      #expect(try listing(folder) == ["dev.iconpick.Palette.json"])

      let notices = try switcher.setAlternateIconName("AppIcon-Green")
      guard case .keptCorruptCopy(let reportedFile, let copy)? = notices.first, notices.count == 1
      else {
        Issue.record("expected one keptCorruptCopy notice, got \(notices)")
        return
      }
      #expect(reportedFile == file)
      #expect(copy.hasPrefix(file + ".corrupt-"))
      #expect(try bytes(copy) == damaged)
      #expect(try switcher.readChoice().alternateIconName == "AppIcon-Green")
      #expect(try switcher.readChoice().notice == nil)
    }
  }

  @Test func recordedNameTheAppNoLongerDeclaresReadsAsPrimary() throws {
    try withTemporaryFolder { folder throws in
      let store = FileChoiceStore(directory: folder)
      try IconSwitcher(app: palette(), store: store).setAlternateIconName("AppIcon-Red")
      // The next build of the app dropped Red.
      let switcher = IconSwitcher(app: palette(alternates: ["AppIcon-Blue"]), store: store)
      let read = try switcher.readChoice()
      #expect(read.alternateIconName == nil)
      #expect(
        read.notice
          == .undeclaredIcon(name: "AppIcon-Red", file: store.stateFile(for: paletteID).path))
      #expect(switcher.alternateIconName == nil)
      #expect(try switcher.activeIcon() == palette().primary)
    }
  }

  @Test func recordedPrimaryNameReadsAsPrimaryWithoutANotice() throws {
    let switcher = IconSwitcher(app: palette(), store: FakeStore(stored: .alternate("AppIcon")))
    let read = try switcher.readChoice()
    #expect(read.alternateIconName == nil)
    #expect(read.notice == nil)
  }

  @Test func undeclaredNoticeFromAFakeStoreNamesItsLocation() throws {
    let switcher = IconSwitcher(app: palette(), store: FakeStore(stored: .alternate("Gone")))
    #expect(
      try switcher.readChoice().notice
        == .undeclaredIcon(name: "Gone", file: "the recorded choice for dev.iconpick.Palette"))
  }

  @Test func readErrorsAreThrownButThePropertyFallsBackToPrimary() throws {
    let failure = IconStateError.unreadableState(file: "/s/x.json", reason: "Permission denied")
    let switcher = IconSwitcher(
      app: palette(), store: FakeStore(stored: .alternate("AppIcon-Blue"), loadError: failure))
    #expect(throws: failure) { try switcher.readChoice() }
    #expect(throws: failure) { try switcher.activeIcon() }
    #expect(switcher.alternateIconName == nil)
  }

  @Test func saveErrorsAreThrown() {
    let failure = IconStateError.busy(lockFile: "/s/dev.iconpick.Palette.lock")
    let store = FakeStore(stored: .alternate("AppIcon-Blue"), saveError: failure)
    let switcher = IconSwitcher(app: palette(), store: store)
    #expect(throws: failure) { try switcher.setAlternateIconName("AppIcon-Green") }
    #expect(switcher.alternateIconName == "AppIcon-Blue")
  }

  @Test func switcherPassesResolvedNamesToTheStore() throws {
    let store = FakeStore()
    let switcher = IconSwitcher(app: palette(), store: store)
    try switcher.setAlternateIconName("AppIcon-Blue")
    try switcher.setAlternateIconName("AppIcon")
    try switcher.setAlternateIconName(nil)
    #expect(store.saves == ["AppIcon-Blue", nil, nil])
  }

  @Test func keptCopyFromTheStoreBecomesANotice() throws {
    let store = FakeStore(
      stored: .corrupt(file: "f", reason: "r"), report: SaveReport(preservedCorruptCopy: "/s/copy"))
    let notices = try IconSwitcher(app: palette(), store: store).setAlternateIconName(nil)
    #expect(
      notices == [
        .keptCorruptCopy(file: "the recorded choice for dev.iconpick.Palette", copy: "/s/copy")
      ])
  }

  @Test func supportsAlternateIconsMirrorsTheApp() {
    #expect(IconSwitcher(app: palette(), store: FakeStore()).supportsAlternateIcons)
    #expect(!IconSwitcher(app: palette(alternates: []), store: FakeStore()).supportsAlternateIcons)
  }
}
