import Glibc

/// The questions iconpick asks a terminal, and the few lines of I/O that ask them.
extension GraphicsDetection {
  /// The kitty graphics query: a 1×1 image that is only checked (`a=q`), never stored.
  static let kittyQuestion = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)
  static let versionQuestion = Array("\u{1B}[>0q".utf8)
  static let cellSizeQuestion = Array("\u{1B}[16t".utf8)
  static let textAreaQuestion = Array("\u{1B}[14t".utf8)
  static let sixelQuestions = Array("\u{1B}[?1;1;0S\u{1B}[?2;1;0S".utf8)
  static let itermQuestion = Array("\u{1B}]1337;ReportCellSize\u{1B}\\".utf8)
  /// Primary Device Attributes: every terminal answers it, so it goes last and its reply
  /// ends the wait.
  static let deviceAttributesQuestion = Array("\u{1B}[c".utf8)
  /// Bytes read at most; a terminal that sends more is not listened to further.
  static let maximumReplyBytes = 16 * 1024

  /// The questions for `auto`, DA1 last. The environment orders them (the protocol it hints at
  /// first) and leaves out those a terminal would print as text (the Linux console knows no
  /// APC or OSC 1337) or that tmux would swallow (the kitty query); it never answers them.
  public static func questions(environment: [String: String]) -> [UInt8] {
    let term = environment["TERM"] ?? ""
    let program = (environment["TERM_PROGRAM"] ?? "").lowercased()
    let insideTmux = !(environment["TMUX"] ?? "").isEmpty || term.hasPrefix("tmux")
    let plainConsole = term == "linux"
    var kitty = plainConsole || insideTmux ? [] : kittyQuestion
    let iterm = plainConsole ? [] : itermQuestion
    let common = versionQuestion + cellSizeQuestion + textAreaQuestion + sixelQuestions
    let itermFirst =
      program == "iterm.app" || program == "vscode" || environment["LC_TERMINAL"] == "iTerm2"
    let kittyFirst =
      !(environment["KITTY_WINDOW_ID"] ?? "").isEmpty || term == "xterm-kitty"
      || term == "xterm-ghostty" || !(environment["WEZTERM_EXECUTABLE"] ?? "").isEmpty
    if itermFirst && !kittyFirst {
      kitty = iterm + kitty
      return kitty + common + deviceAttributesQuestion
    }
    return kitty + iterm + common + deviceAttributesQuestion
  }

  /// Asks the terminal on `descriptor` (raw mode, short time-out), before curses starts, and
  /// chooses. `auto` asks every question; a forced protocol asks only the cell size, and not
  /// even that when `TIOCGWINSZ` gives it; `cells` asks nothing.
  public static func detect(
    request: GraphicsRequest, environment: [String: String], descriptor: Int32,
    timeoutMilliseconds: Int = 150
  ) -> GraphicsSetup {
    let isTerminal = isatty(descriptor) == 1
    let window = isTerminal ? windowSize(descriptor) : nil
    var questions: [UInt8]
    switch request {
    case .forced(.cells):
      return decide(
        request: request, capabilities: nil, environment: environment, isTerminal: isTerminal)
    case .forced:
      guard isTerminal else {
        return decide(
          request: request, capabilities: nil, environment: environment, isTerminal: false)
      }
      let fromWindow = GraphicsCapabilities(
        replies: TerminalReplies(), environment: environment, windowCells: window?.cells,
        windowPixels: window?.pixels)
      if fromWindow.cellPixels != nil {
        return decide(
          request: request, capabilities: fromWindow, environment: environment, isTerminal: true)
      }
      questions = cellSizeQuestion + deviceAttributesQuestion
    case .auto:
      if refusal(environment: environment, isTerminal: isTerminal) != nil {
        return decide(
          request: request, capabilities: nil, environment: environment, isTerminal: isTerminal)
      }
      questions = Self.questions(environment: environment)
    }
    let replies = ask(
      descriptor: descriptor, questions: questions, timeoutMilliseconds: timeoutMilliseconds)
    let capabilities = replies.map {
      GraphicsCapabilities(
        replies: $0, environment: environment, windowCells: window?.cells,
        windowPixels: window?.pixels)
    }
    let setup = decide(
      request: request, capabilities: capabilities, environment: environment,
      isTerminal: isTerminal)
    if request == .auto && setup.graphicsProtocol == .sixel {
      // The terminal draws sixel, but without libchafa there is nothing to draw it with.
      do {
        try SixelEncoder.requireLibrary()
      } catch {
        return GraphicsSetup(
          graphicsProtocol: .cells, cellPixels: setup.cellPixels,
          reason: "\(setup.reason); but \(error.description)")
      }
    }
    return setup
  }

  /// `TIOCGWINSZ`: the window in cells, and in pixels when the terminal fills those fields.
  static func windowSize(_ descriptor: Int32) -> (
    cells: (columns: Int, rows: Int), pixels: PixelSize?
  )? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
      return nil
    }
    let pixels =
      size.ws_xpixel > 0 && size.ws_ypixel > 0
      ? PixelSize(width: Int(size.ws_xpixel), height: Int(size.ws_ypixel)) : nil
    return ((Int(size.ws_col), Int(size.ws_row)), pixels)
  }

  /// Writes `questions` in raw mode (no echo, no line buffering), reads the replies until DA1's
  /// arrives, `maximumReplyBytes` are read or the time-out passes, and restores the mode. Nil
  /// when the descriptor cannot be put in raw mode. Replies that arrive late are discarded.
  public static func ask(descriptor: Int32, questions: [UInt8], timeoutMilliseconds: Int)
    -> TerminalReplies?
  {
    var saved = termios()
    guard tcgetattr(descriptor, &saved) == 0 else { return nil }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    raw.c_iflag &= ~tcflag_t(ICRNL | IXON)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 0
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else { return nil }
    defer { _ = tcsetattr(descriptor, TCSANOW, &saved) }

    let deadline = monotonicMilliseconds() + max(0, timeoutMilliseconds)
    var parser = TerminalReplyParser()
    var written = 0
    while written < questions.count {
      let count = questions[written...].withUnsafeBytes {
        write(descriptor, $0.baseAddress, $0.count)
      }
      if count > 0 {
        written += count
      } else if count < 0 && errno != EINTR && errno != EAGAIN {
        return parser.replies
      } else if !wait(descriptor, for: Int16(POLLOUT), until: deadline) {
        return parser.replies
      }
    }
    var buffer = [UInt8](repeating: 0, count: 1024)
    var read = 0
    while !parser.replies.sawDeviceAttributes && read < maximumReplyBytes {
      guard wait(descriptor, for: Int16(POLLIN), until: deadline) else { break }
      let count = buffer.withUnsafeMutableBytes {
        Glibc.read(descriptor, $0.baseAddress, min($0.count, maximumReplyBytes - read))
      }
      if count > 0 {
        read += count
        parser.feed(buffer[..<count])
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        break
      }
    }
    if !parser.replies.sawDeviceAttributes { _ = tcflush(descriptor, TCIFLUSH) }
    return parser.replies
  }

  /// Polls for `events` until `deadline`; false when the time is up or the descriptor failed.
  private static func wait(_ descriptor: Int32, for events: Int16, until deadline: Int) -> Bool {
    while true {
      let left = deadline - monotonicMilliseconds()
      guard left > 0 else { return false }
      var entry = pollfd(fd: descriptor, events: events, revents: 0)
      let ready = poll(&entry, 1, Int32(min(left, Int(Int32.max))))
      if ready > 0 { return entry.revents & events != 0 }
      if ready == 0 || errno != EINTR { return false }
    }
  }

  private static func monotonicMilliseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
  }
}
