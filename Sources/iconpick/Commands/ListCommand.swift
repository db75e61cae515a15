import FoundationEssentials
import Glibc
import IconCatalog
import IconState
import PickerScreen

/// `iconpick list [PATH] [--json]`: the icons, the active one marked.
struct ListCommand {
  var options: Options
  var environment: [String: String]

  func run() throws -> ExitStatus {
    let context = try AppContext.load(options, environment: environment)
    let app = context.app
    let choice = try context.switcher.readChoice()
    if let notice = choice.notice { IconpickCommand.printWarning(notice.description) }
    let activeName = choice.alternateIconName ?? app.primary.name
    let icons = app.listedIcons
    for icon in icons where icon.files.isEmpty {
      IconpickCommand.printWarning(Self.noFiles(icon))
    }
    if options.json {
      print(try json(app: app, icons: icons, alternateIconName: choice.alternateIconName))
    } else {
      print(table(app: app, icons: icons, activeName: activeName), terminator: "")
    }
    return .success
  }

  /// Why `icon` has no image files. A set with slots none of which names a file compiles to no
  /// icon: the built app has no `CFBundleIcons` entry for it (`empty-set` in `check`).
  static func noFiles(_ icon: AppIcon) -> String {
    let name = "\"\(MessageText.escaped(icon.name))\""
    let slots = icon.renditions.count
    guard slots > 0, icon.renditions.allSatisfy({ $0.file == nil }) else {
      return "\(name) has no image files: no icon set or loose files were found for it"
    }
    let result =
      icon.isPrimary
      ? "the built app has no CFBundleIcons entry for it and iOS shows a blank icon"
      : "setAlternateIconName fails for it"
    return
      "\(name) has no image files: its icon set has \(slots) slot\(slots == 1 ? "" : "s") and none names a file, so actool makes no icon of it (\(result))"
  }

  private func table(app: AppIcons, icons: [AppIcon], activeName: String) -> String {
    let check = LocaleGlyphs.isUTF8 ? "✓" : "*"
    // Names from the app are escaped and shortened for the terminal (--json has them whole).
    let names = icons.map {
      (display: MessageText.escaped($0.displayName), name: MessageText.escaped($0.name))
    }
    // Padded by terminal columns, so wide (CJK) and combined characters line up.
    let displayWidth = names.map { TextWidth.of($0.display) }.max() ?? 0
    let nameWidth = names.map { TextWidth.of($0.name) }.max() ?? 0
    func padded(_ text: String, to width: Int) -> String {
      text + String(repeating: " ", count: max(0, width - TextWidth.of(text)))
    }
    var output = ""
    for (icon, shown) in zip(icons, names) {
      let mark = icon.name == activeName ? check : " "
      let count = icon.files.count
      var columns = [
        mark,
        padded(shown.display, to: displayWidth),
        padded(shown.name, to: nameWidth),
        count == 0 ? "no files" : count == 1 ? "1 file" : "\(count) files",
      ]
      if let availability = app.availability(of: icon) { columns.append("(\(availability))") }
      output += columns.joined(separator: "  ") + "\n"
    }
    return output
  }

  private struct ListJSON: Encodable {
    struct App: Encodable {
      var name: String
      /// null when the app has none (a bare asset catalog).
      var bundleIdentifier: String?
      var path: String
      /// `iOS` or `tvOS`, and the idioms of the devices it runs on (`iphone`, `ipad`, `tv`).
      var platform: String
      var idioms: [String]
      /// For a built app only (left out for a project): the device its `Assets.car` was thinned
      /// for, null when it holds every device's images.
      var thinnedFor: ThinnedFor??

      struct ThinnedFor: Encodable {
        /// `iPhone`, `iPad`; the idiom as catalogs spell it; the scale and subtype when named.
        var device: String
        var idiom: String
        var scale: Int?
        var subtype: Int?
        /// The car's thinning arguments as written.
        var arguments: String

        init(_ thinning: CarThinning) {
          (device, idiom, scale, subtype) =
            (thinning.deviceName, thinning.idiomName, thinning.scale, thinning.subtype)
          arguments = thinning.arguments
        }

        enum CodingKeys: String, CodingKey { case device, idiom, scale, subtype, arguments }

        func encode(to encoder: Encoder) throws {
          var container = encoder.container(keyedBy: CodingKeys.self)
          try container.encode(device, forKey: .device)
          try container.encode(idiom, forKey: .idiom)
          try container.encode(scale, forKey: .scale)
          try container.encode(subtype, forKey: .subtype)
          try container.encode(arguments, forKey: .arguments)
        }
      }

      enum CodingKeys: String, CodingKey {
        case name, bundleIdentifier, path, platform, idioms, thinnedFor
      }

      func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(bundleIdentifier, forKey: .bundleIdentifier)
        try container.encode(path, forKey: .path)
        try container.encode(platform, forKey: .platform)
        try container.encode(idioms, forKey: .idioms)
        if let thinnedFor { try container.encode(thinnedFor, forKey: .thinnedFor) }
      }
    }
    struct Icon: Encodable {
      var name: String
      var displayName: String
      var primary: Bool
      var active: Bool
      var idioms: [String]
      var files: [String]
      /// For a built app only (left out for a project): the car's renditions and loose files.
      var renditions: [BuiltRendition]?
    }
    var app: App
    var supportsAlternateIcons: Bool
    var alternateIconName: String?
    var icons: [Icon]

    enum CodingKeys: String, CodingKey {
      case app, supportsAlternateIcons, alternateIconName, icons
    }

    // null, not a missing key, says "the primary", as alternateIconName does on iOS.
    func encode(to encoder: Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(app, forKey: .app)
      try container.encode(supportsAlternateIcons, forKey: .supportsAlternateIcons)
      try container.encode(alternateIconName, forKey: .alternateIconName)
      try container.encode(icons, forKey: .icons)
    }
  }

  private func json(app: AppIcons, icons: [AppIcon], alternateIconName: String?) throws -> String {
    let activeName = alternateIconName ?? app.primary.name
    var car: AssetsCar?
    var app = app
    // A car that could not be read is said once, among the reading's warnings.
    if app.isBuiltArtifact, app.compiledAppIconsProblem == nil {
      do {
        car = try app.compiledAssetCatalog()
        app = app.withCompiledAppIcons(car: car)
      } catch {
        IconpickCommand.printWarning("\(error.description); its renditions are left out")
      }
    }
    let document = ListJSON(
      app: .init(
        name: app.appName, bundleIdentifier: app.bundleIdentifier, path: app.location.path,
        platform: app.platform.rawValue, idioms: app.deviceIdioms,
        thinnedFor: app.isBuiltArtifact
          ? .some(app.build.thinnedFor.map(ListJSON.App.ThinnedFor.init)) : nil),
      supportsAlternateIcons: app.supportsAlternateIcons,
      alternateIconName: alternateIconName,
      icons: icons.map { icon in
        return .init(
          name: icon.name, displayName: icon.displayName, primary: icon.isPrimary,
          active: icon.name == activeName && icon.isPrimary == (alternateIconName == nil),
          idioms: icon.idioms, files: icon.files.map(\.path),
          renditions: app.isBuiltArtifact ? app.builtRenditions(of: icon, car: car) : nil)
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Values whole, for scripts; characters that could drive a terminal as JSON escapes.
    return MessageText.jsonSafe(String(decoding: try encoder.encode(document), as: UTF8.self))
  }
}

/// Whether the user's locale can show Unicode marks.
enum LocaleGlyphs {
  static let isUTF8: Bool = {
    setlocale(LC_ALL, "")
    return String(cString: nl_langinfo(nl_item(CODESET))).uppercased() == "UTF-8"
  }()
}
