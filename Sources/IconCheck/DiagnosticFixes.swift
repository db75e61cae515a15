import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which ids have a mechanical fix (`check --fix`), how safe it is, and what it writes: the FIX
/// column of `check --rules`, `--rules --json`'s `fixSafety` and `fixSummary`, and docs/check.md's
/// Fixes table (a test keeps the three the same). A finding carries its own fix, with the exact
/// data, in `Diagnostic.autofix`; an id with a fix still gives none where the fix is not certain.
extension DiagnosticID {
  /// How safe the id's fix is; nil for an id with no mechanical fix.
  public var fixSafety: IconFix.Safety? { fixRule?.safety }

  /// What the fix writes, in one short line; nil for an id with no mechanical fix.
  public var fixSummary: String? { fixRule?.summary }

  /// `safe`, `unsafe`, `suggestion`, or `-` for none: the FIX column.
  public var fixColumn: String { fixSafety?.rawValue ?? "-" }

  private var fixRule: (safety: IconFix.Safety, summary: String)? {
    switch self {
    case .iconFileWithExtension:
      return (.safe, "the CFBundleIconFiles entry written without its extension")
    case .missingIPadDeclaration:
      return (
        .safe,
        "the alternate's entry copied into CFBundleIcons~ipad (made, with the primary, when missing)"
      )
    case .malformedIconsDictionary:
      return (
        .safe,
        "CFBundlePrimaryIcon moved out of CFBundleAlternateIcons, next to it (where no primary is there)"
      )
    case .plistValueType:
      return (
        .safe,
        "the value in Apple's type: UIPrerenderedIcon as <false/>, a lone CFBundleIconFiles string as an array"
      )
    case .settingNameCase:
      return (.safe, "the name in the build setting spelt as its set is")
    case .catalogNotInTarget:
      return (.safe, "the catalog added to the target's resources (or the XcodeGen spec's sources)")
    case .alternateMissingSize, .primaryMissingSize:
      return (
        .safe,
        "the missing sizes made from the icon's largest image (never upscaled), added to its set or beside its loose files"
      )
    case .iconNameNotSet:
      return (.safe, "ASSETCATALOG_COMPILER_APPICON_NAME set to the one set that can be meant")
    case .ignoredSlot:
      return (.safe, "the ignored Contents.json entry removed")
    case .setNotShipped:
      return (
        .suggestion,
        "`iconpick add NAME` (no image) declares the set as it is (never applied by --fix)"
      )
    case .marketingIconAlpha:
      return (
        .unsafe, "the 1024 image flattened onto its own edge colour (or --background)"
      )
    case .wrongPixelSize:
      return (.unsafe, "the image resampled to its slot's pixel size")
    default:
      return nil
    }
  }
}

extension IconFix {
  /// What this fix writes, for people: `write "Icon" at CFBundleIcons → … → CFBundleIconFiles[0]`.
  /// Paths are as given (the formats write them as they write a finding's file).
  public var changeDescription: String {
    func keyPath(_ path: [String]) -> String {
      path.map { MessageText.escaped($0) }.joined(separator: " → ")
    }
    func quoted(_ text: String) -> String { "\"" + MessageText.escaped(text, quoting: true) + "\"" }
    switch self {
    case .removeIconFileExtension(_, let path, let index, let value):
      return "write \(quoted(value)) at \(keyPath(path))[\(index)]"
    case .declareForIPad(_, let name):
      return "declare alternate icon \(quoted(name)) in CFBundleIcons~ipad"
    case .movePrimaryOutOfAlternates(_, let dictionary):
      return
        "move CFBundlePrimaryIcon out of \(keyPath([dictionary, "CFBundleAlternateIcons"])), up into \(keyPath([dictionary]))"
    case .setPlistValue(_, let path, let value):
      let written: String
      switch value {
      case .bool(let bool): written = bool ? "<true/>" : "<false/>"
      case .string(let string): written = quoted(string)
      case .strings(let strings): written = "[" + strings.map(quoted).joined(separator: ", ") + "]"
      }
      return "write \(keyPath(path)) as \(written)"
    case .renameInSetting(let setting, let written, let correct):
      return "spell \(quoted(written)) as \(quoted(correct)) in \(setting)"
    case .addCatalogToTarget(let catalog):
      return
        "add \(MessageText.escaped(PathText.lastComponent(catalog))) to the target's resources"
    case .addMissingSizes(let icon, _, let sizes):
      let list = sizes.map { size in
        "\(size.pixels)×\(size.pixels) \(size.idiom == "ipad" ? "iPad" : size.idiom == "iphone" ? "iPhone" : MessageText.escaped(size.idiom))"
      }
      return "make \(list.joined(separator: ", ")) for icon \(quoted(icon)) from its largest image"
    case .setPrimaryIconName(let name):
      return "set ASSETCATALOG_COMPILER_APPICON_NAME to \(quoted(name))"
    case .removeContentsEntry(_, let index):
      return "remove images[\(index)] from Contents.json"
    case .declareSet(let name):
      return "run `iconpick add \(Self.shellWord(name))`"
    case .flattenAlpha(let file):
      return
        "flatten \(MessageText.escaped(PathText.lastComponent(file))) onto an opaque background"
    case .resample(let file, let pixels):
      return
        "resample \(MessageText.escaped(PathText.lastComponent(file))) to \(pixels)×\(pixels)"
    }
  }

  /// `name` as one shell word: bare when it is plain, else in single quotes.
  static func shellWord(_ name: String) -> String {
    let plain =
      !name.isEmpty
      && name.unicodeScalars.allSatisfy {
        $0.isAlphanumeric || "-_.+@%".unicodeScalars.contains($0)
      }
    if plain { return MessageText.escaped(name) }
    return "'" + MessageText.escaped(name).replacingAll("'", with: #"'\''"#) + "'"
  }
}
