/// The whole preview pipeline in one call: decoded pixels in, terminal cells out.
public enum IconRenderer {
  /// `image` drawn in a `columns` × `rows` cell area: resized (area average, linear light) to
  /// the largest shape of its aspect that fits the `columns` × `2 × rows` half-block pixels,
  /// centred, masked to the home-screen shape, turned into cells and quantized for `mode`.
  /// A square icon fills a square of pixels: `columns == 2 × rows` is square, since a cell is
  /// about twice as tall as wide. Cells outside the icon are blank.
  public static func render(
    _ image: RGBAImage, columns: Int, rows: Int, mode: ColorMode, ascii: Bool = false
  ) -> CellImage {
    render(PixelImage(image), columns: columns, rows: rows, mode: mode, ascii: ascii)
  }

  /// The same for RGB or RGBA pixels, as `PNGDecoder.decodePixels` gives them.
  static func render(
    _ image: PixelImage, columns: Int, rows: Int, mode: ColorMode, ascii: Bool = false
  ) -> CellImage {
    guard columns > 0, rows > 0 else { return CellImage(columns: columns, rows: rows) }
    let boxWidth = columns
    let boxHeight = rows * 2
    let (width, height) = fit(
      width: image.width, height: image.height, boxWidth: boxWidth, boxHeight: boxHeight)
    let thumbnail = IconMask.apply(to: Downscale.resize(image, width: width, height: height))

    // Centre the thumbnail on a transparent canvas of the whole area.
    let left = (boxWidth - width) / 2
    let top = (boxHeight - height) / 2
    var canvas = [UInt8](repeating: 0, count: boxWidth * boxHeight * 4)
    for y in 0..<height {
      let from = y * width * 4
      let to = ((top + y) * boxWidth + left) * 4
      canvas.replaceSubrange(
        to..<(to + width * 4), with: thumbnail.pixels[from..<(from + width * 4)])
    }
    let cells = CellRaster.cells(
      from: RGBAImage(width: boxWidth, height: boxHeight, pixels: canvas)!)
    return ColorQuantizer.quantize(cells, mode: mode, ascii: ascii)
  }

  /// Stands in for an icon that cannot be drawn (not a PNG, damaged, missing): a dim pattern
  /// over the square the icon would fill, with `label` (a few narrow characters, such as
  /// "JPEG" or "?") on a blank band across its middle row. Default colours only, so it reads in every colour mode.
  public static func placeholder(columns: Int, rows: Int, label: String, ascii: Bool = false)
    -> CellImage
  {
    var image = CellImage(columns: columns, rows: rows)
    guard columns > 0, rows > 0 else { return image }
    // The same square `render` fills: `width` columns, `width / 2` rows (rounded up).
    let width = min(columns, rows * 2)
    let height = min(rows, (width + 1) / 2)
    let left = (columns - width) / 2
    let top = (rows - height) / 2
    let pattern = IconCell(
      glyph: ascii ? ":" : "░", foreground: .terminalDefault, background: .terminalDefault)
    for row in top..<(top + height) {
      for column in left..<(left + width) { image[row, column] = pattern }
    }
    // The label sits on a blank band across the square, so it reads apart from the pattern;
    // when the square is too narrow for it, it may use the whole width.
    let labelRow = top + height / 2
    for column in left..<(left + width) { image[labelRow, column] = .blank }
    let text = Array(label.prefix(columns))
    let start = text.count <= width ? left + (width - text.count) / 2 : (columns - text.count) / 2
    for (offset, glyph) in text.enumerated() {
      image[labelRow, start + offset] = IconCell(
        glyph: glyph, foreground: .terminalDefault, background: .terminalDefault)
    }
    return image
  }

  /// The largest `width` × `height` with the image's aspect inside the box, each at least 1.
  static func fit(width: Int, height: Int, boxWidth: Int, boxHeight: Int) -> (Int, Int) {
    if width * boxHeight >= height * boxWidth {
      // Width-bound.
      let scaled = (Double(height) * Double(boxWidth) / Double(width)).rounded()
      return (boxWidth, min(boxHeight, max(1, Int(scaled))))
    }
    let scaled = (Double(width) * Double(boxHeight) / Double(height)).rounded()
    return (min(boxWidth, max(1, Int(scaled))), boxHeight)
  }
}
