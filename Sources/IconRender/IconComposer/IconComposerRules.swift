/// Every number iconpick's Icon Composer renderer takes from Icon Composer's own exports, in one
/// place, each with the pairs it was fitted on (the shared pairs of `make fidelity`, named by
/// their folder: owner__repository).
///
/// The looks' backgrounds are rules, not per-icon colours: Apple paints the same ramp behind
/// every icon in a look whatever the document's fill (identical pixels across the pairs), so
/// each ramp is fitted once, top and bottom, in encoded sRGB 0–255 (the exports tagged Display
/// P3 converted first). The fit: per pair, the median of two 24-point columns (x 100–123 and
/// 900–923) over rows 96–928, a straight line fitted with outlying rows (artwork) left out; a
/// pair whose rows are mostly not on a line, or whose layer is an opaque image covering the
/// canvas (Ehviewer), is not used. The script is outside the repository; its result is here.
///
/// Leave-out (`make fidelity`): the pairs sorted by folder name, every other one in half A
/// (the 1st, 3rd, …) and the rest in half B; `halfA` holds what the same fit gives on A's
/// exports alone, `halfB` on B's, and the bench draws each half with the other half's rules.
/// A look no pair of a half exports has no fitted ramp there (nil): it is drawn the way it was
/// before the ramp was found (its fill, then the look's luminance line), and the figure shows it.
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

public struct IconComposerRules: Sendable, Equatable {
  /// A background from `top` (y = 0) to `bottom` (y = 1024 points), linear in encoded sRGB.
  public struct Ramp: Sendable, Equatable {
    public var top: [Double]
    public var bottom: [Double]
    public init(top: [Double], bottom: [Double]) {
      self.top = top
      self.bottom = bottom
    }
  }

  /// Dark, when the document writes no fill for dark (or writes `system-dark`).
  public var dark: Ramp?
  public var tintedDark: Ramp?
  public var tintedLight: Ramp?
  public var clearLight: Ramp?
  public var clearDark: Ramp?
  /// An `automatic-gradient` whose colour has an OKLab lightness of at least this is drawn from
  /// the colour at `automaticLightStart` of the height down to the colour times
  /// `automaticDarkening` (encoded) at the bottom; a darker one is lightened at the top instead.
  public var automaticLightThreshold: Double
  public var automaticLightStart: Double
  public var automaticDarkening: Double
  /// A darker `automatic-gradient` is its colour plus `automaticLift` (encoded, each channel) at
  /// the top, straight in encoded values down to the colour itself at `automaticReach` of the
  /// standard stop (0.7 of the height), then the colour.
  public var automaticLift: Double
  public var automaticReach: Double

  public init(
    dark: Ramp?, tintedDark: Ramp?, tintedLight: Ramp?, clearLight: Ramp?, clearDark: Ramp?,
    automaticLightThreshold: Double, automaticLightStart: Double, automaticDarkening: Double,
    automaticLift: Double, automaticReach: Double
  ) {
    self.dark = dark
    self.tintedDark = tintedDark
    self.tintedLight = tintedLight
    self.clearLight = clearLight
    self.clearDark = clearDark
    self.automaticLightThreshold = automaticLightThreshold
    self.automaticLightStart = automaticLightStart
    self.automaticDarkening = automaticDarkening
    self.automaticLift = automaticLift
    self.automaticReach = automaticReach
  }

  /// The ramp behind `look`, or nil when the look keeps the document's fill.
  func ramp(_ look: IconComposerLook) -> Ramp? {
    switch look {
    case .light: return nil
    case .dark: return dark
    case .tintedDark: return tintedDark
    case .tintedLight: return tintedLight
    case .clearLight: return clearLight
    case .clearDark: return clearDark
    }
  }

  /// Fitted on every shared pair that shows the background.
  public static let fitted = IconComposerRules(
    // Mcrich23__Teddy, fshahzad__MacOS-MultiClockBar, jonjaques__synesthia,
    // tonywei17__simple-navi (Dark exports of documents with no dark fill).
    dark: Ramp(top: [52.2, 52.3, 52.3], bottom: [15.8, 15.8, 15.8]),
    // Mcrich23__Teddy, fshahzad__MacOS-MultiClockBar, jonjaques__synesthia,
    // ophelianz__ophelia, theiskaa__opentranscribe, tonywei17__simple-navi.
    tintedDark: Ramp(top: [19.8, 11.8, 43.3], bottom: [6.8, 3.9, 14.2]),
    // fshahzad__MacOS-MultiClockBar, theiskaa__opentranscribe.
    tintedLight: Ramp(top: [137.0, 117.3, 215.6], bottom: [110.4, 86.2, 206.8]),
    // fshahzad__MacOS-MultiClockBar, ophelianz__ophelia, theiskaa__opentranscribe,
    // tonywei17__simple-navi (also for clearDark).
    clearLight: Ramp(top: [142.3, 142.3, 142.3], bottom: [126.4, 126.4, 126.5]),
    clearDark: Ramp(top: [71.8, 71.9, 71.8], bottom: [40.2, 40.1, 40.1]),
    // Light automatic gradients: Mcrich23__Teddy (yellow, L 0.865) and DD00031__NowPlayingRemote
    // (grey 0.95, L 0.964) keep their colour at the top and darken below a third of the height;
    // darker ones (fshahzad__MacOS-MultiClockBar and deadsoftie__quire L 0.632,
    // jonjaques__synesthia 0.270, ophelianz__ophelia 0) lighten at the top. The threshold half
    // way between 0.632 and 0.865; the darkening from NowPlayingRemote (0.90) and Teddy (0.92).
    automaticLightThreshold: 0.75, automaticLightStart: 0.35, automaticDarkening: 0.91,
    // Darker ones, in their Default exports: the background is straight in encoded values (ophelia
    // 44, 39, 34, 29, 24 … every 60 rows), reaching the colour at 0.64–0.69 of the height
    // (ophelianz__ophelia 0.644, jonjaques__synesthia 0.65, fshahzad__MacOS-MultiClockBar 0.67),
    // 0.93 of the standard stop; at the top the colour plus 58 levels (ophelia's black 58,
    // synesthia +58/+55/+55, MultiClockBar +84/+38 on its unclipped channels): 0.228.
    automaticLift: 0.228, automaticReach: 0.93)

  /// Half A: DD00031__NowPlayingRemote, SkyPixel-Studio__Sparkify, fshahzad__MacOS-MultiClockBar,
  /// liaowwxx__Ehviewer-iOS-macOS-Demo, theiskaa__opentranscribe, weiran__Hackers. Its ramps come
  /// from MultiClockBar (dark) and MultiClockBar with opentranscribe (the others).
  public static let halfA = IconComposerRules(
    dark: Ramp(top: [52.3, 52.3, 52.3], bottom: [15.8, 15.8, 15.8]),
    tintedDark: Ramp(top: [19.9, 11.8, 43.4], bottom: [6.8, 3.9, 14.2]),
    tintedLight: Ramp(top: [137.0, 117.3, 215.6], bottom: [110.4, 86.2, 206.8]),
    clearLight: Ramp(top: [142.3, 142.4, 142.3], bottom: [126.4, 126.4, 126.5]),
    clearDark: Ramp(top: [71.7, 71.9, 71.8], bottom: [40.1, 40.0, 40.1]),
    // Half way between MultiClockBar's 0.632 and NowPlayingRemote's 0.964; its darkening.
    automaticLightThreshold: 0.80, automaticLightStart: 0.35, automaticDarkening: 0.90,
    // MultiClockBar alone.
    automaticLift: 0.24, automaticReach: 0.96)

  /// Half B: Mcrich23__Teddy, deadsoftie__quire, jonjaques__synesthia, ophelianz__ophelia,
  /// tonywei17__simple-navi. Dark from Teddy, synesthia and simple-navi; tinted dark from
  /// those and ophelia; clear from ophelia and simple-navi; no pair of B exports TintedLight.
  public static let halfB = IconComposerRules(
    dark: Ramp(top: [52.2, 52.2, 52.3], bottom: [15.8, 15.8, 15.8]),
    tintedDark: Ramp(top: [19.8, 11.8, 43.3], bottom: [6.8, 3.9, 14.2]),
    tintedLight: nil,
    clearLight: Ramp(top: [142.3, 142.3, 142.3], bottom: [126.4, 126.4, 126.5]),
    clearDark: Ramp(top: [71.8, 71.9, 71.9], bottom: [40.3, 40.2, 40.2]),
    // Half way between quire's 0.632 and Teddy's 0.865; Teddy's darkening.
    automaticLightThreshold: 0.75, automaticLightStart: 0.35, automaticDarkening: 0.92,
    // ophelia and synesthia.
    automaticLift: 0.225, automaticReach: 0.92)

  /// OKLab lightness of an sRGB colour (0...1 encoded components).
  static func lightness(_ red: Double, _ green: Double, _ blue: Double) -> Double {
    func lin(_ v: Double) -> Double {
      let c = min(max(v, 0), 1)
      return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    let (r, g, b) = (lin(red), lin(green), lin(blue))
    let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
    let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
    let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
    return 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s
  }
}

// MARK: The figures tuned before the looks' rules (on theiskaa__opentranscribe,
// deadsoftie__quire and weiran__Hackers, the first three shared pairs), kept here with the rest.

extension IconComposerRenderer {
  /// Where a corner's curve leaves each edge, as a share of the side, and how far from the
  /// corner its control points sit, as a share of that: measured on Icon Composer's exports.
  static let cornerReach = 0.3086
  static let cornerPull = 0.325
  /// How much further than its stop a gradient runs (measured on Icon Composer's exports).
  static let gradientReach = 1.25
}

extension LiquidGlass {
  /// Group shadow: blur radius, downward offset, and darkness at opacity 1.
  static let shadowRadius = 22.0
  static let shadowOffset = 8.0
  static let shadowStrength = 0.12
  /// Translucency: a glass layer in a group with `translucency` enabled at value v is
  /// see-through, more toward its bottom: at t (0 at the top of its image's box, 1 at the
  /// bottom) it keeps 1 − translucencyFall · v · t^translucencyCurve of its opacity. Fitted on
  /// theiskaa__opentranscribe (white bars over near black: 0.98 of their opacity at t 0.1, 0.83
  /// at 0.5, 0.62 at 0.9), and it holds for liaowwxx__Ehviewer-iOS-macOS-Demo's Dark (a near
  /// black image at opacity 0.7 over a teal one: 0.71 at the top to 0.45 at the bottom, as
  /// 0.7 × the same curve; make fidelity 48.0 → 3.0), fshahzad__MacOS-MultiClockBar's black
  /// clock over blue and weiran__Hackers' H over white (0.9 at the top to 0.67; its group says
  /// translucency is disabled, and it is left opaque: 2.3 → 5.0). With translucency disabled,
  /// Mcrich23__Teddy's camera body and SkyPixel-Studio__Sparkify's star are opaque, exactly their
  /// colours. Every pair writes v 0.5; that the fall scales with v is assumed. Checked, not
  /// fitted, on the unseen beforetheshoes__Bellows: its black glass layer (1680-point box) lets
  /// the background through at 13, 36, 56, 74 of 255 at rows 120, 480, 720, 900; the curve gives
  /// 16, 38, 57, 72.
  static let translucencyFall = 0.9
  static let translucencyCurve = 1.5
  // No frost: a white screen of 0.18 over every glass layer (fitted before on the first three
  // pairs) lifted dark glass to grey; Apple's is its own colour (Sparkify's star at 33, Teddy's
  // body within 3 levels of its SVG, Ehviewer's dark layer). Teddy 15.5 → 6.0, Sparkify 13.8 → 4.9.
  /// Specular highlight: how far the light comes from (up and left), its softness, its strength.
  static let specularReach = 10.0
  static let specularSoftness = 1.0
  static let specularStrength = 0.9
  /// The glass's inner edge: how wide, and how far toward `edgeColour` it goes at the edge
  /// (white glass darkens there, coloured glass lightens).
  static let edgeWidth = 3.0
  static let edgeDarkening = 0.8
  static let edgeColour: (Float, Float, Float) = (0.75, 0.75, 0.78)
  /// The icon's rim: width, and white's opacity at the edge, top and bottom.
  static let rimWidth = 22.0
  static let rimTop = 0.33
  static let rimBottom = 0.19
  /// `blur-material` 1 blurs what is behind the glass by this radius.
  static let materialRadius = 24.0

}
