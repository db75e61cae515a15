/// Turns a target chooser model and a terminal size into a frame. Pure, like `PickerLayout`:
///
///      Choose a target · Swiftfin                          2 targets
///      ──────────────────────────────────────────────────────────────
///     ❯ Swiftfin iOS    iOS    24 icons
///       Swiftfin tvOS   tvOS    3 icons
///      ──────────────────────────────────────────────────────────────
///      ↑↓ move   ⏎ open   q quit
public enum TargetChooserLayout {
  /// Below this the layout is replaced by a one-line notice.
  public static let minimumSize = TerminalSize(columns: 20, rows: 5)
  static let headerRows = 2
  static let footerRows = 2
  static let nameColumn = 2
  /// "tvOS" and "iOS" share a column this wide.
  static let platformWidth = 4
  /// A name keeps at least this many columns before the platform and count give way.
  static let minimumNameWidth = 8

  /// Targets that fit at this size, one per row.
  public static func pageSize(for size: TerminalSize) -> Int {
    max(1, size.rows - headerRows - footerRows)
  }

  public static func isTooSmall(_ size: TerminalSize) -> Bool {
    size.columns < minimumSize.columns || size.rows < minimumSize.rows
  }

  /// "12 icons", "1 icon", or why the count is unknown.
  public static func iconCount(_ count: Int?) -> String {
    switch count {
    case .some(1): "1 icon"
    case .some(let count): "\(count) icons"
    case .none: "unreadable"
    }
  }

  public static func render(_ model: TargetChooserModel, size: TerminalSize) -> Frame {
    var frame = Frame(size: size)
    guard size.columns > 0, size.rows > 0 else { return frame }
    if isTooSmall(size) {
      let need = "\(minimumSize.columns)x\(minimumSize.rows)"
      frame.put("Too small: need \(need)", row: 0, column: 0, style: PickerLayout.statusStyle)
      return frame
    }
    drawHeader(model, into: &frame)
    drawList(model, into: &frame)
    drawFooter(model, into: &frame)
    return frame
  }

  /// The target a mouse click at (row, column) lands on.
  public static func hitTest(_ model: TargetChooserModel, size: TerminalSize, row: Int, column: Int)
    -> Int?
  {
    guard !isTooSmall(size), column >= 0, column < size.columns else { return nil }
    let range = visibleRange(model, size: size)
    let index = range.lowerBound + row - headerRows
    return row >= headerRows && range.contains(index) ? index : nil
  }

  /// The targets on screen: the model's scroll position, corrected so the cursor shows.
  static func visibleRange(_ model: TargetChooserModel, size: TerminalSize) -> Range<Int> {
    let visible = pageSize(for: size)
    var top = model.scrollTop
    if model.cursor < top { top = model.cursor }
    if model.cursor >= top + visible { top = model.cursor - visible + 1 }
    top = min(max(0, top), max(0, model.targets.count - visible))
    return top..<min(model.targets.count, top + visible)
  }

  /// Where a row's parts go at this width: the name's room, and the platform's and count's
  /// columns, nil when there is no room for them (the count goes first, then the platform).
  static func columns(_ model: TargetChooserModel, width: Int) -> (
    nameRoom: Int, platform: Int?, count: (column: Int, width: Int)?
  ) {
    let room = width - nameColumn - 1
    let countWidth = model.targets.map { TextWidth.of(iconCount($0.iconCount)) }.max() ?? 0
    let wanted = min(model.nameWidth, room)
    let least = min(model.nameWidth, minimumNameWidth)
    let withBoth = 2 + platformWidth + 2 + countWidth
    if room - withBoth >= least {
      let name = min(wanted, room - withBoth)
      let platform = nameColumn + name + 2
      return (name, platform, (platform + platformWidth + 2, countWidth))
    }
    let withPlatform = 2 + platformWidth
    if room - withPlatform >= least {
      let name = min(wanted, room - withPlatform)
      return (name, nameColumn + name + 2, nil)
    }
    return (max(0, room), nil, nil)
  }

  private static func drawHeader(_ model: TargetChooserModel, into frame: inout Frame) {
    let width = frame.size.columns
    let count = model.targets.count == 1 ? "1 target" : "\(model.targets.count) targets"
    let countWidth = TextWidth.of(count)
    let title = TextWidth.truncate(model.title, to: width - 2, ellipsis: model.glyphs.ellipsis)
    frame.put(title, row: 0, column: 1, style: PickerLayout.titleStyle)
    if TextWidth.of(title) + countWidth + 4 <= width {
      frame.put(count, row: 0, column: width - 1 - countWidth, style: PickerLayout.secondaryStyle)
    }
    frame.fill(
      row: 1, column: 1, count: width - 2, glyph: model.glyphs.separator,
      style: PickerLayout.ruleStyle)
  }

  private static func drawList(_ model: TargetChooserModel, into frame: inout Frame) {
    let width = frame.size.columns
    let glyphs = model.glyphs
    let layout = columns(model, width: width)
    for (offset, index) in visibleRange(model, size: frame.size).enumerated() {
      let target = model.targets[index]
      let row = headerRows + offset
      let isCursor = index == model.cursor
      if isCursor {
        frame.put(glyphs.cursor, row: row, column: 0, style: PickerLayout.cursorMarkStyle)
      }
      let name = TextWidth.truncate(target.label, to: layout.nameRoom, ellipsis: glyphs.ellipsis)
      frame.put(name, row: row, column: nameColumn)
      if let column = layout.platform {
        frame.put(
          target.platform.rawValue, row: row, column: column, style: PickerLayout.secondaryStyle)
      }
      if let count = layout.count {
        let text = iconCount(target.iconCount)
        let style = target.iconCount == nil ? PickerLayout.statusStyle : PickerLayout.secondaryStyle
        frame.put(
          text, row: row, column: count.column + count.width - TextWidth.of(text), style: style)
      }
      // The whole row is highlighted, as the icon list's text is.
      if isCursor {
        frame.restyle(row: row, column: nameColumn - 1, count: width - nameColumn) {
          $0.attributes.insert(.reverse)
        }
      }
    }
  }

  private static func drawFooter(_ model: TargetChooserModel, into frame: inout Frame) {
    let width = frame.size.columns
    let rows = frame.size.rows
    let glyphs = model.glyphs
    frame.fill(
      row: rows - 2, column: 1, count: width - 2, glyph: glyphs.separator,
      style: PickerLayout.ruleStyle)
    if let status = model.status {
      // A long reason (a file path to act on) may take the rule's row too, rather than be cut.
      var lines = PickerLayout.wrap(status, width: width - 2)
      if lines.count > 2 {
        lines = [
          lines[0],
          TextWidth.truncate(
            lines[1...].joined(separator: " "), to: width - 2, ellipsis: glyphs.ellipsis),
        ]
      }
      if lines.count == 2 { frame.fill(row: rows - 2, column: 0, count: width) }
      for (offset, line) in lines.enumerated() {
        frame.put(
          line, row: rows - lines.count + offset, column: 1, style: PickerLayout.statusStyle)
      }
    } else if let problem = model.cursorTarget?.problem {
      frame.put(
        TextWidth.truncate(problem, to: width - 2, ellipsis: glyphs.ellipsis), row: rows - 1,
        column: 1, style: PickerLayout.secondaryStyle)
    } else {
      let help = "\(glyphs.arrowsUpDown) move   \(glyphs.enterKey) open   q quit"
      frame.put(
        TextWidth.truncate(help, to: width - 2, ellipsis: glyphs.ellipsis), row: rows - 1,
        column: 1, style: PickerLayout.secondaryStyle)
    }
  }
}
