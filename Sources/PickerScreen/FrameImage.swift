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

/// How the picker's large previews reach the screen: in cells, or as images of a protocol
/// with the cell's size in pixels.
public struct PickerGraphics: Equatable, Sendable {
  public var graphicsProtocol: GraphicsProtocol
  public var cellPixels: CellPixelSize

  public init(graphicsProtocol: GraphicsProtocol, cellPixels: CellPixelSize) {
    self.graphicsProtocol = graphicsProtocol
    self.cellPixels = cellPixels
  }

  /// Today's drawing: every preview in half-block cells.
  public static let cells = PickerGraphics(
    graphicsProtocol: .cells, cellPixels: CellPixelSize(width: 10, height: 20))

  var showsImages: Bool {
    graphicsProtocol != .cells && cellPixels.width > 0 && cellPixels.height > 0
  }
}
