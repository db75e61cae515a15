import FoundationEssentials
import IconCatalog

/// An asset catalog the target builds that is empty in the checkout, while a Run Script phase
/// of the target runs before Copy Bundle Resources: the script may fill the catalog at build
/// time, so what the sources lack may be there when actool runs. iconpick runs no script, so a
/// finding that an icon's set is missing cannot be judged: it is said as a note naming the
/// catalog and the phase, not as an error.
///
/// Seen in LoopKit/Loop: target Loop lists `Loop/DerivedAssets.xcassets` in its resources and
/// first of its phases "Build Derived Assets" (`"${SRCROOT}/Scripts/build-derived-assets.sh"
/// "${SRCROOT}/Loop"`), which copies `DerivedAssetsBase.xcassets` (AppIcon there) and any
/// overrides into it; its `.gitignore` keeps only `Loop/DerivedAssets.xcassets/Contents.json`.
/// Read as checked out, `AppIcon` is only in `Learn/Assets.xcassets`, another target's.
enum ScriptFilledCatalogs {
  /// The findings that say an icon's set or image is not in the target's catalogs: what a
  /// catalog filled at build time may hold.
  static let unknowable: Set<DiagnosticID> = [
    .primaryNotFound, .alternateWithoutImage, .catalogNotInTarget, .settingNameNotFound,
    .plistNameNotInCatalog, .noAppStoreIcon,
    // A name the app's code passes: the filled catalog may hold its set.
    .codeNameNotShipped,
  ]

  /// What makes the rule hold: the target's empty catalogs and the Run Script phases before its
  /// Copy Bundle Resources, those that name a catalog first; nil when either is missing.
  static func evidence(_ facts: ProjectFacts) -> (catalogs: [URL], phases: [BuildScriptPhase])? {
    guard facts.appStore.isProjectTarget, !facts.emptyCatalogs.isEmpty else { return nil }
    let before = facts.scriptPhases.filter(\.runsBeforeResources)
    guard !before.isEmpty else { return nil }
    let naming = before.filter { phase in facts.emptyCatalogs.contains(where: phase.names) }
    return (facts.emptyCatalogs, naming + before.filter { !naming.contains($0) })
  }

  /// `found`, each finding of an `unknowable` id made a note that says why it cannot be judged.
  static func soften(_ found: [Diagnostic], facts: ProjectFacts?) -> [Diagnostic] {
    guard let facts, let (catalogs, phases) = evidence(facts), let phase = phases.first else {
      return found
    }
    let target = facts.appStore.targetName.map { "target \"\(MessageText.escaped($0))\"" }
    let catalogNames = catalogs.map { ProjectChecks.relative($0, to: facts.root) }
    let what =
      catalogNames.count == 1
      ? "the asset catalog \(catalogNames[0]), which is empty in the checkout"
      : "the asset catalogs \(catalogNames.joined(separator: ", ")), which are empty in the checkout"
    let named = catalogs.contains(where: phase.names) ? ", which names it," : ""
    let others = phases.count > 1 ? " (and \(phases.count - 1) more)" : ""
    let reason =
      "\(target ?? "the target") builds \(what), and its Run Script phase \"\(MessageText.escaped(phase.name))\"\(others)\(named) runs before Copy Bundle Resources and may fill it at build time: the icon cannot be checked from the sources"
    return found.map { diagnostic in
      guard unknowable.contains(diagnostic.id), diagnostic.severity != .note else {
        return diagnostic
      }
      return Diagnostic(
        id: diagnostic.id, file: diagnostic.file, line: diagnostic.line,
        within: diagnostic.within,
        message: "\(reason); as checked out: \(diagnostic.message)",
        fix:
          "Nothing to change if the phase puts the icon there; to check it, build the app and run iconpick check on the built .app (or check the project --against it).",
        isNote: true)
    }
  }
}
