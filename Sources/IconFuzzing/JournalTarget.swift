import FoundationEssentials
import IconCatalog
import IconEdit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FuzzTarget {
  /// The bytes kept as each blob of the journal folder: what a seed's originals are.
  static let journalOriginal = Data("old\n".utf8)

  /// A change journal (`.iconpick/journal`) read as a command reads it: the bytes as the file,
  /// then the bytes as a journal's body under a header that fits it (so the fuzzer reaches the
  /// JSON and the entries' checks past the checksum). Either one is refused (`ChangeJournal`'s
  /// reason, `EditError`), or recovery rolls it back inside the workspace and leaves no journal.
  /// A journal that decodes must encode to one that decodes the same.
  func journal(_ data: Data, _ space: Workspace) -> Outcome {
    let bytes = [UInt8](data)
    let asFile = journalRun(bytes, space)
    space.reset()
    let body = Array("iconpick journal 1\n\(bytes.count) \(ChangeJournal.checksum(bytes))\n".utf8)
    let asBody = journalRun(body + bytes, space)
    switch (asFile, asBody) {
    case (.read(let file), .read(let body)): return .read(summary: "file: \(file); body: \(body)")
    case (.read(let file), .rejected): return .read(summary: "file: \(file)")
    case (.rejected, .read(let body)): return .read(summary: "body: \(body)")
    case (.rejected(let file), .rejected(let body)):
      return .rejected(message: file == body ? file : "file: \(file) | body: \(body)")
    default: return .unavailable
    }
  }

  private func journalRun(_ bytes: [UInt8], _ space: Workspace) -> Outcome {
    let journal: ChangeJournal
    do {
      journal = try ChangeJournal.decode(bytes)
    } catch {
      return .rejected(message: error.reason)
    }
    guard let again = try? ChangeJournal.decode(journal.encoded()), again == journal else {
      preconditionFailure("journal: a journal read back does not encode to the same journal")
    }
    space.write(Data("new\n".utf8), to: "App/Info.plist")
    for entry in journal.entries {
      if let blob = entry.original {
        space.write(Self.journalOriginal, to: ".iconpick/\(blob.file)")
      }
    }
    space.write(Data(bytes), to: ".iconpick/journal")
    let lines: [String]
    do {
      lines = try ChangeRecovery.recover(near: space.root)
    } catch {
      let message = error.description
      precondition(!message.contains("\n"), "journal: a message of more than one line")
      precondition(
        FileManager.default.fileExists(atPath: space.root.path + "/.iconpick/journal"),
        "journal: a refused journal was deleted")
      return .rejected(message: message)
    }
    precondition(
      !FileManager.default.fileExists(atPath: space.root.path + "/.iconpick/journal"),
      "journal: recovered, yet the journal is still there")
    return .read(summary: "\(journal.entries.count) entries; \(lines.joined(separator: " "))")
  }
}
