import Foundation

/// What each diagnostic id finds and how to fix it in general, for formats that describe their
/// rules (SARIF's `tool.driver.rules`). A finding's own message and fix say more; an id missing
/// here is described from its name.
public enum DiagnosticRules {
  /// id → (what it finds, what to do about it).
  public static let descriptions: [String: (summary: String, help: String)] = [
    "alternate-without-image": (
      "A declared alternate icon has no icon set and no image files.",
      "Add an .appiconset (or .icon) of that name to a catalog the target builds, or remove the name from the build settings or CFBundleAlternateIcons. setAlternateIconName fails for it."
    ),
    "primary-not-found": (
      "The primary icon has no image.",
      "Add the icon set named by ASSETCATALOG_COMPILER_APPICON_NAME or CFBundleIconName, or fix the name."
    ),
    "icon-file-with-extension": (
      "A CFBundleIconFiles entry written with its extension.",
      "Write the file's name without .png; iOS adds the extension and the scale suffixes."
    ),
    "set-not-shipped": (
      "An icon set the build would not ship.",
      "List it in ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES, set ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS, or delete it."
    ),
    "missing-ipad-declaration": (
      "An alternate missing from CFBundleIcons~ipad in an app that runs on iPad.",
      "Declare it in CFBundleIcons~ipad too, or generate both from the build settings."
    ),
    "missing-file": (
      "A file named in Contents.json is not there.",
      "Add the file, or remove its entry from Contents.json."
    ),
    "wrong-pixel-size": (
      "An image whose pixels are not its slot's size times its scale.",
      "Export the image at the slot's pixel size."
    ),
    "not-square": ("A non-square icon image.", "Export the icon as a square image."),
    "wrong-format": (
      "A file that is not what its extension says (a JPEG named .png, a Git LFS pointer).",
      "Export a real PNG, or fetch the Git LFS object."
    ),
    "names-differ-only-by-case": (
      "Two icon names equal but for case.",
      "Rename one: file systems and the App Store may not tell them apart."
    ),
    "missing-base-configuration": (
      "A base .xcconfig Xcode cannot open (\"Unable to open base configuration reference file\").",
      "Restore the file or fix the reference; under Pods/, run pod install."
    ),
    "missing-include": (
      "A non-optional #include whose file is not there (swift-build: \"could not find included file\").",
      "Restore the file, fix the path, or write #include? if the file is optional."
    ),
    "include-case": (
      "An #include, base configuration or file that Xcode finds only by ignoring case, as on a Mac's case-insensitive volume.",
      "Spell the path as the file is named: a case-sensitive volume or a Linux checkout does not find it."
    ),
    "setting-name-not-found": (
      "A name in ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES with no set of that name, so actool generates no alternate for it.",
      "Add an app icon set of that name, or remove the name from the setting."
    ),
    "icon-json-invalid": (
      "An Icon Composer bundle whose icon.json is missing, unreadable or not a JSON object.",
      "Save the bundle again from Icon Composer."
    ),
    "icon-no-artwork": (
      "An icon.json without groups.", "Add the artwork in Icon Composer."
    ),
    "icon-layer-without-image": (
      "An Icon Composer layer with no image-name.", "Give the layer an image in Icon Composer."
    ),
    "icon-layer-missing-image": (
      "An Icon Composer layer image that is not in the bundle's Assets/.",
      "Add the image to the bundle's Assets/ folder, or remove the layer."
    ),
    "icon-unsafe-image-name": (
      "An Icon Composer image name with /, .., an absolute path or a link out of the bundle.",
      "Keep layer images inside the bundle's Assets/ folder, named without a path."
    ),
    "icon-layer-wrong-format": (
      "An Icon Composer layer file that is not what its extension says.",
      "Export the layer again as SVG or PNG."
    ),
    "icon-bad-color": (
      "A colour string Icon Composer does not write.", "Pick the colour again in Icon Composer."
    ),
    "icon-incomplete-object": (
      "An icon.json object missing a key Icon Composer writes.",
      "Set the value again in Icon Composer."
    ),
    "icon-unknown-value": (
      "An unknown blend mode, fill, shadow kind, lighting or appearance in icon.json.",
      "Choose a value Icon Composer offers."
    ),
    "icon-wrong-type": (
      "An icon.json value of the wrong JSON type.", "Save the bundle again from Icon Composer."
    ),
    "no-app-store-icon": (
      "No 1024×1024 App Store image.", "Add a 1024×1024 image to the icon set."
    ),
    "alpha-channel": (
      "An icon with transparent pixels where Apple requires an opaque image.",
      "Flatten the image onto an opaque background and export it without alpha."
    ),
    "loose-file-in-catalog": (
      "An image directly in an .xcassets folder, where iOS will not find it.",
      "Move it into an icon set or out of the catalog."
    ),
    "hand-written-alternates": (
      "CFBundleAlternateIcons written by hand while build settings also generate it.",
      "Keep one of the two: the build settings, or the Info.plist entries."
    ),
    "setting-name-case": (
      "A name in the app icon build settings that finds its set only when case is ignored.",
      "Spell the name as the icon set is spelled."
    ),
    "unusual-name": (
      "Leading or trailing spaces or control characters in an icon name.",
      "Rename the icon without them."
    ),
    "icon-crashes-actool": (
      "Icon Composer 2 features on which Xcode 26's actool crashes.",
      "Save the bundle from the Icon Composer that matches your Xcode."
    ),
    "icon-no-ios": (
      "supported-platforms without iOS squares.", "Turn on iOS in Icon Composer's platforms."
    ),
    "icon-all-hidden": ("A .icon whose every layer is hidden.", "Show at least one layer."),
    "icon-unused-asset": (
      "A file in a .icon's Assets/ that no layer uses.", "Delete it, or use it in a layer."
    ),
    "icon-svg-text": (
      "<text> in an SVG layer, drawn with whatever fonts the machine has.",
      "Convert the text to outlines."
    ),
    "icon-and-appiconset-same-name": (
      "A .icon and an .appiconset of one name: Xcode 26 drops the set.",
      "Rename or remove one of them."
    ),
    "primary-missing-size": (
      "The primary icon lacks a required size (ITMS-90022, ITMS-90023).",
      "Add a 120×120 iPhone image (and 152×152 and 167×167 iPad images for iPad), or use a single-size 1024 set."
    ),
    "alternate-missing-size": (
      "An alternate icon lacks a size (ITMS-90890, ITMS-90892).",
      "Add the missing sizes, or use a single-size 1024 set."
    ),
    "icon-name-not-set": (
      "Catalog icons exist but nothing names the primary (ITMS-90713).",
      "Set ASSETCATALOG_COMPILER_APPICON_NAME, or CFBundleIconName in the Info.plist."
    ),
    "malformed-icons-dictionary": (
      "A CFBundleIcons dictionary iOS cannot read, so alternate icons are off.",
      "Fix the keys and value types as the message says."
    ),
    "plist-name-not-in-catalog": (
      "A CFBundleIconName that no compiled icon set provides (ITMS-90895).",
      "Add the set, or fix the name."
    ),
    "marketing-icon-alpha": (
      "Transparent pixels in the 1024 App Store image (ITMS-90717).",
      "Flatten the image onto an opaque background."
    ),
    "unassigned-child": (
      "A file in an icon set that Contents.json does not name (actool: \"has an unassigned child\").",
      "Assign it to a slot, or delete it."
    ),
    "empty-set": ("An icon set with slots but no files.", "Add the images, or delete the set."),
    "mixed-sizes-and-appearances": (
      "Per-size entries mixed with dark or tinted entries; iOS 18 then ignores the dark icon.",
      "Use a single-size set for dark and tinted icons."
    ),
    "icon-file-with-suffix": (
      "A CFBundleIconFiles entry written with a scale or device suffix that finds its file.",
      "Nothing breaks; the usual form lists the base name once, and iOS adds @2x, @3x and ~ipad."
    ),
    "tv-app-store-icon-missing": (
      "tvOS brand assets without a 1280×768 App Store icon (ITMS-90471).",
      "Add an App Store icon image stack, 1280×768 with at least two layers, to the brand assets."
    ),
    "tv-top-shelf-missing": (
      "tvOS brand assets without a Top Shelf or Top Shelf Wide image (ITMS-90497).",
      "Add the Top Shelf (1920×720) and Top Shelf Wide (2320×720) images to the brand assets."
    ),
    "tv-top-shelf-alpha": (
      "A transparent tvOS Top Shelf image (ITMS-90497).",
      "Flatten the image onto an opaque background and export it without alpha."
    ),
    "tv-image-stack-layers": (
      "A tvOS image stack with fewer than two layers that hold an image (actool fails).",
      "Give the stack at least two layers, front and back, each with an image."
    ),
    "catalog-not-in-target": (
      "The named icon set is in a catalog the target does not build.",
      "Add the catalog to the target's resources."
    ),
  ]

  /// One sentence on what `id` finds.
  public static func summary(for id: String) -> String {
    descriptions[id]?.summary ?? (name(for: id).prefix(1).uppercased() + name(for: id).dropFirst())
  }

  /// What `id` finds and what to do about it.
  public static func help(for id: String) -> String {
    guard let description = descriptions[id] else {
      return summary(for: id) + ". Each finding carries its own fix."
    }
    return description.summary + " " + description.help
  }

  /// The id as words: `alternate-without-image` → `alternate without image`.
  public static func name(for id: String) -> String {
    id.replacingOccurrences(of: "-", with: " ")
  }
}
