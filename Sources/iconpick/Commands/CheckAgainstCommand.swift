import FoundationEssentials
import IconCatalog
import IconCheck

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension CheckCommand {
  /// `check PATH --against APP`: PATH's findings, and every difference between what iconpick
  /// predicts the build makes of PATH and the built app APP (`built-differs`). The project side is
  /// the target APP was built from (`--target`, else the one whose bundle identifier or product
  /// name is APP's) on APP's platform (`--platform`, else APP's when the target builds for it).
  func compare(_ path: URL, against argument: String) throws -> ExitStatus {
    let currentDirectory = URL(
      fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    let artifact = URL(fileURLWithPath: argument, relativeTo: currentDirectory).standardizedFileURL
    guard FileManager.default.fileExists(atPath: artifact.path) else {
      throw CommandFailure(
        description:
          "--against \(MessageText.path(artifact.path)): no such file or folder; give the .app, .ipa or .xcarchive Xcode built"
      )
    }
    guard AppIconReader.isBuiltApp(artifact) else {
      throw CommandFailure(
        description:
          "--against \(MessageText.path(artifact.path)): not a built app; give the .app, .ipa or .xcarchive Xcode built from \(path.lastPathComponent) (a project is PATH)"
      )
    }
    // An Info.plist or an asset catalog alone has no build settings: every setting would seem to
    // differ.
    guard !["plist", "xcassets"].contains(path.pathExtension.lowercased()) else {
      throw CommandFailure(
        description:
          "\(MessageText.path(path.path)) is not a project: --against compares what a project builds with the app; give the project (.xcodeproj or its folder) as PATH"
      )
    }
    // The prediction comes from sources: a built app as PATH has none to compare.
    guard !AppIconReader.isBuiltApp(path) else {
      throw CommandFailure(
        description:
          "\(MessageText.path(path.path)) is a built app: --against compares a project's sources with the app built from them; give the project as PATH"
      )
    }
    let built = try AppIconReader.read(at: artifact)
    // A car that cannot be read stops the comparison, said once: nothing is compared without it.
    if let problem = built.compiledAppIconsProblem { throw CommandFailure(description: problem) }
    for warning in built.warnings { IconpickCommand.printWarning(warning) }
    for note in built.notes { IconpickCommand.printNote(note) }
    let car = try built.compiledAssetCatalog()
    // Which Xcode made it, for what, and for one device only: what its differences may owe to.
    let thinned = built.build.thinnedFor.map {
      "its Assets.car was built for one device, \($0.description): sizes for other devices are not in it, so only sizes it holds beyond the prediction are compared"
    }
    let said = [built.build.description, thinned].compactMap { $0 }
    if !said.isEmpty {
      IconpickCommand.printNote(
        "\(MessageText.escaped(artifact.lastPathComponent)): " + said.joined(separator: "; "))
    }

    var target = options.target
    var named = false
    if target == nil {
      let targets = try AppIconReader.appTargets(at: path, configuration: options.configuration)
      if targets.count > 1 {
        guard
          let match = AppIconReader.target(
            building: built, among: targets, at: path, configuration: options.configuration)
        else {
          let what = [
            built.bundleIdentifier.map { "bundle identifier \(MessageText.escaped($0))" },
            built.productName.map { "product \(MessageText.escaped($0)).app" },
          ].compactMap { $0 }.joined(separator: ", ")
          throw CommandFailure(
            description:
              "--against \(MessageText.path(artifact.path)): its app (\(what)) matches none or several of the targets of \(MessageText.path(path.path)) (\(targets.prefix(20).map { MessageText.escaped($0) }.joined(separator: ", "))\(targets.count > 20 ? " and \(targets.count - 20) more" : ""))) by bundle identifier or product name; name one with --target"
          )
        }
        target = match.target
        named = true
        let how =
          switch match {
          case .bundleIdentifier: "its bundle identifier"
          case .productName: "its product name"
          }
        IconpickCommand.printNote(
          "comparing target \"\(MessageText.escaped(match.target))\" with \(MessageText.escaped(artifact.lastPathComponent)): \(how) is the built app's"
        )
      }
    }
    var (app, facts, found) = try diagnoseWithFacts(
      path, target: target, platform: options.platform)
    // The built app is one platform's: a target that builds for several is read on that one.
    if options.platform == nil, app.platform != built.platform,
      app.otherPlatforms.contains(built.platform)
    {
      (app, facts, found) = try diagnoseWithFacts(path, target: target, platform: built.platform)
    }
    if let ours = app.bundleIdentifier, let theirs = built.bundleIdentifier, ours != theirs {
      IconpickCommand.printWarning(
        "\(MessageText.escaped(artifact.lastPathComponent)) is the app \(MessageText.escaped(theirs)), and \(named ? "target \"\(MessageText.escaped(target ?? ""))\"" : MessageText.escaped(path.lastPathComponent)) builds \(MessageText.escaped(ours)): is it built from these sources?"
      )
    }
    found += Checker.compare(
      predicted: app, facts: facts, built: built, car: car, root: currentDirectory)
    // A target chosen here is named, as `check` names each of several.
    return try report(
      [(target: named ? target : nil, diagnostics: found)], path: path, unreadable: false)
  }
}
