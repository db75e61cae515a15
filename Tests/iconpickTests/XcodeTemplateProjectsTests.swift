import Foundation
import TestSupport
import Testing

/// New iOS apps as Xcode 12, 14, 15 and 16 write them from the App template, given an AppIcon
/// and an alternate `Night` (XcodeTemplateProject), each also with its catalog settings in the
/// target's base `.xcconfig`: from every folder inside one, every reading command reads it as
/// from its root; from a folder of each kind inside it, `add` changes what it changes from the
/// root and `remove` gives every byte back; from a folder outside it, every command refuses in
/// one line.
@Suite struct XcodeTemplateProjectsTests {
  typealias Form = XcodeTemplateProject.Form

  let edit: EditCommandTests
  var scratch: Scratch { edit.scratch }

  init() throws { edit = try EditCommandTests() }

  /// The project in a folder of the scratch, so that the state, the caches and the image lie
  /// outside it.
  func project(_ form: Form) throws -> XcodeTemplateProject {
    try XcodeTemplateProject(form, at: scratch.file("Studio"))
  }

  /// The IMAGE to add: 1024 px, opaque, no alpha channel, outside the project.
  func image() throws -> URL {
    let file = scratch.file("images/Sunset.png")
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try OpaquePNG.rgb(side: 1024, red: 240).write(to: file)
    return file
  }

  static let readingCommands: [[String]] = [
    ["list"], ["list", "--json"], ["get"], ["check", "--format", "json"],
  ]

  func read(_ arguments: [String], in folder: URL) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    try edit.run(arguments + ["--state-dir", scratch.file("state").path], in: folder)
  }

  @Test(arguments: Form.all)
  func everyReadingCommandReadsTheProjectFromEveryFolderInItAsFromItsRoot(form: Form) throws {
    let project = try project(form)
    let folders = project.folders()
    #expect(folders.contains("Studio/Assets.xcassets/Night.appiconset"), "\(folders)")
    for arguments in Self.readingCommands {
      let fromRoot = try read(arguments, in: project.root)
      #expect(fromRoot.status == 0, "\(form) \(arguments): \(fromRoot.stdout) \(fromRoot.stderr)")
      for folder in folders.dropFirst() {
        let here = try read(arguments, in: project.file(folder))
        #expect(
          here.status == fromRoot.status && here.stdout == fromRoot.stdout
            && here.stderr == fromRoot.stderr,
          """
          \(form) \(arguments) from \(folder):
          \(here.status) \(here.stdout)\(here.stderr)
          from the root:
          \(fromRoot.status) \(fromRoot.stdout)\(fromRoot.stderr)
          """)
      }
    }
    let get = try read(["get"], in: project.root)
    #expect(get.stdout == "AppIcon\n", "\(form): \(get.stdout) \(get.stderr)")
    let icons = try edit.listedIcons(at: project.root)
    for name in ["AppIcon", "Night"] {
      let idioms = icons[name] ?? []
      #expect(idioms.contains("iphone") && idioms.contains("ipad"), "\(form) \(name): \(icons)")
    }
  }

  /// The folders `add` and `remove` run from, one of each kind: the root, the app's folder, the
  /// project bundle, the app's catalog, an icon set in it, the previews' catalog; where the
  /// settings are in the `.xcconfig`, the root and the icon set. Not every folder, as the
  /// reading commands are: on the per-size form one `add` costs about a second of CPU (the
  /// debug build resamples the image thirteen times). Each `add` from a folder must leave the
  /// bytes the `add` from the root leaves, so `list` and `check` are asked once, after that one.
  static func editingFolders(_ form: Form) -> [String] {
    let iconSet = "Studio/Assets.xcassets/Night.appiconset"
    guard !form.settingsInXCConfig else { return ["", iconSet] }
    return [
      "", "Studio", "Studio.xcodeproj", "Studio/Assets.xcassets", iconSet,
      "Studio/Preview Content/Preview Assets.xcassets",
    ]
  }

  @Test(arguments: Form.all)
  func addThenRemoveFromFoldersInsideTheProjectGiveEveryByteBack(form: Form) throws {
    let project = try project(form)
    let folders = Self.editingFolders(form)
    #expect(folders.allSatisfy(project.folders().contains), "\(folders)")
    let sunset = try image()
    let before = try project.snapshot()
    let errorsBefore = try edit.checkErrors(at: project.root)
    var addedFromTheRoot: [String: Data]?
    for folder in folders {
      let here = project.file(folder)
      let add = try edit.run(["add", "Sunset", sunset.path], in: here)
      #expect(add.status == 0, "\(form) add from \(folder): \(add.stdout) \(add.stderr)")
      let added = try project.snapshot()
      if let addedFromTheRoot {
        // The same bytes as the add from the root, so list and check say the same of them.
        let differs = Self.differences(added, addedFromTheRoot)
        #expect(differs.isEmpty, "\(form) add from \(folder), unlike from the root: \(differs)")
      } else {
        addedFromTheRoot = added
        // The name goes where the setting is, and the set is new: nothing else changes.
        let settings =
          form.settingsInXCConfig ? "Studio.xcconfig" : "Studio.xcodeproj/project.pbxproj"
        let changed = Self.differences(added, before)
        #expect(changed.filter { before[$0] != nil } == [settings], "\(form) add: \(changed)")
        #expect(
          changed.filter { before[$0] == nil }.allSatisfy {
            $0.hasPrefix("Studio/Assets.xcassets/Sunset.appiconset")
          }, "\(form) add: \(changed)")
        let idioms = try edit.listedIcons(at: project.root)["Sunset"] ?? []
        #expect(
          idioms.contains("iphone") && idioms.contains("ipad"),
          "\(form) after add: Sunset's idioms \(idioms)")
        let newErrors = EditCommandTests.grown(
          try edit.checkErrors(at: project.root), from: errorsBefore)
        #expect(newErrors.isEmpty, "\(form) after add: \(newErrors)")
      }
      let remove = try edit.run(["remove", "Sunset"], in: here)
      #expect(
        remove.status == 0, "\(form) remove from \(folder): \(remove.stdout) \(remove.stderr)")
      let changed = Self.differences(try project.snapshot(), before)
      // Each round starts from the project as it was: stop at the first that does not.
      try #require(changed.isEmpty, "\(form) add and remove from \(folder) changed \(changed)")
    }
  }

  /// The paths whose bytes differ between two snapshots, or that only one has.
  static func differences(_ one: [String: Data], _ other: [String: Data]) -> [String] {
    Set(one.keys).union(other.keys).filter { one[$0] != other[$0] }.sorted()
  }

  /// From a folder beside the project, no command finds it: one line, exit 1, nothing written.
  @Test(arguments: XcodeTemplateProject.Xcode.allCases)
  func fromAnEmptyFolderOutsideTheProjectEveryCommandRefusesInOneLine(
    xcode: XcodeTemplateProject.Xcode
  ) throws {
    let project = try project(Form(xcode))
    let before = try project.snapshot()
    let empty = scratch.file("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let sunset = try image()
    for arguments in Self.readingCommands + [["add", "Sunset", sunset.path], ["remove", "Night"]] {
      let result = try read(arguments, in: empty)
      #expect(result.status == 1, "\(xcode) \(arguments): \(result.stdout) \(result.stderr)")
      #expect(result.stdout.isEmpty, "\(xcode) \(arguments): \(result.stdout)")
      #expect(
        result.stderr
          == "iconpick: error: no app in \(empty.path) or any folder above it: run iconpick inside the app's project, or give its PATH (a folder holding the .xcodeproj, the .xcodeproj, a project.yml, an Info.plist or a built .app)\n",
        "\(xcode) \(arguments): \(result.stderr)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: empty.path).isEmpty)
    #expect(try project.snapshot() == before)
  }
}
