import Testing

@testable import IconCatalog

/// Issue 26: a name from an artifact reaches a message escaped and bounded, whatever it holds.
@Suite struct MessageTextTests {
  static let hostile = "Blue\u{1B}[2J\u{1B}]0;pwned\u{07}\r\u{9B}31m\u{202E}evil"

  @Test func controlCharactersAndBidiOverridesAreSpelledOut() {
    let text = MessageText.escaped(Self.hostile)
    #expect(text == #"Blue\u{1B}[2J\u{1B}]0;pwned\u{7}\r\u{9B}31m\u{202E}evil"#)
    #expect(!text.unicodeScalars.contains { MessageText.isInvisible($0) })
  }

  @Test func escapingTwiceChangesNothing() {
    let once = MessageText.escaped(Self.hostile)
    #expect(MessageText.escaped(once) == once)
    #expect(MessageText.line(once) == once)
  }

  @Test func joinersOfEmojiAndScriptsStay() {
    let family = "Family 👨\u{200D}👩\u{200D}👧"
    #expect(MessageText.escaped(family) == family)
  }

  @Test func aLongNameKeepsItsEndsAndSaysItsLength() {
    let name = "Huge-" + String(repeating: "x", count: 1 << 20) + "-End"
    let text = MessageText.escaped(name)
    #expect(text.hasPrefix("Huge-xxx"))
    #expect(text.hasSuffix("x-End (1048585 characters)"))
    #expect(text.contains("…"))
    #expect(text.unicodeScalars.count < MessageText.nameLimit + 40)
    // At the limit, nothing is cut.
    let fits = String(repeating: "y", count: MessageText.nameLimit)
    #expect(MessageText.escaped(fits) == fits)
    // Paths are cut only past PATH_MAX, lines past the line limit.
    let path = "/" + String(repeating: "p", count: 900)
    #expect(MessageText.path(path) == path)
    #expect(MessageText.line(name).unicodeScalars.count < MessageText.lineLimit + 40)
  }

  @Test func aShortenedNameIsEscapedToo() {
    let name = String(repeating: "\u{1B}[2J", count: 100_000)
    let text = MessageText.escaped(name)
    #expect(!text.unicodeScalars.contains { MessageText.isInvisible($0) })
    #expect(text.hasSuffix("(400000 characters)"))
    #expect(text.utf8.count < 20 * MessageText.nameLimit)
  }

  @Test func jsonKeepsItsValuesAndEscapesWhatCouldDriveATerminal() throws {
    let json = "{\"name\":\"a\u{9B}b\u{202E}c\u{7F}d\u{E0001}\"}"
    let safe = MessageText.jsonSafe(json)
    #expect(safe == #"{"name":"a\u009bb\u202ec\u007fd\udb40\udc01"}"#)
    #expect(MessageText.jsonSafe(#"{"a":"é"}"#) == #"{"a":"é"}"#)
  }
}
