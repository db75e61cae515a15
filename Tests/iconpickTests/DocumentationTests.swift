import Foundation
import Testing

/// The README and docs/ are read on GitHub and in a checkout: every relative link must reach a
/// file (and a heading, when it names one), and the README's Layout must map every module.
@Suite struct DocumentationTests {
  static let root = packageRoot()

  /// README.md and every Markdown file in docs/.
  static func documents() throws -> [URL] {
    let docs = root.appendingPathComponent("docs")
    let names = try FileManager.default.contentsOfDirectory(atPath: docs.path)
    return [root.appendingPathComponent("README.md")]
      + names.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
  }

  /// The targets of `[text](target)` links and of `src="…"` attributes, outside code blocks.
  static func links(in text: String) -> [String] {
    var targets: [String] = []
    var inFence = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        inFence.toggle()
        continue
      }
      if inFence { continue }
      let withoutCode = line.split(separator: "`", omittingEmptySubsequences: false)
        .enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element).joined(separator: " ")
      for match in withoutCode.matches(of: /\]\(([^)\s]+)\)/) { targets.append(String(match.1)) }
      for match in withoutCode.matches(of: /src="([^"]+)"/) { targets.append(String(match.1)) }
    }
    return targets
  }

  /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens.
  static func anchor(_ heading: String) -> String {
    String(
      heading.lowercased().compactMap { character -> Character? in
        if character == " " { return "-" }
        if character.isLetter || character.isNumber || character == "-" || character == "_" {
          return character
        }
        return nil
      })
  }

  static func anchors(in text: String) -> Set<String> {
    var inFence = false
    var result: Set<String> = []
    for line in text.split(separator: "\n") {
      if line.hasPrefix("```") { inFence.toggle() }
      if inFence || !line.hasPrefix("#") { continue }
      result.insert(anchor(line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)))
    }
    return result
  }

  @Test func everyRelativeLinkResolves() throws {
    var broken: [String] = []
    var checked = 0
    for document in try Self.documents() {
      let text = try String(contentsOf: document, encoding: .utf8)
      for link in Self.links(in: text) where !link.contains("://") && !link.hasPrefix("mailto:") {
        checked += 1
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let file =
          parts[0].isEmpty
          ? document
          : document.deletingLastPathComponent().appendingPathComponent(String(parts[0]))
            .standardizedFileURL
        let name = "\(document.lastPathComponent): \(link)"
        guard FileManager.default.fileExists(atPath: file.path) else {
          broken.append(name + " (no such file)")
          continue
        }
        if parts.count == 2 {
          let target = try String(contentsOf: file, encoding: .utf8)
          if !Self.anchors(in: target).contains(String(parts[1])) {
            broken.append(name + " (no such heading)")
          }
        }
      }
    }
    #expect(checked > 10)
    #expect(broken.isEmpty, "broken links: \(broken)")
  }

  @Test func linksInCodeAreSkippedAndAnchorsAreGitHubs() {
    #expect(
      Self.links(in: "see [x](docs/a.md#b) and `[y](z)`\n```\n[q](r)\n```") == ["docs/a.md#b"])
    #expect(Self.anchor("`iconpick check`: what it finds") == "iconpick-check-what-it-finds")
    #expect(Self.anchor("Devices (`idioms`)") == "devices-idioms")
  }

  /// The README is the front door: at most 200 lines, the reference in docs/.
  @Test func theReadmeIsAFrontDoor() throws {
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    #expect(lines <= 200, "README.md has \(lines) lines")
    for section in ["## Set-up: two commands", "## A short tour", "## Layout"] {
      #expect(readme.contains(section + "\n"), "no \(section)")
    }
  }

  /// The Layout section names every module in Sources/ and every folder inside one.
  @Test func theLayoutMapsEveryModuleAndSubfolder() throws {
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let layout = try #require(readme.components(separatedBy: "## Layout\n").last)
    let sources = Self.root.appendingPathComponent("Sources")
    let manager = FileManager.default
    var missing: [String] = []
    for module in try manager.contentsOfDirectory(atPath: sources.path).sorted() {
      if !layout.contains("Sources/\(module)") { missing.append(module) }
      let folder = sources.appendingPathComponent(module)
      for entry in try manager.contentsOfDirectory(atPath: folder.path).sorted() {
        var isDirectory: ObjCBool = false
        let path = folder.appendingPathComponent(entry).path
        if manager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
          layout.firstRange(of: try Regex("(^|[^A-Za-z])\(entry)([^A-Za-z]|$)")) == nil
        {
          missing.append("\(module)/\(entry)")
        }
      }
    }
    #expect(missing.isEmpty, "not in the README's Layout: \(missing)")
  }

  /// The corpus beside the checkout is optional: the README, docs/ and the sources never need it.
  @Test func nothingButTheCorpusTargetsNeedsTheSharedFolder() throws {
    var files = try Self.documents()
    let sources = Self.root.appendingPathComponent("Sources")
    let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
    for case let path as String in enumerator where path.hasSuffix(".swift") || path.hasSuffix(".h")
    {
      files.append(sources.appendingPathComponent(path))
    }
    let mentions = try files.filter {
      try String(contentsOf: $0, encoding: .utf8).contains("../shared")
    }
    #expect(files.count > 50)
    #expect(mentions.isEmpty, "mention ../shared: \(mentions.map(\.path))")
  }
}
