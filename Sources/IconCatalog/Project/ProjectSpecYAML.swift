import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How an XcodeGen spec's YAML becomes plain values (`[String: Any]`, `[Any]`, `String`, `Bool`,
/// `Int`, `Double`, `NSNull`), as Foundation gives a property list. IconCatalog stays Foundation
/// only: the executable installs a parser (SpecYAML, with libyaml), as it installs IconArchive's
/// opener of `.ipa` files.
public enum ProjectSpecYAML {
  /// The same as a property list's (`PlistDepth`).
  public static let maximumDepth = PlistDepth.maximum
  /// Values in the document, counting each alias as the values it stands for. Real specs hold
  /// a few hundred.
  public static let maximumValues = 1_000_000

  /// Why a document was refused: the text names the line where the parser saw it.
  public struct Problem: Error, Equatable {
    public var reason: String
    /// Set when the spec was not read because libyaml cannot be opened: nothing in it is wrong.
    public var libraryMissing: Bool
    public init(reason: String, libraryMissing: Bool = false) {
      self.reason = reason
      self.libraryMissing = libraryMissing
    }
  }

  /// The document's top value (nil for an empty document); only the first document of a stream.
  public typealias Parser = @Sendable ([UInt8]) throws(Problem) -> Any?

  private static let lock = Lock()
  nonisolated(unsafe) private static var installed: Parser?

  /// Sets how YAML is parsed (`SpecYAML.install` does it).
  public static func install(_ parser: @escaping Parser) {
    lock.withLock { installed = parser }
  }

  /// `bytes` parsed by the installed parser; without one, a spec is refused saying so.
  static func parse(_ bytes: [UInt8]) throws(Problem) -> Any? {
    guard let parser = lock.withLock({ installed }) else {
      throw Problem(reason: "this build of iconpick cannot read YAML")
    }
    return try parser(bytes)
  }
}
