import Foundation
import Testing

@testable import IconCatalog

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
