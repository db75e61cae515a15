import IconRender
import TerminalGraphics

/// Turns a model and a terminal size into a frame. Pure: no terminal, no clock, no files.
public enum PickerLayout {
  /// Below this the layout is replaced by a one-line notice.
  public static let minimumSize = TerminalSize(columns: 20, rows: 6)
  /// Rows per item: the thumbnail is two rows tall.
  static let itemHeight = 2
  static let headerRows = 2
  static let footerRows = 2
  static let thumbnailWidth = 6
  /// The preview pane appears from this width.
  static let previewMinimumColumns = 60

  static let titleStyle = CellStyle(attributes: [.bold])
  static let ruleStyle = CellStyle(attributes: [.dim])
  static let secondaryStyle = CellStyle(attributes: [.dim])
  static let checkStyle = CellStyle(foreground: .ansi(2), attributes: [.bold])
  static let cursorMarkStyle = CellStyle(foreground: .ansi(6), attributes: [.bold])
  static let statusStyle = CellStyle(foreground: .ansi(3), attributes: [.bold])
  static let alertStyle = CellStyle(attributes: [.bold])
  static let buttonStyle = CellStyle(foreground: .ansi(4), attributes: [.bold, .reverse])
  /// Added to the characters a filter matched: an attribute, so it shows without colour too.
  static let matchAttributes: CellAttributes = [.bold, .underline]

  /// Items that fit in the list at this size.
  public static func pageSize(for size: TerminalSize) -> Int {
    max(1, (size.rows - headerRows - footerRows) / itemHeight)
  }

  public static func isTooSmall(_ size: TerminalSize) -> Bool {
    size.columns < minimumSize.columns || size.rows < minimumSize.rows
  }

  public static func render(_ model: PickerModel, size: TerminalSize) -> Frame {
    var frame = Frame(size: size)
    guard size.columns > 0, size.rows > 0 else { return frame }
    if isTooSmall(size) {
      let need = "\(minimumSize.columns)x\(minimumSize.rows)"
      frame.put("Too small: need \(need)", row: 0, column: 0, style: statusStyle)
      return frame
    }
    drawHeader(model, into: &frame)
    if model.view == .grid, let grid = grid(for: size) {
      drawGrid(model, grid: grid, into: &frame)
    } else {
      let columns = listColumns(for: size)
      drawList(model, into: &frame, width: columns.list)
      if let pane = columns.preview {
        drawPreview(model, into: &frame, column: pane.column, width: pane.width)
      }
    }
    drawFooter(model, into: &frame)
    if let alert = model.alert {
      drawAlert(alert, glyphs: model.glyphs, into: &frame)
      // No image over the alert: kitty draws images above the text.
      let box = alertBox(alert, glyphs: model.glyphs, size: size)
      frame.images.removeAll { image in
        image.rows.overlaps(box.top..<(box.top + box.height))
          && image.columns.overlaps(box.left..<(box.left + box.width))
      }
    }
    return frame
  }

  /// What a mouse click at (row, column) lands on.
  public enum Hit: Equatable, Sendable {
    /// A row of the list: a position in `PickerModel.rows`.
    case item(Int)
    case alertButton
  }

  public static func hitTest(_ model: PickerModel, size: TerminalSize, row: Int, column: Int)
    -> Hit?
  {
    guard !isTooSmall(size) else { return nil }
    if let alert = model.alert {
      let box = alertBox(alert, glyphs: model.glyphs, size: size)
      let button = box.button
      return row == button.row && column >= button.column && column < button.column + button.width
        ? .alertButton : nil
    }
    if model.view == .grid, let grid = grid(for: size) {
      return gridHitTest(model, grid: grid, size: size, row: row, column: column)
    }
    let listRow = row - headerRows
    guard listRow >= 0, column < listColumns(for: size).list else { return nil }
    let range = visibleRange(model, size: size)
    let index = range.lowerBound + listRow / itemHeight
    guard range.contains(index), listRow < pageSize(for: size) * itemHeight else { return nil }
    return .item(index)
  }

  /// The rows on screen (positions in `model.rows`): the model's scroll position, corrected
  /// so the cursor shows.
  /// In the grid, whole rows of tiles.
  static func visibleRange(_ model: PickerModel, size: TerminalSize) -> Range<Int> {
    let grid = model.view == .grid ? grid(for: size) : nil
    let columns = grid?.columns ?? 1
    let visible = grid?.rows ?? pageSize(for: size)
    let count = model.rows.count
    let cursorRow = model.cursor / columns
    var top = model.scrollTop / columns
    if cursorRow < top { top = cursorRow }
    if cursorRow >= top + visible { top = cursorRow - visible + 1 }
    let rowCount = (count + columns - 1) / columns
    top = min(max(0, top), max(0, rowCount - visible))
    return min(count, top * columns)..<min(count, (top + visible) * columns)
  }

  static func listColumns(for size: TerminalSize) -> (
    list: Int, preview: (column: Int, width: Int)?
  ) {
    guard size.columns >= previewMinimumColumns else { return (size.columns, nil) }
    let width = min(40, max(19, size.columns / 3))
    return (size.columns - width - 1, (size.columns - width - 1, width))
  }

  private static func drawHeader(_ model: PickerModel, into frame: inout Frame) {
    let width = frame.size.columns
    let count = model.items.count == 1 ? "1 icon" : "\(model.items.count) icons"
    let countWidth = TextWidth.of(count)
    let titleRoom = width - 2
    let title = TextWidth.truncate(model.title, to: titleRoom, ellipsis: model.glyphs.ellipsis)
    frame.put(title, row: 0, column: 1, style: titleStyle)
    if TextWidth.of(title) + countWidth + 4 <= width {
      frame.put(count, row: 0, column: width - 1 - countWidth, style: secondaryStyle)
    }
    frame.fill(row: 1, column: 1, count: width - 2, glyph: model.glyphs.separator, style: ruleStyle)
  }

  private static func drawList(_ model: PickerModel, into frame: inout Frame, width: Int) {
    let glyphs = model.glyphs
    let range = visibleRange(model, size: frame.size)
    let showThumbnail = width >= 30
    let nameColumn = showThumbnail ? 2 + thumbnailWidth + 2 : 2
    let checkColumn = width - 3
    let nameWidth = model.displayNameWidth
    let nameRoom = max(0, checkColumn - 1 - nameColumn)
    let showAssetName = nameWidth + 2 + 8 <= nameRoom

    if model.filterMatchesNothing {
      drawNoMatch(model, into: &frame, width: width)
      return
    }
    let filtering = !(model.filter ?? "").isEmpty
    for (offset, position) in range.enumerated() {
      let index = model.rows[position]
      let item = model.items[index]
      let row = headerRows + offset * itemHeight
      let isCursor = position == model.cursor
      if isCursor { frame.put(glyphs.cursor, row: row, column: 0, style: cursorMarkStyle) }
      if showThumbnail {
        let key = ThumbnailKey(
          name: item.name, columns: thumbnailWidth, rows: itemHeight, look: model.look)
        let pixelKey = rowImageKey(model, name: item.name, row: row)
        if let pixelKey, model.pixelPreviews[pixelKey] != nil {
          frame.images.append(FrameImage(key: pixelKey, placement: rowPlacement(row: row)))
        } else if pixelKey == nil, let image = model.thumbnails[key] {
          drawCells(image, into: &frame, row: row, column: 2)
        } else {
          drawThumbnailPlaceholder(glyphs: glyphs, into: &frame, row: row, column: 2)
        }
      }

      let nameStyle = index == model.activeIndex ? CellStyle(attributes: [.bold]) : CellStyle.plain
      let highlight = filtering ? model.highlight(forItem: index) : FilterHighlight()
      let name = TextWidth.truncate(item.displayName, to: nameRoom, ellipsis: glyphs.ellipsis)
      frame.put(name, row: row, column: nameColumn, style: nameStyle)
      markMatches(
        highlight.displayName, of: item.displayName, shown: name, glyphs: glyphs, into: &frame,
        row: row, column: nameColumn)
      if showAssetName && item.name != item.displayName {
        let assetColumn = nameColumn + nameWidth + 2
        let room = checkColumn - 1 - assetColumn
        let assetName = TextWidth.truncate(item.name, to: room, ellipsis: glyphs.ellipsis)
        frame.put(assetName, row: row, column: assetColumn, style: secondaryStyle)
        markMatches(
          highlight.name, of: item.name, shown: assetName, glyphs: glyphs, into: &frame, row: row,
          column: assetColumn)
      }
      if index == model.activeIndex {
        frame.put(glyphs.checkmark, row: row, column: checkColumn, style: checkStyle)
      }
      if let note = item.availability, row + 1 < frame.size.rows - footerRows {
        let shown = TextWidth.truncate(note, to: nameRoom, ellipsis: glyphs.ellipsis)
        frame.put(shown, row: row + 1, column: nameColumn, style: secondaryStyle)
      }
      // The highlight covers the text only: a preview is never recoloured by it.
      if isCursor {
        frame.restyle(row: row, column: nameColumn - 1, count: checkColumn + 2 - (nameColumn - 1)) {
          $0.attributes.insert(.reverse)
        }
      }
    }
  }

  /// "No icon matches “…”", where the first row would be.
  static func drawNoMatch(_ model: PickerModel, into frame: inout Frame, width: Int) {
    let text = "No icon matches \u{201C}\(model.filter ?? "")\u{201D}"
    let shown = model.glyphs.isUnicode ? text : "No icon matches \"\(model.filter ?? "")\""
    frame.put(
      TextWidth.truncate(shown, to: width - 3, ellipsis: model.glyphs.ellipsis), row: headerRows,
      column: 2, style: statusStyle)
  }

  /// Highlights the matched characters of `text`, drawn as `shown` (cut short with an ellipsis
  /// when it did not fit) from `column`: those cut off are not marked.
  static func markMatches(
    _ matched: Set<Int>, of text: String, shown: String, glyphs: GlyphSet, into frame: inout Frame,
    row: Int, column: Int
  ) {
    guard !matched.isEmpty else { return }
    let shownWidth = TextWidth.of(shown)
    let room = shown == text ? shownWidth : shownWidth - TextWidth.of(glyphs.ellipsis)
    var x = 0
    for (offset, character) in text.enumerated() {
      let width = TextWidth.of(character)
      if x + width > room { break }
      if matched.contains(offset) && width > 0 {
        frame.restyle(row: row, column: column + x, count: width) {
          $0.attributes.formUnion(matchAttributes)
        }
      }
      x += width
    }
  }

  private static func drawThumbnailPlaceholder(
    glyphs: GlyphSet, into frame: inout Frame, row: Int, column: Int
  ) {
    let inner = String(repeating: glyphs.boxHorizontal, count: thumbnailWidth - 2)
    frame.put(
      glyphs.boxTopLeft + inner + glyphs.boxTopRight, row: row, column: column, style: ruleStyle)
    frame.put(
      glyphs.boxBottomLeft + inner + glyphs.boxBottomRight, row: row + 1, column: column,
      style: ruleStyle)
  }

  /// The preview pane's box: rows `top...bottom`, from `column`, `width` wide; nil when
  /// there is no room for one.
  static func previewBox(size: TerminalSize) -> (top: Int, bottom: Int, column: Int, width: Int)? {
    guard !isTooSmall(size), let pane = listColumns(for: size).preview else { return nil }
    let top = headerRows
    // Cells are about twice as tall as wide: this keeps the pane roughly square.
    let bottom = min(size.rows - footerRows - 1, top + pane.width / 2)
    guard bottom - top >= 3, pane.width >= 4 else { return nil }
    return (top, bottom, pane.column, pane.width)
  }

  /// The cell size of the large preview: inside the box, above the name line.
  static func previewImageSize(size: TerminalSize) -> (columns: Int, rows: Int)? {
    guard let box = previewBox(size: size) else { return nil }
    return (box.width - 2, box.bottom - box.top - 2)
  }

  /// The previews the screen shows at this size: the large one first, then each visible row's.
  /// In the grid, the cursor's tile first, then each visible tile's.
  public static func thumbnailKeys(_ model: PickerModel, size: TerminalSize) -> [ThumbnailKey] {
    guard !isTooSmall(size) else { return [] }
    if model.view == .grid, let grid = grid(for: size) {
      return gridThumbnailKeys(model, grid: grid, size: size)
    }
    var keys: [ThumbnailKey] = []
    if let preview = previewImageSize(size: size), let item = model.cursorItem,
      let placement = previewPlacement(size: size),
      imageKey(model, name: item.name, placement: placement) == nil
    {
      keys.append(
        ThumbnailKey(
          name: item.name, columns: preview.columns, rows: preview.rows,
          look: model.look))
    }
    if listColumns(for: size).list >= 30 {
      for (offset, position) in visibleRange(model, size: size).enumerated() {
        let name = model.items[model.rows[position]].name
        // Where the rows are images, a row needs its cells only when its image could not be drawn.
        guard rowImageKey(model, name: name, row: headerRows + offset * itemHeight) == nil else {
          continue
        }
        keys.append(
          ThumbnailKey(name: name, columns: thumbnailWidth, rows: itemHeight, look: model.look))
      }
    }
    return keys
  }

  /// The cells of a list row's thumbnail, the row's first at `row`.
  static func rowPlacement(row: Int) -> CellPlacement {
    CellPlacement(row: row, column: 2, columns: thumbnailWidth, rows: itemHeight)
  }

  /// The pixel preview of a list row's thumbnail, where the rows are images
  /// (`PickerGraphics.rowsShowImages`); nil when it is drawn in cells.
  static func rowImageKey(_ model: PickerModel, name: String, row: Int) -> PixelPreviewKey? {
    guard model.graphics.rowsAreImages else { return nil }
    return imageKey(model, name: name, placement: rowPlacement(row: row))
  }

  /// The cells of the large preview, where an image of it goes.
  static func previewPlacement(size: TerminalSize) -> CellPlacement? {
    guard let box = previewBox(size: size), let image = previewImageSize(size: size) else {
      return nil
    }
    return CellPlacement(
      row: box.top + 1, column: box.column + 1, columns: image.columns, rows: image.rows)
  }

  /// The pixel preview of `name` on `placement`'s cells; nil when previews are cells (the
  /// terminal shows no images, or this one could not be drawn as an image).
  static func imageKey(_ model: PickerModel, name: String, placement: CellPlacement)
    -> PixelPreviewKey?
  {
    guard model.graphics.showsImages else { return nil }
    let pixels = model.graphics.cellPixels
    let key = PixelPreviewKey(
      name: name, look: model.look, width: placement.columns * pixels.width,
      height: placement.rows * pixels.height)
    return model.pixelPreviewFailures.contains(key) ? nil : key
  }

  /// The pixel previews the screen shows at this size, where the terminal shows images: the
  /// large one, then the rows' thumbnails where they are images; in the grid the cursor's tile
  /// first, then each visible tile's.
  public static func pixelPreviewKeys(_ model: PickerModel, size: TerminalSize)
    -> [PixelPreviewKey]
  {
    guard model.graphics.showsImages, !isTooSmall(size) else { return [] }
    if model.view == .grid, let grid = grid(for: size) {
      let range = visibleRange(model, size: size)
      var positions = range.contains(model.cursor) ? [model.cursor] : []
      positions += range.filter { $0 != model.cursor }
      return positions.compactMap { position in
        imageKey(
          model, name: model.items[model.rows[position]].name,
          placement: tilePlacement(grid: grid, slot: 0))
      }
    }
    var keys: [PixelPreviewKey] = []
    if let item = model.cursorItem, let placement = previewPlacement(size: size),
      let key = imageKey(model, name: item.name, placement: placement)
    {
      keys.append(key)
    }
    // Then the rows' thumbnails, where they are images, as `drawList` shows them.
    if model.graphics.rowsAreImages && listColumns(for: size).list >= 30
      && !model.filterMatchesNothing
    {
      for (offset, position) in visibleRange(model, size: size).enumerated() {
        let name = model.items[model.rows[position]].name
        if let key = rowImageKey(model, name: name, row: headerRows + offset * itemHeight) {
          keys.append(key)
        }
      }
    }
    return keys
  }

  private static func drawPreview(
    _ model: PickerModel, into frame: inout Frame, column: Int, width: Int
  ) {
    guard let box = previewBox(size: frame.size), let image = previewImageSize(size: frame.size)
    else { return }
    drawBox(
      into: &frame, top: box.top, left: box.column, bottom: box.bottom,
      right: box.column + box.width - 1, glyphs: model.glyphs)
    let inner = box.width - 2
    guard let item = model.cursorItem else { return }
    let key = ThumbnailKey(
      name: item.name, columns: image.columns, rows: image.rows, look: model.look)
    let placement = CellPlacement(
      row: box.top + 1, column: box.column + 1, columns: image.columns, rows: image.rows)
    if let pixelKey = imageKey(model, name: item.name, placement: placement),
      model.pixelPreviews[pixelKey] != nil
    {
      frame.images.append(FrameImage(key: pixelKey, placement: placement))
    } else if imageKey(model, name: item.name, placement: placement) == nil,
      let cells = model.thumbnails[key]
    {
      drawCells(cells, into: &frame, row: box.top + 1, column: box.column + 1)
    } else {
      let waiting = model.glyphs.ellipsis
      frame.put(
        waiting, row: box.top + 1 + image.rows / 2, column: box.column + 1 + inner / 2,
        style: secondaryStyle)
    }
    let label = TextWidth.truncate(item.displayName, to: inner, ellipsis: model.glyphs.ellipsis)
    frame.put(
      label, row: box.bottom - 1, column: box.column + 1 + (inner - TextWidth.of(label)) / 2,
      style: titleStyle)
  }

  /// Copies a rendered preview into the frame; its colours are the icon's own, never a theme's.
  static func drawCells(_ image: CellImage, into frame: inout Frame, row: Int, column: Int) {
    for y in 0..<image.rows {
      for x in 0..<image.columns where frame.contains(row: row + y, column: column + x) {
        let cell = image[y, x]
        frame[row + y, column + x] = Cell(
          glyph: String(cell.glyph),
          style: CellStyle(
            foreground: terminalColor(cell.foreground), background: terminalColor(cell.background)))
      }
    }
  }

  private static func terminalColor(_ color: CellColor) -> TerminalColor {
    switch color {
    case .terminalDefault: .terminalDefault
    case .indexed(let index): .indexed(index)
    case .rgb(let red, let green, let blue): .rgb(red, green, blue)
    }
  }

  private static func drawFooter(_ model: PickerModel, into frame: inout Frame) {
    let width = frame.size.columns
    let rows = frame.size.rows
    frame.fill(
      row: rows - 2, column: 1, count: width - 2, glyph: model.glyphs.separator, style: ruleStyle)
    // On the rule's right, where it leaves the list alone: what `check --fix` could repair.
    if let hint = model.fixHint, model.alert == nil {
      let text = " \(hint) "
      let shown = TextWidth.of(text)
      if shown + 6 <= width {
        frame.put(text, row: rows - 2, column: width - 2 - shown, style: statusStyle)
      }
    }
    if let filter = model.filter, model.alert == nil {
      drawFilterLine(model, filter: filter, into: &frame)
      // A notice takes the rule's row, so the filter line stays in view.
      if let status = model.status {
        frame.fill(row: rows - 2, column: 0, count: width)
        frame.put(
          TextWidth.truncate(status, to: width - 2, ellipsis: model.glyphs.ellipsis),
          row: rows - 2, column: 1, style: statusStyle)
      }
      return
    }
    if let status = model.status {
      // A long notice (a file path to act on) may take the rule's row too, rather than be cut.
      var lines = wrap(status, width: width - 2)
      if lines.count > 2 {
        lines = [
          lines[0],
          TextWidth.truncate(
            lines[1...].joined(separator: " "), to: width - 2, ellipsis: model.glyphs.ellipsis),
        ]
      }
      if lines.count == 2 { frame.fill(row: rows - 2, column: 0, count: width) }
      for (offset, line) in lines.enumerated() {
        frame.put(line, row: rows - lines.count + offset, column: 1, style: statusStyle)
      }
    } else if model.alert == nil, let item = model.cursorItem,
      let problem = model.previewProblems[item.name]
    {
      // "/long/path/Icon.png: reason" reads as "Icon.png: reason" in one line.
      var shown = problem
      if problem.hasPrefix("/"), let colon = problem.firstRange(of: ": ") {
        let file = problem[..<colon.lowerBound].split(separator: "/").last.map(String.init) ?? ""
        shown = file + problem[colon.lowerBound...]
      }
      let text = TextWidth.truncate(shown, to: width - 2, ellipsis: model.glyphs.ellipsis)
      frame.put(text, row: rows - 1, column: 1, style: secondaryStyle)
    } else {
      let g = model.glyphs
      let appearance = model.looks.count > 1 ? "   a appearance" : ""
      let arrows = showsGrid(model, size: frame.size) ? g.arrows : g.arrowsUpDown
      let view = model.view == .grid ? "v list" : "v grid"
      let help =
        model.alert == nil
        ? "\(arrows) move   \(g.enterKey) choose   / filter   \(view)\(appearance)   q quit"
        : "\(g.enterKey) OK"
      frame.put(
        TextWidth.truncate(help, to: width - 2, ellipsis: g.ellipsis), row: rows - 1, column: 1,
        style: secondaryStyle)
    }
  }

  /// The open filter line, as less and vim show a search: `/`, the text typed and a caret, then
  /// how many icons match and the keys that matter while typing.
  private static func drawFilterLine(_ model: PickerModel, filter: String, into frame: inout Frame)
  {
    let width = frame.size.columns
    let row = frame.size.rows - 1
    let g = model.glyphs
    frame.put("/", row: row, column: 1, style: titleStyle)
    // The end of a filter too long for the line stays in view, where the caret is.
    let room = max(0, width - 4)
    var shown = filter
    if TextWidth.of(shown) > room {
      let ellipsis = TextWidth.of(g.ellipsis)
      while !shown.isEmpty && TextWidth.of(shown) + ellipsis > room { shown.removeFirst() }
      shown = g.ellipsis + shown
    }
    let used = frame.put(shown, row: row, column: 2, limit: room)
    let caret = 2 + used
    frame.put(" ", row: row, column: caret, style: CellStyle(attributes: [.reverse]))
    let count = "\(model.matchCount) of \(model.items.count)"
    let arrows = showsGrid(model, size: frame.size) ? g.arrows : g.arrowsUpDown
    let help = "   \(count)   \(arrows) move   \(g.enterKey) choose   esc clear"
    let helpRoom = width - 1 - (caret + 1)
    if helpRoom >= TextWidth.of(count) + 3 {
      frame.put(
        TextWidth.truncate(help, to: helpRoom, ellipsis: g.ellipsis), row: row, column: caret + 1,
        style: secondaryStyle)
    }
  }

  struct AlertBox {
    var top: Int
    var left: Int
    var width: Int
    var height: Int
    var lines: [String]
    var paddingRows: Int
    var button: (row: Int, column: Int, width: Int)
  }

  static func alertBox(_ alert: PickerAlert, glyphs: GlyphSet, size: TerminalSize) -> AlertBox {
    let buttonText = " \(alert.button) "
    let widest = max(TextWidth.of(alert.message), TextWidth.of(buttonText))
    let width = min(size.columns - 2, widest + 4)
    let lines = wrap(alert.message, width: width - 4)
    // Blank rows around the text are the first thing given up on a short terminal.
    var padding = 2
    while padding > 0 && lines.count + 3 + padding > size.rows { padding -= 1 }
    let visibleLines = Array(lines.prefix(max(1, size.rows - 3 - padding)))
    let height = visibleLines.count + 3 + padding
    let top = max(0, (size.rows - height) / 2)
    let left = max(0, (size.columns - width) / 2)
    let buttonRow = top + height - 2
    let buttonColumn = left + (width - TextWidth.of(buttonText)) / 2
    return AlertBox(
      top: top, left: left, width: width, height: height, lines: visibleLines, paddingRows: padding,
      button: (buttonRow, buttonColumn, TextWidth.of(buttonText)))
  }

  private static func drawAlert(_ alert: PickerAlert, glyphs: GlyphSet, into frame: inout Frame) {
    let box = alertBox(alert, glyphs: glyphs, size: frame.size)
    for row in box.top..<(box.top + box.height) {
      frame.fill(row: row, column: box.left, count: box.width)
    }
    drawBox(
      into: &frame, top: box.top, left: box.left, bottom: box.top + box.height - 1,
      right: box.left + box.width - 1, glyphs: glyphs)
    let firstLine = box.top + 1 + (box.paddingRows > 1 ? 1 : 0)
    for (offset, line) in box.lines.enumerated() {
      let x = box.left + (box.width - TextWidth.of(line)) / 2
      frame.put(line, row: firstLine + offset, column: x, style: alertStyle, limit: box.width - 2)
    }
    frame.put(
      " \(alert.button) ", row: box.button.row, column: box.button.column, style: buttonStyle)
  }

  static func drawBox(
    into frame: inout Frame, top: Int, left: Int, bottom: Int, right: Int, glyphs: GlyphSet,
    style: CellStyle = ruleStyle
  ) {
    let span = right - left - 1
    frame.put(glyphs.boxTopLeft, row: top, column: left, style: style)
    frame.fill(row: top, column: left + 1, count: span, glyph: glyphs.boxHorizontal, style: style)
    frame.put(glyphs.boxTopRight, row: top, column: right, style: style)
    for row in (top + 1)..<max(top + 1, bottom) {
      frame.put(glyphs.boxVertical, row: row, column: left, style: style)
      frame.put(glyphs.boxVertical, row: row, column: right, style: style)
    }
    frame.put(glyphs.boxBottomLeft, row: bottom, column: left, style: style)
    frame.fill(
      row: bottom, column: left + 1, count: span, glyph: glyphs.boxHorizontal, style: style)
    frame.put(glyphs.boxBottomRight, row: bottom, column: right, style: style)
  }

  /// Breaks text at spaces into lines of at most `width` columns; a longer word is cut.
  static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
      var word = word
      let candidate = line.isEmpty ? word : line + " " + word
      if TextWidth.of(candidate) <= width {
        line = candidate
        continue
      }
      if !line.isEmpty { lines.append(line) }
      while TextWidth.of(word) > width {
        var head = ""
        for character in word {
          if TextWidth.of(head) + TextWidth.of(character) > width { break }
          head.append(character)
        }
        guard !head.isEmpty else { return lines }
        lines.append(head)
        word.removeFirst(head.count)
      }
      line = word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
