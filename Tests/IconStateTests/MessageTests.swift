import Testing

@testable import IconState

@Suite("Messages")
struct MessageTests {
  @Test func alertMatchesTheSystemAlert() {
    let message = ChangeAlert.message(appName: "Palette")
    #expect(message == "You have changed the icon for \u{201C}Palette\u{201D}.")
    #expect(message.unicodeScalars.filter { $0 == "\u{201C}" || $0 == "\u{201D}" }.count == 2)
    #expect(ChangeAlert.button == "OK")
  }

  @Test func alertHasAnASCIIForm() {
    let message = ChangeAlert.message(appName: "Palette", unicode: false)
    #expect(message == #"You have changed the icon for "Palette"."#)
    #expect(message.unicodeScalars.allSatisfy { $0.isASCII })
  }

  @Test(
    "Every error is one line naming what is wrong and what to do",
    arguments: [
      (
        IconStateError.unknownIcon(
          name: "Nope", appName: "Palette", available: ["AppIcon", "AppIcon-Blue"]),
        ["\"Nope\"", "Palette", "\"AppIcon\", \"AppIcon-Blue\"", "unchanged"]
      ),
      (.busy(lockFile: "/s/a.lock"), ["/s/a.lock", "Try again"]),
      (
        .unreadableState(file: "/s/a.json", reason: "Permission denied"),
        ["/s/a.json", "Permission denied", "--state-dir"]
      ),
      (
        .writeFailed(file: "/s/a.json", reason: "No space left on device"),
        ["/s/a.json", "No space left on device", "unchanged"]
      ),
      (
        .stateDirectoryUnusable(path: "/s", reason: "Not a directory"),
        ["/s", "Not a directory", "--state-dir"]
      ),
      (.invalidBundleIdentifier("../x"), ["\"../x\"", "CFBundleIdentifier"]),
    ])
  func errorDescription(error: IconStateError, mentions: [String]) {
    let text = error.description
    #expect(!text.contains("\n"))
    for fragment in mentions {
      #expect(text.contains(fragment), "\(text) should mention \(fragment)")
    }
  }

  @Test func unknownIconListsAtMostTwentyNames() {
    let names = (1...5000).map { "Alternate \($0)" }
    let text = IconStateError.unknownIcon(name: "X", appName: "Palette", available: names)
      .description
    #expect(text.contains("\"Alternate 20\" and 4980 more."))
    #expect(!text.contains("Alternate 21\""))
  }

  @Test func unknownIconWithNoAlternatesSaysNone() {
    let text = IconStateError.unknownIcon(name: "X", appName: "Palette", available: []).description
    #expect(text.hasSuffix("Available: none."))
  }

  @Test func lineBreaksInNamesDoNotSplitTheMessage() {
    let text = IconStateError.unknownIcon(name: "a\nb", appName: "Pal\tette", available: ["c\r"])
      .description
    #expect(!text.contains("\n") && !text.contains("\r") && !text.contains("\t"))
    #expect(text.contains(#""a\nb""#))
  }

  @Test func noticesNameTheFile() {
    let undeclared = StateNotice.undeclaredIcon(name: "AppIcon-Red", file: "/s/a.json").description
    #expect(
      undeclared.contains("/s/a.json") && undeclared.contains("\"AppIcon-Red\"")
        && undeclared.contains("primary"))
    let corrupt = StateNotice.corruptState(file: "/s/a.json", reason: "not valid JSON").description
    #expect(
      corrupt.contains("/s/a.json") && corrupt.contains("not valid JSON")
        && corrupt.contains("copy will be kept"))
    let kept = StateNotice.keptCorruptCopy(file: "/s/a.json", copy: "/s/a.json.corrupt-1")
      .description
    #expect(kept.contains("/s/a.json.corrupt-1"))
    for text in [undeclared, corrupt, kept] { #expect(!text.contains("\n")) }
  }
}
