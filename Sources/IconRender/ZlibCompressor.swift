import CDeflate

/// Whole-buffer zlib (RFC 1950) compression by libdeflate, for kitty's images (`o=z`): a
/// preview's raw RGBA compresses about tenfold (Palette's 310×280 px panes: 347,200 bytes to
/// 33,700–35,100 at level 1), so far fewer bytes reach the terminal.
public enum ZlibCompressor {
  /// libdeflate's level 1, its fastest. Measured on Palette's 310×280 px panes (one busy 2-core
  /// machine): level 1 2.3–2.4 ms and 33,682–35,107 bytes; level 3 2.7–3.5 ms, 31,875–32,923;
  /// level 6 5.6 ms, 29,280–29,704; level 9 14–17 ms, 28,291–29,270. Each level past 1 saves
  /// under a tenth of the bytes for twice the time or more, on every first sending of a preview.
  public static let level: Int32 = 1

  /// `bytes` compressed, or nil when libdeflate cannot (no memory) or the result is no smaller.
  public static func compress(_ bytes: [UInt8], level: Int32 = level) -> [UInt8]? {
    guard !bytes.isEmpty, let compressor = cd_libdeflate_alloc_compressor(level) else { return nil }
    defer { cd_libdeflate_free_compressor(compressor) }
    var output = [UInt8](repeating: 0, count: bytes.count)
    let written = bytes.withUnsafeBytes { input in
      output.withUnsafeMutableBytes { out in
        cd_libdeflate_zlib_compress(
          compressor, input.baseAddress, input.count, out.baseAddress, out.count)
      }
    }
    // 0: it did not fit in the input's size, so it would not have saved anything.
    guard written > 0 else { return nil }
    output.removeSubrange(written...)
    return output
  }

  /// The inverse: `bytes` inflated to exactly `size` bytes, or nil (what a terminal does with
  /// `o=z`; the tests read back what was sent with it).
  public static func decompress(_ bytes: [UInt8], size: Int) -> [UInt8]? {
    guard size >= 0, let decompressor = cd_libdeflate_alloc_decompressor() else { return nil }
    defer { cd_libdeflate_free_decompressor(decompressor) }
    var output = [UInt8](repeating: 0, count: size)
    var produced = 0
    let result = bytes.withUnsafeBytes { input in
      output.withUnsafeMutableBytes { out in
        cd_libdeflate_zlib_decompress(
          decompressor, input.baseAddress, input.count, out.baseAddress, out.count, &produced)
      }
    }
    return result == LIBDEFLATE_SUCCESS && produced == size ? output : nil
  }
}
