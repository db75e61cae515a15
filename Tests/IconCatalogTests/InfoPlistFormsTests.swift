import Foundation
import IconCatalog
import Testing

@Suite("Info.plist icon forms")
struct InfoPlistFormsTests {
  private static let png = Data([0x89, 0x50, 0x4E, 0x47])

  private func app(
    _ plist: [String: Any], format: PropertyListSerialization.PropertyListFormat = .xml
  )
    throws -> Fixture
  {
    let fixture = try Fixture()
    var plist = plist
    plist["CFBundleIdentifier"] = "dev.example.Forms"
    try fixture.writePlist("Info.plist", plist, format: format)
    return fixture
  }

  @Test("a name in CFBundleIcons~ipad only, or in CFBundleIcons only, is marked with its one idiom")
  func oneIdiomOnly() throws {
    let fixture = try app([
      "CFBundleIcons": [
        "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"],
        "CFBundleAlternateIcons": ["Both": [String: Any](), "PhoneOnly": [String: Any]()],
      ],
      "CFBundleIcons~ipad": [
        "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"],
        "CFBundleAlternateIcons": ["Both": [String: Any](), "PadOnly": [String: Any]()],
      ],
    ])
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.alternates.map(\.name) == ["Both", "PhoneOnly", "PadOnly"])
    #expect(icons.alternate(named: "Both")?.declaredIdioms == ["iphone", "ipad"])
    #expect(icons.alternate(named: "PhoneOnly")?.declaredIdioms == ["iphone"])
    #expect(icons.alternate(named: "PadOnly")?.declaredIdioms == ["ipad"])
    #expect(icons.primary.declaredIdioms == ["iphone", "ipad"])
  }

  @Test("without CFBundleIcons~ipad, iPad reads CFBundleIcons: its names work on both idioms")
  func baseKeyServesIPad() throws {
    let fixture = try app([
      "CFBundleIcons": ["CFBundleAlternateIcons": ["Blue": [String: Any]()]]
    ])
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.alternate(named: "Blue")?.declaredIdioms == ["iphone", "ipad"])
    // Nothing declares the primary: it comes from the default, for no idiom in particular.
    #expect(icons.primary.declaredIdioms.isEmpty)
  }

  @Test("CFBundleIcons~iphone replaces CFBundleIcons on iPhone")
  func iPhoneModifier() throws {
    let fixture = try app([
      "CFBundleIcons": ["CFBundleAlternateIcons": ["Pad": [String: Any]()]],
      "CFBundleIcons~iphone": ["CFBundleAlternateIcons": ["Phone": [String: Any]()]],
    ])
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.alternates.map(\.name) == ["Phone", "Pad"])
    #expect(icons.alternate(named: "Phone")?.declaredIdioms == ["iphone"])
    #expect(icons.alternate(named: "Pad")?.declaredIdioms == ["ipad"])
  }

  @Test(
    "names the build settings compile from sets are declared for both idioms, plist or not; one with no set is no icon"
  )
  func settingsNamesCompiledForBothIdioms() throws {
    let fixture = try app([
      "CFBundleIcons~ipad": ["CFBundleAlternateIcons": ["Pad": [String: Any]()]]
    ])
    try fixture.write(
      "App.xcconfig", "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Green Pad Setless\n")
    try fixture.writeSingleSizeIconSet("Green")
    try fixture.writeSingleSizeIconSet("Pad")
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.alternates.map(\.name) == ["Green", "Pad"])
    // actool writes its entries for every idiom the app targets.
    #expect(icons.alternate(named: "Green")?.declaredIdioms == ["iphone", "ipad"])
    #expect(icons.alternate(named: "Pad")?.declaredIdioms == ["iphone", "ipad"])
  }

  @Test(
    "tvOS: CFBundlePrimaryIcon as a string, CFBundleAlternateIcons as an array, in its order",
    arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
  func tvOSForms(format: PropertyListSerialization.PropertyListFormat) throws {
    let fixture = try app(
      [
        "CFBundleIcons": [
          "CFBundlePrimaryIcon": "App Icon",
          "CFBundleAlternateIcons": ["Zebra Stack", "Apple Stack", ""],
        ]
      ], format: format)
    for name in ["App Icon", "Zebra Stack"] { try fixture.writeSingleSizeIconSet(name) }
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.primary.name == "App Icon")
    #expect(icons.primary.renditions.count == 1)
    #expect(icons.alternates.map(\.name) == ["Zebra Stack", "Apple Stack"])
    #expect(icons.alternates.map(\.assetName) == ["Zebra Stack", "Apple Stack"])
    #expect(icons.alternate(named: "Zebra Stack")?.renditions.count == 1)
    #expect(icons.alternate(named: "Apple Stack")?.renditions == [])
  }

  @Test("UIPrerenderedIcon sets isPrerendered; absent or false leaves it off")
  func prerendered() throws {
    let fixture = try app([
      "CFBundleIcons": [
        "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon", "UIPrerenderedIcon": true],
        "CFBundleAlternateIcons": [
          "Gloss": ["UIPrerenderedIcon": false],
          "Flat": ["UIPrerenderedIcon": true],
          "Plain": [String: Any](),
        ],
      ]
    ])
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.primary.isPrerendered)
    #expect(icons.alternate(named: "Flat")?.isPrerendered == true)
    #expect(icons.alternate(named: "Gloss")?.isPrerendered == false)
    #expect(icons.alternate(named: "Plain")?.isPrerendered == false)
  }

  @Test("an entry with CFBundleIconFiles only uses loose files, not a set of its name")
  func iconFilesOnly() throws {
    let fixture = try app([
      "CFBundleIcons": [
        "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon", "CFBundleIconFiles": ["Main"]],
        "CFBundleAlternateIcons": [
          "CRESCENDO": ["CFBundleIconFiles": ["2024Crescendo"]]
        ],
      ]
    ])
    try fixture.writeSingleSizeIconSet("AppIcon")
    try fixture.writeSingleSizeIconSet("CRESCENDO")
    try fixture.write("AppIcons/2024Crescendo/2024Crescendo@2x.png", data: Self.png)
    try fixture.write("AppIcons/2024Crescendo/2024Crescendo@3x.png", data: Self.png)
    try fixture.write("Main@2x.png", data: Self.png)

    let icons = try AppIconReader.read(at: fixture.root)
    let crescendo = try #require(icons.alternate(named: "CRESCENDO"))
    #expect(crescendo.assetName == nil)
    #expect(
      crescendo.files.map(\.lastPathComponent) == ["2024Crescendo@2x.png", "2024Crescendo@3x.png"])
    #expect(crescendo.renditions.map(\.scale) == [2, 3])
    // The primary has both: its set's images first, then the loose ones.
    #expect(icons.primary.files.map(\.lastPathComponent) == ["AppIcon.png", "Main@2x.png"])
  }

  @Test("the old top-level CFBundleIconFiles and CFBundleIconFile name the primary's files")
  func legacyTopLevelFiles() throws {
    let fixture = try app([
      "CFBundleIconFiles": ["Icon", "Icon-72"],
      "CFBundleIconFile": "Icon-Small.png",
    ])
    for name in ["Icon.png", "Icon@2x.png", "Icon-72.png", "Icon-Small.png", "Unrelated.png"] {
      try fixture.write("Resources/\(name)", data: Self.png)
    }
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(
      icons.primary.files.map(\.lastPathComponent) == [
        "Icon.png", "Icon@2x.png", "Icon-72.png", "Icon-Small.png",
      ])
  }

  @Test("CFBundleIconName may differ between the iPhone and iPad entries: the iPhone one wins")
  func mergedAcrossIdioms() throws {
    let fixture = try app([
      "CFBundleIcons": [
        "CFBundleAlternateIcons": ["Blue": ["CFBundleIconName": "Blue-Phone"]]
      ],
      "CFBundleIcons~ipad": [
        "CFBundleAlternateIcons": [
          "Blue": ["CFBundleIconName": "Blue-Pad", "CFBundleIconFiles": ["BluePad"]]
        ]
      ],
    ])
    try fixture.write("BluePad76x76@2x~ipad.png", data: Self.png)
    let blue = try #require(try AppIconReader.read(at: fixture.root).alternate(named: "Blue"))
    #expect(blue.assetName == "Blue-Phone")
    #expect(blue.declaredIdioms == ["iphone", "ipad"])
    #expect(blue.renditions.map(\.idiom) == ["ipad"])
    #expect(blue.renditions.first?.pointSize == 76)
  }

  /// Each plist and the problem its reading reports. (Computed: `Any` cannot cross into a test's
  /// arguments.)
  private static var wrongKindCases: [([String: Any], String)] {
    [
      (
        ["CFBundleIcons": ["CFBundlePrimaryIcon": 7]],
        "CFBundleIcons → CFBundlePrimaryIcon is a number (\"7\"), expected a dictionary (or, on tvOS, a string); passed over"
      ),
      (
        ["CFBundleIcons": ["CFBundleAlternateIcons": "Blue"]],
        "CFBundleIcons → CFBundleAlternateIcons is a string (\"Blue\"), expected a dictionary (or, on tvOS, an array of names); passed over"
      ),
      (
        ["CFBundleIcons": ["CFBundleAlternateIcons": ["Blue", 2]]],
        "CFBundleIcons → CFBundleAlternateIcons → 1 is a number (\"2\"), expected a string (an icon name); passed over"
      ),
      (
        ["CFBundleIcons": ["CFBundleAlternateIcons": ["Blue": ["CFBundleIconFiles": "Blue"]]]],
        "CFBundleIcons → CFBundleAlternateIcons → Blue → CFBundleIconFiles is a string (\"Blue\"), expected an array of file names; passed over"
      ),
      (
        ["CFBundleIcons": ["CFBundleAlternateIcons": ["Blue": ["CFBundleIconFiles": [["x"]]]]]],
        "CFBundleIcons → CFBundleAlternateIcons → Blue → CFBundleIconFiles → 0 is an array, expected a string (a file name); passed over"
      ),
      (
        ["CFBundleIcons": ["CFBundlePrimaryIcon": ["UIPrerenderedIcon": "YES"]]],
        "CFBundleIcons → CFBundlePrimaryIcon → UIPrerenderedIcon is a string (\"YES\"), expected true or false; read as false"
      ),
      (
        ["CFBundleIcons~ipad": ["CFBundlePrimaryIcon": ["CFBundleIconName": ["AppIcon"]]]],
        "CFBundleIcons~ipad → CFBundlePrimaryIcon → CFBundleIconName is an array, expected a string; passed over"
      ),
      (
        ["CFBundleIcons~iphone": "AppIcon"],
        "CFBundleIcons~iphone is a string (\"AppIcon\"), expected a dictionary; passed over"
      ),
      (
        ["CFBundleIconFiles": "Icon.png"],
        "CFBundleIconFiles is a string (\"Icon.png\"), expected an array of file names; passed over"
      ),
    ]
  }

  @Test(
    "values of the wrong kind are read as iOS reads them and reported with the key's path",
    arguments: 0..<9)
  func wrongKinds(index: Int) throws {
    try #require(Self.wrongKindCases.count == 9)
    let (plist, reason) = Self.wrongKindCases[index]
    let fixture = try app(plist)
    let icons = try AppIconReader.read(at: fixture.root)
    let problems = icons.plistValueProblems
    #expect(problems.count == 1)
    #expect(problems.first?.file == fixture.url("Info.plist").path)
    #expect(problems.first?.description.hasPrefix(reason) == true)
  }

  @Test("keys iconpick does not know, even inside the icon dictionaries, are ignored")
  func unknownKeysIgnored() throws {
    // the-blue-alliance nests a second CFBundleIcons~ipad inside the first one.
    let fixture = try app([
      "CFBundleIcons~ipad": [
        "CFBundleIcons~ipad": ["CRESCENDO": ["CFBundleIconFiles": ["2024Crescendo"]]],
        "CFBundleAlternateIcons": ["CRESCENDO": ["CFBundleIconFiles": ["2024Crescendo"]]],
        "NSSomethingElse": 3,
      ],
      "UIDeviceFamily": [1, 2],
    ])
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.alternates.map(\.name) == ["CRESCENDO"])
  }
}
