import Foundation
import IconCatalog
import IconRender

/// `iconpick-bench fidelity PAIRS SHEET.png` (`make fidelity`): each Icon Composer export listed
/// in PAIRS/pairs.json beside iconpick's drawing of the same `.icon` in the same look. The
/// measure is the mean absolute error over the rounded square (the pixels Apple's export keeps
/// opaque), both images at 256 × 256 by area averaging, colour channels 0–255. Prints a table
/// and the targets, writes a contact sheet (Apple, iconpick, their difference × 4 per row) and
/// exits 1 when a target is missed or a look cannot be drawn (a row that says so; the run goes on).
enum Fidelity {
  static let side = 256

  struct Pair {
    var folder: String
    var look: IconComposerLook
    var bundle: URL
    var export: URL
  }

  static func run(pairs pairsFolder: String, sheet sheetFile: String) -> Int32 {
    let root = URL(fileURLWithPath: pairsFolder)
    let pairs: [Pair]
    do {
      pairs = try readPairs(root)
    } catch {
      FileHandle.standardError.write(Data("fidelity: \(error)\n".utf8))
      return 1
    }
    var rows: [(Pair, Double)] = []
    var tiles: [[RGBAImage]] = []
    var undrawn: [String] = []
    func padded(_ text: String, _ width: Int) -> String {
      text + String(repeating: " ", count: max(0, width - text.count))
    }
    print("| \(padded("icon", 28)) | \(padded("look", 11)) |  error |")
    print(
      "| \(String(repeating: "-", count: 28)) | \(String(repeating: "-", count: 11)) | -----: |")
    for pair in pairs {
      do {
        let apple = Downscale.resize(
          try PNGDecoder.decode(file: pair.export), width: side, height: side)
        let ours = Downscale.resize(
          try IconComposerRenderer.render(bundle: pair.bundle, look: pair.look, pixels: 1024),
          width: side, height: side)
        let (error, difference) = compare(apple, ours)
        rows.append((pair, error))
        tiles.append([apple, ours, difference])
        print(
          "| \(padded(pair.folder, 28)) | \(padded(pair.look.exportName, 11)) | "
            + String(format: "%6.1f", error) + " |")
      } catch {
        // One pair iconpick cannot draw is a row of the table, not the end of the run.
        undrawn.append("\(pair.folder) \(pair.look.exportName): \(error)")
        print("| \(padded(pair.folder, 28)) | \(padded(pair.look.exportName, 11)) | not drawn |")
      }
    }
    let plain = rows.filter { $0.0.look == .light || $0.0.look == .dark }.map(\.1).sorted()
    let tintedDark = rows.filter { $0.0.look == .tintedDark }.map(\.1)
    let median =
      plain.isEmpty
      ? 0
      : plain.count % 2 == 1
        ? plain[plain.count / 2] : (plain[plain.count / 2 - 1] + plain[plain.count / 2]) / 2
    let worst = plain.last ?? 0
    let worstTinted = tintedDark.max() ?? 0
    func verdict(_ ok: Bool) -> String { ok ? "met" : "MISSED" }
    print("")
    print(
      String(
        format: "Default and Dark: median %.1f (target ≤ 6: %@), worst %.1f (target ≤ 12: %@)",
        median, verdict(median <= 6) as NSString, worst, verdict(worst <= 12) as NSString))
    if !tintedDark.isEmpty {
      print(
        String(
          format: "TintedDark: worst %.1f (target ≤ 15: %@)", worstTinted,
          verdict(worstTinted <= 15) as NSString))
    }
    let sheet = contactSheet(tiles)
    do {
      try PNGWriter.write(sheet, to: URL(fileURLWithPath: sheetFile))
      print("contact sheet (rows in table order: Apple, iconpick, difference × 4): \(sheetFile)")
    } catch {
      FileHandle.standardError.write(Data("fidelity: \(error)\n".utf8))
      return 1
    }
    if !undrawn.isEmpty {
      print("\(undrawn.count) looks not drawn (each a missed target):")
      for reason in undrawn { print("  \(reason)") }
    }
    return median <= 6 && worst <= 12 && worstTinted <= 15 && undrawn.isEmpty ? 0 : 1
  }

  static func readPairs(_ root: URL) throws -> [Pair] {
    let list = root.appendingPathComponent("pairs.json")
    guard let data = FileManager.default.contents(atPath: list.path),
      let entries = try JSONSerialization.jsonObject(with: data) as? [[String: Any]]
    else { throw FidelityError("\(list.path): not readable as a list of pairs") }
    var pairs: [Pair] = []
    for entry in entries {
      guard let folder = entry["dir"] as? String,
        let icon = (entry["icon"] as? [String: Any])?["path"] as? String,
        let exports = entry["exports"] as? [[String: Any]]
      else { throw FidelityError("\(list.path): an entry without dir, icon.path or exports") }
      let base = root.appendingPathComponent(folder)
      for export in exports {
        guard let name = export["appearance"] as? String, let path = export["path"] as? String,
          let look = IconComposerLook(exportName: name)
        else { throw FidelityError("\(list.path): \(folder): an export without a known look") }
        pairs.append(
          Pair(
            folder: folder, look: look, bundle: base.appendingPathComponent(icon),
            export: base.appendingPathComponent(path)))
      }
    }
    return pairs
  }

  /// The mean absolute difference of the colour channels where Apple's export is opaque (both
  /// composited over black), and a picture of the difference, four times as strong.
  static func compare(_ apple: RGBAImage, _ ours: RGBAImage) -> (Double, RGBAImage) {
    var total = 0
    var count = 0
    var picture = [UInt8](repeating: 0, count: apple.pixels.count)
    for index in stride(from: 0, to: apple.pixels.count, by: 4) where apple.pixels[index + 3] == 255
    {
      let alpha = Int(ours.pixels[index + 3])
      for channel in 0..<3 {
        let difference = abs(
          Int(apple.pixels[index + channel]) - (Int(ours.pixels[index + channel]) * alpha + 127)
            / 255)
        total += difference
        picture[index + channel] = UInt8(min(255, difference * 4))
      }
      picture[index + 3] = 255
      count += 3
    }
    return (
      count == 0 ? 0 : Double(total) / Double(count),
      RGBAImage(width: apple.width, height: apple.height, pixels: picture)!
    )
  }

  /// Rows of tiles on mid grey, 8 pixels apart.
  static func contactSheet(_ rows: [[RGBAImage]]) -> RGBAImage {
    let gap = 8
    let columns = rows.map(\.count).max() ?? 1
    let width = gap + columns * (side + gap)
    let height = gap + max(1, rows.count) * (side + gap)
    var pixels = [UInt8](repeating: 96, count: width * height * 4)
    for index in stride(from: 3, to: pixels.count, by: 4) { pixels[index] = 255 }
    for (row, tiles) in rows.enumerated() {
      for (column, tile) in tiles.enumerated() {
        let left = gap + column * (side + gap)
        let top = gap + row * (side + gap)
        for y in 0..<side {
          for x in 0..<side {
            let source = (y * side + x) * 4
            let target = ((top + y) * width + left + x) * 4
            let alpha = Int(tile.pixels[source + 3])
            for channel in 0..<3 {
              pixels[target + channel] = UInt8(
                (Int(tile.pixels[source + channel]) * alpha + 96 * (255 - alpha) + 127) / 255)
            }
          }
        }
      }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)!
  }
}

struct FidelityError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
