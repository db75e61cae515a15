import Foundation
import Testing

@testable import IconEdit

/// Every `project.pbxproj` under the folder named by ICONPICK_CORPUS (nothing when it is unset):
/// the scanner reads it as Foundation does, and on a copy of it, setting a build setting on every
/// configuration of each app target, adding a PNG and an `.icon` and removing them again gives back
/// the same bytes, with Foundation reading every step. Figures are printed for the record.
@Suite struct PbxprojCorpusTests {
  static var corpus: URL? {
    ProcessInfo.processInfo.environment["ICONPICK_CORPUS"].map { URL(fileURLWithPath: $0) }
  }

  static func projectFiles(under folder: URL) -> [URL] {
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    else { return [] }
    var files: [URL] = []
    for case let url as URL in walker where url.lastPathComponent == "project.pbxproj" {
      files.append(url)
    }
    return files.sorted { $0.path < $1.path }
  }

  @Test func everyCorpusProjectIsReadAsFoundationDoesAndEditsRoundTrip() throws {
    guard let corpus = Self.corpus else { return }
    let files = Self.projectFiles(under: corpus)
    #expect(!files.isEmpty, "no project.pbxproj under \(corpus.path)")
    var agreed = 0
    var settings = 0
    var filesAdded = 0
    var roundTrips = 0
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "iconpick-pbxproj-sweep-\(getpid())")
    defer { try? FileManager.default.removeItem(at: scratch) }
    for (index, original) in files.enumerated() {
      // A copy in its own .xcodeproj, so nothing is ever written next to the corpus.
      let bundle = scratch.appendingPathComponent("\(index)")
        .appendingPathComponent(original.deletingLastPathComponent().lastPathComponent)
      try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
      let file = bundle.appendingPathComponent("project.pbxproj")
      try FileManager.default.copyItem(at: original, to: file)
      let bytes = try [UInt8](Data(contentsOf: file))
      let name = original.path.replacingOccurrences(of: corpus.path + "/", with: "")

      var editor: PbxprojEditor
      do {
        editor = try PbxprojEditor(file: file, bytes: bytes)
      } catch {
        Issue.record("\(name): \(error)")
        continue
      }
      agreed += 1

      let apps = (editor.object(editor.rootID)?["targets"]?.strings ?? []).filter {
        editor.object($0)?["productType"]?.string == "com.apple.product-type.application"
      }
      for target in apps {
        for configuration in editor.buildConfigurations(ofTarget: target) {
          try editor.setBuildSetting(
            "ICONPICK_SWEEP_NAMES", to: .list(["Blue", "Green Icon"]),
            configuration: configuration.id)
          try editor.setBuildSetting(
            "ICONPICK_SWEEP", to: .string("a b"), configuration: configuration.id)
          #expect(
            editor.buildSetting("ICONPICK_SWEEP", configuration: configuration.id) == .string("a b")
          )
          settings += 2
          // A setting that is there: replaced, then put back as it was.
          if let name = editor.buildSetting(
            "ASSETCATALOG_COMPILER_APPICON_NAME", configuration: configuration.id)
          {
            try editor.setBuildSetting(
              "ASSETCATALOG_COMPILER_APPICON_NAME", to: .string("Other Icon"),
              configuration: configuration.id)
            try editor.setBuildSetting(
              "ASSETCATALOG_COMPILER_APPICON_NAME", to: name, configuration: configuration.id)
            settings += 2
          }
        }
        let phase = editor.resourcesBuildPhase(ofTarget: target)
        let group =
          editor.group(
            forFolder: editor.sourceRoot.appendingPathComponent(
              editor.object(target)?["name"]?.string ?? "")) ?? editor.mainGroup()
        let png = try editor.addFile(
          path: "AppIcon-Blue@2x.png", name: nil, lastKnownFileType: "image.png", group: group,
          resourcesPhase: phase)
        let icon = try editor.addFile(
          path: "AppIcon Green.icon", name: nil, lastKnownFileType: "folder.iconcomposer.icon",
          group: group, resourcesPhase: phase)
        filesAdded += 2
        let groupFolder = editor.path(of: group)
        #expect(
          groupFolder.map {
            editor.fileReference(forPath: $0.appendingPathComponent("AppIcon-Blue@2x.png"))
          }
            == png.fileReference)
        #expect(
          editor.buildFiles(referencing: icon.fileReference) == [icon.buildFile].compactMap { $0 })
        try editor.removeFile(reference: icon.fileReference)
        try editor.removeFile(reference: png.fileReference)
        for configuration in editor.buildConfigurations(ofTarget: target) {
          try editor.removeBuildSetting(
            "ICONPICK_SWEEP_NAMES", configuration: configuration.id)
          try editor.removeBuildSetting("ICONPICK_SWEEP", configuration: configuration.id)
        }
      }
      if editor.bytes == bytes {
        roundTrips += 1
      } else {
        Issue.record("\(name): add then remove did not give back the same bytes")
      }
      print(
        "pbxproj sweep: \(name): \(bytes.count) bytes, \(apps.count) app targets, read as Foundation does, round trip \(editor.bytes == bytes ? "byte-identical" : "DIFFERS")"
      )
    }
    print(
      "pbxproj sweep: \(files.count) projects, \(agreed) read as Foundation does, \(settings) settings set, \(filesAdded) files added, \(roundTrips) byte-identical after removing them"
    )
  }
}
