import CPNG
import Foundation
import IconCatalog

@testable import IconCheck

/// An app folder in a fresh temporary folder for the App Store rules' tests, removed when released:
/// files written as text (so lines are known) and PNGs written with libpng, with any alpha.
final class StoreFixture {
  let root: URL

  init() throws {
    root =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("iconcheck-store-\(UUID().uuidString)", isDirectory: true)
      .standardizedFileURL
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: root) }

  func url(_ relative: String) -> URL { root.appendingPathComponent(relative).standardizedFileURL }

  func path(_ relative: String) -> String { url(relative).path }

  func write(_ relative: String, _ text: String) throws {
    let file = url(relative)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  /// `App.xcconfig` with these settings, one per line.
  func settings(_ lines: [String]) throws {
    try write("App.xcconfig", lines.joined(separator: "\n") + "\n")
  }

  /// The usual settings: the primary, the alternates, and the device family.
  func config(primary: String = "AppIcon", alternates: [String] = [], family: String = "1")
    throws
  {
    try settings([
      "PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.Store",
      "ASSETCATALOG_COMPILER_APPICON_NAME = \(primary)",
      "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \(alternates.joined(separator: " "))",
      "TARGETED_DEVICE_FAMILY = \(family)",
    ])
  }

  /// An XML Info.plist holding `keys` (and a bundle identifier); returns its text.
  @discardableResult
  func infoPlist(_ keys: [String: Any]) throws -> String {
    var plist: [String: Any] = ["CFBundleIdentifier": "dev.iconpick.Store"]
    plist.merge(keys) { _, new in new }
    let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
    try write("Info.plist", String(decoding: data, as: UTF8.self))
    return String(decoding: data, as: UTF8.self)
  }

  /// One `images` entry of an `.appiconset`.
  struct Slot {
    var file: String?
    var idiom: String
    var size: String
    var scale: String?
    var appearance: String?
    var platform: String?

    static func single(_ file: String, appearance: String? = nil) -> Slot {
      Slot(
        file: file, idiom: "universal", size: "1024x1024", appearance: appearance, platform: "ios")
    }

    var json: String {
      var fields: [String] = []
      if let file { fields.append("\"filename\" : \"\(file)\"") }
      if let appearance {
        fields.append(
          "\"appearances\" : [ { \"appearance\" : \"luminosity\", \"value\" : \"\(appearance)\" } ]"
        )
      }
      fields.append("\"idiom\" : \"\(idiom)\"")
      if let platform { fields.append("\"platform\" : \"\(platform)\"") }
      if let scale { fields.append("\"scale\" : \"\(scale)\"") }
      fields.append("\"size\" : \"\(size)\"")
      return "    { " + fields.joined(separator: ", ") + " }"
    }
  }

  /// `Assets.xcassets/NAME.appiconset/Contents.json`, one slot a line from line 3; each named file
  /// is written as an opaque PNG of the slot's pixels unless `images` is false.
  @discardableResult
  func set(_ name: String, _ slots: [Slot], images: Bool = true) throws -> URL {
    let folder = url("Assets.xcassets/\(name).appiconset")
    try write(
      "Assets.xcassets/Contents.json", #"{ "info" : { "author" : "xcode", "version" : 1 } }"#)
    try write(
      "Assets.xcassets/\(name).appiconset/Contents.json",
      "{\n  \"images\" : [\n" + slots.map(\.json).joined(separator: ",\n")
        + "\n  ],\n  \"info\" : { \"author\" : \"xcode\", \"version\" : 1 }\n}\n")
    if images {
      for slot in slots {
        guard let file = slot.file else { continue }
        let points = Double(slot.size.split(separator: "x")[0]) ?? 1024
        let scale = Double(slot.scale?.dropLast() ?? "1") ?? 1
        let pixels = Int((points * scale).rounded())
        try png(folder.appendingPathComponent(file), width: pixels, height: pixels)
      }
    }
    return folder
  }

  /// Both readings `check` makes, and every diagnostic of both, as `check` gives them.
  func diagnose() throws -> [Diagnostic] {
    let (icons, facts) = try AppIconReader.readWithFacts(at: root, target: nil, configuration: nil)
    return Checker.diagnose(icons, facts: facts)
  }

  func diagnose(_ id: DiagnosticID) throws -> [Diagnostic] {
    try diagnose().filter { $0.id == id }
  }
}

/// Every id the App Store rules add.
let storeIDs: Set<DiagnosticID> = [
  .primaryMissingSize, .alternateMissingSize, .iconNameNotSet,
  .malformedIconsDictionary, .plistNameNotInCatalog, .marketingIconAlpha,
  .alphaChannel, .unassignedChild, .mixedSizesAndAppearances, .catalogNotInTarget,
  .tvAppStoreIconMissing, .tvTopShelfMissing, .tvTopShelfAlpha,
  .tvImageStackLayers,
]

/// A solid PNG: RGB when `alpha` is nil, else RGBA with that alpha in every pixel (255: an alpha
/// channel, every pixel opaque). `transparentCorner` clears the first pixel's alpha.
func png(
  _ file: URL, width: Int, height: Int, alpha: UInt8? = nil, transparentCorner: Bool = false
) throws {
  struct WriteFailed: Error { var message: String }
  try FileManager.default.createDirectory(
    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
  let channels = alpha == nil ? 3 : 4
  var pixels = [UInt8](repeating: 0, count: width * height * channels)
  for index in stride(from: 0, to: pixels.count, by: channels) {
    pixels[index] = 200
    pixels[index + 1] = 90
    pixels[index + 2] = 30
    if let alpha { pixels[index + 3] = alpha }
  }
  if transparentCorner, channels == 4 { pixels[3] = 0 }
  var image = png_image()
  image.version = UInt32(PNG_IMAGE_VERSION)
  image.width = UInt32(width)
  image.height = UInt32(height)
  image.format = UInt32(PNG_FORMAT_FLAG_COLOR | (alpha == nil ? 0 : PNG_FORMAT_FLAG_ALPHA))
  let written = pixels.withUnsafeBytes { bytes in
    cp_png_image_write_to_file(
      &image, file.path, 0, bytes.baseAddress, Int32(width * channels), nil)
  }
  defer { cp_png_image_free(&image) }
  guard written != 0 else { throw WriteFailed(message: "libpng could not write \(file.path)") }
}

/// The 1-based line of the first line of `text` holding `needle`, after line `start`.
func lineOf(_ needle: String, in text: String, after start: Int = 0) -> Int? {
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
  return lines.indices.first { $0 + 1 > start && lines[$0].contains(needle) }.map { $0 + 1 }
}

/// The findings of every rule group but the three that look at the icons' images (names and
/// files, sizes, transparency), for the app `facts` was read from: what `ProjectChecks.diagnose`
/// gave before `Checker` listed the groups.
func projectFindings(_ facts: ProjectFacts) throws -> [Diagnostic] {
  let (app, _) = try AppIconReader.readWithFacts(at: facts.root, target: nil, configuration: nil)
  let imageIDs: Set<DiagnosticID> = [.primaryNotFound, .primaryMissingSize, .alphaChannel]
  return Checker.diagnose(
    app, facts: facts, groups: Checker.groups.filter { imageIDs.isDisjoint(with: $0.ids) })
}
