import FoundationEssentials
import IconState

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `iconpick push PAYLOAD|- [PATH]`: applies a push-style payload carrying `icon_name`, the
/// way an app does from a notification, and prints the UIBackgroundFetchResult word.
/// The payload is untrusted: it is size-limited before it is read whole.
struct PushCommand {
  var options: Options
  var environment: [String: String]

  func run() throws -> ExitStatus {
    let context = try AppContext.load(options, environment: environment)
    let app = context.app
    // Recorded per bundle identifier: without one, no payload can change anything.
    do {
      _ = try context.switcher.requireRecordableBundleIdentifier()
    } catch {
      return failed(error.description)
    }
    let source = options.payload == "-" ? "stdin" : options.payload ?? "stdin"
    let bytes: [UInt8]
    do {
      bytes = try readPayload()
    } catch {
      return failed(String(describing: error))
    }
    let active = try context.switcher.readChoice().alternateIconName
    let outcome = PushPayload.evaluate(bytes, source: source, app: app, activeName: active)
    switch outcome.result {
    case .failed:
      return failed(outcome.reason ?? "\(source): the payload was refused")
    case .noData:
      print(PushResult.noData.rawValue)
      return .success
    case .newData:
      guard let change = outcome.change else {
        print(PushResult.noData.rawValue)
        return .success
      }
      do {
        let notices = try context.switcher.setAlternateIconName(change)
        for notice in notices { IconpickCommand.printWarning(notice.description) }
      } catch {
        return failed(error.description)
      }
      print(PushResult.newData.rawValue)
      if !options.quiet {
        StandardError.write(
          ChangeAlert.message(appName: app.appName, unicode: LocaleGlyphs.isUTF8) + "\n")
      }
      return .success
    }
  }

  private func failed(_ reason: String) -> ExitStatus {
    print(PushResult.failed.rawValue)
    IconpickCommand.printError(reason)
    return .failure
  }

  /// At most one byte past the limit is read, so a huge file or stream costs nothing.
  private func readPayload() throws -> [UInt8] {
    let limit = PushPayload.maximumSize + 1
    var descriptor = STDIN_FILENO
    if let path = options.payload, path != "-" {
      descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else {
        let reason =
          FileManager.default.fileExists(atPath: path) ? "cannot be read" : "does not exist"
        throw CommandFailure(description: "\(path): the payload file \(reason)")
      }
    }
    defer { if descriptor != STDIN_FILENO { close(descriptor) } }
    var bytes = [UInt8](repeating: 0, count: limit)
    var count = 0
    while count < limit {
      let read = bytes.withUnsafeMutableBytes {
        Glibc.read(descriptor, $0.baseAddress! + count, limit - count)
      }
      if read < 0, errno == EINTR { continue }
      if read < 0 {
        let path = options.payload ?? "-"
        throw CommandFailure(
          description:
            "\(path == "-" ? "standard input" : path): the payload cannot be read (\(String(cString: strerror(errno))))"
        )
      }
      if read == 0 { break }
      count += read
    }
    return Array(bytes[..<count])
  }
}
