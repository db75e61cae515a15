import Foundation
import IconCatalog
import Testing

@testable import IconCheck

/// Each fixture is one Icon Composer bundle written into a temporary folder: icon.json as text (so
/// lines are known) and its layer images (SVG text, PNGs written with libpng).
@Suite struct IconComposerChecksTests {
  // MARK: Clean input

  @Test func cleanBundleHasNoDiagnostics() throws {
    let icon = try IconBundle()
    try icon.writeClean()
    #expect(icon.diagnose() == [])
  }

  /// A bundle as Icon Composer writes it, used by an app: no check of the images reports the
  /// bundle folder itself, and the icon has its one "file", the bundle.
  @Test func anAppUsingIconComposerBundlesHasNoDiagnostics() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: ["AppIcon-Blue"])
    for name in ["AppIcon", "AppIcon-Blue"] {
      let icon = IconBundle(folder: app.catalog.appendingPathComponent("\(name).icon"))
      try icon.writeClean()
    }
    let icons = try app.read()
    #expect(
      icons.allIcons.map { $0.renditions.map(\.kind) } == [
        [.iconComposer, .iconComposer, .iconComposer],
        [.iconComposer, .iconComposer, .iconComposer],
      ])
    #expect(icons.allIcons.map(\.files.count) == [1, 1])
    #expect(Checker.diagnose(icons) == [])
    let facts = try AppIconReader.facts(at: app.root, target: nil, configuration: nil)
    #expect(try projectFindings(facts) == [])
  }

  @Test func aUsedBundleWhoseIconJSONIsBrokenIsReportedAndTheRestIsStillChecked() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: ["AppIcon-Blue"])
    for name in ["AppIcon", "AppIcon-Blue"] {
      try IconBundle(folder: app.catalog.appendingPathComponent("\(name).icon")).writeClean()
    }
    let broken = IconBundle(folder: app.catalog.appendingPathComponent("AppIcon-Blue.icon"))
    try broken.json("{ not json")
    // Reading the app does not stop at the bundle: check reports it, with the other icons.
    let icons = try app.read()
    #expect(icons.alternates.map(\.name) == ["AppIcon-Blue"])
    let facts = try AppIconReader.facts(at: app.root, target: nil, configuration: nil)
    #expect(try projectFindings(facts).map(\.id) == [.iconJSONInvalid])
  }

  @Test func aUsedBundleWithNoArtworkSaysSoInsteadOfNoSet() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: ["AppIcon-Blue"])
    for name in ["AppIcon", "AppIcon-Blue"] {
      try IconBundle(folder: app.catalog.appendingPathComponent("\(name).icon")).writeClean()
    }
    let empty = IconBundle(folder: app.catalog.appendingPathComponent("AppIcon-Blue.icon"))
    try empty.json(#"{"groups": [{"layers": [{"name": "no image"}]}]}"#)
    // check's reading: the model then says which app icons are Icon Composer bundles.
    let (icons, facts) = try AppIconReader.readWithFacts(
      at: app.root, target: nil, configuration: nil)
    let found = Checker.diagnose(icons, facts: facts).filter {
      $0.id == .alternateWithoutImage
    }
    #expect(found.count == 1)
    #expect(
      found.first?.message.contains(
        "its Icon Composer bundle \"AppIcon-Blue.icon\" has no layer with an image") == true,
      "\(found)")
    #expect(try projectFindings(facts).map(\.id).contains(.iconLayerWithoutImage))
  }

  // MARK: icon.json

  @Test func iconJSONThatIsNotJSONSaysWhereWhenItCan() throws {
    let icon = try IconBundle()
    try icon.writeClean()
    try icon.json("{\n  \"groups\" : [\n    oops\n  ]\n}\n")
    let found = icon.diagnose()
    #expect(found.map(\.id) == [.iconJSONInvalid])
    #expect(found.first?.severity == .error)
    #expect(found.first?.file == icon.document.path)
    #expect(
      found.first?.message.hasPrefix("Icon Composer icon \"Blue\": its icon.json is not valid")
        == true)
    #expect(found.first?.fix.contains("Icon Composer") == true)
    #expect(found.first?.line == 3)
    #expect(
      IconComposerChecks.lineNumber(in: "Unexpected character 'o' around line 3, column 5.") == 3)
  }

  @Test(arguments: ["[]", "\"groups\"", "12", ""])
  func iconJSONThatIsNotAnObject(_ text: String) throws {
    let icon = try IconBundle()
    try icon.json(text)
    #expect(icon.diagnose().map(\.id) == [.iconJSONInvalid])
  }

  @Test func missingIconJSON() throws {
    let icon = try IconBundle()
    try icon.svg("glyph.svg")
    let found = icon.diagnose()
    #expect(found.map(\.id) == [.iconJSONInvalid])
    #expect(found.first?.message.contains("cannot be read") == true)
  }

  @Test func missingGroupsIsNoArtwork() throws {
    let icon = try IconBundle()
    try icon.json(#"{ "supported-platforms" : { "squares" : "shared" } }"#)
    #expect(icon.diagnose().map(\.id) == [.iconNoArtwork])
    // An empty list is what Icon Composer writes for an empty canvas: the icon check reports it
    // when the icon is used (no image), not here.
    try icon.json(#"{ "groups" : [] }"#)
    #expect(icon.diagnose() == [])
  }

  @Test func parseProblemsBecomeDiagnosticsAtTheirLines() throws {
    let icon = try IconBundle()
    try icon.writeClean(
      replacing: [
        (#""srgb:0.18431,0.49020,0.96471,1.00000""#, #""srgb:0.18431,0.49020,0.96471""#),
        (#""kind" : "layer-color""#, #""kind" : "layer-colour""#),
        (#""scale" : 1.2,"#, ""),
        (#""value" : 0.6"#, #""value" : "0.6""#),
      ])
    let found = icon.diagnose()
    #expect(found.count == 4)
    #expect(
      Set(found.map(\.id)) == [
        .iconBadColor, .iconIncompleteObject, .iconUnknownValue, .iconWrongType,
      ])
    #expect(found.allSatisfy { $0.severity == .error && $0.file == icon.document.path })
    let text = try String(contentsOf: icon.document, encoding: .utf8)
    func line(_ marker: String) -> Int? {
      text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
        $0.contains(marker)
      }.map { $0 + 1 }
    }
    let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    #expect(byID[.iconBadColor]?.line == line("0.96471\""))
    #expect(byID[.iconBadColor]?.message.contains("srgb takes 4 components") == true)
    #expect(byID[.iconUnknownValue]?.line == line("layer-colour"))
    #expect(byID[.iconWrongType]?.line == line("\"0.6\""))
    // The position lacking its scale is shown at its key.
    #expect(byID[.iconIncompleteObject]?.line == line("\"position\" : {"))
    #expect(byID[.iconIncompleteObject]?.message.contains("missing \"scale\"") == true)
  }

  @Test func gradientWithOneColourIsABadColour() throws {
    let icon = try IconBundle()
    try icon.writeClean(replacing: [(#""srgb:0.18431,0.49020,0.96471,1.00000","#, "")])
    let found = icon.diagnose()
    #expect(found.map(\.id) == [.iconBadColor])
    #expect(found.first?.message.contains("exactly 2 colours, not 1") == true)
    #expect(found.first?.line == 3)
  }

  @Test func featuresAndAStringSpecularCrashXcode26() throws {
    let icon = try IconBundle()
    try icon.writeClean(replacing: [
      (#""specular" : true"#, #""specular" : "automatic""#),
      (
        #""supported-platforms""#, #""features" : { "glass" : 2 },"# + "\n  \"supported-platforms\""
      ),
    ])
    let found = icon.diagnose()
    #expect(found.map(\.id) == [.iconCrashesActool, .iconCrashesActool])
    #expect(found.allSatisfy { $0.severity == .warning && $0.line != nil })
    #expect(found.contains { $0.message.contains("features") })
    #expect(found.contains { $0.message.contains("specular") })
  }

  // MARK: Layers

  @Test func layerWithoutImage() throws {
    let icon = try IconBundle()
    try icon.writeClean(replacing: [(#""image-name" : "glow.svg","#, "")])
    try FileManager.default.removeItem(at: icon.asset("glow.svg"))
    let found = icon.diagnose()
    #expect(found.map(\.id) == [.iconLayerWithoutImage])
    #expect(found.first?.message.contains("layer \"glow\" (groups[1].layers[0])") == true)
    #expect(found.first?.line != nil)
  }

  @Test func missingImagesIncludingSpecializationOnes() throws {
    let icon = try IconBundle()
    try icon.writeClean()
    try FileManager.default.removeItem(at: icon.asset("glow.svg"))
    try FileManager.default.removeItem(at: icon.asset("drop-dark.svg"))
    let found = icon.diagnose()
    #expect(found.map(\.id) == [.iconLayerMissingImage, .iconLayerMissingImage])
    #expect(found.allSatisfy { $0.severity == .error && $0.file == icon.document.path })
    let text = try String(contentsOf: icon.document, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let named = found.map { $0.line.map { lines[$0 - 1].trimmingCharacters(in: .whitespaces) } }
    #expect(named == [#""value" : "drop-dark.svg""#, #""image-name" : "glow.svg","#])
    #expect(
      found.contains {
        $0.message.contains("\"drop-dark.svg\" (named only in an image-name-specializations entry)")
      })
    #expect(found.contains { $0.message.contains("\"glow.svg\" is not in its Assets folder") })
  }

  @Test func missingAssetsFolderIsSaidOnce() throws {
    let icon = try IconBundle()
    try icon.writeClean()
    try FileManager.default.removeItem(at: icon.folder.appendingPathComponent("Assets"))
    let found = icon.diagnose()
    #expect(found.map(\.id) == [.iconLayerMissingImage])
    #expect(found.first?.message.contains("has no Assets folder") == true)
    #expect(found.first?.file == icon.folder.path)
  }

  @Test(arguments: [
    ("../../escape.svg", "climbs out"), ("/etc/hosts", "absolute path"),
    ("sub/glyph.svg", "path separator"), ("..", "names a folder"), ("", "is empty"),
  ])
  func unsafeImageNames(_ name: String, _ why: String) throws {
    let icon = try IconBundle()
    try icon.writeClean(replacing: [(#""image-name" : "glow.svg""#, "\"image-name\" : \"\(name)\"")]
    )
    try FileManager.default.removeItem(at: icon.asset("glow.svg"))
    let found = icon.diagnose()
    #expect(found.map(\.id) == [.iconUnsafeImageName], "\(found)")
    #expect(found.first?.message.contains(why) == true, "\(found)")
    #expect(found.first?.line != nil)
  }

  @Test func symbolicLinkOutOfTheBundleIsUnsafe() throws {
    let icon = try IconBundle()
    try icon.writeClean()
    let outside = icon.root.appendingPathComponent("outside.svg")
    try Data(IconBundle.svgText.utf8).write(to: outside)
    try FileManager.default.removeItem(at: icon.asset("glow.svg"))
    try FileManager.default.createSymbolicLink(
      at: icon.asset("glow.svg"), withDestinationURL: outside)
    let found = icon.diagnose()
    #expect(found.map(\.id) == [.iconUnsafeImageName])
    #expect(found.first?.message.contains("symbolic link") == true)
    // A link that stays inside the bundle is fine.
    try FileManager.default.removeItem(at: icon.asset("glow.svg"))
    try FileManager.default.moveItem(
      at: outside, to: icon.folder.appendingPathComponent("shared.svg"))
    try FileManager.default.createSymbolicLink(
      atPath: icon.asset("glow.svg").path, withDestinationPath: "../shared.svg")
    #expect(icon.diagnose() == [])
  }

  @Test(arguments: [
    (
      "glow.svg",
      Data("version https://git-lfs.github.com/spec/v1\noid sha256:abc\nsize 12\n".utf8),
      "Git LFS pointer"
    ),
    ("glow.svg", Data("not svg at all".utf8), "is not an SVG"),
    ("glow.svg", Data(), "empty file"),
    ("photo.png", Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]), "is a JPEG, not a PNG"),
    (
      "photo.png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]), "is a damaged PNG"
    ),
  ])
  func layerFilesThatAreNotWhatTheirNamesSay(_ name: String, _ data: Data, _ what: String) throws {
    let icon = try IconBundle()
    try icon.writeClean()
    try data.write(to: icon.asset(name))
    let found = icon.diagnose()
    #expect(found.map(\.id) == [.iconLayerWrongFormat])
    #expect(found.first?.message.contains(what) == true, "\(found)")
    #expect(found.first?.file == icon.asset(name).path)
  }

  @Test func svgWithALongPrologIsStillAnSVG() throws {
    let icon = try IconBundle()
    try icon.writeClean()
    let prolog =
      "<?xml version=\"1.0\"?>\n<!-- " + String(repeating: "generated ", count: 100) + "-->\n"
    try Data((prolog + IconBundle.svgText).utf8).write(to: icon.asset("glow.svg"))
    #expect(icon.diagnose() == [])
  }

  @Test func textInAFontThatIsNotInstalledIsAWarningNamingTheFont() throws {
    let icon = try IconBundle()
    try icon.writeClean()
    // As NowPlayingRemote's note, which asks for Apple's SF Pro; a generic family is never
    // missing.
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">
        <text x="0" y="900" style="font-family:'NoSuchFont-Italic', 'No Such Font Pro';font-size:800px;">A</text>
        <text x="0" y="200" font-family="sans-serif">B</text>
      </svg>
      """
    try Data(svg.utf8).write(to: icon.asset("glow.svg"))
    let found = icon.diagnose().filter { $0.id == .iconSVGUnsupported }
    #expect(found.count == 1, "\(found)")
    #expect(found.first?.severity == .warning)
    #expect(
      found.first?.message.contains(
        "text in the font \"No Such Font Pro\" (also \"NoSuchFont-Italic\"), not installed: drawn with"
      )
        == true, "\(found)")
  }

  @Test func aFilterLibrsvgCannotDrawIsAWarningAndFeDropShadowIsNot() throws {
    let icon = try IconBundle()
    try icon.writeClean()
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">
        <filter id="soft"><feDropShadow dx="0" dy="8" stdDeviation="4"/></filter>
        <filter id="odd"><feFancyGlow/></filter>
        <rect width="1024" height="1024" fill="#fff" filter="url(#soft)"/>
        <rect width="512" height="512" fill="#000" filter="url(#odd)"/>
      </svg>
      """
    try Data(svg.utf8).write(to: icon.asset("glow.svg"))
    let found = icon.diagnose()
    #expect(found.map(\.id) == [.iconSVGUnsupported])
    #expect(found.first?.severity == .warning)
    #expect(found.first?.message.contains("#odd uses feFancyGlow") == true)
    #expect(found.first?.message.contains("#soft") == false)
  }

  @Test func svgTextIsAWarningAtItsLine() throws {
    let icon = try IconBundle()
    try icon.writeClean()
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">
        <rect width="1024" height="1024" fill="#fff"/>
        <text x="100" y="500" font-size="200">Hi</text>
      </svg>
      """
    try Data(svg.utf8).write(to: icon.asset("glow.svg"))
    let found = icon.diagnose()
    #expect(found.map(\.id) == [.iconSVGText])
    #expect(found.first?.severity == .warning)
    #expect(found.first?.line == 3)
    #expect(IconComposerChecks.SVGText.opensText("<svg:text>") == true)
    #expect(IconComposerChecks.SVGText.opensText("<textPath href=\"#a\">") == false)
  }

  @Test func allLayersHidden() throws {
    let icon = try IconBundle()
    try icon.writeClean(replacing: [
      (#""name" : "Shape","#, #""name" : "Shape", "hidden" : true,"#),
      (#""name" : "Glow","#, #""name" : "Glow", "hidden" : true,"#),
    ])
    let found = icon.diagnose()
    #expect(found.map(\.id) == [.iconAllHidden])
    #expect(found.first?.severity == .warning)
  }

  // MARK: The bundle

  @Test func supportedPlatformsWithoutIOS() throws {
    let icon = try IconBundle()
    try icon.writeClean(replacing: [
      (#""squares" : "shared""#, #""squares" : [ "macOS" ]"#)
    ])
    let found = icon.diagnose()
    #expect(found.map(\.id) == [.iconNoIOS])
    #expect(found.first?.severity == .warning)
    #expect(found.first?.message.contains("squares: [macOS]") == true)
    try icon.writeClean(replacing: [
      (#""squares" : "shared""#, #""squares" : [ "iOS", "macOS" ]"#)
    ])
    #expect(icon.diagnose() == [])
  }

  @Test func unusedAssetFile() throws {
    let icon = try IconBundle()
    try icon.writeClean()
    try icon.svg("old.svg")
    try Data().write(to: icon.asset(".DS_Store"))
    let found = icon.diagnose()
    #expect(found.map(\.id) == [.iconUnusedAsset])
    #expect(found.first?.file == icon.asset("old.svg").path)
    #expect(found.first?.severity == .warning)
  }

  @Test func iconAndAppIconSetOfOneName() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: [])
    try app.singleSizeSet("AppIcon")
    try IconBundle(folder: app.catalog.appendingPathComponent("AppIcon.icon")).writeClean()
    let facts = try AppIconReader.facts(at: app.root, target: nil, configuration: nil)
    let found = try projectFindings(facts)
    #expect(found.map(\.id) == [.iconAndAppIconSetSameName])
    #expect(found.first?.severity == .warning)
    #expect(found.first?.file?.hasSuffix("AppIcon.appiconset/Contents.json") == true)
    #expect(found.first?.message.contains("Xcode 26") == true)
  }

  /// Bundles the catalogs hold but the app does not use are checked too.
  @Test func unusedBundlesAreCheckedToo() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: [])
    try app.singleSizeSet("AppIcon")
    let spare = IconBundle(folder: app.catalog.appendingPathComponent("Spare.icon"))
    try spare.writeClean(replacing: [(#""kind" : "neutral""#, #""kind" : "soft""#)])
    let facts = try AppIconReader.facts(at: app.root, target: nil, configuration: nil)
    #expect(try projectFindings(facts).map(\.id) == [.setNotShipped, .iconUnknownValue])
  }

  // MARK: Lines

  @Test func jsonLinesFindKeysAndItems() {
    let text = """
      {
        "fill" : "automatic",
        "groups" : [
          {
            "layers" : [ { "image-name" : "a.svg" },
              { "image-name" : "b\\"c.svg" } ]
          }
        ],
        "x" : [1, 2, {"y": null}]
      }
      """
    let lines = JSONLines(Data(text.utf8))
    #expect(lines.line(of: "fill") == 2)
    #expect(lines.line(of: "groups[0]") == 4)
    #expect(lines.line(of: "groups[0].layers[1].image-name") == 6)
    #expect(lines.line(of: "groups[0].layers[1].fill.solid") == 6)
    #expect(lines.line(of: "x[2].y") == 9)
    #expect(JSONLines(Data("{\"a\":1,\n\"\\u00e9\\u0041\" : 2}".utf8)).line(of: "éA") == 2)
    let halves = JSONLines(Data("{\"\\ud83d\": 1,\n\"\\u12\": 2,\n\"b\": 3}".utf8))
    #expect(halves.line(of: "\u{FFFD}") == 1)
    #expect(halves.line(of: "b") == 3)
    #expect(lines.line(of: "nothing") == nil)
    #expect(lines.line(of: "") == nil)
    // Not JSON: what can be found is, and nothing traps.
    for bad in ["{\"a\":", "]]]}}}", "[\"\\", String(repeating: "[", count: 10_000), "{,,:}"] {
      _ = JSONLines(Data(bad.utf8)).line(of: "a")
    }
  }
}

// MARK: Fixture

/// One `.icon` bundle: `icon.json` and `Assets/`, in a fresh temporary folder (removed when the
/// value is released) or in a folder of another fixture.
final class IconBundle {
  let root: URL
  let folder: URL
  private let owned: Bool
  var document: URL { folder.appendingPathComponent("icon.json") }

  init() throws {
    root =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("iconcheck-icon-\(UUID().uuidString)", isDirectory: true)
      .standardizedFileURL
    folder = root.appendingPathComponent("Blue.icon", isDirectory: true)
    owned = true
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Assets"), withIntermediateDirectories: true)
  }

  init(folder: URL) {
    root = folder.deletingLastPathComponent()
    self.folder = folder
    owned = false
    try? FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Assets"), withIntermediateDirectories: true)
  }

  deinit { if owned { try? FileManager.default.removeItem(at: root) } }

  func diagnose() -> [Diagnostic] { IconComposerChecks.diagnose(bundle: folder) }

  func asset(_ name: String) -> URL {
    folder.appendingPathComponent("Assets").appendingPathComponent(name)
  }

  func json(_ text: String) throws { try Data(text.utf8).write(to: document) }

  static let svgText = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
      <circle cx="50" cy="50" r="40" fill="#2f7df6"/>
    </svg>

    """

  func svg(_ name: String) throws { try Data(Self.svgText.utf8).write(to: asset(name)) }

  /// An icon.json as Icon Composer writes it (keys sorted, two-space indent): a gradient
  /// background with a dark specialization, a group with an SVG that has a dark-only image, and
  /// a group with an SVG and a PNG; each `replacing` pair is applied to the text first.
  func writeClean(replacing: [(String, String)] = []) throws {
    var text = Self.cleanJSON
    for (old, new) in replacing {
      precondition(text.contains(old), "the clean icon.json has no \(old)")
      text = text.replacingOccurrences(of: old, with: new)
    }
    try json(text)
    try svg("drop.svg")
    try svg("drop-dark.svg")
    try svg("glow.svg")
    try writePNG(asset("photo.png"), width: 64, height: 48, alpha: true)
  }

  static let cleanJSON = """
    {
      "fill" : {
        "linear-gradient" : [
          "srgb:0.18431,0.49020,0.96471,1.00000",
          "display-p3:0.10155,0.22382,0.54026,1.00000"
        ]
      },
      "fill-specializations" : [
        {
          "appearance" : "dark",
          "value" : "system-dark"
        }
      ],
      "groups" : [
        {
          "layers" : [
            {
              "blend-mode" : "normal",
              "fill" : "none",
              "glass" : true,
              "image-name" : "drop.svg",
              "image-name-specializations" : [
                {
                  "appearance" : "dark",
                  "value" : "drop-dark.svg"
                }
              ],
              "name" : "drop",
              "position" : {
                "scale" : 1.2,
                "translation-in-points" : [ 0, -10 ]
              }
            }
          ],
          "name" : "Shape",
          "shadow" : {
            "kind" : "layer-color",
            "opacity" : 0.5
          },
          "specular" : true,
          "translucency" : {
            "enabled" : true,
            "value" : 0.2
          }
        },
        {
          "blend-mode" : "soft-light",
          "blur-material" : null,
          "layers" : [
            {
              "image-name" : "glow.svg",
              "name" : "glow",
              "opacity-specializations" : [
                {
                  "value" : 0.6
                },
                {
                  "appearance" : "tinted",
                  "value" : 0
                }
              ]
            },
            {
              "fill-specializations" : [
                {
                  "appearance" : "tinted",
                  "value" : {
                    "solid" : "gray:0.9,1"
                  }
                }
              ],
              "image-name" : "photo.png",
              "name" : "photo"
            }
          ],
          "lighting" : "individual",
          "name" : "Glow",
          "shadow" : {
            "kind" : "neutral",
            "opacity" : 0.5
          }
        }
      ],
      "supported-platforms" : {
        "circles" : [ "watchOS" ],
        "squares" : "shared"
      }
    }

    """
}
