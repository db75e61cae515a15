import FoundationEssentials
import IconCatalog
import IconRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `primary-missing-size` and `alternate-missing-size`: the icon sizes App Store Connect requires
/// of the primary (ITMS-90022, ITMS-90023) and recommends for alternates (ITMS-90890,
/// ITMS-90892): a 120×120 iPhone image, and for an app that runs on iPad 152×152 and 167×167
/// iPad images. A single-size set (one 1024×1024 universal iOS image) and an Icon Composer `.icon`
/// give actool every size.
enum SizeChecks {
  /// An app icon slot: `points` at @2x, `pixels` along a side.
  struct Need {
    var pixels: Int
    var points: Double
    var idiom: String
    var slot: String
  }

  static let iPhone = need(IconFix.Size.iPhoneRequired[0])
  static let iPad = IconFix.Size.iPadRequired.map(need)

  static func need(_ size: IconFix.Size) -> Need {
    let points = size.points.rounded() == size.points ? "\(Int(size.points))" : "\(size.points)"
    return Need(
      pixels: size.pixels, points: size.points, idiom: size.idiom,
      slot: "\(points)pt @\(size.scale)x")
  }

  /// One body for a project (the predicted app) and for what Xcode built, reading the model: an
  /// icon's sizes come from its images (`missingSizes`), and a finding is put at the compiled
  /// set, the source set, or the icon's declaration (`place`).
  static func diagnose(_ app: AppIcons) -> [Diagnostic] {
    // tvOS has no such sizes. A car that cannot be read is said on its own, not judged; nor is
    // a car thinned for one device, which `thinned-build` says.
    guard app.platform == .iOS, app.compiledAppIconsProblem == nil, app.build.thinnedFor == nil
    else { return [] }
    let needs = needs(app.deviceFamilies)
    var headers: [String: PNGHeader?] = [:]
    var found: [Diagnostic] = []
    for icon in app.allIcons {
      let compiled = BuiltAppChecks.compiledSet(of: icon, in: app)
      guard
        let missing = missingSizes(
          of: icon, compiled: compiled, needs: needs, in: app, headers: &headers),
        !missing.isEmpty
      else { continue }
      let place = compiled.map { BuiltAppChecks.carPlace($0, in: app) } ?? location(icon, in: app)
      var diagnostic = diagnostic(
        icon, missing: missing, family: app.deviceFamilies, builtApp: app.isBuiltArtifact)
      (diagnostic.file, diagnostic.line, diagnostic.within) = (place.file, place.line, place.within)
      if !app.isBuiltArtifact {
        diagnostic.autofix = missingSizesFix(icon, missing: missing, headers: &headers)
      }
      found.append(diagnostic)
    }
    return found
  }

  /// The needs `icon`'s images do not fill; nil when it is not judged: no image at all
  /// (primary-not-found's or alternate-without-image's), an image that gives every size, or a
  /// loose file that cannot be measured (a Git LFS pointer, a JPEG: it may be any size).
  /// A project's images are its sets' slots and its loose files (by their PNG headers); a built
  /// app's are its `Assets.car`'s compiled set (that idiom, or universal, at @2x, of that many
  /// pixels) and its loose PNGs (by their pixels, CgBI ones included).
  static func missingSizes(
    of icon: AppIcon, compiled: CompiledAppIcons.IconSet?, needs: [Need], in app: AppIcons,
    headers: inout [String: PNGHeader?]
  ) -> [Need]? {
    guard app.isBuiltArtifact else {
      guard !icon.files.isEmpty, !coversEverySize(icon) else { return nil }
      guard icon.files.filter({ !isInSet($0) }).allSatisfy({ header($0, &headers) != nil })
      else { return nil }
      var missing: [Need] = []
      for need in needs where !has(need, icon, headers: &headers) { missing.append(need) }
      return missing
    }
    guard !icon.files.isEmpty || compiled != nil else { return nil }
    if let compiled, compiled.isIconComposer || compiled.images.contains(where: isSingleSize) {
      return nil
    }
    let loose = app.builtRenditions(of: icon, car: nil)
    guard loose.allSatisfy({ $0.pixels != nil }) else { return nil }
    return needs.filter { need in
      let inCar =
        compiled?.images.contains {
          [need.idiom, "universal"].contains($0.idiom) && $0.scale == 2
            && $0.pixels == need.pixels && $0.appearance == "any"
        } ?? false
      return !inCar && !loose.contains { $0.pixels == need.pixels && $0.appearance == "any" }
    }
  }

  /// The missing sizes, each to be made from the icon's largest image: the largest square PNG
  /// of the light appearance. None when no image is as large as the largest missing size (the
  /// fix never upscales). `set` is the `.appiconset` the images are in, nil for loose files.
  static func missingSizesFix(
    _ icon: AppIcon, missing: [Need], headers: inout [String: PNGHeader?]
  ) -> IconFix? {
    guard let needed = missing.map(\.pixels).max() else { return nil }
    var largest = 0
    for rendition in icon.renditions where rendition.kind == .image && rendition.appearance == .any
    {
      guard let file = rendition.file, ArchivedFiles.fileExists(file),
        let header = header(file, &headers), header.width == header.height
      else { continue }
      largest = max(largest, header.width)
    }
    guard largest >= needed else { return nil }
    let set = icon.renditions.compactMap(\.file).first(where: isInSet)?
      .deletingLastPathComponent().path
    return .addMissingSizes(
      icon: icon.name, set: set,
      sizes: missing.map { IconFix.Size(idiom: $0.idiom, points: $0.points, scale: 2) })
  }

  /// The slots the device families need.
  static func needs(_ family: [Int]) -> [Need] {
    (family.contains(1) ? [iPhone] : []) + (family.contains(2) ? iPad : [])
  }

  /// The single-size image of a compiled set: 1024 pixels, universal, @1x.
  static func isSingleSize(_ image: CompiledAppIcons.Image) -> Bool {
    image.idiom == "universal" && image.pixels == 1024 && image.scale == 1
      && image.appearance == "any"
  }

  /// A single-size iOS image or an Icon Composer bundle.
  static func coversEverySize(_ icon: AppIcon) -> Bool {
    icon.renditions.contains { rendition in
      guard let file = rendition.file, rendition.appearance == .any,
        ArchivedFiles.fileExists(file)
      else { return false }
      if rendition.kind == .iconComposer { return true }
      return rendition.idiom == "universal" && (rendition.platform ?? "ios") == "ios"
        && rendition.pointSize == 1024 && rendition.scale == 1
    }
  }

  /// True when an image fills the need: that slot in a set, naming a file (one that is missing
  /// is missing-file's), or a loose `CFBundleIconFiles` file of that many pixels (read
  /// from its header).
  static func has(_ need: Need, _ icon: AppIcon, headers: inout [String: PNGHeader?]) -> Bool {
    icon.renditions.contains { rendition in
      guard rendition.kind == .image, rendition.appearance == .any, let file = rendition.file
      else { return false }
      if isInSet(file) {
        // The app icon slot itself: a 40pt @3x Spotlight image is 120×120 too, but not the icon.
        return [need.idiom, "universal"].contains(rendition.idiom)
          && rendition.pointSize == need.points && rendition.scale == 2
      }
      guard ArchivedFiles.fileExists(file) else { return false }
      return header(file, &headers).map { $0.width == need.pixels && $0.height == need.pixels }
        ?? false
    }
  }

  /// The PNG header of `file`, read once.
  static func header(_ file: URL, _ headers: inout [String: PNGHeader?]) -> PNGHeader? {
    if let known = headers[file.path] { return known }
    let header = try? PNGHeader.read(file: file)
    headers[file.path] = header
    return header
  }

  static func isInSet(_ file: URL) -> Bool {
    file.deletingLastPathComponent().pathExtension == "appiconset"
  }

  static func diagnostic(
    _ icon: AppIcon, missing: [Need], family: [Int], builtApp: Bool
  ) -> Diagnostic {
    let name = IconChecks.escaped(icon.name)
    let sizes = missing.map {
      "\($0.pixels)×\($0.pixels) \($0.idiom == "ipad" ? "iPad" : "iPhone") (\($0.slot))"
    }
    let list =
      sizes.count == 1
      ? sizes[0] : sizes.dropLast().joined(separator: ", ") + " and " + sizes.last!
    let iPadMissing = missing.contains { $0.idiom == "ipad" }
    let iPhoneMissing = missing.contains { $0.idiom == "iphone" }
    let codes: [String]
    if icon.isPrimary {
      codes = (iPhoneMissing ? ["ITMS-90022"] : []) + (iPadMissing ? ["ITMS-90023"] : [])
    } else {
      codes = (iPhoneMissing ? ["ITMS-90890"] : []) + (iPadMissing ? ["ITMS-90892"] : [])
    }
    let why =
      !iPadMissing
      ? ""
      : builtApp
        ? ", and the built app runs on iPad (UIDeviceFamily includes 2)"
        : ", and TARGETED_DEVICE_FAMILY includes iPad (2)"
    let inBuilt = builtApp ? " in the built app (Assets.car and loose files)" : ""
    let owner = icon.isPrimary ? "the primary icon \"\(name)\"" : "alternate icon \"\(name)\""
    let consequence =
      icon.isPrimary
      ? "App Store Connect rejects the upload (\(codes.joined(separator: ", ")): \"Missing required icon file\")"
      : "App Store Connect warns on upload (\(codes.joined(separator: ", ")): \"Missing recommended icon\")"
    let pngs = missing.map { "a \($0.pixels)×\($0.pixels) PNG" }.joined(separator: ", ")
    // Loose files (CFBundleIconFiles) have no slots: Xcode copies them as they are.
    let isLoose = !builtApp && !icon.renditions.contains { $0.file.map(isInSet) ?? false }
    let fix =
      isLoose
      ? "Add \(pngs) to the files CFBundleIconFiles names for this icon (Xcode copies loose icon files as they are and makes no other size), or move the icon into an app icon set: a single-size one needs only one 1024×1024 image."
      : (builtApp ? "In the project, add " : "Add ")
        + "\(pngs) to those slots, or make the set single-size: one 1024×1024 universal iOS image, from which Xcode makes every size"
        + (builtApp ? "; then build again." : ".")
    return Diagnostic(
      id: icon.isPrimary ? .primaryMissingSize : .alternateMissingSize, file: nil,
      message: "\(owner) has no \(list) image\(inBuilt)\(why); \(consequence)",
      fix: fix)
  }

  /// The set's Contents.json at its `images` line; else, for loose files, the icon's declaration
  /// (when the reading gave it) or its first image file.
  static func location(_ icon: AppIcon, in app: AppIcons) -> FindingPlace {
    if let inSet = icon.renditions.compactMap(\.file).first(where: isInSet) {
      let contents = inSet.deletingLastPathComponent().appendingPathComponent("Contents.json")
      let line = RegularFile.contents(contents, limit: FileLimits.contentsJSON).flatMap {
        JSONLines($0).line(of: "images")
      }
      return FindingPlace(file: contents.path, line: line)
    }
    if let declared = app.declarationPlace(of: icon) { return FindingPlace(declared) }
    return FindingPlace(file: icon.files.first?.path)
  }
}
