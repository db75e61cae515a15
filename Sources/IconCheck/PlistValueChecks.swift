import Foundation
import IconCatalog

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
        fix: fix(problem, builtApp: app.isBuiltArtifact))
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
