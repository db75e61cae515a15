import Foundation
import IconCatalog

/// Writes small `Assets.car` files the way actool lays them out (a BOM store, CoreUI's blocks
/// little-endian inside), so the reader is tested without Apple's tools; `make builtapps` checks
/// it against real cars.
struct CarWriter {
  var blocks: [[UInt8]] = [[]]  // block 0 is unused
  var variables: [(String, Int)] = []
  /// Leaves per tree hold at most this many entries, so trees get several leaves.
  var leafSize = 2

  mutating func add(_ bytes: [UInt8]) -> Int {
    blocks.append(bytes)
    return blocks.count - 1
  }

  mutating func variable(_ name: String, _ bytes: [UInt8]) {
    variables.append((name, add(bytes)))
  }

  /// A tree: a branch over leaves chained through `forward`. Returns the tree block's number.
  @discardableResult
  mutating func tree(_ name: String, _ entries: [(key: [UInt8], value: [UInt8])]) -> Int {
    let chunks = stride(from: 0, to: max(entries.count, 1), by: leafSize).map {
      Array(entries[min($0, entries.count)..<min($0 + leafSize, entries.count)])
    }
    // Numbers of the leaves to come, so each can name the next.
    let first = blocks.count
    var leafNumbers: [Int] = []
    var entryBlocks: [[(Int, Int)]] = []
    for chunk in chunks {
      entryBlocks.append(chunk.map { (add($0.value), add($0.key)) })
    }
    _ = first
    for (index, chunk) in entryBlocks.enumerated() {
      leafNumbers.append(blocks.count)
      var leaf = Self.big16(1) + Self.big16(chunk.count)
      // forward: the next leaf is added right after this one.
      leaf += Self.big32(index + 1 < entryBlocks.count ? blocks.count + 1 : 0) + Self.big32(0)
      for (value, key) in chunk { leaf += Self.big32(value) + Self.big32(key) }
      _ = add(leaf)
    }
    var branch = Self.big16(0) + Self.big16(leafNumbers.count) + Self.big32(0) + Self.big32(0)
    for leaf in leafNumbers { branch += Self.big32(leaf) + Self.big32(0) }
    let root = add(branch)
    var header = Array("tree".utf8) + Self.big32(1) + Self.big32(root) + Self.big32(4096)
    header += Self.big32(leafNumbers.count + 1) + [0]
    let number = add(header)
    variables.append((name, number))
    return number
  }

  func bytes() -> [UInt8] {
    var out = [UInt8](repeating: 0, count: 32)
    var addresses: [(Int, Int)] = []
    for block in blocks {
      addresses.append(block.isEmpty ? (0, 0) : (out.count, block.count))
      out += block
    }
    let indexOffset = out.count
    out += Self.big32(blocks.count)
    for (address, length) in addresses { out += Self.big32(address) + Self.big32(length) }
    let indexLength = out.count - indexOffset
    let variablesOffset = out.count
    out += Self.big32(variables.count)
    for (name, block) in variables {
      out += Self.big32(block) + [UInt8(name.utf8.count)] + Array(name.utf8)
    }
    let header =
      Array("BOMStore".utf8) + Self.big32(1) + Self.big32(blocks.count) + Self.big32(indexOffset)
      + Self.big32(indexLength) + Self.big32(variablesOffset)
      + Self.big32(out.count - variablesOffset)
    out.replaceSubrange(0..<32, with: header)
    return out
  }

  static func big32(_ value: Int) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
  }
  static func big16(_ value: Int) -> [UInt8] {
    [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
  }
  static func le32(_ value: Int) -> [UInt8] {
    [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: value >> $0) }
  }
  static func le16(_ value: Int) -> [UInt8] {
    [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
  }
  static func field(_ text: String, _ length: Int) -> [UInt8] {
    Array(Array(text.utf8).prefix(length - 1))
      + [UInt8](repeating: 0, count: length - min(text.utf8.count, length - 1))
  }

  /// A rendition: its key in KEYFORMAT order and a CSI header.
  struct Rendition {
    var identifier: Int
    var idiom: Int
    var scale: Int
    var appearance = 0
    var pixels: Int
    var layout = 12
    var name: String
  }

  static let keyFormat = [
    CarAttribute.appearance, CarAttribute.scale, CarAttribute.idiom, CarAttribute.subtype,
    CarAttribute.dimension2, CarAttribute.dimension1, CarAttribute.identifier, CarAttribute.element,
    CarAttribute.part,
  ]

  /// The thinning arguments Xcode writes in `EXTENDED_METADATA` when it builds for the device it
  /// runs on (`--filter-for-thinning-device-configuration`): here an iPhone @3x, as assetutil
  /// shows a real simulator build's (CoreUI 1010, Xcode 27.0); a car for every device has none.
  static let iPhoneThinning =
    "optimized <idiom 1> <subtype 2622> <scale 3> <gamut 1> <graphics 11> <graphicsfallback (10,9,8,7,6,5,4,3,2,1,0)> <memory 8> <deployment 13> <hostedIdioms (4)>"
  /// App Store thinning (carutil) of the same kind, for an iPhone X (subtype 2436).
  static let appStoreThinning =
    "carutil 607.000000, thinned <mode app> <idiom 1> <subtype 2436> <subtypefallback *> <scale 3> <gamut 1> <graphics 6> <graphicsfallback (5,4,3,2,1,0)> <memory 3> <deployment- 5> <hostedIdioms (4)> <removed 4418>"

  /// A car like actool's for an app icon set `AppIcon` (identifier 100) and a dark variant.
  static func appIconCar(renditions: [Rendition]? = nil, thinning: String = "") -> CarWriter {
    car(
      facets: [("AppIcon", 100), ("LaunchImage", 200)], thinning: thinning,
      renditions: renditions ?? [
        Rendition(identifier: 100, idiom: 1, scale: 1, pixels: 0, layout: 1010, name: "AppIcon"),
        Rendition(identifier: 100, idiom: 1, scale: 2, pixels: 120, name: "Icon-App-60x60@2x.png"),
        Rendition(identifier: 100, idiom: 6, scale: 1, pixels: 1024, name: "Icon-1024.png"),
        Rendition(
          identifier: 100, idiom: 2, scale: 2, appearance: 1, pixels: 152, layout: 1003,
          name: "Icon-76@2x.png"),
        Rendition(identifier: 300, idiom: 0, scale: 1, pixels: 1, name: "Orphan.png"),
      ])
  }

  /// A car with these facets (name, identifier) and renditions, laid out as actool's;
  /// `thinning` is the `EXTENDED_METADATA`'s thinning arguments (CoreUI copies at most 255
  /// bytes of them into its 256-byte field).
  static func car(
    facets: [(name: String, identifier: Int)], thinning: String = "", renditions all: [Rendition]
  ) -> CarWriter {
    var writer = CarWriter()
    var header = Array("RATC".utf8) + le32(975) + le32(17) + le32(0) + le32(all.count)
    header += field("@(#)PROGRAM:CoreUI PROJECT:CoreUI-972.1", 128)
    header += field("Xcode 26.2 (17C52) via AssetCatalogSimulatorAgent", 256)
    header += [UInt8](repeating: 0xAB, count: 16) + le32(0) + le32(2) + le32(0) + le32(1)
    writer.variable("CARHEADER", header)
    var metadata =
      Array("META".utf8) + field(thinning, 256) + field("13.0", 256) + field("ios", 256)
    metadata += field("@(#)PROGRAM:CoreThemeDefinition PROJECT:CoreThemeDefinition-653.3", 256)
    writer.variable("EXTENDED_METADATA", metadata)
    var format = Array("tmfk".utf8) + le32(0) + le32(keyFormat.count)
    for attribute in keyFormat { format += le32(attribute) }
    writer.variable("KEYFORMAT", format)
    writer.tree(
      "APPEARANCEKEYS",
      [(Array("UIAppearanceAny".utf8), le16(0)), (Array("UIAppearanceDark".utf8), le16(1))])
    let facet: (Int) -> [UInt8] = { identifier in
      le16(0) + le16(0) + le16(2) + le16(CarAttribute.element) + le16(85)
        + le16(CarAttribute.identifier) + le16(identifier)
    }
    writer.tree(
      "FACETKEYS",
      facets.sorted { $0.name < $1.name }.map { (Array($0.name.utf8), facet($0.identifier)) })
    writer.tree(
      "RENDITIONS",
      all.map { rendition in
        let values: [Int: Int] = [
          CarAttribute.appearance: rendition.appearance, CarAttribute.scale: rendition.scale,
          CarAttribute.idiom: rendition.idiom, CarAttribute.identifier: rendition.identifier,
          CarAttribute.element: 85, CarAttribute.part: 181,
        ]
        let key = keyFormat.flatMap { le16(values[$0] ?? 0) }
        var csi = Array("ISTC".utf8) + le32(1) + le32(0) + le32(rendition.pixels)
        csi += le32(rendition.pixels) + le32(rendition.scale * 100) + Array("BGRA".utf8) + le32(0)
        csi += le32(0) + le16(rendition.layout) + le16(0) + field(rendition.name, 128)
        csi += le32(0) + [UInt8](repeating: 0, count: 12)  // TLV length, rest of the header
        csi += Array("MLEC".utf8) + [UInt8](repeating: 0, count: 16)
        return (key, csi)
      })
    return writer
  }
}
