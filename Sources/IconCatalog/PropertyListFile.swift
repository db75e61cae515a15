import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Loads any property list file: XML, binary or the old ASCII format (which `project.pbxproj` uses).
/// Foundation does the parsing; this only turns its failures into `IconCatalogError`.
enum PropertyListFile {
  static func read(_ file: URL) throws(IconCatalogError) -> Any {
    let data = try FileData.read(file)
    do {
      return try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      throw .unreadablePlist(file: file.path, reason: FileData.reason(error))
    }
  }

  /// A dictionary at the top, as Info.plist and project.pbxproj have.
  static func readDictionary(_ file: URL) throws(IconCatalogError) -> [String: Any] {
    guard let dictionary = try read(file) as? [String: Any] else {
      throw .unreadablePlist(file: file.path, reason: "the top level is not a dictionary")
    }
    return dictionary
  }
}

/// Reading a whole file, with failures reported against that file.
enum FileData {
  static func read(_ file: URL) throws(IconCatalogError) -> Data {
    do {
      return try Data(contentsOf: file)
    } catch {
      throw .unreadableFile(file: file.path, reason: reason(error))
    }
  }

  /// The file's bytes, or nil when there is no such file. Small files are read with plain
  /// open/read: Data(contentsOf:) costs several times more, which a catalog of thousands of
  /// Contents.json files feels. Any failure but a missing file goes through Foundation for its
  /// message.
  static func readIfPresent(_ file: URL) throws(IconCatalogError) -> Data? {
    let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 {
      if errno == ENOENT { return nil }
      return try read(file)
    }
    defer { close(descriptor) }
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 16384)
    while true {
      let count = chunk.withUnsafeMutableBytes {
        Foundation.read(descriptor, $0.baseAddress, $0.count)
      }
      if count == 0 { return data }
      if count < 0 {
        if errno == EINTR { continue }
        return try read(file)
      }
      data.append(contentsOf: chunk[0..<count])
    }
  }

  static func readText(_ file: URL) throws(IconCatalogError) -> String {
    let data = try read(file)
    guard let text = String(data: data, encoding: .utf8) else {
      throw .unreadableFile(file: file.path, reason: "not UTF-8 text")
    }
    return text
  }

  /// Foundation puts the useful detail in NSDebugDescription; localizedDescription is often generic.
  static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let debug = nsError.userInfo[NSDebugDescriptionErrorKey] as? String, !debug.isEmpty {
      return IconCatalogError.oneLine(debug)
    }
    return IconCatalogError.oneLine(nsError.localizedDescription)
  }
}
