import Foundation
import Glibc
import Synchronization
import Testing

@testable import TerminalGraphics

/// A fake terminal on the master side of a pseudo-terminal: it reads what iconpick asks on the
/// slave side and answers as a terminal would (or not at all, or with garbage).
private final class FakeTerminal: @unchecked Sendable {
  enum Behaviour: Sendable {
    /// Answers each question it knows with the given replies, DA1 last.
    case answers(kitty: Bool, sixel: Bool, cell: (width: Int, height: Int)?, version: String?)
    /// Reads and says nothing.
    case silent
    /// Sends bytes without end, never DA1.
    case endless
  }

  let master: Int32
  let slave: Int32

  // The C library's pseudo-terminal functions, which Glibc's module map does not bring in.
  typealias OpenPT = @convention(c) (Int32) -> Int32
  typealias OnDescriptor = @convention(c) (Int32) -> Int32
  typealias PTSName = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32
  static func libc<Function>(_ name: String, as type: Function.Type) -> Function {
    guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
      fatalError("no \(name) in the C library")
    }
    return unsafeBitCast(address, to: type)
  }
  /// What the fake's thread shares with the test: when to stop, and every byte the program
  /// wrote to the terminal.
  private final class Shared: Sendable {
    let stop = Atomic<Bool>(false)
    let asked = Mutex<[UInt8]>([])
  }
  private let shared = Shared()
  private let thread: Thread

  init(_ behaviour: Behaviour, window: winsize? = nil) throws {
    let master = Self.libc("posix_openpt", as: OpenPT.self)(O_RDWR | O_NOCTTY)
    var name = [CChar](repeating: 0, count: 128)
    guard master >= 0, Self.libc("grantpt", as: OnDescriptor.self)(master) == 0,
      Self.libc("unlockpt", as: OnDescriptor.self)(master) == 0,
      Self.libc("ptsname_r", as: PTSName.self)(master, &name, name.count) == 0
    else { throw POSIXError(.EIO) }
    let slave = open(name, O_RDWR | O_NOCTTY)
    guard slave >= 0 else { throw POSIXError(.EIO) }
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    if var window { _ = ioctl(slave, UInt(TIOCSWINSZ), &window) }
    self.master = master
    self.slave = slave
    let shared = self.shared
    thread = Thread {
      var seen: [UInt8] = []
      var answered = false
      var buffer = [UInt8](repeating: 0, count: 4096)
      while !shared.stop.load(ordering: .relaxed) {
        var entry = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        _ = poll(&entry, 1, 5)
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if count > 0 {
          seen += buffer[..<count]
          shared.asked.withLock { $0 += buffer[..<count] }
        }
        switch behaviour {
        case .silent:
          break
        case .endless:
          let garbage = [UInt8](repeating: UInt8(ascii: "7"), count: 512) + Array("\u{1B}[?".utf8)
          _ = garbage.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        case .answers(let kitty, let sixel, let cell, let version):
          let text = String(decoding: seen, as: UTF8.self)
          guard !answered, text.hasSuffix("\u{1B}[c") else { continue }
          answered = true
          var reply = ""
          if kitty && text.contains("\u{1B}_G") { reply += "\u{1B}_Gi=31;OK\u{1B}\\" }
          if let version, text.contains("\u{1B}[>0q") { reply += "\u{1B}P>|\(version)\u{1B}\\" }
          if let cell, text.contains("\u{1B}[16t") {
            reply += "\u{1B}[6;\(cell.height);\(cell.width)t"
          }
          reply += sixel ? "\u{1B}[?63;1;2;4;22c" : "\u{1B}[?62;22c"
          let bytes = Array(reply.utf8)
          // Sent in two pieces, as a slow terminal would.
          let half = bytes.count / 2
          _ = bytes[..<half].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
          usleep(2000)
          _ = bytes[half...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }
      }
    }
    thread.start()
  }

  var questions: String { String(decoding: shared.asked.withLock { $0 }, as: UTF8.self) }

  func finish() {
    shared.stop.store(true, ordering: .relaxed)
    while !thread.isFinished { usleep(1000) }
    close(slave)
    close(master)
  }
}

@Suite struct GraphicsDetectionPTYTests {
  private let environment = ["TERM": "xterm-256color"]

  @Test func kittyAnswersAndIsChosen() throws {
    let terminal = try FakeTerminal(
      .answers(kitty: true, sixel: false, cell: (9, 18), version: "kitty(0.35)"))
    defer { terminal.finish() }
    let setup = GraphicsDetection.detect(
      request: .auto, environment: environment, descriptor: terminal.slave,
      timeoutMilliseconds: 5000)
    #expect(setup.graphicsProtocol == .kitty)
    #expect(setup.cellPixels == CellPixelSize(width: 9, height: 18))
    #expect(terminal.questions.hasSuffix("\u{1B}[c"))
  }

  @Test func sixelFromDA1AndCellFromTheWindow() throws {
    var window = winsize()
    window.ws_col = 80
    window.ws_row = 24
    window.ws_xpixel = 800
    window.ws_ypixel = 480
    let terminal = try FakeTerminal(
      .answers(kitty: false, sixel: true, cell: nil, version: "XTerm(390)"), window: window)
    defer { terminal.finish() }
    let setup = GraphicsDetection.detect(
      request: .auto, environment: environment, descriptor: terminal.slave,
      timeoutMilliseconds: 5000)
    #expect(setup.graphicsProtocol == .sixel)
    #expect(setup.cellPixels == CellPixelSize(width: 10, height: 20))
  }

  @Test func theModeIsRestored() throws {
    let terminal = try FakeTerminal(.answers(kitty: false, sixel: false, cell: nil, version: nil))
    defer { terminal.finish() }
    var before = termios()
    tcgetattr(terminal.slave, &before)
    _ = GraphicsDetection.detect(
      request: .auto, environment: environment, descriptor: terminal.slave,
      timeoutMilliseconds: 5000)
    var after = termios()
    tcgetattr(terminal.slave, &after)
    #expect(before.c_lflag == after.c_lflag)
    #expect(before.c_iflag == after.c_iflag)
    #expect(after.c_lflag & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO))
  }

  @Test func aSilentTerminalGetsCellsAfterTheTimeOut() throws {
    let terminal = try FakeTerminal(.silent)
    defer { terminal.finish() }
    let setup = GraphicsDetection.detect(
      request: .auto, environment: environment, descriptor: terminal.slave,
      timeoutMilliseconds: 100)
    #expect(setup.graphicsProtocol == .cells)
    #expect(setup.reason.contains("did not answer"))
  }

  @Test func anEndlessTerminalIsNotListenedToForever() throws {
    let terminal = try FakeTerminal(.endless)
    defer { terminal.finish() }
    let setup = GraphicsDetection.detect(
      request: .auto, environment: environment, descriptor: terminal.slave,
      timeoutMilliseconds: 3000)
    #expect(setup.graphicsProtocol == .cells)
  }

  @Test func aForcedProtocolAsksOnlyTheCellSize() throws {
    let terminal = try FakeTerminal(.answers(kitty: true, sixel: true, cell: (8, 16), version: "x"))
    defer { terminal.finish() }
    let setup = GraphicsDetection.detect(
      request: .forced(.iterm), environment: environment, descriptor: terminal.slave,
      timeoutMilliseconds: 5000)
    #expect(setup.graphicsProtocol == .iterm)
    #expect(setup.cellPixels == CellPixelSize(width: 8, height: 16))
    #expect(terminal.questions == "\u{1B}[16t\u{1B}[c")
  }

  @Test func noQuestionsWhenRefused() throws {
    let terminal = try FakeTerminal(.answers(kitty: true, sixel: true, cell: (8, 16), version: nil))
    defer { terminal.finish() }
    let setup = GraphicsDetection.detect(
      request: .auto, environment: ["TERM": "xterm", "NO_COLOR": "1"], descriptor: terminal.slave)
    #expect(setup.graphicsProtocol == .cells)
    usleep(20_000)
    #expect(terminal.questions.isEmpty)
  }

  @Test func aPipeIsNotATerminal() {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    let setup = GraphicsDetection.detect(
      request: .auto, environment: environment, descriptor: ends[1])
    #expect(setup.graphicsProtocol == .cells)
    #expect(setup.reason == "not a terminal")
  }
}
