import Foundation
import TestSupport
import Testing

/// Every command finds its project the way git finds its repository: from any folder inside it,
/// it reads exactly what it reads from the root; where there is none, the scripted commands
/// refuse in one line and never fall back to the bundled demo app.
@Suite struct FindTheProjectTests {
  let edit: EditCommandTests
  var scratch: Scratch { edit.scratch }

  init() throws { edit = try EditCommandTests() }

  /// A project as Xcode writes it whose alternate `Classic` is declared only in the target's
  /// base `.xcconfig`: a folder read alone (the app's sources, its catalog) lacks it.
  func project() throws -> EditProject {
    let project = try EditProject(
      in: scratch,
      .init(
        targetSettings: ["ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;"],
        baseConfiguration: (
          "Config/Studio.xcconfig",
          "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Classic\n"
        ), sets: ["Classic", "Night"]))
    try FileManager.default.createDirectory(
      at: project.file("Studio/Views/Settings"), withIntermediateDirectories: true)
    return project
  }

  /// The folders a developer may be in: the root, the app's sources, a folder below them, the
  /// configuration folder, the catalog, one icon set, and the project bundle.
  static let folders = [
    "", "Studio", "Studio/Views/Settings", "Config", "Studio/Assets.xcassets",
    "Studio/Assets.xcassets/Classic.appiconset", "Studio.xcodeproj",
  ]

  func read(_ arguments: [String], in folder: URL) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    try edit.run(arguments + ["--state-dir", scratch.file("state").path], in: folder)
  }

  @Test(arguments: [
    ["list"], ["list", "--json"], ["check"], ["get"], ["check", "--format", "json"],
  ])
  func aReadingCommandReadsTheProjectFromEveryFolderInsideIt(arguments: [String]) throws {
    let project = try project()
    let fromRoot = try read(arguments, in: project.root)
    #expect(fromRoot.status == 0 || arguments.first == "check", "\(fromRoot.stderr)")
    if arguments == ["list"] {
      // Classic is the xcconfig's; Night ships nowhere, so it is not listed.
      #expect(fromRoot.stdout.contains("Classic"), "\(fromRoot.stdout)")
      #expect(!fromRoot.stdout.contains("Night"), "\(fromRoot.stdout)")
    }
    for folder in Self.folders.dropFirst() {
      let here = try read(arguments, in: project.file(folder))
      #expect(here.status == fromRoot.status, "\(folder): \(here.stderr)")
      #expect(
        here.stdout == fromRoot.stdout,
        "\(folder):\n\(here.stdout)\nfrom the root:\n\(fromRoot.stdout)")
      #expect(here.stderr == fromRoot.stderr, "\(folder): \(here.stderr)")
    }
  }

  @Test func setAndResetFromASubfolderRecordTheProjectsChoice() throws {
    let project = try project()
    let sources = project.file("Studio/Views/Settings")
    let set = try read(["set", "Classic"], in: sources)
    #expect(set.status == 0, "\(set.stderr)")
    #expect(set.stderr.contains("You have changed the icon for “Studio”."), "\(set.stderr)")
    let get = try read(["get"], in: project.file("Config"))
    #expect(get.stdout == "Classic\n", "\(get.stdout) \(get.stderr)")
    let reset = try read(["reset"], in: project.file("Studio"))
    #expect(reset.status == 0, "\(reset.stderr)")
    #expect(try read(["get"], in: project.root).stdout == "AppIcon\n")
  }

  @Test func addAndRemoveFromASubfolderChangeTheProjectAsFromItsRoot() throws {
    let project = try project()
    let before = try project.snapshot()
    let night = try edit.image()
    let sources = project.file("Studio/Views/Settings")
    let add = try edit.run(["add", "Sunset", night.path], in: sources)
    #expect(add.status == 0, "\(add.stderr)")
    #expect(try edit.listedIcons(project)["Sunset"] != nil)
    let remove = try edit.run(["remove", "Sunset"], in: project.file("Config"))
    #expect(remove.status == 0, "\(remove.stderr)")
    #expect(try project.snapshot() == before)
    // Classic is declared in the xcconfig: from the catalog, remove finds it as from the root.
    let dryRun = try edit.run(
      ["remove", "Classic", "--dry-run"], in: project.file("Studio/Assets.xcassets"))
    #expect(dryRun.status == 0, "\(dryRun.stderr)")
    #expect(dryRun.stdout.contains("Config/Studio.xcconfig"), "\(dryRun.stdout)")
    #expect(try project.snapshot() == before)
  }

  /// In a folder with no app in or above it, no scripted command reads the demo app: one line,
  /// exit 1, nothing on stdout, nothing written.
  @Test(arguments: [
    ["list"], ["list", "--json"], ["get"], ["set", "AppIcon-Blue"], ["reset"],
    ["push", "{\"aps\":{},\"icon_name\":\"AppIcon-Blue\"}"], ["check"], ["check", "--fix"],
    ["check", "--format", "json"], ["show", "AppIcon-Blue"], ["add", "Night"],
    ["remove", "AppIcon-Blue"],
  ])
  func withNoAppHereOrAboveAScriptedCommandRefusesInOneLine(arguments: [String]) throws {
    let empty = scratch.file("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let palette = try EditProject.snapshot(of: paletteFolder())
    let result = try read(arguments, in: empty)
    #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
    #expect(result.stdout.isEmpty, "\(result.stdout)")
    #expect(
      result.stderr
        == "iconpick: error: no app in \(empty.path) or any folder above it: run iconpick inside the app's project, or give its PATH (a folder holding the .xcodeproj, the .xcodeproj, a project.yml, an Info.plist or a built .app)\n",
      "\(result.stderr)")
    #expect(try EditProject.snapshot(of: paletteFolder()) == palette)
    #expect(try FileManager.default.contentsOfDirectory(atPath: empty.path).isEmpty)
  }

  /// A folder beside a project is not inside it: the search climbs, it does not look sideways.
  @Test func aFolderBesideAProjectIsNotInIt() throws {
    _ = try project()
    let beside = scratch.file("notes/2026")
    try FileManager.default.createDirectory(at: beside, withIntermediateDirectories: true)
    let result = try read(["list"], in: beside)
    #expect(result.status == 1, "\(result.stdout)")
    #expect(result.stderr.contains("no app in \(beside.path) or any folder above it"))
  }

  /// A repository inside another (a checkout in a home folder kept in git): the search stops at
  /// the nearest root, and never reads a project of the outer one.
  @Test func aNestedRepositoryStopsTheSearchAtItsOwnRoot() throws {
    _ = try EditProject(in: scratch, folder: "outer/other")
    try FileManager.default.createDirectory(
      at: scratch.file("outer/.git"), withIntermediateDirectories: true)
    let docs = scratch.file("outer/inner/docs")
    try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: scratch.file("outer/inner/.git"), withIntermediateDirectories: true)
    let result = try read(["list"], in: docs)
    #expect(result.status == 1, "\(result.stdout)")
    #expect(
      result.stderr.contains("no app in \(docs.path) or any folder above it"), "\(result.stderr)")
  }

  /// Inside a git repository, the search stops at its root, and looks one folder into it as into
  /// the current folder: `ios/Runner.xcodeproj` from the repository's `docs/`.
  @Test func insideARepositoryTheSearchLooksIntoItsRoot() throws {
    let repository = scratch.file("repo")
    let project = try EditProject(in: scratch, folder: "repo/ios")
    try FileManager.default.createDirectory(
      at: repository.appendingPathComponent(".git"), withIntermediateDirectories: true)
    let docs = repository.appendingPathComponent("docs/guides")
    try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
    let fromDocs = try read(["list"], in: docs)
    let fromProject = try read(["list"], in: project.root)
    #expect(fromDocs.status == 0, "\(fromDocs.stderr)")
    #expect(fromDocs.stdout == fromProject.stdout)
    #expect(fromDocs.stdout.contains("Blue"), "\(fromDocs.stdout)")
  }
}

/// The options docs/commands.md gives every command are taken by every command, and do there
/// what they say.
@Suite struct EveryCommandsOptionsTests {
  let edit: EditCommandTests
  var scratch: Scratch { edit.scratch }

  init() throws { edit = try EditCommandTests() }

  @Test(arguments: [["add", "Night"], ["remove", "Blue"], ["check", "--fix"]])
  func addRemoveAndFixTakeStateDirConfigurationAndColor(command: [String]) throws {
    let project = try EditProject(in: scratch)
    let before = try project.snapshot()
    var arguments = command
    if command == ["add", "Night"] { arguments.append(try edit.image().path) }
    arguments += [project.root.path, "--dry-run", "--state-dir", scratch.file("state").path]
    let plain = try edit.run(arguments + ["--configuration", "Debug", "--color", "none"])
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(!plain.stdout.contains("\u{1B}["), "\(plain.stdout)")
    // A configuration the project lacks is named as it is for list.
    let unknown = try edit.run(arguments + ["--configuration", "Nope"])
    #expect(unknown.status == 1, "\(unknown.stdout)")
    #expect(unknown.stderr.contains("no build configuration named \"Nope\""), "\(unknown.stderr)")
    #expect(try project.snapshot() == before)
  }

  @Test func aDryRunsDiffIsColouredWhenColourIsAskedFor() throws {
    let project = try EditProject(in: scratch)
    let arguments = ["add", "Night", try edit.image().path, project.root.path, "--dry-run"]
    let coloured = try edit.run(arguments + ["--color", "16"])
    #expect(coloured.status == 0, "\(coloured.stderr)")
    #expect(coloured.stdout.contains("\u{1B}[32m+"), "\(coloured.stdout)")
    #expect(coloured.stdout.contains("\u{1B}[1m+++ "), "\(coloured.stdout)")
    // Without --color, a pipe gets no colour.
    let piped = try edit.run(arguments)
    #expect(!piped.stdout.contains("\u{1B}["), "\(piped.stdout)")
    let stripped = coloured.stdout.replacingOccurrences(
      of: "\u{1B}\\[[0-9]*m", with: "", options: .regularExpression)
    #expect(stripped == piped.stdout)
  }
}
