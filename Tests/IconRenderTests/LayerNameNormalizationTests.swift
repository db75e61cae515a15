import Foundation
import IconCatalog
import Testing

@testable import IconRender

/// Issue 36, part 5: a layer's `image-name` in NFD (`e` + U+0301) finds its file named in NFC
/// (`é`), as actool finds it on a Mac, whose APFS ignores Unicode normalization.
@Suite struct LayerNameNormalizationTests {
  typealias F = IconBundleFixture

  @Test func aLayerNamedInNFDIsDrawnFromItsNFCFile() throws {
    let nfc = "Caf\u{E9}.png"
    let nfd = "Cafe\u{301}.png"
    let icon = try F(F.json(fill: F.solid(0, 0, 1), groups: [F.group([F.layer(nfd)])]))
    try icon.write(asset: nfc, try F.png(width: 64, height: 64, (255, 0, 0, 255)))
    let resolved = try IconBundleFiles.resolve(nfd, in: icon.bundle)
    #expect(resolved.utf8.elementsEqual(resolved.precomposedStringWithCanonicalMapping.utf8))
    #expect(resolved.hasSuffix("/Assets/" + nfc))
    #expect(try icon.render(pixels: 32).hasRed)
    // Still only inside the bundle: a name that is no plain file name is refused as before.
    #expect(throws: IconRenderError.self) {
      try IconBundleFiles.resolve("../\(nfd)", in: icon.bundle)
    }
  }
}
