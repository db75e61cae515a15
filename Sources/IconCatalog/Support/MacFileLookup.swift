import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How the build finds a file it names, on a Mac: macOS's default volume (APFS) ignores case, so
/// `#include "generated.xcconfig"` opens `Generated.xcconfig`, and an app can build that way for
/// years. A Linux checkout or a case-sensitive volume does not find it. APFS also ignores Unicode
/// normalization, on every volume: a name written decomposed (NFD: `e` and a combining accent, as
/// some editors and HFS+-era tools write it) opens the file named composed (NFC: `é`), and the
/// other way round; a Linux file system compares the bytes, so it does not. Every lookup the
/// build makes on the Mac goes through here: `#include`, base configurations, `INFOPLIST_FILE`,
/// file references in `project.pbxproj` and XcodeGen specs, the files of asset catalogs, the
/// layer images of Icon Composer bundles.
///
/// Lookups on the device do not ignore case: iOS's file system is case-sensitive, so
/// `CFBundleIconFiles` names are matched against the bundle's files with their case
/// (`LooseIconFiles`), though not with their normalization (`matchIgnoringNormalization`).
///
/// Swift compares `String`s by canonical equivalence (`"e\u{301}" == "\u{E9}"`, and so do `Set`
/// and `Dictionary`), while a path is opened by its bytes: "spelled as written" here means the
/// same UTF-8 bytes (`isSpelledAs`).
enum MacFileLookup {
  /// What a lookup found.
  struct Found: Equatable, Sendable {
    /// The file as it is spelled on disk.
    var url: URL
    /// How the path as written differs from the file's: empty when it is spelled as the file is.
    var difference: NameDifference = []

    /// True when it was found only as a Mac compares names: the path as written finds nothing on
    /// a case-sensitive file system, or (a normalization difference) on Linux.
    var differs: Bool { !difference.isEmpty }
  }

  enum Kind: Sendable {
    case file, folder, any
  }

  /// The file at `url`: the exact spelling first; else, component by component, the one entry that
  /// matches ignoring case and Unicode normalization (none, or several that match so, finds
  /// nothing).
  static func find(_ url: URL, kind: Kind = .any) -> Found? {
    let path = url.standardizedFileURL.path
    if exists(path, kind: kind) {
      return Found(url: URL(fileURLWithPath: path, isDirectory: kind == .folder))
    }
    var found = "/"
    var difference: NameDifference = []
    for component in path.split(separator: "/").map(String.init) {
      let exact = PathText.join(found, component)
      if ReadDisk.exists(exact) {
        found = exact
        continue
      }
      let names = DirectoryListing.entries(atPath: found).map(\.name)
      guard let match = entry(component, among: names) else { return nil }
      found = PathText.join(found, match.name)
      difference.formUnion(match.difference)
    }
    guard !difference.isEmpty, exists(found, kind: kind) else { return nil }
    return Found(
      url: URL(fileURLWithPath: found, isDirectory: kind == .folder), difference: difference)
  }

  /// The entry of a folder's `names` that `name` opens on a Mac: the one spelled with the same
  /// bytes, else the one match ignoring case and normalization (`match`), with how it differs.
  static func entry(_ name: String, among names: some Collection<String>) -> (
    name: String, difference: NameDifference
  )? {
    if names.contains(where: { isSpelledAs($0, name) }) { return (name, []) }
    guard let found = match(name, among: names) else { return nil }
    return (found, NameDifference(written: name, found: found))
  }

  /// The one entry of a folder's `names` that is `name` ignoring case and Unicode normalization;
  /// nil for none, or for several (a case-sensitive volume can hold `Icon.png` and `icon.png`, a
  /// Linux one `é.png` in both forms: a Mac could not tell which).
  static func match(_ name: String, among names: some Collection<String>) -> String? {
    let wanted = UnicodeForms.nfc(name).lowercased()
    var found: String?
    for candidate in names where UnicodeForms.nfc(candidate).lowercased() == wanted {
      guard found == nil else { return nil }
      found = candidate
    }
    return found
  }

  /// The one entry of `names` that is `name` ignoring Unicode normalization only, as iOS's
  /// case-sensitive APFS finds a file in the app bundle, with whether it is spelled otherwise.
  static func matchIgnoringNormalization(_ name: String, among names: some Collection<String>)
    -> String?
  {
    if names.contains(where: { isSpelledAs($0, name) }) { return name }
    let wanted = Array(UnicodeForms.nfc(name).utf8)
    let matches = names.filter {
      Array(UnicodeForms.nfc($0).utf8) == wanted
    }
    return matches.count == 1 ? matches.first : nil
  }

  /// True when the two names are the same bytes, as a Linux file system compares them (Swift's
  /// `==` would call an NFD and an NFC spelling equal).
  static func isSpelledAs(_ name: String, _ other: String) -> Bool {
    name.utf8.elementsEqual(other.utf8)
  }

  private static func exists(_ path: String, kind: Kind) -> Bool {
    var isFolder = false
    guard ReadDisk.exists(path, isFolder: &isFolder) else { return false }
    switch kind {
    case .file: return !isFolder
    case .folder: return isFolder
    case .any: return true
    }
  }
}

/// How a name as written differs from the file it finds on a Mac.
public struct NameDifference: OptionSet, Sendable, Hashable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Letters in another case (`icon.png` for `Icon.png`).
  public static let letterCase = NameDifference(rawValue: 1)
  /// Another Unicode normalization (NFD `e` + U+0301 for NFC `é`).
  public static let normalization = NameDifference(rawValue: 2)

  /// How `written` differs from `found`, two names that match ignoring case and normalization.
  init(written: String, found: String) {
    var difference: NameDifference = []
    // Composed alike, still other bytes: the letters' case.
    if !MacFileLookup.isSpelledAs(
      UnicodeForms.nfc(written), UnicodeForms.nfc(found))
    {
      difference.insert(.letterCase)
    }
    // In one case, still other bytes: the normalization.
    if !MacFileLookup.isSpelledAs(written.lowercased(), found.lowercased()) {
      difference.insert(.normalization)
    }
    self =
      difference.isEmpty && !MacFileLookup.isSpelledAs(written, found) ? .letterCase : difference
  }

  /// `NFC`, `NFD`, or `mixed` for a name partly in each (or in neither).
  public static func form(of name: String) -> String {
    if MacFileLookup.isSpelledAs(name, UnicodeForms.nfc(name)) { return "NFC" }
    if MacFileLookup.isSpelledAs(name, UnicodeForms.nfd(name)) { return "NFD" }
    return "mixed"
  }
}

/// A path the build finds only by ignoring case or Unicode normalization (`MacFileLookup`): it
/// works on a Mac and fails in a Linux checkout (and, for case, on a case-sensitive volume).
public struct PathDifferingInCase: Sendable, Equatable {
  /// `#include`, `base configuration`, `INFOPLIST_FILE`, `file reference`, ...
  public var kind: String
  /// The path as written.
  public var written: String
  /// The file it finds.
  public var found: String
  /// The file that names it, and the line there, when known.
  public var file: String
  public var line: Int?
  /// Case, normalization, or both.
  public var difference: NameDifference

  public init(
    kind: String, written: String, found: String, file: String, line: Int? = nil,
    difference: NameDifference = .letterCase
  ) {
    self.kind = kind
    self.written = written
    self.found = found
    self.file = file
    self.line = line
    self.difference = difference
  }
}

/// A non-optional `#include` whose file is not there. swift-build reports "could not find included
/// file" and makes the settings without it; iconpick reads on without it too.
public struct MissingInclude: Sendable, Equatable {
  /// The path as written in the `#include`.
  public var path: String
  /// The `.xcconfig` that holds the `#include`, and its 1-based line.
  public var file: String
  public var line: Int

  public init(path: String, file: String, line: Int) {
    self.path = path
    self.file = file
    self.line = line
  }

  /// What to do, in one sentence. The Flutter template's `ios/Flutter/*.xcconfig` include the
  /// `Generated.xcconfig` that `flutter` writes and nobody commits.
  public var fix: String {
    let including = URL(fileURLWithPath: file).deletingLastPathComponent().lastPathComponent
    if URL(fileURLWithPath: path).lastPathComponent == "Generated.xcconfig"
      && including == "Flutter"
    {
      return
        "Run `flutter pub get` (or `flutter build ios`) in the Flutter project: it writes Generated.xcconfig, which is not committed."
    }
    return
      "Restore the file or fix the path; if the file is optional (a developer's own settings), write #include? instead."
  }

  /// The one line the commands print: where, what, and what to do.
  public var description: String {
    "\(file):\(line): #include \"\(MessageText.path(path))\" not found next to it or in the project folder, so its settings are left out: \(fix.prefix(1).lowercased() + fix.dropFirst().dropLast())"
  }
}
