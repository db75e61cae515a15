import Foundation
import Glibc
import IconCatalog
import Testing

@testable import IconState

/// Runs `body` in a fresh folder that is removed afterwards, whatever happens.
func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
  var template = Array(
    (NSTemporaryDirectory() as NSString).appendingPathComponent("iconstate-XXXXXX").utf8CString)
  let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
  let path = String(cString: try #require(created))
  let folder = URL(fileURLWithPath: path, isDirectory: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  return try body(folder)
}

let paletteID = "dev.iconpick.Palette"

func icon(_ name: String, primary: Bool = false) -> AppIcon {
  AppIcon(
    name: name, assetName: name,
    displayName: primary ? "Default" : String(name.dropFirst("AppIcon-".count)),
    isPrimary: primary, renditions: [])
}

/// The demo app's shape: a primary and three alternates.
func palette(alternates: [String] = ["AppIcon-Blue", "AppIcon-Green", "AppIcon-Red"]) -> AppIcons {
  AppIcons(
    appName: "Palette", bundleIdentifier: paletteID, primary: icon("AppIcon", primary: true),
    alternates: alternates.map { icon($0) }, location: URL(fileURLWithPath: "/nonexistent/Palette"))
}

func bytes(_ path: String) throws -> [UInt8] {
  [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

func write(_ contents: [UInt8], to path: String) throws {
  try Data(contents).write(to: URL(fileURLWithPath: path))
}

/// Permission bits only, or nil when the path does not exist.
func permissions(_ path: String) -> mode_t? {
  var info = stat()
  guard stat(path, &info) == 0 else { return nil }
  return info.st_mode & 0o777
}

func exists(_ path: String) -> Bool {
  var info = stat()
  return lstat(path, &info) == 0
}

func listing(_ folder: URL) throws -> [String] {
  try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
}

func strerrorText(_ code: Int32) -> String {
  String(cString: strerror(code))
}

/// A store whose contents and failures the test controls, and which records every call.
final class FakeStore: ChoiceStore, @unchecked Sendable {
  private let lock = NSLock()
  private var _stored: StoredChoice
  private var _loads = 0
  private var _saves: [String?] = []
  let loadError: IconStateError?
  let saveError: IconStateError?
  let report: SaveReport

  init(
    stored: StoredChoice = .primary, loadError: IconStateError? = nil,
    saveError: IconStateError? = nil,
    report: SaveReport = SaveReport()
  ) {
    _stored = stored
    self.loadError = loadError
    self.saveError = saveError
    self.report = report
  }

  var loads: Int { lock.withLock { _loads } }
  var saves: [String?] { lock.withLock { _saves } }

  func load(bundleIdentifier: String) throws(IconStateError) -> StoredChoice {
    let result: StoredChoice = lock.withLock {
      _loads += 1
      return _stored
    }
    if let loadError { throw loadError }
    return result
  }

  func save(alternateIconName: String?, bundleIdentifier: String) throws(IconStateError)
    -> SaveReport
  {
    if let saveError { throw saveError }
    lock.withLock {
      _saves.append(alternateIconName)
      _stored = alternateIconName.map(StoredChoice.alternate) ?? .primary
    }
    return report
  }
}

/// Collects results from many threads at once.
final class Collected<Element>: @unchecked Sendable {
  private let lock = NSLock()
  private var _items: [Element] = []
  func append(_ item: Element) { lock.withLock { _items.append(item) } }
  var items: [Element] { lock.withLock { _items } }
}
