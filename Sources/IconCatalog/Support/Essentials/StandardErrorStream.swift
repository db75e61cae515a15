#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Text on stderr with write(2), as it is: nothing buffered, no global FILE. (Foundation's
/// FileHandle.write trapped when the write failed, a full disk or a `ulimit -f` on a redirected
/// stderr; a message that cannot be written is dropped, never a crash.)
public enum StandardErrorStream {
  public static func write(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      bytes = bytes.dropFirst(written)
    }
  }
}
