import Foundation
import IconCatalog
import IconState
import Testing

@testable import PickerScreen

/// Issue 26 in the picker: a name with escape sequences is never a cell's glyph, and an app whose
/// bundle identifier cannot name a state file opens, shows its icons, and on Enter says why the
/// choice cannot be recorded.
@Suite struct HostilePickerTests {
  static let hostile = "Blue\u{1B}[2J\u{1B}]0;pwned\u{07}\r\u{9B}31m\u{202E}evil"

  func expectNoControlGlyphs(_ frames: [Frame], sourceLocation: SourceLocation = #_sourceLocation) {
    for frame in frames {
      for cell in frame.cells {
        let bad = cell.glyph.unicodeScalars.contains {
          MessageText.isControl($0) || $0 == "\u{202E}"
        }
        #expect(
          !bad, "a cell holds \(cell.glyph.unicodeScalars.map(\.value))",
          sourceLocation: sourceLocation)
      }
    }
  }

  @Test func hostileNamesAreDrawnWithoutControlCharacters() throws {
    let app = makeApp(name: "Hostile\u{1B}]0;t\u{07}", alternates: [Self.hostile, "AppIcon-Green"])
    for view in [PickerViewStyle.list, .grid] {
      let terminal = ScriptedTerminal(size: roomy, keys: [.down, .character("q")])
      let model = PickerModel(app: app, activeName: nil, size: roomy, view: view)
      var session = PickerSession(
        model: model, terminal: terminal, setAlternateIconName: { _ in [] })
      _ = session.run()
      expectNoControlGlyphs(terminal.frames)
      // Recognisable all the same: the printable parts are drawn.
      #expect(terminal.frames.contains { $0.row(containing: "[2J") != nil })
    }
  }

  @Test func anUnusableBundleIdentifierOpensAndRefusesTheChoice() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "iconpick-hostile-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    var app = makeApp(name: "Lantern")
    app.bundleIdentifier = "dev.iconpick/../evil"
    let switcher = IconSwitcher(app: app, store: FileChoiceStore(directory: folder))
    let choice = try switcher.readChoice()
    #expect(choice.alternateIconName == nil)
    let notice = try #require(switcher.unusableBundleIdentifier)
    #expect(notice.description.hasPrefix("Lantern: the bundle identifier"))
    let terminal = ScriptedTerminal(
      size: TerminalSize(columns: 200, rows: 30), keys: [.down, .enter, .character("q")])
    var session = PickerSession(
      model: PickerModel(
        app: app, activeName: nil, size: terminal.size, status: notice.description),
      terminal: terminal,
      setAlternateIconName: { name in try switcher.setAlternateIconName(name).map(\.description) })
    #expect(session.run() == .quit(activeName: "AppIcon"))
    #expect(terminal.frames.first?.row(containing: "cannot name a state file") != nil)
    #expect(terminal.frames.contains { $0.row(containing: "AppIcon-Blue") != nil })
    #expect(!terminal.frames.contains { $0.row(containing: "You have changed") != nil })
    #expect(terminal.frames.last?.row(containing: "The bundle identifier") != nil)
    #expect(!FileManager.default.fileExists(atPath: folder.path))
  }
}
