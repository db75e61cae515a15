import IconRender
import TerminalGraphics

/// The grid's shape at a terminal size: how many tiles, and how large their previews.
///
/// A tile is its preview with the name under it, inside a frame drawn only round the cursor's:
///
///     ┌──────────────┐
///     │   preview    │
///     │              │
///     ❯    ✓ Blue    │
///     └──────────────┘
public struct GridGeometry: Equatable, Sendable {
  /// Tiles per row.
  public var columns: Int
  /// Rows of tiles on screen.
  public var rows: Int
  public var previewColumns: Int
  public var previewRows: Int
  /// The first tile's column: the grid is centred.
  public var left: Int

  /// Between tiles in a row.
  static let gap = 1
  /// The preview's width tried first, and the smallest.
  static let largestPreview = 40
  static let smallestPreview = 6
  /// Tiles grow only while at least this many fit: a grid, not one big picture.
  static let preferredColumns = 3
  static let preferredRows = 2
  static let preferredSmallestPreview = 12

  /// The frame round the preview and the name row.
  public var tileWidth: Int { previewColumns + 2 }
  public var tileHeight: Int { previewRows + 3 }

  /// The top-left cell of the tile in a slot (0 is the top-left tile on screen).
  func origin(slot: Int) -> (row: Int, column: Int) {
    (
      PickerLayout.headerRows + (slot / columns) * tileHeight,
      left + (slot % columns) * (tileWidth + Self.gap)
    )
  }
}

extension PickerLayout {
  /// The grid at this size: the largest previews (twice as wide as tall in cells, so about
  /// square) with at least 3 tiles in a row and 2 rows from 12×6 up; else the largest tile
  /// that fits at all; nil when none does (the grid then shows as the list).
  public static func grid(for size: TerminalSize) -> GridGeometry? {
    guard !isTooSmall(size) else { return nil }
    let width = size.columns - 2
    let height = size.rows - headerRows - footerRows
    func geometry(_ preview: Int) -> GridGeometry {
      let rows = (preview + 1) / 2
      let columns = (width + GridGeometry.gap) / (preview + 2 + GridGeometry.gap)
      let used = columns * (preview + 2 + GridGeometry.gap) - GridGeometry.gap
      return GridGeometry(
        columns: columns, rows: height / (rows + 3), previewColumns: preview, previewRows: rows,
        left: max(0, (size.columns - used) / 2))
    }
    let sizes = Array(
      stride(
        from: GridGeometry.largestPreview, through: GridGeometry.smallestPreview, by: -2))
    for preview in sizes where preview >= GridGeometry.preferredSmallestPreview {
      let grid = geometry(preview)
      if grid.columns >= GridGeometry.preferredColumns && grid.rows >= GridGeometry.preferredRows {
        return grid
      }
    }
    for preview in sizes {
      let grid = geometry(preview)
      if grid.columns >= 1 && grid.rows >= 1 { return grid }
    }
    return nil
  }

  /// Whether the model's grid is what this size shows.
  static func showsGrid(_ model: PickerModel, size: TerminalSize) -> Bool {
    model.view == .grid && grid(for: size) != nil
  }

  static func drawGrid(_ model: PickerModel, grid: GridGeometry, into frame: inout Frame) {
    if model.filterMatchesNothing {
      drawNoMatch(model, into: &frame, width: frame.size.columns)
      return
    }
    let range = visibleRange(model, size: frame.size)
    let filtering = !(model.filter ?? "").isEmpty
    for (slot, position) in range.enumerated() {
      let index = model.rows[position]
      drawTile(
        model, item: index, isCursor: position == model.cursor, filtering: filtering, grid: grid,
        origin: grid.origin(slot: slot), into: &frame)
    }
  }

  private static func drawTile(
    _ model: PickerModel, item index: Int, isCursor: Bool, filtering: Bool, grid: GridGeometry,
    origin: (row: Int, column: Int), into frame: inout Frame
  ) {
    let glyphs = model.glyphs
    let item = model.items[index]
    let (top, left) = origin
    let inner = left + 1
    let nameRow = top + 1 + grid.previewRows
    if isCursor {
      drawBox(
        into: &frame, top: top, left: left, bottom: top + grid.tileHeight - 1,
        right: left + grid.tileWidth - 1, glyphs: glyphs, style: cursorMarkStyle)
      frame.put(glyphs.cursor, row: nameRow, column: left, style: cursorMarkStyle)
    }
    let key = ThumbnailKey(
      name: item.name, columns: grid.previewColumns, rows: grid.previewRows,
      look: model.look)
    let placement = CellPlacement(
      row: top + 1, column: inner, columns: grid.previewColumns, rows: grid.previewRows)
    let pixelKey = imageKey(model, name: item.name, placement: placement)
    if let pixelKey, model.pixelPreviews[pixelKey] != nil {
      frame.images.append(FrameImage(key: pixelKey, placement: placement))
    } else if pixelKey == nil, let image = model.thumbnails[key] {
      drawCells(image, into: &frame, row: top + 1, column: inner)
    } else {
      drawBox(
        into: &frame, top: top + 1, left: inner, bottom: top + grid.previewRows,
        right: inner + grid.previewColumns - 1, glyphs: glyphs)
    }

    // The name, centred under the preview, after the ✓ on the active icon.
    let isActive = index == model.activeIndex
    let badge = isActive ? glyphs.checkmark + " " : ""
    let badgeWidth = TextWidth.of(badge)
    let room = grid.previewColumns - badgeWidth
    let name = TextWidth.truncate(item.displayName, to: max(0, room), ellipsis: glyphs.ellipsis)
    let start = inner + max(0, (grid.previewColumns - badgeWidth - TextWidth.of(name)) / 2)
    if isActive { frame.put(glyphs.checkmark, row: nameRow, column: start, style: checkStyle) }
    let nameStyle = isActive ? CellStyle(attributes: [.bold]) : CellStyle.plain
    frame.put(name, row: nameRow, column: start + badgeWidth, style: nameStyle, limit: room)
    if filtering {
      markMatches(
        model.highlight(forItem: index).displayName, of: item.displayName, shown: name,
        glyphs: glyphs, into: &frame, row: nameRow, column: start + badgeWidth)
    }
    // The highlight covers the name row only: a preview is never recoloured by it.
    if isCursor {
      frame.restyle(row: nameRow, column: inner, count: grid.previewColumns) {
        $0.attributes.insert(.reverse)
      }
    }
  }

  static func gridHitTest(
    _ model: PickerModel, grid: GridGeometry, size: TerminalSize, row: Int, column: Int
  ) -> Hit? {
    let y = row - headerRows
    let x = column - grid.left
    guard y >= 0, x >= 0 else { return nil }
    let tileRow = y / grid.tileHeight
    let tileColumn = x / (grid.tileWidth + GridGeometry.gap)
    guard tileRow < grid.rows, tileColumn < grid.columns,
      x % (grid.tileWidth + GridGeometry.gap) < grid.tileWidth
    else { return nil }
    let range = visibleRange(model, size: size)
    let position = range.lowerBound + tileRow * grid.columns + tileColumn
    return range.contains(position) ? .item(position) : nil
  }

  /// The cells of a tile's preview.
  static func tilePlacement(grid: GridGeometry, slot: Int) -> CellPlacement {
    let origin = grid.origin(slot: slot)
    return CellPlacement(
      row: origin.row + 1, column: origin.column + 1, columns: grid.previewColumns,
      rows: grid.previewRows)
  }

  static func gridThumbnailKeys(_ model: PickerModel, grid: GridGeometry, size: TerminalSize)
    -> [ThumbnailKey]
  {
    func key(_ position: Int) -> ThumbnailKey {
      ThumbnailKey(
        name: model.items[model.rows[position]].name, columns: grid.previewColumns,
        rows: grid.previewRows, look: model.look)
    }
    let range = visibleRange(model, size: size)
    var keys: [ThumbnailKey] = []
    // Where images are shown, a tile needs its cells only when its image could not be drawn.
    func needsCells(_ position: Int) -> Bool {
      imageKey(
        model, name: model.items[model.rows[position]].name,
        placement: tilePlacement(grid: grid, slot: 0)) == nil
    }
    if range.contains(model.cursor) && needsCells(model.cursor) { keys.append(key(model.cursor)) }
    for position in range where position != model.cursor && needsCells(position) {
      keys.append(key(position))
    }
    return keys
  }
}
