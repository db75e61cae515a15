import Foundation
import Testing

@testable import IconCatalog

/// Info.plists of the forms real apps write, with the type of their values changed: every value
/// given every other type, one at a time, then several at once from fixed seeds. Whatever the
/// types, the app is read (`list` lists it): a primary, and every problem reported as data.
/// `make corpus MUTATE=1` does the same to the real corpus's Info.plists.
@Suite("Info.plist type mutations")
struct PlistTypeMutationTests {
  /// The forms of the corpus, written anew: the legacy form whose alternates name loose files
  /// (with `~ipad`, `UIPrerenderedIcon` and an empty primary), the catalog form with
  /// `CFBundleIconName` (and a `CFBundleIcons~ipad` nested in itself, as one real app writes),
  /// and an old top-level form with `CFBundleIconFiles` and `UIPrerenderedIcon` beside other keys.
  static var models: [String: [String: Any]] {
    func legacy(_ name: String) -> [String: Any] { ["CFBundleIconFiles": [name]] }
    let legacyIcons: [String: Any] = [
      "CFBundlePrimaryIcon": ["CFBundleIconFiles": [String](), "UIPrerenderedIcon": false],
      "CFBundleAlternateIcons": [
        "icon-1": legacy("icon-1"), "icon-2": legacy("icon-2"), "icon-iso": legacy("icon-iso"),
      ],
    ]
    let crescendo: [String: Any] = [
      "CFBundleIconFiles": ["2024Crescendo"], "UIPrerenderedIcon": false,
    ]
    let catalogIcons: [String: Any] = [
      "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon", "UIPrerenderedIcon": false],
      "CFBundleAlternateIcons": ["CRESCENDO": crescendo],
    ]
    var catalogIPad = catalogIcons
    catalogIPad["CFBundleIcons~ipad"] = ["CRESCENDO": crescendo]
    return [
      "legacy": [
        "CFBundleDisplayName": "Words", "CFBundleIdentifier": "dev.example.words",
        "CFBundleIcons": legacyIcons, "CFBundleIcons~ipad": legacyIcons,
        "UIDeviceFamily": [1, 2], "UIRequiredDeviceCapabilities": ["armv7"],
      ],
      "catalog": [
        "CFBundleName": "$(PRODUCT_NAME)", "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)",
        "CFBundleIcons": catalogIcons, "CFBundleIcons~ipad": catalogIPad,
        "UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortrait"],
      ],
      "top-level": [
        "CFBundleDisplayName": "Forums", "CFBundleIdentifier": "dev.example.forums",
        "CFBundleIconFiles": ["Icon", "Icon@2x", "Icon-72"], "CFBundleIconFile": "Icon",
        "UIPrerenderedIcon": true, "UIDeviceFamily": ["1", 2],
        "NSAppTransportSecurity": ["NSAllowsArbitraryLoads": true],
      ],
    ]
  }

  /// One value of each property-list type.
  static var values: [(type: String, value: Any)] {
    [
      ("string", "wrong-type"), ("empty string", ""), ("number", 4242), ("bool", false),
      ("date", Date(timeIntervalSince1970: 0)), ("data", Data([0])), ("array", ["x"]),
      ("dict", ["x": "y"]), ("empty array", [Any]()), ("empty dict", [String: Any]()),
    ]
  }

  /// Every value's path in `plist`, depth first (array items by index).
  static func paths(_ value: Any, _ path: [String] = []) -> [[String]] {
    var found: [[String]] = []
    if let dictionary = value as? [String: Any] {
      for key in dictionary.keys.sorted() {
        found.append(path + [key])
        found += paths(dictionary[key] as Any, path + [key])
      }
    } else if let array = value as? [Any] {
      for (index, item) in array.enumerated() {
        found.append(path + [String(index)])
        found += paths(item, path + [String(index)])
      }
    }
    return found
  }

  static func setting(_ value: Any, at path: ArraySlice<String>, in plist: Any) -> Any {
    guard let key = path.first else { return value }
    if var array = plist as? [Any], let index = Int(key), index < array.count {
      array[index] = setting(value, at: path.dropFirst(), in: array[index])
      return array
    }
    var dictionary = plist as? [String: Any] ?? [:]
    dictionary[key] = setting(value, at: path.dropFirst(), in: dictionary[key] as Any)
    return dictionary
  }

  /// Reads `plist` as a project folder holding it, and as a built app (binary Info.plist, when
  /// it keeps a string bundle identifier: an app without one does not install): both list.
  static func expectLists(_ plist: [String: Any], _ what: @autoclosure () -> String) throws {
    let fixture = try Fixture()
    try fixture.writePlist("App/Info.plist", plist)
    do {
      let app = try AppIconReader.read(at: fixture.url("App"))
      #expect(app.primary.isPrimary, "\(what())")
    } catch {
      Issue.record("\(what()): the folder did not list: \(error)")
    }
    guard let identifier = plist["CFBundleIdentifier"] as? String,
      !identifier.trimmingCharacters(in: .whitespaces).isEmpty
    else { return }
    try fixture.writePlist("Built.app/Info.plist", plist, format: .binary)
    do {
      let app = try AppIconReader.read(at: fixture.url("Built.app"))
      #expect(app.isBuiltArtifact && app.primary.isPrimary, "\(what())")
    } catch {
      Issue.record("\(what()): the built app did not list: \(error)")
    }
  }

  @Test(
    "every value given every other type, one at a time, still lists",
    arguments: ["legacy", "catalog", "top-level"])
  func oneAtATime(model: String) throws {
    let plist = try #require(Self.models[model])
    var mutations = 0
    for path in Self.paths(plist) {
      for (type, value) in Self.values {
        let changed = try #require(Self.setting(value, at: path[...], in: plist) as? [String: Any])
        try Self.expectLists(changed, "\(model): \(path.joined(separator: " → ")) as \(type)")
        mutations += 1
      }
    }
    // Each model has tens of values: the walk reached into the icon dictionaries.
    #expect(mutations >= Self.values.count * 10)
  }

  @Test(
    "several values changed at once, from fixed seeds, still list",
    arguments: ["legacy", "catalog", "top-level"], [1, 2, 3] as [UInt64])
  func severalAtOnce(model: String, seed: UInt64) throws {
    let original = try #require(Self.models[model])
    var random = SplitMix64(state: seed)
    for round in 0..<40 {
      var plist = original
      for _ in 0..<Int.random(in: 2...5, using: &random) {
        let paths = Self.paths(plist)
        guard let path = paths.randomElement(using: &random),
          let (_, value) = Self.values.randomElement(using: &random)
        else { break }
        plist = try #require(Self.setting(value, at: path[...], in: plist) as? [String: Any])
      }
      try Self.expectLists(plist, "\(model), seed \(seed), round \(round)")
    }
  }

  @Test("a reported problem names a key path that is in the plist, with its line in XML")
  func problemsPointIntoThePlist() throws {
    let plist = try #require(Self.models["legacy"])
    let changed = try #require(
      Self.setting(
        "NO", at: ["CFBundleIcons", "CFBundlePrimaryIcon", "UIPrerenderedIcon"][...], in: plist)
        as? [String: Any])
    let fixture = try Fixture()
    let file = try fixture.writePlist("Info.plist", changed)
    let problems = try AppIconReader.read(at: fixture.root).plistValueProblems
    #expect(
      problems.map(\.keyPath) == [["CFBundleIcons", "CFBundlePrimaryIcon", "UIPrerenderedIcon"]])
    let text = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
    let line = try #require(problems.first?.line)
    #expect(text[line - 1].contains("<string>NO</string>"))
  }
}
