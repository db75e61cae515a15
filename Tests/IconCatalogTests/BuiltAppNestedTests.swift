import Foundation
import Testing

@testable import IconCatalog

@Suite("What a built app holds besides its own icons")
struct BuiltAppNestedTests {
  private static var plist: [String: Any] {
    [
      "CFBundleIdentifier": "dev.iconpick.Seed",
      "CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon60x60"]]],
    ]
  }

  @Test("watch apps, extensions and App Clips are left out, each with a note")
  func nestedBundlesAreNoted() throws {
    let fixture = try Fixture()
    try fixture.writePlist("Seed.app/Info.plist", Self.plist, format: .binary)
    try fixture.write("Seed.app/AppIcon60x60@2x.png", data: Data([0x89]))
    try fixture.writePlist("Seed.app/Watch/Seed Watch.app/Info.plist", Self.plist, format: .binary)
    try fixture.writePlist("Seed.app/PlugIns/Widget.appex/Info.plist", Self.plist, format: .binary)
    try fixture.writePlist("Seed.app/AppClips/Clip.app/Info.plist", Self.plist, format: .binary)
    let app = try AppIconReader.read(at: fixture.url("Seed.app"))
    #expect(app.allIcons.count == 1)
    // Notes, not warnings: nothing is wrong with the app.
    #expect(app.warnings.isEmpty)
    #expect(app.notes.count == 3)
    #expect(
      app.notes.contains {
        $0.hasSuffix(
          "Watch/Seed Watch.app: a watch app, left out: only the app's own icons are read")
      })
    #expect(
      app.notes.contains { $0.contains("PlugIns/Widget.appex: an app extension, left out") })
    #expect(app.notes.contains { $0.contains("AppClips/Clip.app: an App Clip, left out") })
  }

  @Test(
    "a binary Info.plist nested too deep, or growing exponentially through shared objects, is refused"
  )
  func hostileBinaryPlists() throws {
    for (name, bytes, reason) in [
      ("deep", Self.chain(300, references: 1), "nested more than 128 deep"),
      ("shared", Self.chain(60, references: 2), "more than 1000000 values"),
      ("cycle", Self.cycle(), "a value that contains itself"),
    ] {
      let fixture = try Fixture()
      try fixture.write("Seed.app/Info.plist", data: Data(bytes))
      do {
        _ = try AppIconReader.read(at: fixture.url("Seed.app"))
        Issue.record("\(name): read")
      } catch {
        #expect(error.description.contains(reason), "\(name): \(error)")
        #expect(error.description.contains("Seed.app/Info.plist"), "\(name): \(error)")
      }
    }
    // An ordinary binary plist with shared values (Xcode writes them) is read.
    let fixture = try Fixture()
    try fixture.writePlist("Seed.app/Info.plist", Self.plist, format: .binary)
    #expect(
      BinaryPlistLimits.problem(try Data(contentsOf: fixture.url("Seed.app/Info.plist"))) == nil)
  }

  @Test("a dictionary whose length is near Int.max is refused with the file's name, not a crash")
  func dictionaryLengthThatOverflows() throws {
    // bplist00, a dictionary marker with an 8-byte length of 0x7FFF…FF, one offset, a trailer.
    var bytes = Array("bplist00".utf8) + [0xDF, 0x13] + Self.big(Int.max, 8) + [0x08]
    bytes += [UInt8](repeating: 0, count: 6) + [1, 1] + Self.big(1, 8) + Self.big(0, 8)
    bytes += Self.big(18, 8)
    #expect(bytes.count == 51)
    // FoundationEssentials' reader traps on it, so the limits check refuses it first.
    #expect(
      BinaryPlistLimits.problem(Data(bytes)) == "an object that reaches past the end of its table")
    let fixture = try Fixture()
    try fixture.write("Seed.app/Info.plist", data: Data(bytes))
    #expect {
      _ = try AppIconReader.read(at: fixture.url("Seed.app"))
    } throws: { error in
      "\(error)".contains("Seed.app/Info.plist")
    }
  }

  static func big(_ value: Int, _ size: Int) -> [UInt8] {
    (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
  }

  /// A binary plist from objects (the top one first), with 2-byte references.
  static func bplist(_ objects: [[UInt8]]) -> [UInt8] {
    var out = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
      offsets.append(out.count)
      out += object
    }
    let table = out.count
    for offset in offsets { out += big(offset, 4) }
    return out + [0, 0, 0, 0, 0, 0, 4, 2] + big(objects.count, 8) + big(0, 8) + big(table, 8)
  }

  /// { CFBundleIcons: [[[…]]] }: `count` arrays, each naming the next `references` times.
  static func chain(_ count: Int, references: Int) -> [UInt8] {
    var objects: [[UInt8]] = [[0xD1] + big(count + 2, 2) + big(1, 2)]
    for index in 1...count {
      objects.append(
        [0xA0 | UInt8(references)] + (0..<references).flatMap { _ in big(index + 1, 2) })
    }
    objects.append([0xA0])
    objects.append([0x5D] + Array("CFBundleIcons".utf8))
    return bplist(objects)
  }

  /// { CFBundleIcons: [ itself ] }.
  static func cycle() -> [UInt8] {
    bplist([
      [0xD1] + big(2, 2) + big(1, 2), [0xA1] + big(1, 2), [0x5D] + Array("CFBundleIcons".utf8),
    ])
  }
}
