import Foundation
import IconRender

/// kitty's graphics protocol: raw RGBA (`f=32`) in base64, in chunks of at most 4096 bytes
/// (the protocol's limit per escape), transmitted and placed at once (`a=T`), scaled to the
/// placement's cells (`c`, `r`), without moving the cursor (`C=1`) and without replies
/// (`q=2`), so nothing the terminal answers reaches the key reader.
public struct KittyEncoder: TerminalImageEncoder {
  public var graphicsProtocol: GraphicsProtocol { .kitty }
  public var erasesByRedrawingCells: Bool { false }
  /// The base64 bytes per escape: kitty's limit.
  static let chunkSize = 4096

  public init() {}

  public func draw(_ image: RGBAImage, id: UInt32, at placement: CellPlacement) -> [UInt8] {
    Array("\u{1B}[\(placement.row + 1);\(placement.column + 1)H".utf8)
      + drawAtCursor(image, id: id, columns: placement.columns, rows: placement.rows)
  }

  public func drawAtCursor(_ image: RGBAImage, id: UInt32, columns: Int, rows: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    let payload = Array(Data(image.pixels).base64EncodedString().utf8)
    var start = 0
    var first = true
    repeat {
      let end = min(payload.count, start + Self.chunkSize)
      let more = end < payload.count ? 1 : 0
      var control = "m=\(more)"
      if first {
        control =
          "a=T,f=32,s=\(image.width),v=\(image.height),i=\(id),c=\(columns),"
          + "r=\(rows),C=1,q=2,\(control)"
      }
      bytes += Array("\u{1B}_G\(control);".utf8)
      bytes += payload[start..<end]
      bytes += Array("\u{1B}\\".utf8)
      start = end
      first = false
    } while start < payload.count
    return bytes
  }

  /// Deletes the image and its placements (`d=I` frees its memory too).
  public func erase(id: UInt32) -> [UInt8] {
    Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)
  }
}
