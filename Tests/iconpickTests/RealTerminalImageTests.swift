import Foundation
import IconRender
import Testing

/// iconpick's own images (`show --graphics`, the picker's preview) in the real terminals.
extension RealTerminalEndToEndTests {
  /// Which protocol each terminal shows images with.
  static func protocolOf(_ terminal: RealTerminal) -> String {
    terminal == .xterm ? "sixel" : "kitty"
  }

  /// `iconpick show NAME --graphics sixel|kitty --size 20x10` draws the icon's pixels at the
  /// top left, at the 20×10 cells' size (20 columns of 8 px, 10 rows of 17 px: a square of at
  /// most 160 px). The bound, 8, is twice chafa's own error for the same PNG and cells (4.0
  /// with sixel in xterm, 2.4 with kitty), which is quantization and scaling.
  @Test(arguments: [RealTerminal.xterm, .kitty])
  func showDrawsTheIconsPixels(_ terminal: RealTerminal) throws {
    let scratch = try Scratch()
    let icon = try reference("AppIcon-Blue", in: scratch)
    let display = try XvfbDisplay(scratch: scratch)
    let graphics = Self.protocolOf(terminal)
    let command = [
      shellQuote(try iconpickBinary().path), "show", "AppIcon-Blue",
      shellQuote(paletteFolder().path),
      "--graphics", graphics, "--size", "20x10", "--state-dir",
      shellQuote(scratch.file("state").path), "2> err.txt",
    ].joined(separator: " ")
    let window = try TerminalWindow(terminal, command: command, scratch: scratch, display: display)
    _ = try window.cleanScreen()
    try window.start()
    var finder = IconFinder(icon: icon)
    let found = try window.waitForScreen("show's \(graphics) picture of AppIcon-Blue") { screen in
      let match = finder.find(in: screen, sizes: 100...220)
      return match.error <= 8 ? .found(match) : .notYet("best: \(match)")
    }
    print("show --graphics \(graphics) in \(terminal): \(found)")
    #expect(try exitStatus(scratch) == "0", "\(scratch.read("err.txt") ?? "")")
    #expect(found.x < 12 && found.y < 12, "\(found)")
    #expect((130...172).contains(found.size), "\(found)")
  }

  /// The picker with images: the preview is the icon's pixels, follows the cursor, and nothing
  /// is left on the screen after quitting. The bound, 8, as for `show`: twice chafa's error.
  @Test(arguments: [RealTerminal.xterm, .kitty])
  func thePickersPreviewIsTheIconsPixels(_ terminal: RealTerminal) throws {
    try openMoveAndQuit(terminal, graphics: Self.protocolOf(terminal), bound: 8)
  }
}
