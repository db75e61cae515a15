/// What the terminal answered it can show, from its replies (and whether it is tmux).
public struct GraphicsCapabilities: Equatable, Sendable {
  /// The kitty graphics query was answered OK.
  public var kitty: Bool
  /// The terminal showed it draws iTerm2's inline images: it answered `ReportCellSize`, or its
  /// XTVERSION names a terminal that draws them.
  public var iterm: Bool
  /// DA1 lists attribute 4.
  public var sixel: Bool
  /// One cell in pixels: `CSI 16 t`, else the text area or `TIOCGWINSZ` divided by the cells,
  /// else iTerm2's `ReportCellSize`; nil when nothing said.
  public var cellPixels: CellPixelSize?
  /// The questions went to tmux (`TMUX` is set, or tmux answered XTVERSION).
  public var insideTmux: Bool
  /// The terminal answered DA1 at all (nil replies: it answered nothing before the time-out).
  public var answered: Bool
  /// XTSMGRAPHICS: sixel's colour registers and largest image, when answered.
  public var sixelColorRegisters: Int?
  public var sixelGeometry: PixelSize?
  /// XTVERSION's answer, for `--verbose` and the reason.
  public var terminalVersion: String?

  public init(
    kitty: Bool = false, iterm: Bool = false, sixel: Bool = false,
    cellPixels: CellPixelSize? = nil, insideTmux: Bool = false, answered: Bool = false,
    sixelColorRegisters: Int? = nil, sixelGeometry: PixelSize? = nil,
    terminalVersion: String? = nil
  ) {
    self.kitty = kitty
    self.iterm = iterm
    self.sixel = sixel
    self.cellPixels = cellPixels
    self.insideTmux = insideTmux
    self.answered = answered
    self.sixelColorRegisters = sixelColorRegisters
    self.sixelGeometry = sixelGeometry
    self.terminalVersion = terminalVersion
  }

  /// XTVERSION names of terminals that draw iTerm2's inline images (prefixes, lowercased).
  static let itermTerminals = ["iterm2", "wezterm", "mintty", "xterm.js", "konsole", "rio"]

  /// The capabilities the replies show. `windowCells`/`windowPixels` are `TIOCGWINSZ`'s, when
  /// the descriptor is a terminal; `environment` tells only whether tmux is in between.
  public init(
    replies: TerminalReplies, environment: [String: String],
    windowCells: (columns: Int, rows: Int)? = nil, windowPixels: PixelSize? = nil
  ) {
    let version = replies.terminalVersion
    let lowered = version?.lowercased() ?? ""
    let tmuxByVersion = lowered.hasPrefix("tmux")
    self.init(
      kitty: replies.kittyGraphics,
      iterm: replies.itermCellPixels != nil
        || Self.itermTerminals.contains(where: { lowered.hasPrefix($0) }),
      sixel: replies.sixel,
      cellPixels: nil,
      insideTmux: tmuxByVersion || !(environment["TMUX"] ?? "").isEmpty,
      answered: replies.sawDeviceAttributes,
      sixelColorRegisters: replies.sixelColorRegisters,
      sixelGeometry: replies.sixelGeometry,
      terminalVersion: version)
    if let cell = replies.cellPixels {
      cellPixels = cell
    } else if let cells = windowCells, cells.columns > 0, cells.rows > 0 {
      let area = replies.textAreaPixels ?? windowPixels
      if let area, area.width >= cells.columns, area.height >= cells.rows {
        cellPixels = CellPixelSize(
          width: area.width / cells.columns, height: area.height / cells.rows)
      }
    }
    if cellPixels == nil, let iterm = replies.itermCellPixels { cellPixels = iterm }
    if let cell = cellPixels, !(1...512).contains(cell.width) || !(1...512).contains(cell.height) {
      cellPixels = nil
    }
  }
}

/// What to draw previews with, and why.
public struct GraphicsSetup: Sendable {
  /// `.cells` when images are not possible.
  public var graphicsProtocol: GraphicsProtocol
  /// One cell in pixels; `GraphicsDetection.defaultCellPixels` when the terminal did not say.
  public var cellPixels: CellPixelSize
  /// Nil for `.cells`.
  public var encoder: (any TerminalImageEncoder)?
  /// Why, in a few words, for `--verbose`, the docs and the tests.
  public var reason: String

  public init(
    graphicsProtocol: GraphicsProtocol, cellPixels: CellPixelSize, reason: String
  ) {
    self.graphicsProtocol = graphicsProtocol
    self.cellPixels = cellPixels
    self.encoder = GraphicsDetection.encoder(for: graphicsProtocol)
    self.reason = reason
  }
}

/// Asking the terminal what it shows, and choosing a protocol from its answers.
public enum GraphicsDetection {
  /// The cell size assumed when the terminal does not say (a common 10×20 px font cell).
  public static let defaultCellPixels = CellPixelSize(width: 10, height: 20)

  /// The encoder for a protocol; nil for `.cells`.
  public static func encoder(for graphicsProtocol: GraphicsProtocol) -> (any TerminalImageEncoder)?
  {
    switch graphicsProtocol {
    case .kitty: return KittyEncoder()
    case .iterm: return ITermEncoder()
    case .sixel: return SixelEncoder()
    case .cells: return nil
    }
  }

  /// Why images are off whatever the terminal says (`auto` only), or nil.
  /// `TERM=dumb`, `NO_COLOR` and a descriptor that is not a terminal all mean cells.
  public static func refusal(environment: [String: String], isTerminal: Bool) -> String? {
    if !isTerminal { return "not a terminal" }
    if environment["TERM"] == "dumb" { return "TERM=dumb" }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return "NO_COLOR is set" }
    return nil
  }

  /// The choice, pure: a forced request is obeyed; `auto` takes what the terminal answered it
  /// shows, kitty first (it deletes images by id), then iTerm2 (full colour), then sixel.
  /// Inside tmux only sixel, and only when tmux's own DA1 lists it: tmux does not know about
  /// images sent through its passthrough, so it neither moves nor clears them.
  /// `capabilities` is nil when the terminal was not asked (a refusal, or a forced request).
  public static func decide(
    request: GraphicsRequest, capabilities: GraphicsCapabilities?,
    environment: [String: String], isTerminal: Bool
  ) -> GraphicsSetup {
    let cell = capabilities?.cellPixels ?? defaultCellPixels
    let cellNote =
      capabilities?.cellPixels == nil
      ? "cell size unknown, \(cell.width)×\(cell.height) px assumed"
      : "cell \(cell.width)×\(cell.height) px"
    if case .forced(let chosen) = request {
      return GraphicsSetup(
        graphicsProtocol: chosen, cellPixels: cell,
        reason: chosen == .cells ? "cells asked for" : "\(chosen.rawValue) asked for; \(cellNote)")
    }
    if let refusal = refusal(environment: environment, isTerminal: isTerminal) {
      return GraphicsSetup(graphicsProtocol: .cells, cellPixels: cell, reason: refusal)
    }
    guard let capabilities, capabilities.answered else {
      return GraphicsSetup(
        graphicsProtocol: .cells, cellPixels: cell,
        reason: "the terminal did not answer in time")
    }
    let chosen: GraphicsProtocol
    var why: String
    if capabilities.insideTmux {
      if capabilities.sixel {
        chosen = .sixel
        why = "tmux passes sixel (its DA1 lists 4)"
      } else {
        chosen = .cells
        why = "inside tmux without sixel"
      }
    } else if capabilities.kitty {
      chosen = .kitty
      why = "the terminal answered the kitty graphics query"
    } else if capabilities.iterm {
      chosen = .iterm
      why = "the terminal draws iTerm2 images (\(capabilities.terminalVersion ?? "ReportCellSize"))"
    } else if capabilities.sixel {
      chosen = .sixel
      why = "the terminal's DA1 lists sixel"
    } else {
      chosen = .cells
      why = "the terminal shows no images"
    }
    if chosen == .sixel && capabilities.cellPixels == nil {
      // sixel cannot be scaled to cells: with a guessed cell size it would spill over the text.
      return GraphicsSetup(
        graphicsProtocol: .cells, cellPixels: cell,
        reason: "\(why), but the terminal did not say its cell size")
    }
    if chosen != .cells { why += "; \(cellNote)" }
    return GraphicsSetup(graphicsProtocol: chosen, cellPixels: cell, reason: why)
  }
}
