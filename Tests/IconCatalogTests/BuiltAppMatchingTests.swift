import Foundation
import Testing

@testable import IconCatalog

/// `check --against` on a project of several app targets: the target the built app was built
/// from is the one with its bundle identifier, else its product name.
@Suite struct BuiltAppMatchingTests {
  static let sketch = ProjectSketch(targets: [
    .init(name: "Lantern"),
    .init(name: "LanternLite", settings: ["PRODUCT_NAME": "Lantern Lite"]),
    .init(name: "LanternTV", settings: ["SDKROOT": "appletvos"]),
  ])

  /// A built app as far as matching looks at it.
  static func built(identifier: String?, product: String) -> AppIcons {
    var app = AppIcons(
      appName: product, bundleIdentifier: identifier,
      primary: AppIcon(
        name: "AppIcon", assetName: "AppIcon", displayName: "Default", isPrimary: true,
        renditions: []),
      alternates: [], location: URL(fileURLWithPath: "/tmp/\(product).app"))
    app.isBuiltArtifact = true
    app.productName = product
    return app
  }

  @Test func theBundleIdentifierChoosesElseTheProductName() throws {
    let fixture = try Fixture()
    try Self.sketch.write(to: fixture)
    let targets = try AppIconReader.appTargets(at: fixture.root, configuration: nil)
    #expect(targets == ["Lantern", "LanternLite", "LanternTV"])
    func match(_ identifier: String?, _ product: String) -> AppIconReader.TargetMatch? {
      AppIconReader.target(
        building: Self.built(identifier: identifier, product: product), among: targets,
        at: fixture.root, configuration: nil)
    }
    #expect(match("dev.example.LanternTV", "Anything") == .bundleIdentifier(target: "LanternTV"))
    // PRODUCT_NAME, not the target's name, names the bundle.
    #expect(match("com.elsewhere.app", "Lantern Lite") == .productName(target: "LanternLite"))
    #expect(match(nil, "Lantern") == .productName(target: "Lantern"))
    #expect(match("com.elsewhere.app", "LanternLite") == nil)
  }

  @Test func aProjectsProductNameIsItsBuiltBundlesName() throws {
    let fixture = try Fixture()
    try Self.sketch.write(to: fixture)
    let lite = try AppIconReader.read(at: fixture.root, target: "LanternLite", configuration: nil)
    #expect(lite.productName == "Lantern Lite")
    let lantern = try AppIconReader.read(at: fixture.root, target: "Lantern", configuration: nil)
    #expect(lantern.productName == "Lantern")
  }
}
