import Foundation
import Testing

@testable import IconCatalog

/// Whether a set compiles to an icon is asked of every set before the picker's first screen, so
/// it is answered from the decoded Contents.json alone (`AppIconSet.hasContent(_:in:)`), without
/// the renditions `read` makes. These tests hold it to the answer the renditions give, for
/// written edge cases and for thousands of generated Contents.json files.
@Suite("A set's content, decided without its renditions")
struct SetContentCheckTests {
  /// The answer as it was defined: read the set in full; a set that cannot be read compiles
  /// (reading its icon says why), else some kept entry has a file.
  private static func reference(_ folder: URL) -> Bool {
    guard let renditions = try? AppIconSet.read(folder).renditions else { return true }
    return AppIconSet.hasContent(renditions)
  }

  /// A catalog of one set, read afresh, so nothing is cached from an earlier question.
  private static func onlySet(in catalog: URL) throws -> (AssetCatalogs, AssetCatalog.IconSet) {
    let catalogs = AssetCatalogs(catalogs: [try AssetCatalog.read(catalog)])
    let set = try #require(catalogs.iconSets.first)
    return (catalogs, set)
  }

  /// Checks one set every way the answer can be reached, and returns the answer.
  @discardableResult
  private static func expectSameAnswer(
    _ fixture: Fixture, _ catalog: URL, _ folder: URL, _ what: String
  ) throws -> Bool {
    let expected = reference(folder)
    // The cheap path, asked first, as the names path asks it.
    let (catalogs, set) = try onlySet(in: catalog)
    #expect(catalogs.compilesToIcon(set) == expected, "\(what)")
    // Its renditions afterwards, from the Contents.json decoded for the question, are what a
    // reading of its own gives, errors included.
    let whole = Result { () throws(IconCatalogError) in try AppIconSet.read(folder).renditions }
    let later = Result { () throws(IconCatalogError) in try catalogs.renditions(of: set) }
    #expect(later == whole, "\(what)")
    #expect(catalogs.compilesToIcon(set) == expected, "asked again, \(what)")
    // The other order: renditions first, then the question.
    let (fresh, same) = try onlySet(in: catalog)
    #expect(
      Result { () throws(IconCatalogError) in try fresh.renditions(of: same) } == whole,
      "\(what)")
    #expect(fresh.compilesToIcon(same) == expected, "after its renditions, \(what)")
    // `hasContent(_:in:)` throws exactly where `read` does, with the same error.
    let cheap = Result { () throws(IconCatalogError) in
      try AppIconSet.hasContent(AppIconSet.decode(folder), in: folder)
    }
    switch (cheap, whole) {
    case (.success(let answer), .success(let renditions)):
      #expect(answer == AppIconSet.hasContent(renditions), "\(what)")
    case (.failure(let a), .failure(let b)):
      #expect(a == b, "\(what)")
    default:
      Issue.record("one threw and the other did not: \(cheap) vs \(whole), \(what)")
    }
    return expected
  }

  @Test(
    "written edge cases: empty, ignored and unreadable entries give the answer the renditions give",
    arguments: [
      // (Contents.json, or nil for none; the answer)
      (nil, false),
      ("", true),
      ("{}", false),
      ("[]", true),
      ("{\"images\": null}", false),
      ("{\"images\": []}", false),
      ("{\"images\": {}}", true),
      ("{\"images\": [{}]}", false),
      ("{\"images\": [{\"filename\": \"a.png\"}]}", true),
      ("{\"images\": [{\"filename\": \"\"}]}", false),
      ("{\"images\": [{\"filename\": null, \"idiom\": \"universal\"}]}", false),
      ("{\"images\": [{\"filename\": 5}]}", true),
      (
        "{\"images\": [{\"filename\": \"a.png\", \"idiom\": \"iphone\", \"size\": \"76x76\"}]}",
        false
      ),
      (
        "{\"images\": [{\"filename\": \"a.png\", \"idiom\": \"IPhone\", \"size\": \"76X76\"}]}",
        false
      ),
      (
        "{\"images\": [{\"filename\": \"a.png\", \"idiom\": \"iphone\", \"size\": \"60x60\"}]}",
        true
      ),
      (
        "{\"images\": [{\"filename\": \"a.png\", \"idiom\": \"ipad\", \"size\": \"83.5x83.5\"}]}",
        true
      ),
      ("{\"images\": [{\"filename\": \"a.png\", \"idiom\": \"mac\", \"size\": \"76x76\"}]}", true),
      ("{\"images\": [{\"filename\": \"sub/a.png\", \"idiom\": \"universal\"}]}", true),
      ("{\"images\": [{\"filename\": \"A.PNG\", \"size\": \"1024x1024\"}]}", true),
      // A bad size or scale anywhere makes the set unreadable, which counts as compiling.
      ("{\"images\": [{\"idiom\": \"iphone\", \"size\": \"60x60\"}, {\"size\": \"0x0\"}]}", true),
      ("{\"images\": [{\"idiom\": \"iphone\", \"size\": \"60x60\", \"scale\": \"x\"}]}", true),
      ("{\"images\": [{\"idiom\": \"iphone\", \"size\": \"1e19x1e19\"}]}", false),
      (
        "{\"images\": [{\"filename\": \"a.png\", \"appearances\": [{\"appearance\": \"luminosity\"}]}]}",
        true
      ),
      (
        "{\"images\": [{\"appearances\": [{\"appearance\": \"luminosity\", \"value\": \"dark\"}]}]}",
        false
      ),
      (
        "{\"images\": [{\"idiom\": \"iphone\", \"size\": \"20x20\", \"scale\": \"2x\"}], \"info\": 1}",
        false
      ),
      ("{\"images\": [{\"filename\": \"a.png\"}", true),
    ] as [(String?, Bool)])
  func writtenCases(json: String?, answer: Bool) throws {
    let fixture = try Fixture()
    let catalog = fixture.url("Assets.xcassets")
    let folder = fixture.url("Assets.xcassets/AppIcon.appiconset")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    if let json { try fixture.write("Assets.xcassets/AppIcon.appiconset/Contents.json", json) }
    try fixture.write("Assets.xcassets/AppIcon.appiconset/a.png", "not read")
    let found = try Self.expectSameAnswer(fixture, catalog, folder, json ?? "no Contents.json")
    #expect(found == answer, "\(json ?? "no Contents.json")")
  }

  @Test("a Contents.json that is a folder, or a link to nothing, gives the same answer")
  func unreadableFiles() throws {
    let fixture = try Fixture()
    let catalog = fixture.url("Assets.xcassets")
    let folder = fixture.url("Assets.xcassets/AppIcon.appiconset")
    let file = folder.appendingPathComponent("Contents.json")
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
    #expect(try Self.expectSameAnswer(fixture, catalog, folder, "a folder") == true)
    try FileManager.default.removeItem(at: file)
    try FileManager.default.createSymbolicLink(
      atPath: file.path, withDestinationPath: "nowhere.json")
    #expect(try Self.expectSameAnswer(fixture, catalog, folder, "a dangling link") == false)
  }

  /// A Contents.json of random entries made of the values real and broken sets hold, sometimes
  /// cut short or with a byte changed.
  private static func randomContents(_ random: inout SplitMix64) -> Data {
    func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
    let values: [String: [String]] = [
      "filename": [
        "null", "\"\"", "\"a.png\"", "\"A.PNG\"", "\"sub/a.png\"", "\"b.png\"", "5", "true",
      ],
      "idiom": [
        "null", "\"iphone\"", "\"ipad\"", "\"IPad\"", "\"ios-marketing\"", "\"universal\"",
        "\"mac\"",
        "\"watch\"", "\"car\"", "\"tv\"", "3",
      ],
      "size": [
        "null", "\"20x20\"", "\"29x29\"", "\"60x60\"", "\"76x76\"", "\"83.5x83.5\"",
        "\"1024x1024\"",
        "\"1024X1024\"", "\"50x50\"", "\"0x0\"", "\"-1x-1\"", "\"abc\"", "\"1e19x1e19\"",
        "\"nanxnan\"",
        "\"20x\"", "12",
      ],
      "scale": ["null", "\"1x\"", "\"2x\"", "\"3x\"", "\"2X\"", "\"0x\"", "\"x\"", "\"2\"", "2"],
      "platform": ["null", "\"ios\"", "\"tvos\"", "\"watchos\"", "1"],
      "appearances": [
        "null", "[]", "[{\"appearance\": \"luminosity\", \"value\": \"dark\"}]",
        "[{\"appearance\": \"luminosity\", \"value\": \"tinted\"}]",
        "[{\"appearance\": \"contrast\", \"value\": \"high\"}]",
        "[{\"appearance\": \"luminosity\"}]",
        "\"dark\"", "[5]",
      ],
      "role": ["\"notificationCenter\""],
    ]
    let keys = values.keys.sorted()
    var entries: [String] = []
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      var fields: [String] = []
      for key in keys where Int.random(in: 0..<3, using: &random) > 0 {
        fields.append("\"\(key)\": \(pick(values[key]!))")
      }
      // An entry that names no size rarely survives other choices: make the usual ones common.
      if Bool.random(using: &random) {
        fields.append(
          pick([
            "\"idiom\": \"iphone\", \"size\": \"60x60\", \"scale\": \"3x\"",
            "\"idiom\": \"iphone\", \"size\": \"76x76\", \"scale\": \"2x\"",
            "\"idiom\": \"universal\", \"platform\": \"ios\", \"size\": \"1024x1024\"",
          ]))
      }
      entries.append("{" + fields.joined(separator: ", ") + "}")
    }
    let images = pick([
      "[" + entries.joined(separator: ", ") + "]", "[" + entries.joined(separator: ", ") + "]",
      "[" + entries.joined(separator: ", ") + "]", "null", "{}", "\"x\"",
    ])
    let info = pick([
      "{\"author\": \"xcode\", \"version\": 1}", "{\"version\": 01}", "{\"version\": 1.0}",
      "{\"version\": -0}", "{\"version\": 1e3}", "{\"a\": [true, false, null, -3, \"x\", []]}",
      "{\"a\": {\"b\": {\"c\": [{}]}}}", "\"\\u0041\"", "\"\u{E9}\"", "[1,]", "{\"a\" 1}",
      "1234567890123456", "tru", "\"\t\"",
    ])
    let top = pick([
      "{\"images\": \(images), \"info\": \(info)}", "{\"images\": \(images), \"info\": \(info)}",
      "{\"images\": \(images)}", "{\"info\": {\"version\": 1}}", "[\(images)]",
      "{\"images\": \(images), \"images\": null}",
      " \n{\"info\": \(info), \"images\": \(images)}\n ",
    ])
    // Xcode writes `"key" : value` with entries on lines of their own; other tools less.
    let (comma, colon) = pick([(", ", ": "), (",", ":"), (",\n    ", " : "), (" ,\t", "\r\n:")])
    var bytes = Array(
      top.replacingOccurrences(of: ", ", with: comma)
        .replacingOccurrences(of: ": ", with: colon).utf8)
    switch Int.random(in: 0..<10, using: &random) {
    case 0 where !bytes.isEmpty:
      bytes.removeLast(Int.random(in: 1...bytes.count, using: &random))
    case 1 where !bytes.isEmpty:
      bytes[Int.random(in: 0..<bytes.count, using: &random)] = pick(
        Array("{}[]\":,x0 \u{7F}".utf8) + [0xFF, 0x00])
    default: break
    }
    return Data(bytes)
  }

  @Test("generated Contents.json files, 3,000 of them: the same answer every way")
  func generatedCases() throws {
    let seed = UInt64(Date().timeIntervalSince1970)
    var random = SplitMix64(state: seed)
    let fixture = try Fixture()
    let catalog = fixture.url("Assets.xcassets")
    let folder = fixture.url("Assets.xcassets/AppIcon.appiconset")
    try fixture.write("Assets.xcassets/AppIcon.appiconset/a.png", "not read")
    var answers: [Bool: Int] = [:]
    for index in 0..<3000 {
      let data = Self.randomContents(&random)
      try fixture.write("Assets.xcassets/AppIcon.appiconset/Contents.json", data: data)
      let what = "seed \(seed), case \(index): \(String(decoding: data, as: UTF8.self))"
      answers[try Self.expectSameAnswer(fixture, catalog, folder, what), default: 0] += 1
    }
    // Both answers are well represented, so the comparison means something.
    #expect(answers[true, default: 0] > 300, "seed \(seed): \(answers)")
    #expect(answers[false, default: 0] > 300, "seed \(seed): \(answers)")
  }

  @Test("the names of a project with empty, ignored and broken sets are those of a full reading")
  func namesOfAProject() throws {
    let fixture = try Fixture()
    let sets: [(String, String)] = [
      (
        "AppIcon",
        "{\"images\": [{\"filename\": \"a.png\", \"idiom\": \"universal\", \"size\": \"1024x1024\"}]}"
      ),
      ("Empty", "{\"images\": [{\"idiom\": \"iphone\", \"size\": \"60x60\", \"scale\": \"2x\"}]}"),
      (
        "Ignored",
        "{\"images\": [{\"filename\": \"a.png\", \"idiom\": \"iphone\", \"size\": \"76x76\"}]}"
      ),
      ("Broken", "{\"images\": [{\"filename\": \"a.png\", \"size\": \"big\"}]}"),
      (
        "Full",
        "{\"images\": [{\"filename\": \"a.png\", \"idiom\": \"iphone\", \"size\": \"60x60\", \"scale\": \"3x\"}]}"
      ),
    ]
    for (name, json) in sets {
      try fixture.write("Assets.xcassets/\(name).appiconset/Contents.json", json)
      try fixture.write("Assets.xcassets/\(name).appiconset/a.png", "not read")
    }
    try fixture.writePlist("Info.plist", ["CFBundleIdentifier": "dev.example.Sets"])
    try fixture.write(
      "App.xcconfig",
      "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon\nASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Empty Ignored Broken Full\n"
    )
    let deferred = try AppIconReader.readDeferringImages(
      at: fixture.root, target: nil, configuration: nil)
    #expect(deferred.icons.alternates.map(\.name) == ["Broken", "Full"])
    let whole = try? AppIconReader.read(at: fixture.root)
    // The whole reading stops on the broken set's images; the names it had are the same.
    #expect(whole == nil)
    let catalogs = AssetCatalogs(catalogs: [try AssetCatalog.read(fixture.url("Assets.xcassets"))])
    let reference = sets.map { Self.reference(fixture.url("Assets.xcassets/\($0.0).appiconset")) }
    #expect(catalogs.compileToIcons(sets.map(\.0)) == reference)
    #expect(reference == [true, false, false, true, true])
  }
}
