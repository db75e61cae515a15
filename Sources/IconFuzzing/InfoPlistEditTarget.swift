#if DEBUG
  import FoundationEssentials
  @testable import IconEdit

  extension FuzzTarget {
    /// The bytes as an Info.plist to add an alternate icon to. Beyond not crashing: a successful
    /// edit must read back, with Foundation, as the old plist plus exactly the new entry (checked
    /// here again, apart from the editor's own check), and removing the entry (and the
    /// dictionaries the edit made) must give the original bytes back when the plist is XML and
    /// the dictionary the entry went into was `<dict/>` or held something already.
    func infoPlistEdit(_ data: Data) -> Outcome {
      guard let (parsed, _) = InfoPlistEditor.parse([UInt8](data)), parsed is [String: Any]
      else { return .rejected(message: "not a dictionary Foundation reads") }
      let bytes = [UInt8](data)
      let path = ["CFBundleIcons", "CFBundleAlternateIcons", "Fuzz & <Blue>"]
      let value: PlistValue = .dictionary([
        ("CFBundleIconName", .string("Fuzz & <Blue>")), ("UIPrerenderedIcon", .bool(true)),
      ])
      do {
        var editor = try InfoPlistEditor(
          file: URL(fileURLWithPath: "/fuzz/Info.plist"), bytes: bytes)
        try editor.set(value, at: path)
        let reparsed = InfoPlistEditor.parse(editor.bytes)?.0
        let expected = try? FoundationTree.updating(parsed, at: path[...]) { _ in
          value.foundationValue
        }
        guard let reparsed, let expected, InfoPlistTree(reparsed) == InfoPlistTree(expected) else {
          preconditionFailure("infoplistedit: the edited plist is not the old one plus the entry")
        }
        let promised = Self.promisesIdentity(bytes, path: path, isBinary: editor.isBinary)
        try editor.remove(at: path)
        let made = (1..<path.count).reversed().map { Array(path.prefix($0)) }.filter {
          FoundationTree.value(parsed, at: $0) == nil
        }
        for parent in made { try editor.removeIfEmpty(at: parent) }
        if promised {
          precondition(editor.bytes == bytes, "infoplistedit: add then remove changed the bytes")
        }
        return .read(
          summary: "\(editor.isBinary ? "binary" : "XML"): added and removed"
            + (promised ? ", byte-identical" : ""))
      } catch {
        return .rejected(message: error.description)
      }
    }

    /// Whether removing what `set` added at `path` gives the same bytes: XML, the key not there
    /// before, and the dictionary it went into either `<dict/>` or holding a child already.
    static func promisesIdentity(_ bytes: [UInt8], path: [String], isBinary: Bool) -> Bool {
      guard !isBinary, let root = try? XMLPlistScanner.scan(bytes) else { return false }
      var element = root
      for key in path {
        guard let (_, child) = element.child(key) else {
          return element.isEmptyForm || !element.children.isEmpty
        }
        guard child.kind == .dictionary else { return false }
        element = child
      }
      return false
    }
  }
#endif
