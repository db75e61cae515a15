import Foundation
import Testing

@testable import IconCatalog

@Suite("Loose files named by CFBundleIconFiles")
struct LooseIconFilesTests {
  private static let png = Data([0x89, 0x50, 0x4E, 0x47])

  @Test(
    "file names come apart into stem, size, scale and idiom",
    arguments: [
      ("Blue.png", "Blue", nil, nil, nil),
      ("Blue@2x.png", "Blue", nil, 2, nil),
      ("Blue@3x.png", "Blue", nil, 3, nil),
      ("Blue~ipad.png", "Blue", nil, nil, "ipad"),
      ("Blue@2x~ipad.png", "Blue", nil, 2, "ipad"),
      ("Blue~iphone@3x.png", "Blue", nil, 3, "iphone"),
      ("Blue60x60@2x.png", "Blue", 60, 2, nil),
      ("AppIcon-Blue60x60@2x~ipad.png", "AppIcon-Blue", 60, 2, "ipad"),
      ("Name76x76@2x~ipad.png", "Name", 76, 2, "ipad"),
      ("Name83.5x83.5@2x~ipad.png", "Name", 83.5, 2, "ipad"),
      ("AppIcon60x60", "AppIcon", 60, nil, nil),
      ("Icon-72.png", "Icon-72", nil, nil, nil),
      ("icon-1@3x.png", "icon-1", nil, 3, nil),
      ("2024Crescendo@2x.png", "2024Crescendo", nil, 2, nil),
      ("Box20x40.png", "Box20x40", nil, nil, nil),
      ("Mail@home.png", "Mail@home", nil, nil, nil),
      ("Blue.PNG", "Blue", nil, nil, nil),
    ] as [(String, String, Double?, Int?, String?)])
  func parsing(name: String, stem: String, size: Double?, scale: Int?, idiom: String?) throws {
    let parsed = try #require(LooseIconFiles.IconFileName(name))
    #expect(parsed.stem == stem)
    #expect(parsed.pointSize == size)
    #expect(parsed.scale == scale)
    #expect(parsed.idiom == idiom)
  }

  @Test(
    "a name has an extension only when it ends in an image one: 83.5x83.5 is a size, not an extension"
  )
  func imageExtensions() {
    for name in ["Icon.png", "Icon.PNG", "Icon@2x.jpeg", "AppIcon83.5x83.5@2x~ipad.png"] {
      #expect(ProjectFacts.IconFiles.hasImageExtension(name), "\(name)")
    }
    for name in ["AppIcon-Classic83.5x83.5@2x~ipad", "AppIcon83.5x83.5", "Icon", "Icon.5x", "v1.2"]
    {
      #expect(!ProjectFacts.IconFiles.hasImageExtension(name), "\(name)")
    }
    let dotted = LooseIconFiles.IconFileName("AppIcon-Classic83.5x83.5@2x~ipad")
    #expect(dotted?.stem == "AppIcon-Classic")
    #expect(dotted?.pointSize == 83.5)
    #expect(dotted?.scale == 2)
    #expect(dotted?.idiom == "ipad")
  }

  @Test("a name that is all suffix has no stem")
  func noStem() {
    #expect(LooseIconFiles.IconFileName("@2x.png") == nil)
    #expect(LooseIconFiles.IconFileName("60x60@2x~ipad.png") == nil)
    #expect(LooseIconFiles.IconFileName("") == nil)
  }

  @Test("every variant of a name is found, with idiom, size and scale; others are not")
  func variants() throws {
    let fixture = try Fixture()
    let names = [
      "Blue.png", "Blue@2x.png", "Blue@3x.png", "Blue~ipad.png", "Blue@2x~ipad.png",
      "Blue@2x~iphone.png", "Blue60x60@2x.png", "Blue76x76@2x~ipad.png",
      "Blue83.5x83.5@2x~ipad.png",
    ]
    for name in names { try fixture.write("Icons/\(name)", data: Self.png) }
    for name in ["BlueDark@2x.png", "Blue.jpg", "Blue@2x.txt", "Green@2x.png"] {
      try fixture.write("Icons/\(name)", data: Self.png)
    }
    let loose = LooseIconFiles.searching(fixture.root)
    let found = loose.renditions(for: ["Blue"])
    #expect(Set(found.compactMap(\.file?.lastPathComponent)) == Set(names))
    let bySize = Dictionary(
      uniqueKeysWithValues: found.map { ($0.file!.lastPathComponent, $0) })
    #expect(bySize["Blue.png"] == rendition(fixture, "Icons/Blue.png", "iphone", nil, 1))
    #expect(bySize["Blue@3x.png"] == rendition(fixture, "Icons/Blue@3x.png", "iphone", nil, 3))
    #expect(bySize["Blue@2x~ipad.png"]?.idiom == "ipad")
    #expect(bySize["Blue@2x~iphone.png"]?.idiom == "iphone")
    #expect(
      bySize["Blue83.5x83.5@2x~ipad.png"]
        == rendition(fixture, "Icons/Blue83.5x83.5@2x~ipad.png", "ipad", 83.5, 2))
    #expect(bySize["Blue83.5x83.5@2x~ipad.png"]?.pixelSize == 167)
  }

  @Test("a name with a size finds only that size, as actool's AppIcon60x60 does")
  func sizedName() throws {
    let fixture = try Fixture()
    for name in ["AppIcon60x60@2x.png", "AppIcon60x60@3x.png", "AppIcon76x76@2x~ipad.png"] {
      try fixture.write(name, data: Self.png)
    }
    let loose = LooseIconFiles.searching(fixture.root)
    #expect(
      loose.renditions(for: ["AppIcon60x60"]).compactMap(\.file?.lastPathComponent) == [
        "AppIcon60x60@2x.png", "AppIcon60x60@3x.png",
      ])
    #expect(
      loose.renditions(for: ["AppIcon60x60", "AppIcon76x76"]).map(\.pointSize) == [60, 60, 76])
    #expect(loose.renditions(for: ["AppIcon"]).count == 3)
  }

  @Test("a name written with .png or @2x resolves as iOS would resolve it (stripped)")
  func extensionInName() throws {
    let fixture = try Fixture()
    try fixture.write("Blue@2x.png", data: Self.png)
    try fixture.write("Blue@3x.png", data: Self.png)
    let loose = LooseIconFiles.searching(fixture.root)
    for name in ["Blue.png", "Blue@2x", "Blue@2x.png", "Blue"] {
      #expect(loose.renditions(for: [name]).count == 2, "\(name)")
    }
  }

  @Test("each file once, in the order the names are given")
  func order() throws {
    let fixture = try Fixture()
    for name in ["A@2x.png", "B@2x.png", "B@3x.png"] { try fixture.write(name, data: Self.png) }
    let loose = LooseIconFiles.searching(fixture.root)
    #expect(
      loose.renditions(for: ["B", "A", "B", "B@2x"]).compactMap(\.file?.lastPathComponent) == [
        "B@2x.png", "B@3x.png", "A@2x.png",
      ])
  }

  @Test(
    "files in asset catalogs, .icon bundles, build outputs and built bundles are not loose files")
  func unreachable() throws {
    let fixture = try Fixture()
    for folder in [
      "Assets.xcassets/Blue.appiconset", "Assets.xcassets", "Blue.icon/Assets", "build",
      "DerivedData/App", ".build", "Pods/X", "node_modules/x", ".git", "Old.app", "Kit.framework",
      "en.lproj",
    ] {
      try fixture.write("\(folder)/Blue@2x.png", data: Self.png)
    }
    try fixture.write("Sources/Icons/Blue@3x.png", data: Self.png)
    let found = LooseIconFiles.searching(fixture.root).renditions(for: ["Blue"])
    #expect(found.compactMap(\.file) == [fixture.url("Sources/Icons/Blue@3x.png")])
    // PATH may be a catalog itself: its images are still not loose files.
    #expect(LooseIconFiles.searching(fixture.url("Assets.xcassets")).isEmpty)
  }

  @Test("a built app keeps its icons at the top: with recursive false, subfolders are not searched")
  func topLevelOnly() throws {
    let fixture = try Fixture()
    try fixture.write("AppIcon60x60@2x.png", data: Self.png)
    try fixture.write("PlugIns/Widget.appex/AppIcon60x60@3x.png", data: Self.png)
    try fixture.write("Frameworks/AppIcon60x60@3x.png", data: Self.png)
    let loose = LooseIconFiles.searching(fixture.root, recursive: false)
    #expect(
      loose.renditions(for: ["AppIcon60x60"]).compactMap(\.file?.lastPathComponent) == [
        "AppIcon60x60@2x.png"
      ])
  }

  @Test("a symbolic link loop does not hang the search")
  func symlinkLoop() throws {
    let fixture = try Fixture()
    try fixture.write("Icons/Blue@2x.png", data: Self.png)
    try FileManager.default.createSymbolicLink(
      at: fixture.url("Icons/loop"), withDestinationURL: fixture.root)
    let found = LooseIconFiles.searching(fixture.root).renditions(for: ["Blue"])
    #expect(found.count == 1)
  }

  @Test("no file for a name: no renditions, no error")
  func missing() throws {
    let fixture = try Fixture()
    #expect(LooseIconFiles.searching(fixture.root).renditions(for: ["Gone", ""]).isEmpty)
    #expect(LooseIconFiles.searching(fixture.url("does-not-exist")).isEmpty)
  }

  private func rendition(
    _ fixture: Fixture, _ path: String, _ idiom: String, _ size: Double?, _ scale: Int
  ) -> IconRendition {
    IconRendition(file: fixture.url(path), idiom: idiom, pointSize: size, scale: scale)
  }
}
