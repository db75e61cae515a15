/// Something in `icon.json` that is not what Icon Composer writes. Reading goes on past it (the
/// value is left out, so drawing falls back to the default); `iconpick check` reports it.
public struct IconComposerProblem: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// Where in the JSON, as `groups[0].layers[1].fill`.
  public var path: String
  public var reason: Reason

  public init(path: String, reason: Reason) {
    self.path = path
    self.reason = reason
  }

  public enum Reason: Sendable, Equatable, Hashable, Error {
    /// A colour string that does not parse: the string, and why.
    case badColor(String, String)
    /// A `linear-gradient` with other than two colours.
    case gradientColorCount(Int)
    /// An object lacking keys it needs (`position` without `scale`, `shadow` without `kind`).
    case incomplete(missing: [String])
    /// A string that is not one of the values Icon Composer writes.
    case unknownValue(String, allowed: [String])
    /// A value of the wrong JSON type.
    case wrongType(expected: String)
    /// A key that makes Xcode 26's asset compiler crash (Icon Composer 2's `features`, a string
    /// `specular`).
    case crashesAssetCompiler(String)
  }

  public var description: String {
    let place = path.isEmpty ? "the top level" : path
    switch reason {
    case .badColor(let text, let why): return "\(place): bad colour \"\(text)\": \(why)"
    case .gradientColorCount(let count):
      return "\(place): a linear-gradient needs exactly 2 colours, not \(count)"
    case .incomplete(let missing):
      return "\(place): missing \(missing.map { "\"\($0)\"" }.joined(separator: " and "))"
    case .unknownValue(let value, let allowed):
      return "\(place): unknown value \"\(value)\" (expected \(allowed.joined(separator: ", ")))"
    case .wrongType(let expected): return "\(place): expected \(expected)"
    case .crashesAssetCompiler(let what):
      return "\(place): \(what) makes Xcode 26's asset compiler (actool) crash"
    }
  }
}
