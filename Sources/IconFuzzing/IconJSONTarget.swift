import IconCatalog

#if DEBUG
  import FoundationEssentials
  @testable import IconCatalog
  @testable import IconCheck

  extension FuzzTarget {
    /// The bytes as `icon.json`: parsed, every value looked up as a renderer would, then written
    /// into a `.icon` bundle with a file for each of a few safe image names, read as the catalog
    /// reads it and checked as `iconpick check` checks it. Beyond not crashing, each diagnostic
    /// must be one `check` can print: an id, a file, a line from 1, a message and a fix on one line
    /// with no raw control character.
    func iconJSON(_ data: Data, _ space: Workspace) throws(IconCatalogError) -> String {
      var parsed: String
      do {
        let (document, problems) = try IconComposerDocument.parse(data)
        parsed =
          "\(document.groups.count) groups, \(document.imageNames.count) images, "
          + "\(problems.count) problems"
        Self.lookUpEveryValue(document)
        for problem in problems { _ = problem.description }
      } catch {
        parsed = "refused (\(IconComposerProblem(path: "", reason: error).description))"
      }

      // check's line finder, on any bytes (it sees only JSON objects in `check`).
      let lines = JSONLines(data)
      for path in ["", "groups", "groups[0].layers[0].fill.solid", "features"] {
        if let line = lines.line(of: path) {
          precondition(line >= 1, "iconjson: line \(line) for \(path)")
        }
      }

      let bundle = space.root.appendingPathComponent("Fuzz.icon", isDirectory: true)
      space.write(data, to: "Fuzz.icon/icon.json")
      var layers = 0
      if let (document, _) = try? IconComposerDocument.parse(data) {
        // Only plain names are written: a hostile one must not reach outside the workspace.
        for (index, name) in document.imageNames.prefix(4).enumerated()
        where IconComposerChecks.unsafe(name) == nil && name.utf8.count <= 64
          && !name.hasPrefix(".")
        {
          space.write(Self.layerFile(for: name, index: index), to: "Fuzz.icon/Assets/\(name)")
          layers += 1
        }
      }
      let diagnostics = IconComposerChecks.diagnose(bundle: bundle)
      for diagnostic in diagnostics { Self.expectPrintable(diagnostic) }
      let renditions = IconComposerBundle.renditions(in: bundle)
      let ids = Set(diagnostics.map(\.id.rawValue)).sorted().joined(separator: " ")
      return "\(parsed); \(layers) layer files, \(renditions.count) renditions; check: [\(ids)]"
    }

    /// What a layer file may hold: an SVG, a 1×1 PNG, a JPEG's first bytes, nothing, an SVG with
    /// text, a PNG cut after its signature.
    static let layerFiles: [Data] = [
      Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>"#.utf8),
      Data([
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44,
        0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F,
        0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0B, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x60,
        0x00, 0x02, 0x00, 0x00, 0x05, 0x00, 0x01, 0x7A, 0x5E, 0xAB, 0x3F, 0x00, 0x00, 0x00, 0x00,
        0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
      ]),
      Data([0xFF, 0xD8, 0xFF, 0xE0]),
      Data(),
      Data(#"<svg xmlns="http://www.w3.org/2000/svg"><text>A</text></svg>"#.utf8),
      Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]),
    ]

    /// The first two images as their extensions say; the others in turn, whatever their names say.
    static func layerFile(for name: String, index: Int) -> Data {
      guard index < 2 else { return layerFiles[index % layerFiles.count] }
      switch PathText.pathExtension(name).lowercased() {
      case "png": return layerFiles[1]
      case "jpg", "jpeg": return layerFiles[2]
      default: return layerFiles[0]
      }
    }

    /// Every property in every appearance, on a phone and on a watch, as a renderer asks.
    static func lookUpEveryValue(_ document: IconComposerDocument) {
      for appearance in IconAppearance.allCases {
        for idiom in [nil, "watchOS"] as [String?] {
          _ = document.background(for: appearance, idiom: idiom)
          for group in document.groups {
            _ = group.hidden.value(for: appearance, idiom: idiom)
            _ = group.opacity.value(for: appearance, idiom: idiom)
            _ = group.blendMode.value(for: appearance, idiom: idiom)
            _ = group.position.value(for: appearance, idiom: idiom)
            _ = group.shadow.value(for: appearance, idiom: idiom)
            _ = group.translucency.value(for: appearance, idiom: idiom)
            _ = group.specular.value(for: appearance, idiom: idiom)
            _ = group.blurMaterial.value(for: appearance, idiom: idiom)
            _ = group.lighting.value(for: appearance, idiom: idiom)
            for layer in group.layers {
              _ = layer.imageName.value(for: appearance, idiom: idiom)
              _ = layer.fill.value(for: appearance, idiom: idiom)
              _ = layer.position.value(for: appearance, idiom: idiom)
              _ = layer.opacity.value(for: appearance, idiom: idiom)
              _ = layer.blendMode.value(for: appearance, idiom: idiom)
              _ = layer.glass.value(for: appearance, idiom: idiom)
              _ = layer.hidden.value(for: appearance, idiom: idiom)
            }
          }
        }
      }
      _ = document.supportedPlatforms?.includesIOS
    }

    /// A diagnostic `check` can print: a file, a line from 1, a message and a fix on one line with
    /// no raw control character.
    static func expectPrintable(_ diagnostic: Diagnostic) {
      precondition(diagnostic.file != nil, "\(diagnostic.id) names no file")
      if let line = diagnostic.line {
        precondition(line >= 1, "\(diagnostic.id) at line \(line)")
      }
      for text in [diagnostic.message, diagnostic.fix] {
        precondition(!text.isEmpty, "\(diagnostic.id) has an empty message or fix")
        precondition(
          !text.unicodeScalars.contains { MessageText.isControl($0) },
          "\(diagnostic.id) holds a control character: \(text.debugDescription)")
      }
    }
  }
#endif
