/// The process exit codes of DESIGN.md.
enum ExitStatus: Equatable {
  case success
  case failure
  case usage
  case signalled(Int32)

  var rawValue: Int32 {
    switch self {
    case .success: 0
    case .failure: 1
    case .usage: 2
    // The shell convention: 128 + the signal, so Ctrl-C (SIGINT, 2) is 130.
    case .signalled(let signal): 128 + signal
    }
  }
}
