/// How many colours previews may use.
public enum ColorMode: String, CaseIterable, Sendable {
  /// 24-bit colour (SGR 38;2 / 48;2).
  case truecolor
  /// The 240 colours 16-255, which every 256-colour terminal shows the same way (0-15 are
  /// often re-themed, so they are never used here).
  case palette256 = "256"
  /// The 16 ANSI colours (8-15 the bright ones, which an 8-colour terminal shows as their dim
  /// twins).
  case palette16 = "16"
  /// The 8 ANSI colours 0-7, all an 8-colour terminal (`TERM=xterm`, the Linux console) has.
  case palette8 = "8"
  /// No colour: shades or ASCII characters.
  case none

  /// The mode's name in thumbnail cache keys: the flag's word, plus a version for a mode whose
  /// drawing changed (16 colours: nearest in sRGB, not OKLab, since issue 29), so a preview
  /// cached before is drawn again.
  var cacheName: String { self == .palette16 ? "16-v2" : rawValue }

  /// The values `--color` accepts, as shown in its error message.
  public static let flagValues = ["truecolor", "24bit", "256", "16", "8", "none"]

  /// The mode for a `--color` value; nil when it is not one of `flagValues`.
  public init?(flag: String) {
    switch flag.lowercased() {
    case "truecolor", "24bit": self = .truecolor
    case "256": self = .palette256
    case "16": self = .palette16
    case "8": self = .palette8
    case "none": self = .none
    default: return nil
    }
  }

  /// The mode to use, first rule that applies wins:
  /// 1. `--color` (`flag`), when given; an unknown value is an error listing the valid ones.
  /// 2. `NO_COLOR` set and non-empty (no-color.org): none.
  /// 3. `TERM=dumb`: none. Before `COLORTERM`, which a dumb terminal (an editor's shell
  ///    buffer) often inherits from the desktop without being able to show it.
  /// 4. `COLORTERM` `truecolor` or `24bit`: truecolor.
  /// 5. terminfo: the `RGB` capability: truecolor; 256 colours or more: 256; 16 or more: 16;
  ///    8 or more: 8; fewer: none.
  public static func detect(
    flag: String?, environment: [String: String], terminfoColors: Int, terminfoHasRGB: Bool
  ) throws -> ColorMode {
    if let flag {
      guard let mode = ColorMode(flag: flag) else {
        throw IconRenderError.unknownColorMode(value: flag, valid: flagValues)
      }
      return mode
    }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
    if environment["TERM"] == "dumb" { return .none }
    if let colorTerm = environment["COLORTERM"]?.lowercased(),
      colorTerm == "truecolor" || colorTerm == "24bit"
    {
      return .truecolor
    }
    if terminfoHasRGB { return .truecolor }
    return palette(colors: terminfoColors)
  }

  /// The palette mode for a terminal with `colors` colours (terminfo's `colors`), without
  /// direct colour: 256, 16, 8, or none below 8.
  public static func palette(colors: Int) -> ColorMode {
    if colors >= 256 { return .palette256 }
    if colors >= 16 { return .palette16 }
    if colors >= 8 { return .palette8 }
    return .none
  }
}
