import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `iconpick add` is asked for.
public struct AddRequest: Sendable {
  public var name: String
  /// A square PNG of at least 1024 px, or an Icon Composer `.icon`; nil declares a set that is
  /// there but does not ship.
  public var image: URL?
  public var dark: URL?
  public var tinted: URL?

  public init(name: String, image: URL?, dark: URL? = nil, tinted: URL? = nil) {
    self.name = name
    self.image = image
    self.dark = dark
    self.tinted = tinted
  }
}

/// Plans `add`: the form the app already uses decides what is written, as a careful developer
/// would in Xcode (docs/editing.md).
public enum AddPlanner {
  public static func plan(_ request: AddRequest, in context: EditContext) throws(EditError)
    -> EditPlan
  {
    let app = context.app
    let name = request.name
    try refuseUnsupported(context)
    if let problem = IconNameRules.problem(with: name) {
      throw .invalidName(name: name, reason: problem)
    }
    var files = PlannedFiles(root: context.places.root)

    guard let imageFile = request.image else {
      return try declareExistingSet(name, context: context, files: &files)
    }
    if let taken = IconNameRules.collision(of: name, in: context) {
      // A set that is there but does not ship: declaring it is the add that fits.
      if taken == name, !app.allIcons.contains(where: { $0.name == name || $0.assetName == name }),
        let set = context.facts.iconSets.first(where: { $0.name == name })
      {
        throw .setNotDeclared(name: name, set: set.folder.path)
      }
      throw .nameTaken(name: name, existing: taken, app: app.appName)
    }
    let image = try IconImageInput.load(imageFile, root: nil)
    let dark = try request.dark.map { file throws(EditError) in
      try IconImageInput.load(file, root: nil)
    }
    let tinted = try request.tinted.map { file throws(EditError) in
      try IconImageInput.load(file, root: nil)
    }
    if image.isIconComposer, dark != nil || tinted != nil {
      throw .badImage(
        file: imageFile.path,
        reason:
          "an Icon Composer bundle holds its own dark and tinted looks, so --dark and --tinted do not go with it"
      )
    }
    for (option, input) in [("--dark", dark), ("--tinted", tinted)] {
      if let input, input.isIconComposer {
        throw .badImage(
          file: input.file.path, reason: "\(option) takes a PNG, not an Icon Composer bundle")
      }
    }

    // Options that cannot apply are refused before anything is planned.
    let looseForm = !image.isIconComposer && usesInfoPlistForm(context)
    if dark != nil || tinted != nil {
      let given = [dark.map { _ in "--dark" }, tinted.map { _ in "--tinted" }].compactMap { $0 }
        .joined(separator: " and ")
      if looseForm, let plist = context.facts.infoPlist {
        throw .unsupported(
          file: plist.path,
          reason:
            "the app's alternates are loose PNGs named in Info.plist, which have no dark or tinted look: add without \(given)"
        )
      }
      if let template = try catalogTemplate(context), !template.set.isSingleSize {
        throw .unsupported(
          file: template.file.path,
          reason:
            "the app's sets list each size (\(template.set.name) is per-size), and only a single-size set has dark and tinted looks: add without \(given), or make the sets single-size in Xcode first"
        )
      }
    }

    var plan: EditPlan
    if looseForm {
      plan = try planInfoPlistForm(name, image: image, context: context, files: &files)
    } else {
      plan = try planCatalogForm(
        name, image: image, dark: dark, tinted: tinted, context: context, files: &files)
    }
    plan.expectedIdioms = app.deviceIdioms
    // One target that builds for iOS and tvOS: the iOS side is edited, the tvOS side said.
    if app.platform == .iOS, app.otherPlatforms.contains(.tvOS) {
      plan.notes.append(
        "the target builds for tvOS too, whose alternate icons are brand assets of layered image stacks, which iconpick does not write: \"\(name)\" is the iOS app's; give the tvOS app its own in Xcode"
      )
    }
    return plan
  }

  // MARK: Which form

  static func refuseUnsupported(_ context: EditContext) throws(EditError) {
    let app = context.app
    if app.isBuiltArtifact {
      throw .unsupported(
        file: app.location.path,
        reason:
          "this is a built app, which iconpick reads but does not change: add the icon to its project"
      )
    }
    if app.platform == .tvOS {
      throw .unsupported(
        file: context.projectDescription,
        reason:
          "a tvOS app's alternate icons are brand assets with layered image stacks, which iconpick does not write; add it in Xcode"
      )
    }
  }

  /// True when the app declares its alternates by hand in Info.plist, with loose PNGs named in
  /// `CFBundleIconFiles`, and no build setting or include-all makes them from catalog sets.
  static func usesInfoPlistForm(_ context: EditContext) -> Bool {
    let facts = context.facts
    guard facts.hasHandWrittenAlternates, facts.alternateNamesSetting.isEmpty,
      !facts.includesAllAppIcons
    else { return false }
    let written = context.app.iconDictionaries.entries.filter {
      $0.entry.isWritten && $0.entry.name != context.app.primary.name
    }
    return !written.isEmpty && written.allSatisfy { !$0.entry.iconFiles.isEmpty }
  }

  // MARK: An asset catalog set, or an Icon Composer bundle

  static func planCatalogForm(
    _ name: String, image: IconImageInput, dark: IconImageInput?, tinted: IconImageInput?,
    context: EditContext, files: inout PlannedFiles
  ) throws(EditError) -> EditPlan {
    let facts = context.facts
    var form: String
    var notes: [String] = []
    if image.isIconComposer {
      let folder = try iconBundleFolder(context)
      let destination = folder.appendingPathComponent(name + ".icon", isDirectory: true)
      files.changes.append(
        contentsOf: try IconBundleCopy.changes(from: image.file, to: destination))
      form = "an Icon Composer bundle, \(files.changes.displayPath(destination))"
      if let registered = try ProjectMembership.add(
        [destination], fileType: "folder.iconcomposer.icon", context: context, files: &files)
      {
        form += ", " + registered
      }
    } else {
      let (folder, templateSet) = try setFolder(context)
      let destination = folder.appendingPathComponent(name + ".appiconset", isDirectory: true)
      let template = try templateSet.map { set throws(EditError) in
        let contents = set.appendingPathComponent("Contents.json")
        return try AppIconSetWriter.Template(
          name: set.deletingPathExtension().lastPathComponent,
          contentsJSON: try PlannedFiles.read(contents), file: contents.path)
      }
      // The sizes App Store Connect asks of the devices the app runs on, whatever the template
      // (the primary's set) fills.
      let required =
        IconFix.Size.iPhoneRequired
        + (context.app.deviceFamilies.contains(2) ? IconFix.Size.iPadRequired : [])
      let made = try AppIconSetWriter.files(
        name: name, in: folder, image: image, dark: dark, tinted: tinted, template: template,
        required: required)
      files.changes.append(contentsOf: made.changes)
      notes += made.warnings
      // The app's sets have looks this one is not given: say how to give them.
      if let template, template.isSingleSize {
        let missing = template.looks.filter {
          ($0 == "dark" && dark == nil) || ($0 == "tinted" && tinted == nil)
        }
        if !missing.isEmpty {
          notes.append(
            "\(template.name) has \(missing.joined(separator: " and ")) looks, which \"\(name)\" is not given: its \(missing.joined(separator: " and ")) slots stay empty (iOS then shows the default image); give them with \(missing.map { "--\($0) IMAGE" }.joined(separator: " and "))"
          )
        }
      }
      form = "an asset catalog set, \(files.changes.displayPath(destination))"
    }
    if facts.includesAllAppIcons {
      form += "; ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS ships it, so nothing declares it"
    } else {
      let places = try SettingDeclaration.plan(.add, name: name, context: context, files: &files)
      form += "; named in \(SettingDeclaration.key) (\(places.joined(separator: "; ")))"
    }
    var plan = EditPlan(changes: files.changes, form: form, name: name)
    plan.notes = notes
    return plan
  }

  /// The set whose form a new catalog set copies (`setFolder`), read; nil when there is none.
  static func catalogTemplate(_ context: EditContext) throws(EditError) -> (
    set: AppIconSetWriter.Template, file: URL
  )? {
    guard let set = try? setFolder(context).template else { return nil }
    let contents = set.appendingPathComponent("Contents.json")
    let template = try AppIconSetWriter.Template(
      name: set.deletingPathExtension().lastPathComponent,
      contentsJSON: try PlannedFiles.read(contents), file: contents.path)
    return (template, contents)
  }

  /// The catalog folder for a new set: beside the app's alternate sets, else beside the primary's,
  /// else the top of the target's first catalog. Also the set whose form the new one copies.
  static func setFolder(_ context: EditContext) throws(EditError) -> (folder: URL, template: URL?) {
    let facts = context.facts
    let sets = facts.iconSets.filter { !$0.isIconComposer }
    let alternateAssets = Set(context.app.alternates.map { $0.assetName ?? $0.name })
    let alternateSet = sets.first { alternateAssets.contains($0.name) }
    let primarySet = sets.first { $0.name == context.app.primary.assetName ?? facts.primaryName }
    if let template = alternateSet ?? primarySet {
      return (template.folder.deletingLastPathComponent(), template.folder)
    }
    // No app icon set anywhere: the catalog where the app keeps its images.
    let catalogs = context.places.catalogs.isEmpty ? facts.catalogs : context.places.catalogs
    if let catalog = catalogs.max(by: { imageSetCount($0) < imageSetCount($1) }) {
      return (catalog, nil)
    }
    throw .unsupported(
      file: context.projectDescription,
      reason:
        "the app has no asset catalog to hold the new set: add an Asset Catalog (Assets.xcassets) to the target in Xcode first"
    )
  }

  /// How many image and icon sets a catalog holds, at any depth; ties keep the project's order.
  static func imageSetCount(_ catalog: URL) -> Int {
    var count = 0
    let walker = DirectoryWalker(catalog)
    while let (url, _) = walker.next() {
      let name = url.lastPathComponent
      if name.hasSuffix(".imageset") || name.hasSuffix(".appiconset") { count += 1 }
    }
    return count
  }

  /// Where a new `.icon` goes: beside the app's other `.icon` bundles, else beside the catalog
  /// that holds its icons.
  static func iconBundleFolder(_ context: EditContext) throws(EditError) -> URL {
    if let bundle = context.places.iconBundles.first
      ?? context.facts.iconSets.first(where: \.isIconComposer)?.folder
    {
      return bundle.deletingLastPathComponent()
    }
    if let catalog = context.places.catalogs.first ?? context.facts.catalogs.first {
      return catalog.deletingLastPathComponent()
    }
    return context.places.root
  }

  // MARK: Declaring a set that is there

  static func declareExistingSet(
    _ name: String, context: EditContext, files: inout PlannedFiles
  ) throws(EditError) -> EditPlan {
    let app = context.app
    if app.alternates.contains(where: { $0.name == name }) || app.primary.name == name {
      throw .nameTaken(name: name, existing: name, app: app.appName)
    }
    guard let set = context.facts.iconSets.first(where: { $0.name == name }) else {
      let close = context.facts.iconSets.map(\.name).filter {
        $0.lowercased() == name.lowercased()
      }
      let hint =
        close.isEmpty
        ? "give an IMAGE to make one" : "the catalog's set is spelt \"\(close[0])\""
      throw .unsupported(
        file: context.projectDescription,
        reason: "the target's catalogs hold no icon set or .icon named \"\(name)\": \(hint)")
    }
    if context.facts.includesAllAppIcons {
      throw .unsupported(
        file: set.folder.path,
        reason:
          "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS already ships every set, yet this one does not: `iconpick check` says why"
      )
    }
    let places = try SettingDeclaration.plan(.add, name: name, context: context, files: &files)
    var plan = EditPlan(
      changes: files.changes,
      form:
        "the set \(files.changes.displayPath(set.folder)), now named in \(SettingDeclaration.key) (\(places.joined(separator: "; ")))",
      name: name)
    plan.expectedIdioms = app.deviceIdioms
    return plan
  }

  // MARK: Info.plist with loose PNGs

  static func planInfoPlistForm(
    _ name: String, image: IconImageInput, context: EditContext, files: inout PlannedFiles
  ) throws(EditError) -> EditPlan {
    let app = context.app
    guard let plistFile = context.facts.infoPlist else {
      throw .unsupported(
        file: context.projectDescription, reason: "the app's Info.plist was not found")
    }
    // The existing alternates' files show where PNGs go and how they are named.
    let siblings = app.alternates.filter { !$0.files.isEmpty }
    // A file the target copies shows the folder; a file found only by its name may be another
    // platform's (an Android `mipmap-*` PNG of the same name, in a React Native app).
    let siblingFiles = siblings.flatMap(\.files)
    let baseNames = app.iconDictionaries.entries.filter {
      $0.entry.isWritten && $0.entry.name != app.primary.name
    }.flatMap(\.entry.iconFiles)
    let member = try memberFile(
      among: siblingFiles, baseNames: baseNames, context: context, files: files)
    guard let folder = (member ?? siblingFiles.first)?.deletingLastPathComponent() else {
      throw .unsupported(
        file: plistFile.path,
        reason:
          "the Info.plist's alternates have no image files on disk to follow; add the icon in an asset catalog instead"
      )
    }
    let runsOnIPad = app.deviceFamilies.contains(2)
    let existingNames = siblings.flatMap(\.files).map(\.lastPathComponent)
    let loose = try LooseIconWriter.files(
      name: name, image: image, in: folder, runsOnIPad: runsOnIPad,
      naming: LooseIconWriter.Naming.detect(fileNames: existingNames))
    files.changes.append(contentsOf: loose.changes)

    var plist = try InfoPlistEditor(file: plistFile, bytes: try files.current(plistFile))
    let prerendered = siblingPrerendered(plist)
    func entry(_ iconFiles: [String]) -> PlistValue {
      var keys: [(String, PlistValue)] = [
        ("CFBundleIconFiles", .array(iconFiles.map { .string($0) }))
      ]
      if let prerendered { keys.append(("UIPrerenderedIcon", .bool(prerendered))) }
      return .dictionary(keys)
    }
    try plist.set(
      entry(loose.iPhoneIconFiles), at: ["CFBundleIcons", "CFBundleAlternateIcons", name])
    var declared = ["CFBundleIcons"]
    // iPad reads CFBundleIcons~ipad when the built Info.plist has one (written here, or made by
    // actool for a catalog primary): the alternate must be there too.
    if runsOnIPad,
      plist.value(at: ["CFBundleIcons~ipad"]) != nil
        || app.iconDictionaries["CFBundleIcons~ipad"] != nil
    {
      _ = try IPadDeclarationFix.makeIPadIcons(in: &plist)
      try plist.set(
        entry(loose.iPadIconFiles), at: ["CFBundleIcons~ipad", "CFBundleAlternateIcons", name])
      declared.append("CFBundleIcons~ipad")
    }
    try files.edit(
      plistFile, to: plist.bytes, "\"\(name)\" added to \(declared.joined(separator: " and "))")
    var form =
      "loose PNGs in \(files.changes.displayPath(folder)), declared in \(declared.joined(separator: " and "))"
    let newFiles = loose.changes.filter { !$0.isDirectory }.map(\.path)
    if let registered = try ProjectMembership.add(
      newFiles, fileType: "image.png", context: context, files: &files)
    {
      form += ", " + registered
    }
    var plan = EditPlan(changes: files.changes, form: form, name: name)
    plan.notes = loose.warnings
    return plan
  }

  /// An alternate's file the target copies: the first of `candidates` among the target's
  /// resources, else a resource PNG named by one of `baseNames` (`Blue` for `Blue@2x.png`); nil
  /// without a project or when there is none.
  static func memberFile(
    among candidates: [URL], baseNames: [String], context: EditContext, files: PlannedFiles
  ) throws(EditError) -> URL? {
    guard let projectFile = context.places.projectFile, !context.places.isXcodeGenSpec,
      let targetName = context.places.targetName
    else { return nil }
    let editor = try PbxprojEditor(file: projectFile, bytes: try files.current(projectFile))
    guard let target = editor.nativeTarget(named: targetName) else { return nil }
    let resources = editor.resourceFiles(ofTarget: target)
    let paths = Set(resources.map(\.path))
    if let found = candidates.first(where: { paths.contains($0.standardizedFileURL.path) }) {
      return found
    }
    return resources.first { file in
      let name = file.deletingPathExtension().lastPathComponent
      return file.pathExtension.lowercased() == "png"
        && baseNames.contains { name == $0 || name.hasPrefix($0 + "@") || name.hasPrefix($0 + "~") }
    }
  }

  /// `UIPrerenderedIcon` as the existing alternates write it, when they agree.
  static func siblingPrerendered(_ plist: InfoPlistEditor) -> Bool? {
    guard
      let alternates = plist.value(at: ["CFBundleIcons", "CFBundleAlternateIcons"])
        as? [String: Any]
    else { return nil }
    let values = alternates.values.compactMap { ($0 as? [String: Any])?["UIPrerenderedIcon"] }
    let flags = values.compactMap { $0 as? Bool }
    guard flags.count == alternates.count, let first = flags.first,
      flags.allSatisfy({ $0 == first })
    else { return nil }
    return first
  }
}
