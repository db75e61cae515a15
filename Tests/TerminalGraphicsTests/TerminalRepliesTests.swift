import Testing

@testable import TerminalGraphics

@Suite struct TerminalRepliesTests {
  private func parse(_ text: String) -> TerminalReplies {
    TerminalReplies.parse(Array(text.utf8))
  }

  @Test func kittysOKAnswer() {
    let replies = parse("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c")
    #expect(replies.kittyGraphics)
    #expect(replies.kittyAnswered)
    #expect(replies.deviceAttributes == [62, 22])
    #expect(!replies.sixel)
  }

  @Test func kittysErrorIsNotOK() {
    let replies = parse("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\")
    #expect(replies.kittyAnswered)
    #expect(!replies.kittyGraphics)
    // Without an id, it is not an answer to the query.
    #expect(!parse("\u{1B}_Ga=q;OK\u{1B}\\").kittyGraphics)
    #expect(!parse("\u{1B}_X i=31;OK\u{1B}\\").kittyGraphics)
  }

  @Test func deviceAttributesListSixel() {
    let xterm = parse("\u{1B}[?63;1;2;4;6;9;15;16;22;28c")
    #expect(xterm.sixel)
    #expect(xterm.sawDeviceAttributes)
    #expect(parse("\u{1B}[?1;2c").sawDeviceAttributes)
    #expect(!parse("\u{1B}[?1;2c").sixel)
    // 44 is not 4; a secondary DA (`>`) is not the primary one.
    #expect(!parse("\u{1B}[?62;44c").sixel)
    #expect(!parse("\u{1B}[>0;276;0c").sawDeviceAttributes)
  }

  @Test func xtsmgraphicsColoursAndGeometry() {
    let replies = parse("\u{1B}[?1;0;1024S\u{1B}[?2;0;1000;800S")
    #expect(replies.sixelColorRegisters == 1024)
    #expect(replies.sixelGeometry == PixelSize(width: 1000, height: 800))
    // A status other than 0 is a failure, whatever follows.
    let failed = parse("\u{1B}[?1;3;0S\u{1B}[?2;1;1000;800S")
    #expect(failed.sixelColorRegisters == nil)
    #expect(failed.sixelGeometry == nil)
  }

  @Test func cellSizeAndTextArea() {
    let replies = parse("\u{1B}[6;20;10t\u{1B}[4;480;800t")
    #expect(replies.cellPixels == CellPixelSize(width: 10, height: 20))
    #expect(replies.textAreaPixels == PixelSize(width: 800, height: 480))
    #expect(parse("\u{1B}[6;0;10t").cellPixels == nil)
    #expect(parse("\u{1B}[8;24;80t").cellPixels == nil)
  }

  @Test func xtversionNamesTheTerminal() {
    #expect(parse("\u{1B}P>|XTerm(390)\u{1B}\\").terminalVersion == "XTerm(390)")
    #expect(parse("\u{1B}P>|tmux 3.4\u{1B}\\").terminalVersion == "tmux 3.4")
    // Control bytes in the name are dropped; other DCS strings are not a version.
    #expect(parse("\u{1B}P>|a\u{07}b\u{1B}\\").terminalVersion == "ab")
    #expect(parse("\u{1B}P1$r0m\u{1B}\\").terminalVersion == nil)
  }

  @Test func itermsCellSizeInPointsTimesScale() {
    #expect(
      parse("\u{1B}]1337;ReportCellSize=17.0;8.5;2.0\u{1B}\\").itermCellPixels
        == CellPixelSize(width: 17, height: 34))
    #expect(
      parse("\u{1B}]1337;ReportCellSize=20;10\u{07}").itermCellPixels
        == CellPixelSize(width: 10, height: 20))
    #expect(parse("\u{1B}]1337;ReportCellSize=nan;10\u{07}").itermCellPixels == nil)
    #expect(parse("\u{1B}]1337;ReportCellSize=1e308;10\u{07}").itermCellPixels == nil)
  }

  @Test func repliesInOneReadAndSplitAcrossBytes() {
    let text = Array(
      "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.35.2)\u{1B}\\\u{1B}[6;18;9t\u{1B}[?62;c".utf8)
    var parser = TerminalReplyParser()
    for byte in text { parser.feed(byte) }
    #expect(parser.replies == TerminalReplies.parse(text))
    #expect(parser.replies.kittyGraphics)
    #expect(parser.replies.terminalVersion == "kitty(0.35.2)")
    #expect(parser.replies.cellPixels == CellPixelSize(width: 9, height: 18))
    #expect(parser.replies.deviceAttributes == [62, 0])
  }

  @Test func hugeNumbersSaturate() {
    let digits = String(repeating: "9", count: 5000)
    let replies = parse("\u{1B}[6;\(digits);\(digits)t\u{1B}[?1;0;\(digits)S")
    // The numbers stop at the parser's bound instead of overflowing.
    #expect(
      replies.cellPixels?.width == TerminalReplyParser.largestNumber || replies.cellPixels == nil)
    #expect((replies.sixelColorRegisters ?? 0) <= TerminalReplyParser.largestNumber)
  }

  @Test func garbageAndTruncationLeaveNothingButWhatIsWhole() {
    #expect(parse("hello\u{1B}[?62;4").deviceAttributes == nil)  // truncated
    #expect(parse("\u{1B}[?62;x4c").deviceAttributes == nil)  // not numbers
    #expect(parse("\u{1B}[?62;\n4c").deviceAttributes == nil)  // a control byte inside
    // A new ESC ends an unfinished sequence; the whole one after it counts.
    #expect(parse("\u{1B}_Gi=31;O\u{1B}[?62;4c").sixel)
    #expect(parse("\u{1B}[6;20\u{1B}[?1;4c").sixel)
    #expect(parse("\u{1B}\u{1B}\u{1B}[?4c").sixel)
    #expect(TerminalReplies.parse([UInt8](repeating: 0xFF, count: 10_000)) == TerminalReplies())
  }

  @Test func anEndlessStringKeepsBoundedState() {
    var bytes = Array("\u{1B}P>|".utf8)
    bytes += [UInt8](repeating: UInt8(ascii: "A"), count: 200_000)
    bytes += Array("\u{1B}\\\u{1B}[?4c".utf8)
    let replies = TerminalReplies.parse(bytes)
    #expect((replies.terminalVersion?.count ?? 0) <= 128)
    #expect(replies.sixel)
  }

  @Test func everyPrefixOfARealReplyParsesWithoutHarm() {
    let text = Array(
      ("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}]1337;ReportCellSize=17;8;2\u{1B}\\"
        + "\u{1B}[?2;0;1000;1000S\u{1B}P>|WezTerm 2024\u{1B}\\\u{1B}[?65;4;6;18;22c").utf8)
    for end in 0...text.count {
      let replies = TerminalReplies.parse(text[..<end])
      #expect(replies.sawDeviceAttributes == (end == text.count))
    }
  }
}
