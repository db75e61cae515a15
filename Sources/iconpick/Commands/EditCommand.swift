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
    let lock = options.dryRun ? nil : try ChangeSafety.lock(path)
    defer { lock?.release() }
    let name = options.iconName ?? ""
    let context = try EditContext.read(at: path, target: options.target, platform: options.platform)
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

    if options.dryRun {
      // Checked as a real run checks it: a dry run refuses what the real run would.
      try ChangeApplier.check(plan.changes)
      print(plan.preview(), terminator: "")
      fflush(nil)
      IconpickCommand.printNote(
        "dry run: \(Self.files(plan.changes.changes.filter { !$0.isDirectory }.count)) would change; nothing was written"
      )
      return .success
    }

    let before = FindingCounts(Checker.diagnose(context.app, facts: context.facts))
    let applied = try ChangeApplier.apply(plan.changes)
    var expectedErrors: [Diagnostic] = []
    if let problem = verify(plan, path: path, before: before, expectedErrors: &expectedErrors) {
      let unrestored = applied.undo()
      if !unrestored.isEmpty {
        throw CommandFailure(
          description:
            "\(EditError.verificationFailed(reason: problem).description); but these could not be put back: \(unrestored.joined(separator: ", "))"
        )
      }
      throw EditError.verificationFailed(reason: problem)
    }
    applied.commit()
    for line in plan.summaryLines() { print(line) }
    fflush(nil)
    // What the change leaves failing on purpose: the code still asks for the removed name.
    for diagnostic in expectedErrors {
      IconpickCommand.printWarning("\(diagnostic.message) [\(diagnostic.id.rawValue)]")
    }
    let verb = options.command == .add ? "added" : "removed"
    IconpickCommand.printNote(
      "\"\(MessageText.escaped(name))\" \(verb): \(plan.form)")
    return .success
  }

  /// "1 file", "3 files".
  static func files(_ count: Int) -> String { count == 1 ? "1 file" : "\(count) files" }

  /// PATH, else the current folder: never the bundled demo app, which a change must not reach
  /// by default.
  private func editedAppPath() throws -> URL {
    let currentDirectory = URL(
      fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    if let given = options.path {
      return URL(fileURLWithPath: given, relativeTo: currentDirectory).standardizedFileURL
    }
    guard AppIconReader.containsApp(currentDirectory) else {
      throw CommandFailure(
        description:
          "no app in the current folder (\(currentDirectory.path)): give a PATH to the project to change"
      )
    }
    return currentDirectory
  }

  /// Why the project read again is not what the plan meant; nil when it is. `expectedErrors`
  /// gets the new errors the change makes on purpose, to be said.
  private func verify(
    _ plan: EditPlan, path: URL, before: FindingCounts, expectedErrors: inout [Diagnostic]
  ) -> String? {
    let after: EditContext
    do {
      after = try EditContext.read(at: path, target: options.target, platform: options.platform)
    } catch {
      return "the project cannot be read after the change: \(error)"
    }
    let name = plan.name
    if options.command == .add {
      guard let icon = after.app.alternate(named: name) else {
        return "\"\(name)\" is not an alternate icon when the project is read again"
      }
      let missing = plan.expectedIdioms.filter { !icon.idioms.contains($0) }
      if !missing.isEmpty {
        return
          "\"\(name)\" would not work on \(missing.joined(separator: " and ")) (its built dictionaries do not declare it there)"
      }
    } else if after.app.alternate(named: name) != nil {
      return "\"\(name)\" is still an alternate icon when the project is read again"
    }
    // `remove --keep-files` leaves the set in the catalog on purpose: that it no longer ships is
    // what was asked. `remove` of a name the app's code asks for leaves the code asking: the
    // call now fails (`code-name-not-shipped`, or `set-not-shipped` as an error), which is said,
    // not undone.
    var expected: Set<DiagnosticID> = []
    if options.command == .remove {
      expected.insert(.codeNameNotShipped)
      if options.keepFiles { expected.insert(.setNotShipped) }
    }
    let new = before.new(in: Checker.diagnose(after.app, facts: after.facts))
    expectedErrors = new.filter { expected.contains($0.id) && $0.severity == .error }
    guard let first = new.first(where: { !expected.contains($0.id) }) else { return nil }
    return "check would find something new: \(first.message) [\(first.id.rawValue)]"
  }
}

/// How many errors and warnings of each id each file has. A change adds a finding when a count
/// grows: lines move and messages that list the sets change, so neither is compared.
struct FindingCounts {
  private var counts: [String: Int] = [:]

  init(_ diagnostics: [Diagnostic]) {
    for diagnostic in diagnostics where diagnostic.severity != .note {
      counts[Self.key(diagnostic), default: 0] += 1
    }
  }

  private static func key(_ diagnostic: Diagnostic) -> String {
    "\(diagnostic.id.rawValue) \(diagnostic.file ?? "")"
  }

  /// The findings of `diagnostics` beyond these counts.
  func new(in diagnostics: [Diagnostic]) -> [Diagnostic] {
    var seen: [String: Int] = [:]
    return diagnostics.filter { diagnostic in
      guard diagnostic.severity != .note else { return false }
      let key = Self.key(diagnostic)
      seen[key, default: 0] += 1
      return seen[key, default: 0] > counts[key, default: 0]
    }
  }
}
