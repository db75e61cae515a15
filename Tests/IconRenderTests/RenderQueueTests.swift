import Foundation
import IconCatalog
import Synchronization
import Testing

@testable import IconRender

/// Shared state for jobs that escape (a Mutex cannot be captured by value).
final class Shared<Value: Sendable>: Sendable {
  let state: Mutex<Value>
  init(_ value: Value) { state = Mutex(value) }
}

@Suite struct RenderQueueTests {
  static let palette = PNGFixtures.paletteAppIconSets

  static func icon(_ name: String, file: URL) -> AppIcon {
    AppIcon(
      name: name, assetName: name, displayName: name, isPrimary: false,
      renditions: [
        IconRendition(file: file, idiom: "universal", pointSize: 1024, scale: 1, platform: "ios")
      ])
  }

  /// The Palette icons (PNGs of Tests/Fixtures/PaletteAppIconSets), and fixtures of other forms (alpha, 16-bit, palette, grey, interlaced,
  /// not a PNG at all), so the batch covers every path a thumbnail can take.
  static let icons: [AppIcon] =
    PNGDecoderTests.paletteIcons.map { icon($0, file: PNGDecoderTests.paletteIcon($0)) }
    + [
      "rgba8.png", "rgba16-alpha-adam7.png", "palette4-trns.png", "gray8.png", "rgb16-adam7.png",
      "make-fixtures.py",
    ].map { icon($0, file: PNGFixtures.url($0)) }

  @Test(arguments: [ColorMode.truecolor, .palette256])
  func theBatchGivesWhatOneAtATimeGives(mode: ColorMode) {
    let thumbnailer = Thumbnailer(mode: mode, cache: nil)
    let serial = Self.icons.map { thumbnailer.thumbnail(for: $0, columns: 12, rows: 6) }
    for width in [1, 2, 3, 8] {
      let batch = thumbnailer.thumbnails(
        for: Self.icons, columns: 12, rows: 6, on: RenderQueue(width: width))
      #expect(batch.map(\.image) == serial.map(\.image), "width \(width)")
      #expect(batch.map(\.problem) == serial.map(\.problem), "width \(width)")
    }
    #expect(serial.last?.problem != nil, "the last is not a PNG")
  }

  @Test func mapKeepsTheOrderAndNeverRunsMoreThanTheWidth() {
    let running = Atomic<Int>(0)
    let most = Atomic<Int>(0)
    let queue = RenderQueue(width: 3)
    let squares = queue.map(Array(0..<40)) { value in
      let now = running.add(1, ordering: .sequentiallyConsistent).newValue
      most.max(now, ordering: .sequentiallyConsistent)
      // Uneven durations, so later elements finish before earlier ones.
      usleep(UInt32(value % 4 == 0 ? 3000 : 200))
      running.subtract(1, ordering: .sequentiallyConsistent)
      return value * value
    }
    #expect(squares == (0..<40).map { $0 * $0 })
    #expect(most.load(ordering: .sequentiallyConsistent) <= 3)
    #expect(queue.map([Int]()) { $0 }.isEmpty)
  }

  @Test func asyncRunsEveryJobAtMostWidthAtOnce() async {
    let queue = RenderQueue(width: 2)
    let log = Shared<(started: [Int], running: Int, most: Int, left: Int)>(([], 0, 0, 30))
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      for index in 0..<30 {
        queue.async {
          log.state.withLock {
            $0.started.append(index)
            $0.running += 1
            $0.most = max($0.most, $0.running)
          }
          usleep(500)
          let finished = log.state.withLock {
            $0.running -= 1
            $0.left -= 1
            return $0.left == 0
          }
          if finished { done.resume() }
        }
      }
    }
    let (started, _, most, _) = log.state.withLock { $0 }
    // Two workers may log their starts in either order; one worker shows the order itself.
    #expect(started.sorted() == Array(0..<30))
    #expect(most <= 2)
  }

  @Test func aQueueOfWidthOneRunsJobsOneAfterAnotherFirstInFirstOut() async {
    let queue = RenderQueue(width: 0)
    #expect(queue.width == 1)
    let order = Shared<[Int]>([])
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      for index in 0..<10 {
        queue.async {
          order.state.withLock { $0.append(index) }
          if index == 9 { done.resume() }
        }
      }
    }
    #expect(order.state.withLock { $0 } == Array(0..<10))
  }

  @Test func theDefaultWidthIsTheActiveCoreCount() {
    #expect(RenderQueue().width == max(1, ProcessInfo.processInfo.activeProcessorCount))
  }
}
