import Foundation
import TestSupport
import Testing

/// The project's reach: files it references beside its own folder (a React Native app's icons in
/// `../images/icons`, beside `ios/`) are written within the git repository that holds both, and
/// given back byte for byte; outside a repository they are refused, said as outside the
/// project, not as a symbolic link.
@Suite struct ProjectReachTests {
  let edit: EditCommandTests
  var scratch: Scratch { edit.scratch }

  init() throws { edit = try EditCommandTests() }

  static let looseIcons = """
    	<key>CFBundleIcons</key>
    	<dict>
    		<key>CFBundleAlternateIcons</key>
    		<dict>
    			<key>Blue</key>
    			<dict>
    				<key>CFBundleIconFiles</key>
    				<array>
    					<string>Blue</string>
    				</array>
    			</dict>
    		</dict>
    		<key>CFBundlePrimaryIcon</key>
    		<dict>
    			<key>CFBundleIconName</key>
    			<string>AppIcon</string>
    		</dict>
    	</dict>

    """

  /// `app/ios/Studio.xcodeproj` whose loose icons are `app/images/icons`, as the project's Icons
  /// group says (`../../images/icons`), with `app/.git` when `inRepository`.
  func reactNativeApp(inRepository: Bool) throws -> (app: URL, project: EditProject) {
    let app = scratch.file("app")
    let project = try EditProject(
      in: scratch, folder: "app/ios",
      .init(
        targetSettings: ["ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;"],
        infoPlist: EditProject.plist(iconsXML: Self.looseIcons),
        looseFiles: ["Blue@2x.png", "Blue@3x.png"], deviceFamily: "1"))
    let icons = app.appendingPathComponent("images/icons")
    try FileManager.default.createDirectory(
      at: icons.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.moveItem(at: project.file("Studio/Icons"), to: icons)
    let text = try String(contentsOf: project.pbxproj, encoding: .utf8)
    try project.write(
      "Studio.xcodeproj/project.pbxproj",
      text.replacingOccurrences(of: "path = Icons;", with: "path = ../../images/icons;"))
    if inRepository {
      try FileManager.default.createDirectory(
        at: app.appendingPathComponent(".git"), withIntermediateDirectories: true)
    }
    return (app, project)
  }

  @Test func filesBesideTheProjectAreWrittenWithinItsRepository() throws {
    let (app, project) = try reactNativeApp(inRepository: true)
    #expect(try edit.listedIcons(project)["Blue"] != nil)
    let before = try EditProject.snapshot(of: app)
    let night = try edit.image()
    let dryRun = try edit.run(["add", "Night", night.path, project.root.path, "--dry-run"])
    #expect(dryRun.status == 0, "\(dryRun.stderr)")
    #expect(try EditProject.snapshot(of: app) == before)
    let add = try edit.run(["add", "Night", night.path, project.root.path])
    #expect(add.status == 0, "\(add.stderr)")
    #expect(
      FileManager.default.fileExists(
        atPath: app.appendingPathComponent("images/icons/Night@2x.png").path), "\(add.stdout)")
    #expect(try edit.listedIcons(project)["Night"] != nil)
    let remove = try edit.run(["remove", "Night", project.root.path])
    #expect(remove.status == 0, "\(remove.stderr)")
    var after = try EditProject.snapshot(of: app)
    // The journal's folder stays, holding only its .gitignore, as in the project's own root.
    after = after.filter { !$0.key.hasPrefix(".iconpick/") }
    #expect(after == before.filter { !$0.key.hasPrefix(".iconpick/") })
  }

  @Test func outsideARepositoryTheyAreRefusedAsOutsideTheProject() throws {
    let (app, project) = try reactNativeApp(inRepository: false)
    let before = try EditProject.snapshot(of: app)
    let add = try edit.run(["add", "Night", try edit.image().path, project.root.path])
    #expect(add.status == 1, "\(add.stdout)")
    #expect(add.stderr.contains("is outside the project's folder"), "\(add.stderr)")
    #expect(!add.stderr.contains("symbolic link"), "\(add.stderr)")
    #expect(try EditProject.snapshot(of: app) == before)
  }

  /// A catalog that is a symbolic link out of the project, in a group or a synchronized folder:
  /// read through the link as Xcode builds it, and named as the link it is when a change would
  /// write through it (never "has no image files", catalog-not-in-target or "no asset catalog").
  @Test(arguments: [false, true])
  func aCatalogLinkedFromOutsideIsReadAndNamedAsALink(synchronized: Bool) throws {
    var options = EditProject.blueInTheTarget
    options.synchronized = synchronized
    let project = try EditProject(in: scratch, options)
    let shared = scratch.file("shared")
    try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
    try FileManager.default.moveItem(
      at: project.file("Studio/Assets.xcassets"),
      to: shared.appendingPathComponent("Assets.xcassets"))
    try FileManager.default.createSymbolicLink(
      atPath: project.file("Studio/Assets.xcassets").path,
      withDestinationPath: "../../shared/Assets.xcassets")
    let listed = try edit.listedIcons(project)
    #expect(listed["Blue"] != nil, "\(listed)")
    let check = try edit.read(["check", project.root.path])
    #expect(check.status == 0, "\(check.stdout)")
    let add = try edit.run(["add", "Night", try edit.image().path, project.root.path])
    #expect(add.status == 1)
    #expect(
      add.stderr.contains(
        "\(project.file("Studio/Assets.xcassets").path) is a symbolic link that leaves the project"),
      "\(add.stderr)")
    #expect(!add.stderr.contains("no asset catalog"), "\(add.stderr)")
  }
}
