import Testing

@testable import TerminalGraphics

@Suite struct GraphicsDecisionTests {
  private let cell = CellPixelSize(width: 9, height: 18)

  private func decide(
    _ capabilities: GraphicsCapabilities?, request: GraphicsRequest = .auto,
    environment: [String: String] = ["TERM": "xterm-256color"], isTerminal: Bool = true
  ) -> GraphicsSetup {
    GraphicsDetection.decide(
      request: request, capabilities: capabilities, environment: environment,
      isTerminal: isTerminal)
  }

  @Test func kittyFirstThenITermThenSixel() {
    let all = GraphicsCapabilities(
      kitty: true, iterm: true, sixel: true, cellPixels: cell, answered: true)
    #expect(decide(all).graphicsProtocol == .kitty)
    #expect(decide(all).encoder is KittyEncoder)
    var noKitty = all
    noKitty.kitty = false
    #expect(decide(noKitty).graphicsProtocol == .iterm)
    #expect(decide(noKitty).encoder is ITermEncoder)
    noKitty.iterm = false
    #expect(decide(noKitty).graphicsProtocol == .sixel)
    #expect(decide(noKitty).encoder is SixelEncoder)
    #expect(decide(noKitty).cellPixels == cell)
  }

  @Test func aTerminalThatShowsNothingGetsCells() {
    let setup = decide(GraphicsCapabilities(cellPixels: cell, answered: true))
    #expect(setup.graphicsProtocol == .cells)
    #expect(setup.encoder == nil)
    #expect(setup.reason.contains("no images"))
  }

  @Test func noAnswerMeansCells() {
    #expect(decide(nil).graphicsProtocol == .cells)
    let silent = decide(GraphicsCapabilities(kitty: true, answered: false))
    #expect(silent.graphicsProtocol == .cells)
    #expect(silent.reason.contains("did not answer"))
  }

  @Test func environmentHintsAloneDecideNothing() {
    for environment in [
      ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"], ["TERM_PROGRAM": "iTerm.app"],
      ["WEZTERM_EXECUTABLE": "/usr/bin/wezterm"], ["TERM": "foot"], ["TERM": "mlterm"],
    ] {
      #expect(
        decide(GraphicsCapabilities(answered: true), environment: environment).graphicsProtocol
          == .cells)
      #expect(decide(nil, environment: environment).graphicsProtocol == .cells)
    }
  }

  @Test func refusalsWinOverAnswersForAuto() {
    let kitty = GraphicsCapabilities(kitty: true, cellPixels: cell, answered: true)
    #expect(decide(kitty, environment: ["TERM": "dumb"]).graphicsProtocol == .cells)
    #expect(decide(kitty, environment: ["NO_COLOR": "1"]).graphicsProtocol == .cells)
    #expect(decide(kitty, environment: ["NO_COLOR": ""]).graphicsProtocol == .kitty)
    let pipe = decide(kitty, isTerminal: false)
    #expect(pipe.graphicsProtocol == .cells)
    #expect(pipe.reason == "not a terminal")
  }

  @Test func aForcedProtocolIsObeyedEverywhere() {
    for chosen in GraphicsProtocol.allCases {
      let setup = decide(
        nil, request: .forced(chosen), environment: ["TERM": "dumb", "NO_COLOR": "1"],
        isTerminal: false)
      #expect(setup.graphicsProtocol == chosen)
      #expect((setup.encoder == nil) == (chosen == .cells))
      #expect(setup.encoder?.graphicsProtocol ?? .cells == chosen)
      #expect(setup.cellPixels == GraphicsDetection.defaultCellPixels)
    }
    let known = decide(GraphicsCapabilities(cellPixels: cell), request: .forced(.sixel))
    #expect(known.cellPixels == cell)
    #expect(known.reason.contains("9×18"))
  }

  @Test func insideTmuxOnlyTmuxsOwnSixel() {
    let tmuxSixel = GraphicsCapabilities(
      kitty: true, iterm: true, sixel: true, cellPixels: cell, insideTmux: true, answered: true)
    #expect(decide(tmuxSixel).graphicsProtocol == .sixel)
    var noSixel = tmuxSixel
    noSixel.sixel = false
    let setup = decide(noSixel)
    #expect(setup.graphicsProtocol == .cells)
    #expect(setup.reason.contains("tmux"))
  }

  @Test func sixelNeedsAKnownCellSize() {
    let setup = decide(GraphicsCapabilities(sixel: true, answered: true))
    #expect(setup.graphicsProtocol == .cells)
    #expect(setup.reason.contains("cell size"))
    // kitty and iTerm2 scale to the cells, so a guessed cell size only changes sharpness.
    let kitty = decide(GraphicsCapabilities(kitty: true, answered: true))
    #expect(kitty.graphicsProtocol == .kitty)
    #expect(kitty.cellPixels == GraphicsDetection.defaultCellPixels)
    #expect(kitty.reason.contains("assumed"))
  }

  @Test func capabilitiesFromReplies() {
    let replies = TerminalReplies.parse(
      Array("\u{1B}P>|WezTerm 20240203\u{1B}\\\u{1B}[4;800;1000t\u{1B}[?65;4;6c".utf8))
    let capabilities = GraphicsCapabilities(
      replies: replies, environment: [:], windowCells: (columns: 100, rows: 40))
    #expect(capabilities.iterm)
    #expect(capabilities.sixel)
    #expect(!capabilities.kitty)
    #expect(capabilities.answered)
    #expect(capabilities.cellPixels == CellPixelSize(width: 10, height: 20))
    #expect(!capabilities.insideTmux)
  }

  @Test func cellSizeSources() {
    let empty = TerminalReplies()
    // TIOCGWINSZ's pixels divided by its cells.
    #expect(
      GraphicsCapabilities(
        replies: empty, environment: [:], windowCells: (80, 24),
        windowPixels: PixelSize(width: 640, height: 480)
      ).cellPixels == CellPixelSize(width: 8, height: 20))
    // CSI 16 t beats the window.
    var replies = empty
    replies.cellPixels = CellPixelSize(width: 7, height: 14)
    #expect(
      GraphicsCapabilities(
        replies: replies, environment: [:], windowCells: (80, 24),
        windowPixels: PixelSize(width: 640, height: 480)
      ).cellPixels == CellPixelSize(width: 7, height: 14))
    // Absurd sizes are not believed.
    replies.cellPixels = CellPixelSize(width: 1_000_000, height: 14)
    #expect(GraphicsCapabilities(replies: replies, environment: [:]).cellPixels == nil)
    // Fewer pixels than cells: not believed.
    #expect(
      GraphicsCapabilities(
        replies: empty, environment: [:], windowCells: (80, 24),
        windowPixels: PixelSize(width: 10, height: 10)
      ).cellPixels == nil)
  }

  @Test func tmuxIsKnownByItsVersionOrItsVariable() {
    let replies = TerminalReplies.parse(Array("\u{1B}P>|tmux 3.4\u{1B}\\\u{1B}[?1;2;4c".utf8))
    #expect(GraphicsCapabilities(replies: replies, environment: [:]).insideTmux)
    #expect(
      GraphicsCapabilities(replies: TerminalReplies(), environment: ["TMUX": "/tmp/t,1,0"])
        .insideTmux)
    #expect(!GraphicsCapabilities(replies: TerminalReplies(), environment: ["TMUX": ""]).insideTmux)
  }

  @Test func questionsEndWithDA1AndAvoidWhatWouldPrint() {
    let da1 = GraphicsDetection.deviceAttributesQuestion
    let plain = GraphicsDetection.questions(environment: ["TERM": "xterm-256color"])
    #expect(plain.suffix(da1.count).elementsEqual(da1))
    #expect(plain.starts(with: GraphicsDetection.kittyQuestion))
    let console = GraphicsDetection.questions(environment: ["TERM": "linux"])
    #expect(!console.contains(0x5F))  // no APC (`ESC _`)
    #expect(!String(decoding: console, as: UTF8.self).contains("1337"))
    let tmux = GraphicsDetection.questions(environment: ["TERM": "tmux-256color", "TMUX": "x"])
    #expect(!String(decoding: tmux, as: UTF8.self).contains("_G"))
    let iterm = GraphicsDetection.questions(environment: ["TERM_PROGRAM": "iTerm.app"])
    #expect(iterm.starts(with: GraphicsDetection.itermQuestion))
    // Every set asks the same things otherwise: hints order, they do not answer.
    #expect(iterm.count == plain.count)
  }
}
