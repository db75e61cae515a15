import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// PNG's row filters undone (None, Sub, Up, Average, Paeth; PNG spec §9), for `FastPNG`.
///
/// `filtered` holds `height` rows of a filter-type byte then `width × channels` bytes; the
/// pixels go to `output`, rows packed. `rows` may write over `filtered` itself (`output` its
/// first byte): each byte is read before anything is written there. Each returns false at a filter type past 4 (libpng refuses
/// such a file, and the caller hands it to libpng).
///
/// `reference` is the plain reading of the spec, kept as the tests' and `make bench`'s baseline;
/// `rows` is the one used: raw pointers, the bytes per pixel a constant in each loop, and Paeth
/// and Average a pixel at a time in SIMD lanes.
enum Unfilter {
  /// The spec, byte by byte, with a zero row above the first.
  static func reference(
    _ filtered: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>, width: Int,
    height: Int, channels: Int
  ) -> Bool {
    let rowBytes = width * channels
    var prior = [UInt8](repeating: 0, count: rowBytes)
    var row = [UInt8](repeating: 0, count: rowBytes)
    for y in 0..<height {
      let start = y * (rowBytes + 1)
      let type = filtered[start]
      for i in 0..<rowBytes {
        let x = Int(filtered[start + 1 + i])
        let a = i >= channels ? Int(row[i - channels]) : 0
        let b = Int(prior[i])
        let c = i >= channels ? Int(prior[i - channels]) : 0
        let predictor: Int
        switch type {
        case 0: predictor = 0
        case 1: predictor = a
        case 2: predictor = b
        case 3: predictor = (a + b) / 2
        case 4:
          let p = a + b - c
          let pa = abs(p - a)
          let pb = abs(p - b)
          let pc = abs(p - c)
          predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
        default: return false
        }
        row[i] = UInt8((x + predictor) & 0xFF)
      }
      (output + y * rowBytes).update(from: row, count: rowBytes)
      swap(&row, &prior)
    }
    return true
  }

  /// The fast version of `reference`, with the same results.
  static func rows(
    _ filtered: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<UInt8>, width: Int,
    height: Int, channels: Int
  ) -> Bool {
    channels == 4
      ? rows(filtered, into: output, width: width, height: height, bpp: 4)
      : rows(filtered, into: output, width: width, height: height, bpp: 3)
  }

  @inline(__always)
  private static func rows(
    _ source: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<UInt8>, width: Int,
    height: Int, bpp: Int
  ) -> Bool {
    let rowBytes = width * bpp
    for y in 0..<height {
      let line = source + y * (rowBytes + 1)
      let input = line + 1
      let row = output + y * rowBytes
      let prior = UnsafePointer(row - rowBytes)  // only read when y > 0
      switch line[0] {
      case 0:
        memmove(row, input, rowBytes)
      case 1:
        sub(input, row, rowBytes, bpp)
      case 2:
        if y == 0 {
          memmove(row, input, rowBytes)
        } else {
          for i in 0..<rowBytes { row[i] = input[i] &+ prior[i] }
        }
      case 3:
        if y == 0 {
          for i in 0..<bpp { row[i] = input[i] }
          for i in bpp..<rowBytes { row[i] = input[i] &+ (row[i - bpp] >> 1) }
        } else {
          average(input, row, prior, rowBytes, bpp)
        }
      case 4:
        if y == 0 {
          sub(input, row, rowBytes, bpp)  // Paeth with a zero row above is Sub
        } else {
          paeth(input, row, prior, rowBytes, bpp)
        }
      default:
        return false
      }
    }
    return true
  }

  /// A pixel's bytes as lanes. RGB is read as four bytes (the fourth, unused, from the next
  /// pixel or row) except at the end of a row (`last`), where the fourth might not exist.
  @inline(__always)
  private static func load(
    _ pointer: UnsafePointer<UInt8>, _ bpp: Int, last: Bool = false
  ) -> SIMD4<Int16> {
    if bpp == 3 && last {
      return SIMD4(Int16(pointer[0]), Int16(pointer[1]), Int16(pointer[2]), 0)
    }
    return SIMD4<Int16>(
      truncatingIfNeeded: UnsafeRawPointer(pointer).loadUnaligned(as: SIMD4<UInt8>.self))
  }

  /// Stores `bpp` lanes, through a general-purpose register for RGB (lanes taken one by one go
  /// through the stack, and stall).
  @inline(__always)
  private static func store(
    _ value: SIMD4<Int16>, _ pointer: UnsafeMutablePointer<UInt8>, _ bpp: Int
  ) {
    let word = unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: value), to: UInt32.self)
    if bpp == 4 {
      UnsafeMutableRawPointer(pointer).storeBytes(of: word, as: UInt32.self)
    } else {
      UnsafeMutableRawPointer(pointer).storeBytes(
        of: UInt16(truncatingIfNeeded: word), as: UInt16.self)
      pointer[2] = UInt8(truncatingIfNeeded: word >> 16)
    }
  }

  @inline(__always)
  private static func sub(
    _ input: UnsafePointer<UInt8>, _ row: UnsafeMutablePointer<UInt8>, _ count: Int, _ bpp: Int
  ) {
    var left = SIMD4<Int16>.zero
    for offset in stride(from: 0, to: count, by: bpp) {
      left = (load(input + offset, bpp, last: offset + bpp == count) &+ left) & 0xFF
      store(left, row + offset, bpp)
    }
  }

  @inline(__always)
  private static func average(
    _ input: UnsafePointer<UInt8>, _ row: UnsafeMutablePointer<UInt8>,
    _ prior: UnsafePointer<UInt8>, _ count: Int, _ bpp: Int
  ) {
    var left = SIMD4<Int16>.zero
    for offset in stride(from: 0, to: count, by: bpp) {
      let last = offset + bpp == count
      let above = load(prior + offset, bpp, last: last)
      left = (load(input + offset, bpp, last: last) &+ ((left &+ above) &>> 1)) & 0xFF
      store(left, row + offset, bpp)
    }
  }

  /// Paeth a pixel at a time: the three distances and both choices in lanes, no branches.
  @inline(__always)
  private static func paeth(
    _ input: UnsafePointer<UInt8>, _ row: UnsafeMutablePointer<UInt8>,
    _ prior: UnsafePointer<UInt8>, _ count: Int, _ bpp: Int
  ) {
    var a = SIMD4<Int16>.zero
    var c = SIMD4<Int16>.zero
    for offset in stride(from: 0, to: count, by: bpp) {
      let last = offset + bpp == count
      let b = load(prior + offset, bpp, last: last)
      let toA = b &- c  // p - a
      let toB = a &- c  // p - b
      let toC = toA &+ toB  // p - c
      let pa = pointwiseMax(toA, 0 &- toA)
      let pb = pointwiseMax(toB, 0 &- toB)
      let pc = pointwiseMax(toC, 0 &- toC)
      var predictor = c
      predictor.replace(with: b, where: pb .<= pc)
      predictor.replace(with: a, where: (pa .<= pb) .& (pa .<= pc))
      a = (load(input + offset, bpp, last: last) &+ predictor) & 0xFF
      store(a, row + offset, bpp)
      c = b
    }
  }
}
