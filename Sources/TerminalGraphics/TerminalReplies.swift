/// A size in pixels reported by the terminal (sixel's largest image, the text area).
public struct PixelSize: Hashable, Sendable {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}

/// What a terminal answered to iconpick's questions, read from the bytes it sent back.
///
/// Pure: bytes in, facts out. The bytes come from a terminal that may be broken or hostile, so
/// the parser keeps bounded state whatever it is fed: numbers saturate, each sequence keeps at
/// most `maximumSequenceBytes`, anything it does not know is skipped.
public struct TerminalReplies: Equatable, Sendable {
  /// The kitty graphics query (`ESC _G i=ID;OK ESC \`) was answered OK.
  public var kittyGraphics = false
  /// The ids kitty answered about; an error reply (`ENOTSUPPORTED`…) is not OK.
  public var kittyAnswered = false
  /// Primary Device Attributes (`ESC [ ? 62 ; 4 ; … c`): the sentinel every terminal answers.
  /// Nil until seen.
  public var deviceAttributes: [Int]?
  /// XTSMGRAPHICS: sixel's colour registers (`ESC [ ? 1 ; 0 ; N S`).
  public var sixelColorRegisters: Int?
  /// XTSMGRAPHICS: sixel's largest image (`ESC [ ? 2 ; 0 ; W ; H S`).
  public var sixelGeometry: PixelSize?
  /// XTWINOPS 16: one cell in pixels (`ESC [ 6 ; h ; w t`).
  public var cellPixels: CellPixelSize?
  /// XTWINOPS 14: the text area in pixels (`ESC [ 4 ; h ; w t`).
  public var textAreaPixels: PixelSize?
  /// XTVERSION (`ESC P > | name ESC \`): the terminal's name and version.
  public var terminalVersion: String?
  /// iTerm2's `OSC 1337 ; ReportCellSize=h;w[;scale] ST`, in pixels (points × scale).
  public var itermCellPixels: CellPixelSize?

  public init() {}

  /// True when the terminal answered DA1, so every earlier question has been answered too
  /// (terminals answer in order).
  public var sawDeviceAttributes: Bool { deviceAttributes != nil }

  /// DA1 lists attribute 4: the terminal draws sixel.
  public var sixel: Bool { deviceAttributes?.contains(4) ?? false }

  /// The replies found in `bytes`.
  public static func parse(_ bytes: some Sequence<UInt8>) -> TerminalReplies {
    var parser = TerminalReplyParser()
    parser.feed(bytes)
    return parser.replies
  }
}

/// Reads a terminal's replies byte by byte, so the reader can stop as soon as DA1 arrives.
public struct TerminalReplyParser: Sendable {
  /// Bytes kept of one sequence (its parameters, or a DCS/OSC/APC string); more are dropped.
  public static let maximumSequenceBytes = 512
  /// Numbers stop growing here: a reply of a million digits is still one bounded number.
  static let largestNumber = 1_000_000

  public private(set) var replies = TerminalReplies()

  private enum State: Sendable {
    case ground
    case escape
    case csi
    /// DCS, OSC or APC: a string ended by ST (`ESC \`, or BEL for OSC).
    case string(kind: UInt8)
    /// ESC inside a string: `\` ends it, anything else is kept.
    case stringEscape(kind: UInt8)
  }

  private var state = State.ground
  private var body: [UInt8] = []

  public init() {}

  public mutating func feed(_ bytes: some Sequence<UInt8>) {
    for byte in bytes { feed(byte) }
  }

  public mutating func feed(_ byte: UInt8) {
    switch state {
    case .ground:
      if byte == 0x1B { state = .escape }
    case .escape:
      body.removeAll(keepingCapacity: true)
      switch byte {
      case UInt8(ascii: "["): state = .csi
      case UInt8(ascii: "P"), UInt8(ascii: "]"), UInt8(ascii: "_"): state = .string(kind: byte)
      case 0x1B: state = .escape
      default: state = .ground
      }
    case .csi:
      if (0x40...0x7E).contains(byte) {
        finishCSI(final: byte)
        state = .ground
      } else if byte == 0x1B {
        state = .escape
      } else if (0x20...0x3F).contains(byte) {
        keep(byte)
      } else {
        // A control character inside a CSI: the sequence is broken, drop it.
        state = .ground
      }
    case .string(let kind):
      if byte == 0x1B {
        state = .stringEscape(kind: kind)
      } else if byte == 0x07 && kind == UInt8(ascii: "]") {
        finishString(kind: kind)
        state = .ground
      } else {
        keep(byte)
      }
    case .stringEscape(let kind):
      if byte == UInt8(ascii: "\\") {
        finishString(kind: kind)
        state = .ground
      } else {
        // Not ST: an ESC starting a new sequence; the unfinished string is dropped.
        state = .escape
        feed(byte)
      }
    }
  }

  private mutating func keep(_ byte: UInt8) {
    if body.count < Self.maximumSequenceBytes { body.append(byte) }
  }

  /// The numbers of a parameter string (`62;4;22`), saturated; empty fields are 0.
  static func numbers(_ text: ArraySlice<UInt8>, limit: Int = 64) -> [Int]? {
    var result: [Int] = []
    var current = 0
    for byte in text {
      if byte == UInt8(ascii: ";") {
        if result.count < limit { result.append(current) }
        current = 0
      } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        current = min(largestNumber, current * 10 + Int(byte - UInt8(ascii: "0")))
      } else {
        return nil
      }
    }
    if result.count < limit { result.append(current) }
    return result
  }

  private mutating func finishCSI(final: UInt8) {
    var parameters = body[...]
    var privateMarker: UInt8?
    if let first = parameters.first, (0x3C...0x3F).contains(first) {
      privateMarker = first
      parameters = parameters.dropFirst()
    }
    guard let values = Self.numbers(parameters) else { return }
    switch (privateMarker, final) {
    case (UInt8(ascii: "?"), UInt8(ascii: "c")):
      replies.deviceAttributes = values
    case (UInt8(ascii: "?"), UInt8(ascii: "S")):
      guard values.count >= 3, values[1] == 0 else { return }
      if values[0] == 1, values[2] > 0 {
        replies.sixelColorRegisters = values[2]
      } else if values[0] == 2, values.count >= 4, values[2] > 0, values[3] > 0 {
        replies.sixelGeometry = PixelSize(width: values[2], height: values[3])
      }
    case (nil, UInt8(ascii: "t")):
      guard values.count >= 3, values[1] > 0, values[2] > 0 else { return }
      if values[0] == 6 {
        replies.cellPixels = CellPixelSize(width: values[2], height: values[1])
      } else if values[0] == 4 {
        replies.textAreaPixels = PixelSize(width: values[2], height: values[1])
      }
    default:
      break
    }
  }

  private mutating func finishString(kind: UInt8) {
    switch kind {
    case UInt8(ascii: "_"):
      // kitty: `G` keys `;` message.
      guard body.first == UInt8(ascii: "G") else { return }
      let rest = body.dropFirst()
      guard let semicolon = rest.firstIndex(of: UInt8(ascii: ";")) else { return }
      let keys = rest[..<semicolon]
      let message = rest[(semicolon + 1)...]
      guard
        keys.split(separator: UInt8(ascii: ",")).contains(where: {
          $0.starts(with: Array("i=".utf8))
        })
      else { return }
      replies.kittyAnswered = true
      if Array(message) == Array("OK".utf8) { replies.kittyGraphics = true }
    case UInt8(ascii: "P"):
      // XTVERSION: `>|name`.
      guard body.starts(with: Array(">|".utf8)) else { return }
      let name = body.dropFirst(2).prefix(128)
      replies.terminalVersion = String(
        decoding: name.filter { (0x20...0x7E).contains($0) }, as: UTF8.self)
    case UInt8(ascii: "]"):
      // iTerm2: `1337;ReportCellSize=h;w` or `…=h;w;scale` (points; pixels = points × scale).
      let prefix = Array("1337;ReportCellSize=".utf8)
      guard body.starts(with: prefix) else { return }
      let fields = body.dropFirst(prefix.count).split(
        separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
      guard fields.count >= 2, fields.count <= 3,
        let height = Self.decimal(fields[0]), let width = Self.decimal(fields[1])
      else { return }
      let scale = fields.count == 3 ? Self.decimal(fields[2]) : 1
      guard let scale, scale > 0 else { return }
      let pixelWidth = Int((width * scale).rounded())
      let pixelHeight = Int((height * scale).rounded())
      guard pixelWidth > 0, pixelHeight > 0 else { return }
      replies.itermCellPixels = CellPixelSize(width: pixelWidth, height: pixelHeight)
    default:
      break
    }
  }

  /// A short decimal number (`17.5`), bounded; nil for anything else.
  static func decimal(_ text: ArraySlice<UInt8>) -> Double? {
    guard !text.isEmpty, text.count <= 16,
      text.allSatisfy({ $0 == UInt8(ascii: ".") || (0x30...0x39).contains($0) }),
      let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite,
      value <= Double(largestNumber)
    else { return nil }
    return value
  }
}
