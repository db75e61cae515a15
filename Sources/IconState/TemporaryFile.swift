import FoundationEssentials
import Glibc

/// The first half of an atomic replace, shared by the state files: `contents` in a fresh 0600
/// file in `directory`, written whole and synced, ready to be renamed over `target`. On any
/// failure the file is gone and the error names `target`.
enum TemporaryFile {
  static func write(
    _ contents: [UInt8], in directory: String, prefix: String, target: String,
    calls: SystemCalls = .system
  ) throws(IconStateError) -> String {
    var path = ""
    var fd: Int32 = -1
    for _ in 0..<100 {
      let suffix = String(UInt64.random(in: .min ... .max), radix: 16)
      path = "\(directory)/\(prefix).tmp-\(suffix)"
      fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
      if fd >= 0 || errno != EEXIST { break }
    }
    guard fd >= 0 else { throw .writeFailed(file: target, reason: errorText(errno)) }
    _ = fchmod(fd, 0o600)

    func fail(_ code: Int32) -> IconStateError {
      close(fd)
      unlink(path)
      return .writeFailed(file: target, reason: errorText(code))
    }
    var written = 0
    while written < contents.count {
      let count = contents.withUnsafeBytes {
        calls.write(fd, $0.baseAddress! + written, $0.count - written)
      }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        throw fail(code)
      }
      // write() returning 0 for a non-empty buffer would loop forever; treat it as a full disk.
      if count == 0 { throw fail(ENOSPC) }
      written += count
    }
    if calls.fsync(fd) != 0 { throw fail(errno) }
    if close(fd) != 0 {
      let code = errno
      unlink(path)
      throw .writeFailed(file: target, reason: errorText(code))
    }
    return path
  }

  static func errorText(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
