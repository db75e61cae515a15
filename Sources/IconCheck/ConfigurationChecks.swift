import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Rules about the sources: the `.xcconfig` files the build settings come from (listed in
/// `Checker`).
/// - `missing-base-configuration` (error): a base configuration Xcode cannot open;
/// - `missing-include` (error): a non-optional `#include` that finds no file;
/// - `include-case` (warning): an `#include`, base configuration or other file the build finds
///   only by ignoring case or Unicode normalization, as a Mac does.
enum ConfigurationChecks {
  static func diagnose(_ app: AppIcons, facts: ProjectFacts) -> [Diagnostic] {
    app.missingBaseConfigurations.map(missingBaseConfiguration) + missingIncludes(facts)
      + pathsDifferingInCase(facts)
  }

  /// Xcode's error for a base `.xcconfig` it cannot open (swift-build's
  /// `WorkspaceSettingsCache.getCachedMacroConfigFile`), at the project that refers to it.
  static func missingBaseConfiguration(_ missing: MissingBaseConfiguration) -> Diagnostic {
    Diagnostic(
      id: .missingBaseConfiguration, file: missing.project, line: missing.line,
      message:
        "\(missing.xcodeMessage) (the base configuration of the \(missing.configuration) configuration of \(missing.owner)); its settings were left out",
      fix: missing.fix.prefix(1).uppercased() + missing.fix.dropFirst() + ".")
  }

  /// swift-build's "could not find included file": the build stops there. The settings were read
  /// without the file, so what else is reported may change once it is there.
  static func missingIncludes(_ facts: ProjectFacts) -> [Diagnostic] {
    facts.missingIncludes.map { missing in
      let including = URL(fileURLWithPath: missing.file)
      let path = MessageText.path(missing.path)
      return Diagnostic(
        id: .missingInclude, file: missing.file, line: missing.line,
        message:
          "#include \"\(path)\" finds no file next to \(MessageText.escaped(including.lastPathComponent)) or in the project folder (Xcode: \"could not find included file '\(path)'\"); the settings were read without it",
        fix: missing.fix)
    }
  }

  /// A Mac's default volume ignores case, so the build works there; a case-sensitive volume or a
  /// Linux checkout does not find the file. Every APFS volume ignores Unicode normalization (an
  /// NFD `e` + U+0301 opens the NFC `é`), which a Linux file system does not.
  static func pathsDifferingInCase(_ facts: ProjectFacts) -> [Diagnostic] {
    facts.pathsDifferingInCase.map { path in
      let spelled = spelling(path.written, as: path.found)
      let quoted = "\"\(MessageText.escaped(path.written))\""
      let found = "\"\(MessageText.escaped(spelled))\""
      let forms =
        "written in \(NameDifference.form(of: path.written)), the file's name in \(NameDifference.form(of: spelled))"
      let message: String
      switch (path.difference.contains(.letterCase), path.difference.contains(.normalization)) {
      case (true, true):
        message =
          "\(path.kind) \(quoted) finds \(found) only by ignoring case and Unicode normalization (\(forms)): Xcode on a Mac's default volume builds, but a case-sensitive volume or a Linux checkout does not find it"
      case (false, true):
        message =
          "\(path.kind) \(quoted) finds \(found) only by ignoring Unicode normalization (\(forms)): a Mac's file system matches the two, but a Linux checkout does not find it"
      default:
        message =
          "\(path.kind) \(quoted) finds \(found) only by ignoring case: Xcode on a Mac's default, case-insensitive volume builds, but a case-sensitive volume or a Linux checkout does not find it"
      }
      let normalization =
        path.difference.contains(.normalization)
        ? " (in \(NameDifference.form(of: spelled)), as the file's name is)" : ""
      return Diagnostic(
        id: .includeCase, file: path.file, line: path.line, message: message,
        fix: "Spell it \(found)\(normalization), as the file is named.")
    }
  }

  /// `written` with as many trailing components taken from `found` as it has: the path as it
  /// should be written (`config/shared.xcconfig` → `Config/Shared.xcconfig`).
  static func spelling(_ written: String, as found: String) -> String {
    let writtenParts = written.split(separator: "/", omittingEmptySubsequences: false)
    let foundParts = found.split(separator: "/", omittingEmptySubsequences: false)
    guard !written.hasPrefix("/"), writtenParts.count <= foundParts.count,
      !writtenParts.contains(where: { $0 == ".." || $0 == "." })
    else { return found }
    var spelled = foundParts.suffix(writtenParts.count).joined(separator: "/")
    // `#include "Shared"` finds `Shared.xcconfig`: keep the name as short as it was written.
    if !written.lowercased().hasSuffix(".xcconfig"), spelled.hasSuffix(".xcconfig") {
      spelled = String(spelled.dropLast(".xcconfig".count))
    }
    return spelled
  }
}
