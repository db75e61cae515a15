import Foundation
import Testing

@testable import IconEdit

/// Plists the tests write, in Xcode's layout (tabs) unless a test says otherwise.
enum PlistFixtures {
  static let header = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """

  static func plist(_ body: String) -> String { header + body + "</plist>\n" }

  static let app = plist(
    """
    <dict>
    \t<key>CFBundleName</key>
    \t<string>Palette</string>
    \t<key>CFBundleIcons</key>
    \t<dict>
    \t\t<key>CFBundlePrimaryIcon</key>
    \t\t<dict>
    \t\t\t<key>CFBundleIconName</key>
    \t\t\t<string>AppIcon</string>
    \t\t</dict>
    \t</dict>
    </dict>

    """)

  static let file = URL(fileURLWithPath: "/project/App/Info.plist")

  static func editor(_ text: String) throws -> InfoPlistEditor {
    try InfoPlistEditor(file: file, bytes: Array(text.utf8))
  }

  static func parse(_ bytes: [UInt8]) throws -> [String: Any] {
    let value = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
    return try #require(value as? [String: Any])
  }

  static let blue: PlistValue = .dictionary([("CFBundleIconName", .string("Blue"))])
  static let alternates = ["CFBundleIcons", "CFBundleAlternateIcons"]
}

@Suite struct InfoPlistEditorTests {
  typealias F = PlistFixtures

  /// In its sorted place, as Xcode writes it: CFBundleAlternateIcons before CFBundlePrimaryIcon.
  @Test func addsAnAlternateWithItsParentInTheFilesLayout() throws {
    var editor = try F.editor(F.app)
    try editor.set(F.blue, at: F.alternates + ["Blue"])
    let expected = F.app.replacingOccurrences(
      of: "\t<dict>\n\t\t<key>CFBundlePrimaryIcon</key>",
      with: """
        \t<dict>
        \t\t<key>CFBundleAlternateIcons</key>
        \t\t<dict>
        \t\t\t<key>Blue</key>
        \t\t\t<dict>
        \t\t\t\t<key>CFBundleIconName</key>
        \t\t\t\t<string>Blue</string>
        \t\t\t</dict>
        \t\t</dict>
        \t\t<key>CFBundlePrimaryIcon</key>
        """)
    #expect(String(decoding: editor.bytes, as: UTF8.self) == expected)
    #expect(editor.value(at: F.alternates + ["Blue", "CFBundleIconName"]) as? String == "Blue")
  }

  @Test func addThenRemoveIsByteIdentical() throws {
    var editor = try F.editor(F.app)
    try editor.set(F.blue, at: F.alternates + ["Blue"])
    try editor.set(.string("Green"), at: F.alternates + ["Green", "CFBundleIconName"])
    #expect(editor.bytes != Array(F.app.utf8))
    try editor.remove(at: F.alternates + ["Green"])
    try editor.remove(at: F.alternates + ["Blue"])
    #expect(try editor.removeIfEmpty(at: F.alternates))
    #expect(
      try !editor.removeIfEmpty(at: ["CFBundleIcons"]), "CFBundleIcons still holds the primary")
    #expect(editor.bytes == Array(F.app.utf8))
  }

  /// A new key goes where Xcode's next save would put it when the file's keys are sorted
  /// (`CFBundleIcons~ipad` before `UISupportedInterfaceOrientations~ipad`), and at the end of a
  /// dictionary whose author keeps another order.
  @Test func aNewKeyGoesInItsSortedPlaceWhenTheKeysAreSorted() throws {
    let sorted = F.plist(
      """
      <dict>
      \t<key>CFBundleIcons</key>
      \t<dict/>
      \t<key>UILaunchScreen</key>
      \t<dict/>
      \t<key>UISupportedInterfaceOrientations~ipad</key>
      \t<array/>
      </dict>

      """)
    var editor = try F.editor(sorted)
    try editor.set(.string("AppIcon"), at: ["CFBundleIcons~ipad", "CFBundlePrimaryIcon"])
    let text = String(decoding: editor.bytes, as: UTF8.self)
    let keys = text.split(separator: "\n").filter { $0.hasPrefix("\t<key>") }
    #expect(
      keys == [
        "\t<key>CFBundleIcons</key>", "\t<key>CFBundleIcons~ipad</key>",
        "\t<key>UILaunchScreen</key>", "\t<key>UISupportedInterfaceOrientations~ipad</key>",
      ], "\(text)")
    try editor.remove(at: ["CFBundleIcons~ipad"])
    #expect(String(decoding: editor.bytes, as: UTF8.self) == sorted)

    // F.app's top level is CFBundleName, then CFBundleIcons: its own order, kept.
    var unsorted = try F.editor(F.app)
    try unsorted.set(.string("AppIcon"), at: ["CFBundleIcons~ipad", "CFBundlePrimaryIcon"])
    #expect(
      String(decoding: unsorted.bytes, as: UTF8.self).hasSuffix(
        "\t<key>CFBundleIcons~ipad</key>\n\t<dict>\n\t\t<key>CFBundlePrimaryIcon</key>\n\t\t<string>AppIcon</string>\n\t</dict>\n</dict>\n</plist>\n"
      ))
  }

  @Test func makesEveryMissingParentAndRemovesThemAgain() throws {
    let bare = F.plist("<dict>\n\t<key>CFBundleName</key>\n\t<string>Palette</string>\n</dict>\n")
    var editor = try F.editor(bare)
    try editor.set(F.blue, at: F.alternates + ["Blue"])
    let icons = try #require(editor.value(at: F.alternates) as? [String: Any])
    #expect(icons.keys.sorted() == ["Blue"])
    try editor.remove(at: F.alternates + ["Blue"])
    try editor.removeIfEmpty(at: F.alternates)
    try editor.removeIfEmpty(at: ["CFBundleIcons"])
    #expect(String(decoding: editor.bytes, as: UTF8.self) == bare)
  }

  @Test func expandsAndCollapsesEmptyForms() throws {
    let empty = F.plist(
      "<dict>\n\t<key>CFBundleIcons</key>\n\t<dict>\n\t\t<key>CFBundleAlternateIcons</key>\n\t\t<dict/>\n\t</dict>\n</dict>\n"
    )
    var editor = try F.editor(empty)
    try editor.set(.string("Blue"), at: F.alternates + ["Blue", "CFBundleIconName"])
    #expect(
      String(decoding: editor.bytes, as: UTF8.self).contains(
        "\t\t<key>CFBundleAlternateIcons</key>\n\t\t<dict>\n\t\t\t<key>Blue</key>\n\t\t\t<dict>\n\t\t\t\t<key>CFBundleIconName</key>\n\t\t\t\t<string>Blue</string>\n\t\t\t</dict>\n\t\t</dict>\n"
      ))
    try editor.remove(at: F.alternates + ["Blue"])
    #expect(String(decoding: editor.bytes, as: UTF8.self) == empty)
  }

  @Test(arguments: ["  ", "    ", "\t"])
  func keepsTheIndentationStepAndLineEnds(_ step: String) throws {
    for newline in ["\n", "\r\n"] {
      let text = F.plist(
        "<dict>\n\(step)<key>CFBundleIcons</key>\n\(step)<dict>\n\(step)\(step)<key>CFBundlePrimaryIcon</key>\n\(step)\(step)<string>AppIcon</string>\n\(step)</dict>\n</dict>\n"
      ).replacingOccurrences(of: "\n", with: newline)
      var editor = try F.editor(text)
      try editor.set(.string("Blue"), at: F.alternates + ["Blue", "CFBundleIconName"])
      let edited = String(decoding: editor.bytes, as: UTF8.self)
      let i = step + step
      let added = [
        "\(i)<key>CFBundleAlternateIcons</key>", "\(i)<dict>", "\(i)\(step)<key>Blue</key>",
        "\(i)\(step)<dict>", "\(i)\(step)\(step)<key>CFBundleIconName</key>",
        "\(i)\(step)\(step)<string>Blue</string>", "\(i)\(step)</dict>", "\(i)</dict>",
      ].joined(separator: newline)
      #expect(
        edited.contains(
          "\(step)<dict>" + newline + added + newline + "\(i)<key>CFBundlePrimaryIcon</key>"))
      // No line end of another kind crept in.
      #expect(edited.replacingOccurrences(of: "\r\n", with: "").contains("\n") == (newline == "\n"))
      try editor.remove(at: ["CFBundleIcons", "CFBundleAlternateIcons"])
      #expect(String(decoding: editor.bytes, as: UTF8.self) == text)
    }
  }

  @Test func replacesAValueInPlaceAndEscapesText() throws {
    var editor = try F.editor(F.app)
    try editor.set(
      .string("Blue & <Green>"), at: ["CFBundleIcons", "CFBundlePrimaryIcon", "CFBundleIconName"])
    let edited = String(decoding: editor.bytes, as: UTF8.self)
    #expect(edited == F.app.replacingOccurrences(of: "AppIcon", with: "Blue &amp; &lt;Green&gt;"))
    #expect(
      editor.value(at: ["CFBundleIcons", "CFBundlePrimaryIcon", "CFBundleIconName"]) as? String
        == "Blue & <Green>")
  }

  @Test func writesEveryKindOfValue() throws {
    var editor = try F.editor(F.app)
    let value: PlistValue = .dictionary([
      ("flag", .bool(true)), ("off", .bool(false)), ("count", .integer(-3)), ("ratio", .real(0.5)),
      ("names", .array([.string("a"), .array([]), .dictionary([])])), ("ключ", .string("значение")),
    ])
    try editor.set(value, at: ["Extra"])
    let extra = try #require(editor.value(at: ["Extra"]) as? [String: Any])
    #expect(extra["flag"] as? Bool == true)
    #expect(extra["off"] as? Bool == false)
    #expect((extra["count"] as? NSNumber)?.intValue == -3)
    #expect((extra["ratio"] as? NSNumber)?.doubleValue == 0.5)
    #expect((extra["names"] as? [Any])?.count == 3)
    #expect(extra["ключ"] as? String == "значение")
    #expect(
      String(decoding: editor.bytes, as: UTF8.self).contains(
        "\t\t\t<string>a</string>\n\t\t\t<array/>\n\t\t\t<dict/>\n"))
    try editor.remove(at: ["Extra"])
    #expect(editor.bytes == Array(F.app.utf8))
  }

  @Test func insertsAndRemovesArrayElements() throws {
    let text = F.plist(
      "<dict>\n\t<key>CFBundleIconFiles</key>\n\t<array>\n\t\t<string>A</string>\n\t\t<string>B</string>\n\t</array>\n</dict>\n"
    )
    var editor = try F.editor(text)
    try editor.insertArrayElement(.string("C"), at: ["CFBundleIconFiles"], index: nil)
    try editor.insertArrayElement(.string("Z"), at: ["CFBundleIconFiles"], index: 0)
    #expect(editor.value(at: ["CFBundleIconFiles"]) as? [String] == ["Z", "A", "B", "C"])
    #expect(
      String(decoding: editor.bytes, as: UTF8.self).contains(
        "\t<array>\n\t\t<string>Z</string>\n\t\t<string>A</string>\n\t\t<string>B</string>\n\t\t<string>C</string>\n\t</array>"
      ))
    try editor.removeArrayElement(at: ["CFBundleIconFiles"], index: 3)
    try editor.removeArrayElement(at: ["CFBundleIconFiles"], index: 0)
    #expect(editor.bytes == Array(text.utf8))
    #expect(throws: EditError.self) {
      try editor.removeArrayElement(at: ["CFBundleIconFiles"], index: 2)
    }
    // A missing array is made.
    try editor.insertArrayElement(.string("A"), at: ["Other"], index: nil)
    #expect(editor.value(at: ["Other"]) as? [String] == ["A"])
  }

  @Test func renamesAKeyInPlace() throws {
    var editor = try F.editor(F.app)
    try editor.renameKey(at: ["CFBundleIcons"], to: "CFBundleIcons~ipad")
    #expect(
      String(decoding: editor.bytes, as: UTF8.self)
        == F.app.replacingOccurrences(
          of: "<key>CFBundleIcons</key>", with: "<key>CFBundleIcons~ipad</key>"))
    #expect(throws: EditError.self) {
      try editor.renameKey(at: ["CFBundleIcons~ipad"], to: "CFBundleName")
    }
  }

  @Test func movesThePrimaryOutOfTheAlternates() throws {
    let misplaced = F.plist(
      """
      <dict>
      \t<key>CFBundleIcons</key>
      \t<dict>
      \t\t<key>CFBundleAlternateIcons</key>
      \t\t<dict>
      \t\t\t<key>CFBundlePrimaryIcon</key>
      \t\t\t<dict>
      \t\t\t\t<key>CFBundleIconName</key>
      \t\t\t\t<string>AppIcon</string>
      \t\t\t</dict>
      \t\t</dict>
      \t</dict>
      </dict>

      """)
    var editor = try F.editor(misplaced)
    try editor.move(
      from: F.alternates + ["CFBundlePrimaryIcon"], to: ["CFBundleIcons", "CFBundlePrimaryIcon"])
    #expect(
      String(decoding: editor.bytes, as: UTF8.self)
        == F.plist(
          """
          <dict>
          \t<key>CFBundleIcons</key>
          \t<dict>
          \t\t<key>CFBundleAlternateIcons</key>
          \t\t<dict/>
          \t\t<key>CFBundlePrimaryIcon</key>
          \t\t<dict>
          \t\t\t<key>CFBundleIconName</key>
          \t\t\t<string>AppIcon</string>
          \t\t</dict>
          \t</dict>
          </dict>

          """))
    #expect(throws: EditError.self) {
      try editor.move(from: ["CFBundleIcons", "CFBundlePrimaryIcon"], to: ["CFBundleIcons"])
    }
  }

  @Test func keepsDeclarationCommentsAndOtherLines() throws {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!-- generated, then edited by hand -->
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0"><dict>
      \t<key>A &amp; B</key> <string><![CDATA[<raw>]]> &#x41;</string>
      \t<!-- icons below -->
      \t<key>CFBundleIcons</key>
      \t<dict>
      \t</dict>
      </dict></plist>
      """
    var editor = try F.editor(text)
    try editor.set(.string("Blue"), at: ["CFBundleIcons", "Name"])
    let edited = String(decoding: editor.bytes, as: UTF8.self)
    #expect(
      edited
        == text.replacingOccurrences(
          of: "\t<dict>\n\t</dict>",
          with: "\t<dict>\n\t\t<key>Name</key>\n\t\t<string>Blue</string>\n\t</dict>"))
    #expect(editor.value(at: ["A & B"]) as? String == "<raw> A")
  }

  @Test func editsBinaryPlistsAsBinary() throws {
    let tree: [String: Any] = [
      "CFBundleName": "Palette", "CFBundleIcons": ["CFBundlePrimaryIcon": "AppIcon"],
    ]
    let binary = try PropertyListSerialization.data(
      fromPropertyList: tree, format: .binary, options: 0)
    var editor = try InfoPlistEditor(file: F.file, bytes: [UInt8](binary))
    #expect(editor.isBinary)
    try editor.set(F.blue, at: F.alternates + ["Blue"])
    #expect(editor.isBinary)
    var format = PropertyListSerialization.PropertyListFormat.xml
    let parsed = try PropertyListSerialization.propertyList(
      from: Data(editor.bytes), format: &format)
    #expect(format == .binary)
    #expect(
      FoundationTree.value(parsed, at: F.alternates + ["Blue", "CFBundleIconName"]) as? String
        == "Blue")
    #expect(editor.value(at: ["CFBundleName"]) as? String == "Palette")
    try editor.remove(at: F.alternates + ["Blue"])
    try editor.removeIfEmpty(at: F.alternates)
    #expect(InfoPlistTree(try F.parse(editor.bytes)) == InfoPlistTree(tree))
  }

  @Test func refusesWhatItCannotEditAndKeepsTheBytes() throws {
    #expect(throws: EditError.self) { try F.editor("{ CFBundleName = Palette; }") }
    #expect(throws: EditError.self) { try F.editor(F.plist("<array/>\n")) }
    #expect(throws: EditError.self) { try F.editor("not a plist") }
    var editor = try F.editor(F.app)
    // CFBundleName is a string: nothing can go under it.
    #expect(throws: EditError.self) { try editor.set(.bool(true), at: ["CFBundleName", "Inner"]) }
    #expect(throws: EditError.self) { try editor.set(.string("a\u{1}b"), at: ["Control"]) }
    #expect(throws: EditError.self) { try editor.remove(at: ["Missing"]) }
    #expect(throws: EditError.self) {
      try editor.set(.dictionary([("a", .bool(true)), ("a", .bool(false))]), at: ["Twice"])
    }
    #expect(editor.bytes == Array(F.app.utf8))
  }

  @Test func editedPlistsLoadWithPythonsPlistlib() throws {
    var editor = try F.editor(F.app)
    try editor.set(F.blue, at: F.alternates + ["Blue"])
    try editor.set(.string("Ünïcødé & <x>"), at: F.alternates + ["Blue", "Note"])
    try editor.insertArrayElement(.integer(3), at: ["Numbers"], index: nil)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "iconpick-plistlib-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("Info.plist")
    try Data(editor.bytes).write(to: file)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      "import plistlib,sys,json; d=plistlib.load(open(sys.argv[1],'rb')); print(json.dumps(d, sort_keys=True, ensure_ascii=False))",
      file.path,
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let text = String(decoding: output, as: UTF8.self)
    #expect(text.contains(#""Blue": {"CFBundleIconName": "Blue", "Note": "Ünïcødé & <x>"}"#))
    #expect(text.contains(#""Numbers": [3]"#))
  }
}
