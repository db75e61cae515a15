import Foundation
import IconCatalog
import Testing

@testable import IconCheck

/// Issue 20, point 4: the rules about what ships run on what Xcode built, from the built app's
/// model: its binary Info.plist (findings at key paths, as it has no lines) and its `Assets.car`
/// (written here by `CarWriter`, laid out as actool's).
@Suite struct BuiltAppChecksTests {
  typealias Rendition = CarWriter.Rendition

  /// A built `Seed.app` in a fresh folder: a binary Info.plist, a car and loose PNGs.
  final class BuiltFixture {
    let store: StoreFixture
    let app: URL

    init(plist: [String: Any], car: CarWriter?, loose: [String: Int] = [:]) throws {
      store = try StoreFixture()
      app = store.url("Seed.app")
      try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
      var root = plist
      root["CFBundleIdentifier"] = "dev.iconpick.Seed"
      root["CFBundleExecutable"] = "Seed"
      try PropertyListSerialization.data(fromPropertyList: root, format: .binary, options: 0)
        .write(to: app.appendingPathComponent("Info.plist"))
      if let car { try Data(car.bytes()).write(to: app.appendingPathComponent("Assets.car")) }
      for (name, pixels) in loose {
        try png(app.appendingPathComponent(name), width: pixels, height: pixels)
      }
    }

    var plistPath: String { app.appendingPathComponent("Info.plist").path }
    var carPath: String { app.appendingPathComponent("Assets.car").path }

    func diagnose() throws -> [Diagnostic] {
      let (icons, facts) = try AppIconReader.readWithFacts(
        at: app, target: nil, configuration: nil)
      #expect(icons.isBuiltArtifact)
      return Checker.diagnose(icons, facts: facts)
    }
  }

  // MARK: A clean build

  /// An icon set's facet as actool compiles it: the multisize set, the iPhone and iPad app icon
  /// sizes and, with `marketing`, the App Store image.
  static func iconSet(
    _ identifier: Int, name: String, iPhone: Bool = true, iPad: [Int] = [152, 167],
    marketing: Bool = true
  ) -> [Rendition] {
    var renditions = [
      Rendition(identifier: identifier, idiom: 1, scale: 1, pixels: 0, layout: 1010, name: name)
    ]
    if iPhone {
      renditions.append(
        Rendition(identifier: identifier, idiom: 1, scale: 2, pixels: 120, name: "\(name)-60@2x"))
      // 40pt @3x is 120 pixels too, but no app icon: it must not stand for 60pt @2x.
      renditions.append(
        Rendition(identifier: identifier, idiom: 1, scale: 3, pixels: 180, name: "\(name)-60@3x"))
    }
    for pixels in iPad {
      renditions.append(
        Rendition(
          identifier: identifier, idiom: 2, scale: 2, pixels: pixels, layout: 1003,
          name: "\(name)-\(pixels)"))
    }
    if marketing {
      renditions.append(
        Rendition(
          identifier: identifier, idiom: 6, scale: 1, pixels: 1024, name: "\(name)-1024.png"))
    }
    return renditions
  }

  static let facets: [(name: String, identifier: Int)] = [
    ("AppIcon", 100), ("Blue", 101), ("LaunchImage", 200),
  ]

  static func car(_ renditions: [Rendition]) -> CarWriter {
    CarWriter.car(
      facets: facets,
      renditions: renditions + [
        Rendition(identifier: 200, idiom: 0, scale: 1, pixels: 1, name: "LaunchImage.png")
      ])
  }

  static let cleanCar = car(iconSet(100, name: "AppIcon") + iconSet(101, name: "Blue"))

  /// What actool writes for an iPhone and iPad app with the primary `AppIcon` and the
  /// alternate `Blue`.
  static func icons(
    primary: [String: Any] = [
      "CFBundleIconName": "AppIcon", "CFBundleIconFiles": ["AppIcon60x60"],
    ],
    alternates: [String: Any] = [
      "Blue": ["CFBundleIconName": "Blue", "CFBundleIconFiles": ["Blue60x60"]]
    ],
    iPadAlternates: [String: Any]? = nil
  ) -> [String: Any] {
    [
      "UIDeviceFamily": [1, 2],
      "CFBundleIcons": ["CFBundlePrimaryIcon": primary, "CFBundleAlternateIcons": alternates],
      "CFBundleIcons~ipad": [
        "CFBundlePrimaryIcon": primary, "CFBundleAlternateIcons": iPadAlternates ?? alternates,
      ],
    ]
  }

  static let cleanLoose = ["AppIcon60x60@2x.png": 120, "Blue60x60@2x.png": 120]

  @Test func aCleanBuildHasNoErrorNorWarningOnlyTheNoteOnTheAppStoreImage() throws {
    let fixture = try BuiltFixture(plist: Self.icons(), car: Self.cleanCar, loose: Self.cleanLoose)
    let found = try fixture.diagnose()
    #expect(found.count == 1, "\(found)")
    let note = try #require(found.first)
    #expect(note.id == .marketingIconAlpha)
    #expect(note.severity == .note)
    #expect(note.file == fixture.carPath)
    #expect(note.within == "AppIcon, ios-marketing 1024×1024 @1x")
    #expect(note.message.contains("not checked for transparency"))
    #expect(CheckReport.count(found) == "0 errors, 0 warnings, 1 note")
  }

  /// An app of Icon Composer icons (layout 1019) and no loose files: every size is there.
  @Test func anIconComposerIconCoversEverySize() throws {
    let car = Self.car([
      Rendition(identifier: 100, idiom: 0, scale: 1, pixels: 0, layout: 1019, name: "AppIcon"),
      Rendition(identifier: 101, idiom: 0, scale: 1, pixels: 0, layout: 1019, name: "Blue"),
    ])
    let fixture = try BuiltFixture(plist: Self.icons(), car: car)
    #expect(try fixture.diagnose() == [])
  }

  /// A single-size set (one universal 1024 image) compiles to every size.
  @Test func aSingleSizeSetCoversEverySize() throws {
    let single = { (identifier: Int, name: String) in
      [
        Rendition(identifier: identifier, idiom: 1, scale: 1, pixels: 0, layout: 1010, name: name),
        Rendition(identifier: identifier, idiom: 0, scale: 1, pixels: 1024, name: "\(name).png"),
      ]
    }
    let fixture = try BuiltFixture(
      plist: Self.icons(), car: Self.car(single(100, "AppIcon") + single(101, "Blue")))
    let found = try fixture.diagnose()
    #expect(!found.contains { $0.severity != .note }, "\(found)")
    #expect(found.map(\.id) == [.marketingIconAlpha])
  }

  /// A tvOS app's icon is a brand assets' image stack, not a multisize set: an asset of its name
  /// in the car is its image, and the iOS rules on names and sizes do not apply.
  @Test func aTVOSBuildsIconIsAnyAssetOfItsName() throws {
    let car = CarWriter.car(
      facets: [("App Icon", 100)],
      renditions: [
        Rendition(identifier: 100, idiom: 3, scale: 1, pixels: 400, name: "Front.png")
      ])
    let fixture = try BuiltFixture(
      plist: [
        "UIDeviceFamily": [3], "DTPlatformName": "appletvos",
        "CFBundleIcons": ["CFBundlePrimaryIcon": "App Icon"],
      ], car: car)
    let (icons, _) = try AppIconReader.readWithFacts(
      at: fixture.app, target: nil, configuration: nil)
    #expect(icons.platform == .tvOS)
    #expect(try fixture.diagnose() == [])
  }

  // MARK: Each rule fires

  @Test func missingIPadDeclarationIsAtTheKeyPathOfTheIPhoneEntry() throws {
    let fixture = try BuiltFixture(
      plist: Self.icons(iPadAlternates: [:]), car: Self.cleanCar, loose: Self.cleanLoose)
    let found = try fixture.diagnose().filter { $0.id == .missingIPadDeclaration }
    #expect(found.count == 1)
    let finding = try #require(found.first)
    #expect(finding.file == fixture.plistPath)
    #expect(finding.line == nil)
    #expect(finding.within == "CFBundleIcons → CFBundleAlternateIcons → Blue")
    #expect(finding.message.contains("\"Blue\""))
    #expect(finding.fix.hasPrefix("In the project,"))
    // What Xcode built is not what to edit: a built app's findings carry no fix.
    #expect(finding.autofix == nil)
  }

  @Test func anAlternateWithNoLooseFileAndNoCompiledSetHasNoImage() throws {
    let plist = Self.icons(alternates: [
      "Blue": ["CFBundleIconName": "Blue", "CFBundleIconFiles": ["Blue60x60"]],
      "Gone": ["CFBundleIconName": "Gone", "CFBundleIconFiles": ["Gone60x60"]],
    ])
    let fixture = try BuiltFixture(plist: plist, car: Self.cleanCar, loose: Self.cleanLoose)
    let found = try fixture.diagnose()
    let missing = found.filter { $0.id == .alternateWithoutImage }
    #expect(missing.count == 1)
    let finding = try #require(missing.first)
    #expect(finding.message.contains("\"Gone\""))
    #expect(finding.message.contains("Assets.car holds no app icon \"Gone\""))
    #expect(finding.message.contains("ITMS-90032"))
    #expect(finding.within == "CFBundleIcons → CFBundleAlternateIcons → Gone")
    #expect(finding.fix.hasPrefix("In the project,"))
    // Its CFBundleIconName names no compiled set either, in both dictionaries.
    let names = found.filter { $0.id == .plistNameNotInCatalog }
    #expect(
      names.map(\.within) == [
        "CFBundleIcons → CFBundleAlternateIcons → Gone → CFBundleIconName",
        "CFBundleIcons~ipad → CFBundleAlternateIcons → Gone → CFBundleIconName",
      ])
    // Blue, which has both, is not reported.
    #expect(!found.contains { $0.message.contains("\"Blue\"") })
  }

  @Test func anAlternateWhoseOnlyImageIsInTheCarHasOne() throws {
    let fixture = try BuiltFixture(
      plist: Self.icons(), car: Self.cleanCar, loose: ["AppIcon60x60@2x.png": 120])
    #expect(!(try fixture.diagnose()).contains { $0.id == .alternateWithoutImage })
  }

  @Test func aPrimaryCFBundleIconNameWithNoCompiledSetIsNotInTheCatalog() throws {
    let plist = Self.icons(primary: [
      "CFBundleIconName": "AppIcon-Old", "CFBundleIconFiles": ["AppIcon60x60"],
    ])
    let fixture = try BuiltFixture(plist: plist, car: Self.cleanCar, loose: Self.cleanLoose)
    let found = try fixture.diagnose().filter { $0.id == .plistNameNotInCatalog }
    #expect(found.count == 2)
    let first = try #require(found.first)
    #expect(first.file == fixture.plistPath)
    #expect(first.within == "CFBundleIcons → CFBundlePrimaryIcon → CFBundleIconName")
    #expect(first.message.contains("\"AppIcon-Old\""))
    #expect(first.message.contains("ITMS-90895"))
  }

  /// A facet of that name that is no app icon (an image set) does not count.
  @Test func anAssetThatIsNoAppIconDoesNotCount() throws {
    let plist = Self.icons(alternates: [
      "Blue": ["CFBundleIconName": "Blue"], "Launch": ["CFBundleIconName": "LaunchImage"],
    ])
    let fixture = try BuiltFixture(plist: plist, car: Self.cleanCar, loose: Self.cleanLoose)
    let found = try fixture.diagnose().filter { $0.id == .plistNameNotInCatalog }
    #expect(found.count == 2)
    #expect(
      found.allSatisfy { $0.message.contains("an asset \"LaunchImage\", but not an app icon") })
  }

  @Test func theIPadSizesMissingFromTheCarAreAMissingSizeOfThePrimary() throws {
    let car = Self.car(
      Self.iconSet(100, name: "AppIcon", iPad: [152]) + Self.iconSet(101, name: "Blue"))
    let fixture = try BuiltFixture(plist: Self.icons(), car: car, loose: Self.cleanLoose)
    let found = try fixture.diagnose().filter { $0.severity != .note }
    #expect(found.map(\.id) == [.primaryMissingSize])
    let finding = try #require(found.first)
    #expect(finding.file == fixture.carPath)
    #expect(finding.within == "AppIcon")
    #expect(finding.message.contains("167×167 iPad"))
    #expect(!finding.message.contains("152×152"))
    #expect(finding.message.contains("ITMS-90023"))
    #expect(finding.message.contains("UIDeviceFamily"))
  }

  /// The 120×120 iPhone icon is 60pt @2x: 40pt @3x, also 120 pixels, is not it; a loose PNG
  /// of 120 pixels is.
  @Test func theIPhoneSizeComesFromTheCarAt2xOrALooseFile() throws {
    let withoutIPhone =
      Self.iconSet(100, name: "AppIcon", iPhone: false)
      + [Rendition(identifier: 100, idiom: 1, scale: 3, pixels: 120, name: "Icon-40@3x")]
    let car = Self.car(withoutIPhone + Self.iconSet(101, name: "Blue"))
    let looseOnly = try BuiltFixture(plist: Self.icons(), car: car, loose: Self.cleanLoose)
    #expect(!(try looseOnly.diagnose()).contains { $0.id == .primaryMissingSize })

    let neither = try BuiltFixture(
      plist: Self.icons(), car: car, loose: ["AppIcon60x60@3x.png": 180, "Blue60x60@2x.png": 120])
    let found = try neither.diagnose().filter { $0.id == .primaryMissingSize }
    #expect(found.count == 1)
    #expect(found.first?.message.contains("120×120 iPhone") == true)
    #expect(found.first?.message.contains("ITMS-90022") == true)
  }

  @Test func anAlternateMissingASizeIsAWarning() throws {
    let car = Self.car(
      Self.iconSet(100, name: "AppIcon") + Self.iconSet(101, name: "Blue", iPad: []))
    let fixture = try BuiltFixture(plist: Self.icons(), car: car, loose: Self.cleanLoose)
    let found = try fixture.diagnose().filter { $0.severity != .note }
    #expect(found.map(\.id) == [.alternateMissingSize])
    #expect(found.first?.severity == .warning)
    #expect(found.first?.within == "Blue")
    #expect(found.first?.message.contains("152×152 iPad") == true)
  }

  @Test func noCFBundleIconNameForThePrimaryWhileTheCarHoldsAppIcons() throws {
    let plist = Self.icons(primary: ["CFBundleIconFiles": ["AppIcon60x60"]])
    let fixture = try BuiltFixture(plist: plist, car: Self.cleanCar, loose: Self.cleanLoose)
    let found = try fixture.diagnose().filter { $0.id == .iconNameNotSet }
    #expect(found.count == 1)
    let finding = try #require(found.first)
    #expect(finding.within == "CFBundleIcons → CFBundlePrimaryIcon")
    #expect(finding.message.contains("ITMS-90713"))
    #expect(finding.message.contains("\"AppIcon\""))
    #expect(finding.fix.hasPrefix("In the project,"))
  }

  @Test func noAppStoreImageInTheCarForThePrimary() throws {
    let car = Self.car(
      Self.iconSet(100, name: "AppIcon", marketing: false) + Self.iconSet(101, name: "Blue"))
    let fixture = try BuiltFixture(plist: Self.icons(), car: car, loose: Self.cleanLoose)
    let found = try fixture.diagnose()
    let missing = found.filter { $0.id == .noAppStoreIcon }
    #expect(missing.count == 1)
    #expect(missing.first?.file == fixture.carPath)
    #expect(missing.first?.within == "AppIcon")
    // Nothing to leave unverified then.
    #expect(!found.contains { $0.id == .marketingIconAlpha })
  }

  /// `CFBundleIconFiles` of the built plist: a name with `.png` is an error at its item's key
  /// path; names with a scale suffix that find their file are one warning.
  @Test func iconFilesAsTheBuiltPlistWritesThem() throws {
    let plist = Self.icons(
      primary: ["CFBundleIconName": "AppIcon", "CFBundleIconFiles": ["AppIcon60x60", "Old.png"]],
      alternates: [
        "Blue": [
          "CFBundleIconName": "Blue", "CFBundleIconFiles": ["Blue60x60@2x", "Blue60x60@3x"],
        ]
      ])
    let fixture = try BuiltFixture(
      plist: plist, car: Self.cleanCar,
      loose: Self.cleanLoose.merging(["Blue60x60@3x.png": 180]) { $1 })
    let found = try fixture.diagnose()
    let extensions = found.filter { $0.id == .iconFileWithExtension }
    #expect(
      extensions.map(\.within) == [
        "CFBundleIcons → CFBundlePrimaryIcon → CFBundleIconFiles → 1",
        "CFBundleIcons~ipad → CFBundlePrimaryIcon → CFBundleIconFiles → 1",
      ])
    #expect(extensions.first?.message.contains("\"Old.png\"") == true)
    #expect(extensions.allSatisfy { $0.autofix == nil })
    let suffixes = found.filter { $0.id == .iconFileWithSuffix }
    #expect(suffixes.count == 2)
    #expect(
      suffixes.first?.within
        == "CFBundleIcons → CFBundleAlternateIcons → Blue → CFBundleIconFiles → 0")
    #expect(suffixes.first?.message.contains("2 names with one") == true)
    // What actool writes (a base name) is no finding.
    let clean = try BuiltFixture(plist: Self.icons(), car: Self.cleanCar, loose: Self.cleanLoose)
    #expect(
      !(try clean.diagnose()).contains {
        $0.id == .iconFileWithSuffix || $0.id == .iconFileWithExtension
      })
  }

  /// Without a car, a missing size of loose files is at the icon's key path, and the
  /// `CFBundleIconName` names nothing compiled.
  @Test func withoutACarTheLooseFilesAreTheSizes() throws {
    var plist = Self.icons(alternates: [:])
    plist["UIDeviceFamily"] = [1]
    let fixture = try BuiltFixture(plist: plist, car: nil, loose: ["AppIcon60x60@3x.png": 180])
    let found = try fixture.diagnose()
    let size = try #require(found.first { $0.id == .primaryMissingSize })
    #expect(size.file == fixture.plistPath)
    #expect(size.within == "CFBundleIcons → CFBundlePrimaryIcon")
    #expect(size.message.contains("120×120 iPhone"))
    #expect(!size.message.contains("iPad"))
    let name = try #require(found.first { $0.id == .plistNameNotInCatalog })
    #expect(name.message.contains("the app has no Assets.car"))
    #expect(!found.contains { $0.id == .primaryNotFound })
  }

  /// A project's report is as it was: no `within`, no `notes`.
  @Test func aProjectsJSONHasNoneOfTheBuiltAppsKeys() throws {
    let found = [
      Diagnostic(id: .missingFile, file: "/p/Contents.json", line: 3, message: "m", fix: "f")
    ]
    let json = try CheckReport.render([(target: nil, diagnostics: found)], format: .json)
    #expect(!json.contains("within"))
    #expect(!json.contains("notes"))
    #expect(CheckReport.count(found) == "1 error, 0 warnings")
  }

  @Test func anAppWithNoIconAtAllSaysSo() throws {
    let fixture = try BuiltFixture(plist: ["UIDeviceFamily": [1]], car: nil)
    let found = try fixture.diagnose()
    #expect(found.map(\.id) == [.primaryNotFound])
    #expect(found.first?.message.contains("names no primary icon") == true)
    #expect(found.first?.message.contains("no Assets.car") == true)
  }

  @Test func aDamagedCarIsAWarningOfTheReadingNotAFindingOfEachRule() throws {
    let fixture = try BuiltFixture(plist: Self.icons(), car: nil, loose: Self.cleanLoose)
    try Data("BOMStore".utf8).write(to: URL(fileURLWithPath: fixture.carPath))
    let (icons, facts) = try AppIconReader.readWithFacts(
      at: fixture.app, target: nil, configuration: nil)
    #expect(icons.compiledAppIconsProblem != nil)
    #expect(icons.warnings.contains { $0.contains("Assets.car") })
    let found = Checker.diagnose(icons, facts: facts)
    #expect(!found.contains { $0.id == .plistNameNotInCatalog || $0.id == .alternateWithoutImage })
  }

  // MARK: Reports

  /// A key path is printed where a line would be, in every format, and a note fails no run.
  @Test func theKeyPathIsInEveryFormat() throws {
    let fixture = try BuiltFixture(
      plist: Self.icons(iPadAlternates: [:]), car: Self.cleanCar, loose: Self.cleanLoose)
    let found = try fixture.diagnose()
    let gcc = try CheckReport.render([(target: nil, diagnostics: found)], format: .gcc)
    #expect(
      gcc.contains(
        "\(fixture.plistPath): CFBundleIcons → CFBundleAlternateIcons → Blue: error: "))
    #expect(gcc.contains("\(fixture.carPath): AppIcon, ios-marketing 1024×1024 @1x: note: "))
    #expect(gcc.hasSuffix("1 error, 0 warnings, 1 note\n"))

    let json = try CheckReport.render([(target: nil, diagnostics: found)], format: .json)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let entries = try #require(report["diagnostics"] as? [[String: Any]])
    #expect(
      entries.contains {
        $0["within"] as? String == "CFBundleIcons → CFBundleAlternateIcons → Blue"
          && $0["line"] is NSNull
      })
    #expect(entries.contains { $0["severity"] as? String == "note" })
    #expect(report["notes"] as? Int == 1)
    #expect(report["errors"] as? Int == 1)

    let sarif = try CheckReport.render([(target: nil, diagnostics: found)], format: .sarif)
    #expect(
      sarif.contains("\"fullyQualifiedName\" : \"CFBundleIcons → CFBundleAlternateIcons → Blue\""))
    #expect(sarif.contains("\"level\" : \"note\""))

    let github = try CheckReport.render([(target: nil, diagnostics: found)], format: .github)
    #expect(github.contains("::notice file="))
    #expect(github.contains("::CFBundleIcons → CFBundleAlternateIcons → Blue: alternate icon"))

    let junit = try CheckReport.render(
      [(target: nil, diagnostics: found)], format: .junit, warningsAsErrors: true)
    #expect(junit.contains("failures=\"1\""))
  }
}
