import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `plist-value-type` (warning): an Info.plist value the reader reads whose type is not Apple's
/// (`AppIcons.plistValueProblems`), one finding each, at its line (a built app's binary plist:
/// its key path). A warning, not an error: Xcode builds such a value as written, iOS passes it
/// over (Apple's QA1614 for a string `UIPrerenderedIcon`), and no App Store Connect error names
/// one. What follows from a value passed over (no primary named, no alternates) is the other
/// rules' to say.
enum PlistValueChecks {
  static func diagnose(_ app: AppIcons) -> [Diagnostic] {
    app.plistValueProblems.map { problem in
      Diagnostic(
        id: .plistValueType, file: problem.file, line: problem.line,
        within: problem.line == nil ? BuiltAppChecks.keyPathText(problem.keyPath) : nil,
        message: problem.description,
        fix: fix(problem, builtApp: app.isBuiltArtifact),
        autofix: app.isBuiltArtifact ? nil : autofix(problem))
    }
  }

  /// The value in Apple's type where what was meant is certain: `UIPrerenderedIcon` as the
  /// Boolean iOS reads it as (a string `NO`, or `YES`, is read as false; the key has done nothing
  /// since iOS 7, so keeping what iOS does is the change that changes nothing), and a lone
  /// `CFBundleIconFiles` string as an array of that one name (without its extension). Nothing for other values: a number
  /// where a name is expected, a dictionary of the wrong type, `UIDeviceFamily` (IconFix writes
  /// no numbers).
  static func autofix(_ problem: PlistValueProblem) -> IconFix? {
    switch problem.keyPath.last {
    case "UIPrerenderedIcon":
      guard case .value(let read) = problem.readAs, let bool = Bool(read) else { return nil }
      return .setPlistValue(plist: problem.file, keyPath: problem.keyPath, value: .bool(bool))
    case "CFBundleIconFiles":
      guard problem.found == "a string", let written = problem.foundText else { return nil }
      // Written without its extension, or the array would be icon-file-with-extension's.
      let name =
        ProjectFacts.IconFiles.hasImageExtension(written)
        ? PathText.withoutSuffix(written) : written
      guard !name.isEmpty else { return nil }
      return .setPlistValue(plist: problem.file, keyPath: problem.keyPath, value: .strings([name]))
    default:
      return nil
    }
  }

  private static func fix(_ problem: PlistValueProblem, builtApp: Bool) -> String {
    let key = problem.keyPath.last.map { MessageText.escaped($0) } ?? "it"
    let written =
      problem.keyPath.last == "UIPrerenderedIcon"
      ? "Write <true/> or <false/>, or remove the key: it has done nothing since iOS 7."
      : "Make \(key) \(problem.expected), as Apple's Info.plist reference types it."
    return builtApp
      ? written + " Change it in the project's Info.plist: the build copies it." : written
  }
}
