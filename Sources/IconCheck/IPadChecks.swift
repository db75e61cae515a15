import FoundationEssentials
import IconCatalog

/// `missing-ipad-declaration`: an alternate that iOS knows on iPhone but not on iPad, in an app
/// that runs on iPad. It reads only the app model's built icon dictionaries and device families,
/// the same answer `list --json`'s idioms and the picker's "iPhone only" come from, so it runs the
/// same on a prediction and on a built app.
enum IPadChecks {
  static func diagnose(_ app: AppIcons) -> [Diagnostic] {
    guard app.deviceFamilies.contains(2) else { return [] }
    let dictionaries = app.iconDictionaries
    let iPhone = dictionaries.dictionary(forIdiom: "iphone")
    let iPad = dictionaries.dictionary(forIdiom: "ipad")
    // Looked up by name, and decided once: an app can have thousands of alternates.
    let iPhoneEntries = Dictionary(
      (iPhone?.alternates ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let iPadIsWritten =
      iPad.map { ([$0.primary].compactMap { $0 } + $0.alternates).contains(where: \.isWritten) }
      ?? false
    return app.alternates.filter { $0.idioms.contains("iphone") && app.isMissingOnIPad($0) }.map {
      icon in
      let name = MessageText.escaped(icon.name)
      let entry = iPhoneEntries[icon.name]
      var file: String?
      var line: Int?
      var within: String?
      var autofix: IconFix?
      if case .infoPlist(let plist, let at, let keyPath)? = entry?.origin {
        // Written in a project's Info.plist: the entry is there to copy.
        if !app.isBuiltArtifact { autofix = .declareForIPad(plist: plist, name: icon.name) }
        (file, line) = (plist, at)
        // A built app's binary plist has no lines: its key path says where.
        if app.isBuiltArtifact, at == nil { within = BuiltAppChecks.keyPathText(keyPath) }
      }
      let declaredIn = iPhone?.key ?? BuiltIconDictionaries.baseKey
      let iPadKey = iPad?.key ?? BuiltIconDictionaries.baseKey + "~ipad"
      let why =
        !iPadIsWritten && !app.isBuiltArtifact
        ? "; the build writes \(iPadKey) (the asset catalog compiler does, for an app that runs on iPad) without it"
        : ""
      return Diagnostic(
        id: .missingIPadDeclaration, file: file, line: line, within: within,
        message:
          "alternate icon \"\(name)\" is declared in \(declaredIn) but not in \(iPadKey), and the app runs on iPad, where setAlternateIconName(\"\(name)\") fails\(why)",
        fix: (app.isBuiltArtifact ? "In the project, add " : "Add ")
          + "\"\(name)\" under CFBundleIcons~ipad → CFBundleAlternateIcons, or list it in ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES instead"
          + (app.isBuiltArtifact ? ", then build again." : "."),
        autofix: autofix,
        // About the icon: the message's reason changes once any change writes the ~ipad
        // dictionary, which does not declare this icon for iPad.
        subject: icon.name
      )
    }
  }
}
