import Foundation
import IconArchive
import Testing

@testable import IconCatalog

/// `.ipa` files read in place through libzip, and `.xcarchive` folders; hostile archives are
/// refused with a message naming the file and what is wrong, and nothing is ever unpacked.
@Suite struct IPAReadingTests {
  init() { IconArchive.install() }

  static let infoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>
    <key>CFBundleIdentifier</key><string>com.example.seed</string>
    <key>CFBundleDisplayName</key><string>Seed</string>
    <key>CFBundleIcons</key><dict>
      <key>CFBundlePrimaryIcon</key><dict>
        <key>CFBundleIconFiles</key><array><string>AppIcon60x60</string></array>
        <key>CFBundleIconName</key><string>AppIcon</string></dict>
      <key>CFBundleAlternateIcons</key><dict>
        <key>Blue</key><dict>
          <key>CFBundleIconFiles</key><array><string>Blue60x60</string></array>
          <key>CFBundleIconName</key><string>Blue</string></dict></dict>
    </dict>
    </dict></plist>
    """

  /// A folder of its own with `name` written in it from `zip`.
  static func write(_ zip: ZipWriter, name: String = "App.ipa") throws -> (folder: URL, file: URL) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ipa-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent(name)
    try Data(zip.bytes()).write(to: file)
    return (folder, file)
  }

  static func app(_ extra: (inout ZipWriter) -> Void = { _ in }) -> ZipWriter {
    var zip = ZipWriter()
    zip.add("Payload/", [])
    zip.add("Payload/Seed.app/Info.plist", Array(infoPlist.utf8), deflate: true)
    zip.add("Payload/Seed.app/AppIcon60x60@2x.png", [0x89, 0x50, 0x4E, 0x47, 1, 2, 3])
    zip.add("Payload/Seed.app/Blue60x60@2x.png", [0x89, 0x50, 0x4E, 0x47, 4, 5, 6], deflate: true)
    zip.add("Payload/Seed.app/Sub/Stray60x60@2x.png", [0x89])
    extra(&zip)
    return zip
  }

  /// Reading `zip` fails with a message containing `expected`.
  static func expectRefused(
    _ zip: ZipWriter, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let (folder, file) = try write(zip)
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      let app = try AppIconReader.read(at: file)
      Issue.record("read \(app.appName) instead of refusing it", sourceLocation: sourceLocation)
    } catch {
      #expect(error.description.hasPrefix(file.path), "\(error)", sourceLocation: sourceLocation)
      #expect(error.description.contains(expected), "\(error)", sourceLocation: sourceLocation)
      #expect(!error.description.contains("\n"), sourceLocation: sourceLocation)
    }
  }

  @Test func readsTheAppInPlace() throws {
    let (folder, file) = try Self.write(Self.app())
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = try AppIconReader.read(at: file)
    #expect(app.appName == "Seed")
    #expect(app.bundleIdentifier == "com.example.seed")
    #expect(app.allIcons.map(\.name) == ["AppIcon", "Blue"])
    let primaryFiles = app.primary.files.map(\.path)
    #expect(primaryFiles == [file.path + "/Payload/Seed.app/AppIcon60x60@2x.png"])
    // Only the app's top is searched, as iOS does.
    #expect(!app.allIcons.flatMap(\.files).contains { $0.path.contains("Stray") })
    // The files are read from the archive by path.
    #expect(
      try ArchivedFiles.bytes(of: app.alternates[0].files[0]) == [0x89, 0x50, 0x4E, 0x47, 4, 5, 6])
    // Nothing was unpacked beside the .ipa.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["App.ipa"])
  }

  @Test func nestedAppsAreLeftOutWithANote() throws {
    let zip = Self.app { zip in
      zip.add("Payload/Seed.app/Watch/Seed Watch.app/Info.plist", "<plist/>")
      zip.add("Payload/Seed.app/PlugIns/Widget.appex/Info.plist", "<plist/>")
      zip.add("Payload/Seed.app/AppClips/Clip.app/Info.plist", "<plist/>")
    }
    let (folder, file) = try Self.write(zip)
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = try AppIconReader.read(at: file)
    #expect(app.allIcons.count == 2)
    #expect(app.warnings.isEmpty)
    #expect(app.notes.count == 3)
    #expect(app.notes.contains { $0.contains("Watch/Seed Watch.app: a watch app, left out") })
    #expect(app.notes.contains { $0.contains("PlugIns/Widget.appex: an app extension") })
    #expect(app.notes.contains { $0.contains("AppClips/Clip.app: an App Clip") })
  }

  @Test func namesThatClimbOutAreRefused() throws {
    try Self.expectRefused(
      Self.app { $0.add("Payload/Seed.app/../../evil.png", [1]) }, "climbs out")
    try Self.expectRefused(Self.app { $0.add("/etc/passwd", [1]) }, "climbs out")
    try Self.expectRefused(Self.app { $0.add("..\\..\\evil.png", [1]) }, "climbs out")
  }

  @Test func severalAppsNoAppAndAZipInTheZipAreRefused() throws {
    try Self.expectRefused(
      Self.app { $0.add("Payload/Other.app/Info.plist", "<plist/>") },
      "several apps in Payload/ (Payload/Other.app, Payload/Seed.app)")
    var empty = ZipWriter()
    empty.add("Readme.txt", "hello")
    try Self.expectRefused(empty, "no Payload/NAME.app in this zip")
    var nested = ZipWriter()
    nested.add("App.ipa", Self.app().bytes())
    try Self.expectRefused(nested, "a zip inside the zip (App.ipa)")
    // One wrapper folder is read (below); folders nested deeper, or a wrapper beside other
    // entries, are refused as before.
    var nestedWrappers = ZipWriter()
    nestedWrappers.add("Build/Release/Payload/Seed.app/Info.plist", Self.infoPlist)
    try Self.expectRefused(nestedWrappers, "Payload/ is inside the folder Build/Release/")
    var besideOthers = ZipWriter()
    besideOthers.add("Build/Payload/Seed.app/Info.plist", Self.infoPlist)
    besideOthers.add("Readme.txt", "hello")
    try Self.expectRefused(besideOthers, "Payload/ is inside the folder Build/")
    var noPlist = ZipWriter()
    noPlist.add("Payload/Seed.app/AppIcon60x60@2x.png", [1])
    try Self.expectRefused(noPlist, "Payload/Seed.app has no Info.plist")
  }

  /// fastlane's `iOSAppOnly.ipa` (../shared/builtapps): the Finder's zip of the folder holding
  /// `Payload/`, with `.DS_Store` files and `__MACOSX/` resource forks.
  static func wrapped(_ wrapper: String) -> ZipWriter {
    var zip = ZipWriter()
    zip.add("\(wrapper)/Payload/Seed.app/Info.plist", Array(infoPlist.utf8), deflate: true)
    zip.add("\(wrapper)/Payload/Seed.app/", [])
    zip.add("\(wrapper)/Payload/Seed.app/AppIcon60x60@2x.png", [0x89, 0x50, 0x4E, 0x47, 1])
    zip.add("\(wrapper)/Payload/.DS_Store", [0, 0, 0, 1])
    zip.add("\(wrapper)/Payload/", [])
    zip.add("\(wrapper)/.DS_Store", [0, 0, 0, 1])
    zip.add("\(wrapper)/", [])
    zip.add("__MACOSX/\(wrapper)/Payload/Seed.app/._Info.plist", [0, 5, 22, 7])
    zip.add("__MACOSX/\(wrapper)/Payload/._.DS_Store", [0, 5, 22, 7])
    return zip
  }

  @Test func anIPAWhosePayloadIsInsideOneWrapperFolderIsRead() throws {
    let (folder, file) = try Self.write(Self.wrapped("iOSAppOnly"), name: "iOS App With Spaces.ipa")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(AppIconReader.isBuiltApp(file))
    let app = try AppIconReader.read(at: file)
    #expect(app.appName == "Seed")
    #expect(app.allIcons.map(\.name) == ["AppIcon", "Blue"])
    #expect(app.location.path == file.path + "/iOSAppOnly/Payload/Seed.app")
    #expect(app.primary.files.map(\.path) == [app.location.path + "/AppIcon60x60@2x.png"])
    #expect(try ArchivedFiles.bytes(of: app.primary.files[0]) == [0x89, 0x50, 0x4E, 0x47, 1])
  }

  /// UI-testing tools keep a simulator build as `App.zip` holding `App.app` at its top.
  static func zippedApp(_ apps: [String] = ["Seed.app"]) -> ZipWriter {
    var zip = ZipWriter()
    for app in apps {
      zip.add("\(app)/", [])
      zip.add("\(app)/Info.plist", Array(infoPlist.utf8), deflate: true)
      zip.add("\(app)/AppIcon60x60@2x.png", [0x89, 0x50, 0x4E, 0x47, 2])
      zip.add("\(app)/PlugIns/Widget.appex/Info.plist", "<plist/>")
    }
    zip.add("__MACOSX/Seed.app/._Info.plist", [0, 5, 22, 7])
    return zip
  }

  @Test func aZipHoldingOneAppAtItsTopIsRead() throws {
    let (folder, file) = try Self.write(Self.zippedApp(), name: "Seed.zip")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(AppIconReader.isBuiltApp(file))
    let app = try AppIconReader.read(at: file)
    #expect(app.isBuiltArtifact)
    #expect(app.bundleIdentifier == "com.example.seed")
    #expect(app.allIcons.map(\.name) == ["AppIcon", "Blue"])
    #expect(app.primary.files.map(\.path) == [file.path + "/Seed.app/AppIcon60x60@2x.png"])
    #expect(
      app.notes.contains { $0.contains("Seed.app/PlugIns/Widget.appex: an app extension") })
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Seed.zip"])
  }

  @Test func otherZipsAreRefusedAsBefore() throws {
    // Two apps at the top: refused, naming both.
    let (two, twoFile) = try Self.write(Self.zippedApp(["One.app", "Two.app"]), name: "Two.zip")
    defer { try? FileManager.default.removeItem(at: two) }
    #expect(AppIconReader.isBuiltApp(twoFile))
    #expect(throws: IconCatalogError.self) { try AppIconReader.read(at: twoFile) }
    do {
      _ = try AppIconReader.read(at: twoFile)
    } catch {
      #expect(
        error.description
          == "\(twoFile.path): several apps at the top of this zip (One.app, Two.app): a zip of a built app holds exactly one"
      )
    }
    // A zip with no app is no built app: "no app found here", as any file that is not one.
    var notes = ZipWriter()
    notes.add("Readme.txt", "hello")
    notes.add("Docs/Seed.app.txt", "not an app")
    let (plain, plainFile) = try Self.write(notes, name: "Notes.zip")
    defer { try? FileManager.default.removeItem(at: plain) }
    #expect(!AppIconReader.isBuiltApp(plainFile))
    do {
      _ = try AppIconReader.read(at: plainFile)
      Issue.record("read a zip without an app")
    } catch {
      #expect(error.description.hasPrefix("\(plainFile.path): no app found here"))
    }
    // An .ipa keeps its rule: an app at its top, without Payload/, is refused.
    try Self.expectRefused(Self.zippedApp(), "no Payload/NAME.app in this zip")
  }

  @Test func notAZipIsRefused() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ipa-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("App.ipa")
    try Data("not a zip at all".utf8).write(to: file)
    #expect(
      throws: IconCatalogError.badArtifact(
        file: file.path, reason: "not a zip archive, which an .ipa is")
    ) {
      try AppIconReader.read(at: file)
    }
  }

  /// A zip bomb lies about its sizes: an entry that inflates past what it declares is cut off
  /// one byte past the claim, and a claim over the limit is refused before any inflating.
  @Test func zipBombsAreCappedOnBothSizes() throws {
    var lying = ZipWriter()
    lying.add(
      "Payload/Seed.app/Info.plist", Array(Self.infoPlist.utf8), deflate: true, declaredSize: 100)
    try Self.expectRefused(lying, "inflates to more than the 100 bytes it declares")
    var huge = ZipWriter()
    huge.add(
      "Payload/Seed.app/Info.plist", Array(Self.infoPlist.utf8), deflate: true,
      declaredSize: 1 << 30)
    try Self.expectRefused(huge, "declares 1073741824 bytes, over the limit of 8388608")
    var short = ZipWriter()
    short.add(
      "Payload/Seed.app/Info.plist", Array(Self.infoPlist.utf8), deflate: true, declaredSize: 5000)
    try Self.expectRefused(short, "not the 5000 it declares")
  }

  /// Binary plists whose object graph nests too deep, or shares objects so that it grows
  /// exponentially as a tree, are refused before Foundation parses them.
  @Test(arguments: [
    (BinaryPlist.deep(300), "nested more than 128 deep"),
    (BinaryPlist.shared(60), "more than 1000000 values"),
  ])
  func hostileBinaryPlistsAreRefused(plist: [UInt8], expected: String) throws {
    var zip = ZipWriter()
    zip.add("Payload/Seed.app/Info.plist", plist)
    try Self.expectRefused(zip, expected)
  }

  @Test func anXcarchiveIsReadAsItsApp() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "xcarchive-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let archive = folder.appendingPathComponent("Seed.xcarchive")
    let app = archive.appendingPathComponent("Products/Applications/Seed.app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    try Data(Self.infoPlist.utf8).write(to: app.appendingPathComponent("Info.plist"))
    try Data([1]).write(to: app.appendingPathComponent("AppIcon60x60@2x.png"))
    let read = try AppIconReader.read(at: archive)
    #expect(read.appName == "Seed")
    #expect(read.primary.files.map(\.lastPathComponent) == ["AppIcon60x60@2x.png"])

    let plist: [String: Any] = ["ApplicationProperties": ["ApplicationPath": "../../etc"]]
    try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
      .write(to: archive.appendingPathComponent("Info.plist"))
    #expect(throws: IconCatalogError.self) { try AppIconReader.read(at: archive) }
    try FileManager.default.removeItem(at: archive.appendingPathComponent("Info.plist"))
    try FileManager.default.createDirectory(
      at: archive.appendingPathComponent("Products/Applications/Other.app"),
      withIntermediateDirectories: true)
    do {
      _ = try AppIconReader.read(at: archive)
      Issue.record("an archive with two apps was read")
    } catch {
      #expect(error.description.contains("several apps in Products/Applications"), "\(error)")
    }
  }
}

/// Hostile binary property lists: a dictionary whose `CFBundleIcons` is a chain of arrays.
enum BinaryPlist {
  /// Arrays nested `depth` deep.
  static func deep(_ depth: Int) -> [UInt8] { chain(depth, referencesEach: 1) }
  /// `count` arrays, each holding the next twice: 2^count values as a tree.
  static func shared(_ count: Int) -> [UInt8] { chain(count, referencesEach: 2) }

  static func chain(_ count: Int, referencesEach: Int) -> [UInt8] {
    func big(_ value: Int, _ size: Int) -> [UInt8] {
      (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
    var objects: [[UInt8]] = []
    // 0: the top dictionary { CFBundleIcons: object 1 }; 1...count: arrays; then an empty
    // array and the key.
    objects.append([0xD1] + big(count + 2, 2) + big(1, 2))
    for index in 1...count {
      objects.append(
        [0xA0 | UInt8(referencesEach)]
          + Array(repeating: big(index + 1, 2), count: referencesEach).flatMap { $0 })
    }
    objects.append([0xA0])
    objects.append([0x5D] + Array("CFBundleIcons".utf8))
    var out = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
      offsets.append(out.count)
      out += object
    }
    let table = out.count
    for offset in offsets { out += big(offset, 4) }
    out += [0, 0, 0, 0, 0, 0, 4, 2] + big(objects.count, 8) + big(0, 8) + big(table, 8)
    return out
  }
}
