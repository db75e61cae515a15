import Foundation
import TestSupport
import Testing

/// The messages a newcomer meets first: each names the file, says what is wrong and what to do,
/// and none is a Swift error value.
@Suite struct NewcomerMessagesTests {
  let edit: EditCommandTests
  var scratch: Scratch { edit.scratch }

  init() throws { edit = try EditCommandTests() }

  /// What no message may hold: the way Swift prints an error value.
  static func expectNoErrorValue(
    _ text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for fragment in ["Error(", "rawValue", "userInfo", "NSUnderlyingError", "Code("] {
      #expect(!text.contains(fragment), "\(text)", sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: [["list"], ["check"], ["get"], ["add", "Night"], ["remove", "Blue"]])
  func anXcodeprojWithoutItsProjectFileIsSaidAsSuch(arguments: [String]) throws {
    let project = try EditProject(in: scratch)
    try FileManager.default.removeItem(at: project.pbxproj)
    let result = try edit.run(
      arguments + [project.root.path, "--state-dir", scratch.file("state").path])
    #expect(result.status == 1, "\(result.stdout)")
    let bundle = project.file("Studio.xcodeproj").path
    #expect(
      result.stderr.contains(
        "\(bundle): holds no project.pbxproj, so it is no project Xcode can open: restore the file"),
      "\(result.stderr)")
    Self.expectNoErrorValue(result.stderr + result.stdout)
  }

  /// A file the system refuses is said in the system's words.
  @Test func anUnreadableInfoPlistIsSaidInTheSystemsWords() throws {
    let project = try EditProject(in: scratch)
    let plist = project.file("Studio/Info.plist")
    try FileManager.default.removeItem(at: plist)
    // A folder where the file should be.
    try FileManager.default.createDirectory(at: plist, withIntermediateDirectories: true)
    let result = try edit.run([
      "list", project.root.path, "--state-dir", scratch.file("state").path,
    ])
    #expect(result.status == 1)
    #expect(result.stderr.contains("Info.plist"), "\(result.stderr)")
    Self.expectNoErrorValue(result.stderr)
  }

  @Test func removeOffersTheNameAsDeclaredWhenOnlyItsCaseDiffers() throws {
    let project = try EditProject(in: scratch)
    let before = try project.snapshot()
    let result = try edit.run(["remove", "blue", project.root.path])
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        #"has no alternate icon named "blue" (names are matched exactly); did you mean "Blue"? Nothing was written"#
      ), "\(result.stderr)")
    #expect(try project.snapshot() == before)
  }

  /// A PNG saved without its extension is the IMAGE, not a PATH with "no app found here".
  @Test func anImageWithoutItsExtensionIsTheImage() throws {
    let project = try EditProject(in: scratch)
    let png = try edit.image()
    let bare = scratch.file("images/night-1024")
    try FileManager.default.copyItem(at: png, to: bare)
    let result = try edit.run(["add", "Night", bare.path, "--dry-run"], in: project.root)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Night.appiconset"), "\(result.stdout)")
    // A file that is no image says so, naming it.
    let text = scratch.file("images/notes")
    try "not an image\n".write(to: text, atomically: true, encoding: .utf8)
    let refused = try edit.run(["add", "Night", text.path, "--dry-run"], in: project.root)
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("\(text.path): not a PNG image"), "\(refused.stderr)")
  }

  /// A wrong command line points at the command's own help.
  @Test(arguments: [
    (["add", "Night", "--dark"], "add"), (["remove"], "remove"), (["check", "--format"], "check"),
    (["list", "--bogus"], "list"), (["--bogus"], nil),
  ])
  func aUsageErrorPointsAtTheCommandsOwnHelp(arguments: [String], command: String?) throws {
    let result = try edit.run(arguments)
    #expect(result.status == 2)
    let help = command.map { "iconpick \($0) --help" } ?? "iconpick --help"
    #expect(result.stderr.hasSuffix("Run '\(help)' for usage.\n"), "\(result.stderr)")
    // And that help exists.
    let shown = try edit.run(help.split(separator: " ").dropFirst().map(String.init))
    #expect(shown.status == 0, "\(shown.stderr)")
  }

  /// A set that is there but does not ship: the refusal and check's fix line both say that
  /// `iconpick add NAME` declares it.
  @Test func aSetThatDoesNotShipIsDeclaredByAddWithoutAnImage() throws {
    var options = EditProject.blueInTheTarget
    options.sets = ["Blue", "Night"]
    let project = try EditProject(in: scratch, options)
    let before = try project.snapshot()
    let night = try edit.image()
    let refused = try edit.run(["add", "Night", night.path, project.root.path])
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains(
        "Studio/Assets.xcassets/Night.appiconset is a set named \"Night\" that the build does not ship yet: `iconpick add Night` without an image declares it"
      ), "\(refused.stderr)")
    #expect(try project.snapshot() == before)
    let check = try edit.read(["check", project.root.path])
    #expect(
      check.stdout.contains("fix: Run `iconpick add Night` (no image), which declares it as it is"),
      "\(check.stdout)")
    let declared = try edit.run(["add", "Night", project.root.path])
    #expect(declared.status == 0, "\(declared.stderr)")
  }
}
