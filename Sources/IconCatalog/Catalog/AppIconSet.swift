import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads an `.appiconset/Contents.json` into renditions: the legacy list of sizes, the single 1024 pt
/// universal form, and `appearances` (dark, tinted).
enum AppIconSet {
  static func renditions(in folder: URL) throws(IconCatalogError) -> [IconRendition] {
    try read(folder).renditions
  }

  /// Whether actool compiles an icon from a set of these renditions (`read`'s, the entries it
  /// keeps): some entry names a file. Where none does, actool says the set "did not have any
  /// applicable content" and generates nothing: real builds of an app whose primary set has 18
  /// slots and no file (Xcode 11, Xcode 15) have no `CFBundleIcons`. `check`'s `empty-set` is
  /// this fact.
  static func hasContent(_ renditions: [IconRendition]) -> Bool {
    renditions.contains { $0.file != nil }
  }

  /// `hasContent` of the renditions `read(folder, contents:)` gives, and its error where it
  /// throws one, without making them: no URL per file and no listing of the folder (which only
  /// respells a file found by ignoring case: never whether an entry has one). The picker asks
  /// this of every set before its first screen.
  static func hasContent(_ contents: Contents?, in folder: URL) throws(IconCatalogError) -> Bool {
    try hasContent(contents, inFolderAt: folder.path)
  }

  /// `hasContent(_:in:)` of the set whose folder's path is `path` (`folder.path`): no URL is
  /// made unless an entry is bad.
  static func hasContent(_ contents: Contents?, inFolderAt path: String) throws(IconCatalogError)
    -> Bool
  {
    guard let contents else { return false }
    var found = false
    // Every entry is parsed, as `read` parses them, so a bad one throws here too.
    for (index, image) in (contents.images ?? []).enumerated() {
      let (pointSize, _) = try parsed(image, index: index, file: path + "/Contents.json")
      if !found, let filename = image.filename, !filename.isEmpty,
        AppIconSlots.isUsed(
          idiom: image.idiom ?? "universal", points: pointSize, platform: image.platform)
      {
        found = true
      }
    }
    return found
  }

  /// An `images` entry actool ignores: its idiom has no icon of its size (`AppIconSlots`).
  /// A `Contents.json` filename that finds its file only as a Mac compares names.
  struct DifferingFilename: Equatable, Sendable {
    var written: String
    var found: String
    var difference: NameDifference
  }

  struct IgnoredEntry: Equatable, Sendable {
    /// Its place in `images`.
    var index: Int
    var idiom: String
    /// As written (`76x76`).
    var size: String
    /// The file it names, when it names one.
    var filename: String?
  }

  /// The renditions, the filenames actool finds only by ignoring case or Unicode normalization
  /// (`MacFileLookup`): as written, as on disk and how they differ; and the entries actool
  /// ignores, which give no rendition.
  static func read(_ folder: URL) throws(IconCatalogError) -> (
    renditions: [IconRendition], differingInCase: [DifferingFilename],
    ignored: [IgnoredEntry]
  ) {
    try read(folder, contents: decode(folder))
  }

  /// The set's Contents.json, decoded: nil when the set has none (it has no images; `check`
  /// reports that, reading goes on). What `read` and `hasContent(_:in:)` start from, so that
  /// asking first whether a set compiles and then for its renditions decodes it once.
  static func decode(_ folder: URL) throws(IconCatalogError) -> Contents? {
    try decode(folderAt: folder.path)
  }

  /// `decode` of the set whose folder's path is `path` (`folder.path`): a URL made and read
  /// back costs as much as a tenth of the decoding, for every set of an app before the picker's
  /// first screen.
  static func decode(folderAt path: String) throws(IconCatalogError) -> Contents? {
    let file = path + "/Contents.json"
    let bytes: [UInt8]
    do {
      guard let read = try RegularFile.readIfPresent(file, limit: FileLimits.contentsJSON) else {
        return nil
      }
      bytes = read
    } catch {
      throw FileData.refusal(error, file: URL(fileURLWithPath: file, isDirectory: false))
    }
    do {
      return try JSONDecoder().decode(Contents.self, from: Data(bytes))
    } catch {
      throw .invalidContentsJSON(file: file, reason: JSONProblem.describe(error))
    }
  }

  /// `read` of a set whose Contents.json `decode` gave.
  static func read(_ folder: URL, contents: Contents?) throws(IconCatalogError) -> (
    renditions: [IconRendition], differingInCase: [DifferingFilename],
    ignored: [IgnoredEntry]
  ) {
    guard let contents else { return ([], [], []) }

    var renditions: [IconRendition] = []
    var differing: [DifferingFilename] = []
    var ignored: [IgnoredEntry] = []
    // actool runs on a Mac, whose default volume ignores case and Unicode normalization: a
    // filename spelled otherwise than its file finds it when only one file matches. One listing
    // of the set serves every name (an array: a Swift Set would find an NFD name's NFC file).
    var listing: [String]?
    for (index, image) in (contents.images ?? []).enumerated() {
      var rendition = try rendition(image, in: folder, index: index)
      guard
        AppIconSlots.isUsed(
          idiom: rendition.idiom, points: rendition.pointSize, platform: rendition.platform)
      else {
        ignored.append(
          IgnoredEntry(
            index: index, idiom: rendition.idiom, size: image.size ?? "",
            filename: image.filename.flatMap { $0.isEmpty ? nil : $0 }))
        continue
      }
      if let written = image.filename, !written.isEmpty, !written.contains("/") {
        let names = listing ?? DirectoryListing.entries(atPath: folder.path).map(\.name)
        listing = names
        if let found = MacFileLookup.entry(written, among: names), !found.difference.isEmpty {
          rendition.file = folder.appendingPathComponent(found.name, isDirectory: false)
          if !differing.contains(where: { MacFileLookup.isSpelledAs($0.written, written) }) {
            differing.append(
              DifferingFilename(written: written, found: found.name, difference: found.difference))
          }
        }
      }
      renditions.append(rendition)
    }
    return (renditions, differing, ignored)
  }

  private static func rendition(_ image: Contents.Image, in folder: URL, index: Int)
    throws(IconCatalogError) -> IconRendition
  {
    let (pointSize, scale) = try parsed(
      image, index: index, file: folder.path + "/Contents.json")
    return IconRendition(
      file: image.filename.flatMap {
        $0.isEmpty ? nil : folder.appendingPathComponent($0, isDirectory: false)
      },
      idiom: image.idiom ?? "universal",
      pointSize: pointSize,
      scale: scale,
      appearance: appearance(image.appearances ?? []),
      platform: image.platform)
  }

  /// An entry's size and scale, or the error that names it (in `file`, the set's Contents.json).
  private static func parsed(_ image: Contents.Image, index: Int, file: @autoclosure () -> String)
    throws(IconCatalogError) -> (pointSize: Double?, scale: Int)
  {
    func invalid(_ what: String) -> IconCatalogError {
      .invalidContentsJSON(file: file(), reason: "images[\(index)]: \(what)")
    }
    var pointSize: Double?
    if let size = image.size {
      guard let parsed = parseSize(size) else {
        throw invalid("size \"\(size)\" is not WIDTHxHEIGHT")
      }
      pointSize = parsed
    }
    var scale = 1  // The single-size form has no scale: one 1024 pt image at 1x.
    if let text = image.scale {
      guard let parsed = parseScale(text) else { throw invalid("scale \"\(text)\" is not like 2x") }
      scale = parsed
    }
    return (pointSize, scale)
  }

  /// `"83.5x83.5"` → 83.5. Icons are square, so the width is the size.
  static func parseSize(_ text: String) -> Double? {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
      width.isFinite, width > 0, height.isFinite, height > 0
    else { return nil }
    return width
  }

  /// `"2x"` → 2.
  static func parseScale(_ text: String) -> Int? {
    guard text.lowercased().hasSuffix("x"), let scale = Int(text.dropLast()), scale > 0 else {
      return nil
    }
    return scale
  }

  /// Only `luminosity` changes an app icon; other appearance kinds leave it `any`.
  private static func appearance(_ appearances: [Contents.Appearance]) -> IconAppearance {
    for entry in appearances where entry.appearance == "luminosity" {
      switch entry.value {
      case "dark": return .dark
      case "tinted": return .tinted
      default: continue
      }
    }
    return .any
  }

  /// The parts of Contents.json iconpick uses; everything else (info, role, subtype, ...) is ignored.
  struct Contents: Decodable, Equatable, Sendable {
    var images: [Image]?

    struct Image: Decodable, Equatable, Sendable {
      var filename: String?
      var idiom: String?
      var size: String?
      var scale: String?
      var platform: String?
      var appearances: [Appearance]?
    }

    struct Appearance: Decodable, Equatable, Sendable {
      var appearance: String
      var value: String
    }
  }
}

/// Turns a `JSONDecoder` failure into a one-line reason naming where in the JSON the problem is.
enum JSONProblem {
  /// A one-line reason naming where in the JSON the problem is.
  static func describe(_ error: any Error) -> String {
    guard let decoding = error as? DecodingError else { return FileData.reason(error) }
    func path(_ codingPath: [any CodingKey]) -> String {
      let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
      if text.isEmpty { return "the top level" }
      return text.hasPrefix(".") ? String(text.dropFirst()) : text
    }
    switch decoding {
    case .typeMismatch(let type, let context):
      return "\(path(context.codingPath)) should be \(kind(type))"
    case .valueNotFound(let type, let context):
      return "\(path(context.codingPath)) should be \(kind(type)), not null"
    case .keyNotFound(let key, let context):
      return "\(path(context.codingPath + [key])) is missing"
    case .dataCorrupted(let context):
      if let underlying = context.underlyingError { return FileData.reason(underlying) }
      return IconCatalogError.oneLine(context.debugDescription)
    @unknown default:
      return FileData.reason(error)
    }
  }

  static func kind(_ type: Any.Type) -> String {
    if type == String.self { return "a string" }
    if type == Bool.self { return "true or false" }
    if type == Int.self || type == Double.self { return "a number" }
    if type is [Any].Type { return "an array" }
    return "an object"
  }
}
