import Foundation
import Testing

@testable import IconCatalog

@Suite struct WhitespaceTests {
  @Test(arguments: [
    "", " ", "\t \t", "a", "  a b  ", "\ta\t", "\u{00A0}x\u{2003}", " \u{301}x ", "x\n",
    "é ", " 日本 ",
  ])
  func trimsWhatFoundationTrims(text: String) {
    #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces))
    #expect(text[...].trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces))
  }
}
