import FoundationEssentials
import Glibc
import IconCatalog
import IconCheck
import IconRender
import IconState
import PickerScreen
import TerminalGraphics

/// `iconpick [PATH]`: the interactive picker.
struct PickCommand {
  var options: Options
  var environment: [String: String]

  func run() throws -> ExitStatus {
    let context: AppContext
    do {
      context = try loadApp(options)
    } catch let error as IconCatalogError {
      // Several app targets and no --target: the picker asks which (the other commands list them).
      guard case .ambiguousTarget(let project, _) = error else { throw error }
      return try chooseTarget(project: project, ambiguity: error)
    }
    // One target that builds for iOS and tvOS is two apps: the picker asks which, as for two
    // targets (the scripted commands take iOS and say so).
    if options.target == nil, options.platform == nil, !context.app.otherPlatforms.isEmpty,
      let project = try? AppIconReader.projectFile(at: AppContext.appPath(options))
    {
      return try chooseTarget(
        project: project,
        ambiguity: .ambiguousTarget(project: project, targets: [context.app.appName]))
    }
    let choice = try context.switcher.readChoice()

    let graphics = try graphicsSetup()
    SignalTrap.install()
    let terminal = try NcursesTerminal(environment: environment, imageEncoder: graphics.encoder)
    let result = try pick(context, choice: choice, terminal: terminal, graphics: graphics)
    terminal.end()
    return finish(result)
  }

  /// The app the options name, its images deferred.
  func loadApp(_ options: Options) throws -> AppContext {
    // stderr is the terminal the picker is about to take over: warnings go to its status line.
    // Which sets compile to an icon is remembered beside the previews: asked of every set
    // before the first screen, it costs a stat a set instead of a decoding.
    try AppContext.load(
      options, environment: environment, reportingWarnings: false, deferringImages: true,
      contentCache: SetContentCache(
        directory: ThumbnailCache.defaultDirectory(environment: environment)))
  }

  /// Runs the icon list on `terminal` until it is left; `canGoBack` when the target chooser
  /// opened it, so Esc returns there.
  func pick(
    _ context: AppContext, choice: (alternateIconName: String?, notice: StateNotice?),
    terminal: NcursesTerminal, graphics: GraphicsSetup? = nil, canGoBack: Bool = false,
    readOptions: Options? = nil
  ) throws -> PickerSessionResult {
    let app = context.app
    let images = context.images
    let switcher = context.switcher
    let preferences = PreferenceStore.file(directory: context.stateDirectory)
    var model = PickerModel(
      app: app, activeName: choice.alternateIconName, glyphs: terminal.glyphs, size: terminal.size,
      status: startStatus(
        app: app, notice: choice.notice ?? switcher.unusableBundleIdentifier,
        demo: context.demo),
      view: preferences.load().view)
    model.canGoBack = canGoBack
    if let graphics, graphics.encoder != nil {
      model.graphics = PickerGraphics(
        graphicsProtocol: graphics.graphicsProtocol, cellPixels: graphics.cellPixels)
    }
    let thumbnailer = Thumbnailer(
      mode: try pickerColorMode(terminal), ascii: !terminal.glyphs.isUnicode,
      cache: ThumbnailCache(directory: ThumbnailCache.defaultDirectory(environment: environment)))
    let ascii = !terminal.glyphs.isUnicode
    let cache = thumbnailer.cache
    let icons = Dictionary(
      app.allIcons.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var findAppearances: PickerSession.FindAppearances?
    if let images {
      findAppearances = {
        // The second scan reads no file: each icon's images were read once, by the first.
        (images.appearances(of: app), images.hasIconComposerIcon(app))
      }
    }
    var session = PickerSession(
      model: model, terminal: terminal,
      setAlternateIconName: { name in try switcher.setAlternateIconName(name).map(\.description) },
      pendingSignal: SignalTrap.take,
      renderThumbnail: { key in
        guard let icon = icons[key.name] else {
          return Thumbnailer.Result(
            image: IconRenderer.placeholder(columns: key.columns, rows: key.rows, label: "?"))
        }
        // Only now is this icon's set read: a broken one costs its preview, not the picker.
        let withImages: AppIcon
        do throws(IconCatalogError) {
          withImages = try images?.withRenditions(icon) ?? icon
        } catch {
          return Thumbnailer.Result(
            image: IconRenderer.placeholder(
              columns: key.columns, rows: key.rows, label: "?", ascii: ascii),
            problem: error.description)
        }
        return thumbnailer.thumbnail(
          for: withImages, columns: key.columns, rows: key.rows, appearance: key.appearance,
          look: key.look)
      },
      findAppearances: findAppearances, preferences: preferences,
      renderPixelPreview: { key in
        guard let icon = icons[key.name] else {
          return PixelPreview.Result(image: nil, problem: "\(key.name) is not in the app")
        }
        do throws(IconCatalogError) {
          let withImages = try images?.withRenditions(icon) ?? icon
          return PixelPreview.render(
            withImages, width: key.width, height: key.height, appearance: key.appearance,
            look: key.look, cache: cache)
        } catch {
          return PixelPreview.Result(image: nil, problem: error.description)
        }
      }, findFixes: fixSearch(app, options: readOptions ?? options))
    return session.run()
  }

  /// What the footer says the app has for `check --fix`: its errors with a safe fix, counted
  /// by a check made in the background after the first frame. None for a built app.
  func fixSearch(_ app: AppIcons, options: Options) -> PickerSession.FindFixes? {
    guard !app.isBuiltArtifact, let path = try? AppContext.appPath(options) else { return nil }
    let (target, configuration, platform) = (options.target, options.configuration, app.platform)
    return {
      guard
        let (app, facts) = try? AppIconReader.readWithFacts(
          at: path, target: target, configuration: configuration, platform: platform)
      else { return nil }
      let fixable = Checker.diagnose(app, facts: facts).filter {
        $0.severity == .error && $0.autofix?.safety == .safe
      }
      guard !fixable.isEmpty else { return nil }
      let errors = fixable.count == 1 ? "1 error" : "\(fixable.count) errors"
      return "\(errors) fixable: iconpick check --fix"
    }
  }

  /// How previews reach the screen: `--graphics`, else `ICONPICK_GRAPHICS`, else auto, which
  /// asks the terminal on /dev/tty before curses starts (cells when it answers nothing).
  func graphicsSetup() throws -> GraphicsSetup {
    let request = try GraphicsRequest.resolve(flag: options.graphics, environment: environment)
    let tty = request == .forced(.cells) ? -1 : open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    defer { if tty >= 0 { close(tty) } }
    guard tty >= 0 else {
      return GraphicsDetection.decide(
        request: .forced(.cells), capabilities: nil, environment: environment, isTerminal: false)
    }
    return GraphicsDetection.detect(request: request, environment: environment, descriptor: tty)
  }

  /// The exit status of a picker that ended (the terminal given back first).
  func finish(_ result: PickerSessionResult) -> ExitStatus {
    switch result {
    case .quit(let activeName):
      // Piped or captured: hand the result to the next program.
      if isatty(STDOUT_FILENO) == 0 { print(MessageText.escaped(activeName)) }
      return .success
    case .back:
      return .success
    case .interrupted:
      return .signalled(SIGINT)
    case .signalled(let signal):
      return .signalled(signal)
    }
  }

  /// `--color`, NO_COLOR, COLORTERM and terminfo decide; ncurses can send 24-bit colour only
  /// where terminfo numbers colours by RGB, so elsewhere the palette stands in.
  private func pickerColorMode(_ terminal: NcursesTerminal) throws -> ColorMode {
    let capability = terminal.colorCapability
    let mode = try ColorMode.detect(
      flag: options.color, environment: environment, terminfoColors: capability.colors,
      terminfoHasRGB: capability.direct)
    guard mode == .truecolor, !capability.direct else { return mode }
    return ColorMode.palette(colors: capability.colors)
  }

  /// What the status line says at start: the reading's warnings, the choice's notice, and, without
  /// a bundle identifier, that the icons can be looked at but not chosen.
  private func startStatus(app: AppIcons, notice: StateNotice?, demo: URL?) -> String? {
    var browsing: [String] = []
    // First, so a narrow status line still says it.
    let demoLine =
      demo.map {
        [
          "This is the demo app: no app in \(FileManager.default.currentDirectoryPath) or above it; iconpick PATH opens yours (the demo: \($0.path))."
        ]
      } ?? []
    if app.bundleIdentifier == nil {
      browsing.append(
        "No bundle identifier: the icons can be looked at, not chosen. "
          + (app.bundleIdentifierProblem ?? ""))
    }
    let lines =
      demoLine + app.warnings + app.notes + browsing + [notice?.description].compactMap { $0 }
    return lines.isEmpty ? nil : lines.joined(separator: " ")
  }
}
