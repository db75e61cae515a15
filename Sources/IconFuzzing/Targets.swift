#if DEBUG
  import FoundationEssentials
  @testable import IconCatalog
  @testable import IconCheck
  @testable import IconRender
  @testable import IconState
  import SpecYAML

  // The body of each target. A summary names what was read, so a replay can tell inputs apart.

  extension FuzzTarget {
    func infoPlist(_ data: Data, _ space: Workspace) throws(IconCatalogError) -> String {
      let file = space.write(data, to: "App/Info.plist")
      let plist = try InfoPlist.read(file)
      let primary = plist.primaryIcon()
      _ = plist.valueProblems()
      let alternates = try plist.alternates()
      _ = (plist.displayName, plist.bundleName, plist.bundleIdentifier)
      // As the app reads it: the folder holding the Info.plist, with nothing else in it.
      let app = try AppIconReader.read(at: file.deletingLastPathComponent())
      // As `check` judges it, the icon dictionaries as written included (IconDictionaryLint):
      // every finding one `check` can print.
      let (checked, facts) = try AppIconReader.readWithFacts(
        at: file.deletingLastPathComponent(), target: nil, configuration: nil)
      Checker.diagnose(checked, facts: facts).forEach(Self.expectPrintable)
      return "primary \(primary?.iconName ?? "-"), \(alternates.count) alternates; "
        + "app \(app.appName): \(app.allIcons.count) icons"
    }

    func contentsJSON(_ data: Data, _ space: Workspace) throws(IconCatalogError) -> String {
      // The same bytes as an icon set's, a namespace group's and a brand assets' Contents.json.
      space.write(data, to: "Assets.xcassets/Group/AppIcon.appiconset/Contents.json")
      space.write(data, to: "Assets.xcassets/Group/Contents.json")
      space.write(data, to: "Assets.xcassets/TV.brandassets/Contents.json")
      let catalog = try AssetCatalog.read(space.root.appendingPathComponent("Assets.xcassets"))
      var renditions = 0
      var pixels: [String] = []
      for set in catalog.iconSets {
        let read = try set.renditions()
        renditions += read.count
        // As the picker and `check` use them: sizes in pixels, the one to decode for a preview.
        pixels += read.map { $0.pixelSize.map(String.init) ?? "?" }
        _ = RenditionChooser.choose(from: read, pixels: 64)
      }
      let names = catalog.iconSets.map(\.name).joined(separator: ", ")
      return "\(catalog.iconSets.count) sets (\(names)), \(renditions) renditions, "
        + "pixels [\(pixels.joined(separator: " "))]"
    }

    func pbxproj(_ data: Data, _ space: Workspace) throws(IconCatalogError) -> String {
      space.write(data, to: "App.xcodeproj/project.pbxproj")
      let bundle = space.root.appendingPathComponent("App.xcodeproj", isDirectory: true)
      // As the app reads it: the application target, its settings and the icon names they give.
      var resolved = "no app target"
      if let target = try ProjectTarget.resolve(project: bundle, target: nil, configuration: nil) {
        let names = try IconNames.resolve(
          settings: target.settings, infoPlist: nil, catalogs: AssetCatalogs(catalogs: []))
        resolved = "app target \(target.name) (\(target.configuration)), primary \(names.primary)"
      }
      // Then every look-up of the project, for every target (not only the app's).
      let project = try XcodeProject.read(bundle)
      let (targets, configurations) = try lookUpEverything(in: project)
      return "\(targets.count) targets, \(configurations) configurations; \(resolved)"
    }

    /// Every look-up of a project, for every target (not only the app's): the targets and how
    /// many configurations they and the project have.
    func lookUpEverything(in project: XcodeProject) throws(IconCatalogError) -> (
      targets: [XcodeProject.Target], configurations: Int
    ) {
      let targets = try project.targets()
      var configurations = targets.isEmpty ? 0 : try project.projectConfigurations().count
      for target in targets {
        let own = try project.configurations(of: target)
        configurations += own.count
        for configuration in own {
          _ = ProjectTarget.assignments(configuration.buildSettings, file: project.file)
        }
        _ = project.defaultConfigurationName(of: target)
        _ = project.resources(of: target)
        _ = project.synchronizedFolders(of: target)
      }
      return (targets, configurations)
    }

    func projectYML(_ data: Data, _ space: Workspace) throws(IconCatalogError) -> String {
      // A folder XcodeGen could generate from: a catalog, an .xcconfig and an included spec.
      space.write(
        Data(#"{"images":[{"filename":"a.png","idiom":"universal","size":"1024x1024"}]}"#.utf8),
        to: "App/Assets.xcassets/AppIcon.appiconset/Contents.json")
      space.write(Data("PRODUCT_BUNDLE_IDENTIFIER = dev.fuzz.app\n".utf8), to: "App/App.xcconfig")
      space.write(Data("targets:\n  App:\n    type: application\n".utf8), to: "base.yml")
      let spec = space.write(data, to: "project.yml")
      SpecYAML.install()
      let parsed = (try? YAMLDocument.parse([UInt8](data))).map { _ in "parsed" } ?? "refused"
      let project = try XcodeProject.read(spec)
      let (targets, configurations) = try lookUpEverything(in: project)
      // As the app reads it: the folder, the app target and its icons.
      var app = "no app"
      if let target = try ProjectTarget.resolve(project: spec, target: nil, configuration: nil) {
        let icons = try AppIconReader.read(at: space.root)
        app = "app target \(target.name) (\(target.configuration)): \(icons.allIcons.count) icons"
      }
      return "\(parsed); \(targets.count) targets, \(configurations) configurations, "
        + "\(project.warnings.count) warnings; \(app)"
    }

    func xcconfig(_ data: Data, _ space: Workspace) throws(IconCatalogError) -> String {
      let file = space.write(data, to: "App/App.xcconfig")
      let config = try XCConfig.read(file, projectFolder: space.root)
      let settings = BuildSettings(
        levels: [config.assignments], builtIn: ["SRCROOT": space.root.path])
      // A few keys besides the ones the app reads (IconNames): each expansion of a hostile value
      // may use the expander's whole budget, and a run should stay well under a second.
      var keys: [String] = []
      for assignment in config.assignments where !keys.contains(assignment.key) && keys.count < 8 {
        keys.append(assignment.key)
      }
      for key in keys {
        _ = settings.string(key)
      }
      let names = try IconNames.resolve(
        settings: settings, infoPlist: nil, catalogs: AssetCatalogs(catalogs: []))
      return "\(config.assignments.count) assignments, \(config.includedFiles.count) includes; "
        + "primary \(names.primary)"
    }

    func png(_ data: Data, _ space: Workspace) -> Outcome {
      let file = space.write(data, to: "icon.png")
      var read: [String] = []
      var rejected: [String] = []
      do {
        let image = try PNGDecoder.decode(
          data: [UInt8](data), source: "icon.png", maxDimension: Self.pngMaxDimension)
        read.append("memory \(image.width)×\(image.height)")
      } catch {
        rejected.append(error.description)
      }
      do {
        let image = try PNGDecoder.decode(file: file, maxDimension: Self.pngMaxDimension)
        read.append("file \(image.width)×\(image.height)")
      } catch {
        rejected.append(error.description)
      }
      do {
        let header = try PNGHeader.read(file: file)
        read.append("header \(header.width)×\(header.height)")
      } catch {
        rejected.append(error.description)
      }
      return rejected.isEmpty
        ? .read(summary: read.joined(separator: ", "))
        : .rejected(message: rejected.joined(separator: " | "))
    }
  }
#endif
