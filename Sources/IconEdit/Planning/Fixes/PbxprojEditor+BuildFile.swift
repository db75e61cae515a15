import FoundationEssentials
import IconCatalog

extension PbxprojEditor {
  /// Adds a build file of an existing file reference to `phase`: what ticking the target in
  /// Xcode's File Inspector does for a file the project already lists (an asset catalog another
  /// target builds). One line in the PBXBuildFile section, one item last in the phase's files.
  @discardableResult
  mutating func addBuildFile(reference: String, phase: String) throws(EditError) -> String {
    guard let referenceObject = object(reference),
      referenceObject["isa"]?.string == "PBXFileReference"
    else { throw refuse("\(reference) is not a file reference") }
    guard object(phase)?["files"]?.array != nil else {
      throw refuse("\(phase) is not a build phase with files")
    }
    let path = referenceObject["path"]?.string ?? ""
    let shownName = referenceObject["name"]?.string ?? PathText.lastComponent(path)
    let phaseName = object(phase)?["name"]?.string ?? "Resources"
    guard !shownName.contains("*/"), !shownName.unicodeScalars.contains("\n"),
      !phaseName.contains("*/")
    else {
      throw refuse("\(shownName.debugDescription) cannot be written in a comment")
    }
    let buildFileID = PbxprojText.newIdentifier(
      in: bytes, name: path + " in " + phaseName, taken: [reference])
    var expected = tree
    expected.update(["objects", buildFileID]) {
      $0 = .dictionary([
        "isa": .string("PBXBuildFile"), "fileRef": .string(PlistText(reference)),
      ])
    }
    expected.update(["objects", phase, "files"]) {
      $0 = .array(($0?.array ?? []) + [.string(PlistText(buildFileID))])
    }
    var draft = self
    try draft.insertObject(
      section: "PBXBuildFile", id: buildFileID,
      line:
        "\(buildFileID) /* \(shownName) in \(phaseName) */ = {isa = PBXBuildFile; fileRef = \(reference) /* \(shownName) */; };"
    )
    try draft.appendItem(
      of: phase, key: "files", "\(buildFileID) /* \(shownName) in \(phaseName) */")
    try draft.verify(expecting: expected)
    self = draft
    return buildFileID
  }
}
