import Foundation
import Glibc
import Testing

@testable import IconState

/// `picker.json` in the state folder: the view the picker opens in.
@Suite struct PickerPreferencesTests {
  @Test func withoutAFileTheListIsTheDefault() throws {
    try withTemporaryFolder { folder in
      let store = PreferenceStore.file(directory: folder.appendingPathComponent("state"))
      #expect(store.load() == PickerPreferences(view: .list))
      // Reading creates nothing.
      #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("state").path))
    }
  }

  @Test func aSavedViewIsReadBackFromAPrivateFile() throws {
    try withTemporaryFolder { folder in
      let state = folder.appendingPathComponent("state/iconpick")
      let store = PreferenceStore.file(directory: state)
      try store.save(PickerPreferences(view: .grid))
      #expect(store.load().view == .grid)
      let file = state.appendingPathComponent("picker.json")
      #expect(try String(contentsOf: file, encoding: .utf8) == "{\"view\":\"grid\"}\n")
      var info = stat()
      #expect(stat(file.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
      #expect(stat(state.path, &info) == 0 && info.st_mode & 0o777 == 0o700)
      try store.save(PickerPreferences(view: .list))
      #expect(store.load().view == .list)
      // No temporary file is left behind.
      #expect(try FileManager.default.contentsOfDirectory(atPath: state.path) == ["picker.json"])
    }
  }

  @Test(arguments: [
    "", "{", "[]", "null", "{\"view\":3}", "{\"view\":\"mosaic\"}", "\u{0}\u{1}garbage",
  ])
  func aDamagedFileIsIgnored(contents: String) throws {
    try withTemporaryFolder { folder in
      try Data(contents.utf8).write(to: folder.appendingPathComponent("picker.json"))
      #expect(PreferenceStore.file(directory: folder).load() == PickerPreferences())
    }
  }

  @Test func aFolderOrAFifoInItsPlaceIsIgnored() throws {
    try withTemporaryFolder { folder in
      let path = folder.appendingPathComponent("picker.json").path
      #expect(mkfifo(path, 0o600) == 0)
      #expect(PreferenceStore.file(directory: folder).load() == PickerPreferences())
      unlink(path)
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      #expect(PreferenceStore.file(directory: folder).load() == PickerPreferences())
      // Saving over a folder fails with a message, rather than crashing.
      #expect(throws: IconStateError.self) {
        try PreferenceStore.file(directory: folder).save(PickerPreferences(view: .grid))
      }
    }
  }

  @Test func otherFieldsAreAllowed() {
    #expect(
      PreferenceStore.parse(Array(#"{"view":"grid","later":true}"#.utf8)).view == .grid)
  }
}
