import Foundation
import IconCatalog
import IconCheck

/// `iconpick check [PATH] [--json] [--warnings-as-errors]`: the configuration faults that make
/// setAlternateIconName fail or App Store uploads bounce, found without Xcode. A second
/// reading of the same model the picker uses, not a second parser.
struct CheckCommand {
  var options: Options
  var environment: [String: String]

  func run() throws -> ExitStatus {
    // One reading gives both the model and the raw facts; check needs no recorded choice.
    let (app, facts) = try AppIconReader.readWithFacts(
      at: AppContext.appPath(options), target: options.target,
      configuration: options.configuration)
    for warning in app.warnings { IconpickCommand.printWarning(warning) }
    let diagnostics = IconChecks.diagnose(app) + ProjectChecks.diagnose(facts)
    if options.json {
      print(try CheckReport.json(diagnostics))
    } else {
      print(CheckReport.human(diagnostics), terminator: "")
    }
    let failing: Diagnostic.Severity = options.warningsAsErrors ? .warning : .error
    return diagnostics.contains { $0.severity >= failing } ? .failure : .success
  }
}
