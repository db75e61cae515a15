import FoundationEssentials
import IconCatalog
import IconRender

/// The files of a new `NAME.appiconset`: a folder, its PNGs and its `Contents.json`, in the
/// form Xcode writes.
public enum AppIconSetWriter {
  /// What a new set is made of, and what `add` should say about it.
  public struct Output: Sendable, Equatable {
    /// The folder first, then each PNG, then `Contents.json`.
    public var changes: [FileChange]
    /// Said to the user, not refusals: transparency the App Store will refuse.
    public var warnings: [String]
    /// The `Contents.json` written, as a value.
    public var contents: ContentsJSONValue
  }

  /// An existing set of the app whose slots and file names a new one copies.
  public struct Template: Sendable, Equatable {
    /// The set's name (its folder's name without `.appiconset`).
    public var name: String
    /// Its `images` entries, as they are.
    public var slots: [[String: ContentsJSONValue]]

    public init(name: String, slots: [[String: ContentsJSONValue]]) {
      self.name = name
      self.slots = slots
    }

    /// The template read from the set's `Contents.json` bytes; `file` names it in errors.
    public init(name: String, contentsJSON: [UInt8], file: String) throws(EditError) {
      let value = try ContentsJSONWriter.parse(contentsJSON, file: file)
      guard let images = value["images"]?.arrayValue else {
        throw .cannotEdit(file: file, reason: "no \"images\" array, as Xcode writes in every set")
      }
      var slots: [[String: ContentsJSONValue]] = []
      for image in images {
        guard let slot = image.objectValue else {
          throw .cannotEdit(file: file, reason: "an \"images\" entry that is not an object")
        }
        slots.append(slot)
      }
      self.init(name: name, slots: slots)
    }

    /// The looks (`dark`, `tinted`) the set gives an image, by its `appearances` entries.
    public var looks: [String] {
      var found: [String] = []
      for slot in slots where slot["filename"]?.stringValue?.isEmpty == false {
        for appearance in slot["appearances"]?.arrayValue ?? [] {
          if let value = appearance["value"]?.stringValue, ["dark", "tinted"].contains(value),
            !found.contains(value)
          {
            found.append(value)
          }
        }
      }
      return found.sorted()
    }

    /// Every slot is the one 1024-point universal size, in one or more appearances: Xcode's
    /// "Single Size".
    public var isSingleSize: Bool {
      !slots.isEmpty
        && slots.allSatisfy {
          $0["size"]?.stringValue == "1024x1024" && $0["idiom"]?.stringValue == "universal"
        }
    }
  }

  /// The appearance a slot is for, from its `appearances` list.
  enum Appearance: String, CaseIterable {
    case any, dark, tinted

    init?(slot: [String: ContentsJSONValue]) {
      guard let list = slot["appearances"]?.arrayValue, !list.isEmpty else {
        self = .any
        return
      }
      // Only Xcode's own luminosity entries are filled; another appearance stays empty.
      guard list.count == 1, list[0]["appearance"]?.stringValue == "luminosity",
        let value = list[0]["value"]?.stringValue, let appearance = Appearance(rawValue: value),
        appearance != .any
      else { return nil }
      self = appearance
    }

    /// `[{"appearance" : "luminosity", "value" : "dark"}]`, as Xcode writes it.
    var entry: ContentsJSONValue? {
      self == .any ? nil : [["appearance": "luminosity", "value": .string(rawValue)]]
    }
  }

  /// A new set NAME in `folder` (an asset catalog or a group in one). Without a template, or
  /// with a "Single Size" one, the set has Xcode 15/16's single-size form: one universal iOS
  /// 1024×1024 entry, plus a dark and a tinted one when those images are given. A template with
  /// per-size slots gives the same slots, each filled with IMAGE resampled to its pixel size.
  ///
  /// File names follow the template's where they hold its name (`Blue.png` for `Red.png` in
  /// set `Red`), keep a per-size template's other names (each set has its own folder), and
  /// otherwise are the image's own file name, as Xcode names a file dropped on a slot.
  /// `required`: sizes a per-size set must fill whatever the template fills (those App Store
  /// Connect asks of the devices the app runs on, `IconFix.Size.iPadRequired`): an empty slot of
  /// that size is filled, a missing one added in the set's slot order.
  public static func files(
    name: String, in folder: URL, image: IconImageInput, dark: IconImageInput? = nil,
    tinted: IconImageInput? = nil, template: Template? = nil, required: [IconFix.Size] = []
  ) throws(EditError) -> Output {
    guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
      throw .invalidName(name: name, reason: "it cannot be a folder name")
    }
    let setFolder = folder.appendingPathComponent(name + ".appiconset", isDirectory: true)
    guard !FileManager.default.fileExists(atPath: setFolder.path) else {
      throw .exists(file: setFolder.path)
    }
    let images: [Appearance: IconImageInput] = [.any: image, .dark: dark, .tinted: tinted]
      .compactMapValues { $0 }
    for input in images.values where input.isIconComposer {
      throw .badImage(
        file: input.file.path,
        reason: "an Icon Composer .icon folder is added as it is, not into an .appiconset")
    }

    var slots = template.map { filledSlots($0, images: images) } ?? singleSizeSlots(images)
    if let template, !template.isSingleSize {
      slots = withRequired(required, in: slots)
    }
    let singleSize = template?.isSingleSize ?? true
    var sizes: [Appearance: IconPNGSizes] = images.mapValues { IconPNGSizes($0) }
    var entries: [ContentsJSONValue] = []
    var files: [(name: String, appearance: Appearance, side: Int, bytes: [UInt8])] = []
    var copiedAnyUnchanged = false

    for (slot, appearance) in slots {
      var entry = slot
      entry["filename"] = nil
      guard let appearance, let input = images[appearance] else {
        entries.append(.object(entry))  // an empty slot, as the template has it
        continue
      }
      let side = try pixelSide(of: slot, set: name)
      let fileName = try newFileName(
        templateFile: slot["filename"]?.stringValue, template: template,
        singleSize: singleSize, name: name, image: input, side: side)
      if let made = files.first(where: { $0.name == fileName }), made.appearance == appearance,
        made.side == side
      {
        // The template uses one file for two slots of one size: so does the new set.
        entry["filename"] = .string(fileName)
      } else {
        let unique = uniqueName(fileName, taken: Set(files.map(\.name)))
        entry["filename"] = .string(unique)
        let bytes = try sizes[appearance]?.png(side: side) ?? []
        if appearance == .any, bytes == input.bytes { copiedAnyUnchanged = true }
        files.append((unique, appearance, side, bytes))
      }
      entries.append(.object(entry))
    }

    let contents: ContentsJSONValue = [
      "images": .array(entries), "info": ContentsJSONWriter.xcodeInfo,
    ]
    var changes = [FileChange.createDirectory(setFolder, "new app icon set \"\(name)\"")]
    for file in files {
      changes.append(
        .create(
          setFolder.appendingPathComponent(file.name, isDirectory: false), file.bytes,
          "\(file.side)×\(file.side) PNG of \"\(name)\""))
    }
    changes.append(
      .create(
        setFolder.appendingPathComponent("Contents.json", isDirectory: false),
        ContentsJSONWriter.encode(contents), "the slots of \"\(name)\""))
    return Output(
      changes: changes,
      warnings: IconImageWarnings.appStore(image, copiedUnchanged: copiedAnyUnchanged),
      contents: contents)
  }

  /// Xcode 15/16's "Single Size" iOS set: the 1024 any-appearance entry, then dark and tinted
  /// ones for the images given.
  static func singleSizeSlots(_ images: [Appearance: IconImageInput]) -> [(
    [String: ContentsJSONValue], Appearance?
  )] {
    Appearance.allCases.filter { images[$0] != nil }.map { appearance in
      var slot: [String: ContentsJSONValue] = [
        "idiom": "universal", "platform": "ios", "size": "1024x1024",
      ]
      slot["appearances"] = appearance.entry
      return (slot, appearance)
    }
  }

  /// The template's slots in its order, each with the appearance it is filled for (nil: left
  /// empty). A size the template leaves empty stays empty; a dark or tinted slot is filled when
  /// that image is given and the template fills the size in any appearance. A dark or tinted
  /// image the template has no slot for gets a copy of each filled any-appearance slot, after
  /// the template's.
  static func filledSlots(_ template: Template, images: [Appearance: IconImageInput]) -> [(
    [String: ContentsJSONValue], Appearance?
  )] {
    func place(_ slot: [String: ContentsJSONValue]) -> [String?] {
      ["idiom", "size", "scale", "platform", "role", "subtype"].map { slot[$0]?.stringValue }
    }
    let filledPlaces = template.slots.filter {
      template.isSingleSize || ($0["filename"] != nil && Appearance(slot: $0) == .any)
    }.map(place)
    var slots: [([String: ContentsJSONValue], Appearance?)] = template.slots.map { slot in
      guard let appearance = Appearance(slot: slot), images[appearance] != nil,
        slot["filename"] != nil || filledPlaces.contains(place(slot))
      else { return (slot, nil) }
      return (slot, appearance)
    }
    let present = Set(template.slots.compactMap { Appearance(slot: $0) })
    for appearance in [Appearance.dark, .tinted]
    where images[appearance] != nil && !present.contains(appearance) {
      for slot in template.slots where filledPlaces.contains(place(slot)) {
        guard Appearance(slot: slot) == .any else { continue }
        var copy = slot
        copy["appearances"] = appearance.entry
        slots.append((copy, appearance))
      }
    }
    return slots
  }

  /// `slots` with each of `required` filled in the any appearance: an empty slot of its size
  /// filled, or a new one placed in the set's slot order.
  static func withRequired(
    _ required: [IconFix.Size], in slots: [([String: ContentsJSONValue], Appearance?)]
  ) -> [([String: ContentsJSONValue], Appearance?)] {
    var slots = slots
    for size in required {
      let points = CatalogFixes.pointsText(size.points)
      let wanted: [String: ContentsJSONValue] = [
        "idiom": .string(size.idiom), "size": .string("\(points)x\(points)"),
        "scale": .string("\(size.scale)x"),
      ]
      let matches = { (slot: [String: ContentsJSONValue]) in
        Appearance(slot: slot) == .any && slot["idiom"] == wanted["idiom"]
          && slot["size"] == wanted["size"] && (slot["scale"] ?? "1x") == wanted["scale"]
      }
      if let index = slots.firstIndex(where: { matches($0.0) }) {
        if slots[index].1 == nil { slots[index].1 = .any }
        continue
      }
      let place = CatalogFixes.slotPlace(of: .object(wanted), in: slots.map { .object($0.0) })
      slots.insert((wanted, .any), at: place)
    }
    return slots
  }

  /// The slot's side in pixels: its size in points times its scale (`83.5x83.5` at `2x`: 167).
  static func pixelSide(of slot: [String: ContentsJSONValue], set: String) throws(EditError) -> Int
  {
    let size = slot["size"]?.stringValue ?? ""
    let parts = size.split(separator: "x", omittingEmptySubsequences: false)
    let scaleText = slot["scale"]?.stringValue ?? "1x"
    guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
      width == height, width > 0, scaleText.hasSuffix("x"),
      let scale = Double(scaleText.dropLast()), scale > 0
    else {
      throw .unsupported(
        file: set + ".appiconset/Contents.json",
        reason:
          "a slot of size \"\(size)\" at scale \"\(scaleText)\" is not a square icon size iconpick can fill"
      )
    }
    return Int((width * scale).rounded())
  }

  /// The new set's file for a slot whose template file is `templateFile`.
  /// The image's own name is kept, with the pixel size it states changed to `side` where the
  /// image is resampled (`night-2048.png` made 1024 px is `night-1024.png`).
  static func newFileName(
    templateFile: String?, template: Template?, singleSize: Bool, name: String,
    image: IconImageInput, side: Int
  ) throws(EditError) -> String {
    var fileName: String
    if let templateFile, let template, !template.name.isEmpty,
      templateFile.contains(template.name)
    {
      fileName = templateFile.replacingAll(template.name, with: name)
    } else if let templateFile, !singleSize {
      fileName = templateFile
    } else {
      fileName =
        image.side.map {
          SiblingNaming.resized(image.file.lastPathComponent, from: $0, to: side)
        } ?? image.file.lastPathComponent
    }
    if PathText.pathExtension(fileName).lowercased() != "png" { fileName += ".png" }
    guard !fileName.contains("/"), !fileName.hasPrefix("."), fileName != "Contents.json" else {
      throw .invalidName(
        name: name, reason: "it would make the file name \"\(fileName)\", which cannot be used")
    }
    return fileName
  }

  /// `name`, or Xcode's `name 1.png`, `name 2.png`, ... when it is taken.
  static func uniqueName(_ fileName: String, taken: Set<String>) -> String {
    guard taken.contains(fileName) else { return fileName }
    let base = PathText.withoutSuffix(fileName)
    let pathExtension = PathText.pathExtension(fileName)
    var number = 1
    while taken.contains("\(base) \(number).\(pathExtension)") { number += 1 }
    return "\(base) \(number).\(pathExtension)"
  }
}
