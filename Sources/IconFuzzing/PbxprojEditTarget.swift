import FoundationEssentials
import IconEdit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FuzzTarget {
  /// `project.pbxproj` edited in place: for bytes Foundation reads as a dictionary, the scanner
  /// refuses them or reads them as Foundation does; then a build setting set on a configuration
  /// gives text Foundation reads with exactly that one change, and removing it gives back the tree.
  /// A disagreement is a crash, which is what libFuzzer looks for.
  func pbxprojEdit(_ data: Data) -> Outcome {
    let bytes = [UInt8](data)
    guard case .success(let before) = PlistTree.parse(bytes), before.dictionary != nil else {
      return .rejected(message: "Foundation does not read it as a dictionary")
    }
    let scanner: PbxprojScanner
    do {
      scanner = try PbxprojScanner(bytes: bytes, file: "project.pbxproj")
    } catch {
      return .rejected(message: error.description)
    }
    guard PlistTree(scanner.root) == before else {
      fatalError("pbxprojedit: the scanner reads the text differently from Foundation")
    }
    let file = URL(fileURLWithPath: "/fuzz/App.xcodeproj/project.pbxproj")
    var editor: PbxprojEditor
    do {
      editor = try PbxprojEditor(file: file, bytes: bytes)
    } catch {
      return .read(summary: "scanner agrees; not edited: \(error.description)")
    }
    let configurations = (before["objects"]?.dictionary ?? [:]).filter {
      $0.value["isa"]?.string == "XCBuildConfiguration"
    }.keys.map(\.value).sorted()
    guard let configuration = configurations.first else {
      return .read(summary: "scanner agrees; no build configuration")
    }
    let key = "ICONPICK_FUZZ"
    let value = PbxprojValue.list(["a b", "c"])
    do {
      try editor.setBuildSetting(key, to: value, configuration: configuration)
    } catch {
      return .read(summary: "scanner agrees; setting refused: \(error.description)")
    }
    // Checked here again, without the editor's own check.
    var expected = before
    expected.update(["objects", configuration, "buildSettings", key]) {
      $0 = .array([.string("a b"), .string("c")])
    }
    guard case .success(let after) = PlistTree.parse(editor.bytes), after == expected else {
      fatalError("pbxprojedit: setting \(key) changed more than the one setting")
    }
    do {
      try editor.removeBuildSetting(key, configuration: configuration)
    } catch {
      return .read(summary: "set \(key); removal refused: \(error.description)")
    }
    expected.update(["objects", configuration, "buildSettings", key]) { $0 = nil }
    guard case .success(let removed) = PlistTree.parse(editor.bytes), removed == expected else {
      fatalError("pbxprojedit: removing \(key) changed more than the one setting")
    }
    let identical = editor.bytes == bytes ? "byte-identical" : "not byte-identical"
    return .read(summary: "set and removed \(key) in \(configuration): \(identical)")
  }
}
