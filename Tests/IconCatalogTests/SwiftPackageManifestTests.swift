import Foundation
import Testing

@testable import IconCatalog

/// The code an app compiles from a local package it links: the targets its products need, read
/// from `Package.swift`'s tokens, never by running it.
@Suite struct SwiftPackageManifestTests {
  /// A manifest written as isowords writes its own: products and targets appended under an
  /// `if`, dependencies by name, by `.target(name:)`, and other packages' products.
  static let manifest = """
    // swift-tools-version:5.9
    import Foundation
    import PackageDescription

    var package = Package(
      name: "app",
      platforms: [.iOS(.v16)],
      products: [
        .library(name: "Core", targets: ["Core"]),
      ],
      dependencies: [
        .package(url: "https://github.com/pointfreeco/swift-composable-architecture", from: "1.0.0"),
      ],
      targets: [
        .target(name: "Core", dependencies: ["Models"]),
        .target(name: "Models"),
      ]
    )

    if ProcessInfo.processInfo.environment["TEST_SERVER"] == nil {
      package.products.append(contentsOf: [
        .library(name: "SettingsFeature", targets: ["SettingsFeature"]),
        .library(name: "Preview", targets: ["Preview"]),
      ])
      package.targets.append(contentsOf: [
        .target(
          name: "SettingsFeature",
          dependencies: [
            .target(name: "Core"),
            "UserSettings",
            .product(name: "ComposableArchitecture", package: "swift-composable-architecture"),
          ],
          resources: [.process("Resources/")]
        ),
        .target(name: "UserSettings", path: "Clients/UserSettings"),
        .target(
          name: "Preview",
          dependencies: [.byName(name: "Core", condition: .when(platforms: [.iOS]))]
        ),
        .testTarget(name: "SettingsFeatureTests", dependencies: ["SettingsFeature"]),
      ])
    }
    """

  func read() throws -> SwiftPackageManifest {
    SwiftPackageManifest.parse(CodeLexer.tokens(of: Array(Self.manifest.utf8), language: .swift))
  }

  @Test func productsAndTargetsAreReadWhereverTheyAreWritten() throws {
    let manifest = try read()
    #expect(manifest.products["Core"] == ["Core"])
    #expect(manifest.products["SettingsFeature"] == ["SettingsFeature"])
    #expect(manifest.modules["SettingsFeature"]?.dependencies == ["Core", "UserSettings"])
    #expect(manifest.modules["UserSettings"]?.path == "Clients/UserSettings")
    #expect(manifest.modules["Preview"]?.dependencies == ["Core"])
    // A test target is no code of the app.
    #expect(manifest.modules["SettingsFeatureTests"] == nil)
  }

  @Test func aProductsFoldersAreItsTargetsAndWhatTheyDependOn() throws {
    let manifest = try read()
    let package = URL(fileURLWithPath: "/p")
    let settings = try #require(manifest.sourceFolders(linking: ["SettingsFeature"], in: package))
    #expect(
      settings.map(\.path) == [
        "/p/Clients/UserSettings", "/p/Sources/Core", "/p/Sources/Models",
        "/p/Sources/SettingsFeature",
      ])
    let preview = try #require(manifest.sourceFolders(linking: ["Preview"], in: package))
    #expect(preview.map(\.path) == ["/p/Sources/Core", "/p/Sources/Models", "/p/Sources/Preview"])
    // A product the manifest does not name: the caller reads the whole package.
    #expect(manifest.sourceFolders(linking: ["Unknown"], in: package) == nil)
  }

  /// On disk: an app that links only `Preview` does not compile SettingsFeature's call; one whose
  /// manifest names no product it can read has its whole `Sources/` read.
  @Test func theFoldersOfALinkedPackageOnDisk() throws {
    let fixture = try Fixture()
    try fixture.write("Package.swift", Self.manifest)
    for file in [
      "Sources/Core/Core.swift", "Sources/Models/Model.swift",
      "Sources/SettingsFeature/Settings.swift", "Sources/Preview/Preview.swift",
      "Clients/UserSettings/AppIcon.swift",
    ] {
      try fixture.write(file, "\n")
    }
    let root = fixture.root.standardizedFileURL
    func relative(_ folders: [URL]) -> [String] {
      folders.map { $0.path.replacingOccurrences(of: root.path + "/", with: "") }
    }
    #expect(
      relative(CodeFiles.packageFolders(root, linking: ["Preview", "ComposableArchitecture"]))
        == ["Sources/Core", "Sources/Models", "Sources/Preview"])
    #expect(relative(CodeFiles.packageFolders(root, linking: ["Elsewhere"])).isEmpty)
    try fixture.write(
      "Package.swift",
      "let package = Package(name: \"x\", products: names.map { .library(name: $0, targets: [$0]) })\n"
    )
    #expect(relative(CodeFiles.packageFolders(root, linking: ["Preview"])) == ["Sources"])
  }
}
