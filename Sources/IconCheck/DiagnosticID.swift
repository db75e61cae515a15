import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every finding `iconpick check` can report, one case an id: stable and documented (the
/// README's id table is tested against this list), and what scripts match on. Each carries its
/// severity, one sentence on what it finds, the general fix (a finding's own fix says more) and
/// the App Store Connect error codes it predicts. `iconpick check --rules` prints this list;
/// SARIF describes its rules from it.
public enum DiagnosticID: String, CaseIterable, Codable, Sendable, CustomStringConvertible {
  case alternateWithoutImage = "alternate-without-image"
  case primaryNotFound = "primary-not-found"
  case iconFileWithExtension = "icon-file-with-extension"
  case iconFileWithSuffix = "icon-file-with-suffix"
  case setNotShipped = "set-not-shipped"
  case emptySet = "empty-set"
  case missingIPadDeclaration = "missing-ipad-declaration"
  case missingFile = "missing-file"
  case wrongPixelSize = "wrong-pixel-size"
  case notSquare = "not-square"
  case wrongFormat = "wrong-format"
  case namesDifferOnlyByCase = "names-differ-only-by-case"
  case primaryMissingSize = "primary-missing-size"
  case iconNameNotSet = "icon-name-not-set"
  case malformedIconsDictionary = "malformed-icons-dictionary"
  case plistNameNotInCatalog = "plist-name-not-in-catalog"
  case marketingIconAlpha = "marketing-icon-alpha"
  case catalogNotInTarget = "catalog-not-in-target"
  case tvAppStoreIconMissing = "tv-app-store-icon-missing"
  case tvTopShelfMissing = "tv-top-shelf-missing"
  case tvTopShelfAlpha = "tv-top-shelf-alpha"
  case tvImageStackLayers = "tv-image-stack-layers"
  case missingBaseConfiguration = "missing-base-configuration"
  case missingInclude = "missing-include"
  case builtDiffers = "built-differs"
  case iconJSONInvalid = "icon-json-invalid"
  case iconNoArtwork = "icon-no-artwork"
  case iconLayerWithoutImage = "icon-layer-without-image"
  case iconLayerMissingImage = "icon-layer-missing-image"
  case iconUnsafeImageName = "icon-unsafe-image-name"
  case iconLayerWrongFormat = "icon-layer-wrong-format"
  case iconBadColor = "icon-bad-color"
  case iconIncompleteObject = "icon-incomplete-object"
  case iconUnknownValue = "icon-unknown-value"
  case iconWrongType = "icon-wrong-type"
  case noAppStoreIcon = "no-app-store-icon"
  case alternateMissingSize = "alternate-missing-size"
  case thinnedBuild = "thinned-build"
  case alphaChannel = "alpha-channel"
  case unassignedChild = "unassigned-child"
  case mixedSizesAndAppearances = "mixed-sizes-and-appearances"
  case looseFileInCatalog = "loose-file-in-catalog"
  case handWrittenAlternates = "hand-written-alternates"
  case settingKeyCase = "setting-key-case"
  case settingNameCase = "setting-name-case"
  case includeCase = "include-case"
  case settingNameNotFound = "setting-name-not-found"
  case unusualName = "unusual-name"
  case iconCrashesActool = "icon-crashes-actool"
  case iconNoIOS = "icon-no-ios"
  case iconAllHidden = "icon-all-hidden"
  case iconUnusedAsset = "icon-unused-asset"
  case iconSVGText = "icon-svg-text"
  case iconSVGUnsupported = "icon-svg-unsupported"
  case iconAndAppIconSetSameName = "icon-and-appiconset-same-name"
  case sharedInfoPlistOtherForm = "shared-info-plist-other-form"
  case plistValueType = "plist-value-type"
  case ignoredSlot = "ignored-slot"
  case codeNameNotShipped = "code-name-not-shipped"

  /// The id as written in every output format.
  public var description: String { rawValue }

  /// Errors make `check` exit 1; warnings only with `--warnings-as-errors`. A finding may be more
  /// severe than its id where evidence says so (`Diagnostic.severity`): `set-not-shipped` is a
  /// warning, and an error where the app's code or another configuration asks for the set.
  public var severity: Diagnostic.Severity {
    switch self {
    case .alternateWithoutImage: return .error
    case .primaryNotFound: return .error
    case .iconFileWithExtension: return .error
    case .iconFileWithSuffix: return .warning
    // Old complete sets kept after a move to a `.icon` build, ship and work: an error only where
    // something asks for the set (`ProjectChecks.setsNotShipped`).
    case .setNotShipped: return .warning
    case .emptySet: return .warning
    case .missingIPadDeclaration: return .error
    case .missingFile: return .error
    case .wrongPixelSize: return .error
    case .notSquare: return .error
    case .wrongFormat: return .error
    case .namesDifferOnlyByCase: return .error
    case .primaryMissingSize: return .error
    case .iconNameNotSet: return .error
    case .malformedIconsDictionary: return .error
    case .plistNameNotInCatalog: return .error
    case .marketingIconAlpha: return .error
    case .catalogNotInTarget: return .error
    case .tvAppStoreIconMissing: return .error
    case .tvTopShelfMissing: return .error
    case .tvTopShelfAlpha: return .error
    case .tvImageStackLayers: return .error
    case .missingBaseConfiguration: return .error
    case .missingInclude: return .error
    case .builtDiffers: return .error
    case .iconJSONInvalid: return .error
    case .iconNoArtwork: return .error
    case .iconLayerWithoutImage: return .error
    case .iconLayerMissingImage: return .error
    case .iconUnsafeImageName: return .error
    case .iconLayerWrongFormat: return .error
    case .iconBadColor: return .error
    case .iconIncompleteObject: return .error
    case .iconUnknownValue: return .error
    case .iconWrongType: return .error
    case .noAppStoreIcon: return .warning
    case .alternateMissingSize: return .warning
    case .thinnedBuild: return .note
    case .alphaChannel: return .warning
    case .unassignedChild: return .warning
    case .mixedSizesAndAppearances: return .warning
    case .looseFileInCatalog: return .warning
    case .handWrittenAlternates: return .warning
    case .settingNameCase: return .warning
    case .settingKeyCase: return .error
    case .includeCase: return .warning
    case .settingNameNotFound: return .warning
    case .unusualName: return .warning
    case .iconCrashesActool: return .warning
    case .iconNoIOS: return .warning
    case .iconAllHidden: return .warning
    case .iconUnusedAsset: return .warning
    case .iconSVGText: return .warning
    case .iconSVGUnsupported: return .warning
    case .iconAndAppIconSetSameName: return .warning
    case .sharedInfoPlistOtherForm: return .warning
    // No App Store error or iOS refusal is known for a value of another type: iOS passes it over.
    case .plistValueType: return .warning
    case .ignoredSlot: return .warning
    // The call fails at run time ("The file doesn't exist"): nothing else makes the icon appear.
    case .codeNameNotShipped: return .error
    }
  }

  /// One sentence on what the id finds.
  public var summary: String { rule.summary }
  /// What to do about it in general.
  public var fix: String { rule.fix }
  /// The App Store Connect error codes (`ITMS-90713`) the finding predicts; empty when it
  /// predicts none (a run-time failure, a build failure, a convention).
  public var itmsCodes: [String] { rule.itms }

  /// The summary with its ITMS codes: `… (ITMS-90713).`
  public var summaryWithCodes: String {
    guard !itmsCodes.isEmpty, summary.hasSuffix(".") else { return summary }
    return summary.dropLast() + " (" + itmsCodes.joined(separator: ", ") + ")."
  }

  /// The id as words: `alternate-without-image` → `alternate without image`.
  public var name: String { rawValue.replacingAll("-", with: " ") }

  private var rule: (summary: String, fix: String, itms: [String]) {
    switch self {
    case .alternateWithoutImage:
      return (
        "A declared alternate icon has no icon set and no image files.",
        "Add an .appiconset (or .icon) of that name to a catalog the target builds, or remove the name from the build settings or CFBundleAlternateIcons. setAlternateIconName fails for it.",
        []
      )
    case .primaryNotFound:
      return (
        "The primary icon has no image.",
        "Add the icon set named by ASSETCATALOG_COMPILER_APPICON_NAME or CFBundleIconName, or fix the name.",
        []
      )
    case .iconFileWithExtension:
      return (
        "A CFBundleIconFiles entry written with its extension.",
        "Write the file's name without .png; iOS adds the extension and the scale suffixes.",
        []
      )
    case .iconFileWithSuffix:
      return (
        "A CFBundleIconFiles entry written with a scale or device suffix that finds its file.",
        "Nothing breaks; the usual form lists the base name once, and iOS adds @2x, @3x and ~ipad.",
        []
      )
    case .setNotShipped:
      return (
        "An icon set the build would not ship; an error where the app's code or another build configuration asks for it.",
        "List it in ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES, set ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS, or delete it.",
        []
      )
    case .emptySet:
      return (
        "An icon set with slots but no files.",
        "Add the images, or delete the set.",
        []
      )
    case .missingIPadDeclaration:
      return (
        "An alternate missing from CFBundleIcons~ipad in an app that runs on iPad.",
        "Declare it in CFBundleIcons~ipad too, or generate both from the build settings.",
        []
      )
    case .missingFile:
      return (
        "A file named in Contents.json is not there.",
        "Add the file, or remove its entry from Contents.json.",
        []
      )
    case .wrongPixelSize:
      return (
        "An image whose pixels are not its slot's size times its scale.",
        "Export the image at the slot's pixel size.",
        []
      )
    case .notSquare:
      return (
        "A non-square icon image.",
        "Export the icon as a square image.",
        []
      )
    case .wrongFormat:
      return (
        "A file that is not what its extension says (a JPEG named .png, a Git LFS pointer).",
        "Export a real PNG, or fetch the Git LFS object.",
        []
      )
    case .namesDifferOnlyByCase:
      return (
        "Two icon names equal but for case.",
        "Rename one: file systems and the App Store may not tell them apart.",
        []
      )
    case .primaryMissingSize:
      return (
        "The primary icon lacks a required size.",
        "Add a 120×120 iPhone image (and 152×152 and 167×167 iPad images for iPad), or use a single-size 1024 set.",
        ["ITMS-90022", "ITMS-90023"]
      )
    case .iconNameNotSet:
      return (
        "Catalog icons exist but nothing names the primary.",
        "Set ASSETCATALOG_COMPILER_APPICON_NAME, or CFBundleIconName in the Info.plist.",
        ["ITMS-90713"]
      )
    case .malformedIconsDictionary:
      return (
        "A CFBundleIcons dictionary iOS cannot read, so alternate icons are off.",
        "Fix the keys and value types as the message says.",
        []
      )
    case .plistNameNotInCatalog:
      return (
        "A CFBundleIconName that no compiled icon set provides.",
        "Add the set, or fix the name.",
        ["ITMS-90895"]
      )
    case .marketingIconAlpha:
      return (
        "Transparent pixels in the 1024 App Store image.",
        "Flatten the image onto an opaque background.",
        ["ITMS-90717"]
      )
    case .catalogNotInTarget:
      return (
        "The named icon set is in a catalog the target does not build.",
        "Add the catalog to the target's resources.",
        []
      )
    case .tvAppStoreIconMissing:
      return (
        "tvOS brand assets without a 1280×768 App Store icon.",
        "Add an App Store icon image stack, 1280×768 with at least two layers, to the brand assets.",
        ["ITMS-90471"]
      )
    case .tvTopShelfMissing:
      return (
        "tvOS brand assets without a Top Shelf or Top Shelf Wide image.",
        "Add the Top Shelf (1920×720) and Top Shelf Wide (2320×720) images to the brand assets.",
        ["ITMS-90497"]
      )
    case .tvTopShelfAlpha:
      return (
        "A transparent tvOS Top Shelf image.",
        "Flatten the image onto an opaque background and export it without alpha.",
        ["ITMS-90497"]
      )
    case .tvImageStackLayers:
      return (
        "A tvOS image stack with fewer than two layers that hold an image (actool fails).",
        "Give the stack at least two layers, front and back, each with an image.",
        []
      )
    case .missingBaseConfiguration:
      return (
        "A base .xcconfig Xcode cannot open (\"Unable to open base configuration reference file\").",
        "Restore the file or fix the reference; under Pods/, run pod install.",
        []
      )
    case .missingInclude:
      return (
        "A non-optional #include whose file is not there (swift-build: \"could not find included file\").",
        "Restore the file, fix the path, or write #include? if the file is optional.",
        []
      )
    case .builtDiffers:
      return (
        "The prediction from the sources differs from what a built app holds.",
        "Rebuild the app, or report the difference: iconpick read the sources differently from Xcode.",
        []
      )
    case .iconJSONInvalid:
      return (
        "An Icon Composer bundle whose icon.json is missing, unreadable or not a JSON object.",
        "Save the bundle again from Icon Composer.",
        []
      )
    case .iconNoArtwork:
      return (
        "An icon.json without groups.",
        "Add the artwork in Icon Composer.",
        []
      )
    case .iconLayerWithoutImage:
      return (
        "An Icon Composer layer with no image-name.",
        "Give the layer an image in Icon Composer.",
        []
      )
    case .iconLayerMissingImage:
      return (
        "An Icon Composer layer image that is not in the bundle's Assets/.",
        "Add the image to the bundle's Assets/ folder, or remove the layer.",
        []
      )
    case .iconUnsafeImageName:
      return (
        "An Icon Composer image name with /, .., an absolute path or a link out of the bundle.",
        "Keep layer images inside the bundle's Assets/ folder, named without a path.",
        []
      )
    case .iconLayerWrongFormat:
      return (
        "An Icon Composer layer file that is not what its extension says.",
        "Export the layer again as SVG or PNG.",
        []
      )
    case .iconBadColor:
      return (
        "A colour string Icon Composer does not write.",
        "Pick the colour again in Icon Composer.",
        []
      )
    case .iconIncompleteObject:
      return (
        "An icon.json object missing a key Icon Composer writes.",
        "Set the value again in Icon Composer.",
        []
      )
    case .iconUnknownValue:
      return (
        "An unknown blend mode, fill, shadow kind, lighting or appearance in icon.json.",
        "Choose a value Icon Composer offers.",
        []
      )
    case .iconWrongType:
      return (
        "An icon.json value of the wrong JSON type.",
        "Save the bundle again from Icon Composer.",
        []
      )
    case .noAppStoreIcon:
      return (
        "No 1024×1024 App Store image.",
        "Add a 1024×1024 image to the icon set.",
        []
      )
    case .alternateMissingSize:
      return (
        "An alternate icon lacks a size.",
        "Add the missing sizes, or use a single-size 1024 set.",
        ["ITMS-90890", "ITMS-90892"]
      )
    case .thinnedBuild:
      return (
        "A built app whose Assets.car holds one device's images (a thinned build): its sizes are not judged.",
        "Check an archive or an .ipa exported for the App Store, or the project, to judge the sizes.",
        []
      )
    case .alphaChannel:
      return (
        "An icon with transparent pixels where Apple requires an opaque image.",
        "Flatten the image onto an opaque background and export it without alpha.",
        []
      )
    case .unassignedChild:
      return (
        "A file in an icon set that Contents.json does not name (actool: \"has an unassigned child\").",
        "Assign it to a slot, or delete it.",
        []
      )
    case .mixedSizesAndAppearances:
      return (
        "Per-size entries mixed with dark or tinted entries; iOS 18 then ignores the dark icon.",
        "Use a single-size set for dark and tinted icons.",
        []
      )
    case .looseFileInCatalog:
      return (
        "An image directly in an .xcassets folder, where iOS will not find it.",
        "Move it into an icon set or out of the catalog.",
        []
      )
    case .handWrittenAlternates:
      return (
        "CFBundleAlternateIcons written by hand while build settings also generate it.",
        "Keep one of the two: the build settings, or the Info.plist entries.",
        []
      )
    case .settingKeyCase:
      return (
        "An app icon build setting written in another case (AssetCatalog_Compiler_AppIcon_Name), which the build ignores: Xcode matches a setting's name exactly.",
        "Spell the setting's name as Xcode does, in capitals.",
        []
      )
    case .settingNameCase:
      return (
        "A name in the app icon build settings that finds its set only when case is ignored.",
        "Spell the name as the icon set is spelled.",
        []
      )
    case .includeCase:
      return (
        "An #include, base configuration or file that Xcode finds only by ignoring case (a Mac's case-insensitive volume) or Unicode normalization (NFD for NFC, which APFS ignores).",
        "Spell the path as the file is named: a case-sensitive volume or a Linux checkout does not find it.",
        []
      )
    case .settingNameNotFound:
      return (
        "A name in ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES with no set of that name, so actool generates no alternate for it.",
        "Add an app icon set of that name, or remove the name from the setting.",
        []
      )
    case .unusualName:
      return (
        "Leading or trailing spaces or control characters in an icon name.",
        "Rename the icon without them.",
        []
      )
    case .iconCrashesActool:
      return (
        "Icon Composer 2 features on which Xcode 26's actool crashes.",
        "Save the bundle from the Icon Composer that matches your Xcode.",
        []
      )
    case .iconNoIOS:
      return (
        "supported-platforms without iOS squares.",
        "Turn on iOS in Icon Composer's platforms.",
        []
      )
    case .iconAllHidden:
      return (
        "A .icon whose every layer is hidden.",
        "Show at least one layer.",
        []
      )
    case .iconUnusedAsset:
      return (
        "A file in a .icon's Assets/ that no layer uses.",
        "Delete it, or use it in a layer.",
        []
      )
    case .iconSVGText:
      return (
        "<text> in an SVG layer, drawn with whatever fonts the machine has.",
        "Convert the text to outlines.",
        []
      )
    case .iconSVGUnsupported:
      return (
        "An SVG feature in an Icon Composer layer that librsvg cannot draw, so the preview approximates or drops it.",
        "Nothing breaks in Xcode; to see the layer as Xcode draws it, convert the feature (filters, text, foreign objects) to plain paths.",
        []
      )
    case .iconAndAppIconSetSameName:
      return (
        "A .icon and an .appiconset of one name: Xcode 26 drops the set.",
        "Rename or remove one of them.",
        []
      )
    case .sharedInfoPlistOtherForm:
      return (
        "An icon dictionary in the form of the target's other platform, in an Info.plist that both platforms' builds read: this platform ignores it.",
        "Give each platform its own Info.plist (INFOPLIST_FILE[sdk=appletvos*]), or let the build settings generate the icons.",
        []
      )
    case .plistValueType:
      return (
        "An Info.plist icon value of another type than Apple documents: Xcode builds it as written and iOS reads it as iconpick does (a string UIPrerenderedIcon as false, other values as absent).",
        "Write the value with the type Apple's Info.plist reference gives (<true/> or <false/> for UIPrerenderedIcon, an array of strings for CFBundleIconFiles).",
        []
      )
    case .ignoredSlot:
      return (
        "An app icon set entry naming an image at a size its idiom has no icon of (an iphone 76x76): actool ignores it.",
        "Move the image to a slot of its device (76x76 is an iPad size), or delete the entry.",
        []
      )
    case .codeNameNotShipped:
      return (
        "A name the app's code passes to setAlternateIconName (or a Flutter, React Native, Expo, Capacitor or .NET call that does) that the app does not ship: the call fails with \"The file doesn't exist\".",
        "Pass a name the app ships, spelt as it is (names are case-sensitive), or add the icon and list it in ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES.",
        []
      )
    }
  }
}
