import Foundation

/// A folder of the test's own, removed afterwards; or (`init(at:)`) a folder inside one the
/// caller owns, made if need be and left for its owner to remove.
public final class ScratchFolder {
  public let url: URL
  private let removesItself: Bool

  public init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "iconpick-edit-\(UUID().uuidString)", isDirectory: true)
    removesItself = true
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// `url`, made if it is not there, and not removed by this value.
  public init(at url: URL) throws {
    self.url = url
    removesItself = false
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { if removesItself { try? FileManager.default.removeItem(at: url) } }

  public func file(_ relative: String) -> URL { url.appendingPathComponent(relative) }

  @discardableResult
  public func write(_ relative: String, _ text: String) throws -> URL {
    try write(relative, data: Data(text.utf8))
  }

  @discardableResult
  public func write(_ relative: String, data: Data) throws -> URL {
    let file = file(relative)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: file)
    return file
  }

  public func read(_ relative: String) -> String? {
    FileManager.default.contents(atPath: file(relative).path).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  public func exists(_ relative: String) -> Bool {
    FileManager.default.fileExists(atPath: file(relative).path)
  }
}
