import Foundation
import Testing

/// A unique temporary folder the test writes its app into; removed when the test is done with it.
final class Fixture {
  let root: URL

  init() throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("iconcatalog-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: root)
  }

  func url(_ path: String) -> URL {
    root.appendingPathComponent(path).standardizedFileURL
  }

  @discardableResult
  func write(_ path: String, _ text: String) throws -> URL {
    try write(path, data: Data(text.utf8))
  }

  @discardableResult
  func write(_ path: String, data: Data) throws -> URL {
    let file = url(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: file)
    return file
  }

  @discardableResult
  func writePlist(
    _ path: String, _ plist: [String: Any],
    format: PropertyListSerialization.PropertyListFormat = .xml
  ) throws -> URL {
    try write(
      path,
      data: PropertyListSerialization.data(fromPropertyList: plist, format: format, options: 0))
  }

  func makeFolder(_ path: String) throws {
    try FileManager.default.createDirectory(at: url(path), withIntermediateDirectories: true)
  }

  /// An icon set in the single-size form Xcode 14+ writes, with a stand-in PNG (a few bytes).
  /// `tv` writes the Apple TV idiom a tvOS target compiles, instead of a universal iOS image.
  func writeSingleSizeIconSet(_ name: String, catalog: String = "Assets.xcassets", tv: Bool = false)
    throws
  {
    let set = "\(catalog)/\(name).appiconset"
    let entry =
      tv
      ? #""idiom" : "tv", "scale" : "1x", "size" : "400x240""#
      : #""idiom" : "universal", "platform" : "ios", "size" : "1024x1024""#
    try write(
      "\(set)/Contents.json",
      """
      {
        "images" : [
          { "filename" : "\(name).png", \(entry) }
        ],
        "info" : { "author" : "xcode", "version" : 1 }
      }
      """)
    try write("\(set)/\(name).png", data: Data([0x89, 0x50, 0x4E, 0x47]))
  }

  static let paletteAlternates = [
    "AppIcon-Green", "AppIcon-Blue", "AppIcon-Orange", "AppIcon-Pink", "AppIcon-Purple",
    "AppIcon-Teal",
    "AppIcon-Yellow",
  ]

  /// The shape of the demo app Palette with `.appiconset`s, as kept in
  /// Tests/Fixtures/PaletteAppIconSets (Assets/Palette itself now holds Icon Composer bundles).
  static func palette() throws -> Fixture {
    let fixture = try Fixture()
    try fixture.writePlist(
      "Info.plist",
      [
        "CFBundleDisplayName": "Palette",
        "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)",
        "CFBundleName": "$(PRODUCT_NAME)",
      ])
    try fixture.write(
      "Palette.xcconfig",
      """
      // Palette, the demo app iconpick opens by default.
      PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.Palette
      INFOPLIST_FILE = Info.plist
      ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon
      ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \(paletteAlternates.joined(separator: " "))
      ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = NO
      """)
    for name in ["AppIcon"] + paletteAlternates {
      try fixture.writeSingleSizeIconSet(name)
    }
    return fixture
  }
}
