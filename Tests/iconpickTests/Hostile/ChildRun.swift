import Foundation
import Glibc

/// One run of a program as a child process, measured by the kernel: `posix_spawn`, then `wait4`
/// for its resource usage (peak resident memory, user and system CPU time).
///
/// On Linux a child's `ru_maxrss` also counts the peak of the memory it was spawned from: the
/// test process's (glibc's posix_spawn shares the parent's memory until exec, and exec keeps the
/// old memory's peak). So when wait4's figure is not above the test process's own peak, the
/// child's peak is the highest VmHWM read from /proc/PID/status while it ran (every 10 ms).
/// Standard input is
/// /dev/null, standard output and error go to files. Guards keep a runaway child from taking
/// the machine: it is killed past `wallLimit` seconds or once its resident memory passes
/// `memoryGuard` bytes or `cpuGuard` seconds of CPU time (read from /proc while it runs), and
/// the run says which.
struct ChildRun {
  var status: Int32 = 0
  /// The signal that ended the child, if one did.
  var signal: Int32?
  /// Peak resident set size, in bytes.
  var maxRSS = 0
  /// User plus system CPU time, in seconds.
  var cpu = 0.0
  var wall = 0.0
  /// Why the harness killed the child: "hung" or "memory".
  var killed: String?
  var stdout = Data()
  var stderr = Data()
  /// The sizes of the whole output files (the Data above may hold only their start).
  var stdoutSize = 0
  var stderrSize = 0

  /// At most this much of each output is read back for the checks.
  static let readLimit = 16 << 20

  static func run(
    _ executable: String, _ arguments: [String], environment: [String: String],
    directory: URL, output: URL, wallLimit: Double, memoryGuard: Int, cpuGuard: Double
  ) -> ChildRun {
    var result = ChildRun()
    let outPath = output.appendingPathComponent("stdout").path
    let errPath = output.appendingPathComponent("stderr").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    // glibc has posix_spawn_file_actions_addchdir_np since 2.29; Swift's Glibc does not show it.
    if let symbol = dlsym(
      UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np")
    {
      typealias AddChdir =
        @convention(c) (
          UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>
        ) -> Int32
      _ = unsafeBitCast(symbol, to: AddChdir.self)(&actions, directory.path)
    }
    // The test runner's threads block signals and may ignore some; the child gets the defaults.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGXFSZ, SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, number) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let envp =
      environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in envp { free(pointer) } }

    let start = Date()
    var pid = pid_t()
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard spawned == 0 else {
      result.killed = "spawn failed: \(String(cString: strerror(spawned)))"
      return result
    }
    var status: Int32 = 0
    var usage = rusage()
    var polledPeak = 0
    while true {
      let waited = wait4(pid, &status, WNOHANG, &usage)
      if waited == pid { break }
      if waited == -1 && errno != EINTR { break }
      let memory = Self.memory(pid)
      polledPeak = max(polledPeak, memory.peak)
      if result.killed == nil {
        if Date().timeIntervalSince(start) > wallLimit {
          result.killed = "hung"
          kill(pid, SIGKILL)
        } else if memory.resident > memoryGuard {
          result.killed = "memory"
          kill(pid, SIGKILL)
        } else if Self.cpuSeconds(pid) > cpuGuard {
          result.killed = "cpu"
          kill(pid, SIGKILL)
        }
      }
      usleep(10_000)
    }
    result.wall = Date().timeIntervalSince(start)
    if status & 0x7F != 0 {
      result.signal = status & 0x7F
    } else {
      result.status = (status >> 8) & 0xFF
    }
    // ru_maxrss is in kilobytes on Linux.
    var own = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &own)
    // The inherited figure can exceed the test process's own peak as read here (a CI run saw
    // 332 MB for a child that used 0.01 s of CPU), so the kernel's figure counts only when it is
    // well above it; below that, the polled peak does. A child that exits before the first poll
    // (under 10 ms) cannot have touched hundreds of megabytes in that time.
    result.maxRSS =
      usage.ru_maxrss > own.ru_maxrss + own.ru_maxrss / 4 ? usage.ru_maxrss * 1024 : polledPeak
    result.cpu =
      Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
      + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    (result.stdout, result.stdoutSize) = Self.head(outPath)
    (result.stderr, result.stderrSize) = Self.head(errPath)
    return result
  }

  /// The child's resident memory now and its peak so far (VmRSS and VmHWM of
  /// /proc/PID/status), in bytes; 0 once it is gone.
  static func memory(_ pid: pid_t) -> (resident: Int, peak: Int) {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else {
      return (0, 0)
    }
    func field(_ name: String) -> Int {
      guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else {
        return 0
      }
      return (Int(line.dropFirst(name.count).filter(\.isNumber)) ?? 0) * 1024
    }
    return (field("VmRSS:"), field("VmHWM:"))
  }

  /// The child's user and system CPU time so far (fields 14 and 15 of /proc/PID/stat, after the
  /// command name in parentheses), 0 once it is gone.
  static func cpuSeconds(_ pid: pid_t) -> Double {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = text.lastIndex(of: ")")
    else { return 0 }
    let fields = text[text.index(after: close)...].split(separator: " ")
    // Fields after the name start at 3 (state): utime is the 12th of them, stime the 13th.
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
      return 0
    }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// The first `readLimit` bytes of a file, and its whole size.
  static func head(_ path: String) -> (Data, Int) {
    guard let handle = FileHandle(forReadingAtPath: path) else { return (Data(), 0) }
    defer { try? handle.close() }
    let size = Int((try? handle.seekToEnd()) ?? 0)
    try? handle.seek(toOffset: 0)
    let data = (try? handle.read(upToCount: readLimit)) ?? Data()
    return (data, size)
  }
}
