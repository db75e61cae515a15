import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if DEBUG
  @testable import IconCatalog
  @testable import IconRender
  @testable import IconState
#else
  import IconCatalog
  import IconRender
  import IconState
#endif

/// One reader of untrusted input, driven by arbitrary bytes the way the app drives it.
///
/// `run` goes through the readers' real entry points (file-based readers read a file written into
/// a workspace folder) and returns what happened. It lets through only the reader's own typed error
/// (`IconCatalogError`, `IconRenderError`); anything else — a trap, a runtime error, a broken
/// invariant — crashes, which is what libFuzzer and the replay tests look for.
///
/// The readers are internal to their modules, so the targets need `@testable import`, which only
/// a debug build allows: in a release build every target reports `.unavailable`.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// Info.plist: `InfoPlist.read`, `primaryIcon()`, `alternates()`, then `AppIconReader.read` of
  /// the folder holding it.
  case infoplist
  /// `.appiconset/Contents.json` and group `Contents.json`: `AssetCatalog.read` and
  /// `renditions()` of every set (app icon set and tvOS brand assets).
  case contentsjson
  /// `project.pbxproj`: `XcodeProject.read`, `targets`, configurations, resources, synchronized
  /// folders, then `ProjectTarget.resolve` and the icon names of its settings.
  case pbxproj
  /// `.xcconfig`: `XCConfig.read` (with its includes), then `BuildSettings` over its assignments.
  case xcconfig
  /// PNG: `PNGDecoder.decode(data:)`, `PNGDecoder.decode(file:)` and `PNGHeader.read(file:)`.
  case png
  /// The same PNG bytes through the previews' fast path (`FastPNG`) and libpng: when the fast path
  /// gives pixels, libpng must give the same ones (the fast path may pass a file to libpng).
  case pngdiff
  /// A push payload: `PushPayload.evaluate` against a small app.
  case push
  /// An Icon Composer `icon.json`: `IconComposerDocument.parse` and every value it gives, then as
  /// a `.icon` bundle with layer files: `IconComposerBundle` and `IconComposerChecks`.
  case iconjson
  /// An Apple CgBI PNG (`CgBI` chunk, raw deflate, BGRA, premultiplied, maybe Adam7): the fast
  /// path's CgBI mode through `PNGDecoder.decode(data:)` and the preview's file path.
  case cgbi
  /// `Assets.car`: `AssetsCar.read` (BOM store, trees, CARHEADER, KEYFORMAT, facets, renditions).
  case car
  /// An `.ipa`: opened with libzip through IconArchive, read as a built app, and every icon file
  /// read from the archive.
  case ipa
  /// An XcodeGen `project.yml`: `YAMLDocument.parse` (libyaml, SpecYAML), `XcodeGenSpec.project` and
  /// every look-up of the project it stands for, then the app read from its folder.
  case projectyml
  /// A terminal's replies to the graphics detection's questions: `TerminalReplyParser`,
  /// `GraphicsCapabilities` and `GraphicsDetection.decide`.
  case replies
  /// `project.pbxproj` edited in place (IconEdit): `PbxprojScanner` against Foundation, then
  /// `PbxprojEditor.setBuildSetting` and `removeBuildSetting`, each checked against Foundation.
  case pbxprojedit
  /// Info.plist bytes Foundation reads as a dictionary, edited by `InfoPlistEditor`: adding an
  /// alternate icon under `CFBundleIcons.CFBundleAlternateIcons` either throws `EditError` or
  /// gives a plist Foundation reads as the old one with exactly that change; removing it again
  /// gives the same bytes wherever the editor promises it.
  case infoplistedit
  /// `iconpick add` planned on a fuzzed `project.pbxproj` beside a small app (`AddPlanner`):
  /// refused with the modules' typed errors, or every planned file parses.
  case addplan
  /// A change journal (`.iconpick/journal`, IconEdit): `ChangeJournal.decode` of the bytes as the
  /// file and as a body under a fitting header, then `ChangeRecovery.recover` in the workspace:
  /// refused with its reason, or rolled back with the journal gone.
  case journal
  /// A local package's `Package.swift` (IconCatalog's hand-written `SwiftPackageManifest`, read
  /// from `CodeLexer`'s tokens): parsed, and each product's source folders found, as a check reads
  /// the code of an app that links it. Never refused: any bytes give a manifest or none.
  case packagemanifest

  /// A sensible `-max_len` for libFuzzer: a bit over what a real file of the kind needs to
  /// exercise the reader.
  public var maxLength: Int {
    switch self {
    case .infoplist, .contentsjson, .xcconfig, .infoplistedit: return 4096
    case .pbxproj, .iconjson, .projectyml, .pbxprojedit, .addplan: return 8192
    case .png, .pngdiff, .cgbi: return 16384
    case .car, .ipa: return 16384
    case .push: return PushPayload.maximumSize + 64
    case .replies: return 4096
    case .journal: return 8192
    case .packagemanifest: return 8192
    }
  }

  /// What reading the input came to.
  public enum Outcome: Equatable, Sendable {
    /// Read; `summary` says what was found.
    case read(summary: String)
    /// Refused with the module's own typed error; `message` is its one-line description.
    case rejected(message: String)
    /// This build cannot reach the readers (a release build: no `@testable import`).
    case unavailable
  }

  /// The largest side decoded to pixels here: a larger PNG still has its header read, and
  /// libpng's decompression of big images only costs time, not coverage.
  public static let pngMaxDimension = 512

  /// Runs the target on `data`, writing files under `workspace` (a folder this call may empty
  /// and fill; one caller at a time per folder).
  public func run(_ data: Data, workspace: URL) -> Outcome {
    #if DEBUG
      let space = Workspace(root: workspace)
      if self != .push && self != .replies && self != .pbxprojedit { space.reset() }
      switch self {
      case .infoplist:
        return Self.catalog { () throws(IconCatalogError) in try infoPlist(data, space) }
      case .contentsjson:
        return Self.catalog { () throws(IconCatalogError) in try contentsJSON(data, space) }
      case .pbxproj: return Self.catalog { () throws(IconCatalogError) in try pbxproj(data, space) }
      case .xcconfig:
        return Self.catalog { () throws(IconCatalogError) in try xcconfig(data, space) }
      case .png: return png(data, space)
      case .pngdiff: return pngDiff(data, space)
      case .push: return push(data)
      case .iconjson:
        return Self.catalog { () throws(IconCatalogError) in try iconJSON(data, space) }
      case .cgbi: return cgbi(data, space)
      case .car: return car(data)
      case .ipa: return Self.catalog { () throws(IconCatalogError) in try ipa(data, space) }
      case .projectyml:
        return Self.catalog { () throws(IconCatalogError) in try projectYML(data, space) }
      case .replies: return terminalReplies(data)
      case .pbxprojedit: return pbxprojEdit(data)
      case .infoplistedit: return infoPlistEdit(data)
      case .addplan: return addPlan(data, space)
      case .journal: return journal(data, space)
      case .packagemanifest: return packageManifest(data, space)
      }
    #else
      return .unavailable
    #endif
  }

  /// Runs the target in a fresh folder of its own, removed afterwards.
  public func run(_ data: Data) -> Outcome {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "iconpick-fuzz-\(getpid())-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return run(data, workspace: folder)
  }

  private static func catalog(_ body: () throws(IconCatalogError) -> String) -> Outcome {
    do {
      return .read(summary: try body())
    } catch {
      return .rejected(message: error.description)
    }
  }
}

/// A folder the targets write their input into; emptied before every run.
struct Workspace {
  let root: URL

  func reset() {
    try? FileManager.default.removeItem(at: root)
    try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  /// Writes `data` at `path` (relative, `/`-separated) and returns its URL.
  @discardableResult
  func write(_ data: Data, to path: String) -> URL {
    let url = root.appendingPathComponent(path, isDirectory: false)
    try? FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    do {
      try data.write(to: url)
    } catch {
      fatalError("iconpick-fuzz: cannot write \(url.path): \(error)")
    }
    return url
  }
}
