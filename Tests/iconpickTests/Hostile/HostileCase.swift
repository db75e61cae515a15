import Foundation
import Glibc
import Testing

/// One hostile input: what it is called, how it is written into its own folder, and which
/// commands run on it. The families (one file each: ZipBombs, Symlinks, Cars, PNGBombs, Plists,
/// ManyAlternates, Names, SpecialFiles, OddArchives) list their cases; `HostileArtifactTests` runs
/// every command on every case through the built binary.
struct HostileCase: Sendable, CustomTestStringConvertible {
  /// The case's name: its folder and how the test shows it.
  let name: String
  /// The path given to iconpick, relative to the case's folder.
  let input: String
  let kind: Kind
  /// Names a refusal may name the input by (besides the input's own file name): the file inside
  /// the artifact that is wrong.
  var inner: [String] = []
  /// The commands to run; the kind's when nil.
  var commands: [HostileCommand]? = nil
  /// The commands that must read the input (exit 0), not refuse it.
  var mustRead: Set<HostileCommand> = []
  /// The commands that must refuse the input (exit 1, nothing written by `show --output`): what
  /// reading it would take from outside the artifact.
  var mustRefuse: Set<HostileCommand> = []
  /// Text `list --json` must print (a file it must have found), when the case must be read.
  var mustList: String? = nil
  /// Writes the input into the case's folder (empty, created before).
  let write: @Sendable (URL) throws -> Void

  enum Kind: Sendable {
    /// A built `.app`, `.ipa` or `.xcarchive`: also given as `check PROJECT --against`.
    case artifact
    /// A project folder or file.
    case project
  }

  var testDescription: String { name }

  var runCommands: [HostileCommand] {
    commands
      ?? (kind == .artifact
        ? [.list, .listJSON, .check, .checkJSON, .showOutput, .against]
        : [.list, .listJSON, .check, .checkJSON, .showOutput])
  }

  /// Every case of every family.
  static let all: [HostileCase] =
    ZipBombs.cases + Symlinks.cases + Cars.cases + PNGBombs.cases + Plists.cases
    + ManyAlternates.cases + Names.cases + SpecialFiles.cases + OddArchives.cases
}

enum HostileCommand: String, Sendable, CaseIterable {
  case list
  case listJSON = "list-json"
  case check
  case checkJSON = "check-json"
  case checkGitHub = "check-github"
  case checkSARIF = "check-sarif"
  case checkJUnit = "check-junit"
  case showOutput = "show-output"
  case showCells = "show-cells"
  case against

  /// The command line for `input`; `project` is the sane project `--against` compares with, and
  /// `output` the file `show --output` may write.
  func arguments(input: String, project: String, output: String) -> [String] {
    switch self {
    case .list: return ["list", input]
    case .listJSON: return ["list", "--json", input]
    case .check: return ["check", input]
    case .checkJSON: return ["check", "--format", "json", input]
    case .checkGitHub: return ["check", "--format", "github", input]
    case .checkSARIF: return ["check", "--format", "sarif", input]
    case .checkJUnit: return ["check", "--format", "junit", input]
    case .showOutput: return ["show", input, "--output", output, "--pixels", "64"]
    case .showCells: return ["show", input, "--size", "16x8", "--color", "none"]
    case .against: return ["check", project, "--against", input]
    }
  }
}

/// One command on one case: what a parameterised test runs.
struct HostileRun: Sendable, CustomTestStringConvertible {
  let hostile: HostileCase
  let command: HostileCommand
  var testDescription: String { "\(hostile.name) · \(command.rawValue)" }

  /// Every command on every case; ICONPICK_HOSTILE_ONLY=TEXT keeps the runs whose description
  /// holds TEXT (a family's prefix, a case, a command).
  static let all: [HostileRun] = HostileCase.all.flatMap { hostile in
    hostile.runCommands.map { HostileRun(hostile: hostile, command: $0) }
  }.filter { run in
    guard let only = ProcessInfo.processInfo.environment["ICONPICK_HOSTILE_ONLY"] else {
      return true
    }
    return run.testDescription.contains(only)
  }
}

/// The folder the artifacts are written into, once per test process, each case on first use;
/// removed when the process ends. Big files are sparse or compressed: the whole folder takes
/// some tens of megabytes on disk.
final class HostileArtifacts: @unchecked Sendable {
  static let shared = HostileArtifacts()

  let root: URL
  private let lock = NSLock()
  private var written: [String: Result<[String: String], any Error>] = [:]

  private init() {
    root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "iconpick-hostile-\(getpid())-\(UUID().uuidString.prefix(8))")
    try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    hostileRoot = strdup(root.path)
    atexit {
      guard let path = hostileRoot else { return }
      _ = try? FileManager.default.removeItem(atPath: String(cString: path))
    }
  }

  var project: URL { root.appendingPathComponent("_project") }
  var runs: URL { root.appendingPathComponent("_runs") }

  /// The case's folder, its input written; and what it held once written (see `snapshot`).
  func folder(for hostile: HostileCase) throws -> (URL, [String: String]) {
    lock.lock()
    defer { lock.unlock() }
    if !FileManager.default.fileExists(atPath: project.path) {
      try FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
      try SaneProject.write(project)
    }
    let folder = root.appendingPathComponent(hostile.name)
    if written[hostile.name] == nil {
      written[hostile.name] = Result { () throws(any Error) -> [String: String] in
        do {
          try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
          try hostile.write(folder)
          return Self.snapshot(folder)
        } catch {
          throw HostileError("writing \(hostile.name): \(error)")
        }
      }
    }
    return (folder, try written[hostile.name]!.get())
  }

  /// What a folder holds: each path (symbolic links not followed, nothing opened: FIFOs stay
  /// shut) with its type, size and modification time.
  static func snapshot(_ folder: URL) -> [String: String] {
    var entries: [String: String] = [:]
    func walk(_ path: String, _ relative: String) {
      var info = stat()
      guard lstat(path, &info) == 0 else { return }
      entries[relative] =
        "\(info.st_mode) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
      guard info.st_mode & S_IFMT == S_IFDIR, let directory = opendir(path) else { return }
      defer { closedir(directory) }
      while let entry = readdir(directory) {
        // Read in place: `entry.pointee` copies a whole dirent, past the end of a short last
        // entry (DirectoryListing.name(of:) says more).
        let name = String(
          cString: UnsafeRawPointer(entry).advanced(
            by: MemoryLayout<dirent>.offset(of: \dirent.d_name)!
          ).assumingMemoryBound(to: CChar.self))
        if name == "." || name == ".." { continue }
        walk(path + "/" + name, relative + "/" + name)
      }
    }
    walk(folder.path, "")
    return entries
  }
}

nonisolated(unsafe) private var hostileRoot: UnsafeMutablePointer<CChar>?

struct HostileError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// The project `check PROJECT --against ARTIFACT` compares the artifacts with: an Info.plist
/// with a primary and one alternate, a build setting file and their PNGs.
enum SaneProject {
  static func write(_ folder: URL) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try HostileFiles.write(
      folder, "Info.plist",
      HostileFiles.infoPlist(
        bundleIdentifier: "$(PRODUCT_BUNDLE_IDENTIFIER)", alternates: [("Blue", ["Blue60x60"])]))
    try HostileFiles.write(
      folder, "App.xcconfig",
      "PRODUCT_BUNDLE_IDENTIFIER = com.example.hostile\nTARGETED_DEVICE_FAMILY = 1\n")
    try HostileFiles.write(folder, "AppIcon60x60@2x.png", HostileBytes.smallPNG(120))
    try HostileFiles.write(folder, "Blue60x60@2x.png", HostileBytes.smallPNG(120))
  }
}

/// Helpers the families write their files with.
enum HostileFiles {
  static func write(_ folder: URL, _ path: String, _ bytes: [UInt8]) throws {
    let url = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
  }

  static func write(_ folder: URL, _ path: String, _ text: String) throws {
    try write(folder, path, Array(text.utf8))
  }

  static func write(_ folder: URL, _ path: String, _ data: Data) throws {
    try write(folder, path, [UInt8](data))
  }

  static func symlink(_ folder: URL, _ path: String, to target: String) throws {
    let url = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
  }

  static func fifo(_ folder: URL, _ path: String) throws {
    let url = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    guard mkfifo(url.path, 0o644) == 0 else { throw HostileError("mkfifo \(url.path): \(errno)") }
  }

  /// A Unix socket bound at `path` (the socket itself is closed; the file stays).
  static func socket(_ folder: URL, _ path: String) throws {
    let url = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw HostileError("socket: \(errno)") }
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(url.path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      throw HostileError("socket path too long: \(url.path)")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in bytes.enumerated() { buffer[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0 else { throw HostileError("bind \(url.path): \(errno)") }
  }

  /// A file of `size` bytes that starts with `head` and holds no blocks after it (ftruncate).
  static func sparse(_ folder: URL, _ path: String, head: [UInt8], size: Int) throws {
    try write(folder, path, head)
    let url = folder.appendingPathComponent(path)
    guard truncate(url.path, off_t(size)) == 0 else {
      throw HostileError("truncate \(url.path): \(errno)")
    }
  }

  static func escapeXML(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }

  /// A built app's XML Info.plist: the primary with its loose files, each alternate with its.
  static func infoPlist(
    bundleIdentifier: String = "com.example.hostile", displayName: String = "Hostile",
    primaryFiles: [String] = ["AppIcon60x60"], primaryName: String? = nil,
    alternates: [(String, [String])] = [], extra: String = ""
  ) -> String {
    func files(_ names: [String]) -> String {
      "<key>CFBundleIconFiles</key><array>"
        + names.map { "<string>\(escapeXML($0))</string>" }.joined() + "</array>"
    }
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0"><dict>
      <key>CFBundleIdentifier</key><string>\(escapeXML(bundleIdentifier))</string>
      <key>CFBundleDisplayName</key><string>\(escapeXML(displayName))</string>
      <key>UIDeviceFamily</key><array><integer>1</integer></array>
      <key>CFBundleIcons</key><dict>
      <key>CFBundlePrimaryIcon</key><dict>\(files(primaryFiles))
      """
    if let primaryName {
      text += "<key>CFBundleIconName</key><string>\(escapeXML(primaryName))</string>"
    }
    text += "</dict>\n<key>CFBundleAlternateIcons</key><dict>\n"
    for (name, names) in alternates {
      text += "<key>\(escapeXML(name))</key><dict>\(files(names))</dict>\n"
    }
    return text + "</dict></dict>\n\(extra)</dict></plist>\n"
  }

  /// The same dictionary as a binary plist (Foundation writes it): strings may hold any
  /// character there, control characters included, which XML cannot.
  static func binaryInfoPlist(
    bundleIdentifier: String = "com.example.hostile", displayName: String = "Hostile",
    primaryFiles: [String] = ["AppIcon60x60"], alternates: [(String, [String])] = []
  ) throws -> Data {
    var alternateIcons: [String: Any] = [:]
    for (name, files) in alternates { alternateIcons[name] = ["CFBundleIconFiles": files] }
    let plist: [String: Any] = [
      "CFBundleIdentifier": bundleIdentifier, "CFBundleDisplayName": displayName,
      "UIDeviceFamily": [1],
      "CFBundleIcons": [
        "CFBundlePrimaryIcon": ["CFBundleIconFiles": primaryFiles],
        "CFBundleAlternateIcons": alternateIcons,
      ],
    ]
    return try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
  }

  /// A `.app` folder at `path`: `plist` as its Info.plist (unless nil) and a small PNG for each
  /// of `pngs`.
  static func app(
    _ folder: URL, _ path: String, plist: String? = infoPlist(),
    pngs: [String] = ["AppIcon60x60@2x.png"]
  ) throws {
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
    if let plist { try write(folder, path + "/Info.plist", plist) }
    for png in pngs { try write(folder, path + "/" + png, HostileBytes.smallPNG(120)) }
  }

  /// An `.xcarchive` at `path` whose Info.plist names `Products/Applications/APP`.
  static func xcarchive(_ folder: URL, _ path: String, app: String = "Hostile.app") throws {
    try write(
      folder, path + "/Info.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>ApplicationProperties</key><dict>
      <key>ApplicationPath</key><string>Applications/\(escapeXML(app))</string>
      <key>CFBundleIdentifier</key><string>com.example.hostile</string>
      </dict><key>ArchiveVersion</key><integer>2</integer>
      <key>Name</key><string>Hostile</string></dict></plist>
      """)
  }

  /// The entries of a sane `Payload/NAME.app` (Info.plist and the primary's PNG), for zips.
  static func payload(
    _ zip: inout ZipWriter, app: String = "Hostile.app", plist: String = infoPlist(),
    png: [UInt8] = HostileBytes.smallPNG(120)
  ) {
    zip.add("Payload/\(app)/Info.plist", plist)
    zip.add("Payload/\(app)/AppIcon60x60@2x.png", png)
  }

}
