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
  /// A PNG that libpng could not decode: truncated or damaged. `reason` is libpng's message.
  case corruptPNG(file: String, reason: String)
  /// `--color` got a value that is not a colour mode; `valid` lists the ones it takes.
  case unknownColorMode(value: String, valid: [String])

  public var description: String {
    switch self {
    case .unreadable(let file, let reason):
      return "\(file): cannot be read: \(reason)"
    case .notPNG(let file, let format):
      return "\(file): \(Self.whatItIs(format))"
    case .tooLarge(let file, let width, let height, let limit):
      return
        "\(file): the PNG is \(width)×\(height) pixels, over the \(limit)×\(limit) limit for previews"
    case .corruptPNG(let file, let reason):
      return "\(file): a damaged or truncated PNG: \(reason)"
    case .unknownColorMode(let value, let valid):
      return
        "--color \"\(value)\" is not a colour mode: use one of \(valid.joined(separator: ", "))"
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
        "an Xcode-optimized (CgBI) PNG from a built app, which only Apple's tools decode: "
        + "use the icon in the project's asset catalog"
    case .png:
      return "a PNG image"
    case .jpeg, .gif, .heic, .webp, .tiff, .svg:
      return "\(format.article) image, not a PNG: iOS app icons must be PNG"
    }
  }
}
