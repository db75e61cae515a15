import Testing

@testable import IconCatalog

/// The ASCII split of list settings against the walk by Character it stands in for.
@Suite struct SplitListTests {
  /// The characters that steer the split, and two that do not.
  static let alphabet: [UInt8] = Array(" \t\n\r\u{0B}\u{0C}\"'\\ab".utf8)

  @Test func agreesWithTheCharacterWalkOnGeneratedText() {
    var generator = SplitMix64(state: 37)
    var differences: [String] = []
    for _ in 0..<20_000 {
      let length = Int.random(in: 0...12, using: &generator)
      let bytes = (0..<length).map { _ in Self.alphabet.randomElement(using: &generator)! }
      let text = String(decoding: bytes, as: UTF8.self)
      if BuildSettings.splitASCIIList(bytes) != BuildSettings.splitListByCharacter(text) {
        differences.append(text.debugDescription)
      }
    }
    #expect(differences.isEmpty, "\(differences.prefix(5))")
  }

  @Test(arguments: [
    "a\r\nb", "a\\\r\nb", "\"a\r\nb\"", "'\r\n'", "\\\r", "a\\", "\"open", "x\u{0B}y\u{0C}z",
    "AppIcon-0001 AppIcon-0002\tAppIcon-0003",
  ])
  func agreesOnEdgeCases(_ text: String) {
    #expect(BuildSettings.splitList(text) == BuildSettings.splitListByCharacter(text))
    #expect(
      BuildSettings.splitASCIIList(Array(text.utf8)) == BuildSettings.splitListByCharacter(text))
  }

  @Test func carriageReturnLineFeedAfterABackslashIsOneCharacter() {
    #expect(BuildSettings.splitList("a\\\r\nb") == ["a\r\nb"])
  }

  @Test func textBeyondASCIIIsWalkedByCharacter() {
    // U+00A0 is whitespace to Character and splits; a combining accent joins its letter.
    #expect(BuildSettings.splitList("é\u{00A0}b\\ c") == ["é", "b c"])
    #expect(BuildSettings.splitList("ü \"x y\"") == ["ü", "x y"])
  }
}
