import Foundation
import Testing

/// `list --json`'s `idioms`: where the built app offers each icon, from `CFBundleIcons`,
/// `CFBundleIcons~ipad` and `~ipad` files (issue 12, point 5).
@Suite struct ListIdiomsTests {
  private func idioms(plist: [String: Any], files: [String] = []) throws -> [String: [String]] {
    let scratch = try Scratch()
    let app = scratch.file("App")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    var root = plist
    root["CFBundleIdentifier"] = "dev.example.Idioms"
    try PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0)
      .write(to: app.appendingPathComponent("Info.plist"))
    for file in files {
      try Data([0x89, 0x50, 0x4E, 0x47]).write(to: app.appendingPathComponent(file))
    }
    let result = try runProcess(
      iconpickBinary().path, ["list", app.path, "--json", "--state-dir", scratch.file("s").path],
      environment: ["LANG": "C.UTF-8", "HOME": scratch.url.path])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let icons = try #require(object["icons"] as? [[String: Any]])
    var found: [String: [String]] = [:]
    for icon in icons {
      found[icon["name"] as? String ?? ""] = icon["idioms"] as? [String]
    }
    return found
  }

  @Test func eachDictionarySaysWhereItsNamesWork() throws {
    let found = try idioms(plist: [
      "CFBundleIcons": [
        "CFBundlePrimaryIcon": ["CFBundleIconFiles": ["Main"]],
        "CFBundleAlternateIcons": ["Both": ["CFBundleIconFiles": ["Both"]]],
      ],
      "CFBundleIcons~ipad": [
        "CFBundlePrimaryIcon": ["CFBundleIconFiles": ["Main"]],
        "CFBundleAlternateIcons": [
          "Both": ["CFBundleIconFiles": ["Both"]], "Tablet": ["CFBundleIconFiles": ["Tablet"]],
        ],
      ],
    ])
    #expect(found["Both"] == ["iphone", "ipad"])
    #expect(found["Tablet"] == ["ipad"])
  }

  /// iOS looks the name up in the dictionary; a `~ipad` file does not make iPad accept a name its
  /// dictionary lacks (here there is no `CFBundleIcons` for iPad to fall back on).
  @Test func anIPadFileDoesNotAddIPad() throws {
    let plist: [String: Any] = [
      "CFBundleIcons~iphone": [
        "CFBundleAlternateIcons": ["Dark": ["CFBundleIconFiles": ["Dark"]]]
      ]
    ]
    #expect(try idioms(plist: plist, files: ["Dark@2x.png"])["Dark"] == ["iphone"])
    #expect(
      try idioms(plist: plist, files: ["Dark@2x.png", "Dark@2x~ipad.png"])["Dark"] == ["iphone"])
  }
}
