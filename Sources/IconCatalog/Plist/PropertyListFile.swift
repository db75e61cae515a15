import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Loads any property list file: XML, binary or the old ASCII format (which `project.pbxproj` uses).
/// Foundation does the parsing; this only turns its failures into `IconCatalogError`.
enum PropertyListFile {
  static func read(_ file: URL, limit: FileLimit = FileLimits.infoPlist) throws(IconCatalogError)
    -> Any
  {
    try parse(try FileData.read(file, limit: limit), file: file)
  }

  /// Parses a property list's bytes; `file` names it in errors (also a file inside an `.ipa`).
  static func parse(_ data: Data, file: URL) throws(IconCatalogError) -> Any {
    if let problem = BinaryPlistLimits.problem(data) {
      throw .unreadablePlist(
        file: file.path, reason: "a binary plist with \(problem), which no real one has")
    }
    if let problem = PlistDepth.problem(data) {
      throw .unreadablePlist(
        file: file.path, reason: "a property list with \(problem), which no real one has")
    }
    if holdsSet(data) {
      throw .unreadablePlist(
        file: file.path,
        reason: "a binary plist holding a set, which Info.plist and projects never do")
    }
    do {
      return try PropertyListValue.decode(data).object
    } catch {
      var reason = FileData.reason(error)
      if PropertyListValue.format(of: data) == .xml {
        reason = PlistSyntaxLine.corrected(reason, xml: [UInt8](data))
      }
      throw .unreadablePlist(file: file.path, reason: reason)
    }
  }

  /// True for a binary plist with a set object (marker 0xCn) in its offset table. Foundation on
  /// Linux crashes bridging such a set to Swift (a bad pointer in swift_dynamicCast), and no plist
  /// iconpick reads has one (XML and ASCII plists cannot even write one).
  static func holdsSet(_ data: Data) -> Bool {
    let bytes = [UInt8](data)
    guard bytes.count >= 40, bytes.starts(with: Array("bplist".utf8)) else { return false }
    func number(at start: Int, size: Int) -> Int? {
      guard start >= 0, size <= 8, start + size <= bytes.count else { return nil }
      let value = bytes[start..<start + size].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
      return Int(exactly: value)
    }
    let trailer = bytes.count - 32
    let offsetSize = Int(bytes[trailer + 6])
    // A trailer Foundation cannot use is refused by Foundation itself.
    guard (1...8).contains(offsetSize), let count = number(at: trailer + 8, size: 8),
      let table = number(at: trailer + 24, size: 8), table < trailer
    else { return false }
    for index in 0..<min(count, (trailer - table) / offsetSize) {
      if let offset = number(at: table + index * offsetSize, size: offsetSize),
        offset < bytes.count, bytes[offset] >> 4 == 0xC
      {
        return true
      }
    }
    return false
  }

  /// A dictionary at the top, as Info.plist and project.pbxproj have.
  static func readDictionary(_ file: URL, limit: FileLimit = FileLimits.infoPlist)
    throws(IconCatalogError) -> [String: Any]
  {
    guard let dictionary = try read(file, limit: limit) as? [String: Any] else {
      throw .unreadablePlist(file: file.path, reason: "the top level is not a dictionary")
    }
    return dictionary
  }
}

/// Reading a whole file, with failures reported against that file: through `RegularFile`, so
/// only a regular file within the limit for its kind is read, and a FIFO never blocks.
enum FileData {
  static func read(_ file: URL, limit: FileLimit) throws(IconCatalogError) -> Data {
    do {
      return Data(try RegularFile.read(file.path, limit: limit))
    } catch {
      throw refusal(error, file: file)
    }
  }

  /// The file's bytes, or nil when there is no such file.
  static func readIfPresent(_ file: URL, limit: FileLimit) throws(IconCatalogError) -> Data? {
    do {
      return try RegularFile.readIfPresent(file.path, limit: limit).map { Data($0) }
    } catch {
      throw refusal(error, file: file)
    }
  }

  /// The error for a file `RegularFile` refused: a failure of the system's in its words
  /// (`No such file or directory`), never an error value.
  static func refusal(_ refusal: FileRefusal, file: URL) -> IconCatalogError {
    .unreadableFile(file: file.path, reason: refusal.reason)
  }

  static func readText(_ file: URL, limit: FileLimit) throws(IconCatalogError) -> String {
    let data = try read(file, limit: limit)
    guard let text = String(data: data, encoding: .utf8) else {
      throw .unreadableFile(file: file.path, reason: "not UTF-8 text")
    }
    return text
  }

  /// Foundation puts the useful detail in NSDebugDescription; localizedDescription is often generic.
  static func reason(_ error: any Error) -> String {
    if error is DecodingError { return IconCatalogError.oneLine(PropertyListValue.reason(error)) }
    if let error = error as? CocoaError {
      if let debug = error.userInfo["NSDebugDescription"] as? String, !debug.isEmpty {
        return IconCatalogError.oneLine(debug)
      }
    }
    return IconCatalogError.oneLine(MessageText.sentence(error))
  }
}
