import CZip
import FoundationEssentials
import SharedLibrary

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// libzip, loaded with dlopen on first use: linking it would make every command pay at start-up
/// for it and what it pulls in (gnutls, nettle, zstd, lzma, bz2), while only an `.ipa` needs it.
/// The functions are looked up once; a missing library or symbol is an error naming the fix.
///
/// Opened through `SharedLibrary`, the loader cairo and librsvg use too.
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
  typealias ExternalAttributes =
    @convention(c) (
      OpaquePointer?, zip_uint64_t, zip_flags_t, UnsafeMutablePointer<zip_uint8_t>?,
      UnsafeMutablePointer<zip_uint32_t>?
    ) -> Int32

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
  let externalAttributes: ExternalAttributes

  /// The sonames Debian and others ship, newest first.
  static let libraryNames = ["libzip.so.5", "libzip.so.4", "libzip.so"]

  /// The library, opened on first use by the project's loader of optional C libraries.
  static let library = SharedLibrary(
    name: "libzip", sonames: libraryNames, package: "libzip4",
    requiredFunctions: [
      "zip_open", "zip_discard", "zip_get_num_entries", "zip_stat_index", "zip_fopen_index",
      "zip_fread", "zip_fclose", "zip_error_init_with_code", "zip_error_strerror",
      "zip_error_fini", "zip_file_get_error", "zip_file_get_external_attributes",
    ],
    overrideVariable: "ICONPICK_LIBZIP_SONAME")

  /// libzip's functions, or why they cannot be had; worked out once.
  static let shared: Result<LibZip, ArchiveProblemText> = load()

  struct ArchiveProblemText: Error { let text: String }

  private static func load() -> Result<LibZip, ArchiveProblemText> {
    do {
      try library.load()
    } catch {
      return .failure(ArchiveProblemText(text: error.description))
    }
    // Every one is in requiredFunctions, which load() checked.
    guard let open = library.function("zip_open", as: Open.self),
      let discard = library.function("zip_discard", as: Discard.self),
      let entryCount = library.function("zip_get_num_entries", as: EntryCount.self),
      let statIndex = library.function("zip_stat_index", as: StatIndex.self),
      let fileOpenIndex = library.function("zip_fopen_index", as: FileOpenIndex.self),
      let fileRead = library.function("zip_fread", as: FileRead.self),
      let fileClose = library.function("zip_fclose", as: FileClose.self),
      let errorInit = library.function("zip_error_init_with_code", as: ErrorInit.self),
      let errorText = library.function("zip_error_strerror", as: ErrorText.self),
      let errorFinish = library.function("zip_error_fini", as: ErrorFinish.self),
      let fileError = library.function("zip_file_get_error", as: FileError.self),
      let externalAttributes = library.function(
        "zip_file_get_external_attributes", as: ExternalAttributes.self)
    else {
      return .failure(ArchiveProblemText(text: "libzip lacks a function iconpick calls"))
    }
    return .success(
      LibZip(
        open: open, discard: discard, entryCount: entryCount, statIndex: statIndex,
        fileOpenIndex: fileOpenIndex, fileRead: fileRead, fileClose: fileClose,
        errorInit: errorInit, errorText: errorText, errorFinish: errorFinish,
        fileError: fileError, externalAttributes: externalAttributes))
  }

  /// libzip's text for an error code.
  func message(code: Int32) -> String {
    var error = zip_error_t()
    errorInit(&error, code)
    defer { errorFinish(&error) }
    return errorText(&error).map { String(cString: $0) } ?? "libzip error \(code)"
  }
}
