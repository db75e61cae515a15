import FoundationEssentials
import IconCatalog
import IconRender
import IconState

/// One row of the picker.
public struct PickerItem: Equatable, Sendable {
  /// The name `setAlternateIconName` takes; for the primary, its asset name.
  public var name: String
  public var displayName: String
  public var isPrimary: Bool
  /// A short, dim note when the icon works on only some of the devices the app runs on (`iPhone
  /// only`: the app runs on iPad, whose built icon dictionary lacks it); nil when it works on all.
  public var availability: String?

  public init(name: String, displayName: String, isPrimary: Bool, availability: String? = nil) {
    self.name = name
    self.displayName = displayName
    self.isPrimary = isPrimary
    self.availability = availability
  }
}

/// The system-style confirmation shown after a change.
public struct PickerAlert: Equatable, Sendable {
  public var message: String
  public var button: String
}

/// Why the picker stopped.
public enum PickerOutcome: Equatable, Sendable {
  case quit
  case interrupted
  /// Esc, when the list was opened from the target chooser (`canGoBack`): show it again.
  case back
}

/// Everything the picker screen shows. Changed only by `apply(_:)`.
public struct PickerModel: Equatable, Sendable {
  public let appName: String
  public let items: [PickerItem]
  /// The widest display name, in columns: the name column's width, measured once rather than
  /// over every item on every key.
  public let displayNameWidth: Int
  public let glyphs: GlyphSet
  public internal(set) var activeIndex: Int
  /// The items shown, as indices into `items`: all of them in order, or while a filter is
  /// typed, its matches, best first.
  public internal(set) var rows: [Int]
  /// The cursor's position in `rows`.
  public internal(set) var cursor: Int
  /// The first row shown in the list.
  public internal(set) var scrollTop: Int = 0
  /// The filter line: nil when closed, else what was typed after `/`.
  public internal(set) var filter: String?
  /// Each item's display name and name, prepared for matching once, when the filter is first
  /// used: preparing thousands of names is work the first frame need not wait for.
  var searchTexts: [SearchText] = []
  /// The filter `rows` were ranked for, as match keys: a filter that extends it searches only
  /// its matches.
  var rankedQuery: [UInt32] = []
  /// The rankings of the filter as it was typed, shortest first: what Backspace goes back to.
  var rankings: [FilterRanking] = []
  /// How many items fit on screen at the current size: list rows, or a grid's tiles.
  public internal(set) var pageSize: Int
  /// The list or the grid (`v`); remembered across runs by the session.
  public internal(set) var view: PickerViewStyle
  /// Tiles per row of the grid on screen; 1 in the list, and when no tile fits the window
  /// (the grid then shows as the list).
  public internal(set) var gridColumns = 1
  /// The terminal's size, for the page and the grid's shape when the view changes.
  var screenSize: TerminalSize
  public internal(set) var alert: PickerAlert?
  /// A one-line message in the footer, cleared by the next key.
  public internal(set) var status: String?
  /// What `check --fix` could repair, found in the background (`fixesFound`): shown on the
  /// footer's rule, naming the command.
  public internal(set) var fixHint: String?
  public internal(set) var outcome: PickerOutcome?
  /// Previews that are ready, by icon, size and appearance; the rest show placeholders.
  public internal(set) var thumbnails: [ThumbnailKey: CellImage] = [:]
  /// How the large previews reach the screen: cells, or images (the preview pane and the
  /// grid's tiles) of a protocol at the cell's pixel size.
  public var graphics: PickerGraphics = .cells
  /// Pixel previews that are ready, for terminals that show images.
  public internal(set) var pixelPreviews: [PixelPreviewKey: RGBAImage] = [:]
  /// Pixel previews that could not be drawn: shown in cells instead (a labelled placeholder).
  public internal(set) var pixelPreviewFailures: Set<PixelPreviewKey> = []
  /// Why an icon shows a placeholder, by icon name; shown in the footer for the cursor icon.
  public internal(set) var previewProblems: [String: String] = [:]
  /// The look previews are drawn in; `a` cycles through `looks`.
  public internal(set) var look: IconComposerLook = .light
  /// Icon Composer's six looks when some icon is a `.icon` bundle; else Light (Any), plus Dark
  /// and Tinted Dark (Tinted) when some icon has renditions for them. An app read without its
  /// images starts with Light alone, until `appearancesFound` says what its icons have.
  public internal(set) var looks: [IconComposerLook]
  /// The appearance whose renditions `look` picks (a `.icon` bundle is drawn in `look` itself).
  public var appearance: IconAppearance { look.appearance }
  /// The appearances of `looks`, without repeats.
  public var appearances: [IconAppearance] {
    IconAppearance.allCases.filter { appearance in looks.contains { $0.appearance == appearance } }
  }
  /// True when `looks` are Icon Composer's six, which the title names as Icon Composer does.
  var offersIconComposerLooks: Bool { looks.contains(.clearLight) }
  /// Opened from the target chooser: Esc goes back to it rather than quitting (q still quits).
  public var canGoBack = false

  /// - Parameters:
  ///   - activeName: the recorded `alternateIconName` (nil = the primary).
  ///   - size: the terminal's size, so the cursor starts scrolled into view.
  public init(
    app: AppIcons, activeName: String?, glyphs: GlyphSet = .unicode, size: TerminalSize,
    status: String? = nil, view: PickerViewStyle = .list
  ) {
    let icons = app.listedIcons
    self.items = icons.map {
      PickerItem(
        name: $0.name, displayName: $0.displayName, isPrimary: $0.isPrimary,
        availability: app.availability(of: $0))
    }
    self.displayNameWidth = items.map { TextWidth.of($0.displayName) }.max() ?? 0
    self.appName = app.appName
    self.glyphs = glyphs
    let active =
      activeName.flatMap { name in icons.firstIndex { !$0.isPrimary && $0.name == name } } ?? 0
    self.activeIndex = active
    self.rows = Array(items.indices)
    self.cursor = active
    self.pageSize = PickerLayout.pageSize(for: size)
    self.view = view
    self.screenSize = size
    self.status = status
    let renditions = app.allIcons.flatMap(\.renditions)
    self.looks = Self.looks(
      present: Set(renditions.map(\.appearance)),
      iconComposer: renditions.contains { $0.kind == .iconComposer })
    fit(size)
    scrollCursorIntoView()
  }

  public var activeItem: PickerItem { items[activeIndex] }
  /// The item under the cursor; nil when a filter matches nothing.
  public var cursorItem: PickerItem? { cursorIndex.map { items[$0] } }
  /// The index in `items` of the item under the cursor.
  public var cursorIndex: Int? { rows.indices.contains(cursor) ? rows[cursor] : nil }
  public var title: String {
    let base = "App Icon \(glyphs.dot) \(appName)"
    guard looks.count > 1 else { return base }
    let name = offersIconComposerLooks ? look.displayName : appearance.displayName
    return "\(base) \(glyphs.dot) \(name)"
  }
}

/// What the picker can be asked to do. Keys, clicks and finished work all become actions.
public enum PickerAction: Equatable, Sendable {
  case moveUp
  case moveDown
  /// ←: the item before, from the start of a grid row to the end of the row above.
  case moveLeft
  /// →: the item after, from the end of a grid row to the start of the next.
  case moveRight
  case pageUp
  case pageDown
  case moveToFirst
  case moveToLast
  /// Moves by a number of items without wrapping (the mouse wheel).
  case moveBy(Int)
  /// Moves the cursor to a row (a position in `rows`) and chooses its item (a click).
  case pick(index: Int)
  case choose
  case dismissAlert
  case quit
  /// Esc: back to the target chooser when there is one (`canGoBack`), else quit.
  case back
  case interrupt
  case resize(TerminalSize)
  /// The switcher recorded the change that `choose` asked for.
  case iconChanged(alternateIconName: String?, notices: [String])
  case changeFailed(message: String)
  /// `a`: the next look (Any, Dark, Tinted; or Icon Composer's six), when there is more than one.
  case cycleAppearance
  /// A preview finished rendering in the background.
  case thumbnailReady(ThumbnailKey, CellImage)
  /// A pixel preview finished rendering in the background; nil when it could not be drawn.
  case pixelPreviewReady(PixelPreviewKey, RGBAImage?)
  /// Drops pixel previews not in `keep` (those of sizes no longer on screen).
  case forgetPixelPreviews(keep: Set<PixelPreviewKey>)
  /// Why an icon's preview is a placeholder (not a PNG, damaged, missing).
  case thumbnailProblem(name: String, String)
  /// Drops previews not in `keep` (those of sizes no longer on screen).
  case forgetThumbnails(keep: Set<ThumbnailKey>)
  /// Every icon's images were read in the background: the appearances they have, and whether
  /// some icon is an Icon Composer `.icon` bundle (then all six looks are offered).
  case appearancesFound(Set<IconAppearance>, iconComposer: Bool = false)
  /// The app was checked in the background: what `check --fix` could repair, or nil.
  case fixesFound(String?)
  /// `v`: the list or the grid.
  case toggleView
  /// `/`: opens the filter line.
  case openFilter
  /// Adds typed text to the filter.
  case typeInFilter(String)
  /// Backspace: the filter's last character; on an empty filter, closes the line.
  case deleteInFilter
  /// Esc while filtering: the whole list again, the cursor on the item it was on.
  case clearFilter
}

/// Work the reducer asks the caller to do; the result comes back as an action.
public enum PickerEffect: Equatable, Sendable {
  case none
  /// Call `setAlternateIconName`: nil resets to the primary.
  case setAlternateIconName(String?)
  /// Remember the view for the next run.
  case saveView(PickerViewStyle)
}

extension PickerModel {
  /// The reducer: applies one action and says what work, if any, must follow.
  @discardableResult
  public mutating func apply(_ action: PickerAction) -> PickerEffect {
    switch action {
    case .interrupt:
      outcome = .interrupted
      return .none
    case .resize(let size):
      fit(size)
      scrollCursorIntoView()
      return .none
    case .iconChanged(let name, let notices):
      let index =
        name.flatMap { name in items.firstIndex { !$0.isPrimary && $0.name == name } } ?? 0
      activeIndex = index
      alert = PickerAlert(
        message: ChangeAlert.message(appName: appName, unicode: glyphs.isUnicode),
        button: ChangeAlert.button)
      status = notices.isEmpty ? nil : notices.joined(separator: " ")
      return .none
    case .thumbnailReady(let key, let image):
      thumbnails[key] = image
      return .none
    case .pixelPreviewReady(let key, let image):
      if let image {
        pixelPreviews[key] = image
      } else {
        pixelPreviewFailures.insert(key)
      }
      return .none
    case .forgetPixelPreviews(let keep):
      pixelPreviews = pixelPreviews.filter { keep.contains($0.key) }
      pixelPreviewFailures = pixelPreviewFailures.filter { keep.contains($0) }
      return .none
    case .thumbnailProblem(let name, let problem):
      previewProblems[name] = problem
      return .none
    case .forgetThumbnails(let keep):
      thumbnails = thumbnails.filter { keep.contains($0.key) }
      return .none
    case .changeFailed(let message):
      status = message
      return .none
    case .appearancesFound(let present, let iconComposer):
      looks = Self.looks(present: present, iconComposer: iconComposer)
      if !looks.contains(look) { look = .light }
      return .none
    case .fixesFound(let hint):
      fixHint = hint
      return .none
    default:
      break
    }

    // While the alert is up it is modal: only OK (or quitting outright) gets through.
    if alert != nil {
      switch action {
      case .dismissAlert, .choose: alert = nil
      case .quit: outcome = .quit
      default: break
      }
      return .none
    }

    status = nil
    switch action {
    case .moveUp, .moveDown, .moveLeft, .moveRight, .pageUp, .pageDown, .moveToFirst, .moveToLast,
      .moveBy:
      guard !rows.isEmpty else { break }
      let last = rows.count - 1
      switch action {
      case .moveUp: cursor = positionAbove(cursor, last: last)
      case .moveDown: cursor = positionBelow(cursor, last: last)
      case .moveLeft: cursor = cursor == 0 ? last : cursor - 1
      case .moveRight: cursor = cursor == last ? 0 : cursor + 1
      case .pageUp: cursor = max(0, cursor - pageSize)
      case .pageDown: cursor = min(last, cursor + pageSize)
      case .moveToFirst: cursor = 0
      case .moveToLast: cursor = last
      case .moveBy(let delta): cursor = min(max(0, cursor + delta), last)
      default: break
      }
    case .openFilter: openFilter()
    case .typeInFilter(let text): typeInFilter(text)
    case .deleteInFilter: deleteInFilter()
    case .clearFilter: clearFilter()
    case .toggleView:
      view = view == .list ? .grid : .list
      fit(screenSize)
      scrollCursorIntoView()
      return .saveView(view)
    case .cycleAppearance:
      let index = looks.firstIndex(of: look) ?? 0
      look = looks[(index + 1) % looks.count]
    case .pick(let index):
      guard rows.indices.contains(index) else { return .none }
      cursor = index
      scrollCursorIntoView()
      return chooseCursor()
    case .choose:
      return chooseCursor()
    case .quit:
      outcome = .quit
    case .back:
      outcome = canGoBack ? .back : .quit
    default:
      break
    }
    scrollCursorIntoView()
    return .none
  }

  private mutating func chooseCursor() -> PickerEffect {
    guard let index = cursorIndex else { return .none }
    let item = items[index]
    if index == activeIndex {
      status = "\(item.displayName) is already the icon for \(appName); nothing changed."
      return .none
    }
    return .setAlternateIconName(item.isPrimary ? nil : item.name)
  }

  /// Whether the grid is on screen: chosen, and at least one tile fits the window.
  public var showsGrid: Bool { view == .grid && PickerLayout.grid(for: screenSize) != nil }

  /// Sets the page and the grid's shape for a terminal size, in the current view.
  mutating func fit(_ size: TerminalSize) {
    screenSize = size
    if view == .grid, let grid = PickerLayout.grid(for: size) {
      gridColumns = grid.columns
      pageSize = grid.columns * grid.rows
    } else {
      gridColumns = 1
      pageSize = PickerLayout.pageSize(for: size)
    }
  }

  /// Up a row: the same column of the last row from the first (the last item when that row
  /// is short of it). In the list, a row is an item.
  private func positionAbove(_ cursor: Int, last: Int) -> Int {
    let columns = max(1, gridColumns)
    if cursor >= columns { return cursor - columns }
    let target = (last / columns) * columns + cursor
    return target > last ? max(0, target - columns) : target
  }

  /// Down a row: the last item from a row above a short last row, and from the last row the
  /// same column of the first.
  private func positionBelow(_ cursor: Int, last: Int) -> Int {
    let columns = max(1, gridColumns)
    if cursor + columns <= last { return cursor + columns }
    if cursor / columns < last / columns { return last }
    return cursor % columns
  }

  /// Icon Composer's six looks when some icon is a `.icon` bundle (it is drawn in any of them).
  /// Else the looks of the appearances present, which picks their renditions: Light (Any), then
  /// Dark and Tinted Dark (Tinted) when present. The other looks would repeat one of these.
  static func looks(present: Set<IconAppearance>, iconComposer: Bool) -> [IconComposerLook] {
    if iconComposer { return IconComposerLook.allCases }
    return IconAppearance.allCases.filter { $0 == .any || present.contains($0) }
      .map(IconComposerLook.init)
  }

  /// Scrolls by whole rows (of the grid: `scrollTop` is then the first item of a row).
  mutating func scrollCursorIntoView() {
    let columns = max(1, gridColumns)
    let visible = max(1, pageSize / columns)
    let cursorRow = cursor / columns
    var top = scrollTop / columns
    if cursorRow < top { top = cursorRow }
    if cursorRow >= top + visible { top = cursorRow - visible + 1 }
    let rowCount = (rows.count + columns - 1) / columns
    top = min(max(0, top), max(0, rowCount - visible))
    scrollTop = top * columns
  }
}

/// Which preview: an icon at a cell size in a look.
public struct ThumbnailKey: Hashable, Sendable {
  public var name: String
  public var columns: Int
  public var rows: Int
  public var look: IconComposerLook
  /// The appearance whose renditions the look picks.
  public var appearance: IconAppearance { look.appearance }

  public init(name: String, columns: Int, rows: Int, look: IconComposerLook) {
    self.name = name
    self.columns = columns
    self.rows = rows
    self.look = look
  }

  /// In the look of `appearance` (Any is Light, Tinted is Tinted Dark).
  public init(name: String, columns: Int, rows: Int, appearance: IconAppearance) {
    self.init(name: name, columns: columns, rows: rows, look: IconComposerLook(appearance))
  }
}

extension IconComposerLook {
  /// As the title shows it: Icon Composer's names, but Light for its Default (as `show
  /// --appearance light` says), which pairs with Dark and is not read as an icon named Default.
  public var displayName: String {
    switch self {
    case .light: "Light"
    case .dark: "Dark"
    case .tintedDark: "Tinted Dark"
    case .tintedLight: "Tinted Light"
    case .clearLight: "Clear Light"
    case .clearDark: "Clear Dark"
    }
  }
}

extension IconAppearance {
  /// As the title shows it.
  public var displayName: String {
    switch self {
    case .any: "Any"
    case .dark: "Dark"
    case .tinted: "Tinted"
    }
  }
}
