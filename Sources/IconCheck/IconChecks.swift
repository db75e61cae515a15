import FoundationEssentials
import IconCatalog
import IconRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Rules about what ships: the icons themselves, their names, the files their renditions name,
/// and what those files hold (listed in `Checker`).
///
/// Every check reads only what `AppIconReader` found; nothing here throws or crashes on a bad file:
/// a file that cannot be read is reported, and the other checks go on.
public enum IconChecks {
  /// Every problem found in `app`'s icons, the primary's first, then each alternate's; an icon's
  /// own findings at its declaration (the model's: a build setting's or Info.plist key's line;
  /// in a built app, the built Info.plist's key path). One body for a project (the predicted app)
  /// and for what Xcode built: the images are the icon's files, and a built app's `Assets.car`
  /// (`compiledAppIcons`); only wording and the App Store image's source switch on the kind.
  static func diagnose(_ app: AppIcons) -> [Diagnostic] {
    let declared = { (icon: AppIcon) -> FindingPlace? in
      app.declarationPlace(of: icon).map(FindingPlace.init)
    }
    var found: [Diagnostic] = []
    found += caseCollisions(app.allIcons, declared: declared)
    for icon in app.allIcons {
      found += noImage(icon, in: app, at: declared(icon))
      if !icon.isPrimary { found += unusualName(icon, at: declared(icon)) }
      found += missingFiles(icon)
      found += imageProblems(icon, builtApp: app.isBuiltArtifact)
      found += appStoreIcon(icon, in: app, at: declared(icon))
    }
    return found
  }

  /// `primary-not-found` and `alternate-without-image`: no image file, and (a built app) no app
  /// icon of the asset's name in `Assets.car`. A car that cannot be read is said on its own.
  static func noImage(_ icon: AppIcon, in app: AppIcons, at place: FindingPlace?) -> [Diagnostic] {
    guard icon.files.isEmpty, !BuiltAppChecks.hasCompiledImage(icon, in: app),
      app.compiledAppIconsProblem == nil
    else { return [] }
    if app.isBuiltArtifact { return builtImage(icon, in: app, at: place) }
    let asset = icon.assetName ?? icon.name
    // Its set is in a catalog the target does not build: catalog-not-in-target says so, and this
    // would say that no set of the name exists.
    if app.appIconAssets?.isOnlyOutsideTarget(asset) == true { return [] }
    // An icon whose only set is an Icon Composer bundle with no artwork: said as such, not as
    // "no set holds one" (the bundle's own findings say what is wrong inside it).
    let bundle = app.appIconAssets?.iconComposer.contains(asset) == true ? asset : nil
    return icon.isPrimary
      ? primaryImage(icon, at: place, bundle: bundle)
      : alternateImage(icon, at: place, bundle: bundle)
  }

  /// The words of `noImage` on a built app: no loose image file and no app icon of the asset's
  /// name in `Assets.car`.
  static func builtImage(_ icon: AppIcon, in app: AppIcons, at place: FindingPlace?)
    -> [Diagnostic]
  {
    let asset = escaped(icon.assetName ?? icon.name)
    let car =
      app.compiledAppIcons == nil
      ? "the app has no Assets.car" : "Assets.car holds no app icon \"\(asset)\""
    let files =
      icon.renditions.isEmpty
      ? "no loose icon files" : "none of the icon files its CFBundleIconFiles names"
    let why = "\(files), and \(car)"
    if icon.isPrimary {
      return [
        Diagnostic(
          id: .primaryNotFound, file: place?.file, line: place?.line, within: place?.within,
          message: app.iconDictionaries.dictionaries.contains { $0.primary != nil }
            ? "the built app's primary icon \"\(asset)\" has no image: \(why)"
            : "the built app has no icon: its Info.plist names no primary icon (no CFBundleIcons → CFBundlePrimaryIcon), it has \(why); App Store Connect rejects the upload (ITMS-90022: \"Missing required icon file\")",
          fix:
            "In the project, add an app icon set named \"\(asset)\" with a 1024×1024 PNG to the target's asset catalog, or set ASSETCATALOG_COMPILER_APPICON_NAME to the set that holds the icon, then build again."
        )
      ]
    }
    return [
      Diagnostic(
        id: .alternateWithoutImage, file: place?.file, line: place?.line, within: place?.within,
        message:
          "alternate icon \"\(escaped(icon.name))\" of the built app has no image: \(why); App Store Connect rejects the upload (ITMS-90032: \"Invalid Image Path\")",
        fix:
          "In the project, add an app icon set named \"\(asset)\" to the target's asset catalog (and list it in ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES), or remove \"\(escaped(icon.name))\" from the alternate icons, then build again."
      )
    ]
  }

  // MARK: Names

  /// `names-differ-only-by-case`: one per group of names equal ignoring case, at the declaration
  /// of the group's second name.
  static func caseCollisions(
    _ icons: [AppIcon], declared: (AppIcon) -> FindingPlace? = { _ in nil }
  ) -> [Diagnostic] {
    var groups: [String: [String]] = [:]
    var order: [String] = []
    for icon in icons {
      let key = icon.name.lowercased()
      if groups[key] == nil { order.append(key) }
      if groups[key, default: []].contains(icon.name) { continue }
      groups[key, default: []].append(icon.name)
    }
    return order.compactMap { key in
      guard let names = groups[key], names.count > 1 else { return nil }
      let quoted = names.map { "\"\(escaped($0))\"" }.joined(separator: " and ")
      let place = icons.first { $0.name == names[1] }.flatMap(declared)
      return Diagnostic(
        id: .namesDifferOnlyByCase, file: place?.file,
        line: place?.line, within: place?.within,
        message:
          "icon names \(quoted) differ only by case; iOS file systems may be case-insensitive",
        fix: "Rename one of them so that the names differ in more than letter case.")
    }
  }

  /// `unusual-name`: leading or trailing white space, or control characters, in an alternate name.
  static func unusualName(_ icon: AppIcon, at place: FindingPlace? = nil) -> [Diagnostic] {
    let name = icon.name
    var problems: [String] = []
    if let first = name.unicodeScalars.first, let last = name.unicodeScalars.last,
      first.isWhitespaceOrNewline || last.isWhitespaceOrNewline
    {
      problems.append("leading or trailing white space")
    }
    if name.unicodeScalars.contains(where: isControl) { problems.append("control characters") }
    guard !problems.isEmpty else { return [] }
    return [
      Diagnostic(
        id: .unusualName, file: place?.file, line: place?.line, within: place?.within,
        message:
          "alternate icon name \"\(escaped(name))\" has \(problems.joined(separator: " and ")), "
          + "which code cannot pass to setAlternateIconName cleanly",
        fix:
          "Rename the icon without leading or trailing spaces or control characters, everywhere it is declared."
      )
    ]
  }

  // MARK: Images present

  /// `primary-not-found`, at the setting or Info.plist key that names the primary.
  static func primaryImage(
    _ icon: AppIcon, at place: FindingPlace? = nil, bundle: String? = nil
  ) -> [Diagnostic] {
    guard icon.files.isEmpty else { return [] }
    return [
      Diagnostic(
        id: .primaryNotFound, file: place?.file, line: place?.line,
        message:
          "the primary icon \"\(escaped(icon.assetName ?? icon.name))\" has no image file: "
          + whyNoImage(
            icon, bundle: bundle, otherwise: "no app icon set or icon file of that name holds one"),
        fix:
          "Add an app icon set named \"\(escaped(icon.assetName ?? icon.name))\" with a 1024×1024 PNG to the asset catalog, or set ASSETCATALOG_COMPILER_APPICON_NAME to the set that holds the icon."
      )
    ]
  }

  /// Why an icon has no image: `otherwise` when nothing names one, else the set whose every
  /// named file is missing (each also reported as missing-file).
  static func whyNoImage(_ icon: AppIcon, bundle: String? = nil, otherwise: String) -> String {
    let named = Set(icon.renditions.compactMap(\.file?.path)).count
    if named == 0, let bundle {
      return "its Icon Composer bundle \"\(escaped(bundle)).icon\" has no layer with an image"
    }
    if named == 0 {
      // An empty set (also empty-set): slots, but no file in any of them.
      let slots = icon.renditions.count { $0.kind == .image }
      guard slots > 0 else { return otherwise }
      return "its icon set has \(slots) slot\(slots == 1 ? "" : "s") but no image file in them"
    }
    return named == 1
      ? "the one file its icon set names is missing"
      : "all \(named) files its icon set names are missing"
  }

  /// `alternate-without-image`, at the setting or Info.plist key that declares the alternate.
  static func alternateImage(
    _ icon: AppIcon, at place: FindingPlace? = nil, bundle: String? = nil
  ) -> [Diagnostic] {
    guard icon.files.isEmpty else { return [] }
    let asset = escaped(icon.assetName ?? icon.name)
    return [
      Diagnostic(
        id: .alternateWithoutImage, file: place?.file,
        line: place?.line,
        message:
          "alternate icon \"\(escaped(icon.name))\" has no image: "
          + whyNoImage(
            icon, bundle: bundle,
            otherwise: "no app icon set \"\(asset)\" and no icon files named \"\(asset)\" hold one"),
        fix:
          "Add an app icon set named \"\(asset)\" to the asset catalog, or remove \"\(escaped(icon.name))\" from the alternate icons."
      )
    ]
  }

  /// `missing-file`: a rendition names a file that is not on disk. Reported at the line of the
  /// document (`Contents.json`, or an Icon Composer bundle's `icon.json`) that names it.
  static func missingFiles(_ icon: AppIcon) -> [Diagnostic] {
    var seen = Set<String>()
    var found: [Diagnostic] = []
    // An Icon Composer bundle is a folder that exists; IconComposerChecks looks inside it.
    for rendition in icon.renditions where rendition.kind == .image {
      guard let file = rendition.file, seen.insert(file.path).inserted,
        !ArchivedFiles.fileExists(file)
      else { continue }
      let name = file.lastPathComponent
      let document = namingDocument(of: file)
      found.append(
        Diagnostic(
          id: .missingFile, file: document?.file.path ?? file.path,
          line: document.flatMap { lineNaming(name, key: $0.key, in: $0.file) },
          message:
            "\(escaped(name)) of icon \"\(escaped(icon.name))\" is named in \(document?.file.lastPathComponent ?? "the icon's configuration") but does not exist",
          fix:
            "Add \(escaped(name)) next to \(document?.file.lastPathComponent ?? "the configuration"), or remove the entry that names it."
        ))
    }
    return found
  }

  /// The JSON document that names `file`, and the key it is named under.
  static func namingDocument(of file: URL) -> (file: URL, key: String)? {
    let folder = file.deletingLastPathComponent()
    if folder.pathExtension == "appiconset" {
      return (folder.appendingPathComponent("Contents.json", isDirectory: false), "filename")
    }
    return nil
  }

  /// The 1-based line of `document` where `key` names `name`; else the first line holding the
  /// name as a JSON string; nil when neither is found or the file cannot be read.
  static func lineNaming(_ name: String, key: String, in document: URL) -> Int? {
    guard let data = RegularFile.contents(document, limit: FileLimits.contentsJSON) else {
      return nil
    }
    let lines = String(decoding: data, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    var spellings = ["\"\(name)\""]
    if let encoded = try? JSONEncoder().encode(name) {
      spellings.append(String(decoding: encoded, as: UTF8.self))
    }
    func names(_ line: Substring) -> Bool { spellings.contains { line.contains($0) } }
    if let index = lines.firstIndex(where: { $0.contains("\"\(key)\"") && names($0) }) {
      return index + 1
    }
    return lines.firstIndex(where: names).map { $0 + 1 }
  }

  // MARK: What the files hold

  /// `wrong-format`, `not-square`, `wrong-pixel-size` and `alpha-channel`, for the image files that
  /// exist. An Icon Composer bundle is a folder of layers, which IconComposerChecks looks at.
  /// In a project, a `wrong-pixel-size` finding carries the resampling (unsafe) where every slot
  /// that names the file needs one size.
  static func imageProblems(_ icon: AppIcon, builtApp: Bool = false) -> [Diagnostic] {
    var found: [Diagnostic] = []
    var headers: [String: PNGHeader?] = [:]
    for rendition in icon.renditions where rendition.kind == .image {
      guard let file = rendition.file, ArchivedFiles.fileExists(file) else { continue }
      let header: PNGHeader?
      if let known = headers[file.path] {
        header = known
      } else {
        let (read, problems) = inspect(file, icon: icon, rendition: rendition)
        header = read
        headers[file.path] = read
        found += problems
      }
      guard let header, !isImageStackLayer(file) else { continue }
      guard header.width == header.height else { continue }  // not-square covers it
      if let needed = rendition.pixelSize, header.width != needed {
        found.append(
          Diagnostic(
            id: .wrongPixelSize, file: file.path,
            message:
              "\(escaped(file.lastPathComponent)) of icon \"\(escaped(icon.name))\" is \(header.width)×\(header.height) pixels; "
              + "the \(points(rendition.pointSize ?? 0))pt @\(rendition.scale)x slot needs \(needed)×\(needed)",
            fix:
              "Export the image at \(needed)×\(needed) pixels, or move it to the slot of that size.",
            autofix: builtApp ? nil : resampleFix(file, to: needed, in: icon)
          ))
      }
    }
    return found
  }

  /// The file resampled to `pixels`, unless another slot names it at another size (resampling
  /// would break that one).
  static func resampleFix(_ file: URL, to pixels: Int, in icon: AppIcon) -> IconFix? {
    let sizes = Set(
      icon.renditions.filter { $0.kind == .image && $0.file?.path == file.path }.compactMap(
        \.pixelSize))
    guard sizes == [pixels], pixels > 0 else { return nil }
    return .resample(file: file.path, pixels: pixels)
  }

  /// Reads `file` once: its format, and for a PNG its header. Returns the header (nil when it is
  /// not a PNG that can be measured) and the problems of the file itself.
  static func inspect(_ file: URL, icon: AppIcon, rendition: IconRendition) -> (
    PNGHeader?, [Diagnostic]
  ) {
    let name = escaped(file.lastPathComponent)
    let owner = "of icon \"\(escaped(icon.name))\""
    func wrongFormat(_ what: String, fix: String) -> (PNGHeader?, [Diagnostic]) {
      (
        nil,
        [
          Diagnostic(
            id: .wrongFormat, file: file.path,
            message: "\(name) \(owner) \(what)", fix: fix)
        ]
      )
    }
    let format: ImageFormat
    switch sniffedBytes(of: file) {
    case .read(let bytes): format = ImageFormat.sniff(bytes[...])
    case .unreadable(let reason):
      return wrongFormat("cannot be read: \(reason)", fix: "Make the file a readable image file.")
    }
    if format == .gitLFSPointer {
      return wrongFormat(
        "is a Git LFS pointer, not the image: run `git lfs pull`",
        fix: "Run `git lfs pull` to fetch the real image, then check again.")
    }
    let expected = expectedFormats(forExtension: file.pathExtension)
    if format == .empty || format == .unknown || (expected.map { !$0.contains(format) } ?? false) {
      let said = expected == nil ? "" : " as its extension .\(file.pathExtension) says"
      let what: String
      switch format {
      case .empty: what = "is an empty file, not an image"
      case .unknown: what = "is not an image of a known format"
      default:
        what = "is \(article(format)), not \(expected.map { article($0[0]) } ?? "an image")\(said)"
      }
      var result = wrongFormat(
        what,
        fix: "Export the image again as a real \(expected.map { $0[0].name } ?? "PNG") file.")
      if isReadByContentInCatalog(file, format: format) {
        result.1[0].severity = .warning
        result.1[0].message +=
          ": actool reads a catalog's images by their content, so the build works, but tools that trust the extension do not"
      }
      return result
    }
    // An Xcode-crushed PNG from a built app: only Apple's tools decode it, so it is not measured.
    guard format == .png else { return (nil, []) }
    let header: PNGHeader
    do {
      header = try PNGHeader.read(file: file)
    } catch {
      return wrongFormat(
        "is a damaged PNG (\(error.description))",
        fix: "Export the image again as a PNG file.")
    }
    var found: [Diagnostic] = []
    if header.width != header.height, !isImageStackLayer(file) {
      found.append(
        Diagnostic(
          id: .notSquare, file: file.path,
          message: "\(name) \(owner) is \(header.width)×\(header.height) pixels, not square",
          fix: "Export the icon as a square image of the size its slot needs."))
    }
    // Transparency is AlphaChecks', which decodes the pixels.
    return (header, found)
  }

  /// An image of an asset catalog's set in a format actool decodes whatever its extension says:
  /// actool reads catalog images through ImageIO, which goes by the bytes, so a WebP named `.png`
  /// compiles. Evidence: App Store apps whose sets hold WebP files named `.png` and build
  /// (kiwix/kiwix-apple `Support/Assets.xcassets/AppIcon.appiconset`, home-assistant/iOS
  /// `AppIcon.beta.appiconset`, Dimillian/IcySky `AppIcon.appiconset/icon.png`). A loose file is
  /// copied into the app as it is, and stays an error; so do formats no real build has shown.
  static func isReadByContentInCatalog(_ file: URL, format: ImageFormat) -> Bool {
    // Only what real builds show: no evidence yet for JPEG, HEIC or others in an app icon set.
    let seenCompiling: [ImageFormat] = [.webp]
    return seenCompiling.contains(format)
      && file.deletingLastPathComponent().pathExtension.lowercased() == "appiconset"
  }

  /// The first bytes of `file`, enough to tell its format: from the `.ipa` it lies in (read in
  /// place, as the rest of iconpick reads it), else from disk.
  static func sniffedBytes(of file: URL) -> SniffedBytes {
    // Only the first bytes are inflated or read; a FIFO or a device is refused, never waited on.
    do {
      if let archived = try ArchivedFiles.prefix(of: file, count: ImageFormat.sniffLength) {
        return .read(archived)
      }
    } catch {
      return .unreadable(error.reason)
    }
    do {
      return .read(try RegularFile.prefix(file.path, count: ImageFormat.sniffLength))
    } catch {
      return .unreadable(error.reason)
    }
  }

  enum SniffedBytes {
    case read([UInt8])
    case unreadable(String)
  }

  /// The formats a file extension promises, the first the one to name; nil for an extension
  /// that promises none in particular.
  static func expectedFormats(forExtension ext: String) -> [ImageFormat]? {
    switch ext.lowercased() {
    case "png": return [.png, .appleCgBI]
    case "jpg", "jpeg": return [.jpeg]
    case "gif": return [.gif]
    case "heic", "heif": return [.heic]
    case "webp": return [.webp]
    case "tif", "tiff": return [.tiff]
    case "svg": return [.svg]
    default: return nil
    }
  }

  static func article(_ format: ImageFormat) -> String {
    switch format {
    case .heic, .svg: return "an \(format.name)"
    case .appleCgBI: return "a PNG"
    default: return "a \(format.name)"
    }
  }

  /// An image of an iOS app icon slot that must be opaque. Dark icons are meant to be
  /// transparent; macOS, watchOS and Icon Composer images are not iOS app icon slots.
  static func isIOSAppIcon(_ rendition: IconRendition) -> Bool {
    guard rendition.appearance != .dark else { return false }
    switch rendition.idiom {
    case "iphone", "ipad", "ios-marketing": return true
    case "universal": return rendition.platform == nil || rendition.platform == "ios"
    default: return false
    }
  }

  /// A tvOS app icon layer (`X.imagestacklayer/Content.imageset/`): 400×240, by design not square.
  static func isImageStackLayer(_ file: URL) -> Bool {
    let imageSet = file.deletingLastPathComponent()
    return imageSet.lastPathComponent == "Content.imageset"
      && imageSet.deletingLastPathComponent().pathExtension == "imagestacklayer"
  }

  // MARK: App Store

  /// `no-app-store-icon` (ITMS-90704): an icon whose set has iOS images but no 1024×1024 App
  /// Store one: the source set's slots, or in a built app the primary's compiled set in
  /// `Assets.car` (`BuiltAppChecks.appStoreIcon`).
  static func appStoreIcon(_ icon: AppIcon, in app: AppIcons, at place: FindingPlace?)
    -> [Diagnostic]
  {
    if app.isBuiltArtifact { return icon.isPrimary ? BuiltAppChecks.appStoreIcon(app) : [] }
    return appStoreIcon(icon, at: place)
  }

  /// `no-app-store-icon` in a project: an icon whose catalog set has iOS renditions, none of them
  /// 1024×1024. An Icon Composer bundle is drawn at 1024×1024 by actool, App Store image included.
  static func appStoreIcon(_ icon: AppIcon, at place: FindingPlace? = nil) -> [Diagnostic] {
    guard !icon.renditions.contains(where: { $0.kind == .iconComposer }) else { return [] }
    let catalog = icon.renditions.filter { rendition in
      guard let file = rendition.file else { return true }
      return file.deletingLastPathComponent().pathExtension == "appiconset"
    }
    guard catalog.contains(where: isIOSAppIcon) || catalog.contains(where: isIOSDark) else {
      return []
    }
    let hasMarketing = catalog.contains {
      $0.pointSize == 1024 && $0.scale == 1 && ["universal", "ios-marketing"].contains($0.idiom)
    }
    guard !hasMarketing else { return [] }
    let document = catalog.compactMap(\.file).first.flatMap(namingDocument)?.file
    return [
      Diagnostic(
        id: .noAppStoreIcon, file: document?.path ?? place?.file,
        line: document == nil ? place?.line : nil,
        message:
          "icon \"\(escaped(icon.name))\" has no 1024×1024 App Store image (a 1024pt universal or ios-marketing @1x slot)",
        fix: "Add a 1024×1024 PNG to the set's App Store (ios-marketing) or single-size slot.")
    ]
  }

  private static func isIOSDark(_ rendition: IconRendition) -> Bool {
    var any = rendition
    any.appearance = .any
    return rendition.appearance == .dark && isIOSAppIcon(any)
  }

  // MARK: Text

  /// `60` → "60", `83.5` → "83.5".
  static func points(_ size: Double) -> String {
    size == size.rounded() && abs(size) < 1e9 ? String(Int(size)) : String(size)
  }

  /// `name` with control characters spelled out: `\t`, `\n`, `\r`, `\u{7F}`.
  static func escaped(_ name: String) -> String { MessageText.escaped(name) }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool { MessageText.isControl(scalar) }
}
