import FoundationEssentials
import IconCatalog

/// The one entry point of `iconpick check`: every rule group is listed here, in the order its
/// findings are gathered, and nothing else calls a group.
///
/// Two kinds of rules:
/// - rules about **what ships** judge the app model (`AppIcons`) alone: what iOS does at run time
///   and what App Store Connect checks. Each is one body for a project (the predicted app) and for
///   what Xcode built (a `.app`, `.ipa` or `.xcarchive`): the built icon dictionaries (each entry
///   with its file and line or key path), where each icon is declared, the app icons the catalogs
///   or `Assets.car` hold, and what the car holds (`compiledAppIcons`). What differs with the
///   input is wording (a built app's fix says to change the project) and where a place is a key
///   path; a group gets no `ProjectFacts`;
/// - rules about **the sources** judge what the build reads: Contents.json, `.icon` bundles,
///   `.xcconfig`, `project.pbxproj` and the Info.plist as written. They need `ProjectFacts`.
///
/// `compare` is the other entry point: `check --against` judges two apps, the prediction from the
/// sources and a built app, with `BuiltComparison`.
public enum Checker {
  /// A set of rules that run together, and the ids they can report.
  public struct RuleGroup: Sendable {
    public enum Subject: String, Sendable {
      case shippedApp = "shipped app"
      case sources
    }

    /// What the group looks at, in a few words.
    public var name: String
    public var subject: Subject
    public var ids: [DiagnosticID]
    /// `facts` is nil for an app read without its project; a sources group then finds nothing.
    let run: @Sendable (AppIcons, ProjectFacts?) -> [Diagnostic]

    /// A group about what ships: the app model only.
    static func shippedApp(
      _ name: String, _ ids: [DiagnosticID],
      _ run: @escaping @Sendable (AppIcons) -> [Diagnostic]
    ) -> RuleGroup {
      RuleGroup(name: name, subject: .shippedApp, ids: ids) { app, _ in run(app) }
    }

    /// A group about the sources, which the project facts describe.
    static func sources(
      _ name: String, _ ids: [DiagnosticID],
      _ run: @escaping @Sendable (AppIcons, ProjectFacts) -> [Diagnostic]
    ) -> RuleGroup {
      RuleGroup(name: name, subject: .sources, ids: ids) { app, facts in
        facts.map { run(app, $0) } ?? []
      }
    }
  }

  /// Every rule group, those about what ships first.
  public static let groups: [RuleGroup] = [
    .shippedApp(
      "icons: names, images and the App Store image",
      [
        .namesDifferOnlyByCase, .primaryNotFound, .alternateWithoutImage, .unusualName,
        .missingFile, .wrongFormat, .notSquare, .wrongPixelSize, .noAppStoreIcon,
      ], IconChecks.diagnose),
    .shippedApp("icon sizes", [.primaryMissingSize, .alternateMissingSize, .thinnedBuild]) { app in
      BuiltAppChecks.thinnedBuild(app) + SizeChecks.diagnose(app)
    },
    .shippedApp("transparency", [.marketingIconAlpha, .alphaChannel]) { app in
      // Where the App Store image is compiled into Assets.car (a built app), not decoded: a note
      // says it was not checked.
      AlphaChecks.diagnose(app) + BuiltAppChecks.marketingIconNotVerified(app)
    },
    .shippedApp(
      "CFBundleIconFiles", [.iconFileWithExtension, .iconFileWithSuffix], IconFileChecks.diagnose),
    .shippedApp("iPad declarations", [.missingIPadDeclaration], IPadChecks.diagnose),
    .shippedApp("names App Store Connect checks", [.iconNameNotSet, .plistNameNotInCatalog]) {
      app in DeclarationChecks.iconNameNotSet(app) + DeclarationChecks.plistNamesNotInCatalog(app)
    },
    .shippedApp("Info.plist value types", [.plistValueType], PlistValueChecks.diagnose),

    .sources(
      "base configurations and includes",
      [.missingBaseConfiguration, .missingInclude, .includeCase]
    ) {
      app, facts in ConfigurationChecks.diagnose(app, facts: facts)
    },
    .sources(
      "build settings",
      [
        .setNotShipped, .handWrittenAlternates, .settingKeyCase, .settingNameCase,
        .settingNameNotFound,
      ]
    ) { _, facts in
      ProjectChecks.setsNotShipped(facts) + ProjectChecks.handWrittenAlternates(facts)
        + ProjectChecks.settingKeysDifferingInCase(facts)
        + ProjectChecks.settingNamesDifferingInCase(facts)
        + ProjectChecks.settingNamesNotFound(facts)
    },
    .sources("names the app's code passes", [.codeNameNotShipped]) { app, facts in
      CodeNameChecks.diagnose(app, facts: facts)
    },
    .sources(
      "asset catalogs",
      [
        .emptySet, .looseFileInCatalog, .iconAndAppIconSetSameName, .catalogNotInTarget,
        .unassignedChild, .mixedSizesAndAppearances, .ignoredSlot,
      ]
    ) { _, facts in
      ProjectChecks.emptySets(facts) + ProjectChecks.looseFilesInCatalogs(facts)
        + ProjectChecks.iconAndAppIconSetOfOneName(facts)
        + ProjectChecks.catalogsNotInTarget(facts) + CatalogChecks.diagnose(facts)
        + IgnoredSlotChecks.diagnose(facts)
    },
    .sources(
      "Icon Composer bundles",
      [
        .iconJSONInvalid, .iconNoArtwork, .iconLayerWithoutImage, .iconLayerMissingImage,
        .iconUnsafeImageName, .iconLayerWrongFormat, .iconBadColor, .iconIncompleteObject,
        .iconUnknownValue, .iconWrongType, .iconCrashesActool, .iconNoIOS, .iconAllHidden,
        .iconUnusedAsset, .iconSVGText, .iconSVGUnsupported,
      ]
    ) { _, facts in
      // Every bundle the catalogs hold, used or not.
      IconComposerChecks.diagnose(bundles: facts.iconSets.filter(\.isIconComposer).map(\.folder))
    },
    .sources("Info.plist as written", [.malformedIconsDictionary, .sharedInfoPlistOtherForm]) {
      _, facts in
      InfoPlistChecks.malformedIconsDictionary(facts)
    },
    .sources(
      "tvOS brand assets",
      [.tvAppStoreIconMissing, .tvTopShelfMissing, .tvTopShelfAlpha, .tvImageStackLayers]
    ) { _, facts in BrandAssetChecks.diagnose(facts) },
  ]

  /// Ids no group reports: they judge two apps, not one. `built-differs` is `compare`'s, which
  /// `check --against` runs.
  public static let comparisonIDs: [DiagnosticID] = [.builtDiffers]

  /// What `--rules --json` names as the group of `comparisonIDs`.
  public static let comparisonGroupName = "prediction against the built app (--against)"

  /// `check PROJECT --against APP`: every difference between what iconpick predicts the build
  /// makes of the project (`predicted`, read with `facts`) and what the built app holds (`built`,
  /// with its compiled asset catalog `car`), each a `built-differs` error at the project's file
  /// and line where known. Paths in messages are written relative to `root` when inside it.
  public static func compare(
    predicted: AppIcons, facts: ProjectFacts?, built: AppIcons, car: AssetsCar?,
    root: URL? = nil
  ) -> [Diagnostic] {
    finished(
      BuiltComparison.diagnose(
        predicted: predicted, facts: facts, built: built, car: car, root: root),
      facts: facts)
  }

  /// Every finding of every group on one app. A finding with no place of its own is put at the
  /// Info.plist, the project or the app's folder (`facts`' fallback file); a finding reported
  /// twice is kept once.
  public static func diagnose(_ app: AppIcons, facts: ProjectFacts? = nil) -> [Diagnostic] {
    diagnose(app, facts: facts, groups: groups)
  }

  /// The findings of `groups` only.
  static func diagnose(_ app: AppIcons, facts: ProjectFacts?, groups: [RuleGroup]) -> [Diagnostic] {
    var found: [Diagnostic] = []
    for group in groups { found += group.run(app, facts) }
    // A catalog a build script fills: what it may hold is not judged (notes, not errors).
    return finished(ScriptFilledCatalogs.soften(found, facts: facts), facts: facts)
  }

  /// `found` with a place for every finding (`facts`' fallback file where it has none), each
  /// finding once, in the order found.
  static func finished(_ found: [Diagnostic], facts: ProjectFacts?) -> [Diagnostic] {
    var seen = Set<Diagnostic>()
    return found.compactMap { diagnostic in
      var placed = diagnostic
      if placed.file == nil, let facts { placed.file = facts.fallbackFile.path }
      return seen.insert(placed).inserted ? placed : nil
    }
  }
}
