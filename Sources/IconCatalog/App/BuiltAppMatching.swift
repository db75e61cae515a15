import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension AppIconReader {
  /// True when PATH is what Xcode built: a `.app` bundle (not a source folder of that name), an
  /// `.ipa` or an `.xcarchive`.
  public static func isBuiltApp(_ path: URL) -> Bool {
    BuiltApp.isBuiltApp(path.standardizedFileURL)
  }

  /// How a project's target was matched to a built app.
  public enum TargetMatch: Equatable, Sendable {
    /// The target's bundle identifier is the built app's.
    case bundleIdentifier(target: String)
    /// No target has the built app's bundle identifier; this one's product name is its bundle's.
    case productName(target: String)

    public var target: String {
      switch self {
      case .bundleIdentifier(let target), .productName(let target): target
      }
    }
  }

  /// Which of `targets` (of the project at `path`) `built` was built from: the one target whose
  /// bundle identifier is the built app's, else the one whose product name is its bundle's name;
  /// nil when none or several do. Targets are read without their images; one that cannot be read
  /// matches nothing.
  public static func target(
    building built: AppIcons, among targets: [String], at path: URL, configuration: String?
  ) -> TargetMatch? {
    var read: [(name: String, app: AppIcons)] = []
    for name in targets {
      if let app = try? readDeferringImages(at: path, target: name, configuration: configuration)
        .icons
      {
        read.append((name, app))
      }
    }
    if let identifier = built.bundleIdentifier {
      let found = read.filter { $0.app.bundleIdentifier == identifier }
      if found.count == 1 { return .bundleIdentifier(target: found[0].name) }
      if found.count > 1 {
        // Several share it (flavours of one app): the product name may still tell them apart.
        let narrowed = found.filter { $0.app.productName == built.productName }
        return narrowed.count == 1 ? .bundleIdentifier(target: narrowed[0].name) : nil
      }
    }
    if let product = built.productName {
      let found = read.filter { $0.app.productName == product }
      if found.count == 1 { return .productName(target: found[0].name) }
    }
    return nil
  }
}
