import IconRender
import TerminalGraphics

/// What is on the screen in images, and the bytes that take it to a new frame's images. Pure:
/// the terminal writes `beforeCells`, has the cells rewritten (`redrawRows`, `redrawAll`), then
/// writes `afterCells` once its refresh is out.
///
/// kitty keeps what it is sent, by id (`StoredImageEncoder`): each preview is sent once, then
/// placed by id wherever a frame shows it (a few dozen bytes), and a placement the layout has
/// moved on from is taken away, the image kept for the next time it shows. What the terminal
/// keeps is bounded (`KeptImages`), and all of it is deleted by `clear`.
///
/// sixel and iTerm2 images are cells of the screen: one goes when the cells beneath are written
/// again, so its rows are rewritten; and an image that stays is drawn again wherever the refresh
/// may have written over it, from bytes encoded once (`EncodedImages`).
public struct TerminalImageLayer {
  public let encoder: any TerminalImageEncoder
  /// The images on screen: by placement id where the terminal keeps images (kitty), else by
  /// the id of the draw.
  public private(set) var shown: [UInt32: FrameImage] = [:]
  private var nextID: UInt32 = 1
  private var screenSize: TerminalSize?
  /// kitty: the previews the terminal keeps.
  var kept = KeptImages()
  /// sixel and iTerm2: the previews' bytes, by preview and cells.
  private var encoded = EncodedImages()

  public init(encoder: any TerminalImageEncoder) {
    self.encoder = encoder
  }

  /// Nothing on screen, and nothing kept by the terminal.
  public var isEmpty: Bool { shown.isEmpty && kept.isEmpty }

  /// What to do for one frame.
  public struct Update: Equatable, Sendable {
    /// Written before the cells: kitty's placements taken away.
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
    let resized = screenSize != nil && screenSize != size
    screenSize = size
    var wanted: [FrameImage] = []
    var pixelsOf: [PixelPreviewKey: RGBAImage] = [:]
    for image in images where fits(image, in: size) && !wanted.contains(image) {
      guard let picture = pixelsOf[image.key] ?? pixels(image.key) else { continue }
      pixelsOf[image.key] = picture
      wanted.append(image)
    }
    if let store = encoder as? any StoredImageEncoder {
      return updateKept(store, wanted: wanted, pixelsOf: pixelsOf, resized: resized)
    }
    return updateRedrawn(
      wanted: wanted, pixelsOf: pixelsOf, size: size, runs: runs, resized: resized)
  }

  /// kitty: placements no longer wanted taken away, the new ones placed, each image sent only
  /// when the terminal does not have it.
  private mutating func updateKept(
    _ store: any StoredImageEncoder, wanted: [FrameImage], pixelsOf: [PixelPreviewKey: RGBAImage],
    resized: Bool
  ) -> Update {
    var update = Update()
    // ncurses clears a resized screen (ED 2), and kitty then frees every image without a
    // placement on it: each is sent again, under its id, when next shown.
    if resized { kept.forgetTerminalCopies() }
    let wantedSet = Set(wanted)
    var placed: [UInt32: FrameImage] = [:]
    for placementID in shown.keys.sorted() {
      let image = shown[placementID]!
      if !resized && wantedSet.contains(image) {
        placed[placementID] = image
      } else if let id = kept.id(of: image.key) {
        update.beforeCells += store.removePlacement(id: id, placementID: placementID)
      }
    }
    let already = Set(placed.values)
    var draws: [UInt8] = []
    for image in wanted where !already.contains(image) {
      let placementID = takeID()
      placed[placementID] = image
      if let id = kept.idInTerminal(of: image.key) {
        draws += store.place(id: id, placementID: placementID, at: image.placement)
      } else {
        let picture = pixelsOf[image.key]!
        let id = kept.send(image.key, bytes: picture.pixels.count)
        draws += store.transmit(picture, id: id, placementID: placementID, at: image.placement)
      }
    }
    shown = placed
    let onScreen = Set(placed.values.map(\.key))
    kept.markShown(onScreen)
    // After the placements: an image deleted by id frees, in kitty before 0.38.1, every image
    // without a placement, and those of this frame have theirs by then.
    for id in kept.evict(keeping: onScreen) { draws += store.erase(id: id) }
    if !draws.isEmpty {
      update.afterCells = Array("\u{1B}7".utf8) + draws + Array("\u{1B}8".utf8)
    }
    return update
  }

  /// sixel and iTerm2: rows rewritten where an image goes, images drawn where they are new or
  /// the refresh writes over them.
  private mutating func updateRedrawn(
    wanted: [FrameImage], pixelsOf: [PixelPreviewKey: RGBAImage], size: TerminalSize,
    runs: [FrameRun]?, resized: Bool
  ) -> Update {
    var update = Update()
    let wantedSet = Set(wanted)
    var kept: [UInt32: FrameImage] = [:]
    var rewritten = Set<Int>()
    for id in shown.keys.sorted() {
      let image = shown[id]!
      if !resized && wantedSet.contains(image) {
        kept[id] = image
      } else {
        // A row more below: a sixel image's last band may reach into it.
        for row in image.placement.row..<min(size.rows, image.rows.upperBound + 1) {
          rewritten.insert(row)
        }
      }
    }
    if resized && !shown.isEmpty { update.redrawAll = true }
    update.redrawRows = rewritten.sorted()

    // What the refresh writes: images it writes over are drawn again.
    var draw: [(UInt32, FrameImage)] = []
    let spans = Self.spans(of: runs, rewrittenRows: rewritten)
    for (id, image) in kept.sorted(by: { $0.key < $1.key }) {
      let covered =
        runs == nil || update.redrawAll
        || image.rows.contains { row in
          spans[row].map { $0.overlaps(image.columns) } ?? false
        }
      if covered { draw.append((id, image)) }
    }
    let placed = Set(kept.values)
    for image in wanted where !placed.contains(image) {
      let id = takeID()
      kept[id] = image
      draw.append((id, image))
    }
    shown = kept
    if !draw.isEmpty {
      update.afterCells = Array("\u{1B}7".utf8)
      for (id, image) in draw {
        let placement = image.placement
        update.afterCells += Array("\u{1B}[\(placement.row + 1);\(placement.column + 1)H".utf8)
        update.afterCells += encoded.bytes(
          for: image, id: id, encoder: encoder, pixels: pixelsOf[image.key]!)
      }
      update.afterCells += Array("\u{1B}8".utf8)
    }
    encoded.trim(keeping: Set(kept.values))
    return update
  }

  /// Takes every image off the screen (quitting, or before another screen): kitty's deleted by
  /// id with every image it keeps (their memory freed), sixel and iTerm2's rows rewritten.
  public mutating func clear() -> Update {
    var update = Update()
    var rows = Set<Int>()
    if encoder is any StoredImageEncoder {
      for id in kept.removeAll() { update.beforeCells += encoder.erase(id: id) }
    } else {
      for image in shown.values {
        for row in image.placement.row...image.rows.upperBound { rows.insert(row) }
      }
    }
    if let size = screenSize { rows = rows.filter { $0 < size.rows } }
    update.redrawRows = rows.sorted()
    shown = [:]
    encoded = EncodedImages()
    return update
  }

  private mutating func takeID() -> UInt32 {
    let id = nextID
    nextID = nextID == UInt32.max ? 1 : nextID + 1
    return id
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

/// The previews a terminal that keeps images (kitty) was sent, by the id each was sent under,
/// bounded: past `byteBudget` or `countBudget`, the least recently shown of those off the
/// screen are deleted, down to half of each, so the deletions come in rare batches.
///
/// kitty frees an image without a placement when the screen is cleared (ED 2), and, before
/// 0.38.1, on any deletion by id (`d=I`, its `filter_refs`; fixed by kitty's commit 8facaf4,
/// "deleted but not freed images without any references being incorrectly freed on a subsequent
/// delete command"). Which kitty is on the other end is not asked: after a resize or a
/// deletion every image off the screen counts as gone from the terminal and is sent again,
/// under its id, when next shown (sending an id again replaces its image). Its id is kept, so
/// whatever a newer kitty still holds is deleted by `removeAll`.
struct KeptImages {
  /// What the terminal is asked to keep at most, in its own measure (kitty counts an image's
  /// decoded RGBA bytes): a tenth of kitty's default quota per screen (320 MB,
  /// `DEFAULT_STORAGE_LIMIT` in kitty/graphics.c), past which kitty deletes images itself and,
  /// quiet (`q=2`), would not say so. 32 MB holds 96 preview panes of 310×280 px (100×30
  /// cells of 10×20 px) or 3,495 list-row thumbnails of 60×40 px.
  static let byteBudget = 32 << 20
  /// And at most this many images, so the deletions on quitting (about 25 bytes each) stay
  /// under 50 KB.
  static let countBudget = 2048

  /// This one's budgets: the defaults, but for tests.
  let byteBudget: Int
  let countBudget: Int

  init(byteBudget: Int = Self.byteBudget, countBudget: Int = Self.countBudget) {
    self.byteBudget = byteBudget
    self.countBudget = countBudget
  }

  struct Entry {
    var id: UInt32
    var bytes: Int
    var lastShown: Int
    /// Sent since the screen was last cleared and since the last deletion by id.
    var inTerminal: Bool
  }

  private(set) var entries: [PixelPreviewKey: Entry] = [:]
  private(set) var bytes = 0
  private var nextID: UInt32 = 1
  private var clock = 0

  var isEmpty: Bool { entries.isEmpty }

  /// The id `key` was sent under, whether or not the terminal still has it.
  func id(of key: PixelPreviewKey) -> UInt32? { entries[key]?.id }

  /// The id of `key` when the terminal has it: placing it needs no pixels.
  func idInTerminal(of key: PixelPreviewKey) -> UInt32? {
    entries[key].flatMap { $0.inTerminal ? $0.id : nil }
  }

  /// The id to send `key` under (its own when it was sent before), now counted as kept.
  mutating func send(_ key: PixelPreviewKey, bytes size: Int) -> UInt32 {
    clock += 1
    if var entry = entries[key] {
      bytes += size - entry.bytes
      entry.bytes = size
      entry.inTerminal = true
      entry.lastShown = clock
      entries[key] = entry
      return entry.id
    }
    let id = nextID
    nextID = nextID == UInt32.max ? 1 : nextID + 1
    entries[key] = Entry(id: id, bytes: size, lastShown: clock, inTerminal: true)
    bytes += size
    return id
  }

  mutating func markShown(_ keys: Set<PixelPreviewKey>) {
    clock += 1
    for key in keys { entries[key]?.lastShown = clock }
  }

  /// The screen was cleared: every image is to be sent again.
  mutating func forgetTerminalCopies() {
    for key in entries.keys { entries[key]!.inTerminal = false }
  }

  /// Over a budget: the ids to delete (least recently shown first, none of `keeping`), down to
  /// half of each budget; every other image off the screen then counts as gone (see above).
  mutating func evict(keeping: Set<PixelPreviewKey>) -> [UInt32] {
    guard bytes > byteBudget || entries.count > countBudget else { return [] }
    let candidates = entries.filter { !keeping.contains($0.key) }
      .sorted { $0.value.lastShown < $1.value.lastShown }
    var ids: [UInt32] = []
    for (key, entry) in candidates {
      if bytes <= byteBudget / 2 && entries.count <= countBudget / 2 { break }
      entries[key] = nil
      bytes -= entry.bytes
      ids.append(entry.id)
    }
    if !ids.isEmpty {
      for key in entries.keys where !keeping.contains(key) { entries[key]!.inTerminal = false }
    }
    return ids
  }

  /// Every id, forgotten: to delete them all.
  mutating func removeAll() -> [UInt32] {
    let ids = entries.values.map(\.id).sorted()
    entries = [:]
    bytes = 0
    return ids
  }
}

/// sixel and iTerm2 images, encoded once per preview and cells: they are drawn again whenever
/// the cells beneath are rewritten, and encoding costs milliseconds (libchafa's sixel, libpng's
/// PNG) where copying the bytes costs microseconds. Bounded by `byteBudget`: past it, only what
/// the screen shows is kept.
struct EncodedImages {
  /// 8 MB: some 40 sixel preview panes of 310×280 px, far more than one screen shows.
  static let byteBudget = 8 << 20

  private struct Key: Hashable {
    var preview: PixelPreviewKey
    var columns: Int
    var rows: Int
  }

  private var bytesByKey: [Key: [UInt8]] = [:]
  private var total = 0

  /// The bytes that draw `image` from the cursor's cell.
  mutating func bytes(
    for image: FrameImage, id: UInt32, encoder: any TerminalImageEncoder, pixels: RGBAImage
  ) -> [UInt8] {
    let key = Key(
      preview: image.key, columns: image.placement.columns, rows: image.placement.rows)
    if let bytes = bytesByKey[key] { return bytes }
    let bytes = encoder.drawAtCursor(
      pixels, id: id, columns: image.placement.columns, rows: image.placement.rows)
    bytesByKey[key] = bytes
    total += bytes.count
    return bytes
  }

  /// Over the budget: only the images on screen kept.
  mutating func trim(keeping images: Set<FrameImage>) {
    guard total > Self.byteBudget else { return }
    let keep = Set(
      images.map { Key(preview: $0.key, columns: $0.placement.columns, rows: $0.placement.rows) })
    bytesByKey = bytesByKey.filter { keep.contains($0.key) }
    total = bytesByKey.values.reduce(0) { $0 + $1.count }
  }
}
