import FoundationEssentials
import IconCatalog
import IconRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `marketing-icon-alpha` (the primary's 1024×1024 App Store image, ITMS-90717) and
/// `alpha-channel` (any other iOS icon image): pixels that are not opaque, where Apple requires
/// opacity. Dark and tinted images may be transparent (the system draws its own backdrop), so
/// none of them is looked at, whatever its appearance. A PNG whose header has no alpha channel
/// and no `tRNS` chunk is opaque without decoding; any other is decoded once, however many slots
/// or icons name it.
enum AlphaChecks {
  struct Transparency {
    var transparent: Int
    var total: Int
  }

  static func diagnose(_ app: AppIcons) -> [Diagnostic] {
    // Each file once, in the order found, with the icon that names it first; a file that is also
    // the primary's App Store image is reported as that (an error), not twice.
    var order: [String] = []
    var named: [String: (file: URL, icon: AppIcon, marketing: Bool)] = [:]
    for icon in app.allIcons {
      for rendition in icon.renditions where requiresOpacity(rendition) {
        guard let file = rendition.file else { continue }
        let marketing = icon.isPrimary && isMarketing(rendition)
        if let known = named[file.path] {
          if marketing && !known.marketing { named[file.path] = (file, icon, true) }
        } else {
          order.append(file.path)
          named[file.path] = (file, icon, marketing)
        }
      }
    }
    return order.compactMap { path in
      guard let entry = named[path], let result = transparency(of: entry.file),
        result.transparent > 0
      else { return nil }
      var found = diagnostic(
        id: entry.marketing ? .marketingIconAlpha : .alphaChannel, file: entry.file,
        icon: entry.icon, result: result)
      // Unsafe (it changes artwork), and only the App Store image: a built app's files are not
      // the ones to change.
      if entry.marketing, !app.isBuiltArtifact { found.autofix = .flattenAlpha(file: path) }
      return found
    }
  }

  /// An image of an iOS app icon slot in the any (light) appearance.
  static func requiresOpacity(_ rendition: IconRendition) -> Bool {
    guard rendition.kind == .image, rendition.appearance == .any else { return false }
    switch rendition.idiom {
    case "iphone", "ipad", "ios-marketing": return true
    case "universal": return rendition.platform == nil || rendition.platform == "ios"
    default: return false
    }
  }

  /// The App Store image: the 1024pt @1x ios-marketing slot, or the single-size universal image.
  static func isMarketing(_ rendition: IconRendition) -> Bool {
    rendition.pointSize == 1024 && rendition.scale == 1
      && ["ios-marketing", "universal"].contains(rendition.idiom)
  }

  /// How many pixels are not fully opaque; nil when the file is not a PNG that can be read (other
  /// checks report that) or has no transparency at all.
  static func transparency(of file: URL) -> Transparency? {
    guard let header = try? PNGHeader.read(file: file), header.hasAlpha else { return nil }
    guard
      let image = try? PNGDecoder.decodePixels(
        file: file, maxDimension: 4096, opaqueAsRGB: true), image.channels == 4
    else { return nil }
    var transparent = 0
    image.pixels.withUnsafeBufferPointer { pixels in
      var index = 3
      while index < pixels.count {
        if pixels[index] != 255 { transparent += 1 }
        index += 4
      }
    }
    return Transparency(transparent: transparent, total: image.width * image.height)
  }

  static func diagnostic(id: DiagnosticID, file: URL, icon: AppIcon, result: Transparency)
    -> Diagnostic
  {
    let name = IconChecks.escaped(file.lastPathComponent)
    let share = percent(result.transparent, of: result.total)
    let pixels = "\(result.transparent) of \(result.total) pixels (\(share)) are not opaque"
    if id == .marketingIconAlpha {
      return Diagnostic(
        id: id, file: file.path,
        message:
          "\(name), the 1024×1024 App Store image of the primary icon \"\(IconChecks.escaped(icon.name))\", is transparent: \(pixels); App Store Connect rejects the upload (ITMS-90717: \"Invalid large app icon ... can't be transparent or contain an alpha channel\")",
        fix:
          "Flatten the image onto an opaque background and export it without an alpha channel.")
    }
    return Diagnostic(
      id: id, file: file.path,
      message:
        "\(name) of icon \"\(IconChecks.escaped(icon.name))\" is transparent: \(pixels); iOS app icons must be opaque (iOS shows transparent parts as black)",
      fix: "Flatten the image onto an opaque background and export it without an alpha channel.")
  }

  static func percent(_ part: Int, of whole: Int) -> String {
    guard whole > 0 else { return "0%" }
    let value = Double(part) * 100 / Double(whole)
    if value >= 1 || value == 0 { return "\(Int(value.rounded()))%" }
    return "<1%"
  }
}
