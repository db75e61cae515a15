import Foundation
import IconCatalog

/// Rules about the sources: the Info.plist's icon dictionaries as written (listed in `Checker`).
/// - `malformed-icons-dictionary` (error): icon dictionaries iOS cannot read as meant.
enum InfoPlistChecks {
  /// The Info.plist, else the project file: where the declaration belongs.
  static func declarationFile(_ facts: ProjectFacts) -> String? {
    (facts.infoPlist ?? facts.appStore.projectFile)?.path
  }

  // MARK: malformed-icons-dictionary

  static func malformedIconsDictionary(_ facts: ProjectFacts) -> [Diagnostic] {
    (IconDictionaryLint.read(facts)?.problems ?? []).map { problem in
      Diagnostic(
        id: .malformedIconsDictionary, file: declarationFile(facts),
        line: facts.infoPlist != nil ? problem.line : nil, message: problem.message,
        fix: problem.fix)
    }
  }
}
