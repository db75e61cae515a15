import Foundation
import IconCatalog

/// Rules about the sources: the `.xcconfig` files the build settings come from (listed in
/// `Checker`).
/// - `missing-base-configuration` (error): a base configuration Xcode cannot open.
///
/// `missing-include` and `include-case` are reported here too once the reading reports the
/// includes it could not find, or found only by ignoring case.
enum ConfigurationChecks {
  static func diagnose(_ app: AppIcons) -> [Diagnostic] {
    app.missingBaseConfigurations.map(missingBaseConfiguration)
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
}
