import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything that can stop `AppIconReader` from reading an app.
///
/// Each case names the file involved; `description` is one line: the file, what is wrong, what to do.
/// Missing icon sets are not errors here: the app is still returned, and `iconpick check` reports them.
public enum IconCatalogError: Error, Equatable, CustomStringConvertible {
  /// PATH does not exist.
  case notFound(path: String)
  /// PATH exists but holds nothing that looks like an app.
  case noApp(path: String)
  /// An `.ipa` or `.xcarchive` that cannot be read as one (`reason` says what is wrong).
  case badArtifact(file: String, reason: String)
  /// The file exists but could not be read (permissions, not text, ...).
  case unreadableFile(file: String, reason: String)
  /// The file is not a property list in any format Foundation reads (XML, binary, old ASCII).
  case unreadablePlist(file: String, reason: String)
  /// The Info.plist parses but holds a value of the wrong kind, e.g. `CFBundleIcons` that is not a dictionary.
  case invalidInfoPlist(file: String, reason: String)
  /// An `.appiconset/Contents.json` that is not valid JSON or does not have the shape Xcode writes.
  case invalidContentsJSON(file: String, reason: String)
  /// An asset catalog group folder's `Contents.json` (read for `provides-namespace`) that is not valid JSON.
  case invalidGroupContentsJSON(file: String, reason: String)
  /// An Icon Composer `.icon/icon.json` that is not valid JSON or does not have the shape Icon Composer writes.
  case invalidIconJSON(file: String, reason: String)
  /// `file` is reached again while it is still being included: the includes loop.
  case includeCycle(file: String, includedFrom: String)
  /// The `INFOPLIST_FILE` build setting, set in `declaredIn`, names `file`, which does not exist:
  /// not at any of `lookedAt` (full paths). `projectFolder` is the folder read when it holds no
  /// Xcode project, so that SRCROOT, which the setting is relative to, was only assumed.
  case infoPlistNotFound(
    file: String, declaredIn: String, lookedAt: [String] = [], projectFolder: String? = nil)
  /// No bundle identifier: `value` is the raw `CFBundleIdentifier` (empty when there is none) and
  /// no `PRODUCT_BUNDLE_IDENTIFIER` build setting resolves it.
  case unresolvedBundleIdentifier(file: String, value: String)
  /// The primary icon's set was not found in any of the `searched` catalogs.
  /// `AppIconReader` does not throw this (it returns the icon with no renditions); `check` reports it.
  case missingPrimaryIcon(name: String, searched: [String])
  /// `project.pbxproj` parses as a property list but lacks what Xcode writes (`reason` says what).
  case malformedProject(file: String, reason: String)
  /// An `.xcodeproj` folder without its `project.pbxproj`.
  case projectFileMissing(bundle: String)
  /// Several `.xcodeproj` at the same depth of `folder`: which one is the app's is not clear.
  case ambiguousProject(folder: String, projects: [String])
  /// The project has several targets that can have alternate icons (iOS, iPadOS and tvOS
  /// applications) and none was chosen; `targets` lists only those.
  case ambiguousTarget(project: String, targets: [String])
  /// `--target name` names no target of the project; `targets` are the ones that can be chosen.
  case unknownTarget(project: String, name: String, targets: [String])
  /// `--target name` names a target that cannot have alternate icons (`reason`: "a watchOS app",
  /// "an app extension", ...); `targets` are the ones that can be chosen.
  case excludedTarget(project: String, name: String, reason: String, targets: [String])
  /// The project has application targets, but none that can have alternate icons; `excluded`
  /// names each with why (`"Mac" (a macOS app (SDKROOT = macosx))`).
  case noAppTarget(project: String, excluded: [String])
  /// `--platform` names a platform the target does not build for; `platforms` are the ones it does.
  case platformNotBuilt(project: String, target: String, platform: String, platforms: [String])
  /// `--configuration name` names no build configuration of the target.
  case unknownConfiguration(project: String, name: String, configurations: [String])
  /// The `configuration` of `owner` (`the project`, `target App`) in `project` is based on the
  /// `.xcconfig` `file`, which does not exist.
  case missingBaseConfiguration(file: String, project: String, configuration: String, owner: String)
  /// `--target` or `--configuration` was given, but `path` holds no Xcode project with an app target.
  case noProject(path: String)
  /// An XcodeGen spec (`project.yml`) that XcodeGen would not read (`reason` says why).
  case invalidProjectSpec(file: String, reason: String)
  /// An XcodeGen spec not read because libyaml, which reads it, cannot be opened.
  case projectSpecLibraryMissing(file: String, reason: String)
  /// `folder` holds an app whose Xcode project a tool generates and that is not there: `manifest`
  /// is the file that says so, `generator` the tool, `command` what makes the project.
  case generatedProject(folder: String, manifest: String, generator: String, command: String)
  /// `folder` holds no Xcode project for its app, which another build system makes
  /// (`OtherBuildSystems`): `tool` names it, `file` and `reason` say how it is known (`reason`
  /// empty when the file alone does), `remedy` what makes the app or its Xcode project.
  case otherBuildSystem(folder: String, tool: String, file: String, reason: String, remedy: String)
  /// `folder` holds committed Xcode projects and none has an application target (a library's
  /// repository): `projects` says what each builds (`ProjectProducts`), so no app is guessed
  /// from the Info.plists and icon sets lying around.
  case noAppInProjects(folder: String, projects: [String])

  public var description: String {
    switch self {
    case .notFound(let path):
      return "\(Self.path(path)): no such file or folder: check the path"
    case .noApp(let path):
      return
        "\(Self.path(path)): no app found here: expected an Info.plist, an .xcassets folder or an .xcodeproj"
    case .badArtifact(let file, let reason):
      return "\(Self.path(file)): \(Self.oneLine(reason))"
    case .unreadableFile(let file, let reason):
      return
        "\(Self.path(file)): cannot be read (\(Self.oneLine(reason))): check that it exists and that you may read it"
    case .unreadablePlist(let file, let reason):
      return
        "\(Self.path(file)): not a valid property list (\(Self.oneLine(reason))): fix it, or re-save it from Xcode"
    case .invalidInfoPlist(let file, let reason):
      return "\(Self.path(file)): \(Self.oneLine(reason)): fix the Info.plist"
    case .invalidContentsJSON(let file, let reason):
      return
        "\(Self.path(file)): invalid Contents.json (\(Self.oneLine(reason))): fix it, or re-create the icon set in Xcode"
    case .invalidGroupContentsJSON(let file, let reason):
      return
        "\(Self.path(file)): invalid Contents.json (\(Self.oneLine(reason))): fix it, or re-create the group in Xcode"
    case .invalidIconJSON(let file, let reason):
      return
        "\(Self.path(file)): invalid icon.json (\(Self.oneLine(reason))): fix it, or re-save the icon in Icon Composer"
    case .includeCycle(let file, let includedFrom):
      return
        "\(Self.path(includedFrom)): #include of \(Self.path(file)) loops back to itself: remove one of the #include lines"
    case .infoPlistNotFound(let file, let declaredIn, let lookedAt, let projectFolder):
      let place =
        lookedAt.isEmpty
        ? "which does not exist"
        : "which is not at \(lookedAt.map { Self.path($0) }.joined(separator: " or "))"
      guard let projectFolder else {
        return
          "\(Self.path(declaredIn)): INFOPLIST_FILE names \(Self.path(file)), \(place): fix INFOPLIST_FILE"
      }
      return
        "\(Self.path(declaredIn)): INFOPLIST_FILE names \(Self.path(file)), \(place): it is relative to the folder of the Xcode project (SRCROOT), and \(Self.path(projectFolder)) holds none: pass the folder of the app's project, or fix INFOPLIST_FILE"
    case .unresolvedBundleIdentifier(let file, let value):
      if value.isEmpty {
        return
          "\(Self.path(file)): no bundle identifier: set CFBundleIdentifier in the Info.plist or PRODUCT_BUNDLE_IDENTIFIER in an .xcconfig"
      }
      return
        "\(Self.path(file)): CFBundleIdentifier \"\(Self.name(value))\" uses a build setting that is not set: define it (usually PRODUCT_BUNDLE_IDENTIFIER) in an .xcconfig in the app folder"
    case .missingPrimaryIcon(let name, let searched):
      let places =
        searched.isEmpty
        ? "no asset catalog" : searched.map { Self.path($0) }.joined(separator: ", ")
      return
        "\(Self.name(name)).appiconset: the primary icon's set is not in \(places): add it to an asset catalog or set ASSETCATALOG_COMPILER_APPICON_NAME"
    case .projectFileMissing(let bundle):
      return
        "\(Self.path(bundle)): holds no project.pbxproj, so it is no project Xcode can open: restore the file (git checkout -- \(Self.path(bundle))/project.pbxproj), or give another project as PATH"
    case .malformedProject(let file, let reason):
      return
        "\(Self.path(file)): not a valid Xcode project (\(Self.oneLine(reason))): fix it, or re-save the project in Xcode"
    case .ambiguousProject(let folder, let projects):
      return
        "\(Self.path(folder)): several Xcode projects (\(Self.quoted(projects))): pass the .xcodeproj of the app as PATH"
    case .ambiguousTarget(let project, let targets):
      return
        "\(Self.path(project)): several app targets (\(Self.quoted(targets))): choose one with --target NAME"
    case .unknownTarget(let project, let name, let targets):
      let known = targets.isEmpty ? "none" : Self.quoted(targets)
      return
        "\(Self.path(project)): no app target named \"\(Self.name(name))\" (app targets: \(known)): choose one of them with --target NAME"
    case .excludedTarget(let project, let name, let reason, let targets):
      let choice =
        targets.isEmpty
        ? "this project has none"
        : "choose one of \(Self.quoted(targets)) with --target NAME"
      return
        "\(Self.path(project)): target \"\(Self.name(name))\" is \(reason), and only iOS, iPadOS and tvOS apps can have alternate icons: \(choice)"
    case .noAppTarget(let project, let excluded):
      return
        "\(Self.path(project)): no app target that can have alternate icons (only iOS, iPadOS and tvOS apps can; here: \(excluded.map { Self.path($0) }.joined(separator: ", "))): pass the project of the iOS or tvOS app as PATH"
    case .platformNotBuilt(let project, let target, let platform, let platforms):
      return
        "\(Self.path(project)): target \"\(Self.name(target))\" does not build for \(platform) (it builds for \(platforms.joined(separator: " and "))): pass --platform \(platforms.first?.lowercased() ?? "ios")"
    case .unknownConfiguration(let project, let name, let configurations):
      let known = configurations.isEmpty ? "none" : Self.quoted(configurations)
      return
        "\(Self.path(project)): no build configuration named \"\(Self.name(name))\" (configurations: \(known)): choose one of them with --configuration NAME"
    case .missingBaseConfiguration(let file, let project, let configuration, let owner):
      let missing = MissingBaseConfiguration(
        file: file, project: project, configuration: configuration, owner: owner)
      return
        "\(Self.path(project)): \(missing.xcodeMessage) (the base configuration of the \(configuration) configuration of \(owner)), an error in Xcode; read without it, so its settings are missing: \(missing.fix)"
    case .noProject(let path):
      return
        "\(Self.path(path)): --target and --configuration need an Xcode project with an app target, and there is none here: pass the .xcodeproj as PATH, or leave the options out"
    case .invalidProjectSpec(let file, let reason):
      return
        "\(Self.path(file)): not an XcodeGen spec iconpick can read (\(Self.oneLine(reason))): fix it, or generate the project with xcodegen and pass the .xcodeproj"
    case .projectSpecLibraryMissing(let file, let reason):
      return
        "\(Self.path(file)): cannot be read: \(Self.oneLine(reason)); or generate the project with xcodegen and pass the .xcodeproj"
    case .generatedProject(let folder, let manifest, let generator, let command):
      return
        "\(Self.path(folder)): the Xcode project of this app is generated by \(generator) (\(Self.path(manifest))) and is not here: run `\(command)` in \(Self.path(PathText.directory(manifest))), then pass the folder again"
    case .otherBuildSystem(let folder, let tool, let file, let reason, let remedy):
      let evidence = reason.isEmpty ? Self.path(file) : "\(reason) in \(Self.path(file))"
      return
        "\(Self.path(folder)): this app is built with \(tool) (\(evidence)), not from an Xcode project: \(remedy)"
    case .noAppInProjects(let folder, let projects):
      let which =
        projects.count == 1 ? "its Xcode project builds none" : "its Xcode projects build none"
      return
        "\(Self.path(folder)): no app here (\(which)): \(projects.map { Self.path($0) }.joined(separator: "; ")): pass the folder or .xcodeproj of an app"
    }
  }

  /// Target and configuration names hold spaces (`Swiftfin iOS`): quoted, a list reads unambiguously.
  /// At most 20 names, then how many more: a project with thousands of targets still gives a
  /// message of one short line.
  static func quoted(_ names: [String]) -> String {
    let shown = names.prefix(20).map { "\"\(name($0))\"" }.joined(separator: ", ")
    return names.count > 20 ? shown + " and \(names.count - 20) more" : shown
  }

  /// A name from the project or app in a message: escaped and shortened (`MessageText`).
  static func name(_ text: String) -> String { MessageText.escaped(text) }
  /// A path in a message: escaped, shortened only past PATH_MAX.
  static func path(_ text: String) -> String { MessageText.path(text) }

  /// Foundation's reasons sometimes span lines; the description must stay on one.
  static func oneLine(_ text: String) -> String {
    MessageText.path(
      text.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }
        .filter { !$0.isEmpty }.joined(separator: " "))
  }
}
