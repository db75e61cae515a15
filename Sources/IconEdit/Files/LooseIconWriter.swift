import FoundationEssentials
import IconCatalog

/// The loose PNGs of an alternate declared in Info.plist with `CFBundleIconFiles` (no asset
/// catalog), and the base names to declare. iOS looks each base name up with `@2x`/`@3x` and
/// `~ipad` added, and uses the file whose size fits: iPhone 60 pt at @2x and @3x (120, 180
/// px), iPad 76 pt at @1x and @2x (76, 152) and iPad Pro 83.5 pt at @2x (167).
public enum LooseIconWriter {
  /// How the app's existing alternate files are named.
  public enum Naming: Sendable, Equatable {
    /// One base name for every size, told apart by suffix: `NAME@2x.png`, `NAME@3x.png`,
    /// `NAME~ipad.png`, `NAME@2x~ipad.png` (The Blue Alliance, isowords); the iPad Pro's 167
    /// px, which one base name has no place for, under a second one, `NAME83.5x83.5`.
    case scaleSuffixes
    /// actool's names, a base name per point size: `NAME60x60@2x.png`, `NAME76x76~ipad.png`,
    /// `NAME83.5x83.5@2x~ipad.png`.
    case pointSizes

    /// The naming of existing alternate files (names with or without folders): point sizes
    /// when any name has one before its suffixes, else scale suffixes.
    public static func detect(fileNames: [String]) -> Naming {
      let pointSized = fileNames.contains { path in
        var stem = Substring(PathText.lastComponent(path))
        if stem.lowercased().hasSuffix(".png") { stem = stem.dropLast(4) }
        if stem.hasSuffix("~ipad") { stem = stem.dropLast(5) }
        if let at = stem.lastIndex(of: "@") { stem = stem[..<at] }
        // `60x60`, `83.5x83.5` at the end of the stem.
        return stem.contains(/\d+(\.\d+)?x\d+(\.\d+)?$/)
      }
      return pointSized ? .pointSizes : .scaleSuffixes
    }
  }

  /// One file to write: its name and its side in pixels.
  public struct File: Sendable, Equatable {
    public var name: String
    public var side: Int
  }

  public struct Output: Sendable, Equatable {
    /// The folder first when it is new, then each PNG.
    public var changes: [FileChange]
    /// `CFBundleIcons`' entry's `CFBundleIconFiles`.
    public var iPhoneIconFiles: [String]
    /// `CFBundleIcons~ipad`' entry's `CFBundleIconFiles`; empty when the app does not run on iPad.
    public var iPadIconFiles: [String]
    public var warnings: [String]
  }

  /// The iPhone files of NAME and the base names that find them.
  public static func iPhoneFiles(name: String, naming: Naming) -> (
    files: [File], baseNames: [String]
  ) {
    switch naming {
    case .scaleSuffixes:
      return (
        [File(name: "\(name)@2x.png", side: 120), File(name: "\(name)@3x.png", side: 180)], [name]
      )
    case .pointSizes:
      return (
        [
          File(name: "\(name)60x60@2x.png", side: 120),
          File(name: "\(name)60x60@3x.png", side: 180),
        ],
        ["\(name)60x60"]
      )
    }
  }

  /// The iPad files of NAME and the base names that find them. actool's iPad list keeps the
  /// iPhone name first; point-size naming adds the two iPad sizes.
  public static func iPadFiles(name: String, naming: Naming) -> (files: [File], baseNames: [String])
  {
    switch naming {
    case .scaleSuffixes:
      // The iPad Pro's 167 px has no place under one base name: a second one holds it, as
      // App Store Connect asks for it (ITMS-90890's family).
      return (
        [
          File(name: "\(name)~ipad.png", side: 76), File(name: "\(name)@2x~ipad.png", side: 152),
          File(name: "\(name)83.5x83.5@2x~ipad.png", side: 167),
        ],
        [name, "\(name)83.5x83.5"]
      )
    case .pointSizes:
      return (
        [
          File(name: "\(name)76x76~ipad.png", side: 76),
          File(name: "\(name)76x76@2x~ipad.png", side: 152),
          File(name: "\(name)83.5x83.5@2x~ipad.png", side: 167),
        ],
        ["\(name)60x60", "\(name)76x76", "\(name)83.5x83.5"]
      )
    }
  }

  /// The files of NAME in `folder` (made first when `createFolder`), from IMAGE resampled to
  /// each size, and the base names to declare for iPhone and, when the app runs on iPad, iPad.
  public static func files(
    name: String, image: IconImageInput, in folder: URL, runsOnIPad: Bool, naming: Naming,
    createFolder: Bool = false
  ) throws(EditError) -> Output {
    guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
      throw .invalidName(name: name, reason: "it cannot be a file name")
    }
    guard !image.isIconComposer else {
      throw .badImage(
        file: image.file.path,
        reason:
          "an Icon Composer .icon folder cannot be a loose icon declared with CFBundleIconFiles: give a PNG image"
      )
    }
    let iPhone = iPhoneFiles(name: name, naming: naming)
    let iPad = runsOnIPad ? iPadFiles(name: name, naming: naming) : (files: [], baseNames: [])
    var changes: [FileChange] = []
    if createFolder {
      guard !FileManager.default.fileExists(atPath: folder.path) else {
        throw .exists(file: folder.path)
      }
      changes.append(.createDirectory(folder, "a folder for the icon \"\(name)\""))
    }
    var sizes = IconPNGSizes(image)
    for file in iPhone.files + iPad.files {
      let path = folder.appendingPathComponent(file.name, isDirectory: false)
      guard !FileManager.default.fileExists(atPath: path.path) else {
        throw .exists(file: path.path)
      }
      changes.append(
        .create(
          path, try sizes.png(side: file.side), "\(file.side)×\(file.side) PNG of \"\(name)\""))
    }
    var warnings: [String] = []
    if image.hasTransparentPixels {
      warnings.append(
        "\(image.file.lastPathComponent) has transparent pixels, kept as they are: iOS shows them black on the home screen; put the icon on an opaque background"
      )
    }
    return Output(
      changes: changes, iPhoneIconFiles: iPhone.baseNames, iPadIconFiles: iPad.baseNames,
      warnings: warnings)
  }
}
