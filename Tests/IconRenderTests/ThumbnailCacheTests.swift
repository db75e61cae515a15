import Foundation
import Testing

@testable import IconRender

@Suite struct ThumbnailCacheTests {
  /// A cache folder and a source file, removed afterwards.
  final class Place {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "iconpick-cache-tests-\(UUID().uuidString)")
    var cache: ThumbnailCache { ThumbnailCache(directory: root.appendingPathComponent("cache")) }
    var source: URL { root.appendingPathComponent("Icon.png") }

    init() throws {
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      try Data([1, 2, 3]).write(to: source)
    }

    deinit { try? FileManager.default.removeItem(at: root) }
  }

  @Test func aStoredEntryLoadsBack() throws {
    let place = try Place()
    let key = try #require(ThumbnailCache.Key(source: place.source, parameters: "12x6 truecolor"))
    #expect(place.cache.load(key) == nil)
    place.cache.store([9, 8, 7, 0, 255], for: key)
    #expect(place.cache.load(key) == [9, 8, 7, 0, 255])
  }

  @Test func otherParametersAreAnotherEntry() throws {
    let place = try Place()
    let small = try #require(ThumbnailCache.Key(source: place.source, parameters: "12x6 truecolor"))
    let large = try #require(
      ThumbnailCache.Key(source: place.source, parameters: "40x20 truecolor"))
    place.cache.store([1], for: small)
    #expect(place.cache.load(large) == nil)
  }

  @Test func anEditedSourceIsAMiss() throws {
    let place = try Place()
    let before = try #require(ThumbnailCache.Key(source: place.source, parameters: "p"))
    place.cache.store([1], for: before)
    try Data([1, 2, 3, 4]).write(to: place.source)
    let after = try #require(ThumbnailCache.Key(source: place.source, parameters: "p"))
    #expect(after != before)
    #expect(place.cache.load(after) == nil)
  }

  @Test(arguments: [0, 10, 30])
  func aDamagedEntryIsAMissAndIsRewritten(keep: Int) throws {
    let place = try Place()
    let key = try #require(ThumbnailCache.Key(source: place.source, parameters: "p"))
    place.cache.store(Array(repeating: 42, count: 16), for: key)
    let file = place.cache.file(for: key)
    let whole = try Data(contentsOf: file)
    try whole.prefix(keep).write(to: file)
    #expect(place.cache.load(key) == nil)
    place.cache.store([5], for: key)
    #expect(place.cache.load(key) == [5])
  }

  @Test func aCollidingFileNameWithAnotherKeyIsAMiss() throws {
    let place = try Place()
    let key = ThumbnailCache.Key(text: "one")
    let other = ThumbnailCache.Key(text: "two")
    place.cache.store([1], for: key)
    // Put key's entry where other's would be: the stored key differs, so it must not be used.
    try FileManager.default.copyItem(
      at: place.cache.file(for: key), to: place.cache.file(for: other))
    #expect(place.cache.load(other) == nil)
  }

  @Test func noTemporaryFilesAreLeft() throws {
    let place = try Place()
    for size in 1...5 {
      let key = try #require(ThumbnailCache.Key(source: place.source, parameters: "\(size)"))
      place.cache.store([UInt8(size)], for: key)
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: place.cache.directory.path)
    #expect(names.count == 5)
    #expect(names.allSatisfy { $0.hasSuffix(".thumb") })
  }

  @Test func aCacheThatCannotBeWrittenIsQuietlySkipped() throws {
    let place = try Place()
    // The cache folder's path is taken by a file: nothing can be stored under it.
    try Data([0]).write(to: place.cache.directory)
    let key = try #require(ThumbnailCache.Key(source: place.source, parameters: "p"))
    place.cache.store([1, 2], for: key)
    #expect(place.cache.load(key) == nil)
  }

  @Test func aFailedRenameLeavesNoTemporaryFile() throws {
    let place = try Place()
    let key = try #require(ThumbnailCache.Key(source: place.source, parameters: "p"))
    // A folder with something in it where the entry goes: the rename onto it fails.
    let blocker = place.cache.file(for: key)
    try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: true)
    try Data([0]).write(to: blocker.appendingPathComponent("inside"))
    place.cache.store([1, 2], for: key)
    let names = try FileManager.default.contentsOfDirectory(atPath: place.cache.directory.path)
    #expect(names == [blocker.lastPathComponent])
  }

  @Test func entriesStoredFromManyThreadsAtOnceAllLoad() throws {
    let place = try Place()
    let cache = place.cache
    let keys = try (0..<32).map {
      try #require(ThumbnailCache.Key(source: place.source, parameters: "\($0)"))
    }
    DispatchQueue.concurrentPerform(iterations: keys.count) { index in
      cache.store([UInt8(index)], for: keys[index])
    }
    for (index, key) in keys.enumerated() { #expect(cache.load(key) == [UInt8(index)]) }
    let names = try FileManager.default.contentsOfDirectory(atPath: cache.directory.path)
    #expect(names.count == keys.count && names.allSatisfy { $0.hasSuffix(".thumb") })
  }

  @Test func theFolderFollowsXDG() {
    #expect(
      ThumbnailCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/h"])
        .path
        == "/x/cache/iconpick")
    #expect(
      ThumbnailCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"])
        .path
        == "/h/.cache/iconpick")
    #expect(
      ThumbnailCache.defaultDirectory(environment: ["HOME": "/h"]).path == "/h/.cache/iconpick")
  }
}
