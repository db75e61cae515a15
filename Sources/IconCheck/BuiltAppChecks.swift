import FoundationEssentials
import IconCatalog

/// Where a finding points: a file, and a line or (in a file without lines: a built app's binary
/// Info.plist, its `Assets.car`) the key path or rendition within it.
struct FindingPlace: Equatable {
  var file: String?
  var line: Int?
  var within: String?

  init(file: String?, line: Int? = nil, within: String? = nil) {
    self.file = file
    self.line = line
    self.within = within
  }

  /// A declaration the model gives: its line, or in a built app its key path.
  init(_ place: DeclarationPlace) {
    self.init(
      file: place.file, line: place.line, within: place.keyPath.map(BuiltAppChecks.keyPathText))
  }
}

/// What the rules about what ships share about a compiled asset catalog (`AppIcons.compiledAppIcons`,
/// which only a built app has: nil for a prediction, so each of these finds nothing there) and
/// key paths: the car's set of an icon, its App Store image, and places within the car. The rules
/// themselves are one body each (`IconChecks`, `SizeChecks`, `DeclarationChecks`, ...); on a built
/// app their fix says what to change in the project, as the built app is only what shows it.
enum BuiltAppChecks {
  /// `CFBundleIcons → CFBundleAlternateIcons → Blue`.
  static func keyPathText(_ path: [String]) -> String {
    path.map { MessageText.escaped($0) }.joined(separator: " → ")
  }

  /// The compiled app icon that holds `icon`'s images, when the car has one.
  static func compiledSet(of icon: AppIcon, in app: AppIcons) -> CompiledAppIcons.IconSet? {
    app.compiledAppIcons?.set(named: icon.assetName ?? icon.name)
  }

  /// True when the car holds an image for `icon`: its app icon, or on tvOS (whose app icons are
  /// brand assets' image stacks, not multisize sets) any asset of its name.
  static func hasCompiledImage(_ icon: AppIcon, in app: AppIcons) -> Bool {
    if compiledSet(of: icon, in: app) != nil { return true }
    guard app.platform != .iOS, let facets = app.compiledAppIcons?.facets else { return false }
    let name = (icon.assetName ?? icon.name).lowercased()
    return facets.contains { $0.lowercased() == name }
  }

  /// Where a finding about a compiled icon points: `Assets.car`, at the asset (and the image).
  static func carPlace(_ set: CompiledAppIcons.IconSet, in app: AppIcons, image: String? = nil)
    -> FindingPlace
  {
    FindingPlace(
      file: app.compiledAppIcons?.file,
      within: MessageText.escaped(set.name) + (image.map { ", \($0)" } ?? ""))
  }

  // MARK: no-app-store-icon, marketing-icon-alpha

  /// `no-app-store-icon` (ITMS-90704): the primary's compiled set has iOS images but no 1024×1024
  /// App Store one (ios-marketing, or the single-size universal image). An Icon Composer icon is
  /// drawn at 1024 by actool.
  static func appStoreIcon(_ app: AppIcons) -> [Diagnostic] {
    // A thinned car holds one device's images, never the App Store one (`thinned-build`).
    guard app.platform == .iOS, app.build.thinnedFor == nil,
      let set = compiledSet(of: app.primary, in: app),
      !set.isIconComposer,
      set.images.contains(where: { ["iphone", "ipad", "universal"].contains($0.idiom) }),
      marketingImage(of: set) == nil
    else { return [] }
    let place = carPlace(set, in: app)
    return [
      Diagnostic(
        id: .noAppStoreIcon, file: place.file, within: place.within,
        message:
          "the primary icon \"\(MessageText.escaped(set.name))\" in Assets.car has no 1024×1024 App Store image (an ios-marketing or single-size universal rendition); App Store Connect flags the upload (ITMS-90704: \"Missing App Store Icon\")",
        fix:
          "In the project, add a 1024×1024 PNG to the set's App Store (ios-marketing) or single-size slot, then build again."
      )
    ]
  }

  // MARK: thinned-build

  /// `thinned-build`: a note, once, that the car was built for one device (a debug or
  /// `flutter run` build, an App Store variant), so the sizes of other devices and the App Store
  /// image are not in it and the size rules (`primary-missing-size`, `alternate-missing-size`,
  /// `no-app-store-icon`) do not judge it.
  static func thinnedBuild(_ app: AppIcons) -> [Diagnostic] {
    guard let thinning = app.build.thinnedFor else { return [] }
    let made = app.build.description.map { "\($0); " } ?? ""
    return [
      Diagnostic(
        id: .thinnedBuild, file: app.compiledAppIcons?.file, within: "EXTENDED_METADATA",
        message:
          "built for one device, \(thinning.description): sizes for other devices are not in it (\(made)its car's thinning: \(MessageText.escaped(thinning.arguments))), so the icon sizes and the App Store image are not checked",
        fix:
          "Check an archive or an .ipa exported for the App Store (not thinned), or the project, to judge the sizes.",
        isNote: true)
    ]
  }

  /// The App Store image of a compiled set: 1024 pixels at @1x, ios-marketing or universal, in the
  /// any appearance.
  static func marketingImage(of set: CompiledAppIcons.IconSet) -> CompiledAppIcons.Image? {
    set.images.first {
      $0.pixels == 1024 && $0.scale == 1 && $0.appearance == "any"
        && ["ios-marketing", "universal"].contains($0.idiom)
    }
  }

  /// `marketing-icon-alpha` on a built app: the App Store image is in `Assets.car`, whose pixels
  /// iconpick does not decode, so the transparency rule cannot judge it. A note says so: not a
  /// pass, and not a failure.
  static func marketingIconNotVerified(_ app: AppIcons) -> [Diagnostic] {
    guard app.platform == .iOS, let set = compiledSet(of: app.primary, in: app),
      let image = marketingImage(of: set)
    else { return [] }
    let place = carPlace(set, in: app, image: image.description)
    return [
      Diagnostic(
        id: .marketingIconAlpha, file: place.file, within: place.within,
        message:
          "the 1024×1024 App Store image of the primary icon \"\(MessageText.escaped(set.name))\" (\(MessageText.escaped(image.name))) was not checked for transparency (ITMS-90717): it is compiled into Assets.car, whose pixels iconpick does not decode",
        fix:
          "Run `iconpick check` on the project, which reads the source image, or make sure that image has no alpha channel.",
        isNote: true)
    ]
  }
}
