import FoundationEssentials

/// The loose PNGs that `CFBundleIconFiles` names, found the way iOS finds them in the built app:
/// `Name.png`, `Name@2x.png`, `Name@3x~ipad.png`, `Name60x60@2x.png`, ...
///
/// The folder is walked once and every PNG indexed by its stem, so looking up any number of names
/// costs one walk plus one dictionary lookup each.
struct LooseIconFiles: Sendable {
  /// A file or `CFBundleIconFiles` name taken apart:
  /// `AppIcon-Blue76x76@2x~ipad.png` → stem `AppIcon-Blue`, 76 pt, 2x, `ipad`.
  struct IconFileName: Equatable, Sendable {
    var stem: String
    var pointSize: Double?
    var scale: Int?
    /// `ipad` or `iphone`, from the `~ipad` / `~iphone` suffix.
    var idiom: String?

    /// The parts of `name`; nil when nothing is left for a stem. `.png` is optional: iOS adds it
    /// to names given without one, and strips it from names given with one.
    init?(_ name: String) {
      var rest = Substring(name)
      if rest.lowercased().hasSuffix(".png") { rest = rest.dropLast(4) }
      // Xcode writes `@2x~ipad`; hand-made files sometimes say `~ipad@2x`.
      for _ in 0..<2 {
        if idiom == nil, let (stripped, found) = Self.idiomSuffix(of: rest) {
          rest = stripped
          idiom = found
        }
        if scale == nil, let (stripped, found) = Self.scaleSuffix(of: rest) {
          rest = stripped
          scale = found
        }
      }
      if let (stripped, size) = Self.sizeSuffix(of: rest) {
        rest = stripped
        pointSize = size
      }
      guard !rest.isEmpty else { return nil }
      stem = String(rest)
    }

    /// The extensions that make a `CFBundleIconFiles` entry one written with its extension.
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg"]

    /// True when `name` ends in an image extension (`Icon.png`, `Icon.PNG`), not merely when it
    /// holds a dot: iPad Pro names say `83.5x83.5` (`AppIcon83.5x83.5@2x~ipad`).
    static func hasImageExtension(_ name: String) -> Bool {
      guard let dot = name.lastIndex(of: ".") else { return false }
      return imageExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    private static func idiomSuffix(of text: Substring) -> (Substring, String)? {
      for idiom in ["ipad", "iphone"] where text.hasSuffix("~" + idiom) {
        return (text.dropLast(idiom.count + 1), idiom)
      }
      return nil
    }

    /// `@2x` → 2.
    private static func scaleSuffix(of text: Substring) -> (Substring, Int)? {
      guard text.hasSuffix("x"), let at = text.lastIndex(of: "@") else { return nil }
      let digits = text[text.index(after: at)..<text.index(before: text.endIndex)]
      guard let scale = Int(digits), scale > 0, scale <= 4 else { return nil }
      return (text[..<at], scale)
    }

    /// `60x60` or `83.5x83.5` at the end → the size in points. Icons are square.
    private static func sizeSuffix(of text: Substring) -> (Substring, Double)? {
      let number: (Character) -> Bool = { $0.isASCII && ($0.isNumber || $0 == ".") }
      let height = text.reversed().prefix(while: number)
      let beforeHeight = text.dropLast(height.count)
      guard !height.isEmpty, beforeHeight.hasSuffix("x") else { return nil }
      let widthPart = beforeHeight.dropLast()
      let width = widthPart.reversed().prefix(while: number)
      guard !width.isEmpty, let w = Double(String(width.reversed())),
        let h = Double(String(height.reversed())), w == h, w > 0
      else { return nil }
      return (widthPart.dropLast(width.count), w)
    }
  }

  private struct Entry: Sendable {
    var name: IconFileName
    var file: URL
  }

  /// Every indexed PNG, by stem, sorted by path.
  private var byStem: [String: [Entry]] = [:]
  /// The name of every indexed PNG (`Icon60x60@2x.png`).
  private(set) var fileNames: Set<String> = []

  static let empty = LooseIconFiles()

  private init() {}

  /// Indexes `files` (only PNGs whose names parse).
  init(files: [URL]) {
    for file in files.sorted(by: { $0.path < $1.path }) {
      let name = file.lastPathComponent
      guard name.lowercased().hasSuffix(".png"), let parsed = IconFileName(name) else { continue }
      fileNames.insert(name)
      byStem[parsed.stem, default: []].append(Entry(name: parsed, file: file))
    }
  }

  /// Folders whose PNGs never reach the app bundle as loose files: build outputs and copies
  /// (`ProjectFiles.skippedFolders`, built bundles), and asset catalogs and Icon Composer bundles,
  /// which are compiled (iOS cannot find a file inside them by name; `check` reports that).
  static let unreachableExtensions: Set<String> = ProjectFiles.skippedExtensions.union([
    "xcassets", "icon", "xcodeproj", "xcworkspace", "lproj",
  ])

  /// Every PNG under `root`, skipping build outputs, hidden folders, asset catalogs and bundles.
  /// With `recursive` false only the folder itself (a built app keeps its icons at the top).
  /// Files named in `excluded` are left out.
  static func searching(_ root: URL, recursive: Bool = true, excluding excluded: Set<String> = [])
    -> LooseIconFiles
  {
    // PATH can be a catalog itself; nothing in it is a loose file. (A built app's root is searched.)
    guard !["xcassets", "icon"].contains(root.pathExtension) else { return .empty }
    var files: [URL] = []
    // The walker does not follow symbolic links, so a link loop cannot trap it; an unreadable
    // folder hides only what is in it.
    let walker = DirectoryWalker(root, recursive: recursive)
    while let (url, isDirectory) = walker.next() {
      let name = url.lastPathComponent
      if isDirectory {
        if name.hasPrefix(".") || ProjectFiles.skippedFolders.contains(name)
          || unreachableExtensions.contains(url.pathExtension)
        {
          walker.skipDescendants()
        }
      } else if url.pathExtension.lowercased() == "png", !excluded.contains(name) {
        files.append(URL(fileURLWithPath: url.standardizedFileURL.path, isDirectory: false))
      }
    }
    return LooseIconFiles(files: files)
  }

  /// The renditions for `CFBundleIconFiles` names, in the order given, each file once. Names are
  /// matched with their case, as iOS's case-sensitive file system finds them in the bundle (the
  /// build's own lookups on the Mac ignore case: `MacFileLookup`), but not with their Unicode
  /// normalization, which iOS's APFS ignores: stems are `String`s, which Swift compares by
  /// canonical equivalence (`fileSpelledOtherwise` says when that was needed).
  /// A name with a size (`AppIcon60x60`) matches only files of that size; one without matches
  /// every size. An extension or `@2x` in the name is resolved as iOS does (stripped).
  func renditions(for names: [String]) -> [IconRendition] {
    var seen = Set<String>()
    var renditions: [IconRendition] = []
    for name in names {
      guard let wanted = IconFileName(name) else { continue }
      for entry in byStem[wanted.stem] ?? [] {
        if let size = wanted.pointSize, entry.name.pointSize != size { continue }
        guard seen.insert(entry.file.path).inserted else { continue }
        renditions.append(
          IconRendition(
            file: entry.file,
            // A file without `~ipad`/`~iphone` is the iPhone one: iOS loads it on iPhone, and on
            // iPad only when there is no `~ipad` file.
            idiom: entry.name.idiom ?? "iphone",
            pointSize: entry.name.pointSize,
            scale: entry.name.scale ?? 1))
      }
    }
    return renditions
  }

  /// The first file `name` finds whose stem is spelled with other bytes (the other Unicode
  /// normalization): iOS finds it, a Linux checkout spells it otherwise. nil when every file it
  /// finds is spelled as written, or it finds none.
  func fileSpelledOtherwise(for name: String) -> URL? {
    guard let wanted = IconFileName(name) else { return nil }
    for entry in byStem[wanted.stem] ?? [] {
      if let size = wanted.pointSize, entry.name.pointSize != size { continue }
      if !MacFileLookup.isSpelledAs(entry.name.stem, wanted.stem) { return entry.file }
    }
    return nil
  }

  var isEmpty: Bool { byStem.isEmpty }
}
