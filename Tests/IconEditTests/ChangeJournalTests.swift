import Foundation
import TestSupport
import Testing

@testable import IconEdit

/// The journal's writer and reader, recovery, and the lock, on scratch folders.
@Suite struct ChangeJournalTests {
  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  static let sample = ChangeJournal(
    id: "0123456789abcdef", pid: 42,
    entries: [
      .init(
        kind: .modify, path: "App.xcodeproj/project.pbxproj", mode: 0o644,
        original: .init(file: "blob-0", length: 3, checksum: ChangeJournal.checksum([1, 2, 3])),
        updated: .init([4]),
        temporary: ChangeJournal.temporaryName(
          for: "App.xcodeproj/project.pbxproj", id: "0123456789abcdef")),
      .init(kind: .createFolder, path: "A.xcassets/New.appiconset"),
      .init(
        kind: .create, path: "A.xcassets/New.appiconset/Contents.json", updated: .init([5]),
        temporary: "A.xcassets/New.appiconset/.Contents.json.iconpick-0123456789abcdef"),
      .init(kind: .deleteFolder, path: "Old", mode: 0o755),
    ])

  // MARK: Writer and reader

  @Test func aJournalReadsBackAsWritten() throws {
    let encoded = Self.sample.encoded()
    #expect(encoded.starts(with: bytes("iconpick journal 1\n")))
    #expect(try ChangeJournal.decode(encoded) == Self.sample)
  }

  @Test func aTornJournalIsNeverTrusted() {
    let encoded = Self.sample.encoded()
    for length in 0..<encoded.count {
      #expect(throws: ChangeJournal.Untrusted.self, "\(length) bytes") {
        try ChangeJournal.decode(Array(encoded.prefix(length)))
      }
    }
  }

  @Test func anAlteredJournalIsNeverTrusted() throws {
    var encoded = Self.sample.encoded()
    encoded[encoded.count - 5] ^= 0x20
    let error = try #require(throws: ChangeJournal.Untrusted.self) {
      try ChangeJournal.decode(encoded)
    }
    #expect(error.reason == "its checksum does not match its contents")
  }

  @Test func aJournalOfAnotherVersionIsRefused() throws {
    let encoded = Self.sample.encoded()
    let body = Array(encoded.drop { $0 != 0x0A }.dropFirst())
    let error = try #require(throws: ChangeJournal.Untrusted.self) {
      try ChangeJournal.decode(bytes("iconpick journal 2\n") + body)
    }
    #expect(error.reason.contains("version 2"))
  }

  /// A well-formed journal whose entries leave the project, point into the journal folder, or
  /// name temporary files and blobs as iconpick does not.
  @Test(arguments: [
    ("../outside.plist", "not a path inside the project"),
    ("/etc/passwd", "not a path inside the project"),
    ("a/./b", "not a path inside the project"),
    ("a//b", "not a path inside the project"),
    (".iconpick/lock", "inside its own folder"),
  ])
  func entriesOutOfBoundsAreRefused(_ path: String, _ reason: String) throws {
    var journal = Self.sample
    journal.entries[0].path = path
    journal.entries[0].temporary = nil
    let error = try #require(throws: ChangeJournal.Untrusted.self) {
      try ChangeJournal.decode(journal.encoded())
    }
    #expect(error.reason.contains(reason), "\(error.reason)")
  }

  @Test func temporaryNamesAndBlobsMustBeIconpicks() throws {
    var renamed = Self.sample
    renamed.entries[0].temporary = "App.xcodeproj/../../x"
    #expect(throws: ChangeJournal.Untrusted.self) { try ChangeJournal.decode(renamed.encoded()) }
    var blob = Self.sample
    blob.entries[0].original?.file = "../../etc/shadow"
    #expect(throws: ChangeJournal.Untrusted.self) { try ChangeJournal.decode(blob.encoded()) }
    var missing = Self.sample
    missing.entries[0].original = nil
    #expect(throws: ChangeJournal.Untrusted.self) { try ChangeJournal.decode(missing.encoded()) }
  }

  // MARK: Applying, committing, undoing

  func change(in scratch: ScratchFolder) throws -> ChangeSet {
    let edited = try scratch.write("Info.plist", "old\n")
    let removed = try scratch.write("Gone.png", "png")
    chmod(edited.path, 0o640)
    var set = ChangeSet(root: scratch.url)
    set.append(.modify(edited, from: bytes("old\n"), to: bytes("new\n"), "edited"))
    set.append(.createDirectory(scratch.file("New.appiconset"), "new set"))
    set.append(.create(scratch.file("New.appiconset/Contents.json"), bytes("{}\n"), "new"))
    set.append(.delete(removed, was: bytes("png"), "removed"))
    return set
  }

  func names(_ scratch: ScratchFolder) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted()
  }

  @Test func theJournalIsThereUntilTheChangeIsCommitted() throws {
    let scratch = try ScratchFolder()
    let applied = try ChangeApplier.apply(change(in: scratch))
    #expect(scratch.read(".iconpick/.gitignore") == "*\n")
    let journal = try ChangeJournal.decode(
      [UInt8](try Data(contentsOf: scratch.file(".iconpick/journal"))))
    #expect(journal.entries.map(\.kind) == [.modify, .createFolder, .create, .delete])
    #expect(journal.entries[0].mode == 0o640)
    #expect(scratch.read(".iconpick/blob-0") == "old\n")
    applied.commit()
    #expect(try names(scratch) == ["Info.plist", "New.appiconset"])
  }

  @Test func undoingRemovesTheJournalToo() throws {
    let scratch = try ScratchFolder()
    let applied = try ChangeApplier.apply(change(in: scratch))
    #expect(applied.undo().isEmpty)
    #expect(try names(scratch) == ["Gone.png", "Info.plist"])
    #expect(scratch.read("Info.plist") == "old\n")
  }

  // MARK: Recovery

  @Test func recoveryPutsBackAChangeThatWasNotCommitted() throws {
    let scratch = try ScratchFolder()
    _ = try ChangeApplier.apply(change(in: scratch))
    // As a kill part-way leaves it: a temporary file too.
    let journal = try ChangeJournal.decode(
      [UInt8](try Data(contentsOf: scratch.file(".iconpick/journal"))))
    try scratch.write(try #require(journal.entries[0].temporary), "half")
    let lines = try ChangeRecovery.recover(near: scratch.url)
    #expect(
      lines == [
        "an interrupted change was undone: 2 files put back as they were, 1 new file removed (\(scratch.url.path)/.iconpick)"
      ])
    #expect(try names(scratch) == ["Gone.png", "Info.plist"])
    #expect(scratch.read("Info.plist") == "old\n")
    let mode =
      try FileManager.default.attributesOfItem(atPath: scratch.file("Info.plist").path)[
        .posixPermissions] as? Int
    #expect(mode == 0o640)
    // Nothing left to do the second time.
    #expect(try ChangeRecovery.recover(near: scratch.url).isEmpty)
  }

  @Test func recoveryKilledPartWayIsFinishedByTheNext() throws {
    let scratch = try ScratchFolder()
    _ = try ChangeApplier.apply(change(in: scratch))
    // A first recovery that got as far as putting back Info.plist and Gone.png.
    try scratch.write("Info.plist", "old\n")
    chmod(scratch.file("Info.plist").path, 0o640)
    try scratch.write("Gone.png", "png")
    #expect(try ChangeRecovery.recover(near: scratch.file("Info.plist")).count == 1)
    #expect(try names(scratch) == ["Gone.png", "Info.plist"])
  }

  @Test func aMissingOriginalIsRefusedAndNothingIsWritten() throws {
    let scratch = try ScratchFolder()
    _ = try ChangeApplier.apply(change(in: scratch))
    unlink(scratch.file(".iconpick/blob-0").path)
    let error = try #require(throws: EditError.self) {
      try ChangeRecovery.recover(near: scratch.url)
    }
    guard case .untrustedJournal(let file, _, let reason) = error else {
      Issue.record("\(error)")
      return
    }
    #expect(file == scratch.file(".iconpick/journal").path)
    #expect(reason.contains("blob-0) is missing"))
    #expect(scratch.read("Info.plist") == "new\n")
    #expect(scratch.exists("New.appiconset/Contents.json"))
  }

  @Test func aNewFileSomeoneElseWroteIsKept() throws {
    let scratch = try ScratchFolder()
    _ = try ChangeApplier.apply(change(in: scratch))
    try scratch.write("New.appiconset/Contents.json", "someone's\n")
    let lines = try ChangeRecovery.recover(near: scratch.url)
    #expect(lines.first?.contains("kept") == true, "\(lines)")
    #expect(scratch.read("New.appiconset/Contents.json") == "someone's\n")
    #expect(scratch.read("Info.plist") == "old\n")
  }

  @Test func aLeftoverFolderWithoutAJournalIsOnlyRemoved() throws {
    let scratch = try ScratchFolder()
    try scratch.write("Info.plist", "as it is\n")
    try scratch.write(".iconpick/.gitignore", "*\n")
    try scratch.write(".iconpick/blob-0", "whatever")
    try scratch.write(".iconpick/journal.tmp", "torn")
    #expect(try ChangeRecovery.recover(near: scratch.url).isEmpty)
    #expect(try names(scratch) == ["Info.plist"])
  }

  // MARK: The lock

  @Test func aSecondWriterIsRefusedWithTheHoldersPid() throws {
    let scratch = try ScratchFolder()
    let lock = try ProjectLock.acquire(root: scratch.url)
    #expect(scratch.read(".iconpick/lock") == "\(getpid())\n")
    #expect(scratch.read(".iconpick/.gitignore") == "*\n")
    let error = try #require(throws: EditError.self) {
      try ProjectLock.acquire(root: scratch.url, timeout: .milliseconds(50))
    }
    guard case .locked(let file, let pid, let program) = error else {
      Issue.record("\(error)")
      return
    }
    #expect(file == scratch.file(".iconpick/lock").path)
    #expect(pid == getpid())
    #expect(program != nil)
    #expect(error.description.contains("holds \(file); nothing was written"))
    lock.release()
    #expect(!scratch.exists(".iconpick"))
    // Free again: taken at once.
    try ProjectLock.acquire(root: scratch.url, timeout: .zero).release()
  }

  @Test func aReaderLeavesALiveWritersJournalAlone() throws {
    let scratch = try ScratchFolder()
    let lock = try ProjectLock.acquire(root: scratch.url)
    let applied = try ChangeApplier.apply(change(in: scratch))
    let lines = try ChangeRecovery.recover(near: scratch.url)
    #expect(lines.count == 1)
    #expect(lines.first?.contains("is changing this project") == true, "\(lines)")
    #expect(scratch.read("Info.plist") == "new\n")
    applied.commit()
    // The lock keeps its folder until it is released.
    #expect(scratch.exists(".iconpick/lock"))
    lock.release()
    #expect(try names(scratch) == ["Info.plist", "New.appiconset"])
  }

  @Test func takingTheLockFinishesADeadWritersChange() throws {
    let scratch = try ScratchFolder()
    _ = try ChangeApplier.apply(change(in: scratch))
    let lock = try ProjectLock.acquire(root: scratch.url)
    #expect(lock.recovered.count == 1)
    #expect(scratch.read("Info.plist") == "old\n")
    lock.release()
    #expect(try names(scratch) == ["Gone.png", "Info.plist"])
  }

  // MARK: What must not be written

  @Test func aReadOnlyFileIsRefusedBeforeAnythingIsWritten() throws {
    let scratch = try ScratchFolder()
    var set = try change(in: scratch)
    chmod(scratch.file("Info.plist").path, 0o444)
    #expect(
      throws: EditError.notWritable(
        file: scratch.file("Info.plist").path, mode: 0o444, isFolder: false)
    ) { try ChangeApplier.check(set) }
    chmod(scratch.file("Info.plist").path, 0o644)
    set.changes.removeFirst()
    chmod(scratch.url.path, 0o555)
    defer { chmod(scratch.url.path, 0o755) }
    #expect(
      throws: EditError.notWritable(file: scratch.url.path, mode: 0o555, isFolder: true)
    ) { try ChangeApplier.apply(set) }
    #expect(!scratch.exists(".iconpick"))
    #expect(!scratch.exists("New.appiconset"))
  }

  @Test func theMessagesSayWhatToDo() {
    let readOnly = EditError.notWritable(
      file: "/p/App.xcodeproj/project.pbxproj", mode: 0o444, isFolder: false)
    #expect(
      readOnly.description
        == "/p/App.xcodeproj/project.pbxproj is read-only (mode 0444): locked in Xcode, or not checked out; nothing was written: make it writable (chmod u+w /p/App.xcodeproj/project.pbxproj, or unlock it in Xcode, or check it out), then run the command again"
    )
    #expect(
      EditError.notWritable(file: "/p/My App", mode: 0o555, isFolder: true).description.contains(
        "chmod u+w '/p/My App'"))
    #expect(
      EditError.locked(lockFile: "/p/.iconpick/lock", pid: 7, program: "iconpick").description
        == "another change to this project is under way: iconpick (pid 7) holds /p/.iconpick/lock; nothing was written: run the command again when it has finished (if no such process is running, delete /p/.iconpick/lock)"
    )
  }
}
