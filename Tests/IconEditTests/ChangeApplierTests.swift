import Foundation
import TestSupport
import Testing

@testable import IconEdit

@Suite struct ChangeApplierTests {
  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test func appliesEveryKindOfChangeAndUndoesThem() throws {
    let scratch = try ScratchFolder()
    let edited = try scratch.write("Info.plist", "old\n")
    let removed = try scratch.write("Gone.png", "png")
    var set = ChangeSet(root: scratch.url)
    set.append(.modify(edited, from: bytes("old\n"), to: bytes("new\n"), "edited"))
    set.append(.createDirectory(scratch.file("New.appiconset"), "new set"))
    set.append(.create(scratch.file("New.appiconset/Contents.json"), bytes("{}\n"), "new"))
    set.append(.delete(removed, was: bytes("png"), "removed"))

    let applied = try ChangeApplier.apply(set)
    #expect(scratch.read("Info.plist") == "new\n")
    #expect(scratch.read("New.appiconset/Contents.json") == "{}\n")
    #expect(!scratch.exists("Gone.png"))

    #expect(applied.undo().isEmpty)
    #expect(scratch.read("Info.plist") == "old\n")
    #expect(!scratch.exists("New.appiconset"))
    #expect(scratch.read("Gone.png") == "png")
  }

  @Test func keepsTheEditedFilesMode() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.write("run.sh", "a\n")
    chmod(file.path, 0o751)
    var set = ChangeSet(root: scratch.url)
    set.append(.modify(file, from: bytes("a\n"), to: bytes("b\n"), "edited"))
    try ChangeApplier.apply(set).commit()
    let mode =
      try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
    #expect(mode == 0o751)
  }

  @Test func refusesAFileThatChangedSinceItWasRead() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.write("project.pbxproj", "changed by Xcode meanwhile\n")
    let other = try scratch.write("Info.plist", "old\n")
    var set = ChangeSet(root: scratch.url)
    set.append(.modify(other, from: bytes("old\n"), to: bytes("new\n"), "edited"))
    set.append(.modify(file, from: bytes("as read\n"), to: bytes("edited\n"), "edited"))
    #expect(throws: EditError.changedOnDisk(file: file.path)) { try ChangeApplier.apply(set) }
    // Nothing was written: the check comes before the first write.
    #expect(scratch.read("Info.plist") == "old\n")
    #expect(scratch.read("project.pbxproj") == "changed by Xcode meanwhile\n")
  }

  @Test func refusesANewFileWhosePlaceIsTaken() throws {
    let scratch = try ScratchFolder()
    try scratch.write("Blue.png", "someone's\n")
    var set = ChangeSet(root: scratch.url)
    set.append(.create(scratch.file("Blue.png"), bytes("ours"), "new"))
    #expect(throws: EditError.exists(file: scratch.file("Blue.png").path)) {
      try ChangeApplier.apply(set)
    }
    #expect(scratch.read("Blue.png") == "someone's\n")
  }

  @Test func neverWritesThroughALinkThatLeavesTheProject() throws {
    let scratch = try ScratchFolder()
    let outside = try ScratchFolder()
    try outside.write("secret.plist", "outside\n")
    try FileManager.default.createSymbolicLink(
      atPath: scratch.file("Info.plist").path,
      withDestinationPath: outside.file("secret.plist").path)
    var set = ChangeSet(root: scratch.url)
    set.append(
      .modify(scratch.file("Info.plist"), from: bytes("outside\n"), to: bytes("x\n"), "edited"))
    #expect(throws: EditError.self) { try ChangeApplier.apply(set) }
    #expect(outside.read("secret.plist") == "outside\n")

    // A new file under a linked folder that leads out is refused the same way.
    try FileManager.default.createSymbolicLink(
      atPath: scratch.file("Linked").path, withDestinationPath: outside.url.path)
    var creation = ChangeSet(root: scratch.url)
    creation.append(.create(scratch.file("Linked/new.png"), bytes("x"), "new"))
    #expect(throws: EditError.self) { try ChangeApplier.apply(creation) }
    #expect(!outside.exists("new.png"))
  }

  /// A file beside the project (`../images/icons`, as a React Native app keeps its icons) is
  /// outside its folder, and said so: the message speaks of a symbolic link only for a link.
  @Test func aFileOutsideTheProjectIsSaidAsSuchNotAsALink() throws {
    let parent = try ScratchFolder()
    let project = parent.file("ios")
    try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
    try parent.write("images/icons/Night.png", "png\n")
    var set = ChangeSet(root: project)
    set.append(.create(parent.file("images/icons/Night@2x.png"), bytes("x"), "new"))
    do {
      try ChangeApplier.check(set)
      Issue.record("a file outside the project was not refused")
    } catch {
      #expect(
        error
          == .outsideProject(
            file: parent.file("images/icons/Night@2x.png").standardizedFileURL.path,
            root: project.standardizedFileURL.path))
      #expect(!error.description.contains("symbolic link"), "\(error.description)")
    }
    // Through a link, the link is named.
    try FileManager.default.createSymbolicLink(
      atPath: project.appendingPathComponent("Icons").path,
      withDestinationPath: parent.file("images/icons").path)
    var linked = ChangeSet(root: project)
    linked.append(.create(project.appendingPathComponent("Icons/Night@2x.png"), bytes("x"), "new"))
    do {
      try ChangeApplier.check(linked)
      Issue.record("a file through a link out was not refused")
    } catch {
      #expect(error.description.contains("is a symbolic link that leaves the project"))
    }
  }

  @Test func aFailureHalfWayPutsBackWhatWasWritten() throws {
    let scratch = try ScratchFolder()
    let first = try scratch.write("a.txt", "a\n")
    let second = try scratch.write("b.txt", "b\n")
    var set = ChangeSet(root: scratch.url)
    set.append(.modify(first, from: bytes("a\n"), to: bytes("A\n"), "edited"))
    set.append(.create(scratch.file("c.txt"), bytes("c\n"), "new"))
    set.append(.modify(second, from: bytes("b\n"), to: bytes("B\n"), "edited"))
    // The second rename (b.txt; c.txt is new, so linked) fails, as a full disk or a read-only file system would make it.
    let renames = Counter()
    let calls = ChangeApplier.SystemCalls(
      rename: { from, to in
        renames.increment() == 1
          ? {
            errno = EROFS
            return -1
          }() : rename(from, to)
      },
      fsync: { fsync($0) })
    #expect(throws: EditError.self) { try ChangeApplier.apply(set, calls: calls) }
    #expect(scratch.read("a.txt") == "a\n")
    #expect(!scratch.exists("c.txt"))
    #expect(scratch.read("b.txt") == "b\n")
    // No temporary file is left behind.
    let left = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted()
    #expect(left == ["a.txt", "b.txt"])
  }

  @Test func checkingWritesNothing() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.write("a.txt", "a\n")
    var set = ChangeSet(root: scratch.url)
    set.append(.modify(file, from: bytes("a\n"), to: bytes("A\n"), "edited"))
    set.append(.create(scratch.file("b.txt"), bytes("b\n"), "new"))
    try ChangeApplier.check(set)
    #expect(scratch.read("a.txt") == "a\n")
    #expect(!scratch.exists("b.txt"))
  }

  @Test func editsOfOneFileFoldIntoOneChange() throws {
    let scratch = try ScratchFolder()
    let file = scratch.file("a.txt")
    var set = ChangeSet(root: scratch.url)
    set.edit(file, from: bytes("1\n"), to: bytes("2\n"), "first")
    set.edit(file, from: bytes("2\n"), to: bytes("3\n"), "second")
    #expect(set.changes.count == 1)
    #expect(set.changes.first?.original == bytes("1\n"))
    #expect(set.changes.first?.updated == bytes("3\n"))
    // An edit that comes back to the original leaves nothing to write.
    set.edit(file, from: bytes("3\n"), to: bytes("1\n"), "back")
    #expect(set.isEmpty)
  }
}

/// A count shared with a `@Sendable` closure.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  /// The count before this call.
  func increment() -> Int {
    lock.withLock {
      defer { value += 1 }
      return value
    }
  }
}
