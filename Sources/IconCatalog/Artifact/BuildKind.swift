import FoundationEssentials

/// What kind of build a built app is: the Xcode that made it and the SDK it was built with
/// (`DTXcode`, `DTXcodeBuild`, `DTPlatformName` in its processed Info.plist), and whether its
/// `Assets.car` holds one device's images only (a thinned car). Empty for a prediction from
/// sources. See docs/built-apps.md, "What kind of build".
public struct BuildKind: Sendable, Equatable {
  /// `DTXcode`: `1520` for Xcode 15.2, `1000` for Xcode 10.0.
  public var xcode: String?
  /// `DTXcodeBuild`: `15C500b`.
  public var xcodeBuild: String?
  /// `DTPlatformName`: `iphoneos`, `iphonesimulator`, `appletvos`, `appletvsimulator`…
  public var platformName: String?
  /// The device the car was built for, when it was thinned for one (`optimized <idiom 1>
  /// <subtype 2532> <scale 3> …`); nil for a car that holds every device's images, or no car.
  public var thinnedFor: CarThinning?

  public init(
    xcode: String? = nil, xcodeBuild: String? = nil, platformName: String? = nil,
    thinnedFor: CarThinning? = nil
  ) {
    self.xcode = xcode
    self.xcodeBuild = xcodeBuild
    self.platformName = platformName
    self.thinnedFor = thinnedFor
  }

  /// What the processed Info.plist says (values of another type are left out: Xcode writes
  /// strings).
  init(infoPlist root: [String: Any]) {
    self.init(
      xcode: root["DTXcode"] as? String, xcodeBuild: root["DTXcodeBuild"] as? String,
      platformName: root["DTPlatformName"] as? String)
  }

  /// True for a simulator build, false for a device build, nil when `DTPlatformName` is not
  /// there.
  public var isSimulator: Bool? { platformName.map { $0.lowercased().hasSuffix("simulator") } }

  /// Xcode's major version: 10 for `1000`, 15 for `1520`.
  public var xcodeMajor: Int? { version?.major }

  /// `DTXcode` as Xcode spells its version: `1520` → `15.2`, `1000` → `10.0`, `0941` → `9.4.1`.
  public var xcodeVersion: String? {
    guard let version else { return nil }
    return "\(version.major).\(version.minor)" + (version.patch > 0 ? ".\(version.patch)" : "")
  }

  private var version: (major: Int, minor: Int, patch: Int)? {
    guard let xcode, xcode.count == 4, xcode.allSatisfy(\.isASCII), let number = Int(xcode),
      number >= 0
    else { return nil }
    return (number / 100, number / 10 % 10, number % 10)
  }

  /// `Xcode 15.2 (15C500b)`; nil when the Info.plist does not say.
  public var xcodeDescription: String? {
    guard let xcodeVersion else { return nil }
    return "Xcode \(xcodeVersion)" + (xcodeBuild.map { " (\($0))" } ?? "")
  }

  /// `a simulator build by Xcode 15.2 (15C500b)`, `a device build by Xcode 26.2 (17C52)`: what
  /// `check --against` says of the artifact; nil when the Info.plist says nothing of it.
  public var description: String? {
    let kind =
      isSimulator.map { $0 ? "a simulator build" : "a device build" } ?? "a build"
    guard let xcode = xcodeDescription else {
      return isSimulator == nil ? nil : kind + " by an Xcode it does not name"
    }
    return "\(kind) by \(xcode)"
  }
}

/// A car built for one device: its `EXTENDED_METADATA` thinning arguments name the idiom (and
/// the subtype and scale) actool filtered for. Xcode writes `optimized <idiom 1> <subtype 2532>
/// <scale 3> <gamut 1> …` when it builds for the device it runs on (a debug or `flutter run`
/// build), App Store thinning `carutil …, thinned <mode app> <idiom 1> <subtype 2436> …`; a car
/// for every device has no arguments, or `<idiom *>`.
public struct CarThinning: Sendable, Equatable, Hashable {
  /// The arguments as the car holds them.
  public var arguments: String
  /// CoreUI's idiom number: 1 iPhone, 2 iPad, 3 Apple TV…
  public var idiom: Int
  public var subtype: Int?
  /// 1, 2, 3; nil when the arguments leave it open.
  public var scale: Int?

  public init(arguments: String, idiom: Int, subtype: Int? = nil, scale: Int? = nil) {
    self.arguments = arguments
    self.idiom = idiom
    self.subtype = subtype
    self.scale = scale
  }

  /// The thinning the arguments name; nil when they name no one idiom (empty, `<idiom *>`, or
  /// words iconpick does not know).
  public init?(arguments: String) {
    let words = arguments.split(separator: " ").first.map(String.init)
    guard words == "optimized" || arguments.contains("thinned <")
    else { return nil }
    func value(_ name: String) -> Int? {
      guard let start = arguments.firstRange(ofText: "<\(name) ") else { return nil }
      let rest = arguments[start.upperBound...]
      guard let end = rest.firstIndex(of: ">") else { return nil }
      return Int(rest[..<end])
    }
    guard let idiom = value("idiom") else { return nil }
    self.init(arguments: arguments, idiom: idiom, subtype: value("subtype"), scale: value("scale"))
  }

  /// `iphone`, `ipad`, `tv`… (the idioms of asset catalogs).
  public var idiomName: String { CarRendition.idiomNames[idiom] ?? "idiom \(idiom)" }

  /// `iPhone`, `iPad`, `Apple TV`.
  public var deviceName: String { PlatformDecision.deviceName(ofIdiom: idiomName) }

  /// `iPhone @3x`.
  public var description: String { deviceName + (scale.map { " @\($0)x" } ?? "") }
}
