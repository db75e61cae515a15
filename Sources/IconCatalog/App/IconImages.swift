import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The images of an app's icons, read when asked for. Reading every Contents.json of an app with
/// thousands of icons takes longer than people wait for a first screen; the picker lists the names
/// at once (`AppIconReader.readDeferringImages`) and reads only the images of the icons it draws.
public struct IconImages: Sendable {
  /// Where one icon's images are: its asset in the catalogs, and the loose files it names.
  struct ImageSource: Sendable {
    var assetName: String?
    var iconFiles: [String]
  }

  private let catalogs: AssetCatalogs
  private let sources: [String: ImageSource]
  /// Nil when no icon names loose files, so no folder is searched.
  private let looseFiles: LooseFilesOnce?
  /// Each icon's images are read once: the picker asks again for every preview size and after
  /// every move.
  private let read = ReadOnce()

  /// - Parameter searchLooseFiles: finds the files `CFBundleIconFiles` names (the app's folder
  ///   for a project, the bundle's top level for a built app); called at most once.
  init(
    names: IconNames, catalogs: AssetCatalogs,
    searchLooseFiles: @escaping @Sendable () -> LooseIconFiles
  ) {
    var sources: [String: ImageSource] = [:]
    for (name, source) in names.imageSources {
      sources[name] = ImageSource(
        assetName: source.assetName, iconFiles: source.declaration.iconFiles)
    }
    self.catalogs = catalogs
    self.sources = sources
    looseFiles = names.needsLooseFiles ? LooseFilesOnce(search: searchLooseFiles) : nil
  }

  /// The renditions `AppIconReader.read` would have given this icon; none for a name this app
  /// does not have. Safe to call from several threads.
  public func renditions(of icon: AppIcon) throws(IconCatalogError) -> [IconRendition] {
    if let known = read.result(for: icon.name) { return try known.get() }
    let result = Result { () throws(IconCatalogError) -> [IconRendition] in
      try reading(icon)
    }
    read.store(result, for: icon.name)
    return try result.get()
  }

  private func reading(_ icon: AppIcon) throws(IconCatalogError) -> [IconRendition] {
    guard let wanted = sources[icon.name] else { return [] }
    var found: [IconRendition] = []
    if let asset = wanted.assetName {
      for set in catalogs.iconSets(named: asset) { found += try catalogs.renditions(of: set) }
    }
    if !wanted.iconFiles.isEmpty, let looseFiles {
      found += looseFiles.value.renditions(for: wanted.iconFiles)
    }
    return found
  }

  /// `icon` with its renditions filled in.
  public func withRenditions(_ icon: AppIcon) throws(IconCatalogError) -> AppIcon {
    var icon = icon
    icon.renditions = try renditions(of: icon)
    return icon
  }

  /// The appearances (Any, Dark, Tinted) that some icon of `app` has renditions for, read on all
  /// cores. An icon whose images cannot be read adds none; its preview says why.
  public func appearances(of app: AppIcons) -> Set<IconAppearance> {
    let found = ConcurrentMap.map(app.allIcons) { icon in
      Set(((try? renditions(of: icon)) ?? []).map(\.appearance))
    }
    return found.reduce(into: []) { $0.formUnion($1) }
  }

  /// True when some icon of `app` is an Icon Composer `.icon` bundle. An icon whose images cannot
  /// be read counts as not one.
  public func hasIconComposerIcon(_ app: AppIcons) -> Bool {
    app.allIcons.contains { icon in
      ((try? renditions(of: icon)) ?? []).contains { $0.kind == .iconComposer }
    }
  }

  /// Every icon of `app` with its renditions, read on all cores.
  public func withRenditions(_ app: AppIcons) throws(IconCatalogError) -> AppIcons {
    let icons = app.allIcons
    let results = ConcurrentMap.map(icons) { icon in
      Result { () throws(IconCatalogError) -> AppIcon in try withRenditions(icon) }
    }
    var read = app
    read.primary = try results[0].get()
    read.alternates = []
    read.alternates.reserveCapacity(icons.count - 1)
    for result in results.dropFirst() { read.alternates.append(try result.get()) }
    return read
  }
}

/// What reading each icon's images gave, by icon name, shared by the threads that ask.
private final class ReadOnce: @unchecked Sendable {
  private let lock = Lock()
  private var results: [String: Result<[IconRendition], IconCatalogError>] = [:]

  func result(for name: String) -> Result<[IconRendition], IconCatalogError>? {
    lock.lock()
    defer { lock.unlock() }
    return results[name]
  }

  func store(_ result: Result<[IconRendition], IconCatalogError>, for name: String) {
    lock.lock()
    results[name] = result
    lock.unlock()
  }
}

/// The loose icon files, searched for once, by whichever thread asks first.
final class LooseFilesOnce: @unchecked Sendable {
  private let search: @Sendable () -> LooseIconFiles
  private let lock = Lock()
  private var found: LooseIconFiles?

  init(search: @escaping @Sendable () -> LooseIconFiles) { self.search = search }

  var value: LooseIconFiles {
    lock.lock()
    defer { lock.unlock() }
    if let found { return found }
    let searched = search()
    found = searched
    return searched
  }
}
