import Foundation

/// `Assets.car` files that loop, end early, point past their end, or amplify: many entries
/// sharing one rendition's blocks.
enum Cars {
  /// The block number of a variable's tree header in `writer`.
  static func tree(_ writer: CarWriter, _ name: String) -> Int {
    writer.variables.first { $0.0 == name }!.1
  }

  /// The root block of the tree whose header is `header` (CarWriter adds the root just before).
  static func root(_ writer: CarWriter, _ name: String) -> Int { tree(writer, name) - 1 }

  static func big32(_ bytes: [UInt8], _ at: Int) -> Int {
    (0..<4).reduce(0) { $0 << 8 | Int(bytes[at + $1]) }
  }

  static let sane = CarWriter.appIconCar()

  /// A `.app` with an Info.plist naming `AppIcon` and this car.
  static func app(_ folder: URL, _ name: String, car: [UInt8]) throws {
    try HostileFiles.app(
      folder, name, plist: HostileFiles.infoPlist(primaryFiles: [], primaryName: "AppIcon"),
      pngs: [])
    try HostileFiles.write(folder, name + "/Assets.car", car)
  }

  /// `entries` rendition entries that all point at the same key and CSI blocks (the first
  /// rendition's), in leaves of 1,000: a few megabytes of file, a million renditions listed.
  static func sharedRenditions(_ entries: Int) -> [UInt8] {
    var writer = CarWriter.car(
      facets: [("AppIcon", 100)],
      renditions: [
        CarWriter.Rendition(identifier: 100, idiom: 1, scale: 2, pixels: 120, name: "Icon.png")
      ])
    let leaf = writer.blocks[big32(writer.blocks[root(writer, "RENDITIONS")], 12)]
    let value = big32(leaf, 12)
    let key = big32(leaf, 16)
    let perLeaf = 1000
    let leafCount = (entries + perLeaf - 1) / perLeaf
    let first = writer.blocks.count
    var leaves: [Int] = []
    for index in 0..<leafCount {
      let count = min(perLeaf, entries - index * perLeaf)
      var bytes = CarWriter.big16(1) + CarWriter.big16(count)
      bytes += CarWriter.big32(index + 1 < leafCount ? first + index + 1 : 0) + CarWriter.big32(0)
      for _ in 0..<count { bytes += CarWriter.big32(value) + CarWriter.big32(key) }
      leaves.append(writer.add(bytes))
    }
    var branch = CarWriter.big16(0) + CarWriter.big16(leaves.count) + CarWriter.big32(0)
    branch += CarWriter.big32(0)
    for leaf in leaves { branch += CarWriter.big32(leaf) + CarWriter.big32(0) }
    let rootBlock = writer.add(branch)
    var header = Array("tree".utf8) + CarWriter.big32(1) + CarWriter.big32(rootBlock)
    header += CarWriter.big32(4096) + CarWriter.big32(leaves.count + 1) + [0]
    let number = writer.add(header)
    writer.variables.removeAll { $0.0 == "RENDITIONS" }
    writer.variables.append(("RENDITIONS", number))
    return writer.bytes()
  }

  static let cases: [HostileCase] = [
    // The RENDITIONS tree's branch names itself as its child.
    HostileCase(
      name: "car-branch-to-itself", input: "Loop.app", kind: .artifact, inner: ["Assets.car"]
    ) { folder in
      var writer = sane
      let branch = root(writer, "RENDITIONS")
      writer.blocks[branch] =
        CarWriter.big16(0) + CarWriter.big16(1) + CarWriter.big32(0) + CarWriter.big32(0)
        + CarWriter.big32(branch) + CarWriter.big32(0)
      try app(folder, "Loop.app", car: writer.bytes())
    },
    // The first leaf's forward link names itself.
    HostileCase(
      name: "car-leaf-forward-to-itself", input: "Forward.app", kind: .artifact,
      inner: ["Assets.car"]
    ) { folder in
      var writer = sane
      let leaf = big32(writer.blocks[root(writer, "RENDITIONS")], 12)
      writer.blocks[leaf].replaceSubrange(4..<8, with: CarWriter.big32(leaf))
      try app(folder, "Forward.app", car: writer.bytes())
    },
    // The tree header's root is the tree header itself.
    HostileCase(
      name: "car-tree-root-is-header", input: "Header.app", kind: .artifact, inner: ["Assets.car"]
    ) { folder in
      var writer = sane
      let header = tree(writer, "FACETKEYS")
      writer.blocks[header].replaceSubrange(8..<12, with: CarWriter.big32(header))
      try app(folder, "Header.app", car: writer.bytes())
    },
    // Block addresses past the end of the file, and a huge block count.
    HostileCase(
      name: "car-blocks-past-end", input: "PastEnd.app", kind: .artifact, inner: ["Assets.car"]
    ) { folder in
      var bytes = sane.bytes()
      let index = big32(bytes, 16)
      let count = big32(bytes, index)
      for block in 1..<count where block % 2 == 0 {
        bytes.replaceSubrange(
          index + 4 + block * 8..<index + 8 + block * 8, with: CarWriter.big32(0x7FFF_FF00))
      }
      try app(folder, "PastEnd.app", car: bytes)
    },
    HostileCase(
      name: "car-huge-counts", input: "Counts.app", kind: .artifact, inner: ["Assets.car"]
    ) { folder in
      var writer = sane
      let branch = root(writer, "RENDITIONS")
      writer.blocks[branch].replaceSubrange(2..<4, with: CarWriter.big16(0xFFFF))
      var bytes = writer.bytes()
      let index = big32(bytes, 16)
      bytes.replaceSubrange(index..<index + 4, with: CarWriter.big32(0x7FFF_FFFF))
      try app(folder, "Counts.app", car: bytes)
    },
    // Cut in the middle of its blocks.
    HostileCase(name: "car-truncated", input: "Cut.app", kind: .artifact, inner: ["Assets.car"]) {
      folder in
      let bytes = sane.bytes()
      try app(folder, "Cut.app", car: Array(bytes[0..<bytes.count / 2]))
    },
    // The amplification: 999,000 entries sharing one rendition.
    HostileCase(
      name: "car-999000-shared-renditions", input: "Shared.app", kind: .artifact,
      inner: ["Assets.car"]
    ) { folder in
      try app(folder, "Shared.app", car: sharedRenditions(999_000))
    },
    // A 1 GiB sparse car: only its first bytes are a car.
    HostileCase(name: "car-sparse-1gb", input: "BigCar.app", kind: .artifact, inner: ["Assets.car"])
    {
      folder in
      try HostileFiles.app(
        folder, "BigCar.app",
        plist: HostileFiles.infoPlist(primaryFiles: [], primaryName: "AppIcon"),
        pngs: [])
      try HostileFiles.sparse(folder, "BigCar.app/Assets.car", head: sane.bytes(), size: 1 << 30)
    },
  ]
}
