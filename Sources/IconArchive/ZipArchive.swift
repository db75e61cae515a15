import CZip
import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Zip archives (`.ipa` files) read in place with libzip: the central directory is listed once,
/// entries are inflated into memory on request, each with a cap, and nothing is ever written to
/// disk. Installed into IconCatalog with `IconArchive.install()`.
public enum IconArchive {
  /// Lets IconCatalog open `.ipa` files through this module.
  public static func install() {
    ArchivedFiles.install { url throws(ArchiveProblem) in try ZipArchive.open(url) }
  }

  /// More entries than any app has (a big one has tens of thousands): the listing is refused.
  public static let maximumEntries = 500_000
}

/// One open archive. libzip's handle is not safe to share between threads, so every use goes
/// through a lock; the handle lives as long as this object.
final class ZipArchive: @unchecked Sendable {
  private let library: LibZip
  private let handle: OpaquePointer
  private let lock = Lock()

  private init(library: LibZip, handle: OpaquePointer) {
    self.library = library
    self.handle = handle
  }

  deinit { library.discard(handle) }

  /// `NSLock.withLock` without losing the error's type.
  private func locked<T>(_ body: () throws(ArchiveProblem) -> T) throws(ArchiveProblem) -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  static func open(_ url: URL) throws(ArchiveProblem) -> ArchiveAccess {
    let library: LibZip
    switch LibZip.shared {
    case .success(let loaded): library = loaded
    case .failure(let problem): throw ArchiveProblem(problem.text)
    }
    var code: Int32 = 0
    // Read-only. Not ZIP_CHECKCONS: it refuses archives other tools read (a fixture whose
    // folder entries were edited later), and every entry read here is capped anyway.
    guard let handle = library.open(url.path, ZIP_RDONLY, &code) else {
      switch code {
      case ZIP_ER_NOZIP: throw ArchiveProblem("not a zip archive, which an .ipa is")
      case ZIP_ER_INCONS:
        throw ArchiveProblem("a damaged zip archive (libzip: \(library.message(code: code)))")
      default:
        throw ArchiveProblem(
          "cannot be opened as a zip archive (libzip: \(library.message(code: code)))")
      }
    }
    let archive = ZipArchive(library: library, handle: handle)
    let entries = try archive.list()
    return ArchiveAccess(
      entries: entries,
      read: { index, limit throws(ArchiveProblem) in
        try archive.read(index, declared: entries[index].declaredSize, limit: limit)
      },
      readPrefix: { index, count throws(ArchiveProblem) in
        try archive.read(index, declared: entries[index].declaredSize, prefix: count)
      })
  }

  private func list() throws(ArchiveProblem) -> [ArchiveEntry] {
    try locked { () throws(ArchiveProblem) -> [ArchiveEntry] in
      let count = library.entryCount(handle, 0)
      guard count >= 0 else { throw ArchiveProblem("its entries cannot be counted") }
      guard count <= IconArchive.maximumEntries else {
        throw ArchiveProblem(
          "\(count) entries, more than the \(IconArchive.maximumEntries) iconpick reads")
      }
      var entries: [ArchiveEntry] = []
      entries.reserveCapacity(Int(count))
      for index in 0..<UInt64(count) {
        var status = zip_stat_t()
        guard library.statIndex(handle, index, zip_flags_t(ZIP_FL_ENC_RAW), &status) == 0,
          let name = status.name
        else { throw ArchiveProblem("entry \(index) cannot be read") }
        // A symbolic link made on Unix: the file type in the high half of the attributes.
        var system: zip_uint8_t = 0
        var attributes: zip_uint32_t = 0
        let isLink =
          library.externalAttributes(handle, index, 0, &system, &attributes) == 0
          && system == zip_uint8_t(ZIP_OPSYS_UNIX)
          && (attributes >> 16) & UInt32(S_IFMT) == UInt32(S_IFLNK)
        // Raw bytes: a name that is not UTF-8 is shown with replacement characters, and then
        // matches nothing the reader looks for.
        entries.append(
          ArchiveEntry(
            name: String(
              decoding: UnsafeRawBufferPointer(start: name, count: strlen(name)), as: UTF8.self),
            declaredSize: status.valid & UInt64(ZIP_STAT_SIZE) != 0
              ? Int(clamping: status.size) : Int.max,
            isSymbolicLink: isLink))
      }
      return entries
    }
  }

  /// Inflates the first `count` bytes of entry `index` (fewer when it is shorter), and no more:
  /// a header is read without inflating the rest.
  private func read(_ index: Int, declared: Int, prefix count: Int) throws(ArchiveProblem)
    -> [UInt8]
  {
    try locked { () throws(ArchiveProblem) -> [UInt8] in
      guard let file = library.fileOpenIndex(handle, UInt64(index), 0) else {
        throw ArchiveProblem("an entry cannot be opened (encrypted, or an unknown compression)")
      }
      defer { _ = library.fileClose(file) }
      let wanted = max(0, min(count, declared))
      var bytes = [UInt8](repeating: 0, count: wanted)
      var done = 0
      while done < wanted {
        let read = bytes.withUnsafeMutableBytes { buffer in
          library.fileRead(file, buffer.baseAddress! + done, UInt64(wanted - done))
        }
        if read < 0 { throw damaged(file) }
        if read == 0 { break }
        done += Int(read)
      }
      bytes.removeLast(wanted - done)
      return bytes
    }
  }

  private func damaged(_ file: OpaquePointer) -> ArchiveProblem {
    let text = library.fileError(file).flatMap { library.errorText($0) }.map {
      String(cString: $0)
    }
    return ArchiveProblem("an entry's data is damaged (libzip: \(text ?? "read error"))")
  }

  /// Inflates entry `index` into memory: refused when it declares more than `limit`, or yields
  /// more than it declared (a zip bomb lies about its sizes), or its data is damaged.
  private func read(_ index: Int, declared: Int, limit: Int) throws(ArchiveProblem) -> [UInt8] {
    guard declared <= limit else {
      throw ArchiveProblem("an entry declares \(declared) bytes, over the limit of \(limit)")
    }
    return try locked { () throws(ArchiveProblem) -> [UInt8] in
      guard let file = library.fileOpenIndex(handle, UInt64(index), 0) else {
        throw ArchiveProblem("an entry cannot be opened (encrypted, or an unknown compression)")
      }
      defer { _ = library.fileClose(file) }
      // Read in pieces up to one byte past the declared size, to catch an entry that inflates
      // past it: a lie about the size costs only what is really inflated, never the claim.
      var bytes: [UInt8] = []
      bytes.reserveCapacity(min(declared, 1 << 20))
      var piece = [UInt8](repeating: 0, count: 1 << 16)
      while bytes.count <= declared {
        let wanted = min(piece.count, declared + 1 - bytes.count)
        let count = piece.withUnsafeMutableBytes { buffer in
          library.fileRead(file, buffer.baseAddress!, UInt64(wanted))
        }
        if count < 0 { throw damaged(file) }
        if count == 0 { break }
        bytes += piece[0..<Int(count)]
      }
      guard bytes.count <= declared else {
        throw ArchiveProblem("an entry inflates to more than the \(declared) bytes it declares")
      }
      guard bytes.count == declared else {
        throw ArchiveProblem(
          "an entry inflates to \(bytes.count) bytes, not the \(declared) it declares")
      }
      return bytes
    }
  }
}
