import Glibc
import Synchronization

/// A C library opened with `dlopen` the first time it is needed, rather than linked: a program
/// that links a library maps it, and everything it depends on, at every start, even when the
/// command at hand never calls it.
///
/// Loading happens once, on the first `load()` or `function(_:as:)`, and is safe from any
/// thread; later calls give the same result, the library or the reason it is missing. Its
/// functions are found by name (`dlsym`), in the library and in the libraries it depends on.
public final class SharedLibrary: Sendable {
  /// What people call it, for messages: "librsvg".
  public let name: String
  /// The file names tried in turn (`dlopen` searches the system's library folders).
  public let sonames: [String]
  /// The Debian package that installs it, for messages: "librsvg2-2".
  public let package: String
  /// Functions a usable version must have (the newest ones called): a library without one is
  /// refused on load, so no call finds a function missing.
  public let requiredFunctions: [String]
  /// An environment variable that, when set, names the one file to open instead of `sonames`
  /// (tests point it at a file that is not there).
  public let overrideVariable: String?

  private let state = Mutex(State.notLoaded)

  private enum State {
    case notLoaded
    /// The `dlopen` handle as a bit pattern (handles stay valid: the library is never closed),
    /// and the functions found so far, by name, as bit patterns.
    case loaded(handle: UInt, functions: [String: UInt])
    case missing(SharedLibraryError)
  }

  public init(
    name: String, sonames: [String], package: String, requiredFunctions: [String] = [],
    overrideVariable: String? = nil
  ) {
    self.name = name
    self.sonames = sonames
    self.package = package
    self.requiredFunctions = requiredFunctions
    self.overrideVariable = overrideVariable
  }

  /// Opens the library unless it is open already; throws, now and on every later call, when
  /// it is not installed or too old.
  public func load() throws(SharedLibraryError) {
    try state.withLock { state throws(SharedLibraryError) in
      _ = try open(&state)
    }
  }

  /// The function `symbol` as `type`, a `@convention(c)` function type that matches its C
  /// declaration. Nil when the library is missing or has no such function; after a successful
  /// `load()`, only a name outside `requiredFunctions` in an old library can be missing.
  public func function<Function>(_ symbol: String, as type: Function.Type) -> Function? {
    precondition(
      MemoryLayout<Function>.size == MemoryLayout<UnsafeRawPointer>.size,
      "\(Function.self) is not a C function type")
    let address: UInt? = state.withLock { state in
      guard let handle = try? open(&state) else { return nil }
      if case .loaded(_, let functions) = state, let known = functions[symbol] { return known }
      guard let found = dlsym(UnsafeMutableRawPointer(bitPattern: handle), symbol) else {
        return nil
      }
      let address = UInt(bitPattern: found)
      if case .loaded(let handle, var functions) = state {
        functions[symbol] = address
        state = .loaded(handle: handle, functions: functions)
      }
      return address
    }
    guard let address, let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
    return unsafeBitCast(pointer, to: Function.self)
  }

  /// The open handle, opening the library on the first call; the state holds the outcome.
  private func open(_ state: inout State) throws(SharedLibraryError) -> UInt {
    switch state {
    case .loaded(let handle, _): return handle
    case .missing(let error): throw error
    case .notLoaded: break
    }
    let outcome = Result { () throws(SharedLibraryError) in try openFirstFound() }
    switch outcome {
    case .success(let handle):
      state = .loaded(handle: handle, functions: [:])
      return handle
    case .failure(let error):
      state = .missing(error)
      throw error
    }
  }

  private func openFirstFound() throws(SharedLibraryError) -> UInt {
    var candidates = sonames
    if let overrideVariable, let file = getenv(overrideVariable).map({ String(cString: $0) }),
      !file.isEmpty
    {
      candidates = [file]
    }
    var reason = "no file name to open"
    for soname in candidates {
      // RTLD_LOCAL: its symbols stay out of the global scope, so they cannot stand in for
      // another library's of the same name.
      guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
        reason = dlerror().map { String(cString: $0) } ?? "\(soname) cannot be opened"
        continue
      }
      for required in requiredFunctions where dlsym(handle, required) == nil {
        dlclose(handle)
        throw .tooOld(library: name, package: package, missingFunction: required)
      }
      return UInt(bitPattern: handle)
    }
    throw .notInstalled(library: name, package: package, reason: reason)
  }
}

/// Why a library cannot be used.
public enum SharedLibraryError: Error, Equatable, CustomStringConvertible {
  /// No file of the library could be opened; `reason` is the dynamic loader's message.
  case notInstalled(library: String, package: String, reason: String)
  /// The library opened, but lacks `missingFunction`: an older version than the one needed.
  case tooOld(library: String, package: String, missingFunction: String)

  public var description: String {
    switch self {
    case .notInstalled(let library, let package, let reason):
      return "\(library) is not installed: apt-get install \(package) (\(reason))"
    case .tooOld(let library, let package, let missingFunction):
      return
        "\(library) is too old (it has no \(missingFunction)): apt-get install a newer \(package)"
    }
  }
}
