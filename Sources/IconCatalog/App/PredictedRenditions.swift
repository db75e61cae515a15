import FoundationEssentials

extension AppIcons {
  /// The images the build would give `icon`, predicted from the sources, in the terms
  /// `builtRenditions(of:car:)` gives a built app's: each image file of its set (a slot naming a
  /// file that is there) and each loose PNG `CFBundleIconFiles` names, with its size in pixels (a
  /// set's slot from its size and scale, a loose file from its header, as the built app's loose
  /// files are measured); slots for another platform (`watchos`, `macos`) are left out. An Icon
  /// Composer `.icon` has no images of its own here: actool draws every size from it, which
  /// `check --against` allows for.
  public func predictedRenditions(of icon: AppIcon) -> [BuiltRendition] {
    var seen = Set<String>()
    return icon.renditions.compactMap { rendition -> BuiltRendition? in
      // actool compiles the slots of the app's platform (a set may hold watchOS and Mac ones).
      guard rendition.kind == .image, let file = rendition.file,
        rendition.platform.map({ $0.lowercased() == platform.argument }) ?? true,
        seen.insert(file.path + "|\(rendition.idiom)|\(rendition.scale)").inserted,
        ArchivedFiles.fileExists(file)
      else { return nil }
      let inSet = file.deletingLastPathComponent().pathExtension == "appiconset"
      return BuiltRendition(
        source: file.path, idiom: rendition.idiom, size: rendition.pointSize,
        scale: rendition.scale, appearance: rendition.appearance.rawValue,
        pixels: inSet ? rendition.pixelSize : Self.pngWidth(of: file))
    }
  }
}
