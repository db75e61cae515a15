import Dispatch
import FoundationEssentials
import IconCatalog
import IconRender
import IconState

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal as the picker needs it. The ncurses terminal is one; tests use a fake.
public protocol PickerTerminal: AnyObject {
  var size: TerminalSize { get }
  /// Shows a whole frame; the terminal itself sends only what changed.
  func draw(_ frame: Frame)
  /// Shows a frame and the images it places (`FrameImage`), `pixels` giving each one's pixels.
  /// A terminal that shows no images draws the cells alone (the default).
  func draw(_ frame: Frame, pixels: (PixelPreviewKey) -> RGBAImage?)
  /// Waits up to `timeoutMilliseconds` for a key; nil when none came.
  func nextKey(timeoutMilliseconds: Int) -> PickerKey?
}

extension PickerTerminal {
  public func draw(_ frame: Frame, pixels: (PixelPreviewKey) -> RGBAImage?) { draw(frame) }
}

/// How a picker session ended.
public enum PickerSessionResult: Equatable, Sendable {
  /// `q` or Esc: the model as it was left.
  case quit(activeName: String)
  /// Ctrl-C.
  case interrupted
  /// Esc in a list opened from the target chooser (`PickerModel.canGoBack`): show the chooser.
  case back
  /// A signal arrived (SIGTERM, SIGHUP, SIGINT from outside).
  case signalled(Int32)
}

/// Runs the picker: draw, read a key, apply it, do the work it asks for, repeat.
/// Previews render on a background queue; the screen shows placeholders until they arrive,
/// and keys are read meanwhile.
public struct PickerSession {
  public typealias SetIcon = (String?) throws -> [String]
  /// Renders one preview; called off the drawing thread.
  public typealias RenderThumbnail = @Sendable (ThumbnailKey) -> Thumbnailer.Result
  /// Reads every icon's images for the appearances they have, and whether some icon is an Icon
  /// Composer `.icon` bundle (drawn in all six looks); called off the drawing thread.
  public typealias FindAppearances = @Sendable () -> FoundAppearances
  /// Renders one pixel preview (for terminals that show images); called off the drawing thread.
  public typealias RenderPixelPreview = @Sendable (PixelPreviewKey) -> PixelPreview.Result
  public typealias FoundAppearances = (appearances: Set<IconAppearance>, iconComposer: Bool)
  /// Checks the app and says what `check --fix` could repair (nil: nothing); called off the
  /// drawing thread, once, after the first frame.
  public typealias FindFixes = @Sendable () -> String?

  /// How long a frame after a key waits at most for the previews it shows.
  var previewWait = Duration.milliseconds(20)

  public private(set) var model: PickerModel
  private let terminal: PickerTerminal
  private let setAlternateIconName: SetIcon
  private let pendingSignal: () -> Int32?
  private let renderThumbnail: RenderThumbnail?
  private let findAppearances: FindAppearances?
  private let preferences: PreferenceStore?
  private let renderPixelPreview: RenderPixelPreview?
  private let pixelInbox = Inbox<(PixelPreviewKey, PixelPreview.Result)>()
  private var requestedPixels: Set<PixelPreviewKey> = []
  /// The pixel sizes on screen when pixel previews were last asked for.
  private var shownPixelSizes: Set<PixelSize> = []

  private struct PixelSize: Hashable {
    var width: Int
    var height: Int
    init(_ key: PixelPreviewKey) {
      width = key.width
      height = key.height
    }
  }
  /// Finished previews and the appearance search's finding, handed from background threads.
  private let inbox = Inbox<(ThumbnailKey, Thumbnailer.Result)>()
  private let foundAppearances = Inbox<FoundAppearances>()
  private let findFixes: FindFixes?
  private let foundFixes = Inbox<String?>()
  private var fixSearchStarted = false
  private var appearanceSearchStarted = false
  /// Started and not yet taken: the loop looks for the finding every 2 ms meanwhile.
  private var appearanceSearchPending = false
  /// Renders previews of different icons at once, one per core, in the order asked for.
  private let queue = RenderQueue()
  private var requested: Set<ThumbnailKey> = []
  /// The preview sizes on screen when previews were last asked for.
  private var shownSizes: Set<CellSize> = []

  private struct CellSize: Hashable {
    var columns: Int
    var rows: Int
    init(_ key: ThumbnailKey) {
      columns = key.columns
      rows = key.rows
    }
  }

  /// - Parameters:
  ///   - setAlternateIconName: records a choice (nil = primary) and returns notices for the status line.
  ///   - pendingSignal: a signal that arrived since the last call, if any; checked between keys.
  ///   - renderThumbnail: makes previews; nil keeps the placeholders.
  ///   - findAppearances: for a model made without the icons' images; runs once the first
  ///     screen's previews are in, so it never delays them.
  ///   - preferences: where `v` records the view for the next run; nil forgets it.
  ///   - renderPixelPreview: makes the images of the preview pane and the grid's tiles, when
  ///     `model.graphics` shows images.
  public init(
    model: PickerModel, terminal: PickerTerminal, setAlternateIconName: @escaping SetIcon,
    pendingSignal: @escaping () -> Int32? = { nil }, renderThumbnail: RenderThumbnail? = nil,
    findAppearances: FindAppearances? = nil, preferences: PreferenceStore? = nil,
    renderPixelPreview: RenderPixelPreview? = nil, findFixes: FindFixes? = nil
  ) {
    self.renderPixelPreview = renderPixelPreview
    self.findFixes = findFixes
    self.model = model
    self.terminal = terminal
    self.setAlternateIconName = setAlternateIconName
    self.pendingSignal = pendingSignal
    self.renderThumbnail = renderThumbnail
    self.findAppearances = findAppearances
    self.preferences = preferences
  }

  public mutating func run() -> PickerSessionResult {
    var size = terminal.size
    model.apply(.resize(size))
    var needsDraw = true
    // After a key the frame waits a little for the previews it shows (a cached one comes in
    // well under a millisecond), so a move is drawn once with its preview rather than with a
    // placeholder first and again when the preview lands. The first frame never waits.
    var drawBy: ContinuousClock.Instant?
    while true {
      if let signal = pendingSignal() { return .signalled(signal) }
      for (key, image) in inbox.take() {
        model.apply(.thumbnailReady(key, image.image))
        if let problem = image.problem ?? image.note {
          model.apply(.thumbnailProblem(name: key.name, problem))
        }
        needsDraw = true
      }
      for (key, result) in pixelInbox.take() {
        model.apply(.pixelPreviewReady(key, result.image))
        if let problem = result.problem ?? result.note {
          model.apply(.thumbnailProblem(name: key.name, problem))
        }
        needsDraw = true
      }
      if needsDraw {
        let onScreen = requestThumbnails(size: size)
        let imagesOnScreen = requestPixelPreviews(size: size)
        let previewsComing =
          onScreen.contains { model.thumbnails[$0] == nil }
          || imagesOnScreen.contains {
            model.pixelPreviews[$0] == nil && !model.pixelPreviewFailures.contains($0)
          }
        if let deadline = drawBy, previewsComing, ContinuousClock.now < deadline {
          // Drawn on a later turn, when the previews are in or the time is up.
        } else {
          let previews = model.pixelPreviews
          terminal.draw(PickerLayout.render(model, size: size)) { previews[$0] }
          needsDraw = false
          drawBy = nil
        }
      }
      if let hint = foundFixes.take().last {
        model.apply(.fixesFound(hint))
        if hint != nil { needsDraw = true }
      }
      if let found = foundAppearances.take().last {
        appearanceSearchPending = false
        let before = model.looks
        model.apply(.appearancesFound(found.appearances, iconComposer: found.iconComposer))
        if model.looks != before { needsDraw = true }
      }
      // A short wait keeps signals noticed promptly; shorter while previews or the appearance
      // search are coming (its finding changes the title and footer), and shortest while a
      // frame waits for previews.
      let waiting =
        requested.count > model.thumbnails.count
        || requestedPixels.count > model.pixelPreviews.count + model.pixelPreviewFailures.count
      if !needsDraw && !waiting {
        startAppearanceSearch()
        startFixSearch()
      }
      let timeout = needsDraw ? 1 : waiting || appearanceSearchPending ? 2 : 100
      guard let key = terminal.nextKey(timeoutMilliseconds: timeout) else { continue }
      if case .resize(let newSize) = key { size = newSize }
      guard let action = model.action(for: key, size: size) else { continue }
      let effect = model.apply(action)
      needsDraw = true
      if drawBy == nil { drawBy = .now + previewWait }
      switch effect {
      case .setAlternateIconName(let name):
        do {
          let notices = try setAlternateIconName(name)
          model.apply(.iconChanged(alternateIconName: name, notices: notices))
        } catch {
          model.apply(.changeFailed(message: String(describing: error)))
        }
      case .saveView(let view):
        do throws(IconStateError) {
          try preferences?.save(PickerPreferences(view: view))
        } catch {
          model.apply(.changeFailed(message: "The view is shown but not remembered: \(error)"))
        }
      case .none:
        break
      }
      switch model.outcome {
      case .quit: return .quit(activeName: model.activeItem.name)
      case .interrupted: return .interrupted
      case .back: return .back
      case nil: break
      }
    }
  }

  /// Once, when the first frame is drawn and idle: checks the app in the background.
  private mutating func startFixSearch() {
    guard let findFixes, !fixSearchStarted else { return }
    fixSearchStarted = true
    let inbox = foundFixes
    DispatchQueue.global(qos: .utility).async { inbox.put(findFixes()) }
  }

  /// Once: reads every icon's images in the background for the appearances `a` cycles through.
  private mutating func startAppearanceSearch() {
    guard let findAppearances, !appearanceSearchStarted else { return }
    appearanceSearchStarted = true
    appearanceSearchPending = true
    let inbox = foundAppearances
    DispatchQueue.global(qos: .utility).async { inbox.put(findAppearances()) }
  }

  /// Asks for the previews on screen that are neither ready nor on their way, and forgets
  /// those of sizes no longer shown (after a resize), so memory follows the screen.
  /// Returns the previews on screen (none without `renderThumbnail`).
  private mutating func requestThumbnails(size: TerminalSize) -> [ThumbnailKey] {
    guard let renderThumbnail else { return [] }
    let keys = PickerLayout.thumbnailKeys(model, size: size)
    let sizes = Set(keys.map(CellSize.init))
    // Only after a resize is anything dropped; the check itself must stay cheap per key.
    if sizes != shownSizes {
      shownSizes = sizes
      let keep = Set(model.thumbnails.keys.filter { sizes.contains(CellSize($0)) })
      model.apply(.forgetThumbnails(keep: keep))
      requested = requested.filter { sizes.contains(CellSize($0)) }
    }
    for key in keys where !requested.contains(key) {
      requested.insert(key)
      let inbox = inbox
      queue.async { inbox.put((key, renderThumbnail(key))) }
    }
    return keys
  }
}

extension PickerSession {
  /// The same for pixel previews, where the terminal shows images.
  private mutating func requestPixelPreviews(size: TerminalSize) -> [PixelPreviewKey] {
    guard let renderPixelPreview else { return [] }
    let keys = PickerLayout.pixelPreviewKeys(model, size: size)
    let sizes = Set(keys.map(PixelSize.init))
    // Only when the sizes change (a resize, the view): a filter that matches nothing keeps them.
    if !sizes.isEmpty && sizes != shownPixelSizes {
      shownPixelSizes = sizes
      let keep = Set(model.pixelPreviews.keys.filter { sizes.contains(PixelSize($0)) })
        .union(model.pixelPreviewFailures.filter { sizes.contains(PixelSize($0)) })
      model.apply(.forgetPixelPreviews(keep: keep))
      requestedPixels = requestedPixels.filter { sizes.contains(PixelSize($0)) }
    }
    for key in keys where !requestedPixels.contains(key) {
      requestedPixels.insert(key)
      let inbox = pixelInbox
      queue.async { inbox.put((key, renderPixelPreview(key))) }
    }
    return keys
  }
}

/// What background work finished, handed to the drawing loop, which takes it all at once.
final class Inbox<Item: Sendable>: @unchecked Sendable {
  private let lock = Lock()
  private var items: [Item] = []

  func put(_ item: Item) {
    lock.lock()
    items.append(item)
    lock.unlock()
  }

  func take() -> [Item] {
    lock.lock()
    defer {
      items = []
      lock.unlock()
    }
    return items
  }
}
