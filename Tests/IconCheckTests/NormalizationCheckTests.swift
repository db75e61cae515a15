import Foundation
import IconCatalog
import Testing

@testable import IconCheck

/// Issue 36, part 5: a name in the other Unicode normalization than its file's (NFD `e` + U+0301
/// for NFC `é`) is found, as a Mac finds it, and said once by `include-case`, which names the
/// difference.
@Suite struct NormalizationCheckTests {
  static let nfc = "Caf\u{E9}"
  static let nfd = "Cafe\u{301}"

  @Test func aContentsJSONFilenameInNFDFindsItsNFCFileAndSaysSo() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: [])
    let set = try app.set(
      "AppIcon", images: [.init(filename: "\(Self.nfd).png", idiom: "universal", size: 1024)])
    try writePNG(set.appendingPathComponent("\(Self.nfc).png"), width: 1024, height: 1024)
    let found = try FalsePositiveTests.check(app)
    #expect(!found.contains { $0.id == .missingFile })
    let said = found.filter { $0.id == .includeCase }
    #expect(said.count == 1)
    let differing = try #require(said.first)
    #expect(differing.file == set.appendingPathComponent("Contents.json").path)
    #expect(differing.line == 4)
    #expect(differing.message.contains("only by ignoring Unicode normalization"))
    #expect(differing.message.contains("written in NFD, the file's name in NFC"))
    #expect(!differing.message.contains("ignoring case"))
    #expect(differing.fix.contains("(in NFC, as the file's name is)"))
  }

  @Test func anIconComposerLayerInNFDIsDrawnFromItsNFCFileAndSaidOnce() throws {
    let app = try FixtureApp()
    app.config(primary: "Glass", alternates: [])
    let bundle = app.root.appendingPathComponent("Glass.icon", isDirectory: true)
    let assets = bundle.appendingPathComponent("Assets", isDirectory: true)
    try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
    try
      #"{"groups":[{"layers":[{"image-name":"\#(Self.nfd).png","name":"a"},{"image-name":"\#(Self.nfd).png","name":"b"}]}]}"#
      .write(to: bundle.appendingPathComponent("icon.json"), atomically: true, encoding: .utf8)
    try writePNG(assets.appendingPathComponent("\(Self.nfc).png"), width: 64, height: 64)
    let found = try FalsePositiveTests.check(app)
    #expect(!found.contains { $0.id == .iconLayerMissingImage }, "\(found.map(\.message))")
    let said = found.filter { $0.id == .includeCase }
    #expect(said.count == 1, "\(said.map(\.message))")
    #expect(said.first?.file == bundle.appendingPathComponent("icon.json").path)
    #expect(said.first?.message.contains("layer image-name") == true)
    #expect(said.first?.message.contains("NFD") == true)
  }

  @Test func caseAndNormalizationAtOnceSaysBoth() {
    var facts = ProjectFacts(root: URL(fileURLWithPath: "/p"))
    facts.pathsDifferingInCase = [
      PathDifferingInCase(
        kind: "#include", written: "CAFE\u{301}", found: "/p/\(Self.nfc).xcconfig",
        file: "/p/App.xcconfig", line: 1, difference: [.letterCase, .normalization]),
      PathDifferingInCase(
        kind: "#include", written: "shared", found: "/p/Shared.xcconfig", file: "/p/App.xcconfig",
        line: 2),
    ]
    let found = ConfigurationChecks.pathsDifferingInCase(facts)
    #expect(found.count == 2)
    #expect(found[0].message.contains("only by ignoring case and Unicode normalization"))
    #expect(found[0].message.contains("written in NFD, the file's name in NFC"))
    #expect(found[1].message.contains("only by ignoring case: Xcode on a Mac's default"))
    #expect(found[1].fix == "Spell it \"Shared\", as the file is named.")
  }
}
