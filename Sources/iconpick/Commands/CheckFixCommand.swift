import FoundationEssentials
import IconCatalog
import IconCheck
import IconEdit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `iconpick check --fix [--unsafe-fixes] [--dry-run]`: every finding whose fix is certain is
/// fixed with the write side's engine (the edits `add` makes: in place, atomic, refused if a file
/// changed meanwhile), judged first on the project as the fixes would leave it: a fix that brings
/// a new finding is not made.
/// What remains is reported as `check` reports it, and the exit status follows it. Here, and only
/// here, a finding's fix (IconCheck) meets the edit that makes it (IconEdit).
extension CheckCommand {
  func runFixes(_ path: URL) throws -> ExitStatus {
    // One writer at a time, from the first reading to the last check (docs/editing.md).
    let lock = try ChangeSafety.lock(path, dryRun: options.dryRun)
    defer { lock?.release() }
    let targets =
      options.target == nil
      ? try AppIconReader.appTargets(at: path, configuration: options.configuration) : []
    let names: [String?] = targets.count > 1 ? targets : [options.target]
    var groups: [CheckReport.Group] = []
    var changedFiles = 0
    for target in names {
      let context = try EditContext.read(
        at: path, target: target, configuration: options.configuration,
        platform: options.platform)
      let findings = Checker.diagnose(context.app, facts: context.facts)
      let fixes = Self.fixes(in: findings, unsafe: options.unsafeFixes)
      let judge = ChangeJudge(
        intent: .fixes, before: findings,
        read: {
          try EditContext.read(
            at: path, target: target, configuration: options.configuration,
            platform: options.platform)
        })
      var (changes, planned) = FixPlanner.planAll(
        fixes, in: context, background: options.background)
      for outcome in planned {
        if case .failure(let error) = outcome.result {
          IconpickCommand.printWarning("not fixed: \(error.description)")
        }
      }
      // Judged before anything is written, in a dry run as in a real one: the project read as
      // the fixes would leave it. When the fixes together bring a new finding, each is judged
      // alone, and one that brings a new finding is not made (ruff's rule: a fix that breaks
      // the file is not applied); the others are.
      try ChangeApplier.check(changes)
      var verdict = changes.isEmpty ? ChangeJudge.Verdict() : judge.judge(changes)
      if verdict.refusal != nil {
        let fixed = planned.compactMap { outcome -> IconFix? in
          guard case .success(let alone) = outcome.result else { return nil }
          if let refusal = judge.judge(alone.changes).refusal {
            IconpickCommand.printWarning(
              "not fixed: \(outcome.fix.changeDescription): \(refusal)")
            return nil
          }
          return outcome.fix
        }
        (changes, planned) = FixPlanner.planAll(
          fixed, in: context, background: options.background)
        verdict = changes.isEmpty ? ChangeJudge.Verdict() : judge.judge(changes)
        if let refusal = verdict.refusal {
          throw EditError.refused(reason: "the fixes were not made: \(refusal)")
        }
      }
      let plan = EditPlan(changes: changes, form: "", name: target ?? context.app.appName)
      let group: String? = names.count > 1 ? target : nil
      guard !changes.isEmpty else {
        groups.append((target: group, diagnostics: findings))
        continue
      }
      if options.dryRun {
        print(
          DiffColour.preview(plan.preview(), flag: options.color, environment: environment),
          terminator: "")
        changedFiles += changes.changes.filter { !$0.isDirectory }.count
        groups.append((target: group, diagnostics: findings))
        continue
      }
      let applied = try ChangeApplier.apply(changes)
      // The last guard: the same judgement on what is now on disk, whose findings are what
      // remains.
      let confirmed = judge.judgeAsRead()
      if let problem = confirmed.refusal {
        try EditCommand.undo(applied, because: problem)
      }
      let remaining = confirmed.findings
      applied.commit()
      for line in plan.summaryLines() { print(line) }
      changedFiles += changes.changes.filter { !$0.isDirectory }.count
      groups.append((target: group, diagnostics: remaining))
    }
    fflush(nil)
    if options.dryRun {
      IconpickCommand.printNote(
        "dry run: \(changedFiles) \(changedFiles == 1 ? "file" : "files") would change; nothing was written"
      )
      // Nothing was fixed, so the status is check's: the findings as they are.
      let failing: Diagnostic.Severity = options.warningsAsErrors ? .warning : .error
      let failed = groups.contains { $0.diagnostics.contains { $0.severity >= failing } }
      return failed ? .failure : .success
    }
    IconpickCommand.printNote(
      changedFiles == 0
        ? "nothing to fix"
        : "fixed: \(changedFiles) \(changedFiles == 1 ? "file" : "files") changed; what remains:")
    return try report(groups, path: path, unreadable: false)
  }

  /// The fixes of `findings` that `--fix` applies: the safe ones, and the unsafe ones when asked;
  /// each once, in the findings' order.
  static func fixes(in findings: [Diagnostic], unsafe: Bool) -> [IconFix] {
    var seen = Set<IconFix>()
    return findings.compactMap(\.autofix).filter { fix in
      let allowed = fix.safety == .safe || (unsafe && fix.safety == .unsafe)
      return allowed && seen.insert(fix).inserted
    }
  }

  /// Each finding's fix planned, for the formats that show a fix's changes (JSON, SARIF): what
  /// `--fix` would write, nothing written.
  func plannedFixes(_ path: URL, target: String?) -> [PlannedFix] {
    guard
      let context = try? EditContext.read(
        at: path, target: target, configuration: options.configuration,
        platform: options.platform)
    else { return [] }
    let findings = Checker.diagnose(context.app, facts: context.facts)
    let fixes = Self.fixes(in: findings, unsafe: true)
    return fixes.compactMap { fix in
      guard case .success(let plan) = FixPlanner.planAll([fix], in: context).planned.first?.result,
        !plan.changes.isEmpty
      else { return nil }
      return PlannedFix(
        fix: fix,
        files: plan.changes.changes.filter { !$0.isDirectory }.map {
          PlannedFix.File(path: $0.path.path, original: $0.original, updated: $0.updated)
        })
    }
  }
}
