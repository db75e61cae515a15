import Foundation
import Testing

@testable import IconCatalog

@Suite("Asset catalog groups and namespaces")
struct NamespaceTests {
  private static let namespace =
    #"{"info": {"author": "xcode", "version": 1}, "properties": {"provides-namespace": true}}"#
  private static let plainGroup = #"{"info": {"author": "xcode", "version": 1}}"#

  @Test("a group with provides-namespace prefixes the names inside it; nested ones stack")
  func prefixes() throws {
    let fixture = try Fixture()
    try fixture.write("Assets.xcassets/Contents.json", Self.plainGroup)
    try fixture.write("Assets.xcassets/Seasons/Contents.json", Self.namespace)
    try fixture.write("Assets.xcassets/Seasons/Winter/Contents.json", Self.plainGroup)
    try fixture.write("Assets.xcassets/Seasons/Summer/Contents.json", Self.namespace)
    try fixture.write("Assets.xcassets/Plain/Contents.json", Self.plainGroup)
    try fixture.makeFolder("Assets.xcassets/NoContents")
    for set in [
      "AppIcon", "Seasons/Winter/AppIcon-Snow", "Seasons/Summer/AppIcon-Sun", "Plain/AppIcon-Red",
      "NoContents/AppIcon-Grey", "Seasons/Glass",
    ] {
      try fixture.write("Assets.xcassets/\(set).appiconset/Contents.json", #"{"images": []}"#)
    }
    try fixture.write("Assets.xcassets/Seasons/Liquid.icon/icon.json", "{}")

    let catalog = try AssetCatalog.read(fixture.url("Assets.xcassets"))
    #expect(
      Set(catalog.iconSets.map(\.name)) == [
        "AppIcon", "Seasons/AppIcon-Snow", "Seasons/Summer/AppIcon-Sun", "AppIcon-Red",
        "AppIcon-Grey", "Seasons/Glass", "Seasons/Liquid",
      ])
    #expect(catalog.iconSets.first { $0.name == "Seasons/Liquid" }?.kind == .iconComposer)
  }

  @Test(
    "build settings name a namespaced set by its full name; the display name uses the last part")
  func namespacedNames() throws {
    let fixture = try Fixture()
    try fixture.writePlist("Info.plist", ["CFBundleIdentifier": "dev.example.Spaces"])
    try fixture.write(
      "App.xcconfig",
      "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Seasons/AppIcon-Winter AppIcon-Winter\n")
    try fixture.write("Assets.xcassets/Seasons/Contents.json", Self.namespace)
    try fixture.writeSingleSizeIconSet("AppIcon")
    try fixture.writeSingleSizeIconSet("AppIcon-Winter", catalog: "Assets.xcassets/Seasons")

    let icons = try AppIconReader.read(at: fixture.root)
    let winter = try #require(icons.alternate(named: "Seasons/AppIcon-Winter"))
    #expect(winter.renditions.count == 1)
    #expect(winter.displayName == "Winter")
    #expect(
      IconDisplayName.friendly(
        for: "Seasons/AppIcon-Winter", primaryName: "AppIcon", isPrimary: false) == "Winter")
    // Without the namespace, the name finds no set, so actool makes no alternate of it.
    #expect(icons.alternate(named: "AppIcon-Winter") == nil)
  }

  @Test("include-all lists namespaced sets by their full names")
  func includeAll() throws {
    let fixture = try Fixture()
    try fixture.writePlist("Info.plist", ["CFBundleIdentifier": "dev.example.Spaces"])
    try fixture.write("App.xcconfig", "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES\n")
    try fixture.write("Assets.xcassets/Team/Contents.json", Self.namespace)
    try fixture.writeSingleSizeIconSet("AppIcon")
    try fixture.writeSingleSizeIconSet("Red", catalog: "Assets.xcassets/Team")
    #expect(try AppIconReader.read(at: fixture.root).alternates.map(\.name) == ["Team/Red"])
  }

  @Test("a broken group Contents.json is an error naming it; a quick scan passes over it")
  func brokenGroup() throws {
    let fixture = try Fixture()
    try fixture.writePlist("Info.plist", ["CFBundleIdentifier": "dev.example.Broken"])
    let file = try fixture.write("Assets.xcassets/Team/Contents.json", "{ nope")
    try fixture.writeSingleSizeIconSet("Red", catalog: "Assets.xcassets/Team")
    let error = try #require(throws: IconCatalogError.self) {
      try AppIconReader.read(at: fixture.root)
    }
    guard case .invalidGroupContentsJSON(let named, _) = error else {
      Issue.record("expected invalidGroupContentsJSON, got \(error)")
      return
    }
    #expect(named == file.path)
    #expect(error.description.hasPrefix(file.path + ": invalid Contents.json ("))
    #expect(AssetCatalog.scan(fixture.url("Assets.xcassets")).iconSets.map(\.name) == ["Red"])
    #expect(AppIconReader.containsApp(fixture.root))
  }

  @Test("a wrong kind of provides-namespace is reported with where it is")
  func wrongKind() throws {
    let fixture = try Fixture()
    try fixture.write(
      "Assets.xcassets/Team/Contents.json", #"{"properties": {"provides-namespace": "yes"}}"#)
    try fixture.writeSingleSizeIconSet("Red", catalog: "Assets.xcassets/Team")
    let error = try #require(throws: IconCatalogError.self) {
      try AssetCatalog.read(fixture.url("Assets.xcassets"))
    }
    #expect(
      error
        == .invalidGroupContentsJSON(
          file: fixture.url("Assets.xcassets/Team/Contents.json").path,
          reason: "properties.provides-namespace should be true or false"))
  }

  @Test("other asset kinds are not walked into; image sets named like icon sets are not icons")
  func otherAssets() throws {
    let fixture = try Fixture()
    try fixture.write(
      "Assets.xcassets/Logo.imageset/Hidden.appiconset/Contents.json", #"{"images": []}"#)
    try fixture.write("Assets.xcassets/Colors/Accent.colorset/Contents.json", "{}")
    try fixture.write("Assets.xcassets/v1.2/Real.appiconset/Contents.json", #"{"images": []}"#)
    let catalog = try AssetCatalog.read(fixture.url("Assets.xcassets"))
    #expect(catalog.iconSets.map(\.name) == ["Real"])
  }

  @Test("explicit catalogs and .icon bundles, as a project target lists them")
  func explicitLists() throws {
    let fixture = try Fixture()
    try fixture.writeSingleSizeIconSet("AppIcon", catalog: "A.xcassets")
    try fixture.writeSingleSizeIconSet("Other", catalog: "Unlisted.xcassets")
    try fixture.write("Icons/Glass.icon/icon.json", "{}")
    let sets = try AssetCatalog.appIconSets(
      in: [fixture.url("A.xcassets")], iconBundles: [fixture.url("Icons/Glass.icon")])
    #expect(sets.iconSets.map(\.name) == ["AppIcon", "Glass"])
    #expect(sets.iconSet(named: "Glass")?.kind == .iconComposer)
    #expect(sets.iconSet(named: "Glass")?.folder == fixture.url("Icons/Glass.icon"))
    #expect(sets.iconSet(named: "Other") == nil)

    // Listed twice (inside a listed catalog, and on its own): once.
    try fixture.write("A.xcassets/Inner.icon/icon.json", "{}")
    let twice = try AssetCatalog.appIconSets(
      in: [fixture.url("A.xcassets")],
      iconBundles: [fixture.url("A.xcassets/Inner.icon"), fixture.url("Icons/Glass.icon/")])
    #expect(twice.iconSets.map(\.name) == ["AppIcon", "Inner", "Glass"])
    #expect(twice.iconSets(named: "Inner").count == 1)
  }

  @Test("a symbolic link loop inside a catalog does not hang the walk")
  func symlinkLoop() throws {
    let fixture = try Fixture()
    try fixture.writeSingleSizeIconSet("AppIcon")
    try FileManager.default.createSymbolicLink(
      at: fixture.url("Assets.xcassets/loop"), withDestinationURL: fixture.url("Assets.xcassets"))
    #expect(
      try AssetCatalog.read(fixture.url("Assets.xcassets")).iconSets.map(\.name) == ["AppIcon"])
  }
}
