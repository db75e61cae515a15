import CZip
import Foundation

/// libzip, loaded with dlopen on first use: linking it would make every command pay at start-up
/// for it and what it pulls in (gnutls, nettle, zstd, lzma, bz2), while only an `.ipa` needs it.
/// The functions are looked up once; a missing library or symbol is an error naming the fix.
///
/// Kept small and separate so it can join a shared loader of optional libraries later.
struct LibZip: @unchecked Sendable {
  typealias Open =
    @convention(c) (UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<Int32>?) -> OpaquePointer?
  typealias Discard = @convention(c) (OpaquePointer?) -> Void
  typealias EntryCount = @convention(c) (OpaquePointer?, zip_flags_t) -> zip_int64_t
  typealias StatIndex =
    @convention(c) (OpaquePointer?, zip_uint64_t, zip_flags_t, UnsafeMutablePointer<zip_stat_t>?) ->
    Int32
  typealias FileOpenIndex =
    @convention(c) (OpaquePointer?, zip_uint64_t, zip_flags_t) -> OpaquePointer?
  typealias FileRead =
    @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, zip_uint64_t) -> zip_int64_t
  typealias FileClose = @convention(c) (OpaquePointer?) -> Int32
  typealias ErrorInit = @convention(c) (UnsafeMutablePointer<zip_error_t>?, Int32) -> Void
  typealias ErrorText = @convention(c) (UnsafeMutablePointer<zip_error_t>?) -> UnsafePointer<CChar>?
  typealias ErrorFinish = @convention(c) (UnsafeMutablePointer<zip_error_t>?) -> Void
  typealias FileError = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<zip_error_t>?

  let open: Open
  let discard: Discard
  let entryCount: EntryCount
  let statIndex: StatIndex
  let fileOpenIndex: FileOpenIndex
  let fileRead: FileRead
  let fileClose: FileClose
  let errorInit: ErrorInit
  let errorText: ErrorText
  let errorFinish: ErrorFinish
  let fileError: FileError

  /// The sonames Debian and others ship, newest first.
  static let libraryNames = ["libzip.so.5", "libzip.so.4", "libzip.so"]

  /// libzip, or why it cannot be loaded; worked out once.
  static let shared: Result<LibZip, ArchiveProblemText> = load()

  struct ArchiveProblemText: Error { let text: String }

  private static func load() -> Result<LibZip, ArchiveProblemText> {
    guard let handle = libraryNames.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first
    else {
      return .failure(
        ArchiveProblemText(
          text: "libzip is not installed (\(libraryNames.joined(separator: ", ")) not found): "
            + "install it (Debian: apt-get install libzip4, or `make setup`)"))
    }
    var missing: [String] = []
    func symbol<T>(_ name: String, as type: T.Type) -> T? {
      guard let pointer = dlsym(handle, name) else {
        missing.append(name)
        return nil
      }
      return unsafeBitCast(pointer, to: type)
    }
    let library = (
      symbol("zip_open", as: Open.self), symbol("zip_discard", as: Discard.self),
      symbol("zip_get_num_entries", as: EntryCount.self),
      symbol("zip_stat_index", as: StatIndex.self),
      symbol("zip_fopen_index", as: FileOpenIndex.self), symbol("zip_fread", as: FileRead.self),
      symbol("zip_fclose", as: FileClose.self),
      symbol("zip_error_init_with_code", as: ErrorInit.self),
      symbol("zip_error_strerror", as: ErrorText.self),
      symbol("zip_error_fini", as: ErrorFinish.self),
      symbol("zip_file_get_error", as: FileError.self)
    )
    guard let open = library.0, let discard = library.1, let entryCount = library.2,
      let statIndex = library.3, let fileOpenIndex = library.4, let fileRead = library.5,
      let fileClose = library.6, let errorInit = library.7, let errorText = library.8,
      let errorFinish = library.9, let fileError = library.10
    else {
      return .failure(
        ArchiveProblemText(
          text:
            "the libzip found lacks \(missing.joined(separator: ", ")): install libzip 1.2 or later"
        ))
    }
    return .success(
      LibZip(
        open: open, discard: discard, entryCount: entryCount, statIndex: statIndex,
        fileOpenIndex: fileOpenIndex, fileRead: fileRead, fileClose: fileClose,
        errorInit: errorInit, errorText: errorText, errorFinish: errorFinish,
        fileError: fileError))
  }

  /// libzip's text for an error code.
  func message(code: Int32) -> String {
    var error = zip_error_t()
    errorInit(&error, code)
    defer { errorFinish(&error) }
    return errorText(&error).map { String(cString: $0) } ?? "libzip error \(code)"
  }
}
