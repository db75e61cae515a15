import IconRender
import TerminalGraphics

/// What is on the screen in images, and the bytes that take it to a new frame's images. Pure:
/// the terminal writes `beforeCells`, has the cells rewritten (`redrawRows`, `redrawAll`), then
/// writes `afterCells` once its refresh is out.
///
/// kitty keeps images by id: one no longer placed, or placed elsewhere, is deleted by id (its
/// memory freed), and the new placement drawn. sixel and iTerm2 images are cells of the screen:
/// one goes when the cells beneath are written again, so its rows are rewritten; and an image
/// that stays is drawn again wherever the refresh may have written over it.
public struct TerminalImageLayer {
  public let encoder: any TerminalImageEncoder
  /// The images on screen, by id.
  public private(set) var shown: [UInt32: FrameImage] = [:]
  private var nextID: UInt32 = 1
  private var screenSize: TerminalSize?

  public init(encoder: any TerminalImageEncoder) {
    self.encoder = encoder
  }

  /// What to do for one frame.
  public struct Update: Equatable, Sendable {
    /// Written before the cells: kitty's deletions.
    public var beforeCells: [UInt8] = []
    /// Rows the terminal must rewrite whole, whatever it thinks is there (where a sixel or
    /// iTerm2 image was).
    public var redrawRows: [Int] = []
    /// Every cell must be rewritten: the screen changed size under sixel or iTerm2 images.
    public var redrawAll = false
    /// Written after the refresh: the images placed, the cursor saved before and restored
    /// after them, so the terminal's cursor is where ncurses left it.
    public var afterCells: [UInt8] = []

    public var isEmpty: Bool {
      beforeCells.isEmpty && redrawRows.isEmpty && !redrawAll && afterCells.isEmpty
    }
  }

  /// From what is shown to `images` on a `size` screen. `runs` are the cells about to be
  /// written (nil: every cell is). `pixels` gives an image's pixels; one without is not placed.
  public mutating func update(
    to images: [FrameImage], size: TerminalSize, runs: [FrameRun]?,
    pixels: (PixelPreviewKey) -> RGBAImage?
  ) -> Update {
    var update = Update()
    let resized = screenSize != nil && screenSize != size
    screenSize = size
    var wanted: [FrameImage] = []
    var pixelsOf: [PixelPreviewKey: RGBAImage] = [:]
    for image in images where fits(image, in: size) && !wanted.contains(image) {
      guard let picture = pixelsOf[image.key] ?? pixels(image.key) else { continue }
      pixelsOf[image.key] = picture
      wanted.append(image)
    }
    let wantedSet = Set(wanted)
    let redraws = encoder.erasesByRedrawingCells
    var kept: [UInt32: FrameImage] = [:]
    var rewritten = Set<Int>()
    for id in shown.keys.sorted() {
      let image = shown[id]!
      if !resized && wantedSet.contains(image) {
        kept[id] = image
      } else if redraws {
        // A row more below: a sixel image's last band may reach into it.
        for row in image.placement.row..<min(size.rows, image.rows.upperBound + 1) {
          rewritten.insert(row)
        }
      } else {
        update.beforeCells += encoder.erase(id: id)
      }
    }
    if redraws && resized && !shown.isEmpty { update.redrawAll = true }
    update.redrawRows = rewritten.sorted()

    // What the refresh writes: sixel and iTerm2 images it writes over are drawn again.
    var draw: [(UInt32, FrameImage)] = []
    if redraws {
      let spans = Self.spans(of: runs, rewrittenRows: rewritten)
      for (id, image) in kept.sorted(by: { $0.key < $1.key }) {
        let covered =
          runs == nil || update.redrawAll
          || image.rows.contains { row in
            spans[row].map { $0.overlaps(image.columns) } ?? false
          }
        if covered { draw.append((id, image)) }
      }
    }
    let placed = Set(kept.values)
    for image in wanted where !placed.contains(image) {
      let id = nextID
      nextID = nextID == UInt32.max ? 1 : nextID + 1
      kept[id] = image
      draw.append((id, image))
    }
    shown = kept
    if !draw.isEmpty {
      update.afterCells = Array("\u{1B}7".utf8)
      for (id, image) in draw {
        update.afterCells += encoder.draw(pixelsOf[image.key]!, id: id, at: image.placement)
      }
      update.afterCells += Array("\u{1B}8".utf8)
    }
    return update
  }

  /// Takes every image off the screen (quitting, or before another screen): kitty's deleted by
  /// id, sixel and iTerm2's rows rewritten.
  public mutating func clear() -> Update {
    var update = Update()
    var rows = Set<Int>()
    for id in shown.keys.sorted() {
      let image = shown[id]!
      if encoder.erasesByRedrawingCells {
        for row in image.placement.row...image.rows.upperBound { rows.insert(row) }
      } else {
        update.beforeCells += encoder.erase(id: id)
      }
    }
    if let size = screenSize { rows = rows.filter { $0 < size.rows } }
    update.redrawRows = rows.sorted()
    shown = [:]
    return update
  }

  private func fits(_ image: FrameImage, in size: TerminalSize) -> Bool {
    let placement = image.placement
    return placement.row >= 0 && placement.column >= 0 && placement.columns > 0
      && placement.rows > 0 && placement.row + placement.rows <= size.rows
      && placement.column + placement.columns <= size.columns
  }

  /// Per row, the columns from the first written cell to the last: a terminal library may
  /// write the cells between two changes rather than move the cursor over them.
  static func spans(of runs: [FrameRun]?, rewrittenRows: Set<Int>) -> [Int: Range<Int>] {
    var spans: [Int: Range<Int>] = [:]
    for run in runs ?? [] {
      let range = run.column..<(run.column + run.width)
      if let span = spans[run.row] {
        spans[run.row] =
          min(span.lowerBound, range.lowerBound)..<max(span.upperBound, range.upperBound)
      } else {
        spans[run.row] = range
      }
    }
    for row in rewrittenRows { spans[row] = 0..<Int.max }
    return spans
  }
}
