import FoundationEssentials
import IconCatalog
import IconRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The checks of `iconpick check` for Icon Composer `.icon` bundles (Xcode 26): that `icon.json`
/// is what Icon Composer writes, that each layer's image is in the bundle's `Assets/` folder and
/// is the image its name says, and what Xcode 26's asset compiler (actool) trips on.
///
/// Ids: `icon-json-invalid`, `icon-no-artwork`, `icon-layer-without-image`,
/// `icon-layer-missing-image`, `icon-unsafe-image-name`, `icon-layer-wrong-format`,
/// `icon-bad-color`, `icon-incomplete-object`, `icon-unknown-value`, `icon-wrong-type` (errors);
/// `icon-crashes-actool`, `icon-no-ios`, `icon-all-hidden`, `icon-unused-asset`, `icon-svg-text`,
/// `icon-svg-unsupported`
/// (warnings). `icon-and-appiconset-same-name` is `ProjectChecks`'.
///
/// Like the other checks, nothing here throws or traps on a bad bundle: what cannot be read is
/// reported, and the other checks go on.
public enum IconComposerChecks {
  /// Every problem of these bundles, bundle by bundle; a bundle listed twice is checked once.
  public static func diagnose(bundles: [URL]) -> [Diagnostic] {
    var seen = Set<String>()
    return bundles.filter { seen.insert($0.standardizedFileURL.path).inserted }.flatMap {
      diagnose(bundle: $0)
    }
  }

  /// Every problem of one `.icon` bundle.
  public static func diagnose(bundle: URL) -> [Diagnostic] {
    let bundle = URL(fileURLWithPath: bundle.standardizedFileURL.path, isDirectory: true)
    let read: (document: IconComposerDocument, problems: [IconComposerProblem])
    do {
      read = try IconComposerBundle.read(bundle)
    } catch {
      return [invalidJSON(error, bundle: bundle)]
    }
    let document = IconComposerBundle.documentURL(bundle)
    let lines = JSONLines(RegularFile.contents(document, limit: FileLimits.iconJSON) ?? Data())
    let place = Place(bundle: bundle, document: document, lines: lines)
    var found = read.problems.map { problem(for: $0, at: place) }
    found += artwork(read.document, problems: read.problems, at: place)
    found += images(read.document, at: place)
    found += platforms(read.document, problems: read.problems, at: place)
    found += unusedAssets(read.document, at: place)
    return found
  }

  /// A bundle and its `icon.json`, with the lines of its paths.
  struct Place {
    var bundle: URL
    var document: URL
    var lines: JSONLines

    /// `Icon Composer icon "Name"`.
    var owner: String {
      "Icon Composer icon \"\(escaped(bundle.deletingPathExtension().lastPathComponent))\""
    }

    func diagnostic(
      _ id: DiagnosticID, path: String?, message: String, fix: String
    ) -> Diagnostic {
      Diagnostic(
        id: id, file: document.path, line: path.flatMap(lines.line(of:)),
        message: "\(owner): \(message)", fix: fix)
    }
  }

  // MARK: icon.json

  /// `icon-json-invalid`: no `icon.json`, or one that is not a JSON object.
  static func invalidJSON(_ error: IconCatalogError, bundle: URL) -> Diagnostic {
    let document = IconComposerBundle.documentURL(bundle)
    let owner =
      "Icon Composer icon \"\(escaped(bundle.deletingPathExtension().lastPathComponent))\""
    let what: String
    var line: Int?
    switch error {
    case .unreadableFile(_, let reason):
      what = "its icon.json cannot be read (\(MessageText.path(reason)))"
    case .invalidIconJSON(_, let reason):
      what = "its icon.json is not valid: \(MessageText.path(reason))"
      line = lineNumber(in: reason) ?? syntaxErrorLine(document)
    default:
      what = MessageText.line(error.description)
    }
    return Diagnostic(
      id: .iconJSONInvalid, file: document.path, line: line,
      message: "\(owner): \(what)",
      fix:
        "Save the icon again from Icon Composer (File > Save), or restore icon.json from version control; every .icon bundle needs a JSON object in icon.json."
    )
  }

  /// "... around line 3, column 7" → 3.
  static func lineNumber(in reason: String) -> Int? {
    number(after: "line ", in: reason).flatMap { $0 > 0 ? $0 : nil }
  }

  /// The line of a JSON syntax error: where json-c stops reading the text JSONDecoder refused
  /// (`JSONSyntaxError`); nil when the file parses, cannot be read, or json-c is not installed.
  static func syntaxErrorLine(_ document: URL) -> Int? {
    guard let data = RegularFile.contents(document, limit: FileLimits.iconJSON),
      data.count <= IconComposerChecks.documentSizeLimit,
      (try? JSONTree.decode(data)) == nil,
      let offset = JSONSyntaxError.offset(in: data)
    else { return nil }
    return JSONSyntaxError.line(of: offset, in: data)
  }

  /// icon.json files larger than this are not looked into for a line.
  static let documentSizeLimit = 4 << 20

  private static func number(after label: String, in text: String) -> Int? {
    guard let range = text.firstRange(ofText: label) else { return nil }
    return Int(text[range.upperBound...].prefix { $0.isASCII && $0.isNumber })
  }

  /// One diagnostic for what `IconComposerDocument.parse` found not as Icon Composer writes it.
  static func problem(for problem: IconComposerProblem, at place: Place) -> Diagnostic {
    let message = MessageText.line(problem.description)
    let resave = "or save the icon again from Icon Composer"
    switch problem.reason {
    case .badColor, .gradientColorCount:
      return place.diagnostic(
        .iconBadColor, path: problem.path, message: message,
        fix:
          "Write colours as Icon Composer does (\"srgb:1.00000,0.50000,0.00000,1.00000\": 4 components, gray: 2) and give a linear-gradient exactly 2, \(resave)."
      )
    case .incomplete:
      return place.diagnostic(
        .iconIncompleteObject, path: problem.path, message: message,
        fix:
          "Add the missing keys (a position needs \"scale\" and \"translation-in-points\", a shadow \"kind\" and \"opacity\", a translucency \"enabled\" and \"value\", a specialization \"value\"), \(resave)."
      )
    case .unknownValue:
      return place.diagnostic(
        .iconUnknownValue, path: problem.path, message: message,
        fix: "Use one of the values listed, \(resave).")
    case .wrongType:
      return place.diagnostic(
        .iconWrongType, path: problem.path, message: message,
        fix: "Write the value as the type shown, \(resave).")
    case .crashesAssetCompiler:
      return place.diagnostic(
        .iconCrashesActool, path: problem.path, message: message,
        fix:
          "If the app is built with Xcode 26, remove \"features\" and write \"specular\" as true or false (Icon Composer 2 writes them; only a newer Xcode reads them)."
      )
    }
  }

  // MARK: Layers

  /// `icon-no-artwork` (no `groups` at all), `icon-layer-without-image` and `icon-all-hidden`.
  static func artwork(
    _ document: IconComposerDocument, problems: [IconComposerProblem], at place: Place
  ) -> [Diagnostic] {
    var found: [Diagnostic] = []
    if !place.lines.contains("groups"), document.groups.isEmpty {
      found.append(
        place.diagnostic(
          .iconNoArtwork, path: nil,
          message: "icon.json has no \"groups\", so the icon has no layers to draw",
          fix:
            "Add the artwork in Icon Composer (drag an SVG or PNG onto the canvas) and save, or restore icon.json from version control."
        ))
    }
    var layers = 0
    var shown = 0
    for (groupIndex, group) in document.groups.enumerated() {
      let groupHidden = group.hidden.value(for: .any) ?? false
      for (layerIndex, layer) in group.layers.enumerated() {
        layers += 1
        if !groupHidden, !(layer.hidden.value(for: .any) ?? false) { shown += 1 }
        let path = "groups[\(groupIndex)].layers[\(layerIndex)]"
        // An image name of the wrong type is reported once, as that.
        guard layer.imageName.isEmpty,
          !problems.contains(where: { $0.path.hasPrefix(path + ".image-name") })
        else { continue }
        let name = layer.name.map { " \"\(escaped($0))\"" } ?? ""
        found.append(
          place.diagnostic(
            .iconLayerWithoutImage, path: path,
            message: "layer\(name) (\(path)) has no \"image-name\", so it has no artwork",
            fix:
              "Give the layer an image from the bundle's Assets folder in Icon Composer, or delete the layer."
          ))
      }
    }
    if layers > 0, shown == 0 {
      found.append(
        place.diagnostic(
          .iconAllHidden, path: "groups",
          message: "every layer is hidden, so the icon shows only its background",
          fix: "Show at least one layer or group in Icon Composer (uncheck Hidden) and save."))
    }
    return found
  }

  /// `icon-unsafe-image-name`, `icon-layer-missing-image`, `icon-layer-wrong-format` and
  /// `icon-svg-text`, for every image a layer names, in any appearance or idiom.
  static func images(_ document: IconComposerDocument, at place: Place) -> [Diagnostic] {
    let names = document.imageNames
    guard !names.isEmpty else { return [] }
    let assets = place.bundle.appendingPathComponent(
      IconComposerBundle.assetsFolder, isDirectory: true)
    let baseNames = Set(document.groups.flatMap(\.layers).compactMap(\.imageName.base))
    var found: [Diagnostic] = []
    var missing: [String] = []
    for name in names {
      let line = IconChecks.lineNaming(name, key: "image-name", in: place.document)
      if let why = unsafe(name) ?? escapes(name, bundle: place.bundle) {
        found.append(
          Diagnostic(
            id: .iconUnsafeImageName, file: place.document.path, line: line,
            message: "\(place.owner): image name \"\(escaped(name))\" \(why)",
            fix:
              "Name a file directly inside the bundle's Assets folder (a plain file name, no / or ..), copying the image there."
          ))
        continue
      }
      // Found as a Mac finds it; a name spelled otherwise than its file is `include-case`'s.
      let file =
        IconComposerBundle.findAsset(place.bundle, imageName: name)?.url
        ?? IconComposerBundle.assetURL(place.bundle, imageName: name)
      var isFolder = false
      guard ReadDisk.exists(file.path, isFolder: &isFolder) else {
        missing.append(name)
        let only =
          baseNames.contains(name) ? "" : " (named only in an image-name-specializations entry)"
        found.append(
          Diagnostic(
            id: .iconLayerMissingImage, file: place.document.path,
            line: line,
            message:
              "\(place.owner): layer image \"\(escaped(name))\"\(only) is not in its Assets folder",
            fix:
              "Add \(escaped(name)) to \(escaped(place.bundle.lastPathComponent))/Assets/, or pick an image that is there for the layer in Icon Composer."
          ))
        continue
      }
      found += layerFile(file, name: name, isFolder: isFolder, at: place)
    }
    // Without an Assets folder at all every image is missing: said once, not per image.
    var isFolder = false
    if !missing.isEmpty, missing.count == names.count,
      !ReadDisk.exists(assets.path, isFolder: &isFolder)
        || !isFolder
    {
      found.removeAll { $0.id == .iconLayerMissingImage }
      found.append(
        Diagnostic(
          id: .iconLayerMissingImage, file: place.bundle.path,
          message:
            "\(place.owner) has no Assets folder, so its layer images (\(names.map { escaped($0) }.joined(separator: ", "))) are all missing",
          fix:
            "Restore the bundle's Assets folder with its images (it may be missing from version control), or save the icon again from Icon Composer."
        ))
    }
    return found
  }

  /// Why a name cannot be a file directly in `Assets/`, or nil.
  static func unsafe(_ name: String) -> String? {
    if name.isEmpty { return "is empty" }
    if name.hasPrefix("/") { return "is an absolute path" }
    if name == "." || name == ".." { return "names a folder, not a file in Assets" }
    if name.split(separator: "/").contains("..") { return "climbs out of the Assets folder (..)" }
    if name.contains("/") || name.contains("\\") {
      return "holds a path separator: Icon Composer names files directly in Assets"
    }
    if name.unicodeScalars.contains(where: MessageText.isControl) {
      return "holds control characters"
    }
    return nil
  }

  /// Why the file a safe name refers to lies outside the bundle (a symbolic link out of it, of the
  /// file or of `Assets/`), or nil.
  static func escapes(_ name: String, bundle: URL) -> String? {
    guard let file = IconComposerBundle.findAsset(bundle, imageName: name)?.url else {
      return nil
    }
    let root = bundle.resolvingSymlinksInPath().path
    let target = file.resolvingSymlinksInPath().path
    guard !target.hasPrefix(root + "/") else { return nil }
    return
      "is a symbolic link to \(escaped(target)), outside the bundle: actool copies only what is inside it"
  }

  /// `icon-layer-wrong-format`, `icon-svg-text` and `icon-svg-unsupported` for one layer image that
  /// exists.
  static func layerFile(_ file: URL, name: String, isFolder: Bool, at place: Place)
    -> [Diagnostic]
  {
    func wrongFormat(_ what: String, fix: String) -> [Diagnostic] {
      [
        Diagnostic(
          id: .iconLayerWrongFormat, file: file.path,
          message: "\(escaped(name)), a layer image of \(place.owner), \(what)", fix: fix)
      ]
    }
    if isFolder {
      return wrongFormat(
        "is a folder, not an image", fix: "Put the layer's SVG or PNG file there in its place.")
    }
    let head: [UInt8]
    do {
      head = try RegularFile.prefix(file.path, count: ImageFormat.sniffLength)
    } catch {
      return wrongFormat(
        "cannot be read (\(MessageText.escaped(error.reason)))",
        fix: "Make the file a readable image.")
    }
    var format = ImageFormat.sniff(head[...])
    let ext = file.pathExtension.lowercased()
    if format == .gitLFSPointer {
      return wrongFormat(
        "is a Git LFS pointer, not the image: run `git lfs pull`",
        fix: "Run `git lfs pull` to fetch the real image, then check again.")
    }
    // An SVG whose `<svg` comes after a long prolog (comments, a doctype) is still one.
    var svg: SVGText?
    if format == .unknown || format == .svg, ext == "svg" || format == .svg {
      svg = SVGText(file: file)
      if svg?.isSVG == true { format = .svg }
    }
    let expected = IconChecks.expectedFormats(forExtension: ext)
    if format == .empty || format == .unknown || (expected.map { !$0.contains(format) } ?? false) {
      let what: String
      switch format {
      case .empty: what = "is an empty file, not an image"
      case .unknown where ext == "svg":
        what = "is not an SVG: it does not open with XML markup holding an <svg> element"
      case .unknown: what = "is not an image of a known format"
      default:
        let wanted = expected.map { IconChecks.article($0[0]) } ?? "an image"
        what = "is \(IconChecks.article(format)), not \(wanted) as its extension .\(ext) says"
      }
      return wrongFormat(
        what,
        fix:
          "Export the layer again as a real \(expected.map { $0[0].name } ?? "SVG or PNG") file and replace it in Assets."
      )
    }
    if format == .png {
      do {
        _ = try PNGHeader.read(file: file)
      } catch {
        return wrongFormat(
          "is a damaged PNG (\(MessageText.line(error.description)))",
          fix: "Export the layer again as a PNG file and replace it in Assets.")
      }
    }
    guard let svg else { return [] }
    var found: [Diagnostic] = []
    if let textLine = svg.textLine {
      found.append(
        Diagnostic(
          id: .iconSVGText, file: file.path, line: textLine,
          message:
            "\(escaped(name)), a layer image of \(place.owner), draws <text>: its font is whatever the machine that builds (or previews) the icon has, or none",
          fix: "Convert the text to outlines (paths) in your drawing app and export the SVG again."
        ))
    }
    for approximation in svg.unsupported {
      found.append(
        Diagnostic(
          id: .iconSVGUnsupported, file: file.path,
          message:
            "\(escaped(name)), a layer image of \(place.owner): its \(escaped(approximation)) in iconpick's previews and exports",
          fix:
            "Use the filter primitives of SVG 1.1 (feGaussianBlur, feOffset, feFlood, feComposite, feMerge, ...), or flatten the effect into the artwork."
        ))
    }
    return found
  }

  /// What an SVG file's text says: whether it is SVG markup at all, and where a `<text>` is.
  struct SVGText {
    /// SVG layers are a few kilobytes; only this much is looked at.
    static let readLimit = 4 << 20

    var isSVG = false
    var textLine: Int?
    /// What librsvg cannot draw, even rewritten (`SVGFilterRewrite`), one line each.
    var unsupported: [String] = []

    init(file: URL) {
      guard let data = try? RegularFile.prefix(file.path, count: Self.readLimit) else { return }
      var bytes = [UInt8](data)[...]
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
      bytes = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
      guard bytes.first == UInt8(ascii: "<") else { return }
      let text = String(decoding: bytes, as: UTF8.self)
      isSVG = text.firstRange(ofASCIICaseInsensitive: "<svg") != nil
      guard isSVG else { return }
      unsupported =
        SVGFilterRewrite.rewrite(Array(bytes)).approximations
        + SVGFonts.missing(in: Array(bytes)).map(\.note)
      var number = 1 + data.prefix(data.count - bytes.count).filter { $0 == 0x0A }.count
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if Self.opensText(line) {
          textLine = number
          return
        }
        number += 1
      }
    }

    /// `<text>`, `<text x=…>`, `<svg:text …>`; not `<textPath>` alone or `<textarea>`.
    static func opensText(_ line: Substring) -> Bool {
      var rest = line[...]
      while let range = rest.firstRange(ofASCIICaseInsensitive: "text") {
        let before = rest[..<range.lowerBound]
        let after = rest[range.upperBound...].first
        let opens = before.hasSuffix("<") || before.hasSuffix("<svg:")
        if opens, after == nil || after == ">" || after == "/" || after!.isWhitespace {
          return true
        }
        rest = rest[range.upperBound...]
      }
      return false
    }
  }

  // MARK: The bundle

  /// `icon-no-ios`: supported platforms that leave out iOS, so the icon is not drawn for iPhone.
  static func platforms(
    _ document: IconComposerDocument, problems: [IconComposerProblem], at place: Place
  ) -> [Diagnostic] {
    guard let platforms = document.supportedPlatforms, !platforms.includesIOS,
      !problems.contains(where: { $0.path.hasPrefix("supported-platforms") })
    else { return [] }
    let squares: String
    switch platforms.squares {
    case .shared?: squares = "shared"
    case .platforms(let names)?: squares = "[\(names.map { escaped($0) }.joined(separator: ", "))]"
    case nil: squares = "none"
    }
    return [
      place.diagnostic(
        .iconNoIOS, path: "supported-platforms",
        message:
          "supported-platforms has no iOS squares (squares: \(squares)), so Xcode draws no iPhone or iPad icon from it",
        fix:
          "Turn on iOS in Icon Composer's document settings (squares \"shared\", or a list naming iOS) and save."
      )
    ]
  }

  /// `icon-unused-asset`: a file in `Assets/` that no layer names, in any appearance.
  static func unusedAssets(_ document: IconComposerDocument, at place: Place) -> [Diagnostic] {
    let assets = place.bundle.appendingPathComponent(
      IconComposerBundle.assetsFolder, isDirectory: true)
    guard let items = ReadDisk.names(inFolder: assets.path) else {
      return []
    }
    let used = Set(document.imageNames)
    return items.sorted().filter { !$0.hasPrefix(".") && !used.contains($0) }.map { item in
      Diagnostic(
        id: .iconUnusedAsset, file: assets.appendingPathComponent(item, isDirectory: false).path,
        message:
          "\"\(escaped(item))\" in the Assets folder of \(place.owner) is used by no layer",
        fix: "Delete it from the bundle's Assets folder, or use it in a layer in Icon Composer.")
    }
  }

  static func escaped(_ text: String) -> String { MessageText.escaped(text) }
}
