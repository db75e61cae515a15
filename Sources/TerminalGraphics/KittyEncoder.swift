import FoundationEssentials
import IconRender

/// kitty's graphics protocol: raw RGBA (`f=32`), zlib-compressed (`o=z`, `ZlibCompressor`),
/// in base64, in chunks of at most 4096 bytes (the protocol's limit per escape), scaled to the
/// placement's cells (`c`, `r`), without moving the cursor (`C=1`) and without replies
/// (`q=2`), so nothing the terminal answers reaches the key reader.
///
/// kitty keeps what it is sent by image id: `transmit` sends an image once and places it
/// (`a=T`), `place` puts the kept image on other cells for a few bytes (`a=p`), each placement
/// named by a placement id (`p`) that `removePlacement` takes away again (`d=i`, the pixels
/// kept). `draw` (for `show`) sends and places in one go.
public struct KittyEncoder: StoredImageEncoder {
  public var graphicsProtocol: GraphicsProtocol { .kitty }
  public var erasesByRedrawingCells: Bool { false }
  /// The base64 bytes per escape: kitty's limit.
  static let chunkSize = 4096

  public init() {}

  public func draw(_ image: RGBAImage, id: UInt32, at placement: CellPlacement) -> [UInt8] {
    Self.moveTo(placement)
      + drawAtCursor(image, id: id, columns: placement.columns, rows: placement.rows)
  }

  public func drawAtCursor(_ image: RGBAImage, id: UInt32, columns: Int, rows: Int) -> [UInt8] {
    Self.transmit(image, control: "a=T,i=\(id),c=\(columns),r=\(rows),C=1")
  }

  public func transmit(
    _ image: RGBAImage, id: UInt32, placementID: UInt32, at placement: CellPlacement
  ) -> [UInt8] {
    Self.moveTo(placement)
      + Self.transmit(
        image,
        control: "a=T,i=\(id),p=\(placementID),c=\(placement.columns),r=\(placement.rows),C=1")
  }

  public func place(id: UInt32, placementID: UInt32, at placement: CellPlacement) -> [UInt8] {
    Self.moveTo(placement)
      + Array(
        ("\u{1B}_Ga=p,i=\(id),p=\(placementID),c=\(placement.columns),r=\(placement.rows),"
          + "C=1,q=2\u{1B}\\").utf8)
  }

  /// Takes one placement away and keeps the image (lower-case `d=i`: the pixels stay).
  public func removePlacement(id: UInt32, placementID: UInt32) -> [UInt8] {
    Array("\u{1B}_Ga=d,d=i,i=\(id),p=\(placementID),q=2\u{1B}\\".utf8)
  }

  /// Deletes the image and its placements (`d=I` frees its memory too).
  public func erase(id: UInt32) -> [UInt8] {
    Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)
  }

  private static func moveTo(_ placement: CellPlacement) -> [UInt8] {
    Array("\u{1B}[\(placement.row + 1);\(placement.column + 1)H".utf8)
  }

  /// The image's pixels in chunks, `control` (what to do with them) on the first.
  private static func transmit(_ image: RGBAImage, control: String) -> [UInt8] {
    var bytes: [UInt8] = []
    let compressed = ZlibCompressor.compress(image.pixels)
    let payload = Array(Data(compressed ?? image.pixels).base64EncodedString().utf8)
    let format = compressed == nil ? "f=32" : "f=32,o=z"
    var start = 0
    var first = true
    repeat {
      let end = min(payload.count, start + Self.chunkSize)
      let more = end < payload.count ? 1 : 0
      var keys = "m=\(more)"
      if first {
        keys = "\(format),s=\(image.width),v=\(image.height),\(control),q=2,\(keys)"
      }
      bytes += Array("\u{1B}_G\(keys);".utf8)
      bytes += payload[start..<end]
      bytes += Array("\u{1B}\\".utf8)
      start = end
      first = false
    } while start < payload.count
    return bytes
  }
}
