import Foundation
import Testing

@testable import IconCatalog
@testable import IconEdit

@Suite struct XCConfigEditorTests {
  static let file = URL(fileURLWithPath: "/project/Config/App.xcconfig")

  static let palette = """
    // Palette.xcconfig
    #include "Base.xcconfig"
    #include? "Local.xcconfig"

    ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon
    ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES=Blue Green   // the alternates
    ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES[sdk=iphoneos*][arch=*] = $(inherited) Red;
    ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS =
    // trailing comment

    """

  static func editor(_ text: String) throws -> XCConfigEditor {
    try XCConfigEditor(file: file, bytes: Array(text.utf8))
  }

  static func text(_ editor: XCConfigEditor) -> String {
    String(decoding: editor.bytes, as: UTF8.self)
  }

  @Test func readsAssignmentsWithTheirLinesAndConditions() throws {
    let editor = try Self.editor(Self.palette)
    let names = editor.assignments(of: "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES")
    #expect(names.map(\.line) == [6, 7])
    #expect(names.map(\.conditions) == ["", "[sdk=iphoneos*][arch=*]"])
    #expect(names.map(\.value) == ["Blue Green", "$(inherited) Red"])
    #expect(
      editor.assignments(of: "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS").map(\.value) == [
        ""
      ])
    #expect(editor.assignments(of: "Missing").isEmpty)
  }

  @Test func setsOnlyTheValueKeepingSpacingSemicolonAndComment() throws {
    var editor = try Self.editor(Self.palette)
    try editor.setValue("Blue Green Purple", line: 6)
    try editor.setValue("$(inherited) Red Purple", line: 7)
    try editor.setValue("YES", line: 8)
    #expect(
      Self.text(editor)
        == Self.palette
        .replacingOccurrences(of: "=Blue Green   //", with: "=Blue Green Purple   //")
        .replacingOccurrences(of: "$(inherited) Red;", with: "$(inherited) Red Purple;")
        .replacingOccurrences(of: "ASSETS =\n", with: "ASSETS = YES\n"))
    try editor.setValue("Blue Green", line: 6)
    try editor.setValue("$(inherited) Red", line: 7)
    #expect(Self.text(editor).contains("=Blue Green   // the alternates\n"))
  }

  @Test func appendsAfterTheLastLineAndRemovesItAgain() throws {
    var editor = try Self.editor(Self.palette)
    let line = try editor.appendLine("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue")
    #expect(line == 9)
    #expect(
      Self.text(editor)
        == Self.palette.replacingOccurrences(
          of: "ASSETS =\n", with: "ASSETS =\nASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue\n"
        ))
    #expect(editor.assignments(of: "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES").last?.line == 9)
    try editor.removeLine(line)
    #expect(Self.text(editor) == Self.palette)
  }

  @Test(arguments: [
    ("A = 1", "A = 1\nB = 2"),
    ("A = 1\n", "A = 1\nB = 2\n"),
    ("A = 1\r\n// end\r\n", "A = 1\r\nB = 2\r\n// end\r\n"),
    ("", "B = 2\n"),
    ("// only a comment", "// only a comment\nB = 2"),
    ("A = 1\n#include \"Other.xcconfig\"\n\n", "A = 1\n#include \"Other.xcconfig\"\nB = 2\n\n"),
    ("A = 1\rC = 3\r", "A = 1\rC = 3\rB = 2\r"),
  ])
  func appendKeepsTheFilesLineEnds(_ before: String, _ after: String) throws {
    var editor = try Self.editor(before)
    let line = try editor.appendLine("B = 2")
    #expect(Self.text(editor) == after)
    #expect(editor.assignments(of: "B").map(\.line) == [line])
    try editor.removeLine(line)
    #expect(Self.text(editor) == before)
  }

  @Test func refusesValuesXcodeWouldReadOtherwise() throws {
    var editor = try Self.editor(Self.palette)
    for value in ["http://example.com", "a\nb", " a", "a;", "a "] {
      #expect(throws: EditError.self) { try editor.setValue(value, line: 5) }
    }
    #expect(throws: EditError.self) { try editor.setValue("x", line: 2) }  // an #include
    #expect(throws: EditError.self) { try editor.removeLine(99) }
    #expect(throws: EditError.self) { try editor.appendLine("A = 1\nB = 2") }
    #expect(throws: EditError.self) { try XCConfigEditor(file: Self.file, bytes: [0xFF, 0xFE]) }
    #expect(Self.text(editor) == Self.palette)
  }

  static let forms = [
    palette,
    "A=1\r\nB[sdk=*] =2 ;\r\nC = x // y // z\r\n  D\t=\tv\t\n",
    "#include \"X\"\n#includeY = 1\nK[sdk=iphoneos*] [arch=arm64] = v\nBAD[x] = 1\n9A = 2\n_A = 3\nK[a=b = c\n= 4\nE = a=b\n",
    "A = 1\rB = 2\r\rC = 3",
    "URL = http:/$()/example.com\nKEY = \"quoted value\"; // c\n",
  ]

  /// Each assignment the editor finds is one IconCatalog's `XCConfig` reads, on the same line.
  static func agree(_ text: String) throws -> Bool {
    let editor = try XCConfigEditor(file: file, bytes: Array(text.utf8))
    var theirs: [String] = []
    for (index, line) in XCConfig.lines(of: text).enumerated() {
      let trimmed = line.trimmingWhitespace()
      guard XCConfig.include(in: trimmed) == nil,
        let assignment = XCConfig.assignment(in: trimmed, file: file)
      else { continue }
      let conditions = assignment.conditions.map { "[\($0.name)=\($0.pattern)]" }.joined()
      theirs.append("\(index + 1) \(assignment.key)\(conditions) = \(assignment.value)")
    }
    let ours = editor.allAssignments.map {
      "\($0.line) \($0.key)\($0.conditions.filter { !$0.isWhitespace }) = \($0.value)"
    }
    if ours != theirs { print("ours: \(ours)\ntheirs: \(theirs)") }
    return ours == theirs
  }

  @Test(arguments: 0..<forms.count)
  func agreesWithIconCatalogsParse(_ index: Int) throws {
    #expect(try Self.agree(Self.forms[index]))
  }

  /// Every `.xcconfig` under ICONPICK_CORPUS: the same assignments as IconCatalog, each value set
  /// to itself gives the same bytes, and a line added and removed gives the same bytes.
  @Test func corpusSweep() throws {
    guard let folder = ProcessInfo.processInfo.environment["ICONPICK_CORPUS"] else { return }
    let enumerator = FileManager.default.enumerator(atPath: folder)
    var files = 0
    var assignments = 0
    while let path = enumerator?.nextObject() as? String {
      guard path.hasSuffix(".xcconfig") else { continue }
      let url = URL(fileURLWithPath: folder).appendingPathComponent(path)
      guard let data = try? Data(contentsOf: url) else { continue }
      files += 1
      let text = String(decoding: data, as: UTF8.self)
      #expect(try Self.agree(text), "\(path)")
      var editor = try XCConfigEditor(file: url, bytes: [UInt8](data))
      for assignment in editor.allAssignments {
        assignments += 1
        guard !assignment.value.hasSuffix(";"), !assignment.value.contains("//") else { continue }
        try editor.setValue(assignment.value, line: assignment.line)
      }
      #expect(editor.bytes == [UInt8](data), "\(path)")
      let line = try editor.appendLine("ICONPICK_SWEEP = 1")
      try editor.removeLine(line)
      #expect(editor.bytes == [UInt8](data), "\(path)")
    }
    print(
      "xcconfig corpus sweep: \(files) files, \(assignments) assignments agreeing with IconCatalog")
  }
}
