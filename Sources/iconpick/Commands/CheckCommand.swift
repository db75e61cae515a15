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
    let context = try AppContext.load(options, environment: environment)
    let facts = try AppIconReader.facts(
      at: context.path, target: options.target, configuration: options.configuration)
    let diagnostics = IconChecks.diagnose(context.app) + ProjectChecks.diagnose(facts)
    if options.json {
      print(try CheckReport.json(diagnostics))
    } else {
      print(CheckReport.human(diagnostics), terminator: "")
    }
    let failing: Diagnostic.Severity = options.warningsAsErrors ? .warning : .error
    return diagnostics.contains { $0.severity >= failing } ? .failure : .success
  }
}
