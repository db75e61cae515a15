import IconCatalog
import IconRender
import TerminalGraphics

/// Which pixel preview: an icon in a look, at a size in pixels (the cells it covers times the
/// cell's pixels).
public struct PixelPreviewKey: Hashable, Sendable {
  public var name: String
  public var look: IconComposerLook
  public var width: Int
  public var height: Int
  /// The appearance whose renditions the look picks.
  public var appearance: IconAppearance { look.appearance }

  public init(name: String, look: IconComposerLook, width: Int, height: Int) {
    self.name = name
    self.look = look
    self.width = width
    self.height = height
  }
}

/// An image a frame places: which preview, on which cells. The cells beneath are blank in the
/// frame; the terminal writes the image after them.
public struct FrameImage: Hashable, Sendable {
  public var key: PixelPreviewKey
  public var placement: CellPlacement

  public init(key: PixelPreviewKey, placement: CellPlacement) {
    self.key = key
    self.placement = placement
  }

  /// The rows it covers.
  var rows: Range<Int> { placement.row..<(placement.row + placement.rows) }
  var columns: Range<Int> { placement.column..<(placement.column + placement.columns) }
}

/// How the picker's previews reach the screen: in cells, or as images of a protocol with the
/// cell's size in pixels. The preview pane and the grid's tiles are images wherever the terminal
/// shows them; the list rows' thumbnails only where `rowsShowImages`.
public struct PickerGraphics: Equatable, Sendable {
  public var graphicsProtocol: GraphicsProtocol
  public var cellPixels: CellPixelSize
  /// The list rows' thumbnails are images too; else half-block cells beside the pane's image.
  public var rowsShowImages: Bool

  /// `rowsShowImages` defaults to the protocol's measured choice (`rowImageProtocols`).
  public init(
    graphicsProtocol: GraphicsProtocol, cellPixels: CellPixelSize, rowsShowImages: Bool? = nil
  ) {
    self.graphicsProtocol = graphicsProtocol
    self.cellPixels = cellPixels
    self.rowsShowImages = rowsShowImages ?? Self.rowImageProtocols.contains(graphicsProtocol)
  }

  /// Where the list rows' thumbnails are images: where a cursor move stays under a 60 Hz
  /// frame of CPU (16 ms) and writes at most `rowImageByteBudget` more than with cells.
  /// kitty keeps images, so a row's thumbnail is sent once and placed again for some 60 bytes;
  /// iTerm2 and sixel keep none, and ncurses rewrites every row while images are on the screen,
  /// so each move would send every row's thumbnail again. Measured by `make bench` ("picker
  /// images, in process"), Palette in 100×30 cells of 10×20 px, 6×2-cell rows (60×40 px):
  /// see docs/performance.md.
  public static let rowImageProtocols: Set<GraphicsProtocol> = [.kitty]
  /// What a cursor move may write for the rows' thumbnails as images, beyond what their cells
  /// would: 16 KB, a 60 Hz frame's worth at 1 MB/s (8 Mbit/s, a modest remote link).
  public static let rowImageByteBudget = 16 * 1024

  /// Today's drawing: every preview in half-block cells.
  public static let cells = PickerGraphics(
    graphicsProtocol: .cells, cellPixels: CellPixelSize(width: 10, height: 20))

  var showsImages: Bool {
    graphicsProtocol != .cells && cellPixels.width > 0 && cellPixels.height > 0
  }

  var rowsAreImages: Bool { showsImages && rowsShowImages }
}
