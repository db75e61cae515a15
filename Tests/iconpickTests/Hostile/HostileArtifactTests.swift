import Foundation
import Glibc
import Testing

/// Every command on every hostile artifact (HostileCase.all), through the built binary as a child
/// process: it ends by itself (exit 0 or 1, never a signal) within 256 MB of resident memory and
/// 5 s of CPU time (the kernel's figures for the child, from wait4), writes no terminal escape
/// (ESC, BEL, a C1 control) on standard output or error, keeps each line of standard error under
/// 1,000 characters, names the input when it refuses it, and writes nothing outside its state
/// and cache folders (and the `show --output` file).
///
/// The bounds are generous on purpose: the point is a few megabytes against a gigabyte, a second
/// against minutes. A child still running after ICONPICK_HOSTILE_WALL seconds (default 60) or
/// past 1 GiB resident or 15 s of CPU is killed, and that is the failure reported.
/// ICONPICK_HOSTILE_REPORT=FILE appends one line per run (status and figures) to FILE.
@Suite struct HostileArtifactTests {
  static let memoryLimit = 256 << 20
  static let cpuLimit = 5.0
  static let lineLimit = 1000
  /// Standard output may hold every name, but not amplify the input a thousandfold.
  static let outputLimit = 64 << 20
  static let memoryGuard = 1 << 30
  static let cpuGuard = 15.0
  static let wallLimit =
    Double(ProcessInfo.processInfo.environment["ICONPICK_HOSTILE_WALL"] ?? "")
    ?? 60

  @Test(arguments: HostileRun.all)
  func boundedAndQuiet(_ run: HostileRun) throws {
    let artifacts = HostileArtifacts.shared
    let (folder, before) = try artifacts.folder(for: run.hostile)
    let input = folder.appendingPathComponent(run.hostile.input)

    // A folder of the run's own: home, working folder, temporary folder, state, cache, output.
    let scratch = artifacts.runs.appendingPathComponent(
      "\(run.hostile.name)-\(run.command.rawValue)-\(UUID().uuidString.prefix(6))")
    for name in ["home", "cwd", "tmp", "state", "cache", "out", "log"] {
      try FileManager.default.createDirectory(
        at: scratch.appendingPathComponent(name), withIntermediateDirectories: true)
    }
    defer { try? FileManager.default.removeItem(at: scratch) }
    let output = scratch.appendingPathComponent("out/icon.png")
    let environment = [
      "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "dumb", "NO_COLOR": "1",
      "HOME": scratch.appendingPathComponent("home").path,
      "TMPDIR": scratch.appendingPathComponent("tmp").path,
      "XDG_STATE_HOME": scratch.appendingPathComponent("state").path,
      "XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path,
      "XDG_CONFIG_HOME": scratch.appendingPathComponent("home/.config").path,
      "XDG_DATA_HOME": scratch.appendingPathComponent("home/.local/share").path,
    ]
    let arguments =
      run.command.arguments(input: input.path, project: artifacts.project.path, output: output.path)
      + ["--state-dir", scratch.appendingPathComponent("state").path]
    let result = ChildRun.run(
      try iconpickBinary().path, arguments, environment: environment,
      directory: scratch.appendingPathComponent("cwd"),
      output: scratch.appendingPathComponent("log"),
      wallLimit: Self.wallLimit, memoryGuard: Self.memoryGuard, cpuGuard: Self.cpuGuard)

    var problems = Self.problems(result, run, input: input)
    if result.killed == nil || result.killed != "hung" {
      problems += Self.writtenOutside(scratch, output: output)
    }
    if HostileArtifacts.snapshot(folder) != before {
      problems.append("the artifact's folder changed")
    }
    Self.report(run, result, problems)
    for problem in problems {
      Issue.record(
        "\(run.testDescription): \(problem)\n\(Self.summary(result))\nstderr: \(Self.excerpt(result.stderr))"
      )
    }
  }

  /// What is wrong with a run, each as one line; empty when it kept every promise.
  static func problems(_ result: ChildRun, _ run: HostileRun, input: URL) -> [String] {
    var problems: [String] = []
    switch result.killed {
    case "hung": problems.append("still running after \(Int(wallLimit)) s: killed")
    case "memory": problems.append("past \(memoryGuard >> 20) MB resident: killed")
    case "cpu": problems.append("past \(Int(cpuGuard)) s of CPU: killed")
    case let other?: problems.append(other)
    case nil: break
    }
    if result.killed == nil {
      if let signal = result.signal {
        problems.append("ended by signal \(signal)")
      } else if result.status != 0 && result.status != 1 {
        problems.append("exit status \(result.status)")
      }
    }
    if result.maxRSS > memoryLimit {
      problems.append("peak RSS \(result.maxRSS >> 20) MB > \(memoryLimit >> 20) MB")
    }
    if result.cpu > cpuLimit {
      problems.append("CPU \(String(format: "%.1f", result.cpu)) s > \(Int(cpuLimit)) s")
    }
    if result.stdoutSize > outputLimit {
      problems.append("stdout of \(result.stdoutSize >> 20) MB > \(outputLimit >> 20) MB")
    }
    for (name, data) in [("stdout", result.stdout), ("stderr", result.stderr)] {
      if let escape = firstControl(data) { problems.append("\(name) holds \(escape)") }
    }
    let stderr = String(decoding: result.stderr, as: UTF8.self)
    if let long = stderr.split(separator: "\n", omittingEmptySubsequences: true).map(\.count).max(),
      long > lineLimit
    {
      problems.append("a stderr line of \(long) characters")
    }
    if result.killed == nil && result.signal == nil {
      let said = stderr + String(decoding: result.stdout, as: UTF8.self)
      let names = [input.lastPathComponent] + run.hostile.inner
      if result.status != 0 && !names.contains(where: { said.contains($0) }) {
        problems.append("refused without naming \(names.joined(separator: " or "))")
      }
      if run.hostile.mustRead.contains(run.command) && result.status != 0 {
        problems.append("must read the input, exited \(result.status)")
      }
      if let text = run.hostile.mustList, run.command == .listJSON,
        !String(decoding: result.stdout, as: UTF8.self).contains(text)
      {
        problems.append("list --json does not list \(text)")
      }
      if run.hostile.mustRefuse.contains(run.command) && result.status == 0 {
        problems.append("must refuse the input (it reaches outside the artifact), exited 0")
      }
    }
    return problems
  }

  /// The first terminal control in `data`, described: ESC, BEL, or a C1 control in UTF-8
  /// (C2 80 to C2 9F).
  static func firstControl(_ data: Data) -> String? {
    var previous: UInt8 = 0
    for (offset, byte) in data.enumerated() {
      if byte == 0x1B { return "ESC at byte \(offset)" }
      if byte == 0x07 { return "BEL at byte \(offset)" }
      if previous == 0xC2 && (0x80...0x9F).contains(byte) {
        return "C1 U+00\(String(byte, radix: 16, uppercase: true)) at byte \(offset - 1)"
      }
      previous = byte
    }
    return nil
  }

  /// Files the run wrote outside its state and cache folders and the output file.
  static func writtenOutside(_ scratch: URL, output: URL) -> [String] {
    var problems: [String] = []
    for name in ["home", "cwd", "tmp", "out"] {
      let snapshot = HostileArtifacts.snapshot(scratch.appendingPathComponent(name))
      let unexpected = snapshot.keys.filter {
        !$0.isEmpty && !(name == "out" && $0 == "/" + output.lastPathComponent)
      }
      if !unexpected.isEmpty {
        problems.append(
          "wrote \(unexpected.sorted().prefix(3).map { name + $0 }) outside its state")
      }
    }
    // Nothing beside the cases' folders in the artifacts' root (where `../` entries would land).
    let root = HostileArtifacts.shared.root
    let known = Set(HostileCase.all.map(\.name) + ["_project", "_runs"])
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    let strangers = names.filter { !known.contains($0) }
    if !strangers.isEmpty { problems.append("files appeared beside the artifacts: \(strangers)") }
    return problems
  }

  static func summary(_ result: ChildRun) -> String {
    let end =
      result.killed.map { "killed (\($0))" }
      ?? result.signal.map { "signal \($0)" } ?? "exit \(result.status)"
    return
      "\(end), peak RSS \(result.maxRSS >> 20) MB, CPU \(String(format: "%.2f", result.cpu)) s, "
      + "wall \(String(format: "%.1f", result.wall)) s, stdout \(result.stdoutSize) B, "
      + "stderr \(result.stderrSize) B"
  }

  /// The start of an output, escapes made visible, for the failure message.
  static func excerpt(_ data: Data) -> String {
    let text = String(decoding: data.prefix(600), as: UTF8.self)
    return text.unicodeScalars.map {
      $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value)
        ? "\\u{\(String($0.value, radix: 16))}" : String($0)
    }.joined()
  }

  static let reportLock = NSLock()

  static func report(_ run: HostileRun, _ result: ChildRun, _ problems: [String]) {
    guard let path = ProcessInfo.processInfo.environment["ICONPICK_HOSTILE_REPORT"] else { return }
    let firstLine =
      excerpt(result.stderr).split(separator: "\n").first.map { String($0.prefix(160)) } ?? ""
    let line =
      "\(problems.isEmpty ? "PASS" : "FAIL") \(run.testDescription) | \(summary(result))"
      + (problems.isEmpty ? "" : " | " + problems.joined(separator: "; ")) + " | \(firstLine)\n"
    reportLock.lock()
    defer { reportLock.unlock() }
    if let handle = FileHandle(forWritingAtPath: path) {
      handle.seekToEndOfFile()
      handle.write(Data(line.utf8))
      try? handle.close()
    } else {
      _ = FileManager.default.createFile(atPath: path, contents: Data(line.utf8))
    }
  }
}
