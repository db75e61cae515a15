import Foundation

/// `.ipa` files that inflate to far more than they hold, lie about their sizes, or name entries
/// outside the archive.
enum ZipBombs {
  /// 255 MiB: just under the 256 MiB an image entry may declare.
  static let bombSize = 255 << 20

  /// A PNG header (1024×1024 RGBA) followed by zeros up to `size` bytes: the entry's first
  /// 33 bytes are all a reader of its width needs.
  static func pngOfZeros(size: Int) -> (stream: [UInt8], crc: UInt32) {
    let head =
      HostileBytes.signature
      + HostileBytes.chunk(
        "IHDR", HostileBytes.big32(1024) + HostileBytes.big32(1024) + [8, 6, 0, 0, 0])
    return (
      ZeroDeflate.stream(prefix: head, count: size - head.count),
      HostileBytes.crc32(head, zeros: size - head.count)
    )
  }

  /// Made once: every bomb case holds the same entry.
  static let bomb = pngOfZeros(size: bombSize)

  static let alternates = (1...200).map { ("Zero \($0)", ["Zero"]) }

  static let cases: [HostileCase] = [
    // The case: 200 alternates whose files all name one honest 255 MiB entry of zeros.
    HostileCase(name: "zip-bomb-200-alternates", input: "Bomb.ipa", kind: .artifact) { folder in
      var zip = ZipWriter()
      HostileFiles.payload(
        &zip, app: "Bomb.app", plist: HostileFiles.infoPlist(alternates: alternates))
      zip.add("Payload/Bomb.app/Zero@2x.png", stream: bomb.stream, crc: bomb.crc, size: bombSize)
      try HostileFiles.write(folder, "Bomb.ipa", zip.bytes())
    },
    // The same entry's bytes named by 200 central directory entries (one local header, many
    // names): overlapping entries, each a 255 MiB bomb.
    HostileCase(name: "zip-overlapping-entries", input: "Overlap.ipa", kind: .artifact) { folder in
      let names = (1...200).map { "Payload/Overlap.app/Zero\($0)@2x.png" }
      let plist = HostileFiles.infoPlist(
        alternates: (1...200).map { ("Zero \($0)", ["Zero\($0)"]) })
      try HostileFiles.write(folder, "Overlap.ipa", overlapping(plist: plist, names: names))
    },
    // Declares 1,000 bytes, inflates to 255 MiB.
    HostileCase(
      name: "zip-declared-size-lies-small", input: "Liar.ipa", kind: .artifact,
      inner: ["AppIcon60x60@2x.png"]
    ) { folder in
      var zip = ZipWriter()
      zip.add("Payload/Liar.app/Info.plist", HostileFiles.infoPlist())
      zip.add(
        "Payload/Liar.app/AppIcon60x60@2x.png", stream: bomb.stream, crc: bomb.crc, size: 1000)
      try HostileFiles.write(folder, "Liar.ipa", zip.bytes())
    },
    // Declares 4 GiB - 1 for a small Info.plist and a small PNG.
    HostileCase(
      name: "zip-declared-size-lies-large", input: "Huge.ipa", kind: .artifact,
      inner: ["Info.plist", "AppIcon60x60@2x.png"]
    ) { folder in
      var zip = ZipWriter()
      zip.add(
        "Payload/Huge.app/Info.plist", Array(HostileFiles.infoPlist().utf8), deflate: true,
        declaredSize: 0xFFFF_FFFF)
      zip.add(
        "Payload/Huge.app/AppIcon60x60@2x.png", HostileBytes.smallPNG(120), deflate: true,
        declaredSize: 0xFFFF_FFFF)
      try HostileFiles.write(folder, "Huge.ipa", zip.bytes())
    },
    // An Info.plist entry that inflates to 255 MiB (its cap is 8 MiB).
    HostileCase(
      name: "zip-bomb-info-plist", input: "PlistBomb.ipa", kind: .artifact, inner: ["Info.plist"]
    ) {
      folder in
      var zip = ZipWriter()
      let head = Array(HostileFiles.infoPlist().utf8)
      zip.add(
        "Payload/PlistBomb.app/Info.plist",
        stream: ZeroDeflate.stream(prefix: head, count: bombSize),
        crc: HostileBytes.crc32(head, zeros: bombSize), size: head.count + bombSize)
      try HostileFiles.write(folder, "PlistBomb.ipa", zip.bytes())
    },
    // Entry names that climb out: `../`, absolute, and through Payload/.
    HostileCase(
      name: "zip-path-traversal", input: "Climb.ipa", kind: .artifact,
      inner: ["../evil.png", "/tmp/iconpick-hostile-evil", "Payload/../../x"]
    ) { folder in
      var zip = ZipWriter()
      HostileFiles.payload(
        &zip, app: "Climb.app",
        plist: HostileFiles.infoPlist(alternates: [
          ("Up", ["../../../../evil"]), ("Root", ["/tmp/iconpick-hostile-evil"]),
        ]))
      zip.add("../evil.png", HostileBytes.smallPNG(16))
      zip.add("/tmp/iconpick-hostile-evil.png", HostileBytes.smallPNG(16))
      zip.add("Payload/../../x", "x")
      zip.add("Payload/Climb.app/../../../../evil@2x.png", HostileBytes.smallPNG(16))
      try HostileFiles.write(folder, "Climb.ipa", zip.bytes())
    },
    // Only traversal: the app itself is `Payload/../../x.app`.
    HostileCase(name: "zip-traversal-app", input: "Escape.ipa", kind: .artifact) { folder in
      var zip = ZipWriter()
      HostileFiles.payload(&zip, app: "../../Escape.app")
      try HostileFiles.write(folder, "Escape.ipa", zip.bytes())
    },
    // Symbolic link entries: the Info.plist to the password file, a PNG to /dev/zero.
    HostileCase(
      name: "zip-symlink-entries", input: "Links.ipa", kind: .artifact,
      inner: ["Info.plist", "AppIcon60x60@2x.png"]
    ) { folder in
      var zip = ZipWriter()
      zip.addSymlink("Payload/Links.app/Info.plist", to: "/etc/passwd")
      zip.addSymlink("Payload/Links.app/AppIcon60x60@2x.png", to: "/dev/zero")
      try HostileFiles.write(folder, "Links.ipa", zip.bytes())
    },
    HostileCase(
      name: "zip-symlink-png", input: "LinkedPNG.ipa", kind: .artifact,
      inner: ["AppIcon60x60@2x.png"]
    ) { folder in
      var zip = ZipWriter()
      zip.add("Payload/LinkedPNG.app/Info.plist", HostileFiles.infoPlist())
      zip.addSymlink("Payload/LinkedPNG.app/AppIcon60x60@2x.png", to: "/dev/zero")
      try HostileFiles.write(folder, "LinkedPNG.ipa", zip.bytes())
    },
  ]

  /// A zip whose central directory names one local entry (a 255 MiB bomb) under many names.
  static func overlapping(plist: String, names: [String]) -> [UInt8] {
    var zip = ZipWriter()
    zip.add("Payload/Overlap.app/Info.plist", plist)
    zip.add(names[0], stream: bomb.stream, crc: bomb.crc, size: bombSize)
    let honest = zip.bytes()
    // The honest zip's second central entry, repeated under each name with the same offset.
    let directoryOffset = Int(le32(honest, honest.count - 6))
    var central = Array(honest[directoryOffset..<(honest.count - 22)])
    let firstLength = 46 + Int(le16(central, 28))
    let plistEntry = Array(central[0..<firstLength])
    let template = Array(central[firstLength...])
    central = plistEntry
    for name in names {
      var entry = Array(template[0..<46])
      entry.replaceSubrange(28..<30, with: ZipWriter.le16(name.utf8.count))
      central += entry + Array(name.utf8)
    }
    var out = Array(honest[0..<directoryOffset]) + central
    out += ZipWriter.le32(0x0605_4B50) + ZipWriter.le16(0) + ZipWriter.le16(0)
    out += ZipWriter.le16(names.count + 1) + ZipWriter.le16(names.count + 1)
    out += ZipWriter.le32(central.count) + ZipWriter.le32(directoryOffset) + ZipWriter.le16(0)
    return out
  }

  static func le32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * UInt32($1)) }
  }
  static func le16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
    UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
  }
}
