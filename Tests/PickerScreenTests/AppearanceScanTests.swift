import Foundation
import IconCatalog
import IconRender
import Testing

@testable import PickerScreen

/// An app read without its images starts with Any alone; the background reading of every icon's
/// images then says which appearances exist.
@Suite("Appearances found after the first frame")
struct AppearanceScanTests {
  @Test func foundAppearancesEnableTheKeyAndTheTitle() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    #expect(model.appearances == [.any])
    #expect(model.action(for: .character("a"), size: roomy) == nil)
    #expect(!model.title.contains("Any"))

    model.apply(.appearancesFound([.tinted, .any, .dark]))
    #expect(model.appearances == [.any, .dark, .tinted])
    #expect(model.action(for: .character("a"), size: roomy) == .cycleAppearance)
    #expect(model.title.hasSuffix("Any"))
    model.apply(.cycleAppearance)
    #expect(model.appearance == .dark)
  }

  @Test func onlyTintedIsOfferedAfterAny() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    model.apply(.appearancesFound([.tinted]))
    #expect(model.appearances == [.any, .tinted])
  }

  @Test func anAppearanceNoLongerPresentFallsBackToAny() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    model.apply(.appearancesFound([.dark]))
    model.apply(.cycleAppearance)
    #expect(model.appearance == .dark)
    model.apply(.appearancesFound([]))
    #expect(model.appearances == [.any])
    #expect(model.appearance == .any)
  }

  @Test func theFindingArrivesEvenWhileTheAlertIsUp() {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    model.apply(.iconChanged(alternateIconName: "AppIcon-Blue", notices: []))
    #expect(model.alert != nil)
    model.apply(.appearancesFound([.dark]))
    #expect(model.appearances == [.any, .dark])
    #expect(model.alert != nil)
  }
}

/// Keys from a script; `nil` is a pause of the timeout asked for (at most 2 ms); then `q`.
private final class PausingTerminal: PickerTerminal {
  var size = roomy
  var script: [PickerKey?]
  var frames: [Frame] = []

  init(script: [PickerKey?]) { self.script = script }

  func draw(_ frame: Frame) { frames.append(frame) }

  func nextKey(timeoutMilliseconds: Int) -> PickerKey? {
    guard !script.isEmpty else { return .character("q") }
    if let key = script.removeFirst() { return key }
    Thread.sleep(forTimeInterval: Double(min(timeoutMilliseconds, 2)) / 1000)
    return nil
  }
}

/// Counts finished previews and when the search ran, from any thread.
private final class Log: @unchecked Sendable {
  private let lock = NSLock()
  private var previews = 0
  private var searches: [Int] = []

  func previewDone() {
    lock.lock()
    previews += 1
    lock.unlock()
  }

  func searched() {
    lock.lock()
    searches.append(previews)
    lock.unlock()
  }

  /// For each search, how many previews were done when it started.
  var previewsAtEachSearch: [Int] {
    lock.lock()
    defer { lock.unlock() }
    return searches
  }
}

@Suite("The appearance search in a session")
struct AppearanceSearchSessionTests {
  @Test func itRunsOnceAfterTheFirstScreensPreviewsAndItsFindingReachesTheTitle() throws {
    let log = Log()
    let model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    let firstScreen = PickerLayout.thumbnailKeys(model, size: roomy).count
    let terminal = PausingTerminal(script: Array(repeating: nil, count: 200))
    var session = PickerSession(
      model: model, terminal: terminal, setAlternateIconName: { _ in [] },
      renderThumbnail: { key in
        Thread.sleep(forTimeInterval: 0.005)  // slow enough that a search could overtake
        log.previewDone()
        return Thumbnailer.Result(
          image: CellImage(columns: key.columns, rows: key.rows))
      },
      findAppearances: {
        log.searched()
        return ([.tinted], false)
      })
    #expect(session.run() == .quit(activeName: "AppIcon"))
    #expect(firstScreen > 1)
    #expect(log.previewsAtEachSearch == [firstScreen])
    #expect(session.model.appearances == [.any, .tinted])
    #expect(terminal.frames.last?.lines.first?.contains("Any") == true)
    #expect(terminal.frames.first?.lines.first?.contains("Any") == false)
  }
}
