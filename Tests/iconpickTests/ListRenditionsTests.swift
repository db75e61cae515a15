import Foundation
import Testing

/// `list --json` gives a built app's icons their renditions; a project's JSON has none.
@Suite struct ListRenditionsTests {
  func list(_ path: String, in scratch: Scratch) throws -> [String: Any] {
    let result = try runProcess(
      iconpickBinary().path, ["list", "--json", path, "--state-dir", scratch.file("state").path],
      environment: ["LANG": "C.UTF-8", "HOME": scratch.url.path])
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  @Test func anIpasIconsHaveTheirLooseFilesAsRenditions() throws {
    let scratch = try Scratch()
    let ipa = scratch.file("Seed.ipa")
    try Data(
      IPACommandTests.zip([
        ("Payload/Seed.app/Info.plist", Array(IPACommandTests.plist.utf8)),
        ("Payload/Seed.app/AppIcon60x60@2x.png", try IPACheckTests.png(120, in: scratch)),
      ])
    ).write(to: ipa)
    let icons = try #require(try list(ipa.path, in: scratch)["icons"] as? [[String: Any]])
    let renditions = try #require(icons.first?["renditions"] as? [[String: Any]])
    #expect(renditions.count == 1)
    let loose = try #require(renditions.first)
    #expect(loose["source"] as? String == ipa.path + "/Payload/Seed.app/AppIcon60x60@2x.png")
    #expect(loose["idiom"] as? String == "iphone")
    #expect(loose["size"] as? Double == 60)
    #expect(loose["scale"] as? Int == 2)
    #expect(loose["appearance"] as? String == "any")
    #expect(loose["pixels"] as? Int == 120)
  }

  @Test func aProjectsIconsHaveNone() throws {
    let scratch = try Scratch()
    let icons = try #require(
      try list(paletteAppIconSetsFolder().path, in: scratch)["icons"] as? [[String: Any]])
    #expect(!icons.isEmpty)
    #expect(icons.allSatisfy { $0["renditions"] == nil })
  }
}
