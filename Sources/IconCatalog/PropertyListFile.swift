import Foundation

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
