#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The user's home folder, for the XDG defaults (`~/.local/state`, `~/.cache`).
public enum HomeFolder {
  /// HOME when it is an absolute path, else the password database's entry; with neither, the
  /// root folder.
  public static func path(environment: [String: String]) -> String {
    if let home = environment["HOME"], home.hasPrefix("/") { return home }
    if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir {
      let path = String(cString: directory)
      if path.hasPrefix("/") { return path }
    }
    return "/"
  }
}
