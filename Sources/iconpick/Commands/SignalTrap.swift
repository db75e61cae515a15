import Glibc
import Synchronization

/// The last signal caught; 0 when none. A lock-free atomic is safe to touch in a handler.
private let caughtSignal = Atomic<Int32>(0)

/// Turns SIGINT, SIGTERM and SIGHUP into a value the picker checks between keys,
/// so it can restore the terminal before exiting instead of dying mid-draw.
enum SignalTrap {
  static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  static func install() {
    for number in handled {
      signal(number) { caughtSignal.store($0, ordering: .relaxed) }
    }
    // A parent may start us with signals blocked (the mask is inherited across exec);
    // then resizes and termination requests would never arrive.
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for number in handled + [SIGWINCH, SIGTSTP, SIGCONT] { sigaddset(&unblocked, number) }
    sigprocmask(SIG_UNBLOCK, &unblocked, nil)
  }

  /// The signal caught since the last call, if any.
  static func take() -> Int32? {
    let number = caughtSignal.exchange(0, ordering: .relaxed)
    return number == 0 ? nil : number
  }
}
