import Foundation
import IconCatalog
import Testing

@testable import IconRender

/// A tool more than a test: with ICONPICK_CONTACT_SHEET=OUT.png (and ICONPICK_CORPUS=FOLDER,
/// default ../shared/corpus) it draws every `.icon` bundle under the folder in light, dark and
/// tinted, four to a row, each as three tiles, to OUT.png, for a person to look at. Skipped otherwise.
@Suite struct ContactSheetTests {
  static let output = ProcessInfo.processInfo.environment["ICONPICK_CONTACT_SHEET"]

  @Test(.enabled(if: output != nil)) func drawTheCorpus() throws {
    let corpus = URL(
      fileURLWithPath: ProcessInfo.processInfo.environment["ICONPICK_CORPUS"]
        ?? PNGFixtures.repositoryRoot.appendingPathComponent("../shared/corpus").path)
    var bundles: [URL] = []
    let walker = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil)
    while let url = walker?.nextObject() as? URL {
      if url.pathExtension == "icon" {
        bundles.append(url)
        walker?.skipDescendants()
      }
    }
    bundles.sort { $0.path < $1.path }
    let tile = Int(ProcessInfo.processInfo.environment["ICONPICK_CONTACT_TILE"] ?? "") ?? 160
    let gap = 8
    let appearances = IconAppearance.allCases
    // Four bundles a row, each as its light, dark and tinted tiles side by side.
    let perRow = min(4, max(1, bundles.count))
    let width = perRow * appearances.count * (tile + gap) + gap
    let height = (bundles.count + perRow - 1) / perRow * (tile + gap) + gap
    // A mid grey sheet, so white and black icons both show their edges.
    var sheet = Array([[UInt8]](repeating: [128, 128, 128, 255], count: width * height).joined())
    for (index, bundle) in bundles.enumerated() {
      let row = index / perRow
      for (offset, appearance) in appearances.enumerated() {
        let column = index % perRow * appearances.count + offset
        do {
          let image = try IconComposerRenderer.render(
            bundle: bundle, appearance: appearance, pixels: tile)
          for y in 0..<tile {
            for x in 0..<tile {
              let from = (y * tile + x) * 4
              let to =
                ((gap + row * (tile + gap) + y) * width + gap + column * (tile + gap) + x) * 4
              let alpha = Int(image.pixels[from + 3])
              for channel in 0..<3 {
                sheet[to + channel] = UInt8(
                  (Int(image.pixels[from + channel]) * alpha + 128 * (255 - alpha) + 127) / 255)
              }
            }
          }
        } catch {
          print("contact sheet: \(bundle.lastPathComponent) \(appearance): \(error)")
        }
      }
      print("contact sheet row \(row), bundle \(index % perRow): \(bundle.path)")
    }
    let output = try #require(Self.output)
    try PNGWriter.write(
      RGBAImage(width: width, height: height, pixels: sheet)!, to: URL(fileURLWithPath: output))
  }
}
