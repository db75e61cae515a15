import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What committed Xcode projects build, when none of them builds an app: a library's repository
/// (a React Native or CocoaPods library, a framework) holds its project and, beside it, docs and
/// examples with Info.plists and icon sets of apps that are not there. The project says what is
/// built, so the folder is not read as loose app files; it is refused in one line naming each
/// project and its products (`AppLocation.locate`, after `GeneratedProjects` and
/// `OtherBuildSystems`).
///
/// Seen in skb1129/react-native-change-icon: ios/ChangeIcon.xcodeproj has one target, ChangeIcon,
/// `com.apple.product-type.library.static`; docs/examples/Step-4/Info.plist is a tutorial's
/// snippet naming three icons of an app the repository does not hold.
enum ProjectProducts {
  /// A product type as Xcode names it: swift-build's `Name` of each product type spec
  /// (Sources/SWBUniversalPlatform/Specs/ProductTypes.xcspec and
  /// Sources/SWBApplePlatform/Specs/DarwinProductTypes.xcspec), lowercased but for names.
  static let kinds: [String: String] = [
    "com.apple.product-type.library.static": "static library",
    "com.apple.product-type.library.dynamic": "dynamic library",
    "com.apple.product-type.framework": "framework",
    "com.apple.product-type.framework.static": "static framework",
    "com.apple.product-type.bundle": "bundle",
    "com.apple.product-type.bundle.unit-test": "unit test bundle",
    "com.apple.product-type.bundle.ui-testing": "UI testing bundle",
    "com.apple.product-type.bundle.ocunit-test": "OCUnit test bundle",
    "com.apple.product-type.bundle.external-test": "external test bundle",
    "com.apple.product-type.tool": "command-line tool",
    "com.apple.product-type.tool.host-build": "host build tool",
    "com.apple.product-type.objfile": "object file",
    "com.apple.product-type.app-extension": "app extension",
    "com.apple.product-type.xpc-service": "XPC service",
    "com.apple.product-type.system-extension": "system extension",
    "com.apple.product-type.driver-extension": "DriverKit driver",
    "com.apple.product-type.in-app-purchase-content": "in-app purchase content",
    "com.apple.product-type.metal-library": "Metal library",
  ]

  /// What one project builds: `ios/ChangeIcon.xcodeproj builds only a static library
  /// ("ChangeIcon")`, its path relative to `root`.
  static func description(of project: URL, targets: [XcodeProject.Target], under root: URL)
    -> String
  {
    let path = ProjectFiles.relativeComponents(of: project, under: root).joined(separator: "/")
    var order: [String] = []
    var names: [String: [String]] = [:]
    for target in targets {
      let kind =
        kinds[target.productType]
        ?? (target.productType.isEmpty
          ? "target without a product type" : "target of product type \(target.productType)")
      if names[kind] == nil { order.append(kind) }
      names[kind, default: []].append(target.name)
    }
    let parts = order.map { kind -> String in
      let built = names[kind] ?? []
      let what = built.count == 1 ? article(kind) + " " + kind : "\(built.count) \(plural(kind))"
      return "\(what) (\(IconCatalogError.quoted(built)))"
    }
    return "\(path) builds only \(list(parts))"
  }

  /// The descriptions of `projects` when none has an application target (any kind: an iOS app,
  /// a watch or Mac app) and one builds something; nil when one has an app, when one cannot be
  /// read (what it builds is then not known), or when none has a target (a placeholder, `{}`,
  /// says nothing of what is built): the folder is then read as before.
  static func withoutApp(_ projects: [URL], under root: URL) -> [String]? {
    var descriptions: [String] = []
    for project in projects {
      guard let read = try? XcodeProject.read(project), let targets = try? read.targets()
      else { return nil }
      if targets.contains(where: {
        $0.productType.hasPrefix(XcodeProject.Target.applicationType)
      }) {
        return nil
      }
      if !targets.isEmpty {
        descriptions.append(description(of: project, targets: targets, under: root))
      }
    }
    return descriptions.isEmpty ? nil : descriptions
  }

  private static func article(_ kind: String) -> String {
    guard let first = kind.lowercased().first else { return "a" }
    // "an XPC service", "a UI testing bundle": by sound, for the few initialisms here.
    if kind.hasPrefix("XPC") || kind.hasPrefix("OCUnit") { return "an" }
    if kind.hasPrefix("UI") || kind.hasPrefix("unit") { return "a" }
    return "aeiou".contains(first) ? "an" : "a"
  }

  private static func plural(_ kind: String) -> String {
    if kind.hasPrefix("target ") { return "targets " + kind.dropFirst("target ".count) }
    if kind.hasSuffix("library") { return String(kind.dropLast()) + "ies" }
    if kind.hasSuffix("content") || kind.hasSuffix("s") { return kind }
    return kind + "s"
  }

  private static func list(_ parts: [String]) -> String {
    guard parts.count > 1, let last = parts.last else { return parts.first ?? "" }
    return parts.dropLast().joined(separator: ", ") + " and " + last
  }
}
