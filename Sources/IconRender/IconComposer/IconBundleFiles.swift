import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds and reads a layer's file, never outside the bundle: the name must be a plain file
/// name, its real path (symbolic links resolved) must lie inside the bundle's real path, and
/// only a regular file no larger than the limit for its kind is read, in one open.
enum IconBundleFiles {
  /// The largest SVG read: Icon Composer's run to a few hundred kilobytes.
  static let svgSizeLimit = 8 << 20
  /// The largest PNG or JPEG read.
  static let rasterSizeLimit = 32 << 20

  /// A layer file's bytes and what they are.
  struct LayerFile {
    /// The resolved path, inside the bundle.
    var path: String
    var format: ImageFormat
    var bytes: [UInt8]
  }

  /// Nil when `imageName` is a plain file name; otherwise why it is refused.
  static func refusal(of imageName: String) -> String? {
    if imageName.isEmpty { return "an empty name" }
    if imageName.hasPrefix("/") { return "an absolute path" }
    if imageName.contains("/") { return "a path, not a file name" }
    if imageName == "." || imageName == ".." { return "a reference to a folder" }
    if imageName.contains("\0") { return "a NUL character in the name" }
    return nil
  }

  /// The real path of the bundle's `Assets/imageName`, checked to lie inside the bundle.
  static func resolve(_ imageName: String, in bundle: URL) throws(IconRenderError) -> String {
    let document = IconComposerBundle.documentURL(bundle).path
    if let reason = refusal(of: imageName) {
      throw .unsafeLayerImage(file: document, imageName: imageName, reason: reason)
    }
    // As actool opens it on a Mac: ignoring case and Unicode normalization.
    let asset =
      (IconComposerBundle.findAsset(bundle, imageName: imageName)?.url
      ?? IconComposerBundle.assetURL(bundle, imageName: imageName)).path
    guard let root = realPath(bundle.path) else {
      throw .unreadable(file: bundle.path, reason: String(cString: strerror(errno)))
    }
    guard let resolved = realPath(asset) else {
      let code = errno
      if code == ENOENT {
        throw .unreadable(
          file: asset,
          reason:
            "no such file: a layer's image-name must name a file in the bundle's Assets folder"
        )
      }
      throw .unreadable(file: asset, reason: String(cString: strerror(code)))
    }
    guard resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
      throw .unsafeLayerImage(
        file: document, imageName: imageName,
        reason: "a symbolic link to \(resolved), outside the bundle")
    }
    return resolved
  }

  /// The layer file `imageName`, read whole once its size is checked against the limit for
  /// what its first bytes say it is.
  static func read(_ imageName: String, in bundle: URL) throws(IconRenderError) -> LayerFile {
    let path = try resolve(imageName, in: bundle)
    // Through the one reader: non-blocking, so a FIFO cannot hold up the open; only a regular
    // file is read.
    let opened: RegularFile.Opened
    do {
      opened = try RegularFile.open(path)
    } catch {
      throw .unreadable(file: path, reason: error.reason)
    }
    let descriptor = opened.descriptor
    defer { close(descriptor) }
    let size = opened.size
    var head = [UInt8](repeating: 0, count: min(size, ImageFormat.sniffLength))
    guard try readFully(descriptor, into: &head, from: 0, path: path) == head.count else {
      throw .unreadable(file: path, reason: "the file ends before its size says")
    }
    var format = ImageFormat.sniff(head[...])
    // An SVG whose <svg element comes after a long comment or doctype.
    if format == .unknown, path.lowercased().hasSuffix(".svg") { format = .svg }
    let limit = format == .svg ? svgSizeLimit : rasterSizeLimit
    guard size <= limit else { throw .layerFileTooLarge(file: path, bytes: size, limit: limit) }
    switch format {
    case .svg, .png, .jpeg: break
    default: throw .unsupportedLayerImage(file: path, format: format)
    }
    var bytes = head + [UInt8](repeating: 0, count: size - head.count)
    let count = try readFully(descriptor, into: &bytes, from: head.count, path: path)
    // The file may have shrunk since fstat; a damaged image is then reported by its decoder.
    bytes.removeLast(bytes.count - head.count - count)
    return LayerFile(path: path, format: format, bytes: bytes)
  }

  /// Reads into `buffer[start...]` until it is full or the file ends; the count read.
  private static func readFully(
    _ descriptor: Int32, into buffer: inout [UInt8], from start: Int, path: String
  ) throws(IconRenderError) -> Int {
    var done = start
    while done < buffer.count {
      let count = buffer.withUnsafeMutableBytes {
        Glibc.read(descriptor, $0.baseAddress! + done, $0.count - done)
      }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        throw .unreadable(file: path, reason: String(cString: strerror(errno)))
      }
      done += count
    }
    return done - start
  }

  /// The real path of `path` when it lies outside `folder`'s real path (a symbolic link that
  /// leads out); nil when it is inside, or cannot be resolved (reading it then reports why).
  static func escape(of path: String, from folder: String) -> String? {
    guard let root = realPath(folder), let resolved = realPath(path) else { return nil }
    return resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/") ? nil : resolved
  }

  private static func realPath(_ path: String) -> String? { ReadDisk.realPath(path) }
}
