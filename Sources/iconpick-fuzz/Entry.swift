import FoundationEssentials
import IconCatalog
import IconFuzzing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Two builds of one file. With -DFUZZING (make fuzz: -sanitize=fuzzer,address), libFuzzer's driver
// calls LLVMFuzzerTestOneInput for the target named by ICONPICK_FUZZ_TARGET. Without it,
// `iconpick-fuzz TARGET FILE...` replays inputs (a crash file, a seed) through the same code.

#if FUZZING
  /// The target and its workspace, set up once per process.
  private let fuzzing: (target: FuzzTarget, workspace: URL) = {
    let name = ProcessInfo.processInfo.environment["ICONPICK_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
      let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
      StandardErrorStream.write("iconpick-fuzz: set ICONPICK_FUZZ_TARGET to one of: \(names)\n")
      exit(2)
    }
    let workspace = FileManager.default.temporaryDirectory.appendingPathComponent(
      "iconpick-fuzz-\(target.rawValue)-\(getpid())", isDirectory: true)
    atexit { FuzzWorkspace.removeAll() }
    FuzzWorkspace.created = workspace.path
    return (target, workspace)
  }()

  /// The workspace folder, removed when the process exits normally.
  private enum FuzzWorkspace {
    nonisolated(unsafe) static var created: String?
    static func removeAll() {
      if let created { try? FileManager.default.removeItem(atPath: created) }
    }
  }

  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    _ = fuzzing.target.run(data, workspace: fuzzing.workspace)
    return 0
  }

  /// libFuzzer's own `main` in a function: SwiftPM links an executable with `main` set to the
  /// module's entry point (`iconpick_fuzz_main`), so that entry point hands over to the driver,
  /// exactly as libFuzzer's `main` would.
  @_silgen_name("LLVMFuzzerRunDriver")
  private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt

  /// Adds the target's `-max_len` unless the command line sets one.
  @_cdecl("iconpick_fuzz_main")
  public func fuzzMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  ) -> CInt {
    var arguments = (0..<Int(argc)).map { argv?[$0] }
    let given = arguments.contains {
      $0.map { String(cString: $0).hasPrefix("-max_len=") } ?? false
    }
    if !given { arguments.append(strdup("-max_len=\(fuzzing.target.maxLength)")) }
    var count = CInt(arguments.count)
    arguments.append(nil)
    let vector = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(
      capacity: arguments.count)
    vector.initialize(from: arguments, count: arguments.count)
    var pointer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = vector
    return runDriver(&count, &pointer) { bytes, size in fuzzTestOneInput(bytes, size) }
  }

#else
  @main
  struct Replay {
    static func main() {
      let arguments = Array(CommandLine.arguments.dropFirst())
      guard let name = arguments.first, let target = FuzzTarget(rawValue: name),
        arguments.count > 1
      else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
        print("usage: iconpick-fuzz \(names) FILE...   (replays each FILE through the target)")
        exit(2)
      }
      for path in arguments.dropFirst() {
        guard let data = FileManager.default.contents(atPath: path) else {
          print("\(path): cannot be read")
          exit(1)
        }
        switch target.run(data) {
        case .read(let summary): print("\(path): read: \(summary)")
        case .rejected(let message): print("\(path): rejected: \(message)")
        case .unavailable: print("\(path): this build cannot reach the readers (build in debug)")
        }
      }
    }
  }
#endif
