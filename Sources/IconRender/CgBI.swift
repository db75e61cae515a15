import FoundationEssentials

/// Apple's CgBI pixels made ordinary: BGR(A) with premultiplied alpha becomes RGB(A) with
/// straight alpha, as libpng would give the same image saved as a standard PNG.
enum CgBI {
  /// Swaps blue and red in place and, where alpha is neither 0 nor 255, divides it out
  /// (rounded, capped at 255: a premultiplied sample can never exceed its alpha in a real
  /// file, but a hostile one may).
  static func toStraightRGBA(_ pixels: inout [UInt8], channels: Int) {
    pixels.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      let count = buffer.count / channels
      if channels == 3 {
        for pixel in 0..<count {
          let p = base + pixel * 3
          let blue = p[0]
          p[0] = p[2]
          p[2] = blue
        }
        return
      }
      for pixel in 0..<count {
        let p = base + pixel * 4
        let alpha = UInt32(p[3])
        let blue = p[0]
        p[0] = p[2]
        p[2] = blue
        if alpha == 255 || alpha == 0 { continue }
        for channel in 0..<3 {
          p[channel] = UInt8(min(255, (UInt32(p[channel]) * 255 + alpha / 2) / alpha))
        }
      }
    }
  }
}

/// PNG's Adam7 interlacing (PNG spec §8.2): seven passes, each a small image of its own with
/// its own filtered rows, spread over the whole.
enum Adam7 {
  struct Pass {
    let x: Int
    let y: Int
    let dx: Int
    let dy: Int
    let width: Int
    let height: Int
  }

  private static let starts: [(x: Int, y: Int, dx: Int, dy: Int)] = [
    (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
    (0, 1, 1, 2),
  ]

  /// The passes of a `width`×`height` image; an empty pass (no column or no row) has no bytes,
  /// not even filter bytes.
  static func passes(width: Int, height: Int) -> [Pass] {
    starts.map { start in
      Pass(
        x: start.x, y: start.y, dx: start.dx, dy: start.dy,
        width: width > start.x ? (width - start.x + start.dx - 1) / start.dx : 0,
        height: height > start.y ? (height - start.y + start.dy - 1) / start.dy : 0)
    }
  }

  /// The inflated passes of `filtered` unfiltered and placed: rows packed, nil at a filter type
  /// past Paeth.
  static func deinterlace(_ filtered: [UInt8], _ layout: FastPNG.Layout) -> [UInt8]? {
    let channels = layout.channels
    let rowBytes = layout.rowBytes
    var output = [UInt8](repeating: 0, count: rowBytes * layout.height)
    var scratch = [UInt8]()
    var offset = 0
    for pass in passes(width: layout.width, height: layout.height)
    where pass.width > 0 && pass.height > 0 {
      let passRow = pass.width * channels
      let size = pass.height * (1 + passRow)
      guard offset + size <= filtered.count else { return nil }
      scratch.removeAll(keepingCapacity: true)
      scratch.append(contentsOf: repeatElement(0, count: passRow * pass.height))
      let unfiltered = filtered.withUnsafeBufferPointer { source in
        scratch.withUnsafeMutableBufferPointer { target in
          Unfilter.rows(
            source.baseAddress! + offset, into: target.baseAddress!, width: pass.width,
            height: pass.height, channels: channels)
        }
      }
      guard unfiltered else { return nil }
      offset += size
      for row in 0..<pass.height {
        let y = pass.y + row * pass.dy
        for column in 0..<pass.width {
          let from = row * passRow + column * channels
          let to = y * rowBytes + (pass.x + column * pass.dx) * channels
          for channel in 0..<channels { output[to + channel] = scratch[from + channel] }
        }
      }
    }
    return output
  }
}
