import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The words of `UIBackgroundFetchResult`, which `iconpick push` prints on stdout.
public enum PushResult: String, Sendable {
  case newData, noData, failed
}

/// What a push payload asks for, decided before anything is recorded.
public struct PushOutcome: Equatable, Sendable {
  public var result: PushResult
  /// What to record: .some(nil) = reset to the primary, .some(name) = that alternate, nil = change nothing.
  public var change: String??
  /// For `failed`: the one-line reason for stderr (names the problem; never echoes control characters raw).
  public var reason: String?

  public init(result: PushResult, change: String?? = nil, reason: String? = nil) {
    self.result = result
    self.change = change
    self.reason = reason
  }
}

/// Reads a push payload carrying `icon_name`, the way an iOS app handles a remote notification
/// that changes its icon.
///
/// The payload is untrusted. In order:
/// 1. More than `maximumSize` bytes, not UTF-8, not JSON (read by `JSONSerialization`) or not a
///    JSON object: `failed`.
/// 2. `Simulator Target Bundle` (an Xcode `.apns` file's key), when present, must be a string equal
///    to the app's bundle identifier: else `failed`.
/// 3. The name is the top-level `icon_name` when that key is present (even as null); otherwise
///    `aps.icon_name` when `aps` is an object holding that key. Neither: `noData`, nothing changes.
/// 4. null or the primary's name resets to the primary; a declared alternate (exact match) selects
///    it. Either is `noData` when it is already active, else `newData`.
/// 5. A wrong type, an empty name, a name with "/", "\" or a control character, or an unknown name:
///    `failed`, nothing changes. An unknown name's reason suggests close names.
public enum PushPayload {
  public static let maximumSize = 4096  // the APNs limit, in bytes

  /// `data` is untrusted. `source` names the file (or "stdin") in reasons. `app` gives the declared names
  /// and the bundle identifier; `activeName` is the current alternateIconName (nil = primary).
  public static func evaluate(
    _ data: [UInt8], source: String, app: AppIcons, activeName: String?
  ) -> PushOutcome {
    let origin = escaped(source)
    func failed(_ problem: String) -> PushOutcome {
      PushOutcome(result: .failed, change: nil, reason: "\(origin): \(problem)")
    }

    guard data.count <= maximumSize else {
      return PushOutcome(
        result: .failed, change: nil,
        reason:
          "\(origin) is \(data.count) bytes; a push payload is at most \(maximumSize) (the APNs limit)"
      )
    }
    // JSONSerialization also reads UTF-16 and UTF-32; a push payload is UTF-8 only.
    guard String(validating: data, as: UTF8.self) != nil else {
      return failed("the payload is not valid UTF-8")
    }
    let parsed: Any
    do {
      parsed = try JSONTree.object(from: Data(data))
    } catch {
      return failed(
        "the payload is not valid JSON"
          + (JSONSyntaxError.place(in: Data(data)).map { " (\($0))" } ?? ""))
    }
    guard let payload = parsed as? [String: Any] else {
      return failed("the payload must be a JSON object, not \(describeType(parsed))")
    }

    if let target = payload["Simulator Target Bundle"] {
      guard let bundle = target as? String else {
        return failed(
          "\"Simulator Target Bundle\" must be a string, not \(describeType(target))")
      }
      guard bundle == app.bundleIdentifier else {
        return failed(
          "the payload targets \"\(escaped(bundle))\" (Simulator Target Bundle), "
            + "not \(escaped(app.appName)) (\"\(escaped(app.bundleIdentifier ?? ""))\")")
      }
    }

    let value: Any
    if let topLevel = payload["icon_name"] {
      value = topLevel
    } else if let aps = payload["aps"] as? [String: Any], let nested = aps["icon_name"] {
      value = nested
    } else {
      return PushOutcome(result: .noData)
    }

    let current =
      activeName == app.primary.name && app.alternate(named: app.primary.name) == nil
      ? nil : activeName

    if value is NullValue {
      return reset(current: current)
    }
    guard let name = value as? String else {
      return failed("icon_name must be a string or null, not \(describeType(value))")
    }
    if name.isEmpty {
      return failed(
        "icon_name is empty; use null or \"\(escaped(app.primary.name))\" for the primary icon")
    }
    if name.contains("/") || name.contains("\\") {
      return failed("icon_name \"\(escaped(name))\" contains a path separator")
    }
    if name.unicodeScalars.contains(where: isControl) {
      return failed("icon_name \"\(escaped(name))\" contains a control character")
    }
    if app.alternate(named: name) != nil {
      return name == current
        ? PushOutcome(result: .noData) : PushOutcome(result: .newData, change: .some(name))
    }
    if name == app.primary.name {
      return reset(current: current)
    }

    let close = suggestions(for: name, among: app.allIcons.map(\.name))
    var problem = "unknown icon \"\(escaped(name))\" in \(escaped(app.appName))"
    if close.isEmpty {
      let all = app.allIcons.map { "\"\(escaped($0.name))\"" }
      problem += "; the icons are \(all.joined(separator: ", "))"
    } else {
      problem += "; did you mean \(close.map { "\"\(escaped($0))\"" }.joined(separator: " or "))?"
    }
    return failed(problem)
  }

  private static func reset(current: String?) -> PushOutcome {
    current == nil
      ? PushOutcome(result: .noData) : PushOutcome(result: .newData, change: .some(nil))
  }

  /// C0, DEL and C1 control characters.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool { MessageText.isControl(scalar) }

  /// Text safe to quote in a one-line message.
  static func escaped(_ text: String) -> String { MessageText.escaped(text, quoting: true) }

  static func suggestions(for name: String, among names: [String]) -> [String] {
    NameSuggestions.close(to: name, among: names)
  }

  private static func describeType(_ value: Any) -> String {
    switch value {
    case is NullValue: return "null"
    case is String: return "a string"
    case is [Any]: return "an array"
    case is [String: Any]: return "an object"
    case is Bool: return "a boolean"
    case is Int, is Double: return "a number"
    default: return "a \(type(of: value))"
    }
  }
}
