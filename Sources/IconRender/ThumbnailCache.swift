import Foundation

/// Rendered thumbnails on disk, under `$XDG_CACHE_HOME/iconpick` (default `~/.cache/iconpick`).
/// Safe to delete at any time. An entry is keyed by the source file's identity (path, size,
/// modification time) and the render parameters, so an edited icon is never shown stale.
public struct ThumbnailCache: Sendable {
  public let directory: URL

  public init(directory: URL) {
    self.directory = directory
  }

  /// `$XDG_CACHE_HOME/iconpick` when that is an absolute path (the XDG rule), else `~/.cache/iconpick`.
  public static func defaultDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
      return URL(fileURLWithPath: base).appendingPathComponent("iconpick")
    }
    let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home).appendingPathComponent(".cache/iconpick")
  }

  /// What an entry depends on. Two keys are the same entry only if every part matches.
  public struct Key: Equatable, Sendable {
    public var text: String

    /// Nil when the source file cannot be examined (then nothing is cached for it).
    public init?(source: URL, parameters: String) {
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: source.path),
        let size = attributes[.size] as? NSNumber,
        let modified = attributes[.modificationDate] as? Date
      else { return nil }
      text =
        "\(source.standardizedFileURL.path)\n\(size.int64Value)\n\(modified.timeIntervalSince1970)\n\(parameters)"
    }

    init(text: String) { self.text = text }

    /// The entry's file name: a stable 64-bit FNV-1a hash (Swift's Hasher is seeded per
    /// process); the full key is stored inside the entry, so a collision reads as a miss.
    var fileName: String {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
      }
      return String(hash, radix: 16) + ".thumb"
    }
  }

  private static let magic = Array("iconpick-thumbnail 1\n".utf8)

  /// The cached bytes for `key`; nil on a miss. A damaged or foreign entry is a miss (and
  /// is replaced by the next `store`).
  public func load(_ key: Key) -> [UInt8]? {
    guard let data = FileManager.default.contents(atPath: file(for: key).path) else { return nil }
    let bytes = [UInt8](data)
    let header = Self.magic + Array(key.text.utf8) + [0]
    guard bytes.count >= header.count + 8, Array(bytes[0..<header.count]) == header else {
      return nil
    }
    var length: UInt64 = 0
    for byte in bytes[header.count..<(header.count + 8)] { length = length << 8 | UInt64(byte) }
    let payload = bytes[(header.count + 8)...]
    guard UInt64(payload.count) == length else { return nil }
    return Array(payload)
  }

  /// Writes the entry atomically (a temporary file renamed into place), so a reader never sees
  /// half an entry. Failures are ignored: the cache only saves time.
  public func store(_ bytes: [UInt8], for key: Key) {
    let fileManager = FileManager.default
    guard
      (try? fileManager.createDirectory(at: directory, withIntermediateDirectories: true)) != nil
    else { return }
    var entry = Self.magic + Array(key.text.utf8) + [0]
    let length = UInt64(bytes.count)
    for shift in stride(from: 56, through: 0, by: -8) {
      entry.append(UInt8(truncatingIfNeeded: length >> UInt64(shift)))
    }
    entry += bytes
    let target = file(for: key)
    let temporary = directory.appendingPathComponent(
      ".\(target.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString).tmp"
    )
    do {
      try Data(entry).write(to: temporary)
      if rename(temporary.path, target.path) != 0 { try? fileManager.removeItem(at: temporary) }
    } catch {
      try? fileManager.removeItem(at: temporary)
    }
  }

  func file(for key: Key) -> URL { directory.appendingPathComponent(key.fileName) }
}
