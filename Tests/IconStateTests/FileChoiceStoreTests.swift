import Dispatch
import Foundation
import Glibc
import Testing

@testable import IconState

@Suite("FileChoiceStore")
struct FileChoiceStoreTests {
  @Test func savedChoiceReadsBack() throws {
    try withTemporaryFolder { folder throws in
      let store = FileChoiceStore(directory: folder)
      let report = try store.save(alternateIconName: "AppIcon-Blue", bundleIdentifier: paletteID)
      #expect(report == SaveReport(preservedCorruptCopy: nil))
      #expect(try store.load(bundleIdentifier: paletteID) == .alternate("AppIcon-Blue"))
      // Another instance must see it too: the choice lives on disk, not in memory.
      #expect(
        try FileChoiceStore(directory: folder).load(bundleIdentifier: paletteID)
          == .alternate("AppIcon-Blue"))
    }
  }

  @Test func fileIsTheDocumentedJSON() throws {
    try withTemporaryFolder { folder throws in
      let store = FileChoiceStore(directory: folder)
      _ = try store.save(alternateIconName: "AppIcon-Blue", bundleIdentifier: paletteID)
      let text = String(decoding: try bytes(store.stateFile(for: paletteID).path), as: UTF8.self)
      #expect(
        text == #"{"alternateIconName":"AppIcon-Blue","bundleIdentifier":"dev.iconpick.Palette"}"#
          + "\n")

      _ = try store.save(alternateIconName: nil, bundleIdentifier: paletteID)
      let reset = String(decoding: try bytes(store.stateFile(for: paletteID).path), as: UTF8.self)
      #expect(
        reset == #"{"alternateIconName":null,"bundleIdentifier":"dev.iconpick.Palette"}"# + "\n")
      #expect(try store.load(bundleIdentifier: paletteID) == .primary)
    }
  }

  @Test func stateFileIsNamedAfterTheBundleIdentifier() {
    let store = FileChoiceStore(directory: URL(fileURLWithPath: "/state/iconpick"))
    #expect(store.stateFile(for: paletteID).path == "/state/iconpick/dev.iconpick.Palette.json")
    #expect(
      store.location(bundleIdentifier: paletteID) == "/state/iconpick/dev.iconpick.Palette.json")
  }

  @Test func nothingRecordedReadsAsPrimaryAndCreatesNothing() throws {
    try withTemporaryFolder { folder throws in
      let directory = folder.appendingPathComponent("not-yet")
      let store = FileChoiceStore(directory: directory)
      #expect(try store.load(bundleIdentifier: paletteID) == .primary)
      #expect(!exists(directory.path))
    }
  }

  @Test(
    "Damaged files read as corrupt and are left untouched",
    arguments: [
      "", "not json", "[]", "{}", "\"AppIcon-Blue\"", #"{"alternateIconName":5}"#,
      #"{"alternateIconName":"AppIcon-Blue","bundleIdentifier":"dev.iconpick.Other"}"#,
      #"{"alternateIconName":"AppIcon-Blue""#, "\u{FEFF}garbage",
    ])
  func corruptFileReadsAsCorrupt(contents: String) throws {
    try withTemporaryFolder { folder throws in
      let store = FileChoiceStore(directory: folder)
      let file = store.stateFile(for: paletteID).path
      let original = Array(contents.utf8)
      try write(original, to: file)

      let choice = try store.load(bundleIdentifier: paletteID)
      guard case .corrupt(let reportedFile, let reason) = choice else {
        Issue.record("expected .corrupt, got \(choice)")
        return
      }
      #expect(reportedFile == file)
      #expect(!reason.isEmpty)
      #expect(try bytes(file) == original)
      #expect(try listing(folder) == ["dev.iconpick.Palette.json"])
    }
  }

  @Test func invalidUTF8IsCorrupt() throws {
    try withTemporaryFolder { folder throws in
      let store = FileChoiceStore(directory: folder)
      try write([0xFF, 0xFE, 0x7B, 0xC3], to: store.stateFile(for: paletteID).path)
      guard case .corrupt = try store.load(bundleIdentifier: paletteID) else {
        Issue.record("invalid UTF-8 should read as corrupt")
        return
      }
    }
  }

  @Test func saveKeepsACopyOfTheDamagedFile() throws {
    try withTemporaryFolder { folder throws in
      var calls = SystemCalls.system
      calls.now = { Date(timeIntervalSince1970: 1_795_966_920) }  // 2026-11-29 15:42:00 UTC
      let store = FileChoiceStore(directory: folder, lockTimeout: .seconds(10), calls: calls)
      let file = store.stateFile(for: paletteID).path
      let damaged = Array("{\"alternateIconName\": ".utf8)
      try write(damaged, to: file)

      let report = try store.save(alternateIconName: "AppIcon-Green", bundleIdentifier: paletteID)
      let copy = file + ".corrupt-20261129T154200Z"
      #expect(report.preservedCorruptCopy == copy)
      #expect(try bytes(copy) == damaged)
      #expect(try store.load(bundleIdentifier: paletteID) == .alternate("AppIcon-Green"))
    }
  }

  @Test func anEarlierCopyIsNeverReplaced() throws {
    try withTemporaryFolder { folder throws in
      var calls = SystemCalls.system
      calls.now = { Date(timeIntervalSince1970: 1_795_966_920) }
      let store = FileChoiceStore(directory: folder, lockTimeout: .seconds(10), calls: calls)
      let file = store.stateFile(for: paletteID).path
      let base = file + ".corrupt-20261129T154200Z"
      try write(Array("first".utf8), to: base)
      try write(Array("second".utf8), to: base + "-1")
      try write(Array("third".utf8), to: file)

      let report = try store.save(alternateIconName: nil, bundleIdentifier: paletteID)
      #expect(report.preservedCorruptCopy == base + "-2")
      #expect(try bytes(base) == Array("first".utf8))
      #expect(try bytes(base + "-1") == Array("second".utf8))
      #expect(try bytes(base + "-2") == Array("third".utf8))
      #expect(try store.load(bundleIdentifier: paletteID) == .primary)
    }
  }

  @Test func realClockCopyNameIsAUTCTimestamp() throws {
    try withTemporaryFolder { folder throws in
      let store = FileChoiceStore(directory: folder)
      let file = store.stateFile(for: paletteID).path
      try write(Array("oops".utf8), to: file)
      let copy = try #require(
        try store.save(alternateIconName: nil, bundleIdentifier: paletteID).preservedCorruptCopy)
      let suffix = String(copy.dropFirst(file.count))
      #expect(suffix.wholeMatch(of: /\.corrupt-\d{8}T\d{6}Z/) != nil)
    }
  }

  @Test func foldersAndFilesArePrivate() throws {
    try withTemporaryFolder { folder throws in
      let directory = folder.appendingPathComponent("state/nested/iconpick")
      let store = FileChoiceStore(directory: directory)
      _ = try store.save(alternateIconName: "AppIcon-Red", bundleIdentifier: paletteID)
      #expect(permissions(directory.path) == 0o700)
      #expect(permissions(folder.appendingPathComponent("state").path) == 0o700)
      #expect(permissions(store.stateFile(for: paletteID).path) == 0o600)
      #expect(permissions(store.lockFile(for: paletteID).path) == 0o600)
    }
  }

  @Test func anExistingFolderKeepsItsMode() throws {
    try withTemporaryFolder { folder throws in
      #expect(chmod(folder.path, 0o755) == 0)
      _ = try FileChoiceStore(directory: folder).save(
        alternateIconName: nil, bundleIdentifier: paletteID)
      // The user chose this folder; only folders we create are forced to 0700.
      #expect(permissions(folder.path) == 0o755)
    }
  }

  @Test func savesLeaveNoTemporaryFiles() throws {
    try withTemporaryFolder { folder throws in
      let store = FileChoiceStore(directory: folder)
      for name in ["AppIcon-Blue", "AppIcon-Green", nil, "AppIcon-Red"] {
        _ = try store.save(alternateIconName: name, bundleIdentifier: paletteID)
      }
      #expect(try listing(folder) == ["dev.iconpick.Palette.json", "dev.iconpick.Palette.lock"])
      #expect(try store.load(bundleIdentifier: paletteID) == .alternate("AppIcon-Red"))
    }
  }

  @Test(
    "A failed write keeps the previous choice and removes the temporary file",
    arguments: [("write", ENOSPC), ("write", EFBIG), ("fsync", EIO), ("rename", EACCES)])
  func failedWriteKeepsPreviousChoice(failing call: String, code: Int32) throws {
    try withTemporaryFolder { folder throws in
      let store = FileChoiceStore(directory: folder)
      _ = try store.save(alternateIconName: "AppIcon-Blue", bundleIdentifier: paletteID)
      let file = store.stateFile(for: paletteID).path
      let before = try bytes(file)

      let failing = FileChoiceStore(
        directory: folder, lockTimeout: .seconds(10), calls: .failing(call, code))
      #expect(throws: IconStateError.writeFailed(file: file, reason: strerrorText(code))) {
        try failing.save(alternateIconName: "AppIcon-Green", bundleIdentifier: paletteID)
      }
      #expect(try bytes(file) == before)
      #expect(try listing(folder) == ["dev.iconpick.Palette.json", "dev.iconpick.Palette.lock"])
      #expect(try store.load(bundleIdentifier: paletteID) == .alternate("AppIcon-Blue"))
    }
  }

  @Test func shortWritesAreCompleted() throws {
    try withTemporaryFolder { folder throws in
      var calls = SystemCalls.system
      // The kernel may accept fewer bytes than asked; every byte must still arrive.
      calls.write = { fd, pointer, count in Glibc.write(fd, pointer, min(count, 3)) }
      let store = FileChoiceStore(directory: folder, lockTimeout: .seconds(10), calls: calls)
      _ = try store.save(alternateIconName: "AppIcon-Blue", bundleIdentifier: paletteID)
      #expect(try store.load(bundleIdentifier: paletteID) == .alternate("AppIcon-Blue"))
    }
  }

  @Test func failedWriteLeavesADamagedFileInPlace() throws {
    try withTemporaryFolder { folder throws in
      let store = FileChoiceStore(
        directory: folder, lockTimeout: .seconds(10), calls: .failing("write", ENOSPC))
      let file = store.stateFile(for: paletteID).path
      let damaged = Array("garbage".utf8)
      try write(damaged, to: file)
      #expect(throws: IconStateError.writeFailed(file: file, reason: strerrorText(ENOSPC))) {
        try store.save(alternateIconName: "AppIcon-Blue", bundleIdentifier: paletteID)
      }
      // No copy was made because nothing replaced the file.
      #expect(try bytes(file) == damaged)
      #expect(try listing(folder) == ["dev.iconpick.Palette.json", "dev.iconpick.Palette.lock"])
    }
  }

  @Test func failedFinalRenamePutsTheDamagedFileBack() throws {
    try withTemporaryFolder { folder throws in
      var calls = SystemCalls.system
      calls.rename = { from, to in
        if from.contains(".tmp-") {
          errno = EIO
          return -1
        }
        return Glibc.rename(from, to)
      }
      let store = FileChoiceStore(directory: folder, lockTimeout: .seconds(10), calls: calls)
      let file = store.stateFile(for: paletteID).path
      let damaged = Array("garbage".utf8)
      try write(damaged, to: file)
      #expect(throws: IconStateError.writeFailed(file: file, reason: strerrorText(EIO))) {
        try store.save(alternateIconName: "AppIcon-Blue", bundleIdentifier: paletteID)
      }
      #expect(try bytes(file) == damaged)
      #expect(try listing(folder) == ["dev.iconpick.Palette.json", "dev.iconpick.Palette.lock"])
    }
  }

  @Test func folderUnderARegularFileIsUnusable() throws {
    try withTemporaryFolder { folder throws in
      let blocker = folder.appendingPathComponent("blocker")
      try write(Array("x".utf8), to: blocker.path)
      let directory = blocker.appendingPathComponent("iconpick")
      let store = FileChoiceStore(directory: directory)
      #expect(
        throws: IconStateError.stateDirectoryUnusable(
          path: directory.path, reason: strerrorText(ENOTDIR))
      ) {
        try store.save(alternateIconName: "AppIcon-Blue", bundleIdentifier: paletteID)
      }
      #expect(throws: IconStateError.self) { try store.load(bundleIdentifier: paletteID) }
      #expect(try bytes(blocker.path) == Array("x".utf8))
    }
  }

  @Test func folderThatIsAFileIsUnusable() throws {
    try withTemporaryFolder { folder throws in
      let directory = folder.appendingPathComponent("iconpick")
      try write(Array("x".utf8), to: directory.path)
      let store = FileChoiceStore(directory: directory)
      #expect(
        throws: IconStateError.stateDirectoryUnusable(
          path: directory.path, reason: "it exists and is not a folder")
      ) {
        try store.save(alternateIconName: nil, bundleIdentifier: paletteID)
      }
    }
  }

  @Test func folderUnderProcCannotBeCreated() throws {
    let directory = URL(fileURLWithPath: "/proc/iconpick-state-test/iconpick")
    let store = FileChoiceStore(directory: directory)
    #expect(throws: IconStateError.self) {
      try store.save(alternateIconName: "AppIcon-Blue", bundleIdentifier: paletteID)
    }
    #expect(!exists(directory.path))
  }

  @Test func stateThatIsAFolderIsUnreadable() throws {
    try withTemporaryFolder { folder throws in
      let store = FileChoiceStore(directory: folder)
      let file = store.stateFile(for: paletteID).path
      #expect(mkdir(file, 0o700) == 0)
      #expect(
        throws: IconStateError.unreadableState(file: file, reason: "it is not a regular file")
      ) {
        try store.load(bundleIdentifier: paletteID)
      }
      // A save must not plough over what it could not read.
      #expect(
        throws: IconStateError.unreadableState(file: file, reason: "it is not a regular file")
      ) {
        try store.save(alternateIconName: nil, bundleIdentifier: paletteID)
      }
    }
  }

  @Test func aFIFOAtTheStatePathDoesNotHang() throws {
    try withTemporaryFolder { folder throws in
      let store = FileChoiceStore(directory: folder)
      let file = store.stateFile(for: paletteID).path
      #expect(mkfifo(file, 0o600) == 0)
      #expect(
        throws: IconStateError.unreadableState(file: file, reason: "it is not a regular file")
      ) {
        try store.load(bundleIdentifier: paletteID)
      }
    }
  }

  @Test func heldLockMakesSaveBusy() throws {
    try withTemporaryFolder { folder throws in
      let store = FileChoiceStore(directory: folder, lockTimeout: .milliseconds(200))
      _ = try store.save(alternateIconName: "AppIcon-Blue", bundleIdentifier: paletteID)
      let file = store.stateFile(for: paletteID).path
      let before = try bytes(file)

      let lockPath = store.lockFile(for: paletteID).path
      let holder = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
      try #require(holder >= 0)
      defer { close(holder) }
      try #require(flock(holder, LOCK_EX) == 0)

      let clock = ContinuousClock()
      let started = clock.now
      #expect(throws: IconStateError.busy(lockFile: lockPath)) {
        try store.save(alternateIconName: "AppIcon-Green", bundleIdentifier: paletteID)
      }
      #expect(clock.now - started >= .milliseconds(190))
      #expect(try bytes(file) == before)
      // Reading never needs the lock.
      #expect(try store.load(bundleIdentifier: paletteID) == .alternate("AppIcon-Blue"))
    }
  }

  @Test func saveWaitsForTheLockToBeReleased() throws {
    try withTemporaryFolder { folder throws in
      let store = FileChoiceStore(directory: folder, lockTimeout: .seconds(10))
      _ = try store.save(alternateIconName: nil, bundleIdentifier: paletteID)
      let holder = open(store.lockFile(for: paletteID).path, O_RDWR | O_CLOEXEC)
      try #require(holder >= 0)
      try #require(flock(holder, LOCK_EX) == 0)
      let released = DispatchSemaphore(value: 0)
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(150)) {
        close(holder)
        released.signal()
      }
      let clock = ContinuousClock()
      let started = clock.now
      _ = try store.save(alternateIconName: "AppIcon-Red", bundleIdentifier: paletteID)
      #expect(clock.now - started >= .milliseconds(100))
      released.wait()
      #expect(try store.load(bundleIdentifier: paletteID) == .alternate("AppIcon-Red"))
    }
  }

  @Test func concurrentSavesNeverTearTheFile() throws {
    try withTemporaryFolder { folder throws in
      let names = (0..<16).map { "AppIcon-\($0)" }
      let problems = Collected<String>()
      DispatchQueue.concurrentPerform(iterations: names.count) { index in
        let store = FileChoiceStore(directory: folder)
        for _ in 0..<5 {
          do throws(IconStateError) {
            _ = try store.save(alternateIconName: names[index], bundleIdentifier: paletteID)
            switch try store.load(bundleIdentifier: paletteID) {
            case .alternate(let name) where names.contains(name): break
            case let other: problems.append("read \(other)")
            }
          } catch {
            problems.append(error.description)
          }
        }
      }
      #expect(problems.items == [])
      guard
        case .alternate(let final) = try FileChoiceStore(directory: folder).load(
          bundleIdentifier: paletteID)
      else {
        Issue.record("the final state is not an alternate")
        return
      }
      #expect(names.contains(final))
      #expect(try listing(folder) == ["dev.iconpick.Palette.json", "dev.iconpick.Palette.lock"])
    }
  }

  @Test func defaultDirectoryFollowsXDG() {
    let home = ["HOME": "/home/ada"]
    #expect(
      FileChoiceStore.defaultDirectory(
        environment: home.merging(["XDG_STATE_HOME": "/xdg/state"]) { $1 }
      ).path
        == "/xdg/state/iconpick")
    #expect(
      FileChoiceStore.defaultDirectory(environment: home).path == "/home/ada/.local/state/iconpick")
    // The XDG spec says relative paths are invalid and must be ignored.
    #expect(
      FileChoiceStore.defaultDirectory(
        environment: home.merging(["XDG_STATE_HOME": "state"]) { $1 }
      ).path
        == "/home/ada/.local/state/iconpick")
    #expect(
      FileChoiceStore.defaultDirectory(environment: home.merging(["XDG_STATE_HOME": ""]) { $1 })
        .path
        == "/home/ada/.local/state/iconpick")
  }

  @Test func defaultDirectoryWithoutHomeIsStillAbsolute() {
    let path = FileChoiceStore.defaultDirectory(environment: [:]).path
    #expect(path.hasPrefix("/"))
    #expect(path.hasSuffix("/.local/state/iconpick"))
  }

  @Test(
    "Bundle identifiers that could escape the folder are rejected",
    arguments: [
      "../x", "", "a/b", ".hidden", "..", "a b", "a\nb", "dev.iconpick.Palette/../../etc", "é",
    ])
  func invalidBundleIdentifierIsRejected(identifier: String) throws {
    try withTemporaryFolder { folder throws in
      let store = FileChoiceStore(directory: folder)
      #expect(throws: IconStateError.invalidBundleIdentifier(identifier)) {
        try store.load(bundleIdentifier: identifier)
      }
      #expect(throws: IconStateError.invalidBundleIdentifier(identifier)) {
        try store.save(alternateIconName: "AppIcon-Blue", bundleIdentifier: identifier)
      }
      #expect(try listing(folder) == [])
    }
  }

  @Test(arguments: ["dev.iconpick.Palette", "a", "A-b_c.9", "x..y"])
  func validBundleIdentifierIsAccepted(identifier: String) throws {
    try withTemporaryFolder { folder throws in
      let store = FileChoiceStore(directory: folder)
      _ = try store.save(alternateIconName: "AppIcon-Blue", bundleIdentifier: identifier)
      #expect(try store.load(bundleIdentifier: identifier) == .alternate("AppIcon-Blue"))
      #expect(exists(folder.appendingPathComponent(identifier + ".json").path))
    }
  }
}

extension SystemCalls {
  /// The real calls, except that `name` fails with `code`.
  static func failing(_ name: String, _ code: Int32) -> SystemCalls {
    var calls = SystemCalls.system
    switch name {
    case "write":
      calls.write = { _, _, _ in
        errno = code
        return -1
      }
    case "fsync":
      calls.fsync = { _ in
        errno = code
        return -1
      }
    default:
      calls.rename = { _, _ in
        errno = code
        return -1
      }
    }
    return calls
  }
}
