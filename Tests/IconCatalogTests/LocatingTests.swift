import Foundation
import IconCatalog
import Testing

@Suite("Finding the app")
struct LocatingTests {
  @Test("a folder with nothing app-like is .noApp")
  func noApp() throws {
    let fixture = try Fixture()
    try fixture.write("README.md", "hello")
    try fixture.write("Settings.xcconfig", "PRODUCT_BUNDLE_IDENTIFIER = dev.example.Nothing\n")
    let error = try #require(throws: IconCatalogError.self) {
      try AppIconReader.read(at: fixture.root)
    }
    #expect(error == .noApp(path: fixture.url("").path))
    #expect(
      error.description
        == "\(fixture.url("").path): no app found here: expected an Info.plist, an .xcassets folder or an .xcodeproj"
    )
  }

  @Test("a file that is not a plist is .noApp; a path that does not exist is .notFound")
  func badPaths() throws {
    let fixture = try Fixture()
    let readme = try fixture.write("README.md", "hello")
    #expect(throws: IconCatalogError.noApp(path: readme.path)) {
      try AppIconReader.read(at: readme)
    }
    let gone = fixture.url("Gone")
    #expect(throws: IconCatalogError.notFound(path: gone.path)) { try AppIconReader.read(at: gone) }
  }

  @Test("build outputs are skipped: build/, DerivedData/, .build/, Pods/")
  func buildOutputsSkipped() throws {
    let palette = try Fixture.palette()
    try palette.write(
      "Palette.xcconfig",
      "PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.Palette\n"
        + "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES\n")
    // Copies a build leaves behind: another Info.plist, xcconfig and catalogs with more sets.
    try palette.writePlist(
      "build/Info.plist", ["CFBundleDisplayName": "Built Copy", "CFBundleIdentifier": "x"])
    try palette.write("build/Extra.xcconfig", "ASSETCATALOG_COMPILER_APPICON_NAME = FromBuild\n")
    try palette.writeSingleSizeIconSet("FromBuild", catalog: "build/Assets.xcassets")
    try palette.writeSingleSizeIconSet("FromDerived", catalog: "DerivedData/App/Assets.xcassets")
    try palette.writeSingleSizeIconSet("FromSwiftPM", catalog: ".build/Assets.xcassets")
    try palette.writeSingleSizeIconSet("FromPods", catalog: "Pods/Lib/Assets.xcassets")
    try palette.writePlist("Export/Palette.app/Info.plist", ["CFBundleDisplayName": "Exported"])

    let icons = try AppIconReader.read(at: palette.root)
    #expect(icons.appName == "Palette")
    #expect(icons.primary.name == "AppIcon")
    #expect(icons.alternates.count == 7)
    #expect(!icons.alternates.contains { $0.name.hasPrefix("From") })
  }

  @Test("a symbolic link that loops back does not hang the search")
  func symlinkLoop() throws {
    let palette = try Fixture.palette()
    try palette.makeFolder("Linked")
    try FileManager.default.createSymbolicLink(
      at: palette.url("Linked/Loop"), withDestinationURL: palette.root)
    let icons = try AppIconReader.read(at: palette.root)
    #expect(icons.alternates.count == 7)
    #expect(AppIconReader.containsApp(palette.root))
  }

  @Test("only build outputs: no app")
  func onlyBuildOutputs() throws {
    let fixture = try Fixture()
    try fixture.writePlist("DerivedData/Info.plist", ["CFBundleIdentifier": "x"])
    try fixture.writeSingleSizeIconSet("AppIcon", catalog: "build/Assets.xcassets")
    #expect(throws: IconCatalogError.noApp(path: fixture.url("").path)) {
      try AppIconReader.read(at: fixture.root)
    }
    #expect(!AppIconReader.containsApp(fixture.root))
  }

  @Test("PATH may be an .xcassets folder")
  func catalogPath() throws {
    let fixture = try Fixture()
    try fixture.write("App.xcconfig", "PRODUCT_BUNDLE_IDENTIFIER = dev.example.Catalog\n")
    try fixture.writeSingleSizeIconSet("AppIcon")
    try fixture.writeSingleSizeIconSet("AppIcon-Red")
    // Read as its own root, the catalog has no settings: the identifier is missing, and only
    // recording a choice needs it.
    let icons = try AppIconReader.read(at: fixture.url("Assets.xcassets"))
    #expect(icons.bundleIdentifier == nil)
    #expect(icons.bundleIdentifierProblem?.contains("no bundle identifier") == true)
    #expect(AppIconReader.containsApp(fixture.url("Assets.xcassets")))
  }

  @Test("containsApp: yes for an Info.plist, an .xcodeproj, or a catalog with an icon set")
  func containsAppTrue() throws {
    let plist = try Fixture()
    try plist.writePlist("Info.plist", ["CFBundleIdentifier": "x"])
    #expect(AppIconReader.containsApp(plist.root))

    let project = try Fixture()
    try project.write("App.xcodeproj/project.pbxproj", "{}")
    #expect(AppIconReader.containsApp(project.root))

    let catalog = try Fixture()
    try catalog.writeSingleSizeIconSet("AppIcon", catalog: "App/Assets.xcassets")
    #expect(AppIconReader.containsApp(catalog.root))

    let palette = try Fixture.palette()
    #expect(AppIconReader.containsApp(palette.root))
  }

  @Test(
    "containsApp: no for an empty folder, a catalog without icon sets, a test plist, a file, nothing"
  )
  func containsAppFalse() throws {
    let fixture = try Fixture()
    #expect(!AppIconReader.containsApp(fixture.root))

    try fixture.write("Assets.xcassets/Logo.imageset/Contents.json", #"{ "images" : [] }"#)
    try fixture.writePlist("AppTests/Info.plist", ["CFBundleIdentifier": "t"])
    let file = try fixture.write("notes.txt", "hi")
    #expect(!AppIconReader.containsApp(fixture.root))
    #expect(!AppIconReader.containsApp(file))
    #expect(!AppIconReader.containsApp(fixture.url("Gone")))

    // A folder that merely has projects somewhere deep inside (a home folder) is not an app.
    try fixture.write("Code/Apps/Palette/Palette.xcodeproj/project.pbxproj", "{}")
    try fixture.writePlist("Code/Apps/Palette/Info.plist", ["CFBundleIdentifier": "x"])
    #expect(!AppIconReader.containsApp(fixture.root))
  }

  @Test("every error's description is one line that starts with the file")
  func descriptions() {
    let errors: [IconCatalogError] = [
      .notFound(path: "/a"),
      .noApp(path: "/a"),
      .unreadableFile(file: "/a", reason: "line one\nline two"),
      .unreadablePlist(file: "/a", reason: "bad\n"),
      .invalidInfoPlist(file: "/a", reason: "CFBundleIcons is a string, expected a dictionary"),
      .invalidContentsJSON(file: "/a", reason: "images[0].size should be a string"),
      .includeCycle(file: "/b", includedFrom: "/a"),
      .infoPlistNotFound(file: "Info.plist", declaredIn: "/a"),
      .unresolvedBundleIdentifier(file: "/a", value: "$(X)"),
      .unresolvedBundleIdentifier(file: "/a", value: ""),
    ]
    for error in errors {
      #expect(!error.description.contains("\n"), "\(error)")
      #expect(error.description.hasPrefix("/a: "), "\(error)")
      #expect(error.description.split(separator: ":").count >= 3, "\(error)")
    }
    let missing = IconCatalogError.missingPrimaryIcon(
      name: "AppIcon", searched: ["/a/Assets.xcassets"])
    #expect(missing.description.hasPrefix("AppIcon.appiconset: "))
    #expect(missing.description.contains("/a/Assets.xcassets"))
  }
}
