import FoundationEssentials
import IconCatalog

/// What a change was about to do, written and fsynced before its first byte is (SQLite's
/// rollback journal): each path as it was (its bytes in a blob file beside the journal, their
/// length and checksum, its mode), the files and folders the change makes and removes, and the
/// temporary files it writes through. With it, a change killed part-way is undone by the next
/// command that reads the project (`ChangeRecovery`).
///
/// On disk: a first line `iconpick journal 1`, a second line with the body's length in bytes and
/// its checksum, then the body, JSON. A journal whose length, checksum or version is not right is
/// never acted on.
public struct ChangeJournal: Codable, Sendable, Equatable {
  /// The journal's format: a journal of another is refused, not guessed at.
  public static let version = 1
  static let magic = "iconpick journal"

  /// Random hex: the temporary files' names end with it, so recovery knows them.
  public var id: String
  /// The writer, for people reading the file.
  public var pid: Int32
  /// In the order the change applies them.
  public var entries: [Entry]

  public struct Entry: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
      /// An existing file rewritten: `original` and `mode` say what it was.
      case modify
      /// A new file: `updated` says what it will hold, so recovery removes only that.
      case create
      /// A file removed: `original` and `mode`.
      case delete
      /// A new folder (removed again deepest first).
      case createFolder
      /// A folder removed (made again, with `mode`).
      case deleteFolder
    }
    public var kind: Kind
    /// Relative to the project root (the folder holding `.iconpick`), `/`-separated.
    public var path: String
    /// The mode it had (permission bits); for a removed folder, the folder's.
    public var mode: UInt32?
    /// Where the original bytes are kept.
    public var original: Blob?
    /// The new bytes' length and checksum (a new file).
    public var updated: Digest?
    /// The temporary file the change writes through, relative to the root: `.NAME.iconpick-ID`
    /// beside the path.
    public var temporary: String?

    public init(
      kind: Kind, path: String, mode: UInt32? = nil, original: Blob? = nil,
      updated: Digest? = nil, temporary: String? = nil
    ) {
      self.kind = kind
      self.path = path
      self.mode = mode
      self.original = original
      self.updated = updated
      self.temporary = temporary
    }
  }

  /// Bytes kept in a file of the journal folder.
  public struct Blob: Codable, Sendable, Equatable {
    /// A plain name in the journal folder: `blob-3`.
    public var file: String
    public var length: Int
    public var checksum: String

    public init(file: String, length: Int, checksum: String) {
      self.file = file
      self.length = length
      self.checksum = checksum
    }
  }

  public struct Digest: Codable, Sendable, Equatable {
    public var length: Int
    public var checksum: String

    public init(_ bytes: [UInt8]) {
      length = bytes.count
      checksum = ChangeJournal.checksum(bytes)
    }

    public func matches(_ bytes: [UInt8]) -> Bool {
      bytes.count == length && ChangeJournal.checksum(bytes) == checksum
    }
  }

  public init(id: String, pid: Int32, entries: [Entry]) {
    self.id = id
    self.pid = pid
    self.entries = entries
  }

  /// The temporary file for `path` (relative to the root): `.NAME.iconpick-ID` in its folder.
  public static func temporaryName(for path: String, id: String) -> String {
    let folder = PathText.directory(path)
    let name = ".\(PathText.lastComponent(path)).iconpick-\(id)"
    return folder.isEmpty ? name : folder + "/" + name
  }

  // MARK: Bytes

  /// 64-bit FNV-1a, as 16 hex digits: enough to tell a torn or altered file from the one written.
  public static func checksum(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    bytes.withUnsafeBufferPointer { buffer in
      for byte in buffer {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01b3
      }
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// The file's bytes: the two header lines, then the body.
  public func encoded() -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    // Encoding plain strings and numbers cannot fail.
    let body = [UInt8]((try? encoder.encode(self)) ?? Data())
    let header = "\(Self.magic) \(Self.version)\n\(body.count) \(Self.checksum(body))\n"
    return Array(header.utf8) + body
  }

  /// Why a journal cannot be trusted.
  public struct Untrusted: Error, Sendable, Equatable {
    public var reason: String
  }

  /// Reads a journal's bytes, checking its header, length, checksum and version, then every
  /// entry (`validate`). Throws with the reason it cannot be trusted.
  public static func decode(_ bytes: [UInt8]) throws(Untrusted) -> ChangeJournal {
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    while lines.count < 2 {
      guard let newline = bytes[start...].firstIndex(of: 0x0A) else {
        throw Untrusted(reason: "it ends before its header does (torn)")
      }
      lines.append(bytes[start..<newline])
      start = newline + 1
    }
    let first = String(decoding: lines[0], as: UTF8.self)
    guard first.hasPrefix(magic + " ") else {
      throw Untrusted(reason: "it does not start with \"\(magic)\"")
    }
    let version = first.dropFirst(magic.count + 1)
    guard version == String(Self.version) else {
      throw Untrusted(
        reason:
          "it is version \(MessageText.escaped(String(version.prefix(20)))), and this iconpick knows version \(Self.version)"
      )
    }
    let second = String(decoding: lines[1], as: UTF8.self).split(separator: " ")
    guard second.count == 2, let length = Int(second[0]), length >= 0 else {
      throw Untrusted(reason: "its second line is not a length and a checksum")
    }
    let body = Array(bytes[start...])
    guard body.count == length else {
      throw Untrusted(
        reason: "it holds \(body.count) bytes after its header where it says \(length) (torn)")
    }
    guard checksum(body) == second[1] else {
      throw Untrusted(reason: "its checksum does not match its contents")
    }
    let journal: ChangeJournal
    do {
      journal = try JSONDecoder().decode(ChangeJournal.self, from: Data(body))
    } catch {
      throw Untrusted(reason: "its contents are not a journal iconpick wrote")
    }
    try journal.validate()
    return journal
  }

  /// Every entry names a place under the root in a form this version writes: a relative path
  /// with no `.` or `..`, nothing inside `.iconpick`, temporary files named as the applier names
  /// them, blobs in the journal folder, what each kind needs.
  public func validate() throws(Untrusted) {
    guard !id.isEmpty, id.count <= 32, id.utf8.allSatisfy(Self.isHexDigit) else {
      throw Untrusted(reason: "its id is not hexadecimal")
    }
    var blobs = Set<String>()
    for entry in entries {
      let shown = MessageText.escaped(String(entry.path.prefix(200)))
      guard Self.isPlainRelative(entry.path) else {
        throw Untrusted(reason: "it names \"\(shown)\", which is not a path inside the project")
      }
      guard entry.path != JournalFolder.name, !entry.path.hasPrefix(JournalFolder.name + "/")
      else { throw Untrusted(reason: "it names \"\(shown)\", inside its own folder") }
      if let mode = entry.mode, mode > 0o7777 {
        throw Untrusted(reason: "the mode of \"\(shown)\" is not a file mode")
      }
      if let temporary = entry.temporary,
        temporary != Self.temporaryName(for: entry.path, id: id)
      {
        throw Untrusted(
          reason: "the temporary file of \"\(shown)\" is not named as iconpick names it")
      }
      if let blob = entry.original {
        guard Self.isBlobName(blob.file), blob.length >= 0, blobs.insert(blob.file).inserted
        else {
          throw Untrusted(reason: "the original of \"\(shown)\" is not kept as iconpick keeps it")
        }
      }
      switch entry.kind {
      case .modify, .delete:
        guard entry.original != nil, entry.mode != nil else {
          throw Untrusted(reason: "it does not keep what \"\(shown)\" was")
        }
      case .create:
        guard entry.updated != nil else {
          throw Untrusted(reason: "it does not say what the new file \"\(shown)\" holds")
        }
      case .deleteFolder:
        guard entry.mode != nil else {
          throw Untrusted(reason: "it does not keep the mode of the folder \"\(shown)\"")
        }
      case .createFolder:
        break
      }
    }
  }

  static func isHexDigit(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte)
  }

  static func isPlainRelative(_ path: String) -> Bool {
    guard !path.isEmpty, !path.hasPrefix("/"), !path.utf8.contains(0) else { return false }
    return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
      !$0.isEmpty && $0 != "." && $0 != ".."
    }
  }

  static func isBlobName(_ name: String) -> Bool {
    guard name.hasPrefix("blob-") else { return false }
    let digits = name.dropFirst(5)
    return !digits.isEmpty && digits.count <= 9 && digits.allSatisfy(\.isASCIIDigitCharacter)
  }
}

extension Character {
  fileprivate var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
