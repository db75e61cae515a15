import Foundation

/// Decompression-bomb PNGs: huge IHDR dimensions with a tiny IDAT, full 8192² images (the
/// decoder's limit) plain and interlaced, CgBI ones, PNGs whose header lies about the data, and
/// one whose text chunk lies about its length.
enum PNGBombs {
  static let side = 8192

  /// A `.app` whose primary icon's loose file is `png`.
  static func app(_ folder: URL, _ name: String, png: [UInt8]) throws {
    try HostileFiles.app(folder, name, pngs: [])
    try HostileFiles.write(folder, name + "/AppIcon60x60@2x.png", png)
  }

  /// A project folder (Info.plist, a build setting file, an icon set) whose single-size 1024
  /// app icon set's image is `png`.
  static func project(_ folder: URL, _ name: String, png: [UInt8]) throws {
    try HostileFiles.write(
      folder, name + "/Info.plist",
      HostileFiles.infoPlist(
        bundleIdentifier: "$(PRODUCT_BUNDLE_IDENTIFIER)", primaryFiles: [], primaryName: "AppIcon"))
    try HostileFiles.write(
      folder, name + "/App.xcconfig",
      "PRODUCT_BUNDLE_IDENTIFIER = com.example.hostile\nASSETCATALOG_COMPILER_APPICON_NAME = AppIcon\n"
    )
    try HostileFiles.write(
      folder, name + "/Assets.xcassets/AppIcon.appiconset/Contents.json",
      """
      {"images":[{"filename":"AppIcon.png","idiom":"universal","platform":"ios","size":"1024x1024"}],
       "info":{"author":"xcode","version":1}}
      """)
    try HostileFiles.write(folder, name + "/Assets.xcassets/AppIcon.appiconset/AppIcon.png", png)
  }

  static let cases: [HostileCase] = [
    // 100,000² RGBA declared, a few bytes of IDAT.
    HostileCase(
      name: "png-huge-ihdr-tiny-idat", input: "Huge.app", kind: .artifact,
      inner: ["AppIcon60x60@2x.png"]
    ) { folder in
      try app(
        folder, "Huge.app", png: HostileBytes.png(width: 100_000, height: 100_000, rawBytes: 64))
    },
    HostileCase(
      name: "png-8192-rgba", input: "Full.app", kind: .artifact, inner: ["AppIcon60x60@2x.png"]
    ) { folder in
      try app(folder, "Full.app", png: HostileBytes.png(width: side, height: side))
    },
    HostileCase(
      name: "png-8192-adam7", input: "Adam7.app", kind: .artifact, inner: ["AppIcon60x60@2x.png"]
    ) { folder in
      try app(
        folder, "Adam7.app", png: HostileBytes.png(width: side, height: side, interlaced: true))
    },
    HostileCase(
      name: "cgbi-8192-adam7", input: "CgBI.app", kind: .artifact, inner: ["AppIcon60x60@2x.png"]
    ) { folder in
      try app(
        folder, "CgBI.app",
        png: HostileBytes.png(width: side, height: side, interlaced: true, cgbi: true))
    },
    HostileCase(
      name: "cgbi-huge-ihdr", input: "CgBIHuge.app", kind: .artifact,
      inner: ["AppIcon60x60@2x.png"]
    ) { folder in
      try app(
        folder, "CgBIHuge.app",
        png: HostileBytes.png(width: 1 << 30, height: 1 << 30, cgbi: true, rawBytes: 64))
    },
    // A 120×120 header over 256 MiB of zeros: more data than the image needs.
    HostileCase(
      name: "png-idat-larger-than-image", input: "Long.app", kind: .artifact,
      inner: ["AppIcon60x60@2x.png"]
    ) { folder in
      try app(
        folder, "Long.app", png: HostileBytes.png(width: 120, height: 120, rawBytes: 256 << 20))
    },
    // A 1 GiB sparse PNG: a header, then nothing.
    HostileCase(
      name: "png-sparse-1gb", input: "Sparse.app", kind: .artifact, inner: ["AppIcon60x60@2x.png"]
    ) { folder in
      try HostileFiles.app(folder, "Sparse.app", pngs: [])
      try HostileFiles.sparse(
        folder, "Sparse.app/AppIcon60x60@2x.png", head: HostileBytes.smallPNG(120), size: 1 << 30)
    },
    // A 145-byte PNG whose tEXt chunk declares 2 GB: libpng allocated it all.
    HostileCase(
      name: "png-text-chunk-2gb", input: "Text.app", kind: .artifact,
      inner: ["AppIcon60x60@2x.png"]
    ) { folder in
      try app(folder, "Text.app", png: HostileBytes.damagedTextChunk)
    },
    HostileCase(
      name: "project-png-text-chunk-2gb", input: "Project", kind: .project, inner: ["AppIcon.png"]
    ) { folder in
      try project(folder, "Project", png: HostileBytes.damagedTextChunk)
    },
    // In a project: check reads the App Store image's pixels, show draws it.
    HostileCase(
      name: "project-png-8192-adam7", input: "Project", kind: .project, inner: ["AppIcon.png"]
    ) { folder in
      try project(
        folder, "Project", png: HostileBytes.png(width: side, height: side, interlaced: true))
    },
    HostileCase(
      name: "project-png-huge-ihdr", input: "Project", kind: .project, inner: ["AppIcon.png"]
    ) { folder in
      try project(
        folder, "Project", png: HostileBytes.png(width: 100_000, height: 100_000, rawBytes: 64))
    },
  ]
}
