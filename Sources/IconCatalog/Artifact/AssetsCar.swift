import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a compiled asset catalog (`Assets.car`, written by actool) lists: its version strings,
/// its facets (asset names) and its renditions with their key attributes and CSI headers. No
/// pixels are decoded; previews use the loose PNGs actool writes beside the car.
///
/// The car is a `BOMStore`; inside its blocks CoreUI's structures are little-endian, with
/// four-character tags stored reversed. Read from public descriptions of the format.
public struct AssetsCar: Equatable, Sendable {
  /// `CARHEADER`.
  public var coreUIVersion: Int
  public var storageVersion: Int
  public var schemaVersion: Int
  /// The rendition count the header declares (the `RENDITIONS` tree is what was read).
  public var declaredRenditionCount: Int
  /// `@(#)PROGRAM:CoreUI PROJECT:CoreUI-972.1`.
  public var mainVersion: String
  /// `Xcode 26.2 (17C52) via AssetCatalogSimulatorAgent`.
  public var versionString: String
  /// `EXTENDED_METADATA`, in cars that have it (Xcode 8 and later).
  public var metadata: Metadata?
  /// The attributes of every rendition key, in their order (`KEYFORMAT`).
  public var keyFormat: [Int]
  /// Asset names (`FACETKEYS`), sorted by name.
  public var facets: [Facet]
  /// Appearance names by the number attribute 7 takes (`APPEARANCEKEYS`).
  public var appearances: [Int: String]
  public var renditions: [CarRendition] {
    didSet { renditionsByFacet = Self.index(renditions) }
  }
  /// Positions in `renditions` by facet: `renditions(of:)` is asked once per icon, and an app
  /// may have thousands of icons and the car tens of thousands of renditions.
  private var renditionsByFacet: [String: [Int]] = [:]

  public struct Metadata: Equatable, Sendable {
    public var thinningArguments: String
    public var deploymentPlatformVersion: String
    /// `ios`, `macosx`, `appletvos`…
    public var deploymentPlatform: String
    public var authoringTool: String
  }

  public struct Facet: Equatable, Sendable {
    public var name: String
    /// Attribute id → value; the identifier (17) links the facet to its renditions.
    public var attributes: [Int: Int]
    public var identifier: Int? { attributes[CarAttribute.identifier] }
  }

  /// The renditions of the facet named `name`.
  public func renditions(of name: String) -> [CarRendition] {
    (renditionsByFacet[name] ?? []).map { renditions[$0] }
  }

  private static func index(_ renditions: [CarRendition]) -> [String: [Int]] {
    var index: [String: [Int]] = [:]
    for (position, rendition) in renditions.enumerated() {
      if let facet = rendition.facet { index[facet, default: []].append(position) }
    }
    return index
  }

  /// Files over this size are refused before they are read.
  public static let maximumSize = FileLimits.assetsCar.bytes
  /// Attributes in a key or a facet (real cars have about a dozen).
  static let maximumAttributes = 256
  /// Renditions with distinct keys. Each costs about a kilobyte read (its key and CSI header,
  /// and what the app's model and `list --json` make of it), so this bounds memory and output
  /// whatever the entries share; real cars have a few thousand, the largest tens of thousands.
  public static let maximumRenditions = 100_000
  /// Bytes in a facet's or an appearance's name.
  static let maximumNameLength = 4096

  /// Reads the car at `file`.
  public static func read(_ file: URL) throws(AssetsCarError) -> AssetsCar {
    let data: [UInt8]
    do {
      data = try RegularFile.read(file.path, limit: FileLimits.assetsCar)
    } catch {
      throw .unreadable(file: file.path, reason: error.reason)
    }
    return try read(bytes: data, file: file.path)
  }

  /// Reads a car held in memory; `file` names it in errors.
  public static func read(bytes: [UInt8], file: String) throws(AssetsCarError) -> AssetsCar {
    guard bytes.count <= maximumSize else {
      throw .tooLarge(file: file, what: "\(bytes.count) bytes", limit: maximumSize)
    }
    let store = try BOMStore(bytes: bytes, file: file)
    let reader = ByteReader(bytes: bytes)

    guard let header = try store.variable("CARHEADER") else {
      throw .notACar(file: file, reason: "a BOM store without a CARHEADER")
    }
    guard header.count >= 436,
      bytes[header.lowerBound..<header.lowerBound + 4].elementsEqual("RATC".utf8)
    else {
      throw .damaged(file: file, reason: "the CARHEADER is not one (no RATC tag, or cut short)")
    }
    let h = header.lowerBound
    var car = AssetsCar(
      coreUIVersion: reader.uint32(at: h + 4)!, storageVersion: reader.uint32(at: h + 8)!,
      schemaVersion: reader.uint32(at: h + 424)!,
      declaredRenditionCount: reader.uint32(at: h + 16)!,
      mainVersion: reader.string(at: h + 20, length: 128),
      versionString: reader.string(at: h + 148, length: 256), metadata: nil, keyFormat: [],
      facets: [], appearances: [:], renditions: [])

    if let metadata = try store.variable("EXTENDED_METADATA") {
      guard metadata.count >= 1028 else {
        throw .damaged(file: file, reason: "the EXTENDED_METADATA is cut short")
      }
      let m = metadata.lowerBound
      car.metadata = Metadata(
        thinningArguments: reader.string(at: m + 4, length: 256),
        deploymentPlatformVersion: reader.string(at: m + 260, length: 256),
        deploymentPlatform: reader.string(at: m + 516, length: 256),
        authoringTool: reader.string(at: m + 772, length: 256))
    }

    guard let keyFormat = try store.variable("KEYFORMAT") else {
      throw .damaged(file: file, reason: "no KEYFORMAT")
    }
    guard keyFormat.count >= 12,
      bytes[keyFormat.lowerBound..<keyFormat.lowerBound + 4].elementsEqual("tmfk".utf8)
    else {
      throw .damaged(file: file, reason: "the KEYFORMAT is not one (no tmfk tag, or cut short)")
    }
    let attributeCount = reader.uint32(at: keyFormat.lowerBound + 8)!
    guard attributeCount <= maximumAttributes else {
      throw .tooLarge(
        file: file, what: "a KEYFORMAT of \(attributeCount) attributes", limit: maximumAttributes)
    }
    guard attributeCount <= (keyFormat.count - 12) / 4 else {
      throw .damaged(
        file: file, reason: "the KEYFORMAT claims \(attributeCount) attributes it cannot hold")
    }
    car.keyFormat = (0..<attributeCount).map {
      reader.uint32(at: keyFormat.lowerBound + 12 + $0 * 4)!
    }

    // Blocks may be shared by any number of entries, so every name and attribute list read
    // from one is capped: the work per entry stays small whatever the file claims.
    func text(_ range: Range<Int>, _ what: String) throws(AssetsCarError) -> String {
      guard range.count <= maximumNameLength else {
        throw .tooLarge(
          file: file, what: "\(what) of \(range.count) bytes", limit: maximumNameLength)
      }
      return String(decoding: bytes[range], as: UTF8.self)
    }
    for entry in try store.tree("APPEARANCEKEYS") ?? [] {
      guard let value = reader.uint16(at: entry.value.lowerBound), entry.value.count >= 2 else {
        throw .damaged(file: file, reason: "an appearance has no number")
      }
      car.appearances[value] = try text(entry.key, "an appearance name")
    }

    var facetsByIdentifier: [Int: String] = [:]
    for entry in try store.tree("FACETKEYS") ?? [] {
      let name = try text(entry.key, "a facet name")
      let v = entry.value.lowerBound
      guard entry.value.count >= 6 else {
        throw .damaged(file: file, reason: "the facet \(name) is cut short")
      }
      let count = reader.uint16(at: v + 4)!
      guard count <= (entry.value.count - 6) / 4 else {
        throw .damaged(
          file: file, reason: "the facet \(name) claims \(count) attributes it cannot hold")
      }
      guard count <= maximumAttributes else {
        throw .tooLarge(
          file: file, what: "the facet \(name) with \(count) attributes", limit: maximumAttributes)
      }
      var attributes: [Int: Int] = [:]
      for index in 0..<count {
        attributes[reader.uint16(at: v + 6 + index * 4)!] = reader.uint16(at: v + 8 + index * 4)!
      }
      let facet = Facet(name: name, attributes: attributes)
      if let identifier = facet.identifier, facetsByIdentifier[identifier] == nil {
        facetsByIdentifier[identifier] = name
      }
      car.facets.append(facet)
    }
    car.facets.sort { $0.name < $1.name }

    // An entry with the key bytes and the CSI block of an earlier one is that rendition again
    // (entries may share blocks, or repeat their bytes): it is read once. The distinct ones are
    // limited, since each costs memory and output whatever it shares. Entries that share a CSI
    // header share its name too.
    var renditions: [CarRendition] = []
    var seen: [Int: [(key: Range<Int>, value: Range<Int>)]] = [:]
    var names: [Int: String] = [:]
    for entry in try store.tree("RENDITIONS") ?? [] {
      var hasher = Hasher()
      bytes.withUnsafeBytes {
        hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: $0[entry.key]))
      }
      hasher.combine(entry.value.lowerBound)
      let hash = hasher.finalize()
      if let earlier = seen[hash],
        earlier.contains(where: {
          $0.value == entry.value && bytes[$0.key].elementsEqual(bytes[entry.key])
        })
      {
        continue
      }
      seen[hash, default: []].append((entry.key, entry.value))
      guard renditions.count < maximumRenditions else {
        throw .tooLarge(
          file: file, what: "more than \(maximumRenditions) distinct renditions",
          limit: maximumRenditions)
      }
      var key: [Int: Int] = [:]
      for (index, attribute) in car.keyFormat.enumerated() {
        let offset = entry.key.lowerBound + index * 2
        guard offset + 2 <= entry.key.upperBound else { break }
        key[attribute] = reader.uint16(at: offset)!
      }
      let csi = entry.value
      guard csi.count >= 184, bytes[csi.lowerBound..<csi.lowerBound + 4].elementsEqual("ISTC".utf8)
      else {
        throw .damaged(
          file: file, reason: "a rendition's CSI header is not one (no ISTC tag, or cut short)")
      }
      let c = csi.lowerBound
      if names[c] == nil { names[c] = reader.string(at: c + 40, length: 128) }
      let identifier = key[CarAttribute.identifier]
      let appearance = key[CarAttribute.appearance]
      renditions.append(
        CarRendition(
          facet: identifier.flatMap { facetsByIdentifier[$0] },
          name: names[c]!, key: key,
          width: reader.uint32(at: c + 12)!, height: reader.uint32(at: c + 16)!,
          scaleHundredths: reader.uint32(at: c + 20)!, pixelFormat: reader.tag(at: c + 24),
          layout: reader.uint16(at: c + 36)!,
          appearanceName: appearance.flatMap { car.appearances[$0] }))
    }
    car.renditions = renditions
    return car
  }
}

/// The key attributes iconpick reads (CoreUI's numbering).
public enum CarAttribute {
  public static let element = 1
  public static let part = 2
  public static let appearance = 7
  public static let dimension1 = 8
  public static let dimension2 = 9
  public static let scale = 12
  public static let idiom = 15
  public static let subtype = 16
  public static let identifier = 17
}

/// One rendition of a car: its key (which facet, idiom, scale, appearance…) and what its CSI
/// header says (pixel size, layout, pixel format, name). Shaped to feed the built app's model:
/// source, idiom, size, scale, appearance, pixels.
public struct CarRendition: Equatable, Sendable {
  /// The asset (facet) name, when a facet's identifier matches the key's.
  public var facet: String?
  /// The CSI header's name: usually the source file's (`Icon-App-60x60@2x.png`).
  public var name: String
  /// Attribute id → value, every attribute of the key.
  public var key: [Int: Int]
  /// Pixels, from the CSI header (0 for renditions without an image, such as colours).
  public var width: Int
  public var height: Int
  /// The CSI header's scale × 100.
  public var scaleHundredths: Int
  /// Four characters: `ARGB`, `GA8 `, `PDF `, `DATA`…
  public var pixelFormat: String
  /// The CSI layout: 12 image, 1003 packed-image link, 1004 packed image, 1010 multisize image
  /// set, 1019/1020 Icon Composer stack/group…
  public var layout: Int
  /// The appearance's name (`UIAppearanceDark`), when the car names it.
  public var appearanceName: String?

  /// Where it came from, in the model's terms.
  public var source: String { "Assets.car" }
  public var idiomValue: Int { key[CarAttribute.idiom] ?? 0 }
  /// The idiom as asset catalogs spell it (`universal`, `iphone`, `ipad`, `ios-marketing`…).
  public var idiom: String { CarRendition.idiomNames[idiomValue] ?? "idiom \(idiomValue)" }
  /// The scale: the key's (1, 2, 3), else the CSI header's.
  public var scale: Int {
    key[CarAttribute.scale].flatMap { $0 > 0 ? $0 : nil } ?? max(1, scaleHundredths / 100)
  }
  public var subtype: Int { key[CarAttribute.subtype] ?? 0 }
  public var identifier: Int? { key[CarAttribute.identifier] }
  public var appearance: String { appearanceName ?? "any" }
  /// The size in points (pixels over scale), for an image.
  public var pointSize: Double? { width > 0 ? Double(width) / Double(scale) : nil }
  public var layoutName: String? { CarRendition.layoutNames[layout] }
  /// A multisize app icon set (the facet `AppIcon` of an app icon compiled by actool).
  public var isMultisizeImageSet: Bool { layout == 1010 }
  /// An Icon Composer icon stack or group.
  public var isIconComposer: Bool { layout == 1019 || layout == 1020 }

  static let idiomNames: [Int: String] = [
    0: "universal", 1: "iphone", 2: "ipad", 3: "tv", 4: "car", 5: "watch", 6: "ios-marketing",
    7: "mac", 8: "vision",
  ]
  /// Only the layouts seen on app icons are named; others are shown by number.
  static let layoutNames: [Int: String] = [
    12: "image", 1003: "packed image link", 1004: "packed image", 1010: "multisize image set",
    1019: "icon stack", 1020: "icon group",
  ]
}
