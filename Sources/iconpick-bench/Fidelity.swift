import FoundationEssentials
import IconCatalog
import IconRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
      StandardErrorStream.write("fidelity: \(error)\n")
      return 1
    }
    // The leave-out halves: folders sorted by name, every other one in half A (IconComposerRules).
    let folders = Array(Set(pairs.map(\.folder))).sorted()
    let inHalfA = Set(folders.enumerated().filter { $0.offset % 2 == 0 }.map(\.element))
    var rows: [Row] = []
    var tiles: [[RGBAImage]] = []
    var undrawn: [String] = []
    func padded(_ text: String, _ width: Int) -> String {
      text + String(repeating: " ", count: max(0, width - text.count))
    }
    print("| \(padded("icon", 33)) | half | \(padded("look", 11)) |  error | held out |")
    print(
      "| \(String(repeating: "-", count: 33)) | ---- | \(String(repeating: "-", count: 11)) "
        + "| -----: | -------: |")
    for pair in pairs {
      let halfA = inHalfA.contains(pair.folder)
      do {
        let apple = Downscale.resize(try exportInSRGB(pair.export), width: side, height: side)
        let document = try IconComposerRenderer.document(of: pair.bundle)
        let drawing = try IconComposerRenderer.draw(
          document, bundle: pair.bundle, look: pair.look, pixels: 1024)
        let ours = Downscale.resize(drawing.image, width: side, height: side)
        // The same pair drawn with the rules fitted on the other half only.
        let heldOut = Downscale.resize(
          try IconComposerRenderer.render(
            document, bundle: pair.bundle, look: pair.look, pixels: 1024,
            rules: halfA ? .halfB : .halfA), width: side, height: side)
        let (error, difference) = compare(apple, ours)
        let (heldOutError, _) = compare(apple, heldOut)
        let fonts = drawing.missingFonts
        rows.append(Row(pair: pair, error: error, heldOut: heldOutError, missingFonts: fonts))
        tiles.append([apple, ours, difference])
        print(
          "| \(padded(pair.folder, 33)) | \(halfA ? "A" : "B")    | "
            + "\(padded(pair.look.exportName, 11)) | " + String(printf: "%6.1f", error) + " | "
            + String(printf: "%8.1f", heldOutError) + " |"
            + (fonts.isEmpty ? "" : " font missing: \(fonts.joined(separator: ", "))"))
      } catch {
        // One pair iconpick cannot draw is a row of the table, not the end of the run.
        undrawn.append("\(pair.folder) \(pair.look.exportName): \(error)")
        print(
          "| \(padded(pair.folder, 33)) | \(halfA ? "A" : "B")    | "
            + "\(padded(pair.look.exportName, 11)) | not drawn |")
      }
    }
    print("")
    print("| look        | exports | median | worst | held out: median | worst |")
    print("| ----------- | ------: | -----: | ----: | ---------------: | ----: |")
    for look in IconComposerLook.allCases {
      let these = rows.filter { $0.pair.look == look }
      guard !these.isEmpty else { continue }
      print(
        "| \(padded(look.exportName, 11)) | \(String(printf: "%7d", these.count)) | "
          + String(printf: "%6.1f", median(these.map(\.error))) + " | "
          + String(printf: "%5.1f", these.map(\.error).max() ?? 0) + " | "
          + String(printf: "%16.1f", median(these.map(\.heldOut))) + " | "
          + String(printf: "%5.1f", these.map(\.heldOut).max() ?? 0) + " |")
    }
    // The font case is stated, not counted in the worst: its glyph cannot be drawn here.
    let counted = rows.filter { $0.missingFonts.isEmpty }
    let allMedian = median(rows.map(\.error))
    let worst = counted.map(\.error).max() ?? 0
    let heldOutMedian = median(rows.map(\.heldOut))
    let heldOutMean = rows.isEmpty ? 0 : rows.map(\.heldOut).reduce(0, +) / Double(rows.count)
    let mean = rows.isEmpty ? 0 : rows.map(\.error).reduce(0, +) / Double(rows.count)
    let ratio = allMedian > 0 ? heldOutMedian / allMedian : 1
    func verdict(_ ok: Bool) -> String { ok ? "met" : "MISSED" }
    print("")
    print(
      String(printf: "Every export: median %.1f (target ≤ 5: ", allMedian) + verdict(allMedian <= 5)
        + String(printf: "), worst %.1f (target ≤ 15: ", worst) + verdict(worst <= 15) + ")")
    for row in rows where !row.missingFonts.isEmpty {
      print(
        "  not counted in the worst: \(row.pair.folder) \(row.pair.look.exportName) "
          + String(printf: "%.1f", row.error)
          + " (font not installed: \(row.missingFonts.joined(separator: ", ")))")
    }
    print(
      String(
        printf:
          "Leave-out (each half drawn with the rules fitted on the other): median %.1f, mean %.1f; "
          + "in-sample median %.1f, mean %.1f; ratio %.2f (target ≤ 1.5: ",
        heldOutMedian, heldOutMean, allMedian, mean, ratio) + verdict(ratio <= 1.5) + ")")
    let sheet = contactSheet(tiles)
    do {
      try PNGWriter.write(sheet, to: URL(fileURLWithPath: sheetFile))
      print("contact sheet (rows in table order: Apple, iconpick, difference × 4): \(sheetFile)")
    } catch {
      StandardErrorStream.write("fidelity: \(error)\n")
      return 1
    }
    if !undrawn.isEmpty {
      print("\(undrawn.count) looks not drawn (each a missed target):")
      for reason in undrawn { print("  \(reason)") }
    }
    return allMedian <= 5 && worst <= 15 && ratio <= 1.5 && undrawn.isEmpty ? 0 : 1
  }

  struct Row {
    var pair: Pair
    var error: Double
    var heldOut: Double
    var missingFonts: [String]
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1
      ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
  }

  /// Apple's export as sRGB: Icon Composer writes its Default (and some other) exports in
  /// Display P3 (a `cICP` chunk with primaries 12, or an `iCCP` profile named …DisplayP3); those
  /// are converted, in linear light, clipped to sRGB, as a screen in sRGB shows them.
  static func exportInSRGB(_ file: URL) throws -> RGBAImage {
    let image = try PNGDecoder.decode(file: file)
    guard isDisplayP3(file) else { return image }
    // Display P3 → sRGB, both D65 (the standard primaries' matrices).
    let m: [Double] = [
      1.2247453, -0.2249044, 0, -0.0420580, 1.0420809, 0, -0.0196423, -0.0786549, 1.0985372,
    ]
    let linear = (0..<256).map { IconColor.linear(Double($0) / 255) }
    var pixels = image.pixels
    for index in stride(from: 0, to: pixels.count, by: 4) {
      let r = linear[Int(pixels[index])]
      let g = linear[Int(pixels[index + 1])]
      let b = linear[Int(pixels[index + 2])]
      for row in 0..<3 {
        let value = m[row * 3] * r + m[row * 3 + 1] * g + m[row * 3 + 2] * b
        pixels[index + row] = UInt8(
          (IconColor.encoded(min(max(value, 0), 1)) * 255).rounded())
      }
    }
    return RGBAImage(width: image.width, height: image.height, pixels: pixels)!
  }

  /// True when the PNG says its colours are Display P3 (chunks before the image data).
  static func isDisplayP3(_ file: URL) -> Bool {
    guard let data = FileManager.default.contents(atPath: file.path), data.count > 8 else {
      return false
    }
    let bytes = [UInt8](data.prefix(1 << 20))
    var offset = 8
    while offset + 12 <= bytes.count {
      let length =
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
        | Int(bytes[offset + 3])
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      let body = offset + 8
      if type == "IDAT" { return false }
      if type == "cICP", body < bytes.count { return bytes[body] == 12 }
      if type == "iCCP" {
        let name = String(decoding: bytes[body..<min(body + 80, bytes.count)], as: UTF8.self)
        if name.contains("P3") { return true }
      }
      offset = body + length + 4
    }
    return false
  }

  static func readPairs(_ root: URL) throws -> [Pair] {
    let list = root.appendingPathComponent("pairs.json")
    guard let data = FileManager.default.contents(atPath: list.path),
      let entries = try JSONTree.object(from: data) as? [[String: Any]]
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
