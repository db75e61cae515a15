/// What a file's first bytes say it is, whatever its name.
///
/// Real icon sets hold JPEGs named `.png`, and repositories that keep images in
/// Git LFS hold small text pointers in their place until `git lfs pull`.
public enum ImageFormat: Equatable, Sendable {
  case png
  /// A PNG crushed by Xcode for a device build (a `CgBI` chunk before `IHDR`,
  /// BGRA pixels, raw deflate): a PNG signature that standard decoders refuse.
  case appleCgBI
  case jpeg
  case gif
  /// HEIF: HEIC and other `ftyp` brands of the HEIF family.
  case heic
  case webp
  case tiff
  case svg
  /// A Git LFS pointer (`version https://git-lfs.github.com/spec/v1`, `oid`, `size`).
  case gitLFSPointer
  case empty
  case unknown

  /// How many leading bytes `sniff` looks at; fewer are fine for a shorter file.
  public static let sniffLength = 512

  /// The format named by the magic bytes at the start of `bytes`.
  public static func sniff(_ bytes: ArraySlice<UInt8>) -> ImageFormat {
    let head = Array(bytes.prefix(sniffLength))
    if head.isEmpty { return .empty }
    if head.starts(with: pngSignature) {
      // The first chunk's type sits after the signature and the chunk length.
      return head.dropFirst(12).starts(with: Array("CgBI".utf8)) ? .appleCgBI : .png
    }
    if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
    if head.starts(with: Array("GIF8".utf8)) { return .gif }
    if head.dropFirst(4).starts(with: Array("ftyp".utf8)),
      heifBrands.contains(where: { head.dropFirst(8).starts(with: Array($0.utf8)) })
    {
      return .heic
    }
    if head.starts(with: Array("RIFF".utf8)), head.dropFirst(8).starts(with: Array("WEBP".utf8)) {
      return .webp
    }
    if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
      return .tiff
    }
    if lfsPointerPrefixes.contains(where: { head.starts(with: Array($0.utf8)) }) {
      return .gitLFSPointer
    }
    if isSVG(head) { return .svg }
    return .unknown
  }

  /// A short name for a placeholder: "PNG", "JPEG", "Git LFS pointer".
  public var name: String {
    switch self {
    case .png: return "PNG"
    case .appleCgBI: return "CgBI PNG"
    case .jpeg: return "JPEG"
    case .gif: return "GIF"
    case .heic: return "HEIC"
    case .webp: return "WebP"
    case .tiff: return "TIFF"
    case .svg: return "SVG"
    case .gitLFSPointer: return "Git LFS pointer"
    case .empty: return "empty file"
    case .unknown: return "unknown"
    }
  }

  /// The name with its indefinite article: "a JPEG", "an SVG".
  var article: String {
    switch self {
    case .heic, .svg: return "an \(name)"
    default: return "a \(name)"
    }
  }

  private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  private static let heifBrands = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]
  /// The current pointer spec, and the one LFS accepted before it was renamed.
  private static let lfsPointerPrefixes = [
    "version https://git-lfs.github.com/spec/v1",
    "version https://hawser.github.com/spec/v1",
  ]

  /// Markup (after an optional UTF-8 byte order mark and white space) that opens an
  /// `<svg` element within the sniffed bytes: `<svg …`, or `<?xml …>` / a doctype /
  /// a comment followed by `<svg`.
  private static func isSVG(_ head: [UInt8]) -> Bool {
    var text = head[...]
    if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
    text = text.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
    guard text.first == UInt8(ascii: "<") else { return false }
    return String(decoding: text, as: UTF8.self).lowercased().contains("<svg")
  }
}
