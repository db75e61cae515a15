import IconCatalog

/// Everything that can go wrong while turning an icon file into a preview.
///
/// Each description is one line that names the file, says what is wrong and, where
/// there is one, what to do about it. The picker shows a marked placeholder instead
/// of the icon; `iconpick check` and `iconpick show` print the description.
public enum IconRenderError: Error, Equatable, CustomStringConvertible {
  /// The file could not be opened or read (missing, a folder, no permission).
  case unreadable(file: String, reason: String)
  /// The file is not a PNG; `format` says what it is instead.
  case notPNG(file: String, format: ImageFormat)
  /// The PNG header declares more pixels on a side than previews decode.
  case tooLarge(file: String, width: Int, height: Int, limit: Int)
  /// A PNG within the size limit whose decode would still take more than `limit` bytes of
  /// pixels (`PNGDecoder.maximumDecodedBytes`): `bytes` is what it would take.
  case tooLargeToDecode(file: String, width: Int, height: Int, bytes: Int, limit: Int)
  /// A PNG that libpng could not decode: truncated or damaged. `reason` is libpng's message.
  case corruptPNG(file: String, reason: String)
  /// `--color` got a value that is not a colour mode; `valid` lists the ones it takes.
  case unknownColorMode(value: String, valid: [String])
  /// An Icon Composer bundle's `icon.json` that is missing, unreadable or not JSON;
  /// `reason` says what is wrong.
  case badIconJSON(file: String, reason: String)
  /// A layer's `image-name` that could reach outside the bundle's `Assets/` folder: a name with
  /// `/`, `..`, or a symbolic link that resolves elsewhere. `file` is the bundle's `icon.json`.
  case unsafeLayerImage(file: String, imageName: String, reason: String)
  /// A layer image file larger than the renderer reads (`limit` bytes); never parsed.
  case layerFileTooLarge(file: String, bytes: Int, limit: Int)
  /// A layer image in a format Icon Composer layers do not use (PNG, JPEG and SVG are drawn).
  case unsupportedLayerImage(file: String, format: ImageFormat)
  /// An SVG layer that librsvg cannot read or draw (not XML, too deeply nested, a `<use>`
  /// that refers to itself, no size); `reason` is librsvg's message.
  case badSVG(file: String, reason: String)
  /// A JPEG layer that gdk-pixbuf cannot decode, or one larger than `limit` on a side.
  case badImage(file: String, reason: String)
  /// An icon with more layers to draw than the renderer draws (`limit`).
  case tooManyLayers(file: String, count: Int, limit: Int)
  /// A requested image size outside 1...`limit` pixels on a side.
  case sizeOutOfRange(pixels: Int, limit: Int)
  /// cairo failed while drawing (usually out of memory); `reason` is cairo's message.
  case drawingFailed(file: String, reason: String)
  /// cairo or librsvg, which draw Icon Composer bundles and enlarge PNGs, is not installed
  /// (or too old); `reason` says which and the package to install.
  case libraryMissing(file: String, reason: String)
  /// An image could not be written to `file`; `reason` is libpng's or the system's message.
  case unwritable(file: String, reason: String)

  public var description: String {
    switch self {
    case .unreadable(let file, let reason):
      return "\(MessageText.path(file)): cannot be read: \(MessageText.path(reason))"
    case .notPNG(let file, let format):
      return "\(MessageText.path(file)): \(Self.whatItIs(format))"
    case .tooLarge(let file, let width, let height, let limit):
      return
        "\(MessageText.path(file)): the PNG is \(width)×\(height) pixels, over the \(limit)×\(limit) limit for previews"
    case .tooLargeToDecode(let file, let width, let height, let bytes, let limit):
      return
        "\(MessageText.path(file)): the PNG is \(width)×\(height) pixels, which take \(bytes >> 20) MiB to decode, over the \(limit >> 20) MiB limit for previews"
    case .corruptPNG(let file, let reason):
      return "\(MessageText.path(file)): a damaged or truncated PNG: \(MessageText.path(reason))"
    case .unknownColorMode(let value, let valid):
      return
        "--color \"\(MessageText.escaped(value))\" is not a colour mode: use one of \(valid.joined(separator: ", "))"
    case .badIconJSON(let file, let reason):
      return
        "\(MessageText.path(file)): invalid icon.json (\(MessageText.path(reason))): fix it, or re-save the icon in Icon Composer"
    case .unsafeLayerImage(let file, let imageName, let reason):
      return
        "\(MessageText.path(file)): the layer image \"\(MessageText.escaped(imageName))\" is refused (\(MessageText.path(reason))): name a file inside the bundle's Assets folder"
    case .layerFileTooLarge(let file, let bytes, let limit):
      return
        "\(MessageText.path(file)): \(bytes) bytes, over the \(limit)-byte limit for a layer image: simplify or shrink it"
    case .unsupportedLayerImage(let file, let format):
      switch format {
      case .gitLFSPointer, .appleCgBI: return "\(MessageText.path(file)): \(Self.whatItIs(format))"
      case .empty:
        return "\(MessageText.path(file)): an empty file, not a layer image: export the layer again"
      case .unknown:
        return
          "\(MessageText.path(file)): not an image (the contents are not SVG, PNG or JPEG): export it again"
      default:
        return
          "\(MessageText.path(file)): \(format.article) image: Icon Composer layers are drawn from SVG, PNG or JPEG files"
      }
    case .badSVG(let file, let reason):
      return
        "\(MessageText.path(file)): an SVG that cannot be drawn: \(MessageText.path(reason)): fix it, or export it again"
    case .badImage(let file, let reason):
      return
        "\(MessageText.path(file)): a layer image that cannot be decoded: \(MessageText.path(reason))"
    case .tooManyLayers(let file, let count, let limit):
      return
        "\(MessageText.path(file)): \(count) layers to draw, over the limit of \(limit): merge some in Icon Composer"
    case .sizeOutOfRange(let pixels, let limit):
      return "\(pixels) pixels: an icon image must be 1 to \(limit) pixels on a side"
    case .drawingFailed(let file, let reason):
      return "\(MessageText.path(file)): the icon could not be drawn: \(MessageText.path(reason))"
    case .libraryMissing(let file, let reason):
      return "\(MessageText.path(file)): cannot be drawn: \(MessageText.path(reason))"
    case .unwritable(let file, let reason):
      return
        "\(MessageText.path(file)): cannot be written: \(MessageText.path(reason)): check the folder exists and is writable"
    }
  }

  private static func whatItIs(_ format: ImageFormat) -> String {
    switch format {
    case .gitLFSPointer:
      return "a Git LFS pointer, not the image: run `git lfs pull`"
    case .empty:
      return "an empty file, not a PNG image"
    case .unknown:
      return "not a PNG image (the contents are not a known image format)"
    case .appleCgBI:
      return
        "an Xcode-optimized (CgBI) PNG from a built app, which libpng cannot read: "
        + "use the icon in the project's asset catalog"
    case .png:
      return "a PNG image"
    case .jpeg, .gif, .heic, .webp, .tiff, .svg:
      return "\(format.article) image, not a PNG: iOS app icons must be PNG"
    }
  }
}
