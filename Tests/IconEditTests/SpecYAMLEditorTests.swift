import Foundation
import SpecYAML
import Testing

@testable import IconEdit

@Suite struct SpecYAMLEditorTests {
  static let file = URL(fileURLWithPath: "/project/project.yml")

  static let spec = """
    name: Palette # the demo app
    options:
      bundleIdPrefix: dev.iconpick
    targets:
      Palette:
        type: application
        platform: iOS
        sources:
          - Palette
        settings:
          base:
            PRODUCT_BUNDLE_IDENTIFIER: dev.iconpick.palette
            ASSETCATALOG_COMPILER_APPICON_NAME: AppIcon # the primary
          configs:
            Debug:
              SWIFT_ACTIVE_COMPILATION_CONDITIONS: DEBUG
      Widget:
        type: app-extension
        platform: iOS
        sources: Widget
    settings:
      base:
        MARKETING_VERSION: "1.0"

    """

  static func editor(_ text: String) throws -> SpecYAMLEditor {
    try SpecYAMLEditor(file: file, bytes: Array(text.utf8))
  }

  static func text(_ editor: SpecYAMLEditor) -> String {
    String(decoding: editor.bytes, as: UTF8.self)
  }

  @Test func nodesKnowTheirBytes() throws {
    let text = "é: x\r\n\"ключ\": 'a''b'\nlist: [1, {k: v}]\nblock:\n  - one # c\n"
    let bytes = Array(text.utf8)
    let root = try #require(try YAMLDocument.nodes(bytes))
    func check(_ node: YAMLNode) {
      let written = String(
        decoding: bytes[node.start.offset..<node.contentEnd.offset], as: UTF8.self)
      switch (node.kind, node.style) {
      case (.scalar, .plain): #expect(written == node.text)
      case (.scalar, .singleQuoted): #expect(written.hasPrefix("'") && written.hasSuffix("'"))
      case (.scalar, .doubleQuoted): #expect(written.hasPrefix("\"") && written.hasSuffix("\""))
      case (.sequence, .flow): #expect(written.hasPrefix("[") && written.hasSuffix("]"))
      case (.mapping, .flow): #expect(written.hasPrefix("{") && written.hasSuffix("}"))
      default: break
      }
      node.items.forEach(check)
      for pair in node.pairs {
        check(pair.key)
        check(pair.value)
      }
    }
    check(root)
    #expect(root["é"]?.start.offset == 4)
    #expect(root["ключ"]?.text == "a'b")
    #expect(root["block"]?.items.first?.start.line == 4)
    #expect(root["block"]?.contentEnd.offset == text.utf8.count - 5)
  }

  @Test func findsSettingsWhereXcodeGenReadsThem() throws {
    let editor = try Self.editor(Self.spec)
    let icon = try #require(editor.setting("ASSETCATALOG_COMPILER_APPICON_NAME", target: "Palette"))
    #expect(icon.value == "AppIcon")
    #expect(icon.where.place == .targetBase)
    #expect(icon.where.line == 13)
    let debug = try #require(
      editor.setting("SWIFT_ACTIVE_COMPILATION_CONDITIONS", target: "Palette"))
    #expect(debug.where.place == .targetConfig("Debug"))
    let version = try #require(editor.setting("MARKETING_VERSION", target: "Widget"))
    #expect(version.value == "1.0")
    #expect(version.where.place == .project)
    #expect(editor.setting("MISSING", target: "Palette") == nil)
    let flat = try Self.editor("targets:\n  App:\n    settings:\n      A: YES\n      B: [x, y]\n")
    #expect(flat.setting("A", target: "App")?.value == "YES")
    #expect(flat.setting("A", target: "App")?.where.place == .targetFlat)
    #expect(flat.setting("B", target: "App")?.value == "x y")
  }

  @Test func replacesAValueInPlaceKeepingItsComment() throws {
    var editor = try Self.editor(Self.spec)
    try editor.setSetting("ASSETCATALOG_COMPILER_APPICON_NAME", value: "Blue", target: "Palette")
    #expect(
      Self.text(editor) == Self.spec.replacingOccurrences(of: "AppIcon # the", with: "Blue # the"))
    try editor.setSetting("ASSETCATALOG_COMPILER_APPICON_NAME", value: "AppIcon", target: "Palette")
    #expect(Self.text(editor) == Self.spec)
  }

  @Test func insertsIntoBaseAndRemovesAgain() throws {
    var editor = try Self.editor(Self.spec)
    try editor.setSetting(
      "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES", value: "Blue Green", target: "Palette")
    #expect(
      Self.text(editor)
        == Self.spec.replacingOccurrences(
          of: "AppIcon # the primary\n",
          with:
            "AppIcon # the primary\n        ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES: Blue Green\n"
        ))
    try editor.removeSetting("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES", target: "Palette")
    #expect(Self.text(editor) == Self.spec)
  }

  @Test func makesSettingsAndBaseWhenMissing() throws {
    var editor = try Self.editor(Self.spec)
    try editor.setSetting(
      "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS", value: "YES", target: "Widget")
    #expect(
      Self.text(editor)
        == Self.spec.replacingOccurrences(
          of: "    sources: Widget\n",
          with:
            "    sources: Widget\n    settings:\n      base:\n        ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS: YES\n"
        ))
    #expect(
      editor.setting("ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS", target: "Widget")?.value
        == "YES")
    try editor.removeSetting("ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS", target: "Widget")
    #expect(Self.text(editor) == Self.spec)
  }

  @Test func setsEveryPlaceTheTargetWritesTheKey() throws {
    let text = """
      targets:
        App:
          type: application
          settings:
            base:
              ASSETCATALOG_COMPILER_APPICON_NAME: AppIcon
            configs:
              Debug:
                ASSETCATALOG_COMPILER_APPICON_NAME: 'Debug Icon'

      """
    var editor = try Self.editor(text)
    try editor.setSetting("ASSETCATALOG_COMPILER_APPICON_NAME", value: "Blue's", target: "App")
    #expect(
      Self.text(editor)
        == text.replacingOccurrences(of: ": AppIcon", with: ": Blue's").replacingOccurrences(
          of: "'Debug Icon'", with: "'Blue''s'"))
    try editor.removeSetting("ASSETCATALOG_COMPILER_APPICON_NAME", target: "App")
    #expect(Self.text(editor) == "targets:\n  App:\n    type: application\n")
  }

  @Test(arguments: [
    ("YES", "YES"), ("on", "\"on\""), ("null", "\"null\""), ("a: b", "\"a: b\""), ("", "\"\""),
    ("$(inherited) Blue", "$(inherited) Blue"), ("#x", "\"#x\""), ("1.50", "\"1.50\""),
    ("12", "12"),
    ("say \"hi\"", "say \"hi\""), ("- x", "\"- x\""),
  ])
  func quotesOnlyWhenYAMLNeedsIt(_ value: String, _ written: String) throws {
    var editor = try Self.editor("targets:\n  App:\n    settings:\n      base:\n        A: x\n")
    try editor.setSetting("KEY", value: value, target: "App")
    #expect(
      Self.text(editor)
        == "targets:\n  App:\n    settings:\n      base:\n        A: x\n        KEY: \(written)\n")
    #expect(editor.setting("KEY", target: "App")?.value == value)
  }

  @Test func editsFlowForms() throws {
    let text = "targets: {App: {type: application, sources: [A, B], settings: {base: {X: y}}}}\n"
    var editor = try Self.editor(text)
    try editor.setSetting("KEY", value: "a,b", target: "App")
    #expect(
      Self.text(editor) == text.replacingOccurrences(of: "{X: y}", with: "{X: y, KEY: \"a,b\"}"))
    try editor.addSource("C", target: "App")
    #expect(Self.text(editor).contains("sources: [A, B, C]"))
    try editor.removeSource("C", target: "App")
    try editor.removeSetting("KEY", target: "App")
    #expect(Self.text(editor) == text)
    var empty = try Self.editor("targets: {App: {settings: {}}}\n")
    try empty.setSetting("K", value: "v", target: "App")
    #expect(Self.text(empty) == "targets: {App: {settings: {K: v}}}\n")
    try empty.removeSetting("K", target: "App")
    #expect(Self.text(empty) == "targets: {App: {settings: {}}}\n")
  }

  @Test func keepsTheFlatFormFlat() throws {
    let text = "targets:\n    App:\n        settings:\n            A: b\n"
    var editor = try Self.editor(text)
    try editor.setSetting("K", value: "v", target: "App")
    #expect(Self.text(editor) == text + "            K: v\n")
    try editor.removeSetting("K", target: "App")
    #expect(Self.text(editor) == text)
  }

  @Test func addsAndRemovesSourcesInTheirForm() throws {
    var editor = try Self.editor(Self.spec)
    try editor.addSource("Icons/Blue.icon", target: "Palette")
    #expect(
      Self.text(editor)
        == Self.spec.replacingOccurrences(
          of: "      - Palette\n", with: "      - Palette\n      - Icons/Blue.icon\n"))
    try editor.removeSource("Icons/Blue.icon", target: "Palette")
    #expect(Self.text(editor) == Self.spec)

    // A single path becomes a list.
    try editor.addSource("Shared", target: "Widget")
    #expect(Self.text(editor).contains("    sources:\n      - Widget\n      - Shared\n"))
    #expect(throws: EditError.self) { try editor.removeSource("Nowhere", target: "Widget") }

    let mapped =
      "targets:\n  App:\n    sources:\n    - path: App\n      name: Main\n    type: application\n"
    var items = try Self.editor(mapped)
    try items.addSource("Icons", target: "App")
    #expect(
      Self.text(items)
        == mapped.replacingOccurrences(
          of: "      name: Main\n", with: "      name: Main\n    - path: Icons\n"))
    try items.removeSource("Icons", target: "App")
    #expect(Self.text(items) == mapped)

    let none = "targets:\n  App:\n    type: application\n  Other:\n    sources:\n    - x\n"
    var made = try Self.editor(none)
    try made.addSource("App", target: "App")
    #expect(
      Self.text(made)
        == none.replacingOccurrences(
          of: "application\n", with: "application\n    sources:\n    - App\n"))
    try made.removeSource("App", target: "App")
    #expect(Self.text(made) == none)
  }

  @Test func keepsLineEndsAndAFileWithoutAFinalOne() throws {
    let crlf = "targets:\r\n  App:\r\n    settings:\r\n      base:\r\n        A: b\r\n"
    var editor = try Self.editor(crlf)
    try editor.setSetting("K", value: "v", target: "App")
    #expect(Self.text(editor) == crlf + "        K: v\r\n")
    try editor.removeSetting("K", target: "App")
    #expect(Self.text(editor) == crlf)
    let open = "targets:\n  App:\n    settings:\n      A: b"
    var unterminated = try Self.editor(open)
    try unterminated.setSetting("K", value: "v", target: "App")
    #expect(Self.text(unterminated) == open + "\n      K: v")
    try unterminated.removeSetting("K", target: "App")
    #expect(Self.text(unterminated) == open)
  }

  @Test func refusesWhatItCannotEdit() throws {
    var editor = try Self.editor(Self.spec)
    #expect(throws: EditError.self) { try editor.setSetting("A", value: "b", target: "Missing") }
    #expect(throws: EditError.self) { try editor.removeSetting("MISSING", target: "Palette") }
    #expect(throws: EditError.self) { try editor.setSetting("a: b", value: "x", target: "Palette") }
    #expect(throws: EditError.self) { try Self.editor("- a\n- b\n") }
    #expect(throws: EditError.self) { try Self.editor("a: [\n") }
    #expect(Self.text(editor) == Self.spec)
    var twice = try Self.editor("targets:\n  App:\n    settings:\n      A: 1\n      A: 2\n")
    #expect(throws: EditError.self) { try twice.setSetting("A", value: "3", target: "App") }
  }

  /// Every project.yml under ICONPICK_CORPUS: setting a key and removing it, adding a source and
  /// removing it, give the same bytes for each target.
  @Test func corpusSweep() throws {
    guard let folder = ProcessInfo.processInfo.environment["ICONPICK_CORPUS"] else { return }
    let enumerator = FileManager.default.enumerator(atPath: folder)
    var specs = 0
    var targets = 0
    while let path = enumerator?.nextObject() as? String {
      guard (path as NSString).lastPathComponent == "project.yml" else { continue }
      let url = URL(fileURLWithPath: folder).appendingPathComponent(path)
      let bytes = [UInt8](try Data(contentsOf: url))
      specs += 1
      var editor = try SpecYAMLEditor(file: url, bytes: bytes)
      let names =
        ((try? YAMLDocument.parse(bytes)) as? [String: Any])?["targets"] as? [String: Any] ?? [:]
      for name in names.keys.sorted() {
        targets += 1
        try editor.setSetting("ICONPICK_SWEEP", value: "Blue Green", target: name)
        try editor.removeSetting("ICONPICK_SWEEP", target: name)
        #expect(editor.bytes == bytes, "\(path): \(name)")
      }
    }
    print("project.yml corpus sweep: \(specs) specs, \(targets) targets")
  }
}
