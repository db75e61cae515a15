import FoundationEssentials
import IconCatalog
import IconRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The IMAGE of `iconpick add`, checked before anything is planned: a square PNG of at least
/// 1024 pixels, or an Icon Composer `.icon` folder whose `icon.json` reads.
public struct IconImageInput: Sendable, Equatable {
  /// What the file holds.
  public enum Content: Sendable, Equatable {
    /// A PNG: its bytes as read (copied unchanged where they fit a slot exactly) and its
    /// pixels, decoded from those same bytes.
    case png(bytes: [UInt8], pixels: RGBAImage, hasAlphaChannel: Bool)
    /// An Icon Composer bundle, copied as it is.
    case iconComposer(document: IconComposerDocument)
  }

  /// The path as given.
  public let file: URL
  public let content: Content

  /// The smallest side App Store Connect takes for the marketing icon.
  public static let minimumSide = 1024

  public init(file: URL, content: Content) {
    self.file = file
    self.content = content
  }

  public var isIconComposer: Bool {
    if case .iconComposer = content { return true }
    return false
  }

  /// The PNG's pixels; nil for an Icon Composer bundle.
  public var pixels: RGBAImage? {
    guard case .png(_, let pixels, _) = content else { return nil }
    return pixels
  }

  /// The PNG's bytes as read; nil for an Icon Composer bundle.
  public var bytes: [UInt8]? {
    guard case .png(let bytes, _, _) = content else { return nil }
    return bytes
  }

  /// The side of the square PNG in pixels; nil for an Icon Composer bundle.
  public var side: Int? { pixels?.width }

  /// Some pixel is not fully opaque.
  public var hasTransparentPixels: Bool {
    guard let pixels else { return false }
    return stride(from: 3, to: pixels.pixels.count, by: 4).contains { pixels.pixels[$0] != 255 }
  }

  /// Checks IMAGE. `root` is the project's folder: a symbolic link must not lead out of it
  /// (without a root, out of the folder the link is in).
  public static func load(_ file: URL, root: URL?) throws(EditError) -> IconImageInput {
    let path = file.path
    func refuse(_ reason: String) -> EditError { .badImage(file: path, reason: reason) }

    var status = stat()
    guard lstat(path, &status) == 0 else {
      let code = errno
      if code == ENOENT {
        throw refuse(
          "no such file: check the path (IMAGE is a PNG or an Icon Composer .icon folder)")
      }
      throw refuse("cannot be read: \(String(cString: strerror(code)))")
    }
    // A link named as IMAGE, or a path into the project through a linked folder.
    if status.st_mode & S_IFMT == S_IFLNK || root.map({ isLexically(file, inside: $0) }) == true {
      try checkLinkTarget(file, root: root)
    }
    // From here the link's target is what is read.
    guard stat(path, &status) == 0 else {
      throw refuse("a symbolic link to nothing (its target does not exist)")
    }
    switch status.st_mode & S_IFMT {
    case S_IFDIR:
      return IconImageInput(file: file, content: try iconComposer(file))
    case S_IFREG:
      return IconImageInput(file: file, content: try png(file))
    default:
      throw refuse(
        "\(fileKind(status.st_mode)), not a PNG image or an Icon Composer .icon folder")
    }
  }

  private static func fileKind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFIFO: return "a FIFO"
    case S_IFSOCK: return "a socket"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    default: return "an unknown kind of file"
    }
  }

  /// A link is followed only when its target lies inside `root`, or, without one, inside the
  /// folder that holds the link.
  private static func checkLinkTarget(_ file: URL, root: URL?) throws(EditError) {
    let path = file.path
    guard let target = realPath(path) else {
      throw .badImage(file: path, reason: "a symbolic link to nothing (its target does not exist)")
    }
    let container = root?.path ?? file.deletingLastPathComponent().path
    guard let realContainer = realPath(container.isEmpty ? "." : container) else {
      throw .badImage(file: path, reason: "its folder \(container) cannot be resolved")
    }
    let prefix = realContainer.hasSuffix("/") ? realContainer : realContainer + "/"
    guard target.hasPrefix(prefix) else {
      let place = root == nil ? "the folder it is in" : "the project (\(root?.path ?? ""))"
      throw .badImage(
        file: path,
        reason:
          "reached through a symbolic link to \(target), outside \(place): name the image itself, not a link to it"
      )
    }
  }

  private static func isLexically(_ file: URL, inside root: URL) -> Bool {
    let rootPath = root.standardizedFileURL.path
    return file.standardizedFileURL.path.hasPrefix(
      rootPath.hasSuffix("/") ? rootPath : rootPath + "/")
  }

  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  private static func png(_ file: URL) throws(EditError) -> Content {
    let path = file.path
    func refuse(_ reason: String) -> EditError { .badImage(file: path, reason: reason) }
    let bytes: [UInt8]
    do {
      bytes = try RegularFile.read(path, limit: FileLimits.png)
    } catch {
      throw refuse("cannot be read: \(error.reason)")
    }
    let format = ImageFormat.sniff(bytes[...])
    switch format {
    case .png: break
    case .appleCgBI:
      throw refuse(
        "an Xcode-optimized (CgBI) PNG taken from a built app, which Xcode cannot use as a source: use the original PNG"
      )
    case .gitLFSPointer:
      throw refuse("a Git LFS pointer, not the image: run `git lfs pull`")
    case .empty:
      throw refuse("an empty file, not a PNG image")
    case .unknown:
      throw refuse(
        "not a PNG image (the contents are not a known image format): export the icon as a PNG")
    default:
      throw refuse("\(articled(format)) image, not a PNG: export the icon as a PNG")
    }
    let pixels: RGBAImage
    do {
      pixels = try PNGDecoder.decode(data: bytes, source: path)
    } catch {
      switch error {
      case .corruptPNG(_, let reason):
        throw refuse("a PNG that cannot be decoded (libpng: \(reason)): export it again")
      case .tooLarge(_, let width, let height, let limit):
        throw refuse(
          "\(width)×\(height) pixels, over the \(limit)×\(limit) iconpick reads: export it at 1024×1024"
        )
      case .tooLargeToDecode(_, let width, let height, _, _):
        throw refuse(
          "\(width)×\(height) pixels, too large to decode: export it at 1024×1024")
      default:
        throw refuse("cannot be decoded: \(error)")
      }
    }
    guard pixels.width == pixels.height else {
      throw refuse(
        "the image is \(pixels.width)×\(pixels.height) pixels, not square: an app icon is square (1024×1024)"
      )
    }
    guard pixels.width >= minimumSide else {
      throw refuse(
        "the image is \(pixels.width)×\(pixels.height) pixels, smaller than the 1024×1024 App Store icon: export it at 1024×1024"
      )
    }
    // The header says whether the file has an alpha channel (or tRNS), even an all-opaque one.
    let hasAlphaChannel = pngHasAlphaChannel(bytes)
    return .png(bytes: bytes, pixels: pixels, hasAlphaChannel: hasAlphaChannel)
  }

  /// IHDR's colour type (byte 25) has the alpha bit (4), or a `tRNS` chunk comes before the
  /// pixels. Only reads chunk headers libpng has already accepted.
  static func pngHasAlphaChannel(_ bytes: [UInt8]) -> Bool {
    guard bytes.count > 25 else { return false }
    if bytes[25] & 4 != 0 { return true }
    var offset = 8
    while offset + 8 <= bytes.count {
      let length =
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
        | Int(bytes[offset + 3])
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      if type == "tRNS" { return true }
      if type == "IDAT" || type == "IEND" { return false }
      offset += 12 + length
    }
    return false
  }

  private static func articled(_ format: ImageFormat) -> String {
    switch format {
    case .heic, .svg: return "an \(format.name)"
    default: return "a \(format.name)"
    }
  }

  private static func iconComposer(_ folder: URL) throws(EditError) -> Content {
    let path = folder.path
    guard folder.pathExtension == "icon" else {
      throw .badImage(
        file: path,
        reason:
          "a folder, not a PNG image or an Icon Composer .icon folder (its name ends in .icon)"
      )
    }
    do {
      return .iconComposer(document: try IconComposerBundle.read(folder).document)
    } catch {
      switch error {
      case .unreadableFile(_, let reason):
        throw .badImage(
          file: path,
          reason: "its icon.json cannot be read: \(reason): save the icon again in Icon Composer")
      case .invalidIconJSON(_, let reason):
        throw .badImage(
          file: path,
          reason:
            "its icon.json is not Icon Composer's (\(reason)): save the icon again in Icon Composer"
        )
      default:
        throw .badImage(file: path, reason: "its icon.json cannot be read: \(error)")
      }
    }
  }
}
