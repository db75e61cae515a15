import Foundation
import Testing

@testable import IconEdit

@Suite struct IconBundleCopyTests {
  @Test func copiesFoldersFirstThenFilesByteForByte() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    try fixtures.write("Blue.icon/icon.json", IconFileFixtures.iconJSON)
    try fixtures.write("Blue.icon/Assets/front.png", [0x89, 0x50, 0x4E, 0x47, 0, 1, 2, 255])
    try fixtures.write("Blue.icon/Assets/b layer.svg", "<svg/>")
    _ = try fixtures.folder("Blue.icon/Assets/Empty")
    let source = fixtures.folder.appendingPathComponent("Blue.icon", isDirectory: true)
    let destination = fixtures.folder.appendingPathComponent("Project/Blue.icon", isDirectory: true)
    let changes = try IconBundleCopy.changes(from: source, to: destination)
    #expect(
      changes.map { $0.path.path.replacingOccurrences(of: destination.path, with: "") } == [
        "", "/Assets", "/Assets/Empty", "/Assets/b layer.svg", "/Assets/front.png", "/icon.json",
      ])
    #expect(changes.prefix(3).allSatisfy { $0.isDirectory && $0.isCreation })
    for change in changes.dropFirst(3) {
      let original = source.appendingPathComponent(
        String(change.path.path.dropFirst(destination.path.count + 1)))
      #expect(change.updated == [UInt8](try Data(contentsOf: original)))
      #expect(change.isCreation && !change.isDirectory)
    }
  }

  @Test func followsALinkInsideButRefusesOneLeaving() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    try fixtures.write("Blue.icon/icon.json", IconFileFixtures.iconJSON)
    try fixtures.write("Blue.icon/Assets/front.png", "front")
    _ = try fixtures.link("Blue.icon/Assets/alias.png", to: "front.png")
    let source = fixtures.folder.appendingPathComponent("Blue.icon", isDirectory: true)
    let destination = fixtures.folder.appendingPathComponent("Copy.icon", isDirectory: true)
    let changes = try IconBundleCopy.changes(from: source, to: destination)
    #expect(
      changes.first { $0.path.lastPathComponent == "alias.png" }?.updated == Array("front".utf8))

    let secret = try fixtures.write("secret.txt", "secret")
    let out = try fixtures.link("Blue.icon/Assets/out.png", to: secret.path)
    let real = IconImageInput.realPath(secret.path) ?? ""
    #expect(
      throws: EditError.badImage(
        file: out.path,
        reason: "a symbolic link to \(real), outside the .icon bundle: replace it with the file")
    ) {
      try IconBundleCopy.changes(from: source, to: destination)
    }
  }

  @Test func refusesAFIFOAndATakenDestination() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    try fixtures.write("Blue.icon/icon.json", IconFileFixtures.iconJSON)
    let source = fixtures.folder.appendingPathComponent("Blue.icon", isDirectory: true)
    #expect(throws: EditError.exists(file: source.path)) {
      try IconBundleCopy.changes(from: source, to: source)
    }
    let fifo = fixtures.url("Blue.icon/pipe")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    #expect(
      throws: EditError.badImage(
        file: fifo.path, reason: "a FIFO inside the .icon bundle, which Icon Composer never writes")
    ) {
      try IconBundleCopy.changes(from: source, to: fixtures.folder.appendingPathComponent("C.icon"))
    }
  }
}
