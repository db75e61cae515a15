import Foundation
import IconCatalog
import IconFuzzing
import Testing

/// Every seed and every crash input `make fuzz` kept (Tests/Fuzz/TARGET/{seeds,regressions}) goes
/// through the fuzz targets' own entry points: it must be read, or refused with the reader's own
/// typed error and a one-line message; a trap or an unexpected error type ends the test run.
@Suite struct FuzzInputTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz", isDirectory: true)

  static func inputs(_ target: FuzzTarget, _ kind: String) -> [URL] {
    let folder = root.appendingPathComponent(target.rawValue).appendingPathComponent(kind)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted().filter { !$0.hasPrefix(".") }.map { folder.appendingPathComponent($0) }
  }

  @Test(arguments: FuzzTarget.allCases)
  func everyInputReadsOrIsRefusedWithItsOwnError(_ target: FuzzTarget) throws {
    let files = Self.inputs(target, "seeds") + Self.inputs(target, "regressions")
    #expect(Self.inputs(target, "seeds").count >= 5, "\(target.rawValue) has few seeds")
    for file in files {
      let data = try Data(contentsOf: file)
      #expect(data.count <= target.maxLength, "\(file.lastPathComponent) is over -max_len")
      switch target.run(data) {
      case .read(let summary):
        #expect(!summary.isEmpty, "\(file.path)")
      case .rejected(let message):
        #expect(!message.isEmpty, "\(file.path)")
        #expect(!message.contains("\n"), "\(file.path): \(message)")
      case .unavailable:
        Issue.record("\(target.rawValue) cannot reach its readers: the tests need a debug build")
      }
    }
  }

  /// What some seeds come to, so a reader that stops reading (or starts refusing) them is noticed.
  @Test(arguments: [
    (
      FuzzTarget.infoplist, "modern.plist", "read: primary AppIcon, 2 alternates; app Seed: 3 icons"
    ),
    (.infoplistedit, "bare.plist", "read: XML: added and removed, byte-identical"),
    (.infoplistedit, "empty-alternates.plist", "read: XML: added and removed, byte-identical"),
    (.infoplistedit, "comments-cdata.plist", "read: XML: added and removed"),
    (.infoplistedit, "binary.plist", "read: binary: added and removed"),
    (
      .infoplistedit, "icons-not-a-dict.plist",
      "CFBundleIcons holds a value that is not a dictionary"
    ),
    (.infoplistedit, "duplicate-keys.plist", "written twice"),
    (.infoplist, "binary-tvos.plist", "read: primary App Icon, 2 alternates; app Seed: 3 icons"),
    (.infoplist, "ascii.plist", "read: primary AppIcon, 1 alternates"),
    // Values of the wrong type are read as iOS reads them (passed over), not refused.
    (.infoplist, "wrong-types.plist", "read: primary -, 1 alternates; app Seed: 2 icons"),
    (
      .contentsjson, "legacy-sizes.json",
      "read: 2 sets (AppIcon, TV), 5 renditions, pixels [40 180 167 1024 1024]"
    ),
    (.contentsjson, "group-namespace.json", "read: 2 sets (Group/AppIcon, TV)"),
    (.pbxproj, "project.pbxproj", "app target App (Release), primary AppIcon-Release"),
    (.pbxproj, "two-apps.pbxproj", "several app targets (\"App\", \"Widget\")"),
    (
      .projectyml, "groups-and-include.yml",
      "read: parsed; 1 targets, 6 configurations, 1 warnings; app target App (Release): 2 icons"
    ),
    (.projectyml, "json.yml", "read: parsed; 1 targets, 4 configurations, 0 warnings"),
    (.projectyml, "templates.yml", "several app targets (\"Auto\", \"Multi_iOS\", \"Multi_tvOS\")"),
    (.projectyml, "laughs.yml", "more than 1000000 values once aliases are expanded"),
    (.projectyml, "deep.yml", "values nested more than 128 deep"),
    (.xcconfig, "palette.xcconfig", "read: 5 assignments, 0 includes; primary AppIcon"),
    (.xcconfig, "self-include.xcconfig", "loops back to itself"),
    (.png, "rgba16-adam7.png", "read: memory 9×7, file 9×7, header 9×7"),
    (.png, "cgbi.png", "CgBI"),
    (.png, "truncated.png", "the data ends before the image does"),
    // libpng allocated the 2 GB the text chunk claims; the chunk list is checked first now.
    (
      .png, "hostile-text-chunk-2gb.png",
      "its tEXt chunk at byte 33 declares 2113929229 bytes, 100 follow"
    ),
    (.pngdiff, "hostile-text-chunk-2gb.png", "its tEXt chunk at byte 33 declares 2113929229"),
    (.pngdiff, "rgb-3-idats.png", "read: fast path, 17×8×4"),
    (.pngdiff, "rgba-srgb-gama.png", "read: fast path, 6×6×4"),
    (.pngdiff, "rgb-gama-linear.png", "read: libpng only, 6×5"),
    (.pngdiff, "rgb-trns.png", "read: libpng only, 4×3"),
    (.push, "alternate.json", "read: newData Blue, noData"),
    (.push, "control.json", "contains a control character"),
    (
      .iconjson, "palette.json",
      "read: 2 groups, 2 images, 0 problems; 2 layer files, 3 renditions; check: []"
    ),
    (.iconjson, "specializations.json", "0 problems; 1 layer files, 3 renditions; check: []"),
    (.iconjson, "bad-values.json", "icon-bad-color icon-incomplete-object"),
    (.iconjson, "icon-composer-2.json", "check: [icon-crashes-actool]"),
    (
      .iconjson, "unsafe-names.json",
      "0 layer files, 3 renditions; check: [icon-layer-missing-image icon-unsafe-image-name]"
    ),
    (.iconjson, "not-an-object.json", "not an array"),
    (.cgbi, "rgba-9x7-adam7.png", "read: memory 9×7, preview 9×7×4"),
    (.cgbi, "rgb-5x5.png", "read: memory 5×5, preview 5×5×3"),
    (.car, "app-icon.car", "read: 1 facets, 4 renditions, 1 multisize"),
    (.car, "truncated.car", "a damaged Assets.car"),
    (.ipa, "app.ipa", "read: app Seed: 2 icons"),
    (.ipa, "watch-app.ipa", "1 notes"),
    (.ipa, "zip-in-zip.ipa", "a zip inside the zip (App.ipa)"),
    (.ipa, "climbs-out.ipa", "climbs out of the archive"),
    (
      .pbxprojedit, "app.pbxproj",
      "read: set and removed ICONPICK_FUZZ in E20000000000000000000003: byte-identical"
    ),
    (.pbxprojedit, "empty-settings.pbxproj", "byte-identical"),
    // ICONPICK_FUZZ is there twice on one line: set replaces the last value; a line of its own
    // to remove there is not.
    (.pbxprojedit, "odd-settings.pbxproj", "removal refused: "),
    (.pbxprojedit, "odd-settings.pbxproj", "the setting ICONPICK_FUZZ shares its line"),
    (.pbxprojedit, "no-sections.pbxproj", "in C: byte-identical"),
    (.pbxprojedit, "not-a-project.pbxproj", "scanner agrees; not edited"),
    (.pbxprojedit, "data-value.pbxproj", "rejected: "),
    (
      .addplan, "app.pbxproj",
      "read: planned: an asset catalog set, Assets.xcassets/Night.appiconset"
    ),
    (.addplan, "empty-settings.pbxproj", "(target App, Debug; target App, Release)"),
    (
      .addplan, "no-sections.pbxproj", "read: planned: loose PNGs in App, declared in CFBundleIcons"
    ),
    (.addplan, "odd-settings.pbxproj", "the setting Z shares its line; nothing was written"),
    (.addplan, "not-a-project.pbxproj", "rejected: "),
    (
      .journal, "modify.journal",
      "read: file: 1 entries; an interrupted change was undone: 1 file put back as it was ("
    ),
    (.journal, "create.journal", "1 file put back as it was, 1 new file removed"),
    (.journal, "delete.journal", "2 entries; an interrupted change was undone"),
    (.journal, "body.json", "read: body: 1 entries; an interrupted change was undone"),
    (.journal, "torn.journal", "torn"),
    (.journal, "version2.journal", "it is version 2, and this iconpick knows version 1"),
    (.journal, "outside.journal", "which is not a path inside the project"),
    (.packagemanifest, "declarative.manifest", "read: 1 products, 2 targets, 2 folders"),
    (.packagemanifest, "appended.manifest", "read: 1 products, 3 targets, 2 folders"),
    (.packagemanifest, "cycle.manifest", "read: 1 products, 2 targets, 2 folders"),
  ])
  func seedOutcome(_ target: FuzzTarget, _ name: String, _ expected: String) throws {
    let text = try Self.outcome(target, "seeds", name)
    #expect(text.contains(expected), "\(name): \(text)")
  }

  /// The inputs that crashed a reader (or hung it) now read, or are refused for what they are.
  @Test(
    .timeLimit(.minutes(1)),
    arguments: [
      // Foundation on Linux crashed (SIGSEGV) bridging a binary plist's set; now refused first.
      (FuzzTarget.infoplist, "binary-set-top.plist", "rejected: ", "a binary plist holding a set"),
      (.infoplist, "binary-set-nested.plist", "rejected: ", "a binary plist holding a set"),
      // A dictionary whose length is near Int.max overflowed the limits check's count of its
      // references (a trap); the check now refuses it (FoundationEssentials' reader traps on it).
      (
        .infoplist, "binary-dictionary-length-overflow.plist", "rejected: ",
        "not a valid property list"
      ),
      // "size": "1e19x1e19" trapped converting the pixel size to Int; now the size is unknown.
      // Idioms the table does not judge (`AppIconSlots`: universal, mac) keep the entry, and its
      // unknown pixels.
      (.contentsjson, "huge-size.json", "read: ", "1 renditions, pixels [?]"),
      (.contentsjson, "huge-size-mac.json", "read: ", "1 renditions, pixels [?]"),
      // Settings using each other twice per level took 2^40 steps; the expansion now gives up.
      (
        .xcconfig, "macro-doubling.xcconfig", "read: ",
        "42 assignments, 0 includes; primary AppIcon"
      ),
      // `$(inherited)` twice per line doubled the value 60 times; it now stops growing.
      (.xcconfig, "inherited-doubling.xcconfig", "read: ", "62 assignments"),
      // A 256 KiB value full of unclosed `$(` (the fuzzer's, from the one above): each `$` looked
      // for its `)` to the end, 6 s here; see `unclosedReferencesAreQuick`.
      (.xcconfig, "unclosed-references.xcconfig", "read: ", "14 assignments, 0 includes"),
      // An absolute path looked up without regard to case lists /tmp with readdir, whose entries
      // were copied whole (280 bytes) past the end of readdir's buffer: an AddressSanitizer
      // heap-buffer-overflow; the names are now read in place (DirectoryListing.name(of:)).
      (.pbxproj, "absolute-path-listing.pbxproj", "read: ", "app target App (Release)"),
      // A `</key>` outside any dictionary: the search for the line of FoundationEssentials'
      // XML error (PlistSyntaxLine) indexed an empty stack (a trap); the error now has its line.
      (
        .infoplist, "xml-key-closed-outside-a-dict.plist", "rejected: ",
        "not a valid property list"
      ),
      (
        .pbxproj, "xml-key-closed-outside-a-dict.pbxproj", "rejected: ",
        "not a valid property list"
      ),
      (.infoplistedit, "xml-key-closed-outside-a-dict.plist", "rejected: ", "not a dictionary"),
    ])
  func regressionOutcome(
    _ target: FuzzTarget, _ name: String, _ kind: String, _ expected: String
  ) throws {
    let text = try Self.outcome(target, "regressions", name)
    #expect(text.hasPrefix(kind) && text.contains(expected), "\(name): \(text)")
  }

  /// Every regression file is named in `regressionOutcome`, so none is kept without a check.
  @Test func everyRegressionHasAnExpectedOutcome() {
    let named: Set = [
      "infoplist/binary-set-top.plist", "infoplist/binary-set-nested.plist",
      "infoplist/binary-dictionary-length-overflow.plist",
      "contentsjson/huge-size.json", "contentsjson/huge-size-mac.json",
      "xcconfig/macro-doubling.xcconfig",
      "xcconfig/inherited-doubling.xcconfig", "xcconfig/unclosed-references.xcconfig",
      "pbxproj/absolute-path-listing.pbxproj", "infoplist/xml-key-closed-outside-a-dict.plist",
      "pbxproj/xml-key-closed-outside-a-dict.pbxproj",
      "infoplistedit/xml-key-closed-outside-a-dict.plist",
    ]
    for target in FuzzTarget.allCases {
      for file in Self.inputs(target, "regressions") {
        let name = "\(target.rawValue)/\(file.lastPathComponent)"
        #expect(named.contains(name), "\(name) has no expected outcome in regressionOutcome")
      }
    }
  }

  @Test func unclosedReferencesAreQuick() throws {
    let start = ContinuousClock.now
    _ = try Self.outcome(.xcconfig, "regressions", "unclosed-references.xcconfig")
    #expect(ContinuousClock.now - start < .seconds(2))
  }

  /// Found reading the code behind the contentsjson target, whose files are always plain: a
  /// Contents.json linked to /dev/zero was read until the memory ran out.
  @Test(.timeLimit(.minutes(1))) func contentsJSONLinkedToADeviceIsRefused() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "iconpick-fuzz-device-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let set = folder.appendingPathComponent("Assets.xcassets/AppIcon.appiconset")
    try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: set.appendingPathComponent("Contents.json").path, withDestinationPath: "/dev/zero")
    try Data("PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.Device\n".utf8).write(
      to: folder.appendingPathComponent("App.xcconfig"))
    do {
      let app = try AppIconReader.read(at: folder)
      Issue.record("read a device as Contents.json: \(app.primary.renditions)")
    } catch {
      #expect(
        error.description.contains(
          "Contents.json: cannot be read (not a regular file (a character device))"))
    }
  }

  static func outcome(_ target: FuzzTarget, _ kind: String, _ name: String) throws -> String {
    let file = root.appendingPathComponent(target.rawValue).appendingPathComponent(kind)
      .appendingPathComponent(name)
    switch target.run(try Data(contentsOf: file)) {
    case .read(let summary): return "read: " + summary
    case .rejected(let message): return "rejected: " + message
    case .unavailable: return "unavailable"
    }
  }
}
