import IconRender
import SharedLibrary

/// DEC sixel graphics, encoded by libchafa (its sixel canvas: palette quantization, bands,
/// run lengths), opened the first time an image is encoded, so no other command maps it.
///
/// libchafa over libsixel, measured on Palette's 1024 px icon scaled to preview sizes with the
/// rounded-square mask (CPU per image, 2 busy cores): 120 px 5.2 ms vs 0.6 ms, 240 px 9.8 ms vs
/// 4.2 ms, 480 px 14.4 ms vs 13.1 ms; mean error inside the mask at 240 px 1.9 vs 3.2 (0–255),
/// and libsixel paints the pixels outside the rounded square (2,196 of them at 240 px) where
/// chafa leaves them transparent (`P2=1`). The image is already at its pixel size (placement
/// cells × cell pixels): sixel cannot be scaled by the terminal.
public struct SixelEncoder: TerminalImageEncoder {
  public var graphicsProtocol: GraphicsProtocol { .sixel }
  public var erasesByRedrawingCells: Bool { true }

  public init() {}

  public func draw(_ image: RGBAImage, id: UInt32, at placement: CellPlacement) -> [UInt8] {
    Array("\u{1B}[\(placement.row + 1);\(placement.column + 1)H".utf8)
      + drawAtCursor(image, id: id, columns: placement.columns, rows: placement.rows)
  }

  /// The sixel image, or nothing when libchafa cannot be opened (`encode` says why).
  public func drawAtCursor(_ image: RGBAImage, id: UInt32, columns: Int, rows: Int) -> [UInt8] {
    (try? Self.encode(image)) ?? []
  }

  /// The rows the transparent padding to whole bands reaches below the cells (each row
  /// `image.height / rows` pixels): at most one, five pixel rows at most.
  public func rowsBelowCells(_ image: RGBAImage, rows: Int) -> Int {
    let padded = Self.paddedHeight(image.height)
    guard rows > 0, padded > image.height else { return 0 }
    let cellHeight = max(1, image.height / rows)
    return max(0, (padded + cellHeight - 1) / cellHeight - rows)
  }

  /// Nothing: a sixel image goes when the cells beneath are written again.
  public func erase(id: UInt32) -> [UInt8] { [] }

  /// Opens libchafa unless it is open; throws, now and later, when it is missing or too old.
  public static func requireLibrary() throws(TerminalGraphicsError) {
    do {
      try Chafa.library.load()
    } catch {
      throw .libraryMissing(reason: error.description)
    }
  }

  /// The sixel bytes (`ESC P 0;1;0 q` … `ESC \\`) of `image` at its own pixels: sixel cannot be
  /// scaled by the terminal, so the image is already the size of the cells it covers.
  ///
  /// Sixel draws bands of six pixel rows, and libchafa's canvas holds whole bands only: an image
  /// whose height is not a multiple of six lost its last rows (up to five) to the cut. So the
  /// image is padded with transparent rows to whole bands (transparent: with `P2=1` they keep
  /// what is beneath), and the canvas is one cell of the padded size, so nothing is scaled or
  /// cut. The bands' last rows may reach up to five pixels below the cells.
  public static func encode(_ image: RGBAImage) throws(TerminalGraphicsError) -> [UInt8] {
    try requireLibrary()
    let chafa = Chafa.functions
    let padded = paddedToBands(image)
    guard let config = chafa.configNew() else { return [] }
    defer { chafa.configUnref(config) }
    chafa.setGeometry(config, 1, 1)
    chafa.setCellGeometry(config, Int32(padded.width), Int32(padded.height))
    chafa.setPixelMode(config, Chafa.pixelModeSixels)
    chafa.setCanvasMode(config, Chafa.canvasModeTruecolor)
    guard let canvas = chafa.canvasNew(config) else { return [] }
    defer { chafa.canvasUnref(canvas) }
    padded.pixels.withUnsafeBufferPointer { pixels in
      chafa.drawAllPixels(
        canvas, Chafa.pixelRGBA8Unassociated, pixels.baseAddress, Int32(padded.width),
        Int32(padded.height), Int32(padded.width * 4))
    }
    guard let text = chafa.print(canvas, Chafa.termInfo) else { return [] }
    // GString: { gchar *str; gsize len; gsize allocated_len; }
    let raw = UnsafeRawPointer(text)
    let bytes: [UInt8]
    if let start = raw.load(as: UnsafePointer<UInt8>?.self) {
      let length = raw.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.stride, as: Int.self)
      bytes = Array(UnsafeBufferPointer(start: start, count: length))
    } else {
      bytes = []
    }
    _ = chafa.stringFree(text, 1)
    return bytes
  }
}

extension SixelEncoder {
  /// The rows in one sixel band.
  static let bandHeight = 6

  /// `height` rounded up to whole bands.
  static func paddedHeight(_ height: Int) -> Int {
    (height + bandHeight - 1) / bandHeight * bandHeight
  }

  /// `image` with transparent rows below it up to a whole number of sixel bands.
  static func paddedToBands(_ image: RGBAImage) -> RGBAImage {
    let height = paddedHeight(image.height)
    guard height != image.height else { return image }
    let pixels =
      image.pixels + [UInt8](repeating: 0, count: (height - image.height) * image.width * 4)
    return RGBAImage(width: image.width, height: height, pixels: pixels)!
  }
}

/// The libchafa functions the sixel encoder calls, with their C signatures (chafa.h, glib.h's
/// `g_string_free`, found through libchafa's own dependencies).
enum Chafa {
  static let library = SharedLibrary(
    name: "libchafa", sonames: ["libchafa.so.0"], package: "libchafa0",
    requiredFunctions: [
      "chafa_canvas_config_new", "chafa_canvas_config_unref", "chafa_canvas_config_set_geometry",
      "chafa_canvas_config_set_cell_geometry", "chafa_canvas_config_set_pixel_mode",
      "chafa_canvas_config_set_canvas_mode", "chafa_canvas_new", "chafa_canvas_unref",
      "chafa_canvas_draw_all_pixels", "chafa_canvas_print", "chafa_term_db_get_default",
      "chafa_term_db_get_fallback_info", "g_string_free",
    ],
    overrideVariable: "ICONPICK_LIBCHAFA_SONAME")

  // Enum values from chafa-canvas-config.h and chafa-common.h (C enums: 32-bit ints).
  static let pixelModeSixels: Int32 = 1  // CHAFA_PIXEL_MODE_SIXELS
  static let canvasModeTruecolor: Int32 = 0  // CHAFA_CANVAS_MODE_TRUECOLOR
  static let pixelRGBA8Unassociated: Int32 = 4  // CHAFA_PIXEL_RGBA8_UNASSOCIATED

  typealias ConfigNew = @convention(c) () -> OpaquePointer?
  typealias Unref = @convention(c) (OpaquePointer?) -> Void
  typealias SetSize = @convention(c) (OpaquePointer?, Int32, Int32) -> Void
  typealias SetMode = @convention(c) (OpaquePointer?, Int32) -> Void
  typealias CanvasNew = @convention(c) (OpaquePointer?) -> OpaquePointer?
  typealias DrawAllPixels =
    @convention(c) (
      OpaquePointer?, Int32, UnsafePointer<UInt8>?, Int32, Int32, Int32
    ) -> Void
  typealias Print = @convention(c) (OpaquePointer?, OpaquePointer?) -> UnsafeMutableRawPointer?
  typealias GetDefault = @convention(c) () -> OpaquePointer?
  typealias FallbackInfo = @convention(c) (OpaquePointer?) -> OpaquePointer?
  typealias StringFree =
    @convention(c) (UnsafeMutableRawPointer?, Int32) -> UnsafeMutableRawPointer?

  struct Functions: @unchecked Sendable {
    let configNew: ConfigNew
    let configUnref: Unref
    let setGeometry: SetSize
    let setCellGeometry: SetSize
    let setPixelMode: SetMode
    let setCanvasMode: SetMode
    let canvasNew: CanvasNew
    let canvasUnref: Unref
    let drawAllPixels: DrawAllPixels
    let print: Print
    let stringFree: StringFree
  }

  /// Looked up once, after `library.load()` succeeded (every name is a required function).
  nonisolated(unsafe) static let functions: Functions = {
    func find<Function>(_ name: String, _ type: Function.Type) -> Function {
      guard let function = library.function(name, as: type) else {
        preconditionFailure("libchafa lost \(name) after loading")
      }
      return function
    }
    return Functions(
      configNew: find("chafa_canvas_config_new", ConfigNew.self),
      configUnref: find("chafa_canvas_config_unref", Unref.self),
      setGeometry: find("chafa_canvas_config_set_geometry", SetSize.self),
      setCellGeometry: find("chafa_canvas_config_set_cell_geometry", SetSize.self),
      setPixelMode: find("chafa_canvas_config_set_pixel_mode", SetMode.self),
      setCanvasMode: find("chafa_canvas_config_set_canvas_mode", SetMode.self),
      canvasNew: find("chafa_canvas_new", CanvasNew.self),
      canvasUnref: find("chafa_canvas_unref", Unref.self),
      drawAllPixels: find("chafa_canvas_draw_all_pixels", DrawAllPixels.self),
      print: find("chafa_canvas_print", Print.self),
      stringFree: find("g_string_free", StringFree.self))
  }()

  /// The fallback terminal description, which has the sixel sequences; kept for the process.
  nonisolated(unsafe) static let termInfo: OpaquePointer? = {
    guard let database = library.function("chafa_term_db_get_default", as: GetDefault.self)?(),
      let fallback = library.function("chafa_term_db_get_fallback_info", as: FallbackInfo.self)
    else { return nil }
    return fallback(database)
  }()
}
