import FoundationEssentials
import IconCatalog
import IconRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The sizes of an icon declared with `CFBundleIconFiles` (loose PNGs, no asset catalog), made
/// from its largest file and named as its files are (`LooseIconWriter.Naming`).
enum LooseIconSizes {
  /// What making the sizes came to.
  struct Outcome {
    /// The new PNGs.
    var newFiles: [URL] = []
    /// The base names the new files are found by, with the idiom whose entry must list them.
    var baseNames: [(idiom: String, name: String)] = []
    var made: [IconFix.Size] = []
    /// Sizes no file of the icon is large enough for, and why.
    var unmade: [IconFix.Size] = []
    var largest: (file: URL, side: Int)?
  }

  /// The file for `size` and the base name that finds it: `Blue@2x.png` and `Blue` (scale
  /// suffixes), `Blue83.5x83.5@2x~ipad.png` and `Blue83.5x83.5`; nil for a size loose files
  /// do not have (the App Store's 1024, which only an asset catalog gives).
  static func file(stem: String, naming: LooseIconWriter.Naming, size: IconFix.Size)
    -> (file: String, baseName: String)?
  {
    guard ["iphone", "ipad"].contains(size.idiom), size.scale >= 1, size.points > 0 else {
      return nil
    }
    let points = CatalogFixes.pointsText(size.points)
    let scale = size.scale == 1 ? "" : "@\(size.scale)x"
    let idiom = size.idiom == "ipad" ? "~ipad" : ""
    let homeScreen = size.idiom == "ipad" ? 76.0 : 60.0
    if naming == .scaleSuffixes && size.points == homeScreen {
      return ("\(stem)\(scale)\(idiom).png", stem)
    }
    let base = "\(stem)\(points)x\(points)"
    return ("\(base)\(scale)\(idiom).png", base)
  }

  /// The stem of a loose icon file's name: `Blue60x60@2x~ipad.png` → `Blue`.
  static func stem(of fileName: String) -> String? {
    var rest = Substring(fileName)
    if rest.lowercased().hasSuffix(".png") { rest = rest.dropLast(4) }
    for _ in 0..<2 {
      for suffix in ["~ipad", "~iphone"] where rest.hasSuffix(suffix) {
        rest = rest.dropLast(suffix.count)
      }
      if let match = rest.firstMatch(of: /@[1-4]x$/) { rest = rest[..<match.range.lowerBound] }
    }
    if let match = rest.firstMatch(of: /\d+(\.\d+)?x\d+(\.\d+)?$/) {
      rest = rest[..<match.range.lowerBound]
    }
    return rest.isEmpty ? nil : String(rest)
  }

  /// The icon's loose PNGs: its files outside asset catalogs, on disk.
  static func looseFiles(of icon: AppIcon) -> [URL] {
    icon.files.filter {
      $0.pathExtension.lowercased() == "png" && !$0.path.contains(".xcassets/")
        && FileManager.default.fileExists(atPath: $0.path)
    }
  }

  /// Makes the PNGs of `sizes` the icon has no file of, beside its files, from its largest one
  /// (never enlarged), and plans them into `files`.
  static func make(
    _ sizes: [IconFix.Size], of icon: AppIcon, files: inout PlannedFiles
  ) throws(EditError) -> Outcome {
    var outcome = Outcome()
    let loose = looseFiles(of: icon)
    guard let folder = loose.first?.deletingLastPathComponent(),
      let stem = loose.lazy.compactMap({ stem(of: $0.lastPathComponent) }).first
    else {
      outcome.unmade = sizes
      return outcome
    }
    let naming = LooseIconWriter.Naming.detect(fileNames: loose.map(\.lastPathComponent))
    let measured = loose.compactMap { file in
      FixPlanner.pixelSide(file).map { (file: file, side: $0) }
    }
    outcome.largest = measured.max { $0.side < $1.side }
    var source: (bytes: [UInt8], image: RGBAImage)?
    for size in CatalogFixes.unique(sizes) {
      guard let (fileName, baseName) = file(stem: stem, naming: naming, size: size) else {
        outcome.unmade.append(size)
        continue
      }
      // A file of the icon that iOS finds for this idiom at that size already fills it.
      let isIPad = size.idiom == "ipad"
      let present = measured.contains {
        $0.side == size.pixels && $0.file.lastPathComponent.contains("~ipad") == isIPad
      }
      let path = folder.appendingPathComponent(fileName)
      if present || FixPlanner.pixelSide(path) == size.pixels { continue }
      if FileManager.default.fileExists(atPath: path.path) { throw .exists(file: path.path) }
      guard let largest = outcome.largest, size.pixels <= largest.side else {
        outcome.unmade.append(size)
        continue
      }
      let image: (bytes: [UInt8], image: RGBAImage)
      if let source {
        image = source
      } else {
        image = try FixPlanner.loadPNG(largest.file)
      }
      source = image
      files.changes.append(
        .create(
          path, try FixPlanner.pngBytes(image, file: largest.file, side: size.pixels),
          "\(size.pixels)×\(size.pixels) PNG made from \(largest.file.lastPathComponent)"))
      outcome.newFiles.append(path)
      outcome.made.append(size)
      if !outcome.baseNames.contains(where: { $0 == (size.idiom, baseName) }) {
        outcome.baseNames.append((size.idiom, baseName))
      }
    }
    return outcome
  }

  /// Adds each base name to the `CFBundleIconFiles` of `entries[idiom]` that lacks it (with or
  /// without `.png`). Returns the names added.
  static func declare(
    _ baseNames: [(idiom: String, name: String)], in editor: inout InfoPlistEditor,
    entries: [String: [String]]
  ) throws(EditError) -> [String] {
    var added: [String] = []
    for (idiom, name) in baseNames {
      guard let keyPath = entries[idiom],
        let listed = editor.value(at: keyPath) as? [Any]
      else { continue }
      let names = listed.compactMap { $0 as? String }
      guard !names.contains(name), !names.contains(name + ".png") else { continue }
      try editor.insertArrayElement(.string(name), at: keyPath, index: nil)
      added.append(name)
    }
    return added
  }

  /// Where the names `idiom`'s devices read are listed for the icon: `CFBundleIcons~ipad`'s
  /// entry for iPad when there is one, else `CFBundleIcons`'.
  static func entries(of icon: AppIcon, in editor: InfoPlistEditor) -> [String: [String]] {
    func path(_ dictionary: String) -> [String] {
      icon.isPrimary
        ? [dictionary, "CFBundlePrimaryIcon", "CFBundleIconFiles"]
        : [dictionary, "CFBundleAlternateIcons", icon.name, "CFBundleIconFiles"]
    }
    var entries: [String: [String]] = [:]
    for (idiom, dictionaries) in [
      ("iphone", ["CFBundleIcons~iphone", "CFBundleIcons"]),
      ("ipad", ["CFBundleIcons~ipad", "CFBundleIcons"]),
    ] {
      entries[idiom] = dictionaries.map(path).first { editor.value(at: $0) is [Any] }
    }
    if icon.isPrimary, entries["iphone"] == nil, editor.value(at: ["CFBundleIconFiles"]) is [Any] {
      entries["iphone"] = ["CFBundleIconFiles"]
      entries["ipad"] = entries["ipad"] ?? ["CFBundleIconFiles"]
    }
    return entries
  }
}

/// `addMissingSizes` for an icon of loose PNGs: the files, their names where iOS reads them,
/// and their place in the target.
enum LooseSizesFix {
  static func plan(icon name: String, sizes: [IconFix.Size], context: EditContext)
    throws(EditError) -> EditPlan
  {
    guard let icon = context.app.allIcons.first(where: { $0.name == name }) else {
      throw .unknownName(
        name: name, app: context.app.appName, names: context.app.allIcons.map(\.name))
    }
    var files = PlannedFiles(root: context.places.root)
    let outcome = try LooseIconSizes.make(sizes, of: icon, files: &files)
    let unmadeNote = unmadeNote(outcome, icon: name)
    guard !outcome.made.isEmpty else {
      if outcome.unmade.isEmpty {
        return FixPlanner.nothingToDo(
          context, name: name, "\"\(name)\" has a file of every size asked for")
      }
      throw .unsupported(
        file: outcome.largest?.file.path ?? context.projectDescription, reason: unmadeNote ?? "")
    }
    var form = "\(CatalogFixes.listed(outcome.made)) made for \"\(name)\""
    if let plistFile = context.facts.infoPlist {
      var plist = try InfoPlistEditor(file: plistFile, bytes: try files.current(plistFile))
      let added = try LooseIconSizes.declare(
        outcome.baseNames, in: &plist, entries: LooseIconSizes.entries(of: icon, in: plist))
      if !added.isEmpty {
        try files.edit(
          plistFile, to: plist.bytes,
          "\(added.map { "\"\($0)\"" }.joined(separator: ", ")) added to \"\(name)\"'s CFBundleIconFiles"
        )
        form += ", listed in CFBundleIconFiles"
      }
    }
    if let how = try ProjectMembership.add(
      outcome.newFiles, fileType: "image.png", context: context, files: &files)
    {
      form += ", " + how
    }
    return FixPlanner.plan(files, form: form, name: name, notes: [unmadeNote].compactMap { $0 })
  }

  static func unmadeNote(_ outcome: LooseIconSizes.Outcome, icon: String) -> String? {
    guard !outcome.unmade.isEmpty else { return nil }
    let why =
      outcome.largest.map {
        "its largest file is \($0.side)×\($0.side) px, and iconpick never enlarges one (loose files have no App Store size)"
      } ?? "none of its files can be read as a square PNG"
    return
      "\"\(icon)\" still lacks \(CatalogFixes.listed(outcome.unmade)): \(why); add larger artwork"
  }
}
