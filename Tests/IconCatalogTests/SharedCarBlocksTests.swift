import Foundation
import Testing

@testable import IconCatalog

extension CarWriter {
  /// A `RENDITIONS` tree (named again, so it replaces the one `car` wrote) of `count` entries in
  /// leaves of up to 4,000, each entry naming `value` and the key `keys(index)` gives: entries
  /// with the same key block share it.
  mutating func renditionsTree(count: Int, value: [UInt8], key: (Int) -> Int) {
    let valueBlock = add(value)
    var leaves: [[UInt8]] = []
    for start in stride(from: 0, to: count, by: 4000) {
      let end = min(start + 4000, count)
      var leaf = Self.big16(1) + Self.big16(end - start) + Self.big32(0) + Self.big32(0)
      for index in start..<end { leaf += Self.big32(valueBlock) + Self.big32(key(index)) }
      leaves.append(leaf)
    }
    let first = blocks.count
    for (index, var leaf) in leaves.enumerated() {
      let forward = index + 1 < leaves.count ? first + index + 1 : 0
      leaf.replaceSubrange(4..<8, with: Self.big32(forward))
      _ = add(leaf)
    }
    let root = add(
      Self.big16(0) + Self.big16(1) + Self.big32(0) + Self.big32(0) + Self.big32(first)
        + Self.big32(0))
    variable(
      "RENDITIONS",
      Array("tree".utf8) + Self.big32(1) + Self.big32(root) + Self.big32(4096)
        + Self.big32(2) + [0])
  }

  /// A key of `KEYFORMAT` for the `AppIcon` set (identifier 100), iPhone @2x, with `dimension`.
  static func appIconKey(dimension: Int) -> [UInt8] {
    let values: [Int: Int] = [
      CarAttribute.scale: 2, CarAttribute.idiom: 1, CarAttribute.identifier: 100,
      CarAttribute.element: 85, CarAttribute.part: 181, CarAttribute.dimension1: dimension & 0xFFFF,
      CarAttribute.dimension2: dimension >> 16,
    ]
    return keyFormat.flatMap { le16(values[$0] ?? 0) }
  }

  /// A CSI header of an image `pixels` wide, named `name`, with `layout`.
  static func csi(pixels: Int, name: String, layout: Int = 12) -> [UInt8] {
    var csi = Array("ISTC".utf8) + le32(1) + le32(0) + le32(pixels) + le32(pixels) + le32(200)
    csi += Array("BGRA".utf8) + le32(0) + le32(0) + le16(layout) + le16(0) + field(name, 128)
    return csi + le32(0) + [UInt8](repeating: 0, count: 12) + Array("MLEC".utf8)
      + [UInt8](repeating: 0, count: 16)
  }
}

/// A car's entries may share blocks: the limits count distinct keys and renditions, not entries,
/// and what the app's model and `list --json` make of them is proportional to what is distinct.
@Suite struct SharedCarBlocksTests {
  /// 200,000 entries naming one key block and one CSI header are one rendition.
  @Test func entriesSharingOneBlockAreOneRendition() throws {
    var writer = CarWriter.appIconCar()
    let key = writer.add(CarWriter.appIconKey(dimension: 0))
    writer.renditionsTree(
      count: 200_000, value: CarWriter.csi(pixels: 120, name: "Icon-60@2x.png"), key: { _ in key })
    let car = try AssetsCar.read(bytes: writer.bytes(), file: "Shared/Assets.car")
    #expect(car.renditions.count == 1)
    #expect(car.renditions(of: "AppIcon").count == 1)
  }

  /// Distinct key blocks with the same bytes and the same CSI block are one rendition too; keys
  /// that differ only in what the model does not show make one image of the compiled set.
  @Test func sameKeysAndUnshownDifferencesAreOneImage() throws {
    var writer = CarWriter.appIconCar()
    let keys = (0..<1000).map { writer.add(CarWriter.appIconKey(dimension: $0 % 10)) }
    writer.renditionsTree(
      count: 1000, value: CarWriter.csi(pixels: 120, name: "Icon-60@2x.png"),
      key: { keys[$0] })
    var car = try AssetsCar.read(bytes: writer.bytes(), file: "Shared/Assets.car")
    #expect(car.renditions.count == 10)
    // A multisize set makes AppIcon an app icon.
    car.renditions.append(
      CarRendition(
        facet: "AppIcon", name: "AppIcon", key: [:], width: 0, height: 0, scaleHundredths: 100,
        pixelFormat: "", layout: 1010, appearanceName: nil))
    let compiled = CompiledAppIcons(car: car, file: "Shared/Assets.car")
    #expect(compiled.set(named: "AppIcon")?.images.count == 1)
  }

  @Test func tooManyDistinctRenditionsAreRefusedNamingTheCar() throws {
    var writer = CarWriter.appIconCar()
    let count = AssetsCar.maximumRenditions + 1
    let first = writer.blocks.count
    for index in 0..<count { _ = writer.add(CarWriter.appIconKey(dimension: index)) }
    writer.renditionsTree(
      count: count, value: CarWriter.csi(pixels: 120, name: "Icon-60@2x.png"),
      key: { first + $0 })
    #expect {
      try AssetsCar.read(bytes: writer.bytes(), file: "Big/Assets.car")
    } throws: { error in
      (error as? AssetsCarError)?.description.hasPrefix(
        "Big/Assets.car: more than \(AssetsCar.maximumRenditions) distinct renditions") == true
    }
  }
}
