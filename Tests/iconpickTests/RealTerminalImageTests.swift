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

  /// Every Palette icon, in turn: ↓ from Default to Yellow, and each preview is that icon's
  /// pixels within the bound (8, as above) at the pane's place, the previous icon gone from it.
  @Test(arguments: [RealTerminal.xterm, .kitty])
  func everyPaletteIconsPreviewIsItsPixels(_ terminal: RealTerminal) throws {
    let scratch = try Scratch()
    let names = [
      "AppIcon", "AppIcon-Blue", "AppIcon-Green", "AppIcon-Orange", "AppIcon-Pink",
      "AppIcon-Purple", "AppIcon-Teal", "AppIcon-Yellow",
    ]
    var finders = try names.map { IconFinder(icon: try reference($0, in: scratch)) }
    let display = try XvfbDisplay(scratch: scratch)
    let window = try picker(
      terminal, graphics: Self.protocolOf(terminal), scratch: scratch, display: display)
    let clean = try window.cleanScreen()
    try window.start()
    let bound = 8.0
    var previous: IconMatch?
    var errors: [String] = []
    for (index, name) in names.enumerated() {
      if index > 0 { try display.press("Down") }
      let sizes = previous.map { ($0.size - 6)...($0.size + 6) } ?? 100...300
      let found = try window.waitForScreen("the preview of \(name)") { screen in
        let match = finders[index].find(in: screen, sizes: sizes, area: previewArea(of: screen))
        var gone = true
        if let previous {
          gone =
            finders[index - 1].error(
              at: previous.x, y: previous.y, size: previous.size, on: screen) > bound * 2
        }
        return match.error <= bound && gone
          ? .found(match) : .notYet("best: \(match), the previous icon gone: \(gone)")
      }
      if let previous {
        #expect(abs(found.x - previous.x) <= 4 && abs(found.y - previous.y) <= 4, "\(found)")
      }
      errors.append("\(name) " + String(format: "%.1f", found.error))
      previous = found
    }
    try display.press("q")
    #expect(try exitStatus(scratch) == "0", "\(scratch.read("err.txt") ?? "")")
    try window.waitForScreen("the clean screen after quitting") { screen in
      let difference = screenDifference(screen, clean)
      return difference == 0 ? .found(()) : .notYet("it differed by \(difference) on average")
    }
    print("every Palette icon in \(terminal): \(errors.joined(separator: ", "))")
  }

  /// kitty keeps images, so the list rows' thumbnails are images too: each row's is its icon's
  /// pixels (a 6×2-cell square, found within 3 px of where the layout puts it; the bound, 10, is
  /// under half the cells preview's 21 in kitty), and after moving down and back up the pane
  /// shows each icon again, placed from kitty's store by id rather than sent again.
  @Test func kittysRowsAreTheIconsPixelsAndAPreviewComesBackFromItsStore() throws {
    let scratch = try Scratch()
    let names = [
      "AppIcon", "AppIcon-Blue", "AppIcon-Green", "AppIcon-Orange", "AppIcon-Pink",
      "AppIcon-Purple", "AppIcon-Teal", "AppIcon-Yellow",
    ]
    var finders = try names.map { IconFinder(icon: try reference($0, in: scratch)) }
    let display = try XvfbDisplay(scratch: scratch)
    let window = try picker(.kitty, graphics: "kitty", scratch: scratch, display: display)
    let clean = try window.cleanScreen()
    try window.start()
    let bound = 8.0
    // The rows: column 2, rows 2, 4, 6…, 6×2 cells each; the icon is the square that fits.
    let rows = try window.waitForScreen("every row's thumbnail in its icon's pixels") {
      (screen) -> Sight<[IconMatch]> in
      let cellWidth = screen.width / 100
      let cellHeight = screen.height / 30
      let side = min(6 * cellWidth, 2 * cellHeight)
      var matches: [IconMatch] = []
      for index in names.indices {
        let left = 2 * cellWidth + (6 * cellWidth - side) / 2
        let top = (2 + 2 * index) * cellHeight + (2 * cellHeight - side) / 2
        var best = IconMatch(x: 0, y: 0, size: 0, error: .infinity)
        for size in (side - 2)...(side + 1) {
          for y in (top - 3)...(top + 3) {
            for x in (left - 3)...(left + 3) {
              let error = finders[index].error(at: x, y: y, size: size, on: screen)
              if error < best.error { best = IconMatch(x: x, y: y, size: size, error: error) }
            }
          }
        }
        guard best.error <= 10 else { return .notYet("\(names[index])'s row: best \(best)") }
        matches.append(best)
      }
      return .found(matches)
    }
    let first = try window.waitForScreen("the preview of Default") { screen in
      let match = finders[0].find(in: screen, sizes: 100...300, area: previewArea(of: screen))
      return match.error <= bound ? .found(match) : .notYet("best: \(match)")
    }
    // Down to Green, then back up: Blue's and Default's previews come back from kitty's store.
    var previous = first
    for (step, index) in [(1, 1), (2, 2), (3, 1), (4, 0)] {
      try display.press(step <= 2 ? "Down" : "Up")
      let shown = previous
      let found = try window.waitForScreen("step \(step): the preview of \(names[index])") {
        screen in
        let match = finders[index].find(
          in: screen, sizes: (shown.size - 6)...(shown.size + 6), area: previewArea(of: screen))
        return match.error <= bound ? .found(match) : .notYet("best: \(match)")
      }
      #expect(abs(found.x - first.x) <= 4 && abs(found.y - first.y) <= 4, "\(found)")
      previous = found
    }
    try display.press("q")
    #expect(try exitStatus(scratch) == "0", "\(scratch.read("err.txt") ?? "")")
    try window.waitForScreen("the clean screen after quitting") { screen in
      let difference = screenDifference(screen, clean)
      return difference == 0 ? .found(()) : .notYet("it differed by \(difference) on average")
    }
    print(
      "kitty's rows: "
        + zip(names, rows).map { "\($0.0) \(String(format: "%.1f", $0.1.error))" }.joined(
          separator: ", "))
  }

  /// The picker with images through the look key, the filter and the grid: `a` redraws the
  /// preview in the dark look, `/gre` moves it to Green, Esc then `v` shows the grid, whose
  /// tiles are images too (Green and Blue found in it), and `q` leaves the clean window. The
  /// bound, 8, as above; each wait also asks that the previous picture is gone from its place.
  @Test(arguments: [RealTerminal.xterm, .kitty])
  func thePreviewFollowsTheLookTheFilterAndTheGrid(_ terminal: RealTerminal) throws {
    let scratch = try Scratch()
    var light = IconFinder(icon: try reference("AppIcon", in: scratch))
    var dark = IconFinder(icon: try reference("AppIcon", appearance: "dark", in: scratch))
    var green = IconFinder(icon: try reference("AppIcon-Green", appearance: "dark", in: scratch))
    var blue = IconFinder(icon: try reference("AppIcon-Blue", appearance: "dark", in: scratch))
    let display = try XvfbDisplay(scratch: scratch)
    let window = try picker(
      terminal, graphics: Self.protocolOf(terminal), scratch: scratch, display: display)
    let clean = try window.cleanScreen()
    try window.start()
    let bound = 8.0
    let sizes = 100...300
    let first = try window.waitForScreen("the preview of Default") { screen in
      let match = light.find(in: screen, sizes: sizes, area: previewArea(of: screen))
      return match.error <= bound ? .found(match) : .notYet("best: \(match)")
    }
    try display.press("a")
    let darkDefault = try window.waitForScreen("Default's preview in the dark look") { screen in
      let match = dark.find(in: screen, sizes: sizes, area: previewArea(of: screen))
      let gone = light.error(at: first.x, y: first.y, size: first.size, on: screen) > bound * 2
      return match.error <= bound && gone
        ? .found(match) : .notYet("best: \(match), light gone: \(gone)")
    }
    try display.type("/gre")
    let filtered = try window.waitForScreen("Green's dark preview after /gre") { screen in
      let match = green.find(in: screen, sizes: sizes, area: previewArea(of: screen))
      let gone =
        dark.error(at: darkDefault.x, y: darkDefault.y, size: darkDefault.size, on: screen)
        > bound * 2
      return match.error <= bound && gone
        ? .found(match) : .notYet("best: \(match), Default gone: \(gone)")
    }
    try display.press("Escape", "v")
    let grid = try window.waitForScreen("the grid's tiles of Green and Blue, dark") { screen in
      let greenTile = green.find(in: screen, sizes: 48...300)
      let blueTile = blue.find(in: screen, sizes: 48...300)
      return greenTile.error <= bound && blueTile.error <= bound
        ? .found((greenTile, blueTile)) : .notYet("best: Green \(greenTile), Blue \(blueTile)")
    }
    try display.press("q")
    #expect(try exitStatus(scratch) == "0", "\(scratch.read("err.txt") ?? "")")
    try window.waitForScreen("the clean screen after quitting") { screen in
      let difference = screenDifference(screen, clean)
      return difference == 0 ? .found(()) : .notYet("it differed by \(difference) on average")
    }
    print(
      "picker in \(terminal): dark Default \(darkDefault); /gre Green \(filtered); grid Green \(grid.0), Blue \(grid.1)"
    )
  }

  /// The picker with images while the window shrinks to three quarters and grows back: the
  /// preview is found in the smaller layout, and back at the first size the window is the one
  /// first opened (a mean difference of at most 0.5: a left-over picture of some 150 px would
  /// add about 5), so nothing of the smaller layout is left behind.
  @Test(arguments: [RealTerminal.xterm, .kitty])
  func thePreviewFollowsAResize(_ terminal: RealTerminal) throws {
    let scratch = try Scratch()
    var finder = IconFinder(icon: try reference("AppIcon", in: scratch))
    let display = try XvfbDisplay(scratch: scratch)
    // After iconpick the shell puts the cursor home, where the clean window has it: xterm, resized
    // while the alternate screen is up, brings the main screen back with its cursor 8 rows lower
    // (the rows the shrink took away), and the cursor alone would differ.
    let window = try picker(
      terminal, graphics: Self.protocolOf(terminal), scratch: scratch, display: display,
      then: "printf '\\033[H'")
    let clean = try window.cleanScreen()
    try window.start()
    let bound = 8.0
    let (first, opened) = try window.waitForScreen("the preview of Default") { screen in
      let match = finder.find(in: screen, sizes: 100...300, area: previewArea(of: screen))
      return match.error <= bound ? .found((match, screen)) : .notYet("best: \(match)")
    }
    let windowID = try #require(window.windowID)
    // xterm by cells (it keeps whole cells), kitty by pixels: 75×22 cells, then 100×30.
    func resize(columns: Int, rows: Int) throws {
      if terminal == .xterm {
        try display.resize(window: windowID, width: columns, height: rows, cells: true)
      } else {
        try display.resize(
          window: windowID, width: opened.width * columns / 100, height: opened.height * rows / 30)
      }
    }
    try resize(columns: 75, rows: 22)
    let smaller = try window.waitForScreen("Default's preview in the smaller window") {
      (screen) -> Sight<IconMatch> in
      guard screen.width < opened.width - 50 else { return .notYet("the window kept its size") }
      let match = finder.find(in: screen, sizes: 60...300, area: previewArea(of: screen))
      return match.error <= bound ? .found(match) : .notYet("best: \(match)")
    }
    try resize(columns: 100, rows: 30)
    try window.waitForScreen("the window as first opened") { screen in
      let difference = screenDifference(screen, opened)
      return difference <= 0.5 ? .found(()) : .notYet("it differed by \(difference) on average")
    }
    try display.press("q")
    #expect(try exitStatus(scratch) == "0", "\(scratch.read("err.txt") ?? "")")
    try window.waitForScreen("the clean screen after quitting") { screen in
      let difference = screenDifference(screen, clean)
      return difference == 0 ? .found(()) : .notYet("it differed by \(difference) on average")
    }
    print("picker in \(terminal): Default \(first), smaller window \(smaller)")
  }
}
