import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Makes an icon's preview at a cell size: picks the rendition, then the cache, else decodes
/// and renders (and fills the cache). Never fails: what cannot be drawn becomes a marked
/// placeholder. Safe to call from any thread.
public struct Thumbnailer: Sendable {
  public var mode: ColorMode
  public var ascii: Bool
  public var cache: ThumbnailCache?

  public init(mode: ColorMode, ascii: Bool = false, cache: ThumbnailCache?) {
    self.mode = mode
    self.ascii = ascii
    self.cache = cache
  }

  /// What was drawn, and why not when it is a placeholder.
  public struct Result: Sendable {
    public var image: CellImage
    /// Nil when the icon itself is shown.
    public var problem: String?
    /// What of the icon could not be drawn and was approximated (an SVG filter librsvg cannot
    /// draw, dropped); the icon is still shown. Nil when nothing was.
    public var note: String?

    public init(image: CellImage, problem: String? = nil, note: String? = nil) {
      self.image = image
      self.problem = problem
      self.note = note
    }
  }

  /// `look` picks one of Icon Composer's six looks for a bundle (by default the appearance's).
  public func thumbnail(
    for icon: AppIcon, columns: Int, rows: Int, appearance: IconAppearance = .any,
    look: IconComposerLook? = nil
  ) -> Result {
    let pixels = max(1, min(columns, rows * 2))
    guard
      let rendition = RenditionChooser.choose(
        from: icon.renditions, pixels: pixels, appearance: appearance),
      let file = rendition.file
    else {
      return Result(
        image: IconRenderer.placeholder(columns: columns, rows: rows, label: "?", ascii: ascii),
        problem: "\(icon.name) has no image file")
    }
    if rendition.kind == .iconComposer {
      return iconComposerThumbnail(
        bundle: file, look: look ?? IconComposerLook(rendition.appearance), columns: columns,
        rows: rows)
    }
    let key = ThumbnailCache.Key(
      source: file, parameters: "\(columns)x\(rows) \(mode.cacheName) ascii=\(ascii) v1")
    if let key, let bytes = cache?.load(key), let image = CellImageCoding.decode(bytes) {
      return Result(image: image, problem: nil)
    }
    do {
      let decoded = try PNGDecoder.decodePreviewPixels(file: file, opaqueAsRGB: true)
      let image = IconRenderer.render(
        decoded, columns: columns, rows: rows, mode: mode, ascii: ascii)
      if let key { cache?.store(CellImageCoding.encode(image), for: key) }
      return Result(image: image, problem: nil)
    } catch {
      return Result(
        image: IconRenderer.placeholder(
          columns: columns, rows: rows, label: Self.label(for: error), ascii: ascii),
        problem: error.description)
    }
  }

  /// An Icon Composer bundle drawn at the square the cells hold (`columns` × `2·rows`
  /// half-block pixels), then the same resize, shape, cells, quantizing and cache as a PNG.
  /// The cache key covers icon.json and every file in `Assets/`, so editing any changes it.
  private func iconComposerThumbnail(
    bundle: URL, look: IconComposerLook, columns: Int, rows: Int
  ) -> Result {
    func placeholder(_ error: IconRenderError) -> Result {
      Result(
        image: IconRenderer.placeholder(
          columns: columns, rows: rows, label: Self.label(for: error), ascii: ascii),
        problem: error.description)
    }
    guard columns > 0, rows > 0 else {
      return Result(image: CellImage(columns: columns, rows: rows))
    }
    // The key is worked out without reading icon.json: a cached preview then costs about what
    // a PNG's does.
    let key = ThumbnailCache.Key(
      sources: Self.sourceFiles(in: bundle),
      parameters:
        "\(columns)x\(rows) \(mode.cacheName) ascii=\(ascii) \(look.rawValue) icon-v3")
    // The entry: the note's length (UInt32, little-endian), the note, then the cells.
    if let key, let bytes = cache?.load(key), bytes.count >= 4 {
      let length = Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16 | Int(bytes[3]) << 24
      if length <= bytes.count - 4,
        let image = CellImageCoding.decode(Array(bytes[(4 + length)...]))
      {
        let note = String(decoding: bytes[4..<(4 + length)], as: UTF8.self)
        return Result(image: image, problem: nil, note: note.isEmpty ? nil : note)
      }
    }
    let document: IconComposerDocument
    do {
      document = try IconComposerRenderer.document(of: bundle)
    } catch {
      return placeholder(error)
    }
    let (side, _) = IconRenderer.fit(
      width: 1, height: 1, boxWidth: columns, boxHeight: rows * 2)
    do {
      // Unmasked: IconRenderer.render cuts the shape, as it does for a PNG.
      let drawn = try IconComposerRenderer.draw(
        document, bundle: bundle, look: look,
        pixels: min(side, IconComposerRenderer.maxPixels), masked: false)
      let image = IconRenderer.render(
        drawn.image, columns: columns, rows: rows, mode: mode, ascii: ascii)
      let note = drawn.approximations.joined(separator: "; ")
      if let key {
        let length = UInt32(note.utf8.count)
        let head = (0..<4).map { UInt8(truncatingIfNeeded: length >> (8 * $0)) }
        cache?.store(head + Array(note.utf8) + CellImageCoding.encode(image), for: key)
      }
      return Result(image: image, problem: nil, note: note.isEmpty ? nil : note)
    } catch {
      return placeholder(error)
    }
  }

  /// icon.json, then every file in the bundle's `Assets/` folder, by name: a superset of the
  /// layer files icon.json names in any appearance (they are only ever directly in `Assets/`),
  /// so editing icon.json or any layer changes the key, and listing a folder is cheaper than
  /// reading the JSON that says which files are used.
  static func sourceFiles(in bundle: URL) -> [URL] {
    let assets = bundle.appendingPathComponent(IconComposerBundle.assetsFolder, isDirectory: true)
    // opendir/readdir: FileManager's listing costs as much as the rest of a cached preview.
    let names = ReadDisk.names(inFolder: assets.path) ?? []
    return [IconComposerBundle.documentURL(bundle)]
      + names.sorted().map { assets.appendingPathComponent($0, isDirectory: false) }
  }

  /// The previews of several icons at one size, rendered up to `queue.width` at a time, in
  /// the icons' order: the same results as calling `thumbnail(for:)` for each in turn.
  public func thumbnails(
    for icons: [AppIcon], columns: Int, rows: Int, appearance: IconAppearance = .any,
    on queue: RenderQueue
  ) -> [Result] {
    queue.map(icons) { icon in
      thumbnail(for: icon, columns: columns, rows: rows, appearance: appearance)
    }
  }

  /// A word short enough for a thumbnail that says what is wrong.
  static func label(for error: IconRenderError) -> String {
    switch error {
    case .notPNG(_, let format):
      switch format {
      case .jpeg: return "JPEG"
      case .gif: return "GIF"
      case .heic: return "HEIC"
      case .webp: return "WebP"
      case .tiff: return "TIFF"
      case .svg: return "SVG"
      case .gitLFSPointer: return "LFS"
      case .empty: return "empty"
      case .appleCgBI: return "CgBI"
      case .png, .unknown: return "?"
      }
    case .tooLarge, .tooLargeToDecode: return "big"
    case .corruptPNG: return "bad"
    case .unreadable: return "?"
    case .unknownColorMode: return "?"
    case .badIconJSON: return "JSON"
    case .unsafeLayerImage: return "unsafe"
    case .layerFileTooLarge, .tooManyLayers: return "big"
    case .unsupportedLayerImage(_, let format):
      switch format {
      case .gitLFSPointer: return "LFS"
      case .empty: return "empty"
      default: return "?"
      }
    case .badSVG: return "SVG"
    case .badImage: return "bad"
    case .libraryMissing: return "lib"
    case .sizeOutOfRange, .drawingFailed, .unwritable: return "?"
    }
  }
}

/// The byte form of a cell image kept in the thumbnail cache.
enum CellImageCoding {
  static func encode(_ image: CellImage) -> [UInt8] {
    var bytes: [UInt8] = []
    append(UInt32(image.columns), to: &bytes)
    append(UInt32(image.rows), to: &bytes)
    for cell in image.cells {
      let glyph = Array(String(cell.glyph).utf8)
      bytes.append(UInt8(glyph.count))
      bytes += glyph
      append(cell.foreground, to: &bytes)
      append(cell.background, to: &bytes)
    }
    return bytes
  }

  /// Nil for bytes that are not a whole, well-formed image (a damaged entry).
  static func decode(_ bytes: [UInt8]) -> CellImage? {
    var reader = Reader(bytes: bytes)
    guard let columns = reader.uint32(), let rows = reader.uint32(), columns <= 4096, rows <= 4096
    else { return nil }
    var cells: [IconCell] = []
    cells.reserveCapacity(Int(columns * rows))
    // Neighbouring cells nearly always share a glyph (runs of ▀): the bytes are checked and
    // made a Character once per run, which is most of a cached preview's loading time.
    var previousBytes: ArraySlice<UInt8> = []
    var previousGlyph: Character = " "
    for _ in 0..<Int(columns * rows) {
      guard let length = reader.byte(), let glyphBytes = reader.bytes(Int(length)) else {
        return nil
      }
      let glyph: Character
      if !previousBytes.isEmpty && glyphBytes.elementsEqual(previousBytes) {
        glyph = previousGlyph
      } else {
        guard let text = String(validating: glyphBytes, as: UTF8.self), text.count == 1 else {
          return nil
        }
        glyph = text.first!
        previousBytes = glyphBytes
        previousGlyph = glyph
      }
      guard let foreground = reader.color(), let background = reader.color() else { return nil }
      cells.append(IconCell(glyph: glyph, foreground: foreground, background: background))
    }
    guard reader.isAtEnd else { return nil }
    return CellImage(columns: Int(columns), rows: Int(rows), cells: cells)
  }

  private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
    for shift in stride(from: 24, through: 0, by: -8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
    }
  }

  private static func append(_ color: CellColor, to bytes: inout [UInt8]) {
    switch color {
    case .terminalDefault: bytes.append(0)
    case .indexed(let index): bytes += [1, index]
    case .rgb(let red, let green, let blue): bytes += [2, red, green, blue]
    }
  }

  private struct Reader {
    let bytes: [UInt8]
    var offset = 0

    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() -> UInt8? {
      guard offset < bytes.count else { return nil }
      defer { offset += 1 }
      return bytes[offset]
    }

    mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
      guard count >= 0, offset + count <= bytes.count else { return nil }
      defer { offset += count }
      return bytes[offset..<(offset + count)]
    }

    mutating func uint32() -> UInt32? {
      guard let four = bytes(4) else { return nil }
      return four.reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func color() -> CellColor? {
      switch byte() {
      case 0: return .terminalDefault
      case 1: return byte().map { .indexed($0) }
      case 2:
        guard let rgb = bytes(3) else { return nil }
        return .rgb(rgb[rgb.startIndex], rgb[rgb.startIndex + 1], rgb[rgb.startIndex + 2])
      default: return nil
      }
    }
  }
}
