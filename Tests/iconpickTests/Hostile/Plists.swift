import Foundation

/// Odd Info.plist files: nested 400 levels with many values (the line index's key paths), deeper
/// still, comments holding an unclosed tag many times, a 1 GiB sparse file, binary plists whose
/// offsets loop or point astray, and bundle identifiers that cannot name a state file.
enum Plists {
  /// 400 nested dictionaries under a key, each level holding `values` strings first: about
  /// 1.6 MB with 100 values a level.
  static func deep(levels: Int = 400, values: Int = 100) -> String {
    var text = "<key>Deep</key>\n"
    for level in 0..<levels {
      text += "<dict>\n"
      for value in 0..<values { text += "<key>k\(level)-\(value)</key><string>v</string>\n" }
      text += "<key>d</key>\n"
    }
    text += "<string>bottom</string>\n" + String(repeating: "</dict>\n", count: levels)
    return text
  }

  /// Arrays nested `levels` deep, nothing else.
  static func nested(_ levels: Int) -> String {
    "<key>Nested</key>" + String(repeating: "<array>", count: levels)
      + String(repeating: "</array>", count: levels) + "\n"
  }

  /// A comment whose first `>` comes before an unclosed tag, `count` times.
  static func comments(_ count: Int) -> String {
    String(repeating: "<!-- > <zz -->\n", count: count)
  }

  /// A binary plist of these objects (references one byte wide), the first at the top; offsets
  /// may be given instead of the real ones, and the trailer's fields overridden.
  static func binary(
    _ objects: [[UInt8]], offsets: [Int]? = nil, objectCount: Int? = nil, top: Int = 0,
    tableOffset: Int? = nil, offsetSize: UInt8 = 2
  ) -> [UInt8] {
    var out = Array("bplist00".utf8)
    var real: [Int] = []
    for object in objects {
      real.append(out.count)
      out += object
    }
    let table = out.count
    for offset in offsets ?? real {
      out += (0..<Int(offsetSize)).reversed().map { UInt8(truncatingIfNeeded: offset >> ($0 * 8)) }
    }
    func big64(_ value: Int) -> [UInt8] {
      (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
    out += [0, 0, 0, 0, 0, 0, offsetSize, 1]
    out += big64(objectCount ?? objects.count) + big64(top) + big64(tableOffset ?? table)
    return out
  }

  static func ascii(_ text: String) -> [UInt8] {
    let count = text.utf8.count
    return (count < 15 ? [0x50 | UInt8(count)] : [0x5F, 0x10, UInt8(count)]) + Array(text.utf8)
  }

  /// `{CFBundleIdentifier: "com.example.x", CFBundleIcons: [itself]}`: an array that holds itself.
  static let cyclic = binary([
    [0xD2, 1, 2, 3, 4], ascii("CFBundleIdentifier"), ascii("CFBundleIcons"), ascii("com.example.x"),
    [0xA1, 4],
  ])

  /// A binary Info.plist whose bundle identifier is `com.example.é` with the é's UTF-16 unit
  /// replaced by `unit`.
  static func identifier(unit: [UInt8]) throws -> Data {
    var data = try HostileFiles.binaryInfoPlist(bundleIdentifier: "com.example.\u{E9}")
    let bytes = [UInt8](data)
    guard let at = (0..<bytes.count - 1).first(where: { bytes[$0] == 0 && bytes[$0 + 1] == 0xE9 })
    else { throw HostileError("no é in the binary plist") }
    data.replaceSubrange(at..<at + 2, with: unit)
    return data
  }

  static func app(_ folder: URL, _ name: String, plist: String) throws {
    try HostileFiles.app(folder, name, plist: plist)
  }

  static func project(_ folder: URL, _ name: String, plist: String) throws {
    try HostileFiles.write(folder, name + "/Info.plist", plist)
    try HostileFiles.write(
      folder, name + "/App.xcconfig", "PRODUCT_BUNDLE_IDENTIFIER = com.example.hostile\n")
    try HostileFiles.write(folder, name + "/AppIcon60x60@2x.png", HostileBytes.smallPNG(120))
  }

  static let sparseHead = Array(
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\n".utf8)

  static let cases: [HostileCase] = [
    HostileCase(
      name: "plist-deep-400-wide", input: "Deep.app", kind: .artifact, inner: ["Info.plist"]
    ) {
      folder in
      try app(folder, "Deep.app", plist: HostileFiles.infoPlist(extra: deep()))
    },
    HostileCase(
      name: "project-plist-deep-400-wide", input: "Project", kind: .project, inner: ["Info.plist"]
    ) { folder in
      try project(folder, "Project", plist: HostileFiles.infoPlist(extra: deep()))
    },
    HostileCase(
      name: "plist-nested-100000", input: "Nested.app", kind: .artifact, inner: ["Info.plist"]
    ) { folder in
      try app(folder, "Nested.app", plist: HostileFiles.infoPlist(extra: nested(100_000)))
    },
    HostileCase(
      name: "plist-comments-unclosed-tag", input: "Comments.app", kind: .artifact,
      inner: ["Info.plist"]
    ) { folder in
      try app(folder, "Comments.app", plist: HostileFiles.infoPlist(extra: comments(100_000)))
    },
    HostileCase(
      name: "project-plist-comments-unclosed-tag", input: "Project", kind: .project,
      inner: ["Info.plist"]
    ) { folder in
      try project(folder, "Project", plist: HostileFiles.infoPlist(extra: comments(100_000)))
    },
    HostileCase(
      name: "plist-sparse-1gb", input: "Sparse.app", kind: .artifact, inner: ["Info.plist"]
    ) {
      folder in
      try HostileFiles.app(folder, "Sparse.app", plist: nil)
      try HostileFiles.sparse(folder, "Sparse.app/Info.plist", head: sparseHead, size: 1 << 30)
    },
    HostileCase(
      name: "xcarchive-plist-sparse-1gb", input: "Sparse.xcarchive", kind: .artifact,
      inner: ["Info.plist"]
    ) { folder in
      try HostileFiles.xcarchive(folder, "Sparse.xcarchive")
      try HostileFiles.app(folder, "Sparse.xcarchive/Products/Applications/Hostile.app", plist: nil)
      try HostileFiles.sparse(
        folder, "Sparse.xcarchive/Products/Applications/Hostile.app/Info.plist", head: sparseHead,
        size: 1 << 30)
    },
    HostileCase(
      name: "xcarchive-own-plist-sparse-1gb", input: "Own.xcarchive", kind: .artifact,
      inner: ["Info.plist"]
    ) { folder in
      try HostileFiles.app(folder, "Own.xcarchive/Products/Applications/Hostile.app")
      try HostileFiles.sparse(folder, "Own.xcarchive/Info.plist", head: sparseHead, size: 1 << 30)
    },
    HostileCase(
      name: "project-plist-sparse-1gb", input: "Project", kind: .project, inner: ["Info.plist"]
    ) { folder in
      try project(folder, "Project", plist: "")
      try HostileFiles.sparse(folder, "Project/Info.plist", head: sparseHead, size: 1 << 30)
    },
    HostileCase(name: "bplist-cycle", input: "Cycle.app", kind: .artifact, inner: ["Info.plist"]) {
      folder in
      try HostileFiles.app(folder, "Cycle.app", plist: nil)
      try HostileFiles.write(folder, "Cycle.app/Info.plist", cyclic)
    },
    // Every object's offset is the top dictionary's: values that are the dictionary itself.
    HostileCase(
      name: "bplist-offsets-all-top", input: "Offsets.app", kind: .artifact, inner: ["Info.plist"]
    ) { folder in
      try HostileFiles.app(folder, "Offsets.app", plist: nil)
      try HostileFiles.write(
        folder, "Offsets.app/Info.plist",
        binary([[0xD1, 1, 2], ascii("A"), ascii("B")], offsets: [8, 8, 8]))
    },
    // Offsets into the middle of objects, past the end, and an odd table offset.
    HostileCase(
      name: "bplist-offsets-odd", input: "Odd.app", kind: .artifact, inner: ["Info.plist"]
    ) { folder in
      try HostileFiles.app(folder, "Odd.app", plist: nil)
      try HostileFiles.write(
        folder, "Odd.app/Info.plist",
        binary(
          [[0xD1, 1, 2], ascii("CFBundleIcons"), ascii("B")], offsets: [8, 12, 0xFFFF],
          tableOffset: 13))
    },
    HostileCase(
      name: "bplist-huge-object-count", input: "Count.app", kind: .artifact, inner: ["Info.plist"]
    ) { folder in
      try HostileFiles.app(folder, "Count.app", plist: nil)
      try HostileFiles.write(
        folder, "Count.app/Info.plist",
        binary([[0xD1, 1, 2], ascii("A"), ascii("B")], objectCount: 1 << 62, top: (1 << 62) - 1))
    },
    // A bundle identifier holding an unpaired UTF-16 surrogate: no UTF-8 spelling. Foundation
    // read it as U+FFFD; FoundationEssentials' PropertyListDecoder refuses the file, which is
    // then named.
    HostileCase(
      name: "bundle-id-not-utf8", input: "Surrogate.app", kind: .artifact,
      inner: ["Info.plist"]
    ) { folder in
      try HostileFiles.app(folder, "Surrogate.app", plist: nil)
      try HostileFiles.write(
        folder, "Surrogate.app/Info.plist", try identifier(unit: [0xD8, 0x00]))
    },
    // A bundle identifier that would climb out of the state folder as a file name.
    HostileCase(
      name: "bundle-id-slashes", input: "Slashes.app", kind: .artifact,
      mustRead: [.list, .listJSON, .showOutput]
    ) { folder in
      try HostileFiles.app(
        folder, "Slashes.app", plist: HostileFiles.infoPlist(bundleIdentifier: "../../../../tmp/x"))
    },
  ]
}
