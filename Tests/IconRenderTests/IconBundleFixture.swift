import Foundation
import IconCatalog

@testable import IconRender

/// A scratch folder holding an Icon Composer bundle the test writes: `icon.json` and the files
/// of `Assets/`. Removed when released.
final class IconBundleFixture {
  let root: URL
  let bundle: URL

  init(_ json: String, assets: [String: [UInt8]] = [:], name: String = "Test") throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "iconpick-render-\(UUID().uuidString)", isDirectory: true)
    bundle = root.appendingPathComponent("\(name).icon", isDirectory: true)
    try FileManager.default.createDirectory(
      at: bundle.appendingPathComponent("Assets"), withIntermediateDirectories: true)
    try write(json: json)
    for (file, bytes) in assets { try write(asset: file, bytes) }
  }

  convenience init(_ json: String, svgs: [String: String]) throws {
    try self.init(json, assets: svgs.mapValues { Array($0.utf8) })
  }

  deinit { try? FileManager.default.removeItem(at: root) }

  func write(json: String) throws {
    try Data(json.utf8).write(to: IconComposerBundle.documentURL(bundle))
  }

  func write(asset name: String, _ bytes: [UInt8]) throws {
    try Data(bytes).write(to: IconComposerBundle.assetURL(bundle, imageName: name))
  }

  func write(asset name: String, svg: String) throws {
    try write(asset: name, Array(svg.utf8))
  }

  func render(_ appearance: IconAppearance = .any, pixels: Int = 64, masked: Bool = false)
    throws(IconRenderError) -> RGBAImage
  {
    try IconComposerRenderer.render(
      bundle: bundle, appearance: appearance, pixels: pixels, masked: masked)
  }

  /// The `.icon` as an app icon, with its three renditions as IconCatalog makes them.
  var icon: AppIcon {
    AppIcon(
      name: "Test", assetName: "Test", displayName: "Test", isPrimary: true,
      renditions: IconAppearance.allCases.map {
        IconRendition(
          file: bundle, idiom: "universal", pointSize: 1024, scale: 1, appearance: $0,
          kind: .iconComposer)
      })
  }

  // MARK: Writing icon.json and SVGs

  /// An icon.json: `fill` (a JSON value, or nil for none written) and `groups` (JSON objects).
  static func json(fill: String? = nil, extra: String = "", groups: [String]) -> String {
    var keys: [String] = []
    if let fill { keys.append("\"fill\": \(fill)") }
    if !extra.isEmpty { keys.append(extra) }
    keys.append("\"groups\": [\(groups.joined(separator: ", "))]")
    keys.append("\"supported-platforms\": {\"squares\": \"shared\"}")
    return "{\(keys.joined(separator: ", "))}"
  }

  /// A group holding `layers` (JSON objects), with more keys in `extra`. Without `glass`, no
  /// shadow and no specular highlight: the tests of placement and colour see the artwork alone.
  static func group(_ layers: [String], extra: String = "", glass: Bool = false) -> String {
    let keys = [glass ? "" : noGlass, extra].filter { !$0.isEmpty }.joined(separator: ", ")
    return "{\(keys.isEmpty ? "" : keys + ", ")\"layers\": [\(layers.joined(separator: ", "))]}"
  }

  /// Group keys that turn Liquid Glass's effects off: no shadow, no specular highlight.
  static let noGlass = "\"shadow\": {\"kind\": \"none\", \"opacity\": 0}, \"specular\": false"

  /// A layer drawing `image`, with more keys in `extra`; not glass unless `glass`.
  static func layer(_ image: String, extra: String = "", glass: Bool = false) -> String {
    let keys = [glass ? "" : "\"glass\": false", extra].filter { !$0.isEmpty }
      .joined(separator: ", ")
    return "{\(keys.isEmpty ? "" : keys + ", ")\"image-name\": \"\(image)\"}"
  }

  /// A position object.
  static func position(scale: Double = 1, x: Double = 0, y: Double = 0) -> String {
    "\"position\": {\"scale\": \(scale), \"translation-in-points\": [\(x), \(y)]}"
  }

  /// An SVG `size` points square holding one full rectangle of `color`.
  static func square(_ size: Int, color: String) -> String {
    """
    <svg xmlns="http://www.w3.org/2000/svg" width="\(size)" height="\(size)">\
    <rect width="\(size)" height="\(size)" fill="\(color)"/></svg>
    """
  }

  /// A solid fill value for icon.json.
  static func solid(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) -> String {
    "{\"solid\": \"srgb:\(red),\(green),\(blue),\(alpha)\"}"
  }

  /// A PNG of one colour, written by libpng.
  static func png(width: Int, height: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) throws
    -> [UInt8]
  {
    try PNGFixtures.write(
      PNGFixtures.image(width: width, height: height) { _, _ in rgba })
  }

  /// A 16×16 JPEG of #00C000 (gdk-pixbuf, quality 90).
  static let greenJPEG = [UInt8](
    Data(
      base64Encoded:
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAAQABADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDl6KKK/lQ/io//2Q=="
    )!)
}

extension RGBAImage {
  /// The pixel at canvas point (x, y) of the 1024-point canvas.
  func at(points x: Double, _ y: Double) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    pixel(
      x: min(width - 1, Int(x / 1024 * Double(width))),
      y: min(height - 1, Int(y / 1024 * Double(height))))
  }

  /// True when some pixel is plainly red.
  var hasRed: Bool {
    stride(from: 0, to: pixels.count, by: 4).contains {
      pixels[$0] > 180 && pixels[$0 + 1] < 90 && pixels[$0 + 2] < 90 && pixels[$0 + 3] > 100
    }
  }
}

/// Close enough: each channel within `tolerance`.
func near(
  _ pixel: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ expected: (Int, Int, Int, Int),
  tolerance: Int = 6
) -> Bool {
  abs(Int(pixel.r) - expected.0) <= tolerance && abs(Int(pixel.g) - expected.1) <= tolerance
    && abs(Int(pixel.b) - expected.2) <= tolerance && abs(Int(pixel.a) - expected.3) <= tolerance
}
