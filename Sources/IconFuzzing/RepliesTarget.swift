#if DEBUG
  import FoundationEssentials
  @testable import TerminalGraphics

  extension FuzzTarget {
    /// A terminal's replies to the detection questions: `TerminalReplyParser` fed all at once and
    /// byte by byte (the two must agree), then the capabilities and the choice for every request.
    /// Beyond not crashing: numbers stay within the parser's bound, the choice for `auto` is cells
    /// unless the bytes held DA1's reply, and every reason is one printable line.
    func terminalReplies(_ data: Data) -> Outcome {
      let bytes = [UInt8](data)
      let whole = TerminalReplies.parse(bytes)
      var parser = TerminalReplyParser()
      for byte in bytes { parser.feed(byte) }
      precondition(parser.replies == whole, "replies: byte by byte differs from all at once")
      let bound = TerminalReplyParser.largestNumber
      for value in (whole.deviceAttributes ?? []) + [
        whole.sixelColorRegisters ?? 0, whole.sixelGeometry?.width ?? 0,
        whole.sixelGeometry?.height ?? 0, whole.cellPixels?.width ?? 0,
        whole.cellPixels?.height ?? 0,
      ] {
        precondition((0...bound).contains(value), "replies: \(value) is out of bounds")
      }
      precondition((whole.terminalVersion?.utf8.count ?? 0) <= 128, "replies: a long version")
      var chosen: [String] = []
      for environment in [["TERM": "xterm-256color"], ["TERM": "tmux-256color", "TMUX": "/t,1,0"]] {
        let capabilities = GraphicsCapabilities(
          replies: whole, environment: environment, windowCells: (80, 24),
          windowPixels: PixelSize(width: 800, height: 480))
        for request in [GraphicsRequest.auto]
          + GraphicsProtocol.allCases.map(GraphicsRequest.forced)
        {
          let setup = GraphicsDetection.decide(
            request: request, capabilities: capabilities, environment: environment,
            isTerminal: true)
          precondition(
            setup.cellPixels.width > 0 && setup.cellPixels.height > 0, "replies: empty cell")
          precondition(
            !setup.reason.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
            "replies: the reason holds a control character: \(setup.reason.debugDescription)")
          if request == .auto {
            precondition(
              whole.sawDeviceAttributes || setup.graphicsProtocol == .cells,
              "replies: images without DA1's reply")
            chosen.append(setup.graphicsProtocol.rawValue)
          }
        }
      }
      return .read(
        summary:
          "DA1 \(whole.deviceAttributes.map { "\($0)" } ?? "-"), kitty \(whole.kittyGraphics), "
          + "version \(whole.terminalVersion ?? "-"); auto: \(chosen.joined(separator: ", "))")
    }
  }
#endif
