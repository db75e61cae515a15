import Foundation
import Testing

/// Small versions of the hostile artifacts, as seeds for the fuzz targets that read each kind of
/// file (Tests/Fuzz/TARGET/seeds/hostile-*): `make fuzz` starts from them, and `swift test`
/// replays them (IconFuzzingTests). Each stays under its target's `-max_len`.
///
/// `ICONPICK_WRITE_FUZZ_SEEDS=1 swift test --filter HostileSeeds` writes them; otherwise the test
/// fails until the files on disk are what the generator makes.
@Suite struct HostileSeeds {
  /// FuzzTarget.maxLength (IconFuzzing), which this target cannot import.
  static let maxLength = [
    "infoplist": 4096, "contentsjson": 4096, "iconjson": 8192, "png": 16384, "pngdiff": 16384,
    "cgbi": 16384, "car": 16384, "ipa": 16384,
  ]

  static var fuzzFolder: URL {
    packageRoot().appendingPathComponent("Tests/Fuzz")
  }

  /// A UTF-16 string object of a binary plist.
  static func utf16(_ units: [UInt16]) -> [UInt8] {
    precondition(units.count < 15)
    return [0x60 | UInt8(units.count)] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
  }

  /// `{CFBundleIdentifier: ID, CFBundleIcons: {CFBundleAlternateIcons: {NAME: {CFBundleIconFiles:
  /// [FILE]}}}}` as a binary plist, each string given as its object's bytes.
  static func icons(identifier: [UInt8], name: [UInt8], file: [UInt8]) -> [UInt8] {
    Plists.binary([
      [0xD2, 1, 2, 3, 4], Plists.ascii("CFBundleIdentifier"), Plists.ascii("CFBundleIcons"),
      identifier, [0xD1, 5, 6], Plists.ascii("CFBundleAlternateIcons"), [0xD1, 7, 8], name,
      [0xD1, 9, 10], Plists.ascii("CFBundleIconFiles"), [0xA1, 11], file,
    ])
  }

  static func plain(_ text: String) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\(text)</plist>\n"
  }

  static func zip(_ build: (inout ZipWriter) -> Void) -> [UInt8] {
    var zip = ZipWriter()
    build(&zip)
    return zip.bytes()
  }

  /// Every seed: (target, file name, bytes).
  static func seeds() throws -> [(String, String, [UInt8])] {
    var seeds: [(String, String, [UInt8])] = []
    func add(_ target: String, _ name: String, _ bytes: [UInt8]) {
      seeds.append((target, "hostile-" + name, bytes))
    }
    func add(_ target: String, _ name: String, _ text: String) {
      add(target, name, Array(text.utf8))
    }

    // Info.plist
    add(
      "infoplist", "deep-wide.plist",
      HostileFiles.infoPlist(extra: Plists.deep(levels: 30, values: 1)))
    add(
      "infoplist", "nested-200.plist",
      plain(Plists.nested(200).replacingOccurrences(of: "<key>Nested</key>", with: "")))
    add("infoplist", "unclosed-500.plist", plain(String(repeating: "<array>", count: 500)))
    add(
      "infoplist", "comments-unclosed-tag.plist",
      HostileFiles.infoPlist(extra: Plists.comments(180)))
    add("infoplist", "bplist-cycle.plist", Plists.cyclic)
    add(
      "infoplist", "bplist-offsets-all-top.plist",
      Plists.binary([[0xD1, 1, 2], Plists.ascii("A"), Plists.ascii("B")], offsets: [8, 8, 8]))
    add(
      "infoplist", "bplist-offsets-odd.plist",
      Plists.binary(
        [[0xD1, 1, 2], Plists.ascii("CFBundleIcons"), Plists.ascii("B")], offsets: [8, 12, 0xFFFF],
        tableOffset: 13))
    add(
      "infoplist", "bplist-huge-count.plist",
      Plists.binary(
        [[0xD1, 1, 2], Plists.ascii("A"), Plists.ascii("B")], objectCount: 1 << 62,
        top: (1 << 62) - 1))
    add(
      "infoplist", "bplist-id-surrogate.plist",
      icons(
        identifier: utf16(Array("com.x.".utf16) + [0xD800]), name: Plists.ascii("Blue"),
        file: Plists.ascii("Blue")))
    add(
      "infoplist", "bplist-escapes.plist",
      icons(
        identifier: Plists.ascii("com.x.\u{1B}[2J"), name: Plists.ascii(Names.title),
        file: utf16(Array("\u{9B}2J\u{1B}[31m".utf16))))
    add(
      "infoplist", "id-slashes.plist",
      HostileFiles.infoPlist(
        bundleIdentifier: "../../../../tmp/x", alternates: [("../x", ["../../y"])]))

    // Assets.car
    add("car", "branch-to-itself.car", try carBytes("car-branch-to-itself"))
    add("car", "leaf-forward-to-itself.car", try carBytes("car-leaf-forward-to-itself"))
    add("car", "tree-root-is-header.car", try carBytes("car-tree-root-is-header"))
    add("car", "blocks-past-end.car", try carBytes("car-blocks-past-end"))
    add("car", "huge-counts.car", try carBytes("car-huge-counts"))
    add("car", "1200-shared-renditions.car", Cars.sharedRenditions(1200))

    // .ipa: a small bomb (1.5 MiB of zeros in 10 KB), lies, traversal, links, odd archives.
    let small = 3 << 19
    let header =
      HostileBytes.signature
      + HostileBytes.chunk(
        "IHDR", HostileBytes.big32(1024) + HostileBytes.big32(1024) + [8, 6, 0, 0, 0])
    let stream = ZeroDeflate.stream(prefix: header, count: small - header.count)
    let crc = HostileBytes.crc32(header, zeros: small - header.count)
    add(
      "ipa", "bomb-20-alternates.ipa",
      zip { zip in
        HostileFiles.payload(
          &zip, app: "Bomb.app",
          plist: HostileFiles.infoPlist(alternates: (1...20).map { ("Z\($0)", ["Zero"]) }),
          png: HostileBytes.smallPNG(8))
        zip.add("Payload/Bomb.app/Zero@2x.png", stream: stream, crc: crc, size: small)
      })
    add(
      "ipa", "declared-size-lies.ipa",
      zip { zip in
        zip.add("Payload/Liar.app/Info.plist", HostileFiles.infoPlist())
        zip.add("Payload/Liar.app/AppIcon60x60@2x.png", stream: stream, crc: crc, size: 100)
      })
    add(
      "ipa", "declared-size-huge.ipa",
      zip { zip in
        zip.add(
          "Payload/Huge.app/Info.plist", Array(HostileFiles.infoPlist().utf8), deflate: true,
          declaredSize: 0xFFFF_FFFF)
      })
    add(
      "ipa", "traversal.ipa",
      zip { zip in
        HostileFiles.payload(
          &zip, app: "Climb.app",
          plist: HostileFiles.infoPlist(alternates: [("Up", ["../../../../evil"])]),
          png: HostileBytes.smallPNG(8))
        zip.add("../evil.png", HostileBytes.smallPNG(4))
        zip.add("/tmp/evil.png", HostileBytes.smallPNG(4))
        zip.add("Payload/../../x", "x")
      })
    add(
      "ipa", "symlink-entries.ipa",
      zip { zip in
        zip.addSymlink("Payload/Links.app/Info.plist", to: "/etc/passwd")
        zip.addSymlink("Payload/Links.app/AppIcon60x60@2x.png", to: "/dev/zero")
      })
    add("ipa", "no-payload.ipa", zip { $0.add("Hostile.app/Info.plist", HostileFiles.infoPlist()) })
    add("ipa", "empty.ipa", ZipWriter().bytes())
    add(
      "ipa", "escape-names.ipa",
      zip { zip in
        HostileFiles.payload(&zip, app: "\(Names.clear).app", png: HostileBytes.smallPNG(8))
        zip.add("Payload/\(Names.clear).app/\(Names.title)@2x.png", Array("\(Names.c1)".utf8))
      })

    // PNG and CgBI: huge headers over tiny data, the 8192² limit cut to its first bytes, more
    // data than the image holds, a text chunk that claims 2 GB.
    func cut(_ png: [UInt8], _ length: Int) -> [UInt8] {
      // The IHDR and the start of the IDAT, then IEND: a truncated stream in a valid chunk.
      let ihdrEnd = png.firstRange(of: Array("IDAT".utf8))!.lowerBound - 4
      let streamStart = ihdrEnd + 8
      let data = Array(png[streamStart..<streamStart + length])
      return Array(png[0..<ihdrEnd]) + HostileBytes.chunk("IDAT", data)
        + HostileBytes.chunk("IEND", [])
    }
    add("png", "huge-ihdr.png", HostileBytes.png(width: 100_000, height: 100_000, rawBytes: 64))
    add("png", "8192-cut.png", cut(HostileBytes.png(width: 8192, height: 8192), 4000))
    add(
      "png", "8192-adam7-cut.png",
      cut(HostileBytes.png(width: 8192, height: 8192, interlaced: true), 4000))
    add(
      "png", "idat-larger-than-image.png",
      HostileBytes.png(width: 16, height: 16, rawBytes: 1 << 20))
    add("png", "text-chunk-2gb.png", HostileBytes.damagedTextChunk)
    add("pngdiff", "text-chunk-2gb.png", HostileBytes.damagedTextChunk)
    add(
      "cgbi", "huge-ihdr.png",
      HostileBytes.png(width: 1 << 30, height: 1 << 30, cgbi: true, rawBytes: 64))
    add(
      "cgbi", "8192-adam7-cut.png",
      cut(HostileBytes.png(width: 8192, height: 8192, interlaced: true, cgbi: true), 4000))
    add(
      "cgbi", "idat-larger-than-image.png",
      HostileBytes.png(width: 16, height: 16, cgbi: true, rawBytes: 1 << 20))

    // Contents.json and icon.json: deep nesting, escapes in names, long names.
    add(
      "contentsjson", "deep-1000.json",
      "{\"images\":" + String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000)
        + "}")
    add(
      "contentsjson", "escape-names.json",
      #"{"images":[{"filename":"\u001b[2J.png","idiom":"universal","platform":"ios","size":"1024x1024"},"#
        + #"{"filename":"\u001b]0;x\u0007\u009b2J.png","idiom":"\u001b[31m","size":"60x60","scale":"2x"}]}"#
    )
    add(
      "contentsjson", "long-name.json",
      #"{"images":[{"filename":""# + String(repeating: "A", count: 3000)
        + #".png","idiom":"universal","platform":"ios","size":"1024x1024"}]}"#)
    add(
      "iconjson", "deep-2000.json",
      "{\"groups\":" + String(repeating: "[", count: 2000) + String(repeating: "]", count: 2000)
        + "}")
    add(
      "iconjson", "escape-names.json",
      #"{"groups":[{"layers":[{"image-name":"\u001b[2J.png","name":"\u001b]0;x\u0007"},"#
        + #"{"image-name":"\u009b2J.svg","name":"\u009b31m"}]}]}"#)
    add(
      "iconjson", "long-name.json",
      #"{"groups":[{"layers":[{"image-name":""# + String(repeating: "B", count: 6000)
        + #".png"}]}]}"#)
    return seeds
  }

  /// The car a case writes, read back from its app folder.
  static func carBytes(_ name: String) throws -> [UInt8] {
    let hostile = try #require(Cars.cases.first { $0.name == name })
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "iconpick-seed-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try hostile.write(folder)
    return [UInt8](
      try Data(
        contentsOf: folder.appendingPathComponent(hostile.input).appendingPathComponent(
          "Assets.car")))
  }

  @Test func theHostileSeedsAreWrittenAndSmall() throws {
    let write = ProcessInfo.processInfo.environment["ICONPICK_WRITE_FUZZ_SEEDS"] != nil
    for (target, name, bytes) in try Self.seeds() {
      #expect(bytes.count <= Self.maxLength[target]!, "\(target)/\(name): \(bytes.count) bytes")
      let file = Self.fuzzFolder.appendingPathComponent("\(target)/seeds/\(name)")
      if write {
        try Data(bytes).write(to: file)
      } else {
        let onDisk = try? Data(contentsOf: file)
        #expect(
          onDisk == Data(bytes),
          "\(target)/seeds/\(name) differs from the generator: ICONPICK_WRITE_FUZZ_SEEDS=1 swift test --filter HostileSeeds"
        )
      }
    }
  }
}
