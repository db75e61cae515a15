import Foundation
import Testing

@testable import IconCatalog

/// Issue 18, point 3: the build's lookups on a Mac ignore case (an exact spelling first, else a
/// single match ignoring case, said); a missing `#include` is left out and said, never a stop.
@Suite struct MacLookupTests {
  /// Lantern: one iOS app target whose Release configuration is based on `base` (relative to the
  /// project folder), with `settings`.
  func lantern(
    _ fixture: Fixture, base: String? = nil, settings: [String: String] = [:],
    catalog: String? = nil, resources: [(path: String, sourceRoot: Bool)] = [],
    name: String = "Lantern"
  ) throws -> URL {
    let sketch = ProjectSketch(
      name: name,
      targets: [
        .init(
          name: "Lantern", settings: settings, baseConfiguration: base, catalog: catalog,
          resources: resources)
      ])
    try sketch.write(to: fixture)
    return fixture.url("\(name).xcodeproj")
  }

  @Test("MacFileLookup: exact first, else one match ignoring case, in any component; two are none")
  func lookup() throws {
    let fixture = try Fixture()
    let file = try fixture.write("Config/Shared.xcconfig", "")
    #expect(
      MacFileLookup.find(file, kind: .file) == MacFileLookup.Found(url: file, difference: []))
    let found = MacFileLookup.find(fixture.url("config/SHARED.xcconfig"), kind: .file)
    #expect(found?.url.path == file.path)
    #expect(found?.difference == .letterCase)
    #expect(MacFileLookup.find(fixture.url("config/SHARED.xcconfig"), kind: .folder) == nil)
    #expect(MacFileLookup.find(fixture.url("Config/Other.xcconfig")) == nil)
    try fixture.write("Config/shared.xcconfig", "")
    // Exact spellings still find their own file; another spelling matches two, so none.
    #expect(MacFileLookup.find(file)?.differs == false)
    #expect(MacFileLookup.find(fixture.url("Config/SHARED.xcconfig")) == nil)
  }

  @Test("a base configuration differing in case is read, and said at its project line")
  func baseConfigurationCase() throws {
    let fixture = try Fixture()
    let config = try fixture.write(
      "Config/Lantern.xcconfig", "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = AppIcon-Night\n")
    try fixture.writeSingleSizeIconSet("AppIcon-Night", catalog: "Lantern/Assets.xcassets")
    let project = try lantern(fixture, base: "config/lantern.XCCONFIG")
    let (icons, facts) = try AppIconReader.readWithFacts(
      at: project, target: nil, configuration: nil)
    #expect(icons.alternates.map(\.name) == ["AppIcon-Night"])
    #expect(icons.warnings.isEmpty)
    #expect(icons.missingBaseConfigurations.isEmpty)
    let differing = try #require(facts.pathsDifferingInCase.first)
    #expect(facts.pathsDifferingInCase.count == 1)
    #expect(differing.kind == "base configuration")
    #expect(differing.found == config.path)
    #expect(differing.file == project.appendingPathComponent("project.pbxproj").path)
    let lines = try String(contentsOf: URL(fileURLWithPath: differing.file), encoding: .utf8)
      .components(separatedBy: "\n")
    let line = try #require(differing.line)
    #expect(lines[line - 1].contains("baseConfigurationReference"))
  }

  @Test(
    "Flutter's Release.xcconfig includes Generated.xcconfig, which nobody commits: read on, said at its line"
  )
  func flutterGeneratedInclude() throws {
    let fixture = try Fixture()
    let release = try fixture.write(
      "Flutter/Release.xcconfig",
      """
      #include? "Pods/Target Support Files/Pods-Runner/Pods-Runner.release.xcconfig"
      #include "Generated.xcconfig"
      ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon

      """)
    let project = try lantern(fixture, base: "Flutter/Release.xcconfig", name: "Runner")
    let (icons, facts) = try AppIconReader.readWithFacts(
      at: project, target: nil, configuration: nil)
    #expect(icons.primary.renditions.count == 1)
    let missing = MissingInclude(path: "Generated.xcconfig", file: release.path, line: 2)
    // The optional include says nothing; the other is said once, as the commands print it.
    #expect(facts.missingIncludes == [missing])
    #expect(icons.warnings == [missing.description])
    #expect(missing.description.hasPrefix(release.path + ":2: #include \"Generated.xcconfig\""))
    #expect(facts.pathsDifferingInCase.isEmpty)
    // The deferred reading the picker uses says the same.
    let deferred = try AppIconReader.readDeferringImages(
      at: project, target: nil, configuration: nil)
    #expect(deferred.icons.warnings == [missing.description])
  }

  @Test("a catalog and INFOPLIST_FILE whose references differ in case are found, and said")
  func fileReferencesCase() throws {
    let fixture = try Fixture()
    try fixture.writeSingleSizeIconSet("AppIcon", catalog: "Lantern/Assets.xcassets")
    let plist = try fixture.writePlist(
      "Lantern/Info.plist", ["CFBundleIdentifier": "dev.example.Lantern"])
    let project = try lantern(
      fixture, settings: ["INFOPLIST_FILE": "lantern/info.plist"],
      catalog: "Lantern/assets.XCASSETS")
    let (icons, facts) = try AppIconReader.readWithFacts(
      at: project, target: nil, configuration: nil)
    #expect(icons.primary.renditions.count == 1)
    #expect(facts.infoPlist?.path == plist.path)
    #expect(
      Set(facts.pathsDifferingInCase.map(\.kind)) == ["file reference", "INFOPLIST_FILE"])
    #expect(facts.pathsDifferingInCase.allSatisfy { $0.line != nil })
    #expect(
      facts.pathsDifferingInCase.first { $0.kind == "file reference" }?.found
        == fixture.url("Lantern/Assets.xcassets").path)
  }

  // MARK: What the target copies (point 5)

  /// A React Native layout: the project in `ios/`, the alternate's PNGs in `../images/icons/`,
  /// copied by the Resources phase; a PNG of another alternate lies in `ios/` but no phase
  /// copies it.
  @Test(
    "loose CFBundleIconFiles PNGs: those the Resources phase copies, ../ and SOURCE_ROOT included; not those it does not"
  )
  func copiedLooseFiles() throws {
    let fixture = try Fixture()
    try fixture.writeSingleSizeIconSet("AppIcon", catalog: "ios/Lantern/Assets.xcassets")
    let png = Data([0x89, 0x50, 0x4E, 0x47])
    let windmill = try fixture.write("images/icons/windmill@2x.png", data: png)
    let rooted = try fixture.write("ios/Icons/rooted@2x.png", data: png)
    let foldered = try fixture.write("ios/Folder/foldered@3x.png", data: png)
    try fixture.write("ios/Stray/stray@2x.png", data: png)
    try fixture.writePlist(
      "ios/Lantern/Info.plist",
      [
        "CFBundleIdentifier": "dev.example.Lantern",
        "CFBundleIcons": [
          "CFBundleAlternateIcons": [
            "windmill": ["CFBundleIconFiles": ["windmill"]],
            "rooted": ["CFBundleIconFiles": ["rooted"]],
            "foldered": ["CFBundleIconFiles": ["foldered"]],
            "stray": ["CFBundleIconFiles": ["stray"]],
          ]
        ],
      ])
    let project = try lantern(
      fixture, settings: ["INFOPLIST_FILE": "Lantern/Info.plist"],
      catalog: "Lantern/Assets.xcassets",
      resources: [
        ("../images/icons/windmill@2x.png", false), ("Icons/rooted@2x.png", true),
        ("Folder", false),
      ],
      name: "ios/Lantern")
    let icons = try AppIconReader.read(at: project, target: nil, configuration: nil)
    #expect(icons.alternate(named: "windmill")?.files == [windmill.standardizedFileURL])
    #expect(icons.alternate(named: "rooted")?.files == [rooted.standardizedFileURL])
    #expect(icons.alternate(named: "foldered")?.files == [foldered.standardizedFileURL])
    // In the folder, but copied by nothing: not in the built app.
    #expect(icons.alternate(named: "stray")?.files == [])
    // Without a project (the Info.plist as PATH), the folder is searched as before.
    try FileManager.default.moveItem(
      at: fixture.url("ios/Stray"), to: fixture.url("ios/Lantern/Stray"))
    let bare = try AppIconReader.read(
      at: fixture.url("ios/Lantern/Info.plist"), target: nil, configuration: nil)
    #expect(bare.alternate(named: "stray")?.files.count == 1)
  }

  @Test("CFBundleIconFiles are matched with their case, as on the device")
  func deviceLookupKeepsCase() throws {
    let fixture = try Fixture()
    try fixture.writeSingleSizeIconSet("AppIcon", catalog: "Lantern/Assets.xcassets")
    try fixture.write("Icons/Sun@2x.png", data: Data([0x89]))
    try fixture.writePlist(
      "Lantern/Info.plist",
      [
        "CFBundleIdentifier": "dev.example.Lantern",
        "CFBundleIcons": ["CFBundleAlternateIcons": ["sun": ["CFBundleIconFiles": ["sun"]]]],
      ])
    let project = try lantern(
      fixture, settings: ["INFOPLIST_FILE": "Lantern/Info.plist"],
      resources: [("Icons/Sun@2x.png", false)])
    let icons = try AppIconReader.read(at: project, target: nil, configuration: nil)
    #expect(icons.alternate(named: "sun")?.files == [])
  }

  @Test("a synchronized folder copies its PNGs, but not its exceptions nor what lies in catalogs")
  func synchronizedFolderCopies() throws {
    let harbor = try Fixture.harbor()
    let png = Data([0x89, 0x50, 0x4E, 0x47])
    let moon = try harbor.write("Harbor/Icons/Moon@2x.png", data: png)
    try harbor.write("Harbor/Assets.xcassets/Stray@2x.png", data: png)
    try harbor.write("Elsewhere/Far@2x.png", data: png)
    let location = try AppLocation.locate(harbor.root, target: "Harbor")
    let copied = try #require(location.target).copiedResources
    #expect(copied.pngFiles().map(\.path) == [moon.standardizedFileURL.path])
    // A membership exception leaves the file out.
    let folder = try #require(copied.folders.first { $0.folder.lastPathComponent == "Harbor" })
    let excepted = CopiedResources(
      folders: [
        XcodeProject.SynchronizedFolder(
          folder: folder.folder, excluded: folder.excluded.union(["Icons/Moon@2x.png"]))
      ])
    #expect(excepted.pngFiles().isEmpty)
  }
}
