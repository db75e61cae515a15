import FoundationEssentials
import IconCatalog
import IconCheck
import IconState

/// `iconpick check [PATH] [--format FORMAT] [--warnings-as-errors]`: the configuration faults
/// that make setAlternateIconName fail or App Store uploads bounce, found without Xcode. A second
/// reading of the same model the picker uses, not a second parser. Without `--target`, a
/// project's every app target that can have alternate icons is checked, each a group of its own.
/// `iconpick check --rules [--json]` lists the ids instead.
struct CheckCommand {
  var options: Options
  var environment: [String: String]

  func run() throws -> ExitStatus {
    if options.listRules {
      print(options.format == .json ? try RuleList.json() : RuleList.text(), terminator: "")
      return .success
    }
    // An interrupted change is undone before the project is read.
    try ChangeSafety.recover(AppContext.appPath(options))
    if let against = options.against {
      return try compare(try AppContext.appPath(options), against: against)
    }
    if options.fix {
      return try runFixes(try AppContext.appPath(options))
    }
    let path = try AppContext.appPath(options)
    // Without --target, every app target that can have alternate icons, one group each.
    let targets =
      options.target == nil
      ? try AppIconReader.appTargets(at: path, configuration: options.configuration) : []
    var groups: [CheckReport.Group] = []
    var unreadable = false
    if targets.count > 1 {
      for target in targets {
        do {
          groups += try diagnosePlatforms(
            path, target: target, named: true, unreadable: &unreadable)
        } catch {
          // One target that cannot be read (a missing Info.plist) leaves the others to check.
          IconpickCommand.printError("target \"\(MessageText.escaped(target))\": \(error)")
          unreadable = true
        }
      }
    } else {
      groups = try diagnosePlatforms(
        path, target: options.target, named: false, unreadable: &unreadable)
    }
    // JSON and SARIF carry each fix's changes: planned here, nothing written.
    var planned: [PlannedFix] = []
    if options.format == .json || options.format == .sarif {
      for target in targets.count > 1 ? targets.map(Optional.some) : [options.target] {
        planned += plannedFixes(path, target: target)
      }
    }
    return try report(groups, path: path, unreadable: unreadable, plannedFixes: planned)
  }

  /// Prints the findings in the chosen format; the exit status they make.
  func report(
    _ groups: [CheckReport.Group], path: URL, unreadable: Bool, plannedFixes: [PlannedFix] = []
  ) throws -> ExitStatus {
    // Paths in the CI formats are relative to the current folder, the repository root in CI.
    let report = try CheckReport.render(
      groups, format: options.format ?? .gcc,
      root: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
      warningsAsErrors: options.warningsAsErrors, toolVersion: IconpickCommand.version,
      anchor: Self.anchor(for: path), plannedFixes: plannedFixes)
    print(report, terminator: "")
    let failing: Diagnostic.Severity = options.warningsAsErrors ? .warning : .error
    let failed = groups.contains { $0.diagnostics.contains { $0.severity >= failing } }
    return failed || unreadable ? .failure : .success
  }

  /// One group per app of the target: a target that builds for iOS and tvOS is two apps, each
  /// checked against its own platform's settings and assets (`--platform` picks one), each a group
  /// named `Target · tvOS`.
  /// `unreadable` is set when one of the target's other platforms cannot be read.
  func diagnosePlatforms(
    _ path: URL, target: String?, named: Bool, unreadable: inout Bool
  ) throws -> [CheckReport.Group] {
    let (app, found) = try diagnose(path, target: target, platform: options.platform)
    guard options.platform == nil, !app.otherPlatforms.isEmpty else {
      return [(target: named ? target : nil, diagnostics: found)]
    }
    let name = target ?? app.appName
    var groups: [CheckReport.Group] = [
      (target: "\(name) · \(app.platform.rawValue)", diagnostics: found)
    ]
    for platform in app.otherPlatforms {
      do {
        let (_, other) = try diagnose(path, target: target, platform: platform)
        groups.append((target: "\(name) · \(platform.rawValue)", diagnostics: other))
      } catch {
        // The other platform's app cannot be read (a tvOS brand assets without its
        // Contents.json): said, and the exit status fails, but the first app is still checked.
        IconpickCommand.printError(
          "\(MessageText.escaped(name)) · \(platform.rawValue): \(MessageText.sentence(error))")
        unreadable = true
      }
    }
    return groups
  }

  /// Every diagnostic of one app (`target` nil: the one PATH means).
  func diagnose(_ path: URL, target: String?, platform: AppPlatform?) throws -> (
    app: AppIcons, diagnostics: [Diagnostic]
  ) {
    let (app, _, found) = try diagnoseWithFacts(path, target: target, platform: platform)
    return (app, found)
  }

  func diagnoseWithFacts(_ path: URL, target: String?, platform: AppPlatform?) throws -> (
    app: AppIcons, facts: ProjectFacts, diagnostics: [Diagnostic]
  ) {
    // One reading gives both the model and the raw facts; check needs no recorded choice.
    let (app, facts) = try AppIconReader.readWithFacts(
      at: path, target: target, configuration: options.configuration, platform: platform)
    // A built app whose Assets.car cannot be read cannot be checked: passing it would hide that.
    if let problem = app.compiledAppIconsProblem {
      throw CommandFailure(
        description:
          "\(problem); so the icons it compiles cannot be checked"
      )
    }
    // A missing base configuration or #include is an error in Xcode, so one here: not a warning
    // as well.
    let reported = Set(
      app.missingBaseConfigurations.map(\.description) + facts.missingIncludes.map(\.description))
    for warning in app.warnings where !reported.contains(warning) {
      IconpickCommand.printWarning(warning)
    }
    for note in app.notes { IconpickCommand.printNote(note) }
    if let notice = AppContext.unusableBundleIdentifier(app) {
      IconpickCommand.printWarning(notice.description)
    }
    return (app, facts, Checker.diagnose(app, facts: facts))
  }
}
