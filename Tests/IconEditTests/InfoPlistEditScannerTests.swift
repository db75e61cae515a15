import Foundation
import Testing

@testable import IconEdit

/// The scanner finds places only; these tests hold what it finds to Foundation's parse of the same
/// text, over plists in every form the tests can write, and (with ICONPICK_CORPUS set) over every
/// plist of a folder of real projects.
@Suite struct InfoPlistEditScannerTests {
  typealias F = PlistFixtures

  static let forms: [(name: String, text: String)] = [
    ("tabs", F.app),
    ("two spaces", F.app.replacingOccurrences(of: "\t", with: "  ")),
    ("four spaces", F.app.replacingOccurrences(of: "\t", with: "    ")),
    ("CRLF", F.app.replacingOccurrences(of: "\n", with: "\r\n")),
    (
      "comments, CDATA, entities",
      F.plist(
        "<!-- a --><dict>\n<!-- b -->\t<key>A&amp;B</key><!-- c --><string>&lt;&#65;&#x42;&gt;<![CDATA[<&>]]></string>\n</dict>\n"
      )
    ),
    (
      "every scalar",
      F.plist(
        "<dict><key>t</key><true/><key>f</key><false /><key>i</key><integer>-42</integer><key>r</key><real>2.5</real><key>d</key><date>2024-01-02T03:04:05Z</date><key>x</key><data>AAEC</data><key>e</key><string/><key>s</key><string></string></dict>\n"
      )
    ),
    (
      "nested arrays and empty containers",
      F.plist(
        "<dict>\n\t<key>a</key>\n\t<array>\n\t\t<array>\n\t\t\t<string>x</string>\n\t\t\t<array/>\n\t\t</array>\n\t\t<dict/>\n\t\t<dict>\n\t\t</dict>\n\t</array>\n\t<key>b</key>\n\t<dict></dict>\n</dict>\n"
      )
    ),
    ("UTF-8 keys", F.plist("<dict>\n\t<key>ключ 🎨</key>\n\t<string>väl</string>\n</dict>\n")),
    (
      "no declaration", "<plist version=\"1.0\"><dict><key>A</key><string>B</string></dict></plist>"
    ),
    ("BOM", "\u{FEFF}" + F.app),
  ]

  @Test(arguments: 0..<forms.count)
  func scannerAgreesWithFoundation(_ index: Int) throws {
    let (name, text) = Self.forms[index]
    let bytes = Array(text.utf8)
    let root = try XMLPlistScanner.scan(bytes)
    let parsed = try F.parse(bytes)
    #expect(root.agrees(with: InfoPlistTree(parsed)), "\(name)")
    // A tree that differs anywhere does not agree.
    var changed = parsed
    changed["Z"] = "added"
    #expect(!root.agrees(with: InfoPlistTree(changed)), "\(name)")
    try Self.checkPositions(root, bytes, name)
  }

  /// Each element's range holds its own tags, and each scalar's content its text.
  static func checkPositions(_ element: PlistElement, _ bytes: [UInt8], _ name: String) throws {
    let written = String(decoding: bytes[element.range], as: UTF8.self)
    #expect(written.hasPrefix("<\(element.kind.rawValue)"), "\(name): \(written)")
    #expect(
      written.hasSuffix(element.isEmptyForm ? "/>" : "</\(element.kind.rawValue)>"),
      "\(name): \(written)")
    #expect(element.range.contains(element.content.lowerBound) || element.content.isEmpty)
    if !element.isContainer && !element.isEmptyForm && ![.true, .false].contains(element.kind) {
      let content = String(decoding: bytes[element.content], as: UTF8.self)
      if !content.contains("&") && !content.contains("<") {
        #expect(content == element.text, "\(name)")
      }
    }
    for key in element.keys { try checkPositions(key, bytes, name) }
    for child in element.children { try checkPositions(child, bytes, name) }
  }

  @Test func refusesFormsItDoesNotKnow() {
    for text in [
      F.plist("<dict><key>A</key><string>x<!-- c -->y</string></dict>\n"),
      F.plist("<dict><key>A</key><string>&nbsp;</string></dict>\n"),
      F.plist("<dict>stray<key>A</key><string/></dict>\n"),
      "<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist><dict/></plist>",
      "<!DOCTYPE plist [<!ENTITY x \"y\">]><plist><dict/></plist>",
      F.plist("<dict><key>A</key><string>x</string>\n"),
    ] {
      #expect(throws: XMLPlistScanner.Refusal.self) { try XMLPlistScanner.scan(Array(text.utf8)) }
    }
  }

  /// Every `*.plist` under ICONPICK_CORPUS: the scanner agrees with Foundation on each XML one,
  /// and on each editable Info.plist adding an alternate icon and removing it again gives the
  /// same bytes. Records nothing when the variable is unset.
  /// Every key path of a parsed plist, through dictionaries only.
  static func keyPaths(_ value: Any, under prefix: [String] = []) -> [[String]] {
    guard let dictionary = value as? [String: Any] else { return [] }
    return dictionary.keys.sorted().flatMap { key in
      [prefix + [key]] + keyPaths(dictionary[key] ?? 0, under: prefix + [key])
    }
  }

  @Test func corpusSweep() throws {
    guard let folder = ProcessInfo.processInfo.environment["ICONPICK_CORPUS"] else { return }
    let enumerator = FileManager.default.enumerator(atPath: folder)
    var plists = 0
    var xml = 0
    var binary = 0
    var refused: [String] = []
    var roundTrips = 0
    var keyRemovals = 0
    while let path = enumerator?.nextObject() as? String {
      guard path.hasSuffix(".plist") else { continue }
      let url = URL(fileURLWithPath: folder).appendingPathComponent(path)
      guard let data = try? Data(contentsOf: url) else { continue }
      plists += 1
      let bytes = [UInt8](data)
      var editor: InfoPlistEditor
      do {
        editor = try InfoPlistEditor(file: url, bytes: bytes)
      } catch {
        refused.append("\(path): \(error)")
        continue
      }
      if editor.isBinary { binary += 1 } else { xml += 1 }
      let root = try? XMLPlistScanner.scan(bytes)
      if let root { try Self.checkPositions(root, bytes, path) }
      // Every key of the file: removed (checked against Foundation inside), renamed and back.
      for keyPath in Self.keyPaths(editor.value(at: []) ?? [:]) {
        var copy = editor
        do {
          try copy.remove(at: keyPath)
          keyRemovals += 1
          copy = editor
          try copy.renameKey(at: keyPath, to: (keyPath.last ?? "") + "~sweep")
          try copy.renameKey(
            at: Array(keyPath.dropLast()) + [(keyPath.last ?? "") + "~sweep"],
            to: keyPath.last ?? "")
          #expect(copy.bytes == editor.bytes, "\(path): rename and back changed \(keyPath)")
        } catch {
          Issue.record("\(path): \(keyPath): \(error)")
        }
      }
      guard path.hasSuffix("Info.plist"), !editor.isBinary else { continue }
      // The first free name under the alternates, added and removed again.
      var name = "IconpickSweep"
      while editor.value(at: F.alternates + [name]) != nil { name += "x" }
      let hadAlternates = editor.value(at: F.alternates) != nil
      let hadIcons = editor.value(at: ["CFBundleIcons"]) != nil
      try editor.set(F.blue, at: F.alternates + [name])
      #expect(editor.value(at: F.alternates + [name, "CFBundleIconName"]) as? String == "Blue")
      try editor.remove(at: F.alternates + [name])
      if !hadAlternates { try editor.removeIfEmpty(at: F.alternates) }
      if !hadIcons { try editor.removeIfEmpty(at: ["CFBundleIcons"]) }
      #expect(editor.bytes == bytes, "\(path): add then remove changed the file")
      if editor.bytes == bytes { roundTrips += 1 }
    }
    print(
      "corpus sweep: \(plists) plists, \(xml) XML and \(binary) binary editable, \(refused.count) refused; \(roundTrips) Info.plist add-remove round trips byte-identical; \(keyRemovals) keys removed, renamed and back"
    )
    for line in refused { print("  refused: \(line)") }
  }
}
