import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The fixes of asset catalogs: a catalog added to the target, an entry actool ignores removed,
/// the sizes a set lacks made from its largest image.
enum CatalogFixes {
  // MARK: A catalog the target does not build

  static func addCatalogToTarget(catalog: String, context: EditContext) throws(EditError)
    -> EditPlan
  {
    let places = context.places
    let folder = URL(fileURLWithPath: catalog, isDirectory: true)
    let name = folder.lastPathComponent
    let key = folder.standardizedFileURL.path
    if places.catalogs.contains(where: { $0.standardizedFileURL.path == key }) {
      return FixPlanner.nothingToDo(context, name: name, "the target builds \(name)")
    }
    guard let projectFile = places.projectFile, let targetName = places.targetName else {
      throw .unsupported(
        file: places.root.path,
        reason:
          "no Xcode project or XcodeGen spec was found, so there is no target to add \(name) to")
    }
    var files = PlannedFiles(root: places.root)
    if places.isXcodeGenSpec {
      // XcodeGen builds the catalogs under the folders `sources` lists.
      let specFolder = projectFile.deletingLastPathComponent().standardizedFileURL.path + "/"
      guard key.hasPrefix(specFolder) else {
        throw .unsupported(
          file: projectFile.path, reason: "\(catalog) is outside the spec's folder")
      }
      let relative = String(key.dropFirst(specFolder.count))
      var spec = try SpecYAMLEditor(file: projectFile, bytes: try files.current(projectFile))
      try spec.addSource(relative, target: targetName)
      let summary = "\(relative) added to target \(targetName)'s sources"
      try files.edit(projectFile, to: spec.bytes, summary)
      return FixPlanner.plan(files, form: summary, name: name)
    }
    var editor = try PbxprojEditor(file: projectFile, bytes: try files.current(projectFile))
    guard let target = editor.nativeTarget(named: targetName) else {
      throw .cannotEdit(file: projectFile.path, reason: "no target named \"\(targetName)\"")
    }
    if let reference = editor.fileReference(forPath: folder) {
      // Listed in the project, built by another target (or none): this target builds it too.
      guard let phase = editor.resourcesBuildPhase(ofTarget: target) else {
        throw .cannotEdit(
          file: projectFile.path,
          reason: "target \"\(targetName)\" has no Copy Bundle Resources phase to add \(name) to")
      }
      let built = Set(editor.object(phase)?["files"]?.strings ?? [])
      if editor.buildFiles(referencing: reference).contains(where: built.contains) {
        return FixPlanner.nothingToDo(
          context, name: name, "target \(targetName)'s Copy Bundle Resources has \(name)")
      }
      try editor.addBuildFile(reference: reference, phase: phase)
      let summary = "\(name) added to target \(targetName)'s resources"
      try files.edit(projectFile, to: editor.bytes, summary)
      return FixPlanner.plan(
        files, form: "\(summary) (the project already listed it)", name: name)
    }
    let how = try ProjectMembership.add(
      [folder], fileType: "folder.assetcatalog", context: context, files: &files)
    guard !files.changes.isEmpty else {
      return FixPlanner.nothingToDo(context, name: name, "\(name) is \(how ?? "in the target")")
    }
    return FixPlanner.plan(files, form: "\(name) \(how ?? "added to the target")", name: name)
  }

  // MARK: An entry actool ignores

  static func removeContentsEntry(contents: String, index: Int, context: EditContext)
    throws(EditError) -> EditPlan
  {
    let file = URL(fileURLWithPath: contents)
    let key = file.standardizedFileURL.path
    let setName = file.deletingLastPathComponent().lastPathComponent
    guard let set = context.facts.iconSets.first(where: { $0.file.standardizedFileURL.path == key })
    else {
      throw .unsupported(
        file: contents, reason: "not the Contents.json of an icon set the target builds")
    }
    // Read again, the entry is only removed while actool still ignores it: after a removal the
    // index names another entry.
    guard let ignored = set.ignoredEntries.first(where: { $0.index == index }) else {
      return FixPlanner.nothingToDo(
        context, name: setName, "entry \(index) of \(setName) is not one actool ignores")
    }
    var files = PlannedFiles(root: context.places.root)
    let root = try ContentsJSONWriter.parse(try files.current(file), file: contents)
    guard var members = root.objectValue, var images = members["images"]?.arrayValue,
      images.indices.contains(index)
    else {
      throw .cannotEdit(file: contents, reason: "it has no entry \(index) in \"images\"")
    }
    let entry = images[index]
    guard entry["idiom"]?.stringValue == ignored.idiom, entry["size"]?.stringValue == ignored.size
    else {
      throw .cannotEdit(
        file: contents,
        reason: "entry \(index) is not the \(ignored.idiom) \(ignored.size) entry that was read")
    }
    images.remove(at: index)
    members["images"] = .array(images)
    let summary = "the \(ignored.idiom) \(ignored.size) entry actool ignores removed"
    try files.edit(
      file,
      to: ContentsJSONWriter.encode(.object(members), keepingOrderOf: try files.current(file)),
      summary)
    var notes: [String] = []
    if let filename = entry["filename"]?.stringValue,
      !images.contains(where: { $0["filename"]?.stringValue == filename })
    {
      notes.append(
        "\(setName)/\(filename) is kept, though no entry names it now (check reports it as unassigned-child): removing artwork is not a declaration fix; delete it if nothing else uses it"
      )
    }
    return FixPlanner.plan(files, form: "\(setName): \(summary)", name: setName, notes: notes)
  }

  // MARK: Sizes a set lacks

  static func addMissingSizes(
    icon: String, set: String, sizes: [IconFix.Size], context: EditContext
  ) throws(EditError) -> EditPlan {
    let folder = URL(fileURLWithPath: set, isDirectory: true)
    let contentsFile = folder.appendingPathComponent("Contents.json")
    var files = PlannedFiles(root: context.places.root)
    let root = try ContentsJSONWriter.parse(
      try files.current(contentsFile), file: contentsFile.path)
    guard var members = root.objectValue else {
      throw .cannotEdit(file: contentsFile.path, reason: "its top value is not an object")
    }
    var images = members["images"]?.arrayValue ?? []
    // One universal 1024 px iOS image gives actool every size: nothing is missing.
    let singleSize = images.contains {
      $0["idiom"]?.stringValue == "universal" && ($0["platform"]?.stringValue ?? "ios") == "ios"
        && $0["size"]?.stringValue == "1024x1024" && $0["appearances"] == nil
        && $0["filename"] != nil
    }
    if singleSize {
      return FixPlanner.nothingToDo(
        context, name: icon, "\(folder.lastPathComponent) is single-size, which gives every size")
    }
    func fileOf(_ entry: ContentsJSONValue) -> URL? {
      guard entry["appearances"] == nil, let name = entry["filename"]?.stringValue, !name.isEmpty,
        !name.contains("/")
      else { return nil }
      let path = folder.appendingPathComponent(name)
      return FileManager.default.fileExists(atPath: path.path) ? path : nil
    }
    func slot(of size: IconFix.Size) -> (idiom: String, size: String, scale: String) {
      let points = pointsText(size.points)
      return (size.idiom, "\(points)x\(points)", "\(size.scale)x")
    }
    func matches(_ entry: ContentsJSONValue, _ size: IconFix.Size) -> Bool {
      let wanted = slot(of: size)
      return entry["appearances"] == nil && entry["idiom"]?.stringValue == wanted.idiom
        && entry["size"]?.stringValue == wanted.size
        && (entry["scale"]?.stringValue ?? "1x") == wanted.scale
    }
    let missing = unique(sizes).filter { size in
      !images.contains { matches($0, size) && fileOf($0) != nil }
    }
    guard !missing.isEmpty else {
      return FixPlanner.nothingToDo(
        context, name: icon, "\(folder.lastPathComponent) has every size asked for")
    }
    // The largest image of the set, by its PNG header.
    let sources = images.compactMap(fileOf).compactMap { file in
      FixPlanner.pixelSide(file).map { (file: file, side: $0) }
    }
    guard let largest = sources.max(by: { $0.side < $1.side }) else {
      throw .unsupported(
        file: contentsFile.path,
        reason:
          "the set has no square PNG to make \(listed(missing)) from; add artwork of 1024×1024 px")
    }
    let made = missing.filter { $0.pixels <= largest.side }
    let unmade = missing.filter { $0.pixels > largest.side }
    guard !made.isEmpty else {
      throw .unsupported(
        file: contentsFile.path,
        reason:
          "its largest image is \(largest.side)×\(largest.side) px, smaller than \(listed(unmade)), and iconpick never enlarges one; add artwork of 1024×1024 px"
      )
    }
    let source = try FixPlanner.loadPNG(largest.file)
    var taken = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    // Named as the set's own images are, when they follow one pattern; else SET-PIXELS.png.
    let naming = SiblingNaming.detect(
      images.compactMap { entry -> SiblingNaming.Sibling? in
        guard fileOf(entry) != nil, let name = entry["filename"]?.stringValue,
          let slot = Self.slotSize(entry)
        else { return nil }
        return SiblingNaming.Sibling(
          fileName: name, pixels: slot.pixels, points: slot.points, scale: slot.scale,
          idiom: entry["idiom"]?.stringValue ?? "")
      })
    var fileForName: [String: String] = [:]
    let base = folder.deletingPathExtension().lastPathComponent
    for size in made {
      let wantedName =
        naming?.name(
          pixels: size.pixels, points: pointsText(size.points), scale: size.scale,
          idiom: size.idiom)
        ?? "\(base)-\(size.pixels).png"
      let fileName: String
      if let known = fileForName[wantedName] {
        fileName = known
      } else {
        fileName = AppIconSetWriter.uniqueName(wantedName, taken: taken)
        taken.insert(fileName)
        fileForName[wantedName] = fileName
        files.changes.append(
          .create(
            folder.appendingPathComponent(fileName),
            try FixPlanner.pngBytes(source, file: largest.file, side: size.pixels),
            "\(size.pixels)×\(size.pixels) PNG made from \(largest.file.lastPathComponent)"))
      }
      let wanted = slot(of: size)
      // An empty slot of that size is filled; otherwise the entry goes in the set's slot order.
      if let empty = images.firstIndex(where: { matches($0, size) && fileOf($0) == nil }),
        var entry = images[empty].objectValue
      {
        entry["filename"] = .string(fileName)
        images[empty] = .object(entry)
      } else {
        let entry = ContentsJSONValue.object([
          "filename": .string(fileName), "idiom": .string(wanted.idiom),
          "scale": .string(wanted.scale), "size": .string(wanted.size),
        ])
        images.insert(entry, at: Self.slotPlace(of: entry, in: images))
      }
    }
    members["images"] = .array(images)
    let summary = "\(listed(made)) added"
    try files.edit(
      contentsFile,
      to: ContentsJSONWriter.encode(
        .object(members), keepingOrderOf: try files.current(contentsFile)), summary)
    let notes =
      unmade.isEmpty
      ? []
      : [
        "\(folder.lastPathComponent) still lacks \(listed(unmade)): its largest image is \(largest.side)×\(largest.side) px, and iconpick never enlarges one"
      ]
    return FixPlanner.plan(
      files,
      form: "\(folder.lastPathComponent): \(summary), made from \(largest.file.lastPathComponent)",
      name: icon, notes: notes)
  }

  /// An entry's slot: its points as written (`83.5`), scale and pixels; nil for one that is not
  /// a square size at a whole scale.
  static func slotSize(_ entry: ContentsJSONValue) -> (points: String, scale: Int, pixels: Int)? {
    guard let size = entry["size"]?.stringValue else { return nil }
    let parts = size.split(separator: "x", omittingEmptySubsequences: false)
    let scaleText = entry["scale"]?.stringValue ?? "1x"
    guard parts.count == 2, parts[0] == parts[1], let points = Double(parts[0]), points > 0,
      scaleText.hasSuffix("x"), let scale = Int(scaleText.dropLast()), scale > 0
    else { return nil }
    return (String(parts[0]), scale, Int((points * Double(scale)).rounded()))
  }

  /// Where a new entry goes among `images` in Xcode's slot order: the idioms in the order the
  /// set has them (one it lacks before `ios-marketing`, else last), then by size, then by scale.
  static func slotPlace(of entry: ContentsJSONValue, in images: [ContentsJSONValue]) -> Int {
    var idioms: [String] = []
    for image in images {
      if let idiom = image["idiom"]?.stringValue, !idioms.contains(idiom) { idioms.append(idiom) }
    }
    func rank(_ image: ContentsJSONValue) -> (Int, Double, Int)? {
      guard let idiom = image["idiom"]?.stringValue, image["appearances"] == nil,
        let slot = slotSize(image), let points = Double(slot.points)
      else { return nil }
      // An idiom the set lacks ranks with ios-marketing, and goes before it.
      let place =
        idioms.firstIndex(of: idiom) ?? idioms.firstIndex(of: "ios-marketing") ?? idioms.count
      return (place, points, slot.scale)
    }
    guard let new = rank(entry) else { return images.count }
    let newIdiomKnown = entry["idiom"]?.stringValue.map(idioms.contains) ?? false
    return images.firstIndex { image in
      guard let existing = rank(image) else { return false }
      if !newIdiomKnown, existing.0 == new.0 { return true }
      return existing > new
    } ?? images.count
  }

  /// `60`, `83.5`: as Contents.json writes a size.
  static func pointsText(_ points: Double) -> String {
    points == points.rounded() && abs(points) < 1e6 ? String(Int(points)) : String(points)
  }

  static func unique(_ sizes: [IconFix.Size]) -> [IconFix.Size] {
    var seen = Set<IconFix.Size>()
    return sizes.filter { seen.insert($0).inserted }
  }

  /// `120×120 iphone (60pt @2x) and 167×167 ipad (83.5pt @2x)`.
  static func listed(_ sizes: [IconFix.Size]) -> String {
    let texts = sizes.map {
      "\($0.pixels)×\($0.pixels) \($0.idiom) (\(pointsText($0.points))pt @\($0.scale)x)"
    }
    guard let last = texts.last else { return "no size" }
    return texts.count == 1 ? last : texts.dropLast().joined(separator: ", ") + " and " + last
  }
}
