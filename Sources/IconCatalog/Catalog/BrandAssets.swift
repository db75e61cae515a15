import FoundationEssentials

/// A tvOS `NAME.brandassets`: the app icon is an image stack (front to back layers, each a
/// `Content.imageset`) named by the assets whose role is `primary-app-icon`.
enum BrandAssets {
  private struct Contents: Decodable {
    struct Asset: Decodable {
      var filename: String?
      var idiom: String?
      var role: String?
    }
    var assets: [Asset]?
  }

  private struct Stack: Decodable {
    struct Layer: Decodable { var filename: String? }
    var layers: [Layer]?
  }

  private struct ImageSet: Decodable {
    struct Image: Decodable {
      var filename: String?
      var idiom: String?
      var scale: String?
    }
    var images: [Image]?
  }

  /// The layer images of every app icon stack (the home screen's and the App Store's). Their
  /// sizes are not square points (400×240), so no point size is given.
  static func renditions(in folder: URL) throws(IconCatalogError) -> [IconRendition] {
    let contents: Contents = try decode(folder.appendingPathComponent("Contents.json"))
    var renditions: [IconRendition] = []
    for asset in contents.assets ?? [] where asset.role == "primary-app-icon" {
      guard let name = asset.filename, name.hasSuffix(".imagestack") else { continue }
      let stack = folder.appendingPathComponent(name)
      // A stack that is not there has no images; `check` reports it (tv-app-store-icon-missing).
      guard ReadDisk.exists(stack.path) else { continue }
      let layers: Stack = try decode(stack.appendingPathComponent("Contents.json"))
      for layer in layers.layers ?? [] {
        guard let layerName = layer.filename else { continue }
        let imageSet = stack.appendingPathComponent(layerName).appendingPathComponent(
          "Content.imageset")
        let imageSetContents = imageSet.appendingPathComponent("Contents.json")
        // A layer that is not an `.imagestacklayer` holding a `Content.imageset` (real projects
        // name an `.imageset` directly) has no image actool takes; `check` reports the stack
        // (tv-image-stack-layers), so the reading goes on.
        guard ReadDisk.exists(imageSetContents.path) else { continue }
        let images: ImageSet = try decode(imageSetContents)
        for image in images.images ?? [] {
          let scale = Int(image.scale?.dropLast() ?? "1") ?? 1
          renditions.append(
            IconRendition(
              file: image.filename.map { imageSet.appendingPathComponent($0) },
              idiom: image.idiom ?? asset.idiom ?? "tv", pointSize: nil, scale: scale,
              platform: "tvos"))
        }
      }
    }
    return renditions
  }

  private static func decode<T: Decodable>(_ file: URL) throws(IconCatalogError) -> T {
    guard let data = RegularFile.contents(file, limit: FileLimits.contentsJSON) else {
      throw .invalidContentsJSON(file: file.path, reason: "the file is missing or unreadable")
    }
    do {
      return try JSONDecoder().decode(T.self, from: data)
    } catch {
      throw .invalidContentsJSON(
        file: file.path, reason: "not the JSON Xcode writes (\(JSONProblem.describe(error)))")
    }
  }
}
