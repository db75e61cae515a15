import FoundationEssentials
import IconRender

/// The PNG files of one input image at the pixel sizes slots ask for: the input's own bytes
/// where the size is the input's, otherwise its pixels resampled down and encoded. Each size is
/// made once.
struct IconPNGSizes {
  let image: IconImageInput
  private var made: [Int: [UInt8]] = [:]

  init(_ image: IconImageInput) {
    self.image = image
  }

  /// The PNG's bytes at `side` × `side` pixels. Never enlarges: a side over the input's is
  /// refused.
  mutating func png(side: Int) throws(EditError) -> [UInt8] {
    if let bytes = made[side] { return bytes }
    guard let pixels = image.pixels, let original = image.bytes else {
      throw .badImage(
        file: image.file.path,
        reason: "an Icon Composer .icon folder cannot fill a PNG slot: give a PNG image")
    }
    guard side >= 1, side <= pixels.width else {
      throw .badImage(
        file: image.file.path,
        reason:
          "a slot needs \(side)×\(side) pixels, more than the image's \(pixels.width)×\(pixels.height): give a larger image"
      )
    }
    let bytes: [UInt8]
    if side == pixels.width {
      bytes = original
    } else {
      let resized = Downscale.resize(pixels, width: side, height: side)
      do {
        bytes = try PNGMemoryEncoder.encodeForFile(resized)
      } catch {
        throw .badImage(
          file: image.file.path, reason: "cannot be encoded at \(side)×\(side): \(error)")
      }
    }
    made[side] = bytes
    return bytes
  }
}

/// What `add` prints about an image it used as it is.
enum IconImageWarnings {
  /// Transparency in the image that fills the App Store slot, or an alpha channel copied with
  /// its bytes: App Store Connect refuses either (ITMS-90717). Nothing is flattened: the
  /// image is the user's.
  static func appStore(_ image: IconImageInput, copiedUnchanged: Bool) -> [String] {
    guard case .png(_, _, let hasAlphaChannel) = image.content else { return [] }
    let name = image.file.lastPathComponent
    if image.hasTransparentPixels {
      return [
        "\(name) has transparent pixels, kept as they are: App Store Connect refuses an app icon with transparency or an alpha channel (ITMS-90717); put the icon on an opaque background and save it without alpha"
      ]
    }
    if copiedUnchanged, hasAlphaChannel {
      return [
        "\(name) has an alpha channel (every pixel is opaque), copied as it is: App Store Connect refuses an app icon with an alpha channel (ITMS-90717); save it without alpha"
      ]
    }
    return []
  }
}
