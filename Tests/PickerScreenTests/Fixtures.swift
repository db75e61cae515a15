import Foundation
import IconCatalog

@testable import PickerScreen

/// A Palette-like app built in memory: the primary plus alternates in declared (unsorted) order.
func makeApp(name: String = "Palette", alternates: [String] = paletteAlternates) -> AppIcons {
  func icon(_ iconName: String, primary: Bool) -> AppIcon {
    AppIcon(
      name: iconName, assetName: iconName,
      displayName: IconDisplayName.friendly(
        for: iconName, primaryName: "AppIcon", isPrimary: primary),
      isPrimary: primary, renditions: [])
  }
  return AppIcons(
    appName: name, bundleIdentifier: "dev.iconpick.test", primary: icon("AppIcon", primary: true),
    alternates: alternates.map { icon($0, primary: false) }, location: URL(fileURLWithPath: "/tmp"))
}

let paletteAlternates = [
  "AppIcon-Green", "AppIcon-Blue", "AppIcon-Orange", "AppIcon-Pink", "AppIcon-Purple",
  "AppIcon-Teal",
  "AppIcon-Yellow",
]

let roomy = TerminalSize(columns: 100, rows: 30)

/// A terminal that replays keys and remembers every frame.
final class ScriptedTerminal: PickerTerminal {
  var size: TerminalSize
  var keys: [PickerKey]
  var frames: [Frame] = []

  init(size: TerminalSize, keys: [PickerKey]) {
    self.size = size
    self.keys = keys
  }

  func draw(_ frame: Frame) { frames.append(frame) }

  func nextKey(timeoutMilliseconds: Int) -> PickerKey? {
    guard !keys.isEmpty else { return .character("\u{03}") }
    let key = keys.removeFirst()
    if case .resize(let newSize) = key { size = newSize }
    return key
  }
}

extension Frame {
  /// The row whose text contains `needle`, if any.
  func row(containing needle: String) -> Int? {
    lines.firstIndex { $0.contains(needle) }
  }
}
