import FoundationEssentials
import Glibc
import IconCatalog
import IconState
import PickerScreen

extension PickCommand {
  /// Several app targets can have alternate icons and `--target` chose none: the picker opens on
  /// a first screen listing them (name, platform, number of icons). Enter opens one's icons on the
  /// same terminal; Esc there comes back here; q quits from either.
  /// `ambiguity` is the error the reading gave, reported as it was if the list does not have several targets.
  func chooseTarget(project: String, ambiguity: IconCatalogError) throws -> ExitStatus {
    let path = try AppContext.appPath(options)
    let targets = try AppIconReader.appTargetSummaries(
      at: path, configuration: options.configuration)
    guard targets.count > 1 else { throw ambiguity }
    let projectName = URL(fileURLWithPath: project).deletingPathExtension().lastPathComponent

    let graphics = try graphicsSetup()
    SignalTrap.install()
    let terminal = try NcursesTerminal(environment: environment, imageEncoder: graphics.encoder)
    defer { terminal.end() }
    var chooser = TargetChooserSession(
      model: TargetChooserModel(
        projectName: projectName, targets: targets, glyphs: terminal.glyphs, size: terminal.size),
      terminal: terminal, pendingSignal: SignalTrap.take)
    while true {
      switch chooser.run() {
      case .quit:
        return .success
      case .interrupted:
        return .signalled(SIGINT)
      case .signalled(let signal):
        return .signalled(signal)
      case .open(let name):
        var chosen = options
        chosen.target = name
        chosen.platform = chooser.model.cursorTarget?.platform
        let context: AppContext
        let choice: (alternateIconName: String?, notice: StateNotice?)
        do {
          context = try loadApp(chosen)
          choice = try context.switcher.readChoice()
        } catch {
          // Read when listed, so rare: the file changed since. The chooser says why.
          let label = chooser.model.cursorTarget?.label ?? name
          chooser.returned(status: "\(label) cannot be opened: \(error)")
          continue
        }
        let result = try pick(
          context, choice: choice, terminal: terminal, graphics: graphics, canGoBack: true,
          readOptions: chosen)
        if result == .back {
          chooser.returned()
          continue
        }
        terminal.end()
        return finish(result)
      }
    }
  }
}
