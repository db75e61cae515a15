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

  /// A simulator build for one iPhone (`flutter run`, a debug run) has a thinned car: the
  /// app's `thinnedFor` says which device; a car for every device is null; a project has none.
  @Test func aThinnedBuildSaysWhichDevice() throws {
    let scratch = try Scratch()
    func app(_ name: String, thinning: String) throws -> String {
      let app = scratch.file(name)
      try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
      try Data(IPACommandTests.plist.utf8).write(to: app.appendingPathComponent("Info.plist"))
      try Data(CarWriter.appIconCar(thinning: thinning).bytes())
        .write(to: app.appendingPathComponent("Assets.car"))
      return app.path
    }
    let thinned = try list(try app("Thin.app", thinning: CarWriter.iPhoneThinning), in: scratch)
    let device = try #require(
      (thinned["app"] as? [String: Any])?["thinnedFor"] as? [String: Any])
    #expect(device["device"] as? String == "iPhone")
    #expect(device["idiom"] as? String == "iphone")
    #expect(device["scale"] as? Int == 3)
    #expect(device["subtype"] as? Int == 2622)
    #expect(device["arguments"] as? String == CarWriter.iPhoneThinning)
    let whole = try list(try app("Whole.app", thinning: ""), in: scratch)
    #expect((whole["app"] as? [String: Any])?["thinnedFor"] is NSNull)
    let project = try list(paletteAppIconSetsFolder().path, in: scratch)
    #expect((project["app"] as? [String: Any])?.keys.contains("thinnedFor") == false)
  }

  @Test func aProjectsIconsHaveNone() throws {
    let scratch = try Scratch()
    let icons = try #require(
      try list(paletteAppIconSetsFolder().path, in: scratch)["icons"] as? [[String: Any]])
    #expect(!icons.isEmpty)
    #expect(icons.allSatisfy { $0["renditions"] == nil })
  }
}
