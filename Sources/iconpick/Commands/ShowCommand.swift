import FoundationEssentials
import Glibc
import IconCatalog
import IconRender
import IconState
import PickerScreen
import TerminalGraphics

/// `iconpick show [NAME] [PATH] [--size COLSxROWS] [--color MODE] [--appearance A]
/// [--graphics KIND]`: an icon's preview on stdout as escape sequences, for scripts and
/// documentation: the icon's pixels where the terminal shows images (kitty, iTerm2, sixel), else
/// cells; with `--output FILE.png [--pixels N]`, the icon as a PNG instead.
struct ShowCommand {
  var options: Options
  var environment: [String: String]

  func run() throws -> ExitStatus {
    // Only the shown icon's images are read: the others' sets are not opened.
    let context = try AppContext.load(options, environment: environment, deferringImages: true)
    let app = context.app
    let named: AppIcon
    if let name = options.iconName {
      guard let found = app.allIcons.first(where: { $0.name == name }) else {
        throw context.unknownIcon(name)
      }
      named = found
    } else {
      named = try context.switcher.activeIcon()
    }
    let icon = try context.images?.withRenditions(named) ?? named
    let appearance = options.appearance ?? .any
    if let output = options.output {
      return try export(icon, of: app, appearance: appearance, to: output)
    }
    let size = options.size ?? (columns: 24, rows: 12)
    let request: GraphicsRequest
    do {
      request = try GraphicsRequest.resolve(flag: options.graphics, environment: environment)
    } catch {
      IconpickCommand.printError(error.description)
      return .usage
    }
    if request != .forced(.cells) {
      let setup = ShowImage.setup(request: request, environment: environment)
      if let encoder = setup.encoder {
        return try showImage(
          icon, of: app, encoder: encoder, cell: setup.cellPixels, size: size,
          appearance: appearance)
      }
    }
    let mode = try colorMode()
    let thumbnailer = Thumbnailer(
      mode: mode, ascii: !LocaleGlyphs.isUTF8,
      cache: ThumbnailCache(directory: ThumbnailCache.defaultDirectory(environment: environment)))
    let result = thumbnailer.thumbnail(
      for: icon, columns: size.columns, rows: size.rows, appearance: appearance, look: options.look)
    print(AnsiWriter.ansi(result.image, mode: mode), terminator: "")
    if let note = result.note { IconpickCommand.printWarning(note) }
    if let problem = result.problem {
      IconpickCommand.printError(problem)
      return .failure
    }
    return .success
  }

  /// Writes `icon`'s pixels with `encoder` at the cursor, covering `size` cells of `cell`
  /// pixels, and leaves the cursor at the start of the line below, as the cells drawing does.
  private func showImage(
    _ icon: AppIcon, of app: AppIcons, encoder: any TerminalImageEncoder, cell: CellPixelSize,
    size: (columns: Int, rows: Int), appearance: IconAppearance
  ) throws -> ExitStatus {
    if !icon.renditions.contains(where: { $0.file != nil }) {
      IconpickCommand.printError(Self.noImage(icon, of: app))
      return .failure
    }
    if encoder.graphicsProtocol == .sixel {
      do {
        try SixelEncoder.requireLibrary()
      } catch {
        IconpickCommand.printError(error.description)
        return .failure
      }
    }
    // The picker's preview pane draws the same pixels (PixelPreview), at the cells' pixel size.
    let drawing = PixelPreview.render(
      icon, width: size.columns * cell.width, height: size.rows * cell.height,
      appearance: appearance, look: options.look,
      cache: ThumbnailCache(directory: ThumbnailCache.defaultDirectory(environment: environment)))
    guard let image = drawing.image else {
      IconpickCommand.printError(drawing.problem ?? "\(icon.name): the icon could not be drawn")
      return .failure
    }
    ShowImage.write(
      ShowImage.bytes(image, encoder: encoder, columns: size.columns, rows: size.rows))
    if let note = drawing.note { IconpickCommand.printWarning(note) }
    return .success
  }

  /// Writes `icon` as an N × N PNG; on failure nothing is written and the reason names the file.
  private func export(
    _ icon: AppIcon, of app: AppIcons, appearance: IconAppearance, to output: String
  ) throws -> ExitStatus {
    let pixels = options.pixels ?? 1024
    if !icon.renditions.contains(where: { $0.file != nil }) {
      IconpickCommand.printError(Self.noImage(icon, of: app))
      return .failure
    }
    do {
      let drawing = try IconExport.export(
        for: icon, appearance: appearance, pixels: pixels, masked: options.square ? false : nil,
        look: options.look)
      for note in drawing.approximations { IconpickCommand.printWarning(note) }
      try PNGWriter.write(drawing.image, to: URL(fileURLWithPath: output))
      return .success
    } catch {
      IconpickCommand.printError(error.description)
      return .failure
    }
  }

  /// Why `icon` has nothing to export, naming the app it was looked for in; for a built app whose
  /// `Assets.car` cannot be read, that reason (it names the car).
  static func noImage(_ icon: AppIcon, of app: AppIcons) -> String {
    if app.isBuiltArtifact {
      do { _ = try app.compiledAssetCatalog() } catch { return error.description }
    }
    return
      "\(MessageText.path(app.location.path)): \"\(MessageText.escaped(icon.name))\" has no image "
      + "file iconpick can draw: no icon set or loose file of the app holds one"
  }

  /// `--color`, then NO_COLOR, COLORTERM and terminfo, as the picker decides.
  private func colorMode() throws -> ColorMode {
    let term = environment["TERM"] ?? ""
    let terminfo = term.isEmpty ? nil : NcursesTerminal.terminfoColors(term: term)
    return try ColorMode.detect(
      flag: options.color, environment: environment, terminfoColors: terminfo?.colors ?? 0,
      terminfoHasRGB: terminfo?.direct ?? false)
  }
}
