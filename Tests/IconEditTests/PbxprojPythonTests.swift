import Foundation
import Testing

@testable import IconEdit

/// A second reader of the edited text: PyPI's `pbxproj` package (its own OpenStep parser) loads
/// every edited project and finds the objects the edits added. The interpreter is the one named by
/// ICONPICK_PBXPROJ_PYTHON (`make test` makes a venv with the package), else `python3` when it has
/// the package. Without one the test does nothing, except on CI, where it fails saying so.
@Suite struct PbxprojPythonTests {
  static func interpreter() -> String? {
    let environment = ProcessInfo.processInfo.environment
    if let named = environment["ICONPICK_PBXPROJ_PYTHON"], !named.isEmpty { return named }
    return (try? run("/usr/bin/env", ["python3", "-c", "import pbxproj"]).status == 0) == true
      ? "/usr/bin/env python3" : nil
  }

  static func run(_ executable: String, _ arguments: [String]) throws -> (
    status: Int32, output: String
  ) {
    let process = Process()
    let parts = executable.split(separator: " ").map(String.init)
    process.executableURL = URL(fileURLWithPath: parts[0])
    process.arguments = Array(parts.dropFirst()) + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// Loads `text` with `pbxproj` and returns the ids it finds among `ids`.
  static func load(_ text: [UInt8], findingObjects ids: [String], python: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "iconpick-pbxproj-python-\(getpid())-\(UUID().uuidString)/Sample.xcodeproj")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let file = folder.appendingPathComponent("project.pbxproj")
    try Data(text).write(to: file)
    let script = """
      import sys
      from pbxproj import XcodeProject
      project = XcodeProject.load(sys.argv[1])
      keys = set(project.objects.get_keys())
      print(" ".join(i for i in sys.argv[2:] if i in keys))
      """
    let result = try run(python, ["-c", script, file.path] + ids)
    #expect(result.status == 0, "pbxproj could not load the edited project: \(result.output)")
    return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func pythonsPbxprojLoadsEveryEditedProject() throws {
    guard let python = Self.interpreter() else {
      if ProcessInfo.processInfo.environment["CI"] == "true" {
        Issue.record(
          "no Python with the pbxproj package: set ICONPICK_PBXPROJ_PYTHON (make test makes .build/pbxproj-venv)"
        )
      }
      return
    }
    var editor = try PbxprojEditor(
      file: PbxprojFixtures.projectFile, bytes: Array(PbxprojFixtures.project().utf8))
    try editor.setBuildSetting(
      "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES", to: .list(["AppIcon-Blue", "Green"]),
      configuration: "E20000000000000000000003")
    try editor.setBuildSetting(
      "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS", to: .string("YES"),
      configuration: "E20000000000000000000002")
    let png = try editor.addFile(
      path: "AppIcon-Blue@2x.png", name: nil, lastKnownFileType: "image.png",
      group: "C10000000000000000000002", resourcesPhase: "D20000000000000000000002")
    let icon = try editor.addFile(
      path: "Green.icon", name: nil, lastKnownFileType: "folder.iconcomposer.icon",
      group: "C10000000000000000000002", resourcesPhase: "D20000000000000000000002")
    let ids = [png.fileReference, png.buildFile, icon.fileReference, icon.buildFile].compactMap {
      $0
    }
    let added = try Self.load(editor.bytes, findingObjects: ids, python: python)
    #expect(added == ids.joined(separator: " "), "pbxproj found \(added)")

    // Without a build file section at first: the one made for the new file.
    var bare = try PbxprojEditor(
      file: PbxprojFixtures.projectFile,
      bytes: Array(PbxprojFixtures.project(resourcesFiles: "", withBuildFileSection: false).utf8))
    let made = try bare.addFile(
      path: "Blue.png", name: "Blue", lastKnownFileType: "image.png",
      group: "C10000000000000000000004", resourcesPhase: "D20000000000000000000002")
    let madeIDs = [made.fileReference, made.buildFile].compactMap { $0 }
    let found = try Self.load(bare.bytes, findingObjects: madeIDs, python: python)
    #expect(found == madeIDs.joined(separator: " "), "pbxproj found \(found)")
    try bare.removeFile(reference: made.fileReference)
    let left = try Self.load(bare.bytes, findingObjects: madeIDs, python: python)
    #expect(left == "", "pbxproj found \(left)")
  }
}
