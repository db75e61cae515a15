import IconRender

/// Where an image goes on the screen: the cell of its top-left corner (0-based) and the cells
/// it covers. The image is scaled to cover exactly these cells.
public struct CellPlacement: Hashable, Sendable {
  public var row: Int
  public var column: Int
  public var columns: Int
  public var rows: Int

  public init(row: Int, column: Int, columns: Int, rows: Int) {
    self.row = row
    self.column = column
    self.columns = columns
    self.rows = rows
  }
}

/// The size of one character cell in pixels, as the terminal reports it.
public struct CellPixelSize: Hashable, Sendable {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}

/// Turns pixels into the bytes a terminal draws them from, for one protocol.
///
/// An encoder only makes bytes; the caller writes them after ncurses' refresh (the picker) or
/// to stdout (`show`). The bytes move the cursor themselves where the protocol needs it
/// (`ESC [ row ; column H`), and leave it where ncurses does not depend on it.
public protocol TerminalImageEncoder: Sendable {
  var graphicsProtocol: GraphicsProtocol { get }
  /// Bytes that draw `image` with its top-left corner at `placement`'s cell, covering its
  /// cells. `id` names the image for a later `erase` (kitty keeps images by id).
  func draw(_ image: RGBAImage, id: UInt32, at placement: CellPlacement) -> [UInt8]
  /// Bytes that remove the image drawn with `id`; empty where the protocol cannot (sixel,
  /// iTerm2), whose images go only when the cells beneath are written again.
  func erase(id: UInt32) -> [UInt8]
  /// True when an image goes only when the cells beneath are redrawn (sixel, iTerm2).
  var erasesByRedrawingCells: Bool { get }
  /// Bytes that draw `image` from the cursor's cell, covering `columns` × `rows` cells, for
  /// output that is not positioned by cell (`show`). Where the cursor ends up depends on the
  /// protocol: callers save and restore it around these bytes.
  func drawAtCursor(_ image: RGBAImage, id: UInt32, columns: Int, rows: Int) -> [UInt8]
  /// The text rows below the `rows` cells that `image`, drawn over them, reaches into: sixel's
  /// last band of six pixel rows may (`show` makes room for them); 0 for the others.
  func rowsBelowCells(_ image: RGBAImage, rows: Int) -> Int
}

/// An encoder for a terminal that keeps the images it is sent, by id, until they are deleted
/// (kitty): each image is sent once, then placed again by id for a few bytes, however often the
/// layout moves it. `erase(id:)` deletes the image and frees its memory.
public protocol StoredImageEncoder: TerminalImageEncoder {
  /// Bytes that send `image` to be kept as `id` and place it at `placement`'s cell, covering
  /// its cells, as placement `placementID` of it. Sending it again under the same id replaces it.
  func transmit(_ image: RGBAImage, id: UInt32, placementID: UInt32, at placement: CellPlacement)
    -> [UInt8]
  /// Bytes that place the kept image `id` at `placement`, as placement `placementID`.
  func place(id: UInt32, placementID: UInt32, at placement: CellPlacement) -> [UInt8]
  /// Bytes that take placement `placementID` of image `id` off the screen, the image kept.
  func removePlacement(id: UInt32, placementID: UInt32) -> [UInt8]
}

extension TerminalImageEncoder {
  public func rowsBelowCells(_ image: RGBAImage, rows: Int) -> Int { 0 }

  /// For encoders whose `draw` is a cursor move (`ESC [ r ; c H`) then the image: the image.
  public func drawAtCursor(_ image: RGBAImage, id: UInt32, columns: Int, rows: Int) -> [UInt8] {
    let bytes = draw(
      image, id: id, at: CellPlacement(row: 0, column: 0, columns: columns, rows: rows))
    let move = Array("\u{1B}[1;1H".utf8)
    return bytes.starts(with: move) ? Array(bytes.dropFirst(move.count)) : bytes
  }
}
