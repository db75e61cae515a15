import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension PbxprojEditor {
  /// One replacement of a byte range of the current text.
  struct TextEdit {
    var range: Range<Int>
    var text: String
  }

  // MARK: Build settings

  /// Sets `key` in the configuration's `buildSettings`: the value is replaced where it is
  /// written, or a line `KEY = VALUE;` is added where Xcode keeps it, among the keys in order.
  public mutating func setBuildSetting(
    _ key: String, to value: PbxprojValue, configuration id: String
  ) throws(EditError) {
    let (settingsEntry, settings) = try buildSettingsNode(configuration: id)
    if let current = tree["objects"]?[id]?["buildSettings"]?[key], current == value.tree { return }
    var expected = tree
    expected.update(["objects", id, "buildSettings", key]) { $0 = value.tree }

    let entries = settings.entries ?? []
    let edit: TextEdit
    if let existing = entries.last(where: { PlistText($0.key) == PlistText(key) }) {
      let indentation = text(scanner.indentation(ofLineAt: existing.extent.lowerBound))
      edit = TextEdit(
        range: existing.value.range,
        text: PbxprojText.value(value, indentation: indentation))
    } else if let next = entries.first(where: { PlistText(key) < PlistText($0.key) }) {
      guard let line = next.line else { throw refuse("the setting \(next.key) shares its line") }
      let indentation = text(scanner.indentation(ofLineAt: next.extent.lowerBound))
      edit = TextEdit(
        range: line.lowerBound..<line.lowerBound,
        text: settingLine(key, value, indentation: indentation))
    } else if let last = entries.last {
      guard let line = last.line, line.upperBound > 0, bytes[line.upperBound - 1] == 10 else {
        throw refuse("the setting \(last.key) shares its line")
      }
      let indentation = text(scanner.indentation(ofLineAt: last.extent.lowerBound))
      edit = TextEdit(
        range: line.upperBound..<line.upperBound,
        text: settingLine(key, value, indentation: indentation))
    } else {
      let close = settings.range.upperBound - 1
      if let start = scanner.lineStart(ifBlankBefore: close) {
        // `buildSettings = {\n\t\t\t};`: one line inside, one tab deeper than the brace.
        let indentation = text(scanner.indentation(ofLineAt: close)) + "\t"
        edit = TextEdit(
          range: start..<start, text: settingLine(key, value, indentation: indentation))
      } else {
        // `buildSettings = {};` opens onto lines of its own, as Xcode writes it.
        let indentation = text(scanner.indentation(ofLineAt: settingsEntry.extent.lowerBound))
        edit = TextEdit(
          range: settings.range,
          text: "{\n" + settingLine(key, value, indentation: indentation + "\t") + indentation + "}"
        )
      }
    }
    try apply([edit], expecting: expected)
  }

  /// Removes `key`'s line from the configuration's `buildSettings` (every line of it, when a
  /// hand-edited file repeats it); nothing when it is not there.
  public mutating func removeBuildSetting(_ key: String, configuration id: String) throws(EditError)
  {
    let (_, settings) = try buildSettingsNode(configuration: id)
    let lines = (settings.entries ?? []).filter { PlistText($0.key) == PlistText(key) }
    guard !lines.isEmpty else { return }
    var edits: [TextEdit] = []
    for entry in lines {
      guard let line = entry.line else { throw refuse("the setting \(key) shares its line") }
      edits.append(TextEdit(range: line, text: ""))
    }
    var expected = tree
    expected.update(["objects", id, "buildSettings", key]) { $0 = nil }
    try apply(edits, expecting: expected)
  }

  private func buildSettingsNode(configuration id: String) throws(EditError) -> (
    PbxprojScanner.Entry, PbxprojScanner.Node
  ) {
    guard object(id)?["isa"]?.string == "XCBuildConfiguration",
      let configuration = objectEntry(id),
      let entry = configuration.value.entry("buildSettings"), entry.value.entries != nil
    else {
      throw refuse("\(id) is not a build configuration with a buildSettings dictionary")
    }
    return (entry, entry.value)
  }

  private func settingLine(_ key: String, _ value: PbxprojValue, indentation: String) -> String {
    indentation + PbxprojText.quoted(key) + " = "
      + PbxprojText.value(value, indentation: indentation) + ";\n"
  }

  // MARK: Files

  /// Adds a file (or an Icon Composer bundle, `folder.iconcomposer.icon`) to `group`, and to
  /// `resourcesPhase` when given: a PBXFileReference and a PBXBuildFile, one line each in their
  /// sections at their places by id, the reference last in the group's children and the build
  /// file last in the phase's files.
  @discardableResult
  public mutating func addFile(
    path: String, name: String?, lastKnownFileType: String, group: String,
    resourcesPhase: String?
  ) throws(EditError) -> (fileReference: String, buildFile: String?) {
    guard let groupObject = object(group), groupObject["children"]?.array != nil,
      ["PBXGroup", "PBXVariantGroup"].contains(groupObject["isa"]?.string ?? "")
    else { throw refuse("\(group) is not a group with children") }
    if let phase = resourcesPhase {
      guard object(phase)?["files"]?.array != nil else {
        throw refuse("\(phase) is not a build phase with files")
      }
    }
    let shownName = name ?? PathText.lastComponent(path)
    for part in [shownName] + [resourcesPhase].compactMap({ $0 }) {
      guard !part.contains("*/"), !part.unicodeScalars.contains("\n") else {
        throw refuse("\(shownName.debugDescription) cannot be written in a comment")
      }
    }
    let referenceID = PbxprojText.newIdentifier(in: bytes, name: path, taken: [])
    let buildFileID = PbxprojText.newIdentifier(
      in: bytes, name: path + " in Resources", taken: [referenceID])

    var reference: [PlistText: PlistTree] = [
      "isa": .string("PBXFileReference"),
      "lastKnownFileType": .string(PlistText(lastKnownFileType)),
      "path": .string(PlistText(path)), "sourceTree": .string("<group>"),
    ]
    var fields =
      "isa = PBXFileReference; lastKnownFileType = \(PbxprojText.quoted(lastKnownFileType)); "
    if let name, name != path {
      reference["name"] = .string(PlistText(name))
      fields += "name = \(PbxprojText.quoted(name)); "
    }
    fields += "path = \(PbxprojText.quoted(path)); sourceTree = \"<group>\"; "
    var expected = tree
    expected.update(["objects", referenceID]) { $0 = .dictionary(reference) }
    expected.update(["objects", group, "children"]) {
      $0 = .array(($0?.array ?? []) + [.string(PlistText(referenceID))])
    }

    var draft = self
    try draft.insertObject(
      section: "PBXFileReference", id: referenceID,
      line: "\(referenceID) /* \(shownName) */ = {\(fields)};")
    try draft.appendItem(of: group, key: "children", "\(referenceID) /* \(shownName) */")
    var buildFile: String?
    if let phase = resourcesPhase {
      let phaseName = object(phase)?["name"]?.string ?? "Resources"
      expected.update(["objects", buildFileID]) {
        $0 = .dictionary([
          "isa": .string("PBXBuildFile"), "fileRef": .string(PlistText(referenceID)),
        ])
      }
      expected.update(["objects", phase, "files"]) {
        $0 = .array(($0?.array ?? []) + [.string(PlistText(buildFileID))])
      }
      try draft.insertObject(
        section: "PBXBuildFile", id: buildFileID,
        line:
          "\(buildFileID) /* \(shownName) in \(phaseName) */ = {isa = PBXBuildFile; fileRef = \(referenceID) /* \(shownName) */; };"
      )
      try draft.appendItem(
        of: phase, key: "files", "\(buildFileID) /* \(shownName) in \(phaseName) */")
      buildFile = buildFileID
    }
    try draft.verify(expecting: expected)
    self = draft
    return (referenceID, buildFile)
  }

  /// Removes a file reference: its object, every build file of it, and their places in groups'
  /// children and phases' files; a section left empty goes too (Xcode writes no empty sections),
  /// so removing what `addFile` added gives back the text before it.
  public mutating func removeFile(reference id: String) throws(EditError) {
    guard object(id) != nil else { throw refuse("it has no object \(id)") }
    let buildFiles = Set(buildFiles(referencing: id))
    let removed = buildFiles.union([id])
    guard let objectsNode = scanner.root.entry("objects")?.value, let entries = objectsNode.entries
    else { throw refuse("it has no \"objects\" dictionary") }

    var expected = tree
    var edits: [TextEdit] = []
    for entry in entries {
      if removed.contains(entry.key) {
        guard let line = entry.line else { throw refuse("the object \(entry.key) shares its line") }
        edits.append(TextEdit(range: line, text: ""))
        continue
      }
      for (key, members) in [("children", [id]), ("files", Array(buildFiles))] {
        guard let list = entry.value.entry(key)?.value.items else { continue }
        for item in list where item.value.string.map(members.contains) ?? false {
          guard let line = item.line else {
            throw refuse("\(item.value.string ?? "") shares its line")
          }
          edits.append(TextEdit(range: line, text: ""))
        }
      }
    }
    for removedID in removed { expected.update(["objects", removedID]) { $0 = nil } }
    for (objectID, object) in expected["objects"]?.dictionary ?? [:] {
      for (key, members) in [("children", [id]), ("files", Array(buildFiles))] {
        guard let list = object[key]?.array else { continue }
        let kept = list.filter { !($0.string.map(members.contains) ?? false) }
        if kept.count != list.count {
          expected.update(["objects", objectID.value, key]) { $0 = .array(kept) }
        }
      }
    }

    // The sections the removed objects were in: those left empty go (an empty section that was
    // there before stays).
    let emptied = Set(
      sections().filter { section in
        entries.contains {
          removed.contains($0.key) && $0.extent.lowerBound > section.begin.upperBound
            && $0.extent.upperBound <= section.end.lowerBound
        }
      }.map(\.name))
    var draft = self
    try draft.stage(edits)
    try draft.removeEmptySections(among: emptied)
    try draft.verify(expecting: expected)
    for removedID in removed where draft.tree.mentions(removedID) {
      throw refuse("\(removedID) is still referred to after removing it, so it was left in place")
    }
    self = draft
  }

  // MARK: Places in the text

  private func objectEntry(_ id: String) -> PbxprojScanner.Entry? {
    scanner.root.entry("objects")?.value.entry(id)
  }

  /// A `/* Begin NAME section */ ... /* End NAME section */` pair among the objects.
  struct Section {
    var name: String
    var begin: Range<Int>
    var end: Range<Int>
  }

  func sections() -> [Section] {
    guard let objectsNode = scanner.root.entry("objects")?.value else { return [] }
    let entries = objectsNode.entries ?? []
    var sections: [Section] = []
    var open: (name: String, range: Range<Int>)?
    for token in scanner.tokens
    where token.kind == .blockComment && objectsNode.range.contains(token.range.lowerBound) {
      let comment = text(Array(scanner.bytes[token.range]))
      guard comment.hasPrefix("/* Begin ") || comment.hasPrefix("/* End "),
        comment.hasSuffix(" section */"),
        !entries.contains(where: { $0.extent.contains(token.range.lowerBound) })
      else { continue }
      if comment.hasPrefix("/* Begin ") {
        open = (String(comment.dropFirst(9).dropLast(11)), token.range)
      } else if let begin = open, String(comment.dropFirst(7).dropLast(11)) == begin.name {
        sections.append(Section(name: begin.name, begin: begin.range, end: token.range))
        open = nil
      }
    }
    return sections
  }

  /// Inserts an object's line in its section at its place by id, making the section (at its
  /// place by name) when there is none.
  mutating func insertObject(section name: String, id: String, line: String) throws(EditError) {
    guard let objectsNode = scanner.root.entry("objects")?.value, let entries = objectsNode.entries
    else { throw refuse("it has no \"objects\" dictionary") }
    let indentation =
      entries.first.map { text(scanner.indentation(ofLineAt: $0.extent.lowerBound)) } ?? "\t\t"
    let objectLine = indentation + line + "\n"
    let all = sections()
    let edit: TextEdit
    if let section = all.first(where: { $0.name == name }) {
      let inside = entries.filter {
        $0.extent.lowerBound > section.begin.upperBound
          && $0.extent.upperBound <= section.end.lowerBound
      }
      if let next = inside.first(where: { PlistText(id) < PlistText($0.key) }) {
        guard let place = next.line else { throw refuse("the object \(next.key) shares its line") }
        edit = TextEdit(range: place.lowerBound..<place.lowerBound, text: objectLine)
      } else {
        guard let place = scanner.lineStart(ifBlankBefore: section.end.lowerBound) else {
          throw refuse("the end of the \(name) section shares its line")
        }
        edit = TextEdit(range: place..<place, text: objectLine)
      }
    } else if !all.isEmpty {
      let block = "/* Begin \(name) section */\n" + objectLine + "/* End \(name) section */\n"
      if let next = all.first(where: { PlistText(name) < PlistText($0.name) }) {
        guard let place = scanner.lineStart(ifBlankBefore: next.begin.lowerBound) else {
          throw refuse("the \(next.name) section does not begin on a line of its own")
        }
        edit = TextEdit(range: place..<place, text: block + "\n")
      } else {
        guard let last = all.last, let place = PbxprojScanner.ownLine(bytes, last.end),
          place.upperBound > 0, bytes[place.upperBound - 1] == 10
        else { throw refuse("the last section does not end on a line of its own") }
        edit = TextEdit(range: place.upperBound..<place.upperBound, text: "\n" + block)
      }
    } else {
      // A project written without sections: the object goes last.
      guard let last = entries.last, let place = last.line, place.upperBound > 0,
        bytes[place.upperBound - 1] == 10
      else { throw refuse("its objects are not one to a line") }
      edit = TextEdit(range: place.upperBound..<place.upperBound, text: objectLine)
    }
    try stage([edit])
  }

  /// Appends `item` (with its comment) to the list `key` of object `id`, on a line of its own.
  mutating func appendItem(of id: String, key: String, _ item: String) throws(EditError) {
    guard let list = objectEntry(id)?.value.entry(key)?.value, let items = list.items else {
      throw refuse("\(id) has no list \(key)")
    }
    let edit: TextEdit
    if let last = items.last {
      guard let line = last.line, bytes[last.extent.upperBound - 1] == UInt8(ascii: ","),
        line.upperBound > 0, bytes[line.upperBound - 1] == 10
      else { throw refuse("the \(key) of \(id) are not one to a line") }
      let indentation = text(scanner.indentation(ofLineAt: last.extent.lowerBound))
      edit = TextEdit(range: line.upperBound..<line.upperBound, text: indentation + item + ",\n")
    } else {
      let close = list.range.upperBound - 1
      guard let start = scanner.lineStart(ifBlankBefore: close) else {
        throw refuse("the \(key) of \(id) are not one to a line")
      }
      let indentation = text(scanner.indentation(ofLineAt: close)) + "\t"
      edit = TextEdit(range: start..<start, text: indentation + item + ",\n")
    }
    try stage([edit])
  }

  /// Removes the sections named in `names` that have no objects left: their two lines and the
  /// blank line that parted them from the next section (or, for the last, from the one before).
  mutating func removeEmptySections(among names: Set<String>) throws(EditError) {
    guard let entries = scanner.root.entry("objects")?.value.entries else { return }
    var edits: [TextEdit] = []
    for section in sections() where names.contains(section.name) {
      let empty = !entries.contains {
        $0.extent.lowerBound > section.begin.upperBound
          && $0.extent.upperBound <= section.end.lowerBound
      }
      guard empty, let start = scanner.lineStart(ifBlankBefore: section.begin.lowerBound),
        let endLine = PbxprojScanner.ownLine(bytes, section.end)
      else { continue }
      var range = start..<endLine.upperBound
      if range.upperBound < bytes.count, bytes[range.upperBound] == 10 {
        range = range.lowerBound..<(range.upperBound + 1)
      } else if range.lowerBound >= 2, bytes[range.lowerBound - 1] == 10,
        bytes[range.lowerBound - 2] == 10
      {
        range = (range.lowerBound - 1)..<range.upperBound
      }
      edits.append(TextEdit(range: range, text: ""))
    }
    if !edits.isEmpty { try stage(edits) }
  }

  // MARK: Applying

  /// Applies `edits` (ranges of the current text that do not overlap) and scans the result;
  /// Foundation checks it in `verify`.
  mutating func stage(_ edits: [TextEdit]) throws(EditError) {
    var updated = bytes
    for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      updated.replaceSubrange(edit.range, with: Array(edit.text.utf8))
    }
    scanner = try PbxprojScanner(bytes: updated, file: file.path)
    bytes = updated
  }

  /// Foundation reads the staged text, the scanner agrees, and the tree is `expected`.
  mutating func verify(expecting expected: PlistTree) throws(EditError) {
    let (scanned, parsed) = try Self.read(bytes, file: file)
    guard parsed == expected else {
      throw refuse("the edited text would change more than intended, so it was not edited")
    }
    scanner = scanned
    tree = parsed
  }

  mutating func apply(_ edits: [TextEdit], expecting expected: PlistTree) throws(EditError) {
    var draft = self
    try draft.stage(edits)
    try draft.verify(expecting: expected)
    self = draft
  }

  /// Names in reasons come from the file: escaped, so a message stays one line.
  func refuse(_ reason: String) -> EditError {
    .cannotEdit(file: file.path, reason: MessageText.escaped(reason, limit: 400))
  }

  func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}

extension PlistTree {
  /// Whether `text` is a string anywhere in the tree, a key or a value.
  func mentions(_ text: String) -> Bool {
    let wanted = PlistText(text)
    switch self {
    case .string(let value): return value == wanted
    case .array(let items): return items.contains { $0.mentions(text) }
    case .dictionary(let entries):
      return entries.contains { $0.key == wanted || $0.value.mentions(text) }
    }
  }
}
