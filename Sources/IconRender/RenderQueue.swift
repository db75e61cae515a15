import Dispatch
import FoundationEssentials
import IconCatalog
import Synchronization

/// Runs rendering jobs on up to `width` threads at once, by default one per active core.
///
/// A PNG decodes on one thread (its image data is one zlib stream), so a single icon cannot
/// use two cores; different icons can. Jobs start in the order they were submitted, so the
/// rows at the top of a list fill in first. Safe to use from any thread.
public final class RenderQueue: Sendable {
  /// The most jobs that run at once.
  public let width: Int
  private let qos: DispatchQoS.QoSClass
  private let state = Mutex(Pending())

  private struct Pending {
    var jobs: [@Sendable () -> Void] = []
    /// The next job to start: `jobs[next...]` wait.
    var next = 0
    /// Workers running (each takes jobs until none wait).
    var workers = 0
  }

  public init(
    width: Int = ProcessInfo.processInfo.activeProcessorCount,
    qos: DispatchQoS.QoSClass = .userInitiated
  ) {
    self.width = max(1, width)
    self.qos = qos
  }

  /// Queues `job` and returns at once. It starts when fewer than `width` jobs are running.
  public func async(_ job: @escaping @Sendable () -> Void) {
    let startWorker = state.withLock { pending in
      pending.jobs.append(job)
      guard pending.workers < width else { return false }
      pending.workers += 1
      return true
    }
    if startWorker { DispatchQueue.global(qos: qos).async { self.work() } }
  }

  /// A worker: takes jobs in order until none wait.
  private func work() {
    while let job = takeJob() { job() }
  }

  private func takeJob() -> (@Sendable () -> Void)? {
    state.withLock { pending in
      guard pending.next < pending.jobs.count else {
        pending.workers -= 1
        pending.jobs.removeAll(keepingCapacity: true)
        pending.next = 0
        return nil
      }
      defer { pending.next += 1 }
      return pending.jobs[pending.next]
    }
  }

  /// `transform` of every element, up to `width` at a time (the calling thread takes a share),
  /// in the elements' order. Returns when all are done. It does not wait for jobs queued with
  /// `async`; the two share only the width they are given.
  public func map<Element: Sendable, Result: Sendable>(
    _ elements: [Element], _ transform: @Sendable (Element) -> Result
  ) -> [Result] {
    // Icons are slow enough that even two are worth two threads.
    ConcurrentMap.map(elements, width: width, serialBelow: 2, transform)
  }
}
