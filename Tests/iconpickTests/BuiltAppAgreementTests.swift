import Foundation
import Testing

/// Issue 18: `list`, `set` and `check` read one model of the built app, so they agree on where an
/// icon works and on which images are an icon's. (The picker's "iPhone only" is in
/// PickerScreenTests, from the same model.)
@Suite struct BuiltAppAgreementTests {
  private func run(_ arguments: [String], state: Scratch) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    try runProcess(
      iconpickBinary().path, arguments + ["--state-dir", state.file("state").path],
      environment: ["LANG": "C.UTF-8", "HOME": state.url.path])
  }

  private func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// The PNG Palette of the fixtures, its alternates written by hand in `CFBundleIcons` only, its
  /// primary compiled from the setting, and the app made universal.
  private func universalWithHandWrittenAlternates() throws -> Scratch {
    let project = try Scratch()
    let palette = paletteAppIconSetsFolder()
    try FileManager.default.copyItem(
      at: palette.appendingPathComponent("Assets.xcassets"), to: project.file("Assets.xcassets"))
    try """
    PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.Agreement
    INFOPLIST_FILE = Info.plist
    ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon
    TARGETED_DEVICE_FAMILY = 1,2

    """.write(to: project.file("App.xcconfig"), atomically: true, encoding: .utf8)
    let alternates = ["AppIcon-Blue", "AppIcon-Green"].reduce(into: [String: Any]()) {
      $0[$1] = ["CFBundleIconName": $1]
    }
    let plist: [String: Any] = [
      "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)", "CFBundleDisplayName": "Agreement",
      "CFBundleIcons": ["CFBundleAlternateIcons": alternates],
    ]
    try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
      .write(to: project.file("Info.plist"))
    return project
  }

  @Test("an alternate missing from the built CFBundleIcons~ipad: list, set and check agree")
  func iPadAvailability() throws {
    let project = try universalWithHandWrittenAlternates()
    let list = try run(["list", project.url.path, "--json"], state: project)
    #expect(list.status == 0, "\(list.stderr)")
    let icons = try #require(try json(list.stdout)["icons"] as? [[String: Any]])
    var idioms: [String: [String]] = [:]
    for icon in icons { idioms[icon["name"] as? String ?? ""] = icon["idioms"] as? [String] }
    #expect(idioms["AppIcon"] == ["iphone", "ipad"])
    #expect(idioms["AppIcon-Blue"] == ["iphone"])
    #expect(idioms["AppIcon-Green"] == ["iphone"])

    // The table marks the same icons, as the picker does: "(iPhone only)", the primary not.
    let table = try run(["list", project.url.path], state: project)
    let marked = table.stdout.split(separator: "\n").filter { $0.contains("(iPhone only)") }
    #expect(marked.count == 2, "\(table.stdout)")
    #expect(marked.allSatisfy { $0.contains("AppIcon-Blue") || $0.contains("AppIcon-Green") })

    let check = try run(["check", project.url.path, "--json"], state: project)
    let diagnostics = try #require(try json(check.stdout)["diagnostics"] as? [[String: Any]])
    let onIPad = diagnostics.filter { $0["id"] as? String == "missing-ipad-declaration" }
    let named = idioms.filter { !$0.value.contains("ipad") }.keys.sorted()
    #expect(named == ["AppIcon-Blue", "AppIcon-Green"])
    #expect(onIPad.count == named.count)
    for name in named {
      #expect(onIPad.contains { ($0["message"] as? String)?.contains("\"\(name)\"") == true })
    }
    #expect(check.status == 1)

    let set = try run(["set", "AppIcon-Blue", project.url.path], state: project)
    #expect(set.status == 0, "\(set.stderr)")
    #expect(set.stderr.contains("iPad will refuse it"))
    let reset = try run(["reset", project.url.path], state: project)
    #expect(!reset.stderr.contains("iPad"))
  }

  @Test("a .icon and an .appiconset of one name: list, show and check all take the .icon")
  func iconComposerOverSet() throws {
    let project = try Scratch()
    try FileManager.default.copyItem(at: paletteFolder(), to: project.file("Palette"))
    try FileManager.default.copyItem(
      at: paletteAppIconSetsFolder().appendingPathComponent("Assets.xcassets"),
      to: project.file("Palette/Assets.xcassets"))
    let app = project.file("Palette").path

    let list = try run(["list", app, "--json"], state: project)
    #expect(list.status == 0, "\(list.stderr)")
    let icons = try #require(try json(list.stdout)["icons"] as? [[String: Any]])
    let primaryFiles = try #require(icons.first?["files"] as? [String])
    #expect(primaryFiles.map { URL(fileURLWithPath: $0).lastPathComponent } == ["AppIcon.icon"])

    // The preview drawn is the .icon's: the same PNG as the app without the set.
    let withSet = project.file("with-set.png").path
    let without = project.file("without.png").path
    #expect(
      try run(["show", "AppIcon", app, "--output", withSet, "--pixels", "64"], state: project)
        .status == 0)
    #expect(
      try run(
        ["show", "AppIcon", paletteFolder().path, "--output", without, "--pixels", "64"],
        state: project
      ).status == 0)
    #expect(
      FileManager.default.contents(atPath: withSet) == FileManager.default.contents(atPath: without)
    )

    let check = try run(["check", app, "--json"], state: project)
    let diagnostics = try #require(try json(check.stdout)["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.contains { $0["id"] as? String == "icon-and-appiconset-same-name" })
    // The set's PNGs are not the primary's, so nothing about them is judged as the primary's.
    #expect(
      !diagnostics.contains {
        $0["id"] as? String != "icon-and-appiconset-same-name"
          && ($0["file"] as? String)?.contains("AppIcon.appiconset") == true
      })
  }
}
