import FoundationEssentials

/// A platform whose apps can change their icon: `UIApplication.setAlternateIconName` exists on
/// iOS and iPadOS (and Mac Catalyst, an iOS build) and on tvOS. Apple documents
/// `supportsAlternateIcons` as always false for visionOS, and macOS and watchOS apps have no such API.
public enum AppPlatform: String, Equatable, Hashable, Sendable, CaseIterable {
  case iOS
  case tvOS

  /// The device SDK a build for this platform uses, as `[sdk=...]` conditions see it.
  public var sdk: String {
    switch self {
    case .iOS: return "iphoneos"
    case .tvOS: return "appletvos"
    }
  }

  /// The simulator SDK of this platform: its builds are this platform's too, and `[sdk=...]`
  /// conditions tell them apart from the device build.
  public var simulatorSDK: String {
    switch self {
    case .iOS: return "iphonesimulator"
    case .tvOS: return "appletvsimulator"
    }
  }

  /// What `--platform` takes: `ios`, `tvos`.
  public var argument: String { rawValue.lowercased() }

  /// `ios` or `tvos`, any case; nil for anything else.
  public init?(argument: String) {
    guard let found = Self.allCases.first(where: { $0.argument == argument.lowercased() }) else {
      return nil
    }
    self = found
  }

  /// The platform of an SDK name (`iphoneos`, `iphonesimulator17.2`, a path to `AppleTVOS.sdk`);
  /// nil for one that cannot change its icon.
  init?(sdk: String) {
    let name = Self.sdkName(sdk)
    if name.hasPrefix("iphone") {
      self = .iOS
    } else if name.hasPrefix("appletv") {
      self = .tvOS
    } else {
      return nil
    }
  }

  /// `iphoneos` from `iphoneos`, `iphoneos17.2` or a path to `iPhoneOS17.2.sdk`.
  static func sdkName(_ sdk: String) -> String {
    var name = Substring(
      (sdk.split(separator: "/").last.map(String.init) ?? sdk).lowercased())
    if name.hasSuffix(".sdk") { name = name.dropLast(4) }
    while let last = name.last, last.isNumber || last == "." { name = name.dropLast() }
    return String(name)
  }
}

/// Which platforms a target builds for, and on which devices each runs: the one place these are
/// decided, from `SDKROOT`, `SUPPORTED_PLATFORMS` and `TARGETED_DEVICE_FAMILY`.
public enum PlatformDecision {
  /// The platforms among iOS and tvOS that a target with these settings builds for, iOS first.
  /// `SUPPORTED_PLATFORMS`, when set, lists them (a multiplatform target builds one app per
  /// platform); otherwise `SDKROOT` names the one (`auto`: iOS; set by no file: `unsetSDKROOT`).
  /// Empty when the target builds only for platforms that cannot change their icon (macOS,
  /// watchOS, visionOS).
  static func platforms(_ settings: BuildSettings) -> [AppPlatform] {
    let supported = settings.list("SUPPORTED_PLATFORMS")
    let sdk = AppPlatform.sdkName(writtenSDKROOT(settings) ?? "")
    let named: [String]
    if !supported.isEmpty {
      named = supported
    } else if sdk == "auto" {
      named = [AppPlatform.iOS.sdk]
    } else if sdk.isEmpty {
      named = [settings.hasUnreadFiles ? AppPlatform.iOS.sdk : unsetSDKROOT]
    } else {
      named = [sdk]
    }
    let found = Set(named.compactMap(AppPlatform.init(sdk:)))
    return AppPlatform.allCases.filter(found.contains)
  }

  /// The SDK a target builds with when no level sets `SDKROOT` (or sets it empty): the Mac's.
  /// swift-build declares `SDKROOT` with `DefaultValue = ""` (Sources/SWBCore/Specs/
  /// CoreBuildSystem.xcspec), and `SDKRegistry.lookup(nameOrPath:)` answers "" with
  /// `bootSystemSDK`, `lookup("macosx")` (Sources/SWBCore/SDKRegistry.swift); only `SDKROOT =
  /// auto` lets the run destination choose (`Settings`, `usesReplaceableAutomaticSDKRoot`), and
  /// deployment targets (`IPHONEOS_DEPLOYMENT_TARGET`) choose nothing. Seen in
  /// ntoporcov/opencode-ios-client: OpenCodeIOSClient.xcodeproj sets SDKROOT nowhere; its iOS
  /// targets say `SUPPORTED_PLATFORMS = "iphoneos iphonesimulator"`, its Mac app
  /// OpenCodeMacClient only `MACOSX_DEPLOYMENT_TARGET` (project.yml: `platform: macOS`).
  /// When an `.xcconfig` of the target cannot be read, it may be the one that sets `SDKROOT`:
  /// iOS is assumed then, as before anything is known.
  static let unsetSDKROOT = "macosx"

  /// `SDKROOT` as a file sets it (a project, an `.xcconfig`, an XcodeGen spec); nil when only
  /// iconpick's built-in value for the SDK being read stands, or it is empty.
  private static func writtenSDKROOT(_ settings: BuildSettings) -> String? {
    guard settings.settings["SDKROOT"]?.file != nil else { return nil }
    return settings.string("SDKROOT")
  }

  /// The platform of a reading without a project target (a folder, a built app), and whether
  /// anything says it (nil: nothing does, and iOS is assumed). In order: `SDKROOT` or
  /// `SUPPORTED_PLATFORMS` in an `.xcconfig`; `TARGETED_DEVICE_FAMILY`, or a built Info.plist's
  /// `UIDeviceFamily` (3 alone is Apple TV); else a primary icon written as a string, the tvOS form,
  /// which is a hint only.
  static func platform(_ settings: BuildSettings, infoPlist: InfoPlist?) -> (
    platform: AppPlatform, isStated: Bool
  ) {
    // Settings iconpick supplies itself (SDKROOT, for one) have no file.
    if ["SDKROOT", "SUPPORTED_PLATFORMS"].contains(where: { settings.settings[$0]?.file != nil }) {
      return (platforms(settings).first ?? .iOS, true)
    }
    let written = (settings.string("TARGETED_DEVICE_FAMILY") ?? "")
      .split(whereSeparator: { $0 == "," || $0.isWhitespace }).compactMap { Int($0) }
    if let families = written.isEmpty ? infoPlist?.deviceFamilies : written {
      return (families.allSatisfy { $0 == 3 } ? .tvOS : .iOS, true)
    }
    let icons = infoPlist?.root["CFBundleIcons"] as? [String: Any]
    return (icons?["CFBundlePrimaryIcon"] is String ? .tvOS : .iOS, false)
  }

  /// Why a target builds for no platform that can change its icon, for messages:
  /// `a macOS app (SDKROOT = macosx)`; nil when it builds for one.
  static func exclusion(_ settings: BuildSettings) -> String? {
    guard platforms(settings).isEmpty else { return nil }
    let supported = settings.list("SUPPORTED_PLATFORMS")
    if let first = supported.first {
      return
        "\(description(AppPlatform.sdkName(first))) (SUPPORTED_PLATFORMS = \(supported.joined(separator: " ")))"
    }
    guard let sdkroot = writtenSDKROOT(settings) else {
      return "\(description(unsetSDKROOT)) (SDKROOT is not set, and Xcode then builds for macOS)"
    }
    return "\(description(AppPlatform.sdkName(sdkroot))) (SDKROOT = \(sdkroot))"
  }

  private static func description(_ platform: String) -> String {
    switch platform {
    case "macosx": return "a macOS app"
    case "watchos", "watchsimulator": return "a watchOS app"
    case "xros", "xrsimulator": return "a visionOS app"
    case "driverkit": return "a DriverKit driver"
    default: return "an app for \(platform)"
    }
  }

  /// The device families the app runs on (1 iPhone, 2 iPad, 3 Apple TV), from
  /// `TARGETED_DEVICE_FAMILY` read for `platform`: unset means iPhone only (Xcode's default, `1`);
  /// a tvOS app runs on Apple TV whatever it says; families of other platforms are left out (an
  /// iOS build for family 3 alone is an iPhone app: the iOS SDK has no Apple TV family).
  static func deviceFamilies(_ settings: BuildSettings, platform: AppPlatform) -> [Int] {
    if platform == .tvOS { return [3] }
    let written = (settings.string("TARGETED_DEVICE_FAMILY") ?? "")
      .split(whereSeparator: { $0 == "," || $0.isWhitespace }).compactMap { Int($0) }
    let families = [1, 2].filter(written.contains)
    return families.isEmpty ? [1] : families
  }

  /// The device families of a reading without a project target (a folder, a built app), where
  /// no project says them: `TARGETED_DEVICE_FAMILY` when an `.xcconfig` sets it, else the
  /// Info.plist's `UIDeviceFamily` (a built app's), else iPhone and iPad when the Info.plist writes
  /// a `CFBundleIcons~ipad` (nobody writes one for an iPhone app), else iPhone only.
  static func deviceFamilies(
    _ settings: BuildSettings, platform: AppPlatform, infoPlist: InfoPlist?
  ) -> [Int] {
    if platform == .tvOS || settings.isSet("TARGETED_DEVICE_FAMILY") {
      return deviceFamilies(settings, platform: platform)
    }
    if let written = infoPlist?.deviceFamilies {
      let families = [1, 2, 3].filter(written.contains)
      if !families.isEmpty { return families }
    }
    if infoPlist?.root["CFBundleIcons~ipad"] != nil { return [1, 2] }
    return [1]
  }

  /// An idiom as people name the device: `iphone` → `iPhone`, `ipad` → `iPad`, `tv` → `Apple TV`.
  public static func deviceName(ofIdiom idiom: String) -> String {
    switch idiom {
    case "iphone": return "iPhone"
    case "ipad": return "iPad"
    case "tv": return "Apple TV"
    default: return idiom
    }
  }

  /// The idioms of device families: `iphone` for 1, `ipad` for 2, `tv` for 3.
  public static func idioms(ofFamilies families: [Int]) -> [String] {
    families.sorted().compactMap { family in
      switch family {
      case 1: return "iphone"
      case 2: return "ipad"
      case 3: return "tv"
      default: return nil
      }
    }
  }
}
