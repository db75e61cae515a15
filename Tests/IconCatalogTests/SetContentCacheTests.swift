import Foundation
import Testing

@testable import IconCatalog

#if canImport(Glibc)
  import Glibc
#endif

/// Which sets compile to an icon, remembered between runs of the picker (`SetContentCache`):
/// an answer is used only while the set's Contents.json is the file it was learnt from, and a
/// damaged, foreign or unwritable cache is only a miss.
@Suite("The set content cache")
struct SetContentCacheTests {
  /// Sets of every kind of answer: one with an image, an empty one, one whose only entry is
  /// ignored, a broken one (counts as compiling: reading its icon says why), and none at all.
  static let sets: [(name: String, json: String?, compiles: Bool)] = [
    (
      "AppIcon", #"{"images": [{"filename": "a.png", "idiom": "universal", "size": "1024x1024"}]}"#,
      true
    ),
    ("Empty", #"{"images": [{"idiom": "iphone", "size": "60x60", "scale": "2x"}]}"#, false),
    ("Ignored", #"{"images": [{"filename": "a.png", "idiom": "iphone", "size": "76x76"}]}"#, false),
    ("Broken", #"{"images": [{"filename": "a.png", "size": "big"}]}"#, true),
    ("Missing", nil, false),
  ]

  /// A cache that remembers files however recently they changed, for a fixed program.
  static func cache(_ fixture: Fixture, program: String = "test") -> SetContentCache {
    SetContentCache(directory: fixture.url("cache"), settled: -60, program: program)
  }

  static func writeSets(_ fixture: Fixture) throws -> URL {
    for set in sets {
      try fixture.makeFolder("Assets.xcassets/\(set.name).appiconset")
      if let json = set.json {
        try fixture.write("Assets.xcassets/\(set.name).appiconset/Contents.json", json)
      }
    }
    return fixture.url("Assets.xcassets")
  }

  /// The catalog read afresh (nothing decoded yet), asking through `cache`.
  static func answers(_ catalog: URL, _ cache: SetContentCache?) throws -> [Bool] {
    var catalogs = AssetCatalogs(catalogs: [try AssetCatalog.read(catalog)])
    catalogs.contentCache = cache
    return catalogs.compileToIcons(sets.map(\.name))
  }

  static func contents(_ catalog: URL, _ name: String) -> String {
    catalog.path + "/\(name).appiconset/Contents.json"
  }

  /// Replaces the remembered entries with the opposite answers, under `identity` (the files'
  /// own identities when nil): an answer read from the cache then shows.
  static func rememberWrongAnswers(
    _ catalog: URL, _ cache: SetContentCache,
    identity change: (inout SetContentCache.Identity) -> Void = { _ in }
  ) throws {
    var entries: [String: SetContentCache.Entry] = [:]
    for set in sets where set.json != nil {
      var identity = try #require(SetContentCache.Identity.of(contents(catalog, set.name))).identity
      change(&identity)
      entries[catalog.path + "/\(set.name).appiconset"] = .init(
        identity: identity, compiles: !set.compiles)
    }
    cache.store(entries, catalogs: [catalog.path])
  }

  @Test("the answers are those of a reading without the cache, cold and warm")
  func sameAnswers() throws {
    let fixture = try Fixture()
    let catalog = try Self.writeSets(fixture)
    let cache = Self.cache(fixture)
    let expected = Self.sets.map(\.compiles)
    #expect(try Self.answers(catalog, nil) == expected)
    #expect(try Self.answers(catalog, cache) == expected)
    // Every set with a Contents.json is remembered, with its answer.
    let remembered = cache.load(catalogs: [catalog.path])
    #expect(remembered.count == 4)
    for set in Self.sets where set.json != nil {
      #expect(remembered[catalog.path + "/\(set.name).appiconset"]?.compiles == set.compiles)
    }
    #expect(try Self.answers(catalog, cache) == expected)
  }

  @Test("a remembered answer is used while the file is the one it was learnt from")
  func rememberedAnswersAreUsed() throws {
    let fixture = try Fixture()
    let catalog = try Self.writeSets(fixture)
    let cache = Self.cache(fixture)
    try Self.rememberWrongAnswers(catalog, cache)
    // Only the cache can give these answers: it is read, and trusted for unchanged files.
    #expect(try Self.answers(catalog, cache) == [false, true, true, false, false])
  }

  @Test(
    "a different size, modification time, change time, inode or device is another file",
    arguments: 0..<7)
  func everyPartOfTheIdentityCounts(field: Int) throws {
    let fixture = try Fixture()
    let catalog = try Self.writeSets(fixture)
    let cache = Self.cache(fixture)
    try Self.rememberWrongAnswers(catalog, cache) { identity in
      switch field {
      case 0: identity.device &+= 1
      case 1: identity.inode &+= 1
      case 2: identity.size &+= 1
      case 3: identity.modified &+= 1
      case 4: identity.modifiedNanoseconds &+= 1
      case 5: identity.changed &+= 1
      default: identity.changedNanoseconds &+= 1
      }
    }
    #expect(try Self.answers(catalog, cache) == Self.sets.map(\.compiles))
    // And the right answers replace the wrong ones.
    #expect(try Self.answers(catalog, cache) == Self.sets.map(\.compiles))
  }

  @Test("an edited Contents.json is read again: other size, same size, or a new file in its place")
  func editedFilesAreReadAgain() throws {
    let fixture = try Fixture()
    let catalog = try Self.writeSets(fixture)
    let cache = Self.cache(fixture)
    #expect(try Self.answers(catalog, cache) == Self.sets.map(\.compiles))
    let empty = Self.contents(catalog, "Empty")
    let before = try #require(SetContentCache.Identity.of(empty)).identity

    // The same size, the modification time put back: the change time still differs.
    let original = Self.sets[1].json!
    var filled = #"{"images":[{"idiom":"iphone","size":"60x60","filename":"b"}]}"#
    filled += String(repeating: " ", count: original.utf8.count - filled.utf8.count)
    try Self.overwrite(empty, with: filled)
    #expect(try #require(SetContentCache.Identity.of(empty)).identity.size == before.size)
    var times = [
      timespec(tv_sec: Int(before.modified), tv_nsec: Int(before.modifiedNanoseconds)),
      timespec(tv_sec: Int(before.modified), tv_nsec: Int(before.modifiedNanoseconds)),
    ]
    #expect(utimensat(AT_FDCWD, empty, &times, 0) == 0)
    var answers = try Self.answers(catalog, cache)
    #expect(answers[1] == true, "a filename added, in as many bytes")

    // A new file renamed into place (as editors and git write), with the old contents.
    let replacement = empty + ".new"
    try Data(original.utf8).write(to: URL(fileURLWithPath: replacement))
    #expect(rename(replacement, empty) == 0)
    answers = try Self.answers(catalog, cache)
    #expect(answers == Self.sets.map(\.compiles))

    // Another size.
    try Self.overwrite(empty, with: filled.trimmingCharacters(in: .whitespaces))
    #expect(try Self.answers(catalog, cache)[1] == true)
  }

  /// Writes over the file in place (same inode).
  static func overwrite(_ path: String, with text: String) throws {
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: Data(text.utf8))
    try handle.close()
  }

  @Test("a file changed less than `settled` ago is not remembered")
  func recentFilesAreNotRemembered() throws {
    let fixture = try Fixture()
    let catalog = try Self.writeSets(fixture)
    let cache = SetContentCache(directory: fixture.url("cache"), settled: 3600, program: "test")
    #expect(try Self.answers(catalog, cache) == Self.sets.map(\.compiles))
    #expect(cache.load(catalogs: [catalog.path]).isEmpty)
    // The shipped setting: two seconds, more than the coarsest file times (FAT's).
    #expect(SetContentCache(directory: fixture.url("cache")).settled == 2)
  }

  @Test("another program's answers are not used")
  func anotherProgram() throws {
    let fixture = try Fixture()
    let catalog = try Self.writeSets(fixture)
    try Self.rememberWrongAnswers(catalog, Self.cache(fixture, program: "1 2 3"))
    #expect(Self.cache(fixture, program: "1 2 4").load(catalogs: [catalog.path]).isEmpty)
    #expect(
      try Self.answers(catalog, Self.cache(fixture, program: "1 2 4")) == Self.sets.map(\.compiles))
    // Without a program identity nothing is remembered.
    let unknown = SetContentCache(directory: fixture.url("other"), settled: -60, program: nil)
    #expect(try Self.answers(catalog, unknown) == Self.sets.map(\.compiles))
    #expect(!FileManager.default.fileExists(atPath: fixture.url("other").path))
    #expect(SetContentCache.runningProgram != nil)
  }

  @Test("a file written for other catalogs is not theirs (a hash collision is a miss)")
  func anotherCatalogsFile() throws {
    let fixture = try Fixture()
    let catalog = try Self.writeSets(fixture)
    let cache = Self.cache(fixture)
    try Self.rememberWrongAnswers(catalog, cache)
    let other = [catalog.path, fixture.url("Other.xcassets").path]
    try FileManager.default.createDirectory(
      at: fixture.url("cache"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: cache.file(for: [catalog.path]), toPath: cache.file(for: other))
    #expect(cache.load(catalogs: other).isEmpty)
    #expect(cache.load(catalogs: [catalog.path]).count == 4)
  }

  @Test(
    "a damaged cache file is a miss, and is written again",
    arguments: [
      "", "garbage", "iconpick-set-content 1\n", "\u{0}\u{1}\u{2}",
      // Lines after a good header: cut short, a bad answer, a number too big, no folder.
      "1 2 3 4 5 6 7 1 /x\n1 2 3", "1 2 3 4 5 6 7 2 /x\n",
      "1 2 3 4 5 6 99999999999999999999999 1 /x\n",
      "1 2 3 4 5 6 7 1 \n", "1 2 3 4 5 6 7 1", "-1 2 3 4 5 6 7 1 /x\n", "1  2 3 4 5 6 7 1 /x\n",
    ])
  func damagedFile(text: String) throws {
    let fixture = try Fixture()
    let catalog = try Self.writeSets(fixture)
    let cache = Self.cache(fixture)
    try Self.rememberWrongAnswers(catalog, cache)
    let file = cache.file(for: [catalog.path])
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    if text.hasPrefix("1") || text.hasPrefix("-") {
      // After the header and one good line: the header is 4 lines.
      var lines = 0
      var index = 0
      while lines < 5 {
        if bytes[index] == UInt8(ascii: "\n") { lines += 1 }
        index += 1
      }
      bytes = Array(bytes[..<index]) + Array(text.utf8)
    } else {
      bytes = Array(text.utf8)
    }
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    #expect(cache.load(catalogs: [catalog.path]).isEmpty)
    #expect(try Self.answers(catalog, cache) == Self.sets.map(\.compiles))
    #expect(cache.load(catalogs: [catalog.path]).count == 4)
  }

  @Test("a cache that cannot be written, or is not a file, changes no answer")
  func unwritableCache() throws {
    let fixture = try Fixture()
    let catalog = try Self.writeSets(fixture)
    // A folder under a file cannot be made, whoever runs the test (root included).
    try fixture.write("blocked", "a file")
    let blocked = SetContentCache(
      directory: fixture.url("blocked/cache"), settled: -60, program: "test")
    #expect(try Self.answers(catalog, blocked) == Self.sets.map(\.compiles))
    #expect(try Self.answers(catalog, blocked) == Self.sets.map(\.compiles))
    // The cache file is a folder: neither read nor replaced.
    let cache = Self.cache(fixture)
    try FileManager.default.createDirectory(
      atPath: cache.file(for: [catalog.path]), withIntermediateDirectories: true)
    #expect(try Self.answers(catalog, cache) == Self.sets.map(\.compiles))
    #expect(cache.load(catalogs: [catalog.path]).isEmpty)
    // No temporary file is left behind.
    let left = try FileManager.default.contentsOfDirectory(atPath: fixture.url("cache").path)
    #expect(left.allSatisfy { !$0.hasSuffix(".tmp") }, "\(left)")
  }

  @Test("sets no longer in the catalog are forgotten when the cache is next written")
  func removedSetsAreForgotten() throws {
    let fixture = try Fixture()
    let catalog = try Self.writeSets(fixture)
    let cache = Self.cache(fixture)
    _ = try Self.answers(catalog, cache)
    try FileManager.default.removeItem(at: fixture.url("Assets.xcassets/Ignored.appiconset"))
    // A change elsewhere makes the cache be written again.
    try Self.overwrite(Self.contents(catalog, "Empty"), with: Self.sets[0].json!)
    _ = try Self.answers(catalog, cache)
    let remembered = cache.load(catalogs: [catalog.path])
    #expect(remembered.count == 3)
    #expect(remembered[catalog.path + "/Ignored.appiconset"] == nil)
    #expect(remembered[catalog.path + "/Empty.appiconset"]?.compiles == true)
  }

  @Test("entries are written and read back as they were, folders with spaces and accents too")
  func roundTrip() throws {
    let fixture = try Fixture()
    let cache = Self.cache(fixture)
    let identity = SetContentCache.Identity((1, .max, 0, UInt64(bitPattern: -5), 999_999_999, 7, 0))
    let entries: [String: SetContentCache.Entry] = [
      "/a b/Été.appiconset": .init(identity: identity, compiles: true),
      "/c/D.appiconset": .init(identity: identity, compiles: false),
      "/bad\nname.appiconset": .init(identity: identity, compiles: true),
    ]
    cache.store(entries, catalogs: ["/a b", "/c"])
    var expected = entries
    expected["/bad\nname.appiconset"] = nil
    #expect(cache.load(catalogs: ["/a b", "/c"]) == expected)
    #expect(cache.load(catalogs: ["/c", "/a b"]).isEmpty)
    // A catalog whose path holds a line break is never cached.
    cache.store(entries, catalogs: ["/x\ny"])
    #expect(cache.load(catalogs: ["/x\ny"]).isEmpty)
  }

  @Test("the names of a project read with the cache, cold and warm, are those read without it")
  func namesOfAProject() throws {
    let fixture = try Fixture()
    _ = try Self.writeSets(fixture)
    try fixture.writePlist("Info.plist", ["CFBundleIdentifier": "dev.example.Sets"])
    try fixture.write(
      "App.xcconfig",
      "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon\nASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Empty Ignored Broken Missing\n"
    )
    let without = try AppIconReader.readDeferringImages(
      at: fixture.root, target: nil, configuration: nil)
    #expect(without.icons.alternates.map(\.name) == ["Broken"])
    for _ in 0..<2 {
      let with = try AppIconReader.readDeferringImages(
        at: fixture.root, target: nil, configuration: nil, contentCache: Self.cache(fixture))
      #expect(with.icons == without.icons)
    }
    #expect(Self.cache(fixture).load(catalogs: [fixture.url("Assets.xcassets").path]).count == 4)
  }

  @Test("a set's path is its folder's, however deep in groups")
  func setPaths() throws {
    let fixture = try Fixture()
    try fixture.writeSingleSizeIconSet("A")
    try fixture.writeSingleSizeIconSet("B", catalog: "Assets.xcassets/Group/Inner")
    try fixture.write(
      "Assets.xcassets/Group/Contents.json", #"{"properties": {"provides-namespace": true}}"#)
    try fixture.makeFolder("Assets.xcassets/C.icon")
    try fixture.write("Assets.xcassets/C.icon/icon.json", "{}")
    let catalog = try AssetCatalog.read(fixture.url("Assets.xcassets"))
    #expect(catalog.iconSets.map(\.name) == ["A", "C", "Group/B"])
    for set in catalog.iconSets {
      #expect(set.path == set.folder.path)
      #expect(set.folder == URL(fileURLWithPath: set.path, isDirectory: true))
    }
  }
}

@Suite("A catalog folder's names")
struct CatalogFolderNameTests {
  @Test(
    "a name's extension is URL's, ASCII or not",
    arguments: [
      "AppIcon.appiconset", "A.b.icon", "noextension", ".hidden", "..", "a.", ".a.b",
      "Été.appiconset",
      "Icône.brandassets", "日本.icon", "a..b", "Group",
    ])
  func pathExtensions(name: String) {
    #expect(
      DirectoryListing.pathExtension(of: name) == URL(fileURLWithPath: "/x/" + name).pathExtension,
      "\(name)")
  }

  @Test("a dot that carries a combining accent is not one, as the walk has always read it")
  func accentedDot() {
    #expect(DirectoryListing.pathExtension(of: "x.\u{301}appiconset") == "")
  }
}
