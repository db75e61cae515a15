import Foundation

/// `map` spread over the machine's cores, for independent work on many items (reading thousands
/// of small files); results keep the input's order.
enum ConcurrentMap {
  /// Below this many items, threads cost more than they save.
  static let serialLimit = 64

  static func map<Item: Sendable, Value: Sendable>(
    _ items: [Item], _ transform: @Sendable (Item) -> Value
  ) -> [Value] {
    let workers = min(ProcessInfo.processInfo.activeProcessorCount, items.count / serialLimit)
    guard workers > 1 else { return items.map(transform) }
    let results = ResultSlots<Value>(count: items.count)
    // Contiguous chunks, one per worker: each item is read once, with no shared counter.
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      let start = items.count * worker / workers
      let end = items.count * (worker + 1) / workers
      for index in start..<end { results.store(transform(items[index]), at: index) }
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
