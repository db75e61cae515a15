import FoundationEssentials
import Glibc
import IconCatalog

/// How the picker shows the icons: a list of rows, or a grid of large tiles.
public enum PickerViewStyle: String, Equatable, Sendable, CaseIterable {
  case list
  case grid
}

/// What the picker remembers across runs, whatever the app.
public struct PickerPreferences: Equatable, Sendable {
  public var view: PickerViewStyle

  public init(view: PickerViewStyle = .list) {
    self.view = view
  }
}

/// Where the picker's preferences are kept: `picker.json` in the state folder, or, in tests, a
/// fake. Reading never fails: a missing or damaged file means the defaults.
public struct PreferenceStore: Sendable {
  public var load: @Sendable () -> PickerPreferences
  public var save: @Sendable (PickerPreferences) throws(IconStateError) -> Void

  public init(
    load: @escaping @Sendable () -> PickerPreferences,
    save: @escaping @Sendable (PickerPreferences) throws(IconStateError) -> Void
  ) {
    self.load = load
    self.save = save
  }

  /// `<directory>/picker.json`, written atomically (temporary file, fsync, rename), mode 0600.
  public static func file(directory: URL) -> PreferenceStore {
    let path = directory.appendingPathComponent("picker.json", isDirectory: false).path
    return PreferenceStore(
      load: { parse(readSmallFile(path)) },
      save: { preferences throws(IconStateError) in
        try write(encode(preferences), to: path, directory: directory.path)
      })
  }

  /// The defaults for anything missing, unreadable or not ours.
  static func parse(_ bytes: [UInt8]?) -> PickerPreferences {
    guard let bytes, !bytes.isEmpty,
      let fields = (try? JSONTree.object(from: Data(bytes))) as? [String: Any],
      let view = (fields["view"] as? String).flatMap(PickerViewStyle.init(rawValue:))
    else { return PickerPreferences() }
    return PickerPreferences(view: view)
  }

  static func encode(_ preferences: PickerPreferences) -> [UInt8] {
    Array(#"{"view":"\#(preferences.view.rawValue)"}"#.utf8) + [UInt8(ascii: "\n")]
  }

  /// A regular file of at most 64 KiB; nil for anything else.
  private static func readSmallFile(_ path: String) -> [UInt8]? {
    // O_NONBLOCK so a FIFO planted at the path cannot hang the picker's start.
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= 65_536 else {
      return nil
    }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    var count = 0
    while count < bytes.count {
      let got = bytes.withUnsafeMutableBytes {
        Glibc.read(fd, $0.baseAddress! + count, $0.count - count)
      }
      if got < 0 && errno == EINTR { continue }
      if got <= 0 { break }
      count += got
    }
    return Array(bytes[0..<count])
  }

  private static func write(_ contents: [UInt8], to target: String, directory: String)
    throws(IconStateError)
  {
    signal(SIGXFSZ, SIG_IGN)
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw .stateDirectoryUnusable(path: directory, reason: "it cannot be created")
    }
    let temporary = try TemporaryFile.write(
      contents, in: directory, prefix: ".picker.json", target: target)
    guard rename(temporary, target) == 0 else {
      let code = errno
      unlink(temporary)
      throw .writeFailed(file: target, reason: errorText(code))
    }
  }
}

private func errorText(_ code: Int32) -> String {
  String(cString: strerror(code))
}
