import FoundationEssentials
import IconRender

/// iTerm2's inline images: `OSC 1337 ; File=inline=1;size=N;width=C;height=R;
/// preserveAspectRatio=0 : base64(PNG) BEL`, the PNG made in memory by libpng. The terminal
/// scales it to the placement's cells; it goes only when the cells beneath are written again.
public struct ITermEncoder: TerminalImageEncoder {
  public var graphicsProtocol: GraphicsProtocol { .iterm }
  public var erasesByRedrawingCells: Bool { true }

  public init() {}

  public func draw(_ image: RGBAImage, id: UInt32, at placement: CellPlacement) -> [UInt8] {
    Array("\u{1B}[\(placement.row + 1);\(placement.column + 1)H".utf8)
      + drawAtCursor(image, id: id, columns: placement.columns, rows: placement.rows)
  }

  public func drawAtCursor(_ image: RGBAImage, id: UInt32, columns: Int, rows: Int) -> [UInt8] {
    guard let png = try? PNGMemoryEncoder.encode(image) else { return [] }
    var bytes = Array(
      "\u{1B}]1337;File=inline=1;size=\(png.count);width=\(columns);height=\(rows);"
        .utf8)
    bytes += Array("preserveAspectRatio=0:".utf8)
    bytes += Array(Data(png).base64EncodedString().utf8)
    bytes.append(0x07)
    return bytes
  }

  public func erase(id: UInt32) -> [UInt8] { [] }
}
