import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An Icon Composer `NAME.icon` bundle (Xcode 26): `icon.json` describes groups of layers, each
/// layer an image in the bundle's `Assets/` folder. The icon's name is the folder's name without
/// `.icon`. actool draws the bundle into the app's icons, so its renditions are the bundle itself
/// in each appearance (Icon Composer derives dark and tinted looks even when nothing is written
/// for them), for IconRender to draw.
public enum IconComposerBundle {
  public static let documentName = "icon.json"
  public static let assetsFolder = "Assets"
  /// icon.json is a few kilobytes; a much larger one is not Icon Composer's.
  static let documentSizeLimit = FileLimits.iconJSON.bytes

  /// True when `folder` is a `.icon` folder holding an `icon.json`.
  static func isBundle(_ folder: URL) -> Bool {
    folder.pathExtension == "icon"
      && ReadDisk.exists(folder.appendingPathComponent(documentName, isDirectory: false).path)
  }

  /// The bundle drawn in each appearance; none when no layer names an image (nothing to draw,
  /// which `check` reports) or when there is no `icon.json`. An `icon.json` that cannot be read
  /// still gives the renditions: drawing them fails with the reason (a placeholder in the
  /// picker, `show` exits 1) and `check` reports it, instead of the whole app failing to open.
  static func renditions(in bundle: URL) -> [IconRendition] {
    let document: (document: IconComposerDocument, problems: [IconComposerProblem])?
    do {
      document = try readIfPresent(bundle)
    } catch {
      return renditions(of: bundle)
    }
    guard let document, !document.document.imageNames.isEmpty else { return [] }
    return renditions(of: bundle)
  }

  private static func renditions(of bundle: URL) -> [IconRendition] {
    IconAppearance.allCases.map {
      IconRendition(
        file: bundle, idiom: "universal", pointSize: 1024, scale: 1, appearance: $0,
        kind: .iconComposer)
    }
  }

  /// The bundle's `icon.json`, with what in it is not as Icon Composer writes it.
  /// Throws when the file is missing, unreadable, not JSON, or not a JSON object.
  public static func read(_ bundle: URL) throws(IconCatalogError) -> (
    document: IconComposerDocument, problems: [IconComposerProblem]
  ) {
    guard let read = try readIfPresent(bundle) else {
      throw .unreadableFile(
        file: documentURL(bundle).path, reason: "no such file: every .icon bundle needs one")
    }
    return read
  }

  /// The `Assets/` file a layer's image name opens on a Mac (`MacFileLookup`): spelled so, else
  /// the one file whose name matches ignoring case and Unicode normalization, with how the name
  /// differs from it. nil when there is none, or when the name is not a plain file name.
  public static func findAsset(_ bundle: URL, imageName: String) -> (
    url: URL, difference: NameDifference
  )? {
    guard !imageName.isEmpty, !imageName.contains("/"), imageName != ".", imageName != "..",
      !imageName.contains("\0"),
      let found = MacFileLookup.find(assetURL(bundle, imageName: imageName))
    else { return nil }
    return (found.url, found.difference)
  }

  /// The `Assets/` file a layer's image name refers to, as written.
  public static func assetURL(_ bundle: URL, imageName: String) -> URL {
    bundle.appendingPathComponent(assetsFolder, isDirectory: true)
      .appendingPathComponent(imageName, isDirectory: false)
  }

  public static func documentURL(_ bundle: URL) -> URL {
    bundle.appendingPathComponent(documentName, isDirectory: false)
  }

  private static func readIfPresent(_ bundle: URL) throws(IconCatalogError) -> (
    document: IconComposerDocument, problems: [IconComposerProblem]
  )? {
    let file = documentURL(bundle)
    guard let data = try FileData.readIfPresent(file, limit: FileLimits.iconJSON) else {
      return nil
    }
    guard data.count <= documentSizeLimit else {
      throw .invalidIconJSON(
        file: file.path, reason: "\(data.count) bytes, more than Icon Composer ever writes")
    }
    do {
      return try IconComposerDocument.parse(data)
    } catch {
      throw .invalidIconJSON(
        file: file.path, reason: IconComposerProblem(path: "", reason: error).description)
    }
  }
}
