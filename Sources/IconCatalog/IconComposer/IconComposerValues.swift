import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A colour from `icon.json`, converted to sRGB: `srgb:` and `extended-srgb:` as written,
/// `display-p3:` through linear light, `gray:` and `extended-gray:` as equal channels.
/// Extended colours may fall outside 0...1; whoever draws them clamps.
public struct IconColor: Sendable, Equatable, Hashable {
  public var red: Double
  public var green: Double
  public var blue: Double
  public var alpha: Double

  public init(red: Double, green: Double, blue: Double, alpha: Double) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// The colour `text` names, or nil with the reason it is not one Icon Composer writes.
  public static func parse(_ text: String) -> Result<IconColor, IconComposerProblem.Reason> {
    guard let colon = text.firstIndex(of: ":") else {
      return .failure(.badColor(text, "expected SPACE:COMPONENTS, e.g. srgb:1,0.5,0,1"))
    }
    let space = String(text[..<colon])
    let parts = text[text.index(after: colon)...].split(
      separator: ",", omittingEmptySubsequences: false)
    var numbers: [Double] = []
    for part in parts {
      guard let number = Double(part.trimmingWhitespace()), number.isFinite else {
        return .failure(.badColor(text, "\"\(part)\" is not a number"))
      }
      numbers.append(number)
    }
    switch space {
    case "srgb", "extended-srgb", "display-p3":
      guard numbers.count == 4 else {
        return .failure(
          .badColor(text, "\(space) takes 4 components (r,g,b,a), not \(numbers.count)"))
      }
      let color = IconColor(red: numbers[0], green: numbers[1], blue: numbers[2], alpha: numbers[3])
      return .success(space == "display-p3" ? color.fromDisplayP3() : color)
    case "gray", "extended-gray":
      guard numbers.count == 2 else {
        return .failure(
          .badColor(text, "\(space) takes 2 components (white,alpha), not \(numbers.count)"))
      }
      return .success(
        IconColor(red: numbers[0], green: numbers[0], blue: numbers[0], alpha: numbers[1]))
    default:
      return .failure(
        .badColor(
          text,
          "unknown colour space \"\(space)\" (srgb, extended-srgb, display-p3, gray, extended-gray)"
        ))
    }
  }

  /// Display P3 components to sRGB ones: both use the sRGB transfer curve, so decode, change
  /// primaries in linear light, encode.
  func fromDisplayP3() -> IconColor {
    let r = Self.linear(red)
    let g = Self.linear(green)
    let b = Self.linear(blue)
    return IconColor(
      red: Self.encoded(1.2249 * r - 0.2247 * g),
      green: Self.encoded(-0.0420 * r + 1.0419 * g),
      blue: Self.encoded(-0.0197 * r - 0.0786 * g + 1.0979 * b),
      alpha: alpha)
  }

  public static func linear(_ value: Double) -> Double {
    let magnitude = abs(value)
    let result = magnitude <= 0.04045 ? magnitude / 12.92 : pow((magnitude + 0.055) / 1.055, 2.4)
    return value < 0 ? -result : result
  }

  public static func encoded(_ value: Double) -> Double {
    let magnitude = abs(value)
    let result =
      magnitude <= 0.0031308 ? magnitude * 12.92 : 1.055 * pow(magnitude, 1 / 2.4) - 0.055
    return value < 0 ? -result : result
  }

  /// The colour `share` of the way to black, in linear light.
  public func darkened(by share: Double) -> IconColor {
    let keep = 1 - min(max(share, 0), 1)
    return IconColor(
      red: Self.encoded(Self.linear(red) * keep), green: Self.encoded(Self.linear(green) * keep),
      blue: Self.encoded(Self.linear(blue) * keep), alpha: alpha)
  }

  /// The light and dark system backgrounds Icon Composer paints behind an icon with
  /// `system-light` / `system-dark` (and `automatic`) fills.
  public static let systemLight = IconColor(red: 1, green: 1, blue: 1, alpha: 1)
  public static let systemDark = IconColor(red: 0.11, green: 0.11, blue: 0.118, alpha: 1)
}

/// What a background or a layer is filled with.
public enum IconFill: Sendable, Equatable, Hashable {
  /// The system picks: white behind a light icon, near black behind a dark one.
  case automatic
  case systemLight
  case systemDark
  /// No fill: a layer keeps its artwork's own colours, the canvas stays clear.
  case none
  case solid(IconColor)
  /// Two colours, the first at `start` (by default the top), the second at `stop`.
  case linearGradient([IconColor], orientation: IconGradientOrientation?)
  /// A gradient the system derives from one colour: lighter at the top.
  case automaticGradient(IconColor)
}

/// A gradient's axis in unit coordinates of the canvas, (0, 0) the top left.
public struct IconGradientOrientation: Sendable, Equatable, Hashable {
  public var start: (x: Double, y: Double)
  public var stop: (x: Double, y: Double)

  public init(start: (x: Double, y: Double), stop: (x: Double, y: Double)) {
    self.start = start
    self.stop = stop
  }

  /// Icon Composer's default: top to 70% down.
  public static let standard = IconGradientOrientation(start: (0.5, 0), stop: (0.5, 0.7))

  public static func == (a: Self, b: Self) -> Bool {
    a.start == b.start && a.stop == b.stop
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(start.x)
    hasher.combine(start.y)
    hasher.combine(stop.x)
    hasher.combine(stop.y)
  }
}

/// How a group or layer meets what is behind it.
public enum IconBlendMode: String, Sendable, Equatable, Hashable, CaseIterable {
  case normal, multiply, screen, overlay, darken, lighten
  case softLight = "soft-light"
  case hardLight = "hard-light"
  case colorDodge = "color-dodge"
  case colorBurn = "color-burn"
  case difference, exclusion, hue, saturation, color, luminosity
  case plusLighter = "plus-lighter"
  case plusDarker = "plus-darker"
}

/// Where artwork sits: scaled about its centre, then moved from the canvas centre
/// (+x right, +y down, in points of the 1024 pt canvas).
public struct IconPosition: Sendable, Equatable, Hashable {
  public var scale: Double
  public var translationX: Double
  public var translationY: Double

  public init(scale: Double = 1, translationX: Double = 0, translationY: Double = 0) {
    self.scale = scale
    self.translationX = translationX
    self.translationY = translationY
  }

  public static let identity = IconPosition()
}

/// A group's shadow.
public struct IconShadow: Sendable, Equatable, Hashable {
  public enum Kind: String, Sendable, Equatable, Hashable, CaseIterable {
    case neutral
    case layerColor = "layer-color"
    case none
  }

  public var kind: Kind
  public var opacity: Double

  public init(kind: Kind, opacity: Double) {
    self.kind = kind
    self.opacity = opacity
  }
}

/// A group's see-through glass.
public struct IconTranslucency: Sendable, Equatable, Hashable {
  public var enabled: Bool
  public var value: Double

  public init(enabled: Bool, value: Double) {
    self.enabled = enabled
    self.value = value
  }
}

/// `supported-platforms`: `squares` is `"shared"` (iOS, iPadOS and macOS share one icon) or a
/// list of platforms; `circles` lists the round ones (watchOS).
public struct IconSupportedPlatforms: Sendable, Equatable, Hashable {
  public var squares: Squares?
  public var circles: [String]

  public enum Squares: Sendable, Equatable, Hashable {
    case shared
    case platforms([String])
  }

  public init(squares: Squares?, circles: [String] = []) {
    self.squares = squares
    self.circles = circles
  }

  /// True when the icon is drawn for iOS: shared squares, or a squares list naming iOS.
  public var includesIOS: Bool {
    switch squares {
    case .shared: return true
    case .platforms(let names): return names.contains { $0.lowercased() == "ios" }
    case nil: return false
    }
  }
}
