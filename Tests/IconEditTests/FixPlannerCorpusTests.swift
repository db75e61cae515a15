import Foundation
import IconCatalog
import IconCheck
import Testing

@testable import IconEdit

/// Every project under the folder named by ICONPICK_CORPUS (nothing when it is unset), on a copy:
/// the fixes its findings call for, derived here from the facts as `check` will attach them, are
/// planned, applied and read again. No finding grows, every edited file parses, and planning
/// each fix again changes nothing. Figures are printed for the record.
@Suite struct FixPlannerCorpusTests {
  static func fixes(_ context: EditContext) -> [IconFix] {
    let facts = context.facts
    let app = context.app
    let diagnostics = Checker.diagnose(app, facts: facts)
    let found = Set(diagnostics.map(\.id))
    var fixes: [IconFix] = []
    if let plist = facts.infoPlist?.path {
      for entry in facts.iconFiles {
        let keyPath =
          entry.dictionary.isEmpty
          ? ["CFBundleIconFiles"]
          : entry.alternate.map {
            [entry.dictionary, "CFBundleAlternateIcons", $0, "CFBundleIconFiles"]
          }
            ?? [entry.dictionary, "CFBundlePrimaryIcon", "CFBundleIconFiles"]
        for (index, name) in entry.files.enumerated()
        where ProjectFacts.IconFiles.hasImageExtension(name) {
          fixes.append(
            .removeIconFileExtension(
              plist: plist, keyPath: keyPath, index: index,
              value: PlistFixes.withoutImageExtension(name)))
        }
      }
      if found.contains(.missingIPadDeclaration) {
        for icon in app.alternates where app.isMissingOnIPad(icon) {
          fixes.append(.declareForIPad(plist: plist, name: icon.name))
        }
      }
    }
    for mismatch in facts.settingNamesDifferingInCase {
      fixes.append(
        .renameInSetting(
          setting: mismatch.setting, written: mismatch.written, correct: mismatch.setName))
    }
    for set in facts.iconSets {
      // Last first: removing one entry moves the ones after it.
      for entry in set.ignoredEntries.sorted(by: { $0.index > $1.index }) {
        fixes.append(.removeContentsEntry(contents: set.file.path, index: entry.index))
      }
    }
    if found.contains(.catalogNotInTarget) {
      for catalog in Set(facts.appStore.outsideSets.map(\.catalog.path)).sorted() {
        fixes.append(.addCatalogToTarget(catalog: catalog))
      }
    }
    for diagnostic in diagnostics where diagnostic.id == .marketingIconAlpha {
      if let file = diagnostic.file { fixes.append(.flattenAlpha(file: file)) }
    }
    if found.contains(.alternateMissingSize) || found.contains(.primaryMissingSize) {
      // Every size App Store Connect asks for: the planner skips the ones an icon has.
      let sizes =
        (app.deviceFamilies.contains(1)
          ? [IconFix.Size(idiom: "iphone", points: 60, scale: 2)] : [])
        + (app.deviceFamilies.contains(2) ? IPadDeclarationFix.iPadSizes : [])
      for icon in app.allIcons {
        let files = icon.renditions.compactMap(\.file)
        if let set = files.first(where: {
          $0.deletingLastPathComponent().pathExtension == "appiconset"
        }) {
          fixes.append(
            .addMissingSizes(
              icon: icon.name, set: set.deletingLastPathComponent().path, sizes: sizes))
        } else if !files.isEmpty, files.allSatisfy({ $0.pathExtension.lowercased() == "png" }) {
          fixes.append(.addMissingSizes(icon: icon.name, set: nil, sizes: sizes))
        }
      }
    }
    return fixes
  }

  @Test func fixesOnEveryCorpusProjectAddNoFindingAndRunOnce() throws {
    guard let corpus = PbxprojCorpusTests.corpus else { return }
    let projects = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
      .filter { !$0.hasSuffix(".md") }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "iconpick-fix-sweep-\(getpid())")
    defer { try? FileManager.default.removeItem(at: scratch) }
    var applied: [String: Int] = [:]
    var refused: [String] = []
    var unread: [String] = []
    for project in projects {
      let copy = scratch.appendingPathComponent(project)
      try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: corpus.appendingPathComponent(project), to: copy)
      // A project of several app targets: its first.
      var target: String?
      var context: EditContext
      do {
        do {
          context = try EditContext.read(at: copy, target: nil)
        } catch .ambiguousTarget(_, let targets) {
          target = targets.first
          context = try EditContext.read(at: copy, target: target)
        }
      } catch {
        unread.append("\(project): \(error)")
        continue
      }
      for fix in Self.fixes(context) {
        let before = FixPlannerTests.findings(context)
        let plan: EditPlan
        do {
          plan = try FixPlanner.plan(fix, in: context, background: nil)
        } catch {
          refused.append("\(project): \(error)")
          continue
        }
        guard !plan.changes.isEmpty else { continue }
        try ChangeApplier.apply(plan.changes).commit()
        for change in plan.changes.changes where !change.isDeletion && !change.isDirectory {
          try FixPlannerTests.expectParses(change, sourceLocation: #_sourceLocation)
        }
        context = try EditContext.read(at: copy, target: target)
        let after = FixPlannerTests.findings(context)
        let grown = after.filter { $0.value > before[$0.key, default: 0] }
        #expect(grown.isEmpty, "\(project): \(fix) adds \(grown)")
        let again = try FixPlanner.plan(fix, in: context)
        #expect(again.changes.isEmpty, "\(project): \(fix) changes \(again.summaryLines()) again")
        let kind = "\(fix)".prefix { $0 != "(" }
        applied[String(kind), default: 0] += 1
        print("fixed \(project): \(plan.summaryLines().joined(separator: " | "))")
      }
    }
    print(
      "fix sweep: \(projects.count) projects, applied \(applied.sorted { $0.key < $1.key }), refused \(refused.count), unread \(unread.count)"
    )
    for line in refused + unread { print("  \(line)") }
  }
}
