import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What Xcode hands over besides a bare `.app`: an `.ipa` (a zip holding `Payload/NAME.app`, or
/// `FOLDER/Payload/NAME.app` inside one wrapper folder, read in place through `ArchivedFiles`,
/// never unpacked), a `.zip` holding one `NAME.app` at its top (as UI-testing tools keep
/// simulator builds), and an `.xcarchive` (a folder holding `Products/Applications/NAME.app`).
/// Each is read as the one app inside it; apps nested in that app (watch apps, extensions, App
/// Clips) are left out with a note.
enum BuiltArtifact {
  /// An `.ipa` file, a `.zip` file holding an app, or an `.xcarchive` folder.
  static func isArtifact(_ path: URL) -> Bool {
    var isFolder = false
    guard ReadDisk.exists(path.path, isFolder: &isFolder) else {
      return false
    }
    switch path.pathExtension.lowercased() {
    case "ipa": return !isFolder
    case "zip": return !isFolder && zipHoldsApp(path)
    case "xcarchive": return isFolder
    default: return false
    }
  }

  static func readDeferringImages(at path: URL) throws(IconCatalogError) -> (
    icons: AppIcons, images: IconImages
  ) {
    switch path.pathExtension.lowercased() {
    case "ipa": return try readIPA(path)
    case "zip": return try readIPA(path, isZip: true)
    default: return try BuiltApp.readDeferringImages(at: archivedApp(path))
    }
  }

  /// True when the zip at `path` holds an app where iconpick looks for one: a `NAME.app` at its
  /// top, or `Payload/NAME.app` (at the top or inside a folder). Any other zip (or a file that
  /// is not a zip, or not a regular file) is not a built app, and is refused as any other path.
  static func zipHoldsApp(_ path: URL) -> Bool {
    // libzip opens the file with stdio, which a FIFO would hold up forever.
    guard let opened = try? RegularFile.open(path.path) else { return false }
    close(opened.descriptor)
    guard let opener = ArchivedFiles.opener, let access = try? opener(path) else { return false }
    return access.entries.contains { entry in
      let components = entry.name.split(separator: "/", omittingEmptySubsequences: false)
      guard components.count >= 2, components[0] != macResourceFolder else { return false }
      return components[0].hasSuffix(".app")
        || (components[0] == "Payload" && components.count >= 3 && components[1].hasSuffix(".app"))
        || (components.count >= 4 && components[1] == "Payload"
          && components[2].hasSuffix(".app"))
    }
  }

  /// The folder of resource forks the Finder's "Compress" adds to a zip
  /// (`__MACOSX/App/._Info.plist`): never the app.
  static let macResourceFolder = "__MACOSX"

  // MARK: .xcarchive

  /// The app of an `.xcarchive`: the one its Info.plist's `ApplicationProperties` →
  /// `ApplicationPath` names (under `Products/`), else the only `.app` in
  /// `Products/Applications`.
  static func archivedApp(_ archive: URL) throws(IconCatalogError) -> URL {
    let products = archive.appendingPathComponent("Products", isDirectory: true)
    let plist = archive.appendingPathComponent("Info.plist", isDirectory: false)
    // Everything read must lie inside the archive where it resolves, not only where its path
    // says: a `Products` linked to `/` would otherwise read an app elsewhere on disk.
    if let outside = ArtifactContainment.escape(of: plist.path, from: archive.path) {
      throw .badArtifact(
        file: plist.path, reason: ArtifactContainment.leaving("archive", to: outside))
    }
    if ReadDisk.exists(plist.path) {
      let root = try PropertyListFile.readDictionary(plist, limit: FileLimits.infoPlist)
      if let properties = root["ApplicationProperties"] as? [String: Any],
        let relative = properties["ApplicationPath"] as? String
      {
        let components = relative.split(separator: "/")
        guard !relative.hasPrefix("/"), !components.contains(".."), !components.isEmpty else {
          throw .badArtifact(
            file: plist.path,
            reason: "ApplicationPath \"\(relative)\" leaves the archive: fix or rebuild the archive"
          )
        }
        let app = products.appendingPathComponent(relative, isDirectory: true)
        guard ReadDisk.exists(app.path) else {
          throw .badArtifact(
            file: plist.path,
            reason:
              "ApplicationPath names Products/\(relative), which is not there: archive the app again"
          )
        }
        if let outside = ArtifactContainment.escape(of: app.path, from: archive.path) {
          throw .badArtifact(
            file: plist.path,
            reason:
              "ApplicationPath names Products/\(relative), "
              + ArtifactContainment.leaving("archive", to: outside) + ": refusing it")
        }
        return app
      }
    }
    let applications = products.appendingPathComponent("Applications", isDirectory: true)
    let apps = (ReadDisk.names(inFolder: applications.path) ?? [])
      .filter { $0.hasSuffix(".app") }.sorted()
    guard apps.count == 1 else {
      throw .badArtifact(
        file: archive.path,
        reason: apps.isEmpty
          ? "no app in Products/Applications: archive an app target (a framework or library archive has none)"
          : "several apps in Products/Applications (\(apps.joined(separator: ", "))): give the path of one"
      )
    }
    let app = applications.appendingPathComponent(apps[0], isDirectory: true)
    if let outside = ArtifactContainment.escape(of: app.path, from: archive.path) {
      throw .badArtifact(
        file: app.path, reason: ArtifactContainment.leaving("archive", to: outside))
    }
    return app
  }

  // MARK: .ipa

  /// The most an Info.plist in an archive may hold.
  static let infoPlistLimit = FileLimits.infoPlist.bytes

  static func readIPA(_ ipa: URL, isZip: Bool = false) throws(IconCatalogError) -> (
    icons: AppIcons, images: IconImages
  ) {
    // libzip opens the file with stdio, which a FIFO would hold up forever.
    do {
      close(try RegularFile.open(ipa.path).descriptor)
    } catch {
      throw .badArtifact(file: ipa.path, reason: error.reason)
    }
    let access: ArchiveAccess
    do {
      access = try ArchivedFiles.open(ipa)
    } catch {
      throw .badArtifact(file: ipa.path, reason: error.reason)
    }
    let names = access.entries.map(\.name)
    let (app, notes) = try locateApp(names, ipa: ipa.path, isZip: isZip)
    let appURL = ipa.appendingPathComponent(app, isDirectory: true)
    let plistName = app + "/Info.plist"
    guard let plistIndex = names.firstIndex(of: plistName) else {
      throw .badArtifact(
        file: ipa.path,
        reason: "\(app) has no Info.plist: not a built app; export the archive again")
    }
    let plistURL = ipa.appendingPathComponent(plistName, isDirectory: false)
    let bytes: [UInt8]
    do {
      bytes = try access.read(plistIndex, infoPlistLimit)
    } catch {
      throw .badArtifact(file: plistURL.path, reason: error.reason)
    }
    guard let root = try PropertyListFile.parse(Data(bytes), file: plistURL) as? [String: Any]
    else {
      throw .unreadablePlist(file: plistURL.path, reason: "the top level is not a dictionary")
    }
    // The PNGs at the app's top, where iOS looks for CFBundleIconFiles.
    let prefix = app + "/"
    let pngs = names.filter {
      $0.hasPrefix(prefix) && $0.lowercased().hasSuffix(".png")
        && !$0.dropFirst(prefix.count).contains("/")
    }.map { ipa.appendingPathComponent($0, isDirectory: false) }
    var read = try BuiltApp.icons(
      app: appURL, infoPlist: InfoPlist(file: plistURL, root: root),
      looseFiles: { LooseIconFiles(files: pngs) })
    read.icons.notes += notes
    return read
  }

  /// The one `Payload/NAME.app` of an `.ipa`'s entry names, and notes on the apps nested in it.
  /// `Payload/` may sit inside one wrapper folder that holds every entry (`App/Payload/App.app`,
  /// as a zip of the folder holding `Payload/` has it); `__MACOSX/` (the Finder's resource forks)
  /// is passed over. In a `.zip` (`isZip`), one `NAME.app` at the top is the app too.
  /// Refused: a name that climbs out of the archive (`..`, or an absolute path), no app, several
  /// apps, `Payload/` deeper than one folder or beside other entries, or a zip inside the zip
  /// instead of an app.
  static func locateApp(_ names: [String], ipa: String, isZip: Bool = false)
    throws(IconCatalogError) -> (app: String, notes: [String])
  {
    var apps = Set<String>()
    var zips: [String] = []
    // `FOLDER/Payload/NAME.app`, the first folders of every entry, and `NAME.app` at the top.
    var wrapped = Set<String>()
    var tops = Set<String>()
    var topApps = Set<String>()
    for name in names {
      let components = name.split(separator: "/", omittingEmptySubsequences: false)
      if name.hasPrefix("/") || name.hasPrefix("\\") || components.contains("..")
        || name.split(separator: "\\").contains("..")
      {
        throw .badArtifact(
          file: ipa,
          reason:
            "an entry named \"\(name)\" climbs out of the archive (an absolute path or ..), which no real .ipa has: refusing it"
        )
      }
      if components[0] == macResourceFolder { continue }
      tops.insert(String(components[0]))
      if components.count >= 3, components[0] == "Payload", components[1].hasSuffix(".app") {
        apps.insert("Payload/\(components[1])")
      }
      if components.count >= 4, components[1] == "Payload", components[2].hasSuffix(".app") {
        wrapped.insert("\(components[0])/Payload/\(components[2])")
      }
      if isZip, components.count >= 2, components[0].hasSuffix(".app") {
        topApps.insert(String(components[0]))
      }
      let lower = name.lowercased()
      if components.count == 1, lower.hasSuffix(".ipa") || lower.hasSuffix(".zip") {
        zips.append(name)
      }
    }
    // Payload/ inside one folder that holds everything; else, in a .zip, the apps at its top.
    if apps.isEmpty, tops.count == 1 { apps = wrapped }
    let atTop = apps.isEmpty && isZip && !topApps.isEmpty
    if atTop { apps = topApps }
    guard apps.count == 1, let app = apps.first else {
      if apps.count > 1, atTop {
        throw .badArtifact(
          file: ipa,
          reason:
            "several apps at the top of this zip (\(apps.sorted().joined(separator: ", "))): a zip of a built app holds exactly one"
        )
      }
      if apps.count > 1 {
        throw .badArtifact(
          file: ipa,
          reason:
            "several apps in Payload/ (\(apps.sorted().joined(separator: ", "))): an .ipa holds exactly one"
        )
      }
      if let zip = zips.first {
        throw .badArtifact(
          file: ipa,
          reason:
            "a zip inside the zip (\(zip)) and no Payload/NAME.app: unzip the outer archive and give the .ipa inside"
        )
      }
      // A zip of the folder holding Payload/ (`App/Payload/App.app`) is a common slip.
      if let wrapped = names.first(where: { $0.contains("/Payload/") && !$0.hasPrefix("__MACOSX/") }
      ) {
        let folder = wrapped.components(separatedBy: "/Payload/")[0]
        throw .badArtifact(
          file: ipa,
          reason:
            "Payload/ is inside the folder \(folder)/, not at the top of the zip: zip the Payload folder itself (cd \(folder) && zip -r ../App.ipa Payload)"
        )
      }
      throw .badArtifact(
        file: ipa, reason: "no Payload/NAME.app in this zip: not an app archive (.ipa)")
    }
    let inside = names.compactMap { name -> String? in
      name.hasPrefix(app + "/") ? String(name.dropFirst(app.count + 1)) : nil
    }
    return (app, notes(nestedIn: "\(ipa)/\(app)", names: inside))
  }

  /// Folders of an app that hold other bundles, with what each is.
  static let nestedFolders = ["Watch", "PlugIns", "Extensions", "AppClips"]
  private static let kinds = [
    "Watch": "a watch app", "PlugIns": "an app extension", "Extensions": "an app extension",
    "AppClips": "an App Clip",
  ]

  /// One note per bundle nested in the app (`Watch/W.app`, `PlugIns/E.appex`…), from paths
  /// relative to the app.
  static func notes(nestedIn app: String, names: [String]) -> [String] {
    var seen = Set<String>()
    var notes: [String] = []
    for name in names {
      let components = name.split(separator: "/")
      guard components.count >= 2, let kind = kinds[String(components[0])],
        components[1].hasSuffix(".app") || components[1].hasSuffix(".appex")
      else { continue }
      let bundle = "\(components[0])/\(components[1])"
      guard seen.insert(bundle).inserted else { continue }
      notes.append("\(app)/\(bundle): \(kind), left out: only the app's own icons are read")
    }
    return notes
  }
}
