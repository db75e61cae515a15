import Foundation
import Testing

@testable import IconCatalog

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

  /// A car like actool's for an app icon set `AppIcon` (identifier 100) and a dark variant.
  static func appIconCar(renditions: [Rendition]? = nil) -> CarWriter {
    var writer = CarWriter()
    var header = Array("RATC".utf8) + le32(975) + le32(17) + le32(0) + le32(renditions?.count ?? 4)
    header += field("@(#)PROGRAM:CoreUI PROJECT:CoreUI-972.1", 128)
    header += field("Xcode 26.2 (17C52) via AssetCatalogSimulatorAgent", 256)
    header += [UInt8](repeating: 0xAB, count: 16) + le32(0) + le32(2) + le32(0) + le32(1)
    writer.variable("CARHEADER", header)
    var metadata = Array("META".utf8) + field("", 256) + field("13.0", 256) + field("ios", 256)
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
      "FACETKEYS", [(Array("AppIcon".utf8), facet(100)), (Array("LaunchImage".utf8), facet(200))])
    let all =
      renditions ?? [
        Rendition(identifier: 100, idiom: 1, scale: 1, pixels: 0, layout: 1010, name: "AppIcon"),
        Rendition(identifier: 100, idiom: 1, scale: 2, pixels: 120, name: "Icon-App-60x60@2x.png"),
        Rendition(identifier: 100, idiom: 6, scale: 1, pixels: 1024, name: "Icon-1024.png"),
        Rendition(
          identifier: 100, idiom: 2, scale: 2, appearance: 1, pixels: 152, layout: 1003,
          name: "Icon-76@2x.png"),
        Rendition(identifier: 300, idiom: 0, scale: 1, pixels: 1, name: "Orphan.png"),
      ]
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

@Suite struct AssetsCarTests {
  static func read(_ bytes: [UInt8]) throws(AssetsCarError) -> AssetsCar {
    try AssetsCar.read(bytes: bytes, file: "App.app/Assets.car")
  }

  @Test func readsVersionsFacetsAndRenditions() throws {
    let car = try Self.read(CarWriter.appIconCar().bytes())
    #expect(car.versionString == "Xcode 26.2 (17C52) via AssetCatalogSimulatorAgent")
    #expect(car.mainVersion == "@(#)PROGRAM:CoreUI PROJECT:CoreUI-972.1")
    #expect(car.coreUIVersion == 975)
    #expect(car.schemaVersion == 2)
    #expect(car.metadata?.deploymentPlatform == "ios")
    #expect(car.metadata?.deploymentPlatformVersion == "13.0")
    #expect(car.metadata?.authoringTool.contains("CoreThemeDefinition-653.3") == true)
    #expect(car.keyFormat == CarWriter.keyFormat)
    #expect(car.facets.map(\.name) == ["AppIcon", "LaunchImage"])
    #expect(car.facets.first?.identifier == 100)
    #expect(car.appearances == [0: "UIAppearanceAny", 1: "UIAppearanceDark"])
    #expect(car.renditions.count == 5)

    let icon = car.renditions(of: "AppIcon")
    #expect(icon.count == 4)
    #expect(icon.filter(\.isMultisizeImageSet).count == 1)
    let phone = try #require(icon.first { $0.width == 120 })
    #expect(phone.idiom == "iphone")
    #expect(phone.scale == 2)
    #expect(phone.pointSize == 60)
    #expect(phone.appearance == "UIAppearanceAny")
    #expect(phone.name == "Icon-App-60x60@2x.png")
    #expect(phone.pixelFormat == "ARGB")
    #expect(phone.layoutName == "image")
    #expect(phone.source == "Assets.car")
    let marketing = try #require(icon.first { $0.width == 1024 })
    #expect(marketing.idiom == "ios-marketing")
    let pad = try #require(icon.first { $0.width == 152 })
    #expect(pad.idiom == "ipad")
    #expect(pad.appearance == "UIAppearanceDark")
    #expect(pad.layout == 1003)
    // A rendition whose identifier no facet has keeps no facet name.
    #expect(car.renditions.contains { $0.facet == nil && $0.name == "Orphan.png" })
  }

  @Test func iconComposerLayoutsAreNamed() throws {
    let writer = CarWriter.appIconCar(renditions: [
      .init(identifier: 100, idiom: 0, scale: 1, pixels: 0, layout: 1019, name: "AppIcon"),
      .init(identifier: 100, idiom: 0, scale: 1, pixels: 0, layout: 1020, name: "Group"),
    ])
    let car = try Self.read(writer.bytes())
    #expect(car.renditions.map(\.isIconComposer) == [true, true])
    #expect(car.renditions.map(\.layoutName) == ["icon stack", "icon group"])
  }

  @Test func aFileThatIsNotACarSaysSo() {
    #expect(
      throws: AssetsCarError.notACar(
        file: "App.app/Assets.car", reason: "it does not start with \"BOMStore\"")
    ) {
      try Self.read(Array("PK\u{3}\u{4} not a car at all, but long enough to be read".utf8))
    }
    var writer = CarWriter()
    writer.variable("SOMETHING", [1, 2, 3])
    #expect(
      throws: AssetsCarError.notACar(
        file: "App.app/Assets.car", reason: "a BOM store without a CARHEADER")
    ) {
      try Self.read(writer.bytes())
    }
  }

  @Test func aTreeWhoseLeavesLoopIsAnError() throws {
    var writer = CarWriter.appIconCar()
    // The RENDITIONS tree's last leaf: point its forward link back at the first leaf.
    let tree = writer.variables.first { $0.0 == "RENDITIONS" }!.1
    let root =
      Int(writer.blocks[tree][8]) << 24 | Int(writer.blocks[tree][9]) << 16
      | Int(writer.blocks[tree][10]) << 8 | Int(writer.blocks[tree][11])
    let branch = writer.blocks[root]
    let firstLeaf =
      Int(branch[12]) << 24 | Int(branch[13]) << 16 | Int(branch[14]) << 8 | Int(branch[15])
    let lastLeafAt = 12 + (Int(branch[3]) - 1) * 8
    let lastLeaf =
      Int(branch[lastLeafAt]) << 24 | Int(branch[lastLeafAt + 1]) << 16
      | Int(branch[lastLeafAt + 2]) << 8 | Int(branch[lastLeafAt + 3])
    writer.blocks[lastLeaf].replaceSubrange(4..<8, with: CarWriter.big32(firstLeaf))
    do {
      _ = try Self.read(writer.bytes())
      Issue.record("a looping tree was read")
    } catch {
      #expect(error.description.contains("loops back"), "\(error)")
    }
    // A branch that points at itself.
    var selfish = CarWriter.appIconCar()
    selfish.blocks[root].replaceSubrange(12..<16, with: CarWriter.big32(root))
    #expect(
      throws: AssetsCarError.damaged(
        file: "App.app/Assets.car", reason: "the tree RENDITIONS loops back to block \(root)")
    ) {
      try Self.read(selfish.bytes())
    }
  }

  @Test func hugeCountsAndOffsetsPastTheEndAreErrors() throws {
    let good = CarWriter.appIconCar().bytes()
    // The block index's count: 4 billion blocks in a few hundred bytes.
    var hugeIndex = good
    let indexOffset = Int(good[16]) << 24 | Int(good[17]) << 16 | Int(good[18]) << 8 | Int(good[19])
    hugeIndex.replaceSubrange(indexOffset..<indexOffset + 4, with: [0xFF, 0xFF, 0xFF, 0xFF])
    #expect(throws: AssetsCarError.self) { try Self.read(hugeIndex) }
    // The variables past the end of the file.
    var farVariables = good
    farVariables.replaceSubrange(24..<28, with: [0x7F, 0, 0, 0])
    #expect(
      throws: AssetsCarError.damaged(
        file: "App.app/Assets.car", reason: "the variables runs past the end of the file")
    ) {
      try Self.read(farVariables)
    }
    // A leaf that claims 65535 entries.
    var writer = CarWriter.appIconCar()
    let leaf = writer.blocks.firstIndex { $0.count >= 12 && $0[0] == 0 && $0[1] == 1 }!
    writer.blocks[leaf].replaceSubrange(2..<4, with: [0xFF, 0xFF])
    do {
      _ = try Self.read(writer.bytes())
      Issue.record("a leaf with 65535 entries in a few bytes was read")
    } catch {
      #expect(error.description.contains("claims 65535 entries"), "\(error)")
    }
  }

  /// A block may be named by any number of entries, so what one entry reads from it is capped:
  /// a name or an attribute list past the caps is refused instead of read again and again.
  @Test func namesAndAttributeListsAreCapped() throws {
    var writer = CarWriter.appIconCar()
    writer.tree(
      "APPEARANCEKEYS",
      [([UInt8](repeating: 0x41, count: AssetsCar.maximumNameLength + 1), CarWriter.le16(2))])
    do {
      _ = try Self.read(writer.bytes())
      Issue.record("a 4 KB appearance name was read")
    } catch {
      #expect(error.description.contains("an appearance name of 4097 bytes"), "\(error)")
    }
    var format = CarWriter.appIconCar()
    let keyFormat = format.variables.first { $0.0 == "KEYFORMAT" }!.1
    format.blocks[keyFormat] =
      Array("tmfk".utf8) + CarWriter.le32(0) + CarWriter.le32(300)
      + [UInt8](repeating: 0, count: 1200)
    #expect(throws: AssetsCarError.self) { try Self.read(format.bytes()) }
  }

  /// Every prefix of a car, and the car with any one byte changed, is read or refused with an
  /// `AssetsCarError`: never a crash (the fuzz target `car` goes further).
  @Test func everyTruncationAndEveryByteFlipIsReadOrRefused() throws {
    let good = CarWriter.appIconCar().bytes()
    var refused = 0
    for length in 0..<good.count {
      do { _ = try Self.read(Array(good.prefix(length))) } catch { refused += 1 }
    }
    #expect(refused > good.count / 2)
    for offset in 0..<good.count {
      var flipped = good
      flipped[offset] ^= 0xFF
      _ = try? Self.read(flipped)
    }
  }

  @Test func aCarOnDiskIsReadAndAMissingOneIsUnreadable() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("car-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("Assets.car")
    try Data(CarWriter.appIconCar().bytes()).write(to: file)
    #expect(try AssetsCar.read(file).renditions.count == 5)
    #expect(throws: AssetsCarError.self) {
      try AssetsCar.read(folder.appendingPathComponent("Missing.car"))
    }
  }
}
