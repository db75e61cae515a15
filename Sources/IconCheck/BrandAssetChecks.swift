import FoundationEssentials
import IconCatalog
import IconRender

/// A tvOS app's `.brandassets`, as App Store validation and actool read it (errors):
/// - `tv-app-store-icon-missing`: no 1280×768 App Store icon (ITMS-90471);
/// - `tv-top-shelf-missing`: no Top Shelf (1920×720) or Top Shelf Wide (2320×720) image;
/// - `tv-top-shelf-alpha`: a Top Shelf image that is not opaque (ITMS-90497);
/// - `tv-image-stack-layers`: an app icon image stack with fewer than two layers that hold an image
///   (actool: "must have at least 2 layers with applicable content").
///
/// Only the brand assets the build ships are checked: the primary's, and the alternates'.
enum BrandAssetChecks {
  struct Asset {
    var index: Int
    var filename: String?
    var role: String?
    var size: String?
  }

  static func diagnose(_ facts: ProjectFacts) -> [Diagnostic] {
    let shipped = facts.shippedSetNames
    var found: [Diagnostic] = []
    for set in facts.iconSets where set.folder.pathExtension == "brandassets" {
      guard shipped.contains(set) else { continue }
      found += check(set)
    }
    return found
  }

  static func check(_ set: ProjectFacts.IconSet) -> [Diagnostic] {
    let contents = set.file
    guard let data = RegularFile.contents(contents, limit: FileLimits.contentsJSON),
      let object = try? JSONTree.object(from: data) as? [String: Any]
    else { return [] }
    let lines = JSONLines(data)
    let assets = (object["assets"] as? [Any] ?? []).enumerated().map { index, item in
      let asset = item as? [String: Any] ?? [:]
      return Asset(
        index: index, filename: asset["filename"] as? String, role: asset["role"] as? String,
        size: asset["size"] as? String)
    }
    let setName = "\"" + MessageText.escaped(set.name, quoting: true) + "\""
    func present(_ asset: Asset) -> URL? {
      guard let name = asset.filename, !name.isEmpty else { return nil }
      let folder = set.folder.appendingPathComponent(name, isDirectory: true)
      return ReadDisk.exists(folder.path) ? folder : nil
    }
    var found: [Diagnostic] = []

    let icons = assets.filter { $0.role == "primary-app-icon" }
    if !icons.contains(where: { $0.size == "1280x768" && present($0) != nil }) {
      found.append(
        Diagnostic(
          id: .tvAppStoreIconMissing, file: contents.path,
          line: lines.line(of: "assets"),
          message:
            "the brand assets \(setName) have no 1280×768 App Store icon (an image stack of role primary-app-icon, size 1280x768); App Store Connect rejects the upload (ITMS-90471: \"Missing App Store Icon\")",
          fix:
            "Add an App Store icon (App Icon - App Store, 1280×768, at least two layers) to the brand assets in Xcode."
        ))
    }
    for icon in icons {
      guard let stack = present(icon) else { continue }
      found += stackLayers(stack, setName: setName)
    }

    for (role, size) in [("top-shelf-image", "1920x720"), ("top-shelf-image-wide", "2320x720")] {
      let label = role == "top-shelf-image" ? "Top Shelf image" : "Top Shelf Wide image"
      guard let asset = assets.first(where: { $0.role == role }), let imageSet = present(asset)
      else {
        found.append(
          Diagnostic(
            id: .tvTopShelfMissing, file: contents.path,
            line: lines.line(of: "assets"),
            message:
              "the brand assets \(setName) have no \(label) (role \(role), \(size.replacingAll("x", with: "×")) pixels), which every tvOS app must provide (App Store validation of brand assets, ITMS-90497)",
            fix:
              "Add a \(label) of \(size.replacingAll("x", with: "×")) pixels to the brand assets in Xcode."
          ))
        continue
      }
      for file in imageFiles(in: imageSet) {
        guard let transparent = AlphaChecks.transparency(of: file), transparent.transparent > 0
        else { continue }
        found.append(
          Diagnostic(
            id: .tvTopShelfAlpha, file: file.path,
            message:
              "\(MessageText.escaped(file.lastPathComponent)), the \(label) of the brand assets \(setName), is transparent: \(transparent.transparent) of \(transparent.total) pixels are not opaque; App Store Connect rejects Top Shelf images with transparency (ITMS-90497)",
            fix:
              "Flatten the image onto an opaque background and export it without an alpha channel."
          ))
      }
    }
    return found
  }

  /// `tv-image-stack-layers`: a stack needs two layers whose `Content.imageset` names an image
  /// that is there.
  static func stackLayers(_ stack: URL, setName: String) -> [Diagnostic] {
    let contents = stack.appendingPathComponent("Contents.json", isDirectory: false)
    let data = RegularFile.contents(contents, limit: FileLimits.contentsJSON)
    let object = data.flatMap { try? JSONTree.object(from: $0) as? [String: Any] }
    let layers = (object?["layers"] as? [Any] ?? []).compactMap {
      ($0 as? [String: Any])?["filename"] as? String
    }
    let withContent = layers.filter { layer in
      let imageSet = stack.appendingPathComponent(layer, isDirectory: true)
        .appendingPathComponent("Content.imageset", isDirectory: true)
      return !imageFiles(in: imageSet).isEmpty
    }
    guard withContent.count < 2 else { return [] }
    let name = stack.deletingPathExtension().lastPathComponent
    let misnamed = layers.filter { !$0.hasSuffix(".imagestacklayer") }
    let layerNote =
      misnamed.isEmpty
      ? ""
      : " (\(misnamed.map { "\"" + MessageText.escaped($0, quoting: true) + "\"" }.joined(separator: ", ")) \(misnamed.count == 1 ? "is not a layer" : "are not layers"): Xcode writes each layer as NAME.imagestacklayer holding Content.imageset)"
    return [
      Diagnostic(
        id: .tvImageStackLayers, file: contents.path,
        line: data.flatMap { JSONLines($0).line(of: "layers") },
        message:
          "the image stack \"\(MessageText.escaped(name))\" of the brand assets \(setName) has \(withContent.count) layer\(withContent.count == 1 ? "" : "s") with an image\(layerNote); actool fails: \"The image stack \"\(MessageText.escaped(name))\" must have at least 2 layers with applicable content.\"",
        fix: "Give the stack at least two layers (front and back), each with an image.")
    ]
  }

  /// The image files an `.imageset` names that are there.
  static func imageFiles(in imageSet: URL) -> [URL] {
    let contents = imageSet.appendingPathComponent("Contents.json", isDirectory: false)
    guard let data = RegularFile.contents(contents, limit: FileLimits.contentsJSON),
      let object = try? JSONTree.object(from: data) as? [String: Any]
    else { return [] }
    var seen = Set<String>()
    return (object["images"] as? [Any] ?? []).compactMap { item -> URL? in
      guard let name = (item as? [String: Any])?["filename"] as? String, !name.isEmpty,
        seen.insert(name).inserted
      else { return nil }
      let file = imageSet.appendingPathComponent(name, isDirectory: false)
      return ReadDisk.exists(file.path) ? file : nil
    }
  }
}
