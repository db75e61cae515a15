import FoundationEssentials
import IconCatalog
import IconRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Plans the edit that a finding's fix (`IconFix`, attached by `check`) means: the one fact
/// changed, in each file's own style, by the editors `add` and `remove` use. Planning a fix on a
/// project where the fact is already right gives an empty change set, so a second `check --fix`
/// is a no-op.
public enum FixPlanner {
  public static func plan(_ fix: IconFix, in context: EditContext, background: String? = nil)
    throws(EditError) -> EditPlan
  {
    try AddPlanner.refuseUnsupported(context)
    switch fix {
    case .removeIconFileExtension(let plist, let keyPath, let index, let value):
      return try PlistFixes.removeIconFileExtension(
        plist: plist, keyPath: keyPath, index: index, value: value, context: context)
    case .declareForIPad(let plist, let name):
      return try IPadDeclarationFix.plan(plist: plist, name: name, context: context)
    case .movePrimaryOutOfAlternates(let plist, let dictionary):
      return try PlistFixes.movePrimaryOutOfAlternates(
        plist: plist, dictionary: dictionary, context: context)
    case .setPlistValue(let plist, let keyPath, let value):
      return try PlistFixes.setValue(plist: plist, keyPath: keyPath, value: value, context: context)
    case .renameInSetting(let setting, let written, let correct):
      return try SettingFixes.rename(
        setting: setting, written: written, correct: correct, context: context)
    case .addCatalogToTarget(let catalog):
      return try CatalogFixes.addCatalogToTarget(catalog: catalog, context: context)
    case .addMissingSizes(let icon, let set, let sizes):
      // Sizes come from a finding, but a size that is no icon size must not reach arithmetic.
      if let odd = sizes.first(where: {
        !$0.points.isFinite || $0.points <= 0 || $0.points > 10_000 || !(1...4).contains($0.scale)
      }) {
        throw .unsupported(
          file: set ?? context.projectDescription,
          reason: "\(odd.points)pt @\(odd.scale)x is not an icon size iconpick can make")
      }
      if let set {
        return try CatalogFixes.addMissingSizes(
          icon: icon, set: set, sizes: sizes, context: context)
      }
      return try LooseSizesFix.plan(icon: icon, sizes: sizes, context: context)
    case .setPrimaryIconName(let name):
      return try SettingFixes.setPrimaryIconName(name, context: context)
    case .removeContentsEntry(let contents, let index):
      return try CatalogFixes.removeContentsEntry(
        contents: contents, index: index, context: context)
    case .declareSet(let name):
      throw .unsupported(
        file: context.projectDescription,
        reason:
          "\"\(name)\" is there but not shipped, and shipping it is a choice, not a repair: run `iconpick add \(name)`"
      )
    case .flattenAlpha(let file):
      return try ArtworkFixes.flattenAlpha(file: file, background: background, context: context)
    case .resample(let file, let pixels):
      return try ArtworkFixes.resample(file: file, pixels: pixels, context: context)
    }
  }

  /// The plan for a fact that is already right: no change.
  static func nothingToDo(_ context: EditContext, name: String, _ why: String) -> EditPlan {
    EditPlan(
      changes: ChangeSet(root: context.places.root), form: "nothing to change: \(why)", name: name)
  }

  static func plan(
    _ files: PlannedFiles, form: String, name: String, notes: [String] = []
  ) -> EditPlan {
    var plan = EditPlan(changes: files.changes, form: form, name: name)
    plan.notes = notes
    return plan
  }

  static func show(_ keyPath: [String]) -> String { keyPath.joined(separator: " → ") }

  // MARK: Images

  /// A PNG of the project, read and decoded: its bytes and pixels.
  static func loadPNG(_ file: URL) throws(EditError) -> (bytes: [UInt8], image: RGBAImage) {
    let bytes = try PlannedFiles.read(file)
    switch ImageFormat.sniff(bytes[...]) {
    case .png: break
    case .appleCgBI:
      throw .badImage(
        file: file.path, reason: "an Xcode-optimized (CgBI) PNG, which iconpick does not rewrite")
    default:
      throw .badImage(file: file.path, reason: "not a PNG image")
    }
    do {
      return (bytes, try PNGDecoder.decode(data: bytes, source: file.path))
    } catch {
      throw .badImage(file: file.path, reason: "cannot be decoded: \(error)")
    }
  }

  /// `image` resized to `side` × `side` (never enlarged) and encoded as Xcode's tools write
  /// PNGs: RGB when every pixel is opaque.
  static func pngBytes(_ source: (bytes: [UInt8], image: RGBAImage), file: URL, side: Int)
    throws(EditError) -> [UInt8]
  {
    let image = source.image
    guard side >= 1, side <= image.width, side <= image.height else {
      throw .badImage(
        file: file.path,
        reason:
          "\(side)×\(side) px would enlarge its \(image.width)×\(image.height) px, which iconpick never does"
      )
    }
    if side == image.width && side == image.height { return source.bytes }
    do {
      return try PNGMemoryEncoder.encodeForFile(Downscale.resize(image, width: side, height: side))
    } catch {
      throw .badImage(file: file.path, reason: "cannot be encoded at \(side)×\(side): \(error)")
    }
  }

  /// The side of the PNG at `file` from its header; nil when it is not a readable PNG.
  static func pixelSide(_ file: URL) -> Int? {
    guard let header = try? PNGHeader.read(file: file), header.width == header.height else {
      return nil
    }
    return header.width
  }
}
