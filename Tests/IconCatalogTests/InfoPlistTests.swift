import Foundation
import IconCatalog
import Testing

@Suite("Reading Info.plist")
struct InfoPlistTests {
  @Test("CFBundleAlternateIcons: the key is the name, CFBundleIconName the asset")
  func alternateKeyVersusIconName() throws {
    let fixture = try Fixture()
    try fixture.writePlist(
      "Info.plist",
      [
        "CFBundleIdentifier": "dev.example.Keys",
        "CFBundleIcons": [
          "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"],
          "CFBundleAlternateIcons": [
            "Sunset": ["CFBundleIconName": "AppIcon-Orange"],
            "Night": ["CFBundleIconName": "DarkIcon"],
            "Plain": [String: Any](),
          ],
        ],
      ])
    for name in ["AppIcon", "AppIcon-Orange", "DarkIcon", "Plain"] {
      try fixture.writeSingleSizeIconSet(name)
    }

    let icons = try AppIconReader.read(at: fixture.root)
    // Plist dictionaries have no order: the entries come sorted by name.
    #expect(icons.alternates.map(\.name) == ["Night", "Plain", "Sunset"])
    #expect(icons.alternates.map(\.assetName) == ["DarkIcon", "Plain", "AppIcon-Orange"])
    #expect(icons.alternates.map(\.displayName) == ["Night", "Plain", "Sunset"])
    let sunset = try #require(icons.alternate(named: "Sunset"))
    #expect(sunset.renditions.first?.file?.lastPathComponent == "AppIcon-Orange.png")
    #expect(icons.alternate(named: "AppIcon-Orange") == nil)
  }

  @Test(
    "binary and XML plists read the same",
    arguments: [
      PropertyListSerialization.PropertyListFormat.binary, .xml,
    ])
  func plistFormats(format: PropertyListSerialization.PropertyListFormat) throws {
    let fixture = try Fixture()
    try fixture.writePlist(
      "Info.plist",
      [
        "CFBundleDisplayName": "Binary",
        "CFBundleIdentifier": "dev.example.Binary",
        "CFBundleIcons": ["CFBundleAlternateIcons": ["Blue": ["CFBundleIconName": "AppIcon-Blue"]]],
      ], format: format)
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.appName == "Binary")
    #expect(icons.bundleIdentifier == "dev.example.Binary")
    #expect(icons.alternates.map(\.name) == ["Blue"])
    #expect(icons.alternates.first?.assetName == "AppIcon-Blue")
  }

  @Test("the old ASCII plist format reads too")
  func asciiPlist() throws {
    let fixture = try Fixture()
    try fixture.write(
      "Info.plist",
      """
      {
          CFBundleDisplayName = "Old Style";
          CFBundleIdentifier = "dev.example.Old";
          CFBundleIcons = { CFBundlePrimaryIcon = { CFBundleIconName = Main; }; };
      }
      """)
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.appName == "Old Style")
    #expect(icons.primary.name == "Main")
  }

  @Test("the primary: the build setting, else CFBundlePrimaryIcon, else AppIcon")
  func primaryName() throws {
    let fixture = try Fixture()
    try fixture.writePlist(
      "Info.plist",
      [
        "CFBundleIdentifier": "dev.example.Primary",
        "CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconName": "FromPlist"]],
      ])
    #expect(try AppIconReader.read(at: fixture.root).primary.name == "FromPlist")

    try fixture.write("App.xcconfig", "ASSETCATALOG_COMPILER_APPICON_NAME = FromSettings\n")
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.primary.name == "FromSettings")
    #expect(icons.primary.displayName == "Default")

    let bare = try Fixture()
    try bare.writePlist("Info.plist", ["CFBundleIdentifier": "dev.example.Bare"])
    #expect(try AppIconReader.read(at: bare.root).primary.name == "AppIcon")
  }

  @Test("the app's name: CFBundleDisplayName, else CFBundleName, else the folder's name")
  func appName() throws {
    let fixture = try Fixture()
    try fixture.write(
      "App.xcconfig", "PRODUCT_BUNDLE_IDENTIFIER = dev.example.Name\nPRODUCT_NAME = Built\n")
    try fixture.writePlist("Info.plist", ["CFBundleName": "$(PRODUCT_NAME)"])
    #expect(try AppIconReader.read(at: fixture.root).appName == "Built")

    // A display name that cannot be resolved is passed over, never shown raw.
    try fixture.writePlist(
      "Info.plist", ["CFBundleDisplayName": "$(MISSING)", "CFBundleName": "Named"])
    #expect(try AppIconReader.read(at: fixture.root).appName == "Named")

    try fixture.writePlist("Info.plist", [String: Any]())
    #expect(try AppIconReader.read(at: fixture.root).appName == fixture.root.lastPathComponent)
  }

  @Test("the bundle identifier: expanded, else PRODUCT_BUNDLE_IDENTIFIER, else none and why")
  func bundleIdentifier() throws {
    let fixture = try Fixture()
    try fixture.writePlist(
      "Info.plist", ["CFBundleIdentifier": "dev.example.$(PRODUCT_NAME:rfc1034identifier)"])
    try fixture.write("App.xcconfig", "PRODUCT_NAME = My App\n")
    #expect(try AppIconReader.read(at: fixture.root).bundleIdentifier == "dev.example.My-App")

    // Unset is empty, as in Xcode: nothing is left of the identifier.
    try fixture.writePlist("Info.plist", ["CFBundleIdentifier": "$(UNSET_SETTING)"])
    let file = fixture.url("Info.plist").path
    let unresolved = try AppIconReader.read(at: fixture.root)
    #expect(unresolved.bundleIdentifier == nil)
    #expect(
      unresolved.bundleIdentifierProblem?.hasPrefix(
        file + ": CFBundleIdentifier \"$(UNSET_SETTING)\"") == true)

    try fixture.write("App.xcconfig", "PRODUCT_BUNDLE_IDENTIFIER = dev.example.Fallback\n")
    #expect(try AppIconReader.read(at: fixture.root).bundleIdentifier == "dev.example.Fallback")
  }

  @Test("a PRODUCT_BUNDLE_IDENTIFIER build setting alone is enough")
  func settingAlone() throws {
    let fixture = try Fixture()
    try fixture.write("App.xcconfig", "PRODUCT_BUNDLE_IDENTIFIER = dev.example.CatalogOnly\n")
    try fixture.writeSingleSizeIconSet("AppIcon")
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.bundleIdentifier == "dev.example.CatalogOnly")
    #expect(icons.primary.renditions.count == 1)
  }

  @Test("no identifier anywhere: read without one, and the problem says what to set")
  func noIdentifier() throws {
    let fixture = try Fixture()
    try fixture.writeSingleSizeIconSet("AppIcon")
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.bundleIdentifier == nil)
    let error = IconCatalogError.unresolvedBundleIdentifier(file: fixture.url("").path, value: "")
    #expect(icons.bundleIdentifierProblem == error.description)
    #expect(error.description.contains("PRODUCT_BUNDLE_IDENTIFIER"))
  }

  @Test("a malformed Info.plist: the error names the file")
  func malformed() throws {
    let fixture = try Fixture()
    let file = try fixture.write(
      "Info.plist", "<?xml version=\"1.0\"?><plist><dict><key>Oops</key>")
    let error = try #require(throws: IconCatalogError.self) {
      try AppIconReader.read(at: fixture.root)
    }
    guard case .unreadablePlist(let named, _) = error else {
      Issue.record("expected unreadablePlist, got \(error)")
      return
    }
    #expect(named == file.path)
    #expect(error.description.hasPrefix(file.path + ": not a valid property list"))
  }

  @Test("an Info.plist whose top level is not a dictionary is reported")
  func notADictionary() throws {
    let fixture = try Fixture()
    let data = try PropertyListSerialization.data(
      fromPropertyList: ["a", "b"], format: .xml, options: 0)
    let file = try fixture.write("Info.plist", data: data)
    let error = try #require(throws: IconCatalogError.self) {
      try AppIconReader.read(at: fixture.root)
    }
    #expect(error == .unreadablePlist(file: file.path, reason: "the top level is not a dictionary"))
  }

  @Test("icon keys of the wrong kind are reported with the key's path")
  func wrongKinds() throws {
    let fixture = try Fixture()
    let file = try fixture.writePlist(
      "Info.plist",
      [
        "CFBundleIdentifier": "dev.example.Kinds",
        "CFBundleIcons": ["CFBundleAlternateIcons": ["Blue": 3]],
      ])
    // Read, not thrown: the entry is passed over, as iOS passes it over.
    let app = try AppIconReader.read(at: fixture.root)
    #expect(app.alternates.isEmpty)
    let problem = try #require(app.plistValueProblems.first)
    #expect(problem.file == file.path)
    #expect(problem.keyPath == ["CFBundleIcons", "CFBundleAlternateIcons", "Blue"])
    #expect(
      problem.description.hasPrefix("CFBundleIcons → CFBundleAlternateIcons → Blue is a number"))
  }

  @Test("INFOPLIST_FILE picks among several Info.plists; else the shallowest outside tests")
  func choosingInfoPlist() throws {
    let fixture = try Fixture()
    try fixture.writePlist(
      "Widget/Info.plist", ["CFBundleDisplayName": "Widget", "CFBundleIdentifier": "w"])
    try fixture.writePlist(
      "App/Info.plist", ["CFBundleDisplayName": "App", "CFBundleIdentifier": "a"])
    try fixture.writePlist(
      "AppTests/Info.plist", ["CFBundleDisplayName": "Tests", "CFBundleIdentifier": "t"])
    try fixture.writePlist(
      "Deep/Er/Info.plist", ["CFBundleDisplayName": "Deep", "CFBundleIdentifier": "d"])
    try fixture.write("App.xcodeproj/project.pbxproj", "{}")
    // Same depth: the folder named like the project wins over Widget.
    #expect(try AppIconReader.read(at: fixture.root).appName == "App")

    try fixture.write("Config/App.xcconfig", "INFOPLIST_FILE = Widget/Info.plist\n")
    #expect(try AppIconReader.read(at: fixture.root).appName == "Widget")

    // Relative to the folder holding the xcconfig also works.
    try fixture.write("Config/App.xcconfig", "INFOPLIST_FILE = ../Deep/Er/Info.plist\n")
    #expect(try AppIconReader.read(at: fixture.root).appName == "Deep")

    try fixture.write("Config/App.xcconfig", "INFOPLIST_FILE = $(SRCROOT)/Deep/Er/Info.plist\n")
    #expect(try AppIconReader.read(at: fixture.root).appName == "Deep")

    try fixture.write("Config/App.xcconfig", "INFOPLIST_FILE = Gone/Info.plist\n")
    let error = try #require(throws: IconCatalogError.self) {
      try AppIconReader.read(at: fixture.root)
    }
    #expect(
      error
        == .infoPlistNotFound(
          file: "Gone/Info.plist", declaredIn: fixture.url("Config/App.xcconfig").path,
          lookedAt: [
            fixture.url("Gone/Info.plist").path, fixture.url("Config/Gone/Info.plist").path,
          ],
          projectFolder: fixture.root.standardizedFileURL.path))
  }

  @Test("a test bundle's Info.plist is never taken for the app's")
  func onlyTestPlist() throws {
    let fixture = try Fixture()
    try fixture.writePlist(
      "AppTests/Info.plist", ["CFBundleDisplayName": "Tests", "CFBundleIdentifier": "t"])
    try fixture.write("App.xcconfig", "PRODUCT_BUNDLE_IDENTIFIER = dev.example.App\n")
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.appName == fixture.root.lastPathComponent)
    #expect(icons.bundleIdentifier == "dev.example.App")
  }
}
