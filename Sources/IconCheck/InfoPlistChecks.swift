import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Rules about the sources: the Info.plist's icon dictionaries as written (listed in `Checker`).
/// - `malformed-icons-dictionary` (error): icon dictionaries iOS cannot read as meant;
/// - `shared-info-plist-other-form` (warning): a dictionary in the form of the target's other
///   platform, in an Info.plist both platforms' builds read (one file cannot hold both forms).
enum InfoPlistChecks {
  /// The Info.plist, else the project file: where the declaration belongs.
  static func declarationFile(_ facts: ProjectFacts) -> String? {
    (facts.infoPlist ?? facts.appStore.projectFile)?.path
  }

  // MARK: malformed-icons-dictionary

  static func malformedIconsDictionary(_ facts: ProjectFacts) -> [Diagnostic] {
    (IconDictionaryLint.read(facts)?.problems ?? []).map { problem in
      let line = facts.infoPlist != nil ? problem.line : nil
      if let form = problem.form, facts.infoPlistSharedWith.contains(form) {
        let here = form == .iOS ? AppPlatform.tvOS : .iOS
        return Diagnostic(
          id: .sharedInfoPlistOtherForm, file: declarationFile(facts), line: line,
          message:
            "\(problem.message); the target's \(form.rawValue) build reads this same Info.plist, written for it, and one file cannot hold both forms, so the \(here.rawValue) app goes without it",
          fix:
            "Give the \(here.rawValue) build its own Info.plist (INFOPLIST_FILE[sdk=\(here.sdk)*]) written in the \(here.rawValue) form, or leave it if the \(here.rawValue) app needs no such icon."
        )
      }
      // Only an Info.plist file can be edited: a generated one (INFOPLIST_KEY_…) has none.
      var autofix: IconFix?
      if let plist = facts.infoPlist, let dictionary = problem.movesPrimaryUpTo {
        autofix = .movePrimaryOutOfAlternates(plist: plist.path, dictionary: dictionary)
      }
      return Diagnostic(
        id: .malformedIconsDictionary, file: declarationFile(facts), line: line,
        message: problem.message, fix: problem.fix, autofix: autofix)
    }
  }
}
