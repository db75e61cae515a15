import FoundationEssentials
import IconCatalog
import IconCheck
import IconEdit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `iconpick add NAME [IMAGE] [PATH]` and `iconpick remove NAME [PATH]`: plan the change from the
/// one reading, preview it (`--dry-run`) or apply it, then read the project again and undo it
/// all unless NAME is (or is no longer) an icon with the expected devices and check finds
/// nothing new. Only here does a change meet `check`: IconEdit plans, IconCheck judges.
struct EditCommand {
  var options: Options
  var environment: [String: String]

  func run() throws -> ExitStatus {
    let path = try editedAppPath()
    // The journal: an interrupted change undone first; one writer at a time (docs/editing.md).
    try ChangeSafety.recover(path)
    let lock = try ChangeSafety.lock(path, dryRun: options.dryRun)
    defer { lock?.release() }
    let name = options.iconName ?? ""
    let context = try EditContext.read(
      at: path, target: options.target, configuration: options.configuration,
      platform: options.platform)
    for warning in context.app.warnings { IconpickCommand.printWarning(warning) }
    let currentDirectory = URL(
      fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    func file(_ text: String?) -> URL? {
      text.map { URL(fileURLWithPath: $0, relativeTo: currentDirectory).standardizedFileURL }
    }
    let plan: EditPlan
    if options.command == .add {
      plan = try AddPlanner.plan(
        AddRequest(
          name: name, image: file(options.image), dark: file(options.darkImage),
          tinted: file(options.tintedImage)),
        in: context)
    } else {
      plan = try RemovePlanner.plan(name: name, in: context, keepingFiles: options.keepFiles)
    }
    for note in plan.notes { IconpickCommand.printWarning(note) }

    // Judged before anything is written: the project read as the change would leave it.
    let judge = ChangeJudge(
      intent: options.command == .add
        ? .add(name: plan.name, idioms: plan.expectedIdioms)
        : .remove(name: plan.name, keepingFiles: options.keepFiles),
      before: Checker.diagnose(context.app, facts: context.facts),
      read: {
        try EditContext.read(
          at: path, target: options.target, configuration: options.configuration,
          platform: options.platform)
      })
    try ChangeApplier.check(plan.changes)
    let verdict = judge.judge(plan.changes)
    if let refusal = verdict.refusal { throw EditError.refused(reason: refusal) }

    if options.dryRun {
      print(
        DiffColour.preview(plan.preview(), flag: options.color, environment: environment),
        terminator: "")
      fflush(nil)
      Self.say(verdict, root: context.facts.root)
      IconpickCommand.printNote(
        "dry run: \(Self.files(plan.changes.changes.filter { !$0.isDirectory }.count)) would change; nothing was written"
      )
      return .success
    }

    let applied = try ChangeApplier.apply(plan.changes)
    // The last guard: the same judgement on what is now on disk.
    if let problem = judge.judgeAsRead().refusal {
      try Self.undo(applied, because: problem)
    }
    applied.commit()
    for line in plan.summaryLines() { print(line) }
    fflush(nil)
    Self.say(verdict, root: context.facts.root)
    let verb = options.command == .add ? "added" : "removed"
    IconpickCommand.printNote(
      "\"\(MessageText.escaped(name))\" \(verb): \(plan.form)")
    return .success
  }

  /// What the verdict says beside the change: each error it leaves on purpose (the code still
  /// asks for a removed name), at its file and line, and each finding it takes away.
  static func say(_ verdict: ChangeJudge.Verdict, root: URL) {
    for diagnostic in verdict.expected {
      IconpickCommand.printWarning(
        "\(place(diagnostic, root: root))\(diagnostic.message) [\(diagnostic.id.rawValue)]")
    }
    for diagnostic in verdict.resolved {
      IconpickCommand.printNote(
        "this change also resolves: \(place(diagnostic, root: root))\(diagnostic.message) [\(diagnostic.id.rawValue)]"
      )
    }
  }

  /// `Studio/Settings.swift:42: ` (relative to the project's folder), or "" for a finding with
  /// no file.
  static func place(_ diagnostic: Diagnostic, root: URL) -> String {
    guard let file = diagnostic.file else { return "" }
    return MessageText.path(ChangeJudge.relative(file, to: root))
      + (diagnostic.line.map { ":\($0)" } ?? "") + ": "
  }

  /// Puts every file back after the last guard refused what was written, and throws why.
  static func undo(_ applied: ChangeApplier.Applied, because problem: String) throws -> Never {
    let unrestored = applied.undo()
    if !unrestored.isEmpty {
      throw CommandFailure(
        description:
          "\(EditError.verificationFailed(reason: problem).description); but these could not be put back: \(unrestored.joined(separator: ", "))"
      )
    }
    throw EditError.verificationFailed(reason: problem)
  }

  /// "1 file", "3 files".
  static func files(_ count: Int) -> String { count == 1 ? "1 file" : "\(count) files" }

  /// PATH, else the nearest app from the current folder upward: never the bundled demo app.
  private func editedAppPath() throws -> URL {
    try AppContext.appPath(options)
  }
}
