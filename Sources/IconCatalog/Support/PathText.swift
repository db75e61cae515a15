/// Path arithmetic on text, as swift-build's `Path` does it on setting values (no file system),
/// and where iconpick used NSString's path functions.
public enum PathText {
  /// Everything before the last `/` (`/` for a root file); empty for a bare name.
  public static func directory(_ path: String) -> String {
    let trimmed = trimmingTrailingSlashes(path)
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    let head = String(trimmed[..<slash])
    return head.isEmpty ? "/" : head
  }

  public static func lastComponent(_ path: String) -> String {
    let trimmed = trimmingTrailingSlashes(path)
    guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
    return String(trimmed[trimmed.index(after: slash)...])
  }

  /// The extension with its dot (`.png`), or empty; a leading dot is not an extension.
  public static func suffix(_ path: String) -> String {
    let name = lastComponent(path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[dot...])
  }

  /// The extension without its dot (`png`), or empty: NSString's `pathExtension`.
  public static func pathExtension(_ path: String) -> String { String(suffix(path).dropFirst()) }

  public static func baseName(_ path: String) -> String {
    let name = lastComponent(path)
    return String(name.dropLast(suffix(path).count))
  }

  public static func withoutSuffix(_ path: String) -> String {
    String(trimmingTrailingSlashes(path).dropLast(suffix(path).count))
  }

  public static func join(_ head: String, _ tail: String) -> String {
    if head.isEmpty || tail.hasPrefix("/") { return tail }
    return head.hasSuffix("/") ? head + tail : head + "/" + tail
  }

  /// `.` and empty components dropped, `..` taking the one before it (kept at the start of a
  /// relative path).
  public static func standardized(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
        continue
      }
      if part == "..", absolute { continue }
      parts.append(part)
    }
    let joined = parts.joined(separator: "/")
    if absolute { return "/" + joined }
    return joined.isEmpty ? "." : joined
  }

  /// `path` relative to the folder `base` (both absolute and standardized).
  public static func relative(_ path: String, to base: String) -> String {
    let from = base.split(separator: "/")
    let to = path.split(separator: "/")
    var common = 0
    while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
    let parts = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }

  private static func trimmingTrailingSlashes(_ path: String) -> String {
    var result = Substring(path)
    while result.count > 1, result.hasSuffix("/") { result = result.dropLast() }
    return String(result)
  }
}
