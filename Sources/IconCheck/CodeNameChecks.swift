import FoundationEssentials
import IconCatalog

/// `code-name-not-shipped`: a name the app's code passes to the call that changes its icon
/// (`ProjectFacts.codeIconNames`: literals and enum raw values) that the app does not ship. iOS
/// looks the name up among the built app's `CFBundleAlternateIcons` keys, a dictionary's keys, so
/// case counts; the call fails with "The file doesn't exist" (LSApplicationWorkspaceErrorDomain
/// -105), often found only on iPad or in Release.
///
/// One fact, one finding: a name whose set is in the catalogs and left out of the build is
/// `set-not-shipped` (an error there, naming the call), a name declared with no image is
/// `alternate-without-image`, and a name of the target's other platform is that app's.
enum CodeNameChecks {
  /// The most shipped names a message lists.
  static let listedNames = 12

  static func diagnose(_ app: AppIcons, facts: ProjectFacts) -> [Diagnostic] {
    // Whether or not the app ships other alternates: iOS fails the call all the same when it
    // ships none ("The file doesn't exist"). A set it names and leaves out is `set-not-shipped`.
    let shipped = app.alternates.map(\.name)
    let leftOut = facts.iconSets.filter { !facts.shippedSetNames.contains($0) }.map(\.name)
    let otherPlatforms = facts.otherPlatformSetNames.union(
      facts.setsOfOtherPlatforms.map { $0.lowercased() })
    let primary = Set([app.primary.name, app.primary.assetName].compactMap { $0?.lowercased() })
    var reported = Set<String>()
    var found: [Diagnostic] = []
    for code in facts.codeIconNames {
      let name = code.name
      guard !name.isEmpty, code.platforms.contains(app.platform), app.alternate(named: name) == nil,
        !leftOut.contains(name), !otherPlatforms.contains(name.lowercased())
      else { continue }
      // An enum that lists every icon has a case for the primary, which the code sends as nil.
      if code.origin != .literal, primary.contains(name.lowercased()) { continue }
      guard reported.insert("\(code.file.path):\(code.line):\(name)").inserted else { continue }
      found.append(diagnostic(code, shipped: shipped, root: facts.root))
    }
    return found
  }

  private static func diagnostic(_ code: CodeIconName, shipped: [String], root: URL) -> Diagnostic {
    let quoted = "\"" + MessageText.escaped(code.name, quoting: true) + "\""
    let sameButCase = shipped.first { $0.lowercased() == code.name.lowercased() }
    var message = subject(code, root: root) + " names an alternate icon the app does not ship"
    if let sameButCase {
      message +=
        " (it ships \"\(MessageText.escaped(sameButCase, quoting: true))\": names are matched with their case)"
    }
    message += ", so the call fails (\"The file doesn't exist\"); " + ships(shipped)
    let fix: String
    if let sameButCase {
      fix = "Spell it \"\(MessageText.escaped(sameButCase, quoting: true))\", as the app ships it."
    } else {
      let change =
        code.origin == .literal ? "Pass a name the app ships" : "Change it to a name the app ships"
      fix =
        "\(change), or add an app icon set (or .icon) named \(quoted) to the target's catalog and list it in ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES."
    }
    // About the name and the call that passes it: the list of shipped names changes with
    // every icon added.
    return Diagnostic(
      id: .codeNameNotShipped, file: code.file.path, line: code.line, message: message, fix: fix,
      subject: "\(code.name)\u{1F}\(code.callFile.path):\(code.callLine)")
  }

  /// "the app ships: Blue, Red", at most `listedNames` of them.
  static func ships(_ names: [String]) -> String {
    guard !names.isEmpty else { return "the app ships no alternate icon" }
    let listed = names.prefix(listedNames).map { MessageText.escaped($0) }.joined(separator: ", ")
    let more = names.count > listedNames ? " and \(names.count - listedNames) more" : ""
    return "the app ships: \(listed)\(more)"
  }

  /// What passes the name, where the name is written: `setAlternateIconName("Blue")`,
  /// `"Blue", the raw value of AppIcon.blue that setAlternateIconName gets at Settings.swift:42`.
  static func subject(_ code: CodeIconName, root: URL) -> String {
    let quoted = "\"" + MessageText.escaped(code.name, quoting: true) + "\""
    let call = code.call.written("…")
    let at = place(code.callFile, code.callLine, root: root)
    switch code.origin {
    case .literal:
      return code.call.written(quoted)
    case .rawValue(let type, let caseName):
      return
        "\(quoted), the raw value of \(MessageText.escaped(type)).\(MessageText.escaped(caseName)) that \(call) gets at \(at),"
    case .property(let type, let property, let caseName):
      return
        "\(quoted), what \(MessageText.escaped(type)).\(MessageText.escaped(property)) is for .\(MessageText.escaped(caseName)) and \(call) gets at \(at),"
    }
  }

  /// Where the code asks for a name, in words, for another rule's message: `the app's code asks
  /// for it: setAlternateIconName("Blue") at Settings.swift:42`.
  static func describe(_ code: CodeIconName, root: URL) -> String {
    let quoted = "\"" + MessageText.escaped(code.name, quoting: true) + "\""
    let at = place(code.callFile, code.callLine, root: root)
    switch code.origin {
    case .literal:
      return "the app's code asks for it: \(code.call.written(quoted)) at \(at)"
    case .rawValue(let type, let caseName):
      return
        "the app's code asks for it: \(code.call.written("…")) at \(at) passes the raw value of \(MessageText.escaped(type)).\(MessageText.escaped(caseName)), \(quoted)"
    case .property(let type, let property, let caseName):
      return
        "the app's code asks for it: \(code.call.written("…")) at \(at) passes \(MessageText.escaped(type)).\(MessageText.escaped(property)) of .\(MessageText.escaped(caseName)), \(quoted)"
    }
  }

  /// `Sources/Settings.swift:42`, the path relative to the app's folder where it is inside it.
  static func place(_ file: URL, _ line: Int, root: URL) -> String {
    MessageText.path(ProjectChecks.relative(file, to: root)) + ":\(line)"
  }
}
