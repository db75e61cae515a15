import FoundationEssentials

/// What a built app's `Assets.car` holds for its icons, in the built app's model: the app icon
/// sets actool compiled (a facet with a multisize set, layout 1010, or an Icon Composer stack or
/// group, 1019/1020) with the size of each image, and every facet's name. `check` judges it
/// (`plist-name-not-in-catalog`, the required sizes, the App Store image) as it judges a
/// project's catalogs.
public struct CompiledAppIcons: Sendable, Equatable {
  /// One image of a compiled app icon (a rendition with pixels).
  public struct Image: Sendable, Hashable {
    /// `universal`, `iphone`, `ipad`, `ios-marketing`…
    public var idiom: String
    /// Along a side.
    public var pixels: Int
    public var scale: Int
    /// `any`, `dark`, `tinted`, or the car's own name for another appearance.
    public var appearance: String
    /// The CSI header's name, usually the source file's (`Icon-App-60x60@2x.png`).
    public var name: String

    public init(idiom: String, pixels: Int, scale: Int, appearance: String, name: String) {
      self.idiom = idiom
      self.pixels = pixels
      self.scale = scale
      self.appearance = appearance
      self.name = name
    }

    /// `iphone 120×120 @2x`, `ios-marketing 1024×1024 @1x dark`: how a finding names it.
    public var description: String {
      "\(idiom) \(pixels)×\(pixels) @\(scale)x" + (appearance == "any" ? "" : " \(appearance)")
    }
  }

  /// One compiled app icon: the facet of a set or `.icon` bundle.
  public struct IconSet: Sendable, Equatable {
    public var name: String
    public var isIconComposer: Bool
    public var images: [Image]

    public init(name: String, isIconComposer: Bool, images: [Image]) {
      self.name = name
      self.isIconComposer = isIconComposer
      self.images = images
    }
  }

  /// The car's path (inside an `.ipa`, the `.ipa`'s path followed by the entry's).
  public var file: String
  public var sets: [IconSet]
  /// Every facet (asset) name, app icons or not.
  public var facets: [String]

  public init(file: String, sets: [IconSet], facets: [String]) {
    self.file = file
    self.sets = sets
    self.facets = facets
  }

  /// The app icon named `name`; a name that differs only by case finds it, as actool's lookup of
  /// a set name does (`setting-name-case` is the sources' rule about that).
  public func set(named name: String) -> IconSet? {
    sets.first { $0.name == name } ?? sets.first { $0.name.lowercased() == name.lowercased() }
  }

  /// What `car` holds for app icons.
  public init(car: AssetsCar, file: String) {
    var order: [String] = []
    var composer: Set<String> = []
    var images: [String: [Image]] = [:]
    for rendition in car.renditions {
      guard let facet = rendition.facet else { continue }
      guard rendition.isMultisizeImageSet || rendition.isIconComposer else { continue }
      if images[facet] == nil {
        order.append(facet)
        images[facet] = []
      }
      if rendition.isIconComposer { composer.insert(facet) }
    }
    // Renditions that differ only in what the model does not show (a colour gamut, a subtype)
    // are one image: each image once, in the car's order.
    var seen: [String: Set<Image>] = [:]
    for rendition in car.renditions where rendition.width > 0 {
      guard let facet = rendition.facet, images[facet] != nil else { continue }
      let image = Image(
        idiom: rendition.idiom, pixels: rendition.width, scale: rendition.scale,
        appearance: AppIcons.appearance(named: rendition.appearanceName), name: rendition.name)
      guard seen[facet, default: []].insert(image).inserted else { continue }
      images[facet]?.append(image)
    }
    self.init(
      file: file,
      sets: order.map {
        IconSet(name: $0, isIconComposer: composer.contains($0), images: images[$0] ?? [])
      },
      facets: car.facets.map(\.name))
  }
}

extension AppIcons {
  /// This built app with `compiledAppIcons` read from its `Assets.car`: nil when it has none, and
  /// when the car cannot be read, which `compiledAppIconsProblem` then says. A prediction from
  /// sources is returned as it is: its catalogs are the sources' to judge.
  public func withCompiledAppIcons() -> AppIcons {
    // Read once: the built app's reading does it (`BuiltApp.icons`).
    guard isBuiltArtifact, compiledAppIcons == nil, compiledAppIconsProblem == nil else {
      return self
    }
    do {
      return withCompiledAppIcons(car: try compiledAssetCatalog())
    } catch {
      var app = self
      app.compiledAppIconsProblem = error.description
      app.warnings.append("\(error.description); what it holds is left out")
      return app
    }
  }

  /// This built app with what `car` (its `Assets.car`, already read; nil when it has none)
  /// holds: its compiled app icons, and the device it was thinned for (`build.thinnedFor`).
  public func withCompiledAppIcons(car: AssetsCar?) -> AppIcons {
    guard isBuiltArtifact else { return self }
    var app = self
    if let car {
      app.compiledAppIcons = CompiledAppIcons(
        car: car, file: location.appendingPathComponent("Assets.car", isDirectory: false).path)
      app.build.thinnedFor = car.metadata.flatMap { CarThinning(arguments: $0.thinningArguments) }
    }
    let sets = app.compiledAppIcons?.sets ?? []
    app.appIconAssets = AppIconAssets(
      names: sets.map(\.name), iconComposer: Set(sets.filter(\.isIconComposer).map(\.name)))
    return app
  }
}
