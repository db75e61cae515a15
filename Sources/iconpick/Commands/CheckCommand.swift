import Foundation
import IconCatalog
import IconCheck

/// `iconpick check [PATH] [--format FORMAT] [--warnings-as-errors]`: the configuration faults
/// that make setAlternateIconName fail or App Store uploads bounce, found without Xcode. A second
/// reading of the same model the picker uses, not a second parser.
struct CheckCommand {
  var options: Options
  var environment: [String: String]

  func run() throws -> ExitStatus {
    // One reading gives both the model and the raw facts; check needs no recorded choice.
    let (app, facts) = try AppIconReader.readWithFacts(
      at: AppContext.appPath(options), target: options.target,
      configuration: options.configuration)
    // A missing base configuration is an error in Xcode, so one here: not a warning as well.
    let reported = Set(app.missingBaseConfigurations.map(\.description))
    for warning in app.warnings where !reported.contains(warning) {
      IconpickCommand.printWarning(warning)
    }
    let diagnostics =
      app.missingBaseConfigurations.map(Self.diagnostic) + IconChecks.diagnose(app)
      + ProjectChecks.diagnose(facts)
    let report = try CheckReport.render(
      [(target: nil, diagnostics: diagnostics)], format: options.format ?? .gcc,
      root: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
      warningsAsErrors: options.warningsAsErrors, toolVersion: IconpickCommand.version,
      anchor: Self.anchor(for: AppContext.appPath(options)))
    print(report, terminator: "")
    let failing: Diagnostic.Severity = options.warningsAsErrors ? .warning : .error
    return diagnostics.contains { $0.severity >= failing } ? .failure : .success
  }

  /// Xcode's error for a base `.xcconfig` it cannot open (swift-build's
  /// `WorkspaceSettingsCache.getCachedMacroConfigFile`), at the project that refers to it.
  static func diagnostic(_ missing: MissingBaseConfiguration) -> Diagnostic {
    Diagnostic(
      id: "missing-base-configuration", severity: .error, file: missing.project,
      message:
        "\(missing.xcodeMessage) (the base configuration of the \(missing.configuration) configuration of \(missing.owner)); its settings were left out",
      fix: missing.fix.prefix(1).uppercased() + missing.fix.dropFirst() + ".")
  }
}
