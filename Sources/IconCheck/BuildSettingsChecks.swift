import Foundation
import IconCatalog

/// Rules about the build settings' sources: the `#include`s and paths the build follows on a Mac,
/// and names in the alternate-names setting that match no set.
///
/// Ids: `missing-include` (error); `include-case`, `setting-name-not-found` (warnings).
public enum BuildSettingsChecks {
  public static func diagnose(_ facts: ProjectFacts) -> [Diagnostic] {
    missingIncludes(facts) + pathsDifferingInCase(facts) + settingNamesNotFound(facts)
  }

  /// swift-build's "could not find included file": the build stops there. The settings were read
  /// without the file, so what else is reported may change once it is there.
  static func missingIncludes(_ facts: ProjectFacts) -> [Diagnostic] {
    facts.missingIncludes.map { missing in
      let including = URL(fileURLWithPath: missing.file)
      let path = MessageText.escaped(missing.path)
      return Diagnostic(
        id: "missing-include", severity: .error, file: missing.file, line: missing.line,
        message:
          "#include \"\(path)\" finds no file next to \(MessageText.escaped(including.lastPathComponent)) or in the project folder (Xcode: \"could not find included file '\(path)'\"); the settings were read without it",
        fix: missing.fix)
    }
  }

  /// A Mac's default volume ignores case, so the build works there; a case-sensitive volume or a
  /// Linux checkout does not find the file.
  static func pathsDifferingInCase(_ facts: ProjectFacts) -> [Diagnostic] {
    facts.pathsDifferingInCase.map { path in
      let spelled = spelling(path.written, as: path.found)
      return Diagnostic(
        id: "include-case", severity: .warning, file: path.file, line: path.line,
        message:
          "\(path.kind) \"\(MessageText.escaped(path.written))\" finds \"\(MessageText.escaped(spelled))\" only by ignoring case: Xcode on a Mac's default, case-insensitive volume builds, but a case-sensitive volume or a Linux checkout does not find it",
        fix: "Spell it \"\(MessageText.escaped(spelled))\", as the file is named.")
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

  /// actool makes alternates only from sets: a name with none is no icon. The app builds (real
  /// apps ship so for years), so a warning; a name ending in a comma says how the setting is split.
  static func settingNamesNotFound(_ facts: ProjectFacts) -> [Diagnostic] {
    let setting = "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES"
    return facts.settingNamesNotFound.map { notFound in
      let name = MessageText.escaped(notFound.written)
      let comma = notFound.written.hasSuffix(",") && notFound.written.count > 1
      let bare = MessageText.escaped(String(notFound.written.dropLast(comma ? 1 : 0)))
      return Diagnostic(
        id: "setting-name-not-found", severity: .warning,
        file: notFound.location?.file.path ?? facts.fallbackFile.path,
        line: notFound.location?.line,
        message:
          "\(setting) names \"\(name)\", but no app icon set or .icon has that name, even ignoring case: actool makes alternates only from sets, so the app has no alternate icon \"\(name)\""
          + (comma ? " (names are separated by spaces: the comma is part of the name)" : ""),
        fix: comma
          ? "Write \"\(bare)\" without the comma (names are separated by spaces), then add an app icon set of that name, or remove it from \(setting)."
          : "Add an app icon set named \"\(name)\" to a catalog the target builds, or remove \"\(name)\" from \(setting)."
      )
    }
  }
}
