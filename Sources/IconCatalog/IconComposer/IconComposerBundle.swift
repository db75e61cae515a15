import Foundation

/// An Icon Composer `NAME.icon` bundle (Xcode 26): `icon.json` describes groups of layers, each
/// layer an image in the bundle's `Assets/` folder. The icon's name is the folder's name without
/// `.icon`; actool renders it, so iconpick records the layer images as 1024 pt universal renditions.
enum IconComposerBundle {
  static let documentName = "icon.json"

  /// True when `folder` is a `.icon` folder holding an `icon.json`.
  static func isBundle(_ folder: URL) -> Bool {
    folder.pathExtension == "icon"
      && FileManager.default.fileExists(
        atPath: folder.appendingPathComponent(documentName, isDirectory: false).path)
  }

  /// The image of every visible layer, each file once, in the order `icon.json` lists them.
  /// An appearance-specific image (`image-name-specializations`) keeps its appearance.
  static func renditions(in bundle: URL) throws(IconCatalogError) -> [IconRendition] {
    let file = bundle.appendingPathComponent(documentName, isDirectory: false)
    // A bundle without icon.json has no images; `check` reports that, reading goes on.
    guard FileManager.default.fileExists(atPath: file.path) else { return [] }
    let data = try FileData.read(file)
    let document: Document
    do {
      document = try JSONDecoder().decode(Document.self, from: data)
    } catch {
      throw .invalidIconJSON(file: file.path, reason: JSONProblem.describe(error))
    }

    let assets = bundle.appendingPathComponent("Assets", isDirectory: true)
    var seen = Set<String>()
    var renditions: [IconRendition] = []
    func add(_ imageName: String?, _ appearance: IconAppearance) {
      guard let imageName, !imageName.isEmpty, seen.insert(imageName).inserted else { return }
      renditions.append(
        IconRendition(
          file: assets.appendingPathComponent(imageName, isDirectory: false), idiom: "universal",
          pointSize: 1024, scale: 1, appearance: appearance))
    }
    for group in document.groups ?? [] where group.hidden != true {
      for layer in group.layers ?? [] where layer.hidden != true {
        add(layer.imageName, .any)
        for special in layer.imageNameSpecializations ?? [] {
          add(special.value, appearance(special.appearance))
        }
      }
    }
    return renditions
  }

  /// Icon Composer says `light` (the default look), `dark` or `tinted`.
  private static func appearance(_ name: String?) -> IconAppearance {
    switch name {
    case "dark": return .dark
    case "tinted": return .tinted
    default: return .any
    }
  }

  /// The parts of `icon.json` iconpick uses. Everything else (`fill`, `supported-platforms`,
  /// shadows, glass, positions) is ignored, and every field may be missing.
  private struct Document: Decodable {
    var groups: [Group]?

    struct Group: Decodable {
      var layers: [Layer]?
      var hidden: Bool?
    }

    struct Layer: Decodable {
      var imageName: String?
      var imageNameSpecializations: [Specialization]?
      var hidden: Bool?

      enum CodingKeys: String, CodingKey {
        case imageName = "image-name"
        case imageNameSpecializations = "image-name-specializations"
        case hidden
      }
    }

    struct Specialization: Decodable {
      var appearance: String?
      var value: String?
    }
  }
}
