import Foundation
import IconCatalog
import Testing

@testable import PickerScreen

/// Issue 18: the picker marks an icon that iPad will refuse, from the same model `list --json`'s
/// idioms and `check`'s missing-ipad-declaration read.
@Suite struct IPadAvailabilityMarkTests {
  /// A universal app whose primary is compiled and whose alternates are written in
  /// `CFBundleIcons` only: the built `CFBundleIcons~ipad` lacks them.
  private func readApp() throws -> AppIcons {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("ipad-mark-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: root) }
    for name in ["AppIcon", "Blue", "Green"] {
      let set = root.appendingPathComponent("Assets.xcassets/\(name).appiconset")
      try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
      try Data(#"{"images":[{"idiom":"universal","platform":"ios","size":"1024x1024"}]}"#.utf8)
        .write(to: set.appendingPathComponent("Contents.json"))
    }
    try Data(
      "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon\nTARGETED_DEVICE_FAMILY = 1,2\n".utf8
    ).write(to: root.appendingPathComponent("App.xcconfig"))
    let plist: [String: Any] = [
      "CFBundleIdentifier": "dev.example.Mark",
      "CFBundleIcons": [
        "CFBundleAlternateIcons": ["Blue": ["CFBundleIconName": "Blue"]]
      ],
      "CFBundleIcons~ipad": [
        "CFBundleAlternateIcons": ["Green": ["CFBundleIconName": "Green"]]
      ],
    ]
    try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
      .write(to: root.appendingPathComponent("Info.plist"))
    return try AppIconReader.read(at: root)
  }

  @Test("an alternate missing from the built CFBundleIcons~ipad is marked iPhone only, dim")
  func iPhoneOnlyIsMarked() throws {
    let app = try readApp()
    let model = PickerModel(app: app, activeName: nil, size: roomy)
    let iPhoneOnly = model.items.filter { $0.availability == "iPhone only" }.map(\.name)
    // Exactly the icons the model says iPad refuses.
    #expect(iPhoneOnly == app.allIcons.filter { app.isMissingOnIPad($0) }.map(\.name))
    #expect(iPhoneOnly == ["Blue"])
    #expect(model.items.first { $0.name == "Green" }?.availability == "iPad only")
    #expect(model.items.first?.availability == nil)
    let frame = PickerLayout.render(model, size: roomy)
    let row = try #require(frame.row(containing: "Blue"))
    #expect(frame.text(row: row + 1).contains("iPhone only"))
    let green = try #require(frame.row(containing: "Green"))
    #expect(frame.text(row: green + 1).contains("iPad only"))
  }
}
