import FoundationEssentials

/// All of an Icon Composer `icon.json`: the background fill and the groups of layers, each
/// property with its appearance and idiom specializations. Groups and layers are in the file's
/// order, which is front first: whoever draws them starts from the end.
public struct IconComposerDocument: Sendable, Equatable, Hashable {
  /// The canvas background (`fill`, `fill-specializations`).
  public var fill: Specialized<IconFill>
  public var groups: [IconComposerGroup]
  public var supportedPlatforms: IconSupportedPlatforms?
  /// `color-space-for-untagged-svg-colors`: `display-p3` when the SVGs' plain colours are P3.
  public var colorSpaceForUntaggedSVGColors: String?

  public init(
    fill: Specialized<IconFill> = Specialized(), groups: [IconComposerGroup] = [],
    supportedPlatforms: IconSupportedPlatforms? = nil, colorSpaceForUntaggedSVGColors: String? = nil
  ) {
    self.fill = fill
    self.groups = groups
    self.supportedPlatforms = supportedPlatforms
    self.colorSpaceForUntaggedSVGColors = colorSpaceForUntaggedSVGColors
  }

  /// Every image file name a layer uses in any appearance or idiom, each once, in file order.
  public var imageNames: [String] {
    var seen = Set<String>()
    return groups.flatMap(\.layers).flatMap { $0.imageName.allValues }.filter {
      seen.insert($0).inserted
    }
  }

  /// The background for `appearance`. In the default look, what is written (else white). In dark
  /// and tinted, only a fill written for dark (or tinted) counts: without one the system paints
  /// its dark background, as the home screen's dark icons have (reference/icon-composer.md, "Root
  /// fill in dark without a dark entry: system-dark").
  public func background(for appearance: IconAppearance, idiom: String? = nil) -> IconFill {
    let written: IconFill?
    if appearance == .any {
      written = fill.value(for: .any, idiom: idiom)
    } else {
      let wanted: [IconAppearance] = appearance == .tinted ? [.tinted, .dark] : [.dark]
      written =
        wanted.lazy.compactMap { wanted in
          fill.entries.first { $0.appearance == wanted && ($0.idiom == nil || $0.idiom == idiom) }?
            .value
        }.first
    }
    switch written ?? .automatic {
    case .automatic:
      // Whatever the light fill (solid, gradient, automatic gradient), dark without a fill of
      // its own is the system's dark background (Icon Composer's exports: docs/icon-composer.md).
      return appearance == .any ? .systemLight : .systemDark
    case let written: return written
    }
  }
}

/// A group of layers that share a position, opacity, blend mode and Liquid Glass effects.
public struct IconComposerGroup: Sendable, Equatable, Hashable {
  public var name: String?
  /// Front first.
  public var layers: [IconComposerLayer]
  public var hidden: Specialized<Bool>
  public var opacity: Specialized<Double>
  public var blendMode: Specialized<IconBlendMode>
  public var position: Specialized<IconPosition>
  public var shadow: Specialized<IconShadow>
  public var translucency: Specialized<IconTranslucency>
  public var specular: Specialized<Bool>
  /// `blur-material`: a strength, or nil written as JSON null (no blur).
  public var blurMaterial: Specialized<Double>
  /// `lighting`: `combined` or `individual`.
  public var lighting: Specialized<String>

  public init(
    name: String? = nil, layers: [IconComposerLayer] = [],
    hidden: Specialized<Bool> = Specialized(),
    opacity: Specialized<Double> = Specialized(),
    blendMode: Specialized<IconBlendMode> = Specialized(),
    position: Specialized<IconPosition> = Specialized(),
    shadow: Specialized<IconShadow> = Specialized(),
    translucency: Specialized<IconTranslucency> = Specialized(),
    specular: Specialized<Bool> = Specialized(),
    blurMaterial: Specialized<Double> = Specialized(), lighting: Specialized<String> = Specialized()
  ) {
    self.name = name
    self.layers = layers
    self.hidden = hidden
    self.opacity = opacity
    self.blendMode = blendMode
    self.position = position
    self.shadow = shadow
    self.translucency = translucency
    self.specular = specular
    self.blurMaterial = blurMaterial
    self.lighting = lighting
  }
}

/// One piece of artwork: an image in the bundle's `Assets/` folder, placed, filled and blended.
public struct IconComposerLayer: Sendable, Equatable, Hashable {
  public var name: String?
  /// The file in `Assets/` (`image-name`, `image-name-specializations`).
  public var imageName: Specialized<String>
  /// A fill replaces the artwork's colours through its alpha; `none` keeps them.
  public var fill: Specialized<IconFill>
  public var position: Specialized<IconPosition>
  public var opacity: Specialized<Double>
  public var blendMode: Specialized<IconBlendMode>
  public var glass: Specialized<Bool>
  public var hidden: Specialized<Bool>

  public init(
    name: String? = nil, imageName: Specialized<String> = Specialized(),
    fill: Specialized<IconFill> = Specialized(),
    position: Specialized<IconPosition> = Specialized(),
    opacity: Specialized<Double> = Specialized(),
    blendMode: Specialized<IconBlendMode> = Specialized(),
    glass: Specialized<Bool> = Specialized(), hidden: Specialized<Bool> = Specialized()
  ) {
    self.name = name
    self.imageName = imageName
    self.fill = fill
    self.position = position
    self.opacity = opacity
    self.blendMode = blendMode
    self.glass = glass
    self.hidden = hidden
  }
}
