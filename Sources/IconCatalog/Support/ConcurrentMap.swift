import Dispatch
import FoundationEssentials
import Synchronization

/// `map` spread over several threads, for independent work on many items (reading thousands of
/// small files, decoding icons); results keep the input's order.
public enum ConcurrentMap {
  /// Below this many items, by default, threads cost more than they save.
  public static let serialLimit = 64

  /// - Parameters:
  ///   - width: the most threads at once, the calling thread among them (default: one per
  ///     active core).
  ///   - serialBelow: fewer items than this are mapped on the calling thread alone.
  public static func map<Item: Sendable, Value: Sendable>(
    _ items: [Item], width: Int = ProcessInfo.processInfo.activeProcessorCount,
    serialBelow: Int = serialLimit, _ transform: @Sendable (Item) -> Value
  ) -> [Value] {
    let workers = min(max(1, width), items.count)
    guard workers > 1, items.count >= serialBelow else { return items.map(transform) }
    let results = ResultSlots<Value>(count: items.count)
    let next = Atomic<Int>(0)
    // The workers read the files the caller's reading sees: a task-local value stays with the
    // thread that set it, so each worker sets it again.
    let overlay = DiskOverlay.current
    // Each worker takes the next item until none is left, so one slow item does not hold up a
    // fixed share of the others.
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      DiskOverlay.$current.withValue(overlay) {
        while true {
          let index = next.add(1, ordering: .relaxed).oldValue
          guard index < items.count else { return }
          results.store(transform(items[index]), at: index)
        }
      }
    }
    return results.values()
  }
}

/// Write-once slots filled from several threads, each slot by exactly one of them. A raw buffer,
/// because an array property would count as one variable mutated from several threads at once.
private final class ResultSlots<Value>: @unchecked Sendable {
  private let slots: UnsafeMutableBufferPointer<Value?>

  init(count: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil)
  }

  deinit {
    slots.deinitialize()
    slots.deallocate()
  }

  func store(_ value: Value, at index: Int) { slots[index] = value }

  func values() -> [Value] { slots.map { $0! } }
}
