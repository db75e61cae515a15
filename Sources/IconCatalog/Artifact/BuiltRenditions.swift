import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One image a built app holds for an icon: a rendition of the icon's asset in the app's
/// `Assets.car`, or a loose PNG beside it (`list --json` shows them).
public struct BuiltRendition: Hashable, Sendable, Encodable {
  /// `Assets.car`, or the loose file's path.
  public var source: String
  /// `universal`, `iphone`, `ipad`, `ios-marketing`…
  public var idiom: String
  /// In points; nil when not known.
  public var size: Double?
  public var scale: Int
  /// `any`, `dark`, `tinted`, or the car's own name for another appearance.
  public var appearance: String
  /// The width in pixels (app icons are square); nil when the file's header cannot be read.
  public var pixels: Int?

  public init(
    source: String, idiom: String, size: Double?, scale: Int, appearance: String, pixels: Int?
  ) {
    self.source = source
    self.idiom = idiom
    self.size = size
    self.scale = scale
    self.appearance = appearance
    self.pixels = pixels
  }

  // null, not a missing key, for what is not known.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(source, forKey: .source)
    try container.encode(idiom, forKey: .idiom)
    try container.encode(size, forKey: .size)
    try container.encode(scale, forKey: .scale)
    try container.encode(appearance, forKey: .appearance)
    try container.encode(pixels, forKey: .pixels)
  }

  enum CodingKeys: String, CodingKey { case source, idiom, size, scale, appearance, pixels }
}

extension AppIcons {
  /// The compiled asset catalog at the top of a built app (read in place from an `.ipa`); nil
  /// when the app has none.
  public func compiledAssetCatalog() throws(AssetsCarError) -> AssetsCar? {
    let car = location.appendingPathComponent("Assets.car", isDirectory: false)
    if ArchivedFiles.isArchived(car) {
      let bytes: [UInt8]?
      do {
        bytes = try ArchivedFiles.bytes(of: car, limit: FileLimits.assetsCar)
      } catch {
        throw .unreadable(file: car.path, reason: error.reason)
      }
      guard let bytes else { return nil }
      return try AssetsCar.read(bytes: bytes, file: car.path)
    }
    guard ReadDisk.exists(car.path) else { return nil }
    // A built app's car is read only where it really lies inside the app.
    if isBuiltArtifact, let outside = ArtifactContainment.escape(of: car.path, from: location.path)
    {
      throw .unreadable(file: car.path, reason: ArtifactContainment.leaving("app", to: outside))
    }
    return try AssetsCar.read(car)
  }

  /// The images a built app holds for `icon`: the renditions of its asset in `car` that are
  /// images, then its loose files that are there.
  public func builtRenditions(of icon: AppIcon, car: AssetsCar?) -> [BuiltRendition] {
    // Renditions that differ only in what is not shown (a gamut, a subtype) are listed once.
    var shown = Set<BuiltRendition>()
    let compiled = (car?.renditions(of: icon.assetName ?? icon.name) ?? []).filter {
      $0.width > 0
    }.map {
      BuiltRendition(
        source: $0.source, idiom: $0.idiom, size: $0.pointSize, scale: $0.scale,
        appearance: Self.appearance(named: $0.appearanceName), pixels: $0.width)
    }.filter { shown.insert($0).inserted }
    var seen = Set<String>()
    let loose = icon.renditions.compactMap { rendition -> BuiltRendition? in
      guard rendition.kind == .image, let file = rendition.file, seen.insert(file.path).inserted,
        ArchivedFiles.fileExists(file)
      else { return nil }
      return BuiltRendition(
        source: file.path, idiom: rendition.idiom, size: rendition.pointSize,
        scale: rendition.scale, appearance: rendition.appearance.rawValue,
        pixels: Self.pngWidth(of: file))
    }
    return compiled + loose
  }

  /// The car's appearance names in the model's terms (`UIAppearanceDark` → `dark`).
  static func appearance(named name: String?) -> String {
    switch name {
    case nil, "UIAppearanceAny", "NSAppearanceNameSystem": return IconAppearance.any.rawValue
    case "UIAppearanceDark", "NSAppearanceNameDarkAqua": return IconAppearance.dark.rawValue
    case "ISAppearanceTintable", "UIAppearanceTinted": return IconAppearance.tinted.rawValue
    case let name?: return name
    }
  }

  /// The width its `IHDR` chunk gives a PNG, an Xcode-crushed (CgBI) one included, whose
  /// `CgBI` chunk comes first; nil when the file cannot be read or is no PNG.
  static func pngWidth(of file: URL) -> Int? {
    // Only the first bytes, from the archive (where only those are inflated) or from disk.
    let bytes: [UInt8]
    do {
      bytes =
        try ArchivedFiles.prefix(of: file, count: 64)
        ?? RegularFile.prefix(file.path, count: 64)
    } catch {
      return nil
    }
    guard bytes.count >= 8, bytes[0..<8].elementsEqual([137, 80, 78, 71, 13, 10, 26, 10]) else {
      return nil
    }
    func big32(_ at: Int) -> Int {
      bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    var offset = 8
    // The header is the first chunk, or the second after CgBI's four bytes.
    for _ in 0..<2 {
      guard offset + 16 <= bytes.count else { return nil }
      let length = big32(offset)
      if bytes[offset + 4..<offset + 8].elementsEqual(Array("IHDR".utf8)) {
        return big32(offset + 8)
      }
      guard length <= 16 else { return nil }
      offset += 12 + length
    }
    return nil
  }
}
