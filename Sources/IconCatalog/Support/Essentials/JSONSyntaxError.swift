import FoundationEssentials
import SharedLibrary

/// Where a JSON text stops being JSON. FoundationEssentials' JSONDecoder refuses such a text
/// without saying where (its error carries no position on Linux), where Foundation's
/// JSONSerialization said "around character 16"; json-c's tokener, a Debian library opened on
/// first use like the other C libraries only some commands need, says where it stopped.
/// Asked only after JSONDecoder has refused the text.
public enum JSONSyntaxError {
  /// The 0-based byte offset where json-c stopped reading `data`, or nil when json-c reads it
  /// whole or is not installed.
  public static func offset(in data: Data) -> Int? {
    typealias New = @convention(c) () -> OpaquePointer?
    typealias SetFlags = @convention(c) (OpaquePointer?, Int32) -> Void
    typealias Parse =
      @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> OpaquePointer?
    typealias GetError = @convention(c) (OpaquePointer?) -> Int32
    typealias ParseEnd = @convention(c) (OpaquePointer?) -> Int
    typealias Free = @convention(c) (OpaquePointer?) -> Void
    typealias Put = @convention(c) (OpaquePointer?) -> Int32
    guard data.count < Int(Int32.max),
      let new = library.function("json_tokener_new", as: New.self),
      let setFlags = library.function("json_tokener_set_flags", as: SetFlags.self),
      let parse = library.function("json_tokener_parse_ex", as: Parse.self),
      let getError = library.function("json_tokener_get_error", as: GetError.self),
      let parseEnd = library.function("json_tokener_get_parse_end", as: ParseEnd.self),
      let free = library.function("json_tokener_free", as: Free.self),
      let put = library.function("json_object_put", as: Put.self),
      let tokener = new()
    else { return nil }
    defer { free(tokener) }
    setFlags(tokener, 0x01)  // JSON_TOKENER_STRICT: JSON as RFC 8259 writes it
    let (object, error) = data.withUnsafeBytes { bytes in
      let object = parse(
        tokener, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count))
      return (object, getError(tokener))
    }
    if let object { _ = put(object) }
    // 0: success; 1: the text ended before the value did (the end of the file is the place).
    switch error {
    case 0:
      // A whole value read: only text after it is wrong.
      let end = parseEnd(tokener)
      return end < data.count ? end : nil
    case 1: return data.count
    default: return parseEnd(tokener)
    }
  }

  /// "at line 3, column 7" (columns in bytes), where json-c stops reading `data`; nil as for
  /// `offset(in:)`.
  public static func place(in data: Data) -> String? {
    guard let offset = offset(in: data) else { return nil }
    let lineStart = data.prefix(offset).lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    return "at line \(line(of: offset, in: data)), column \(offset - lineStart + 1)"
  }

  /// The 1-based line of `offset` in `data`.
  public static func line(of offset: Int, in data: Data) -> Int {
    1 + data.prefix(offset).reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
  }

  static let library = SharedLibrary(
    name: "json-c", sonames: ["libjson-c.so.5"], package: "libjson-c5",
    requiredFunctions: ["json_tokener_get_parse_end"])
}
