import Foundation
import Testing

@testable import IconEdit

@Suite struct UnifiedDiffTests {
  /// `diff -u`'s hunks (its headers carry dates, so they are left out), for the same two texts.
  private func systemDiff(_ old: String, _ new: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "iconpick-diff-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let a = folder.appendingPathComponent("a")
    let b = folder.appendingPathComponent("b")
    try Data(old.utf8).write(to: a)
    try Data(new.utf8).write(to: b)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/diff")
    process.arguments = ["-u", a.path, b.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .dropFirst(2).joined(separator: "\n")
  }

  private func ours(_ old: String, _ new: String) -> String {
    UnifiedDiff.diff(old: old, new: new, oldName: "a", newName: "b")
      .split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n")
  }

  @Test func equalTextsGiveNothing() {
    #expect(UnifiedDiff.diff(old: "a\nb\n", new: "a\nb\n", oldName: "x", newName: "x") == "")
  }

  private static let forty: String = (1...40).map { "line \($0)\n" }.joined()
  private static func forty(changing lines: Set<Int>, insert: Bool = false) -> String {
    (1...40).map { (n: Int) -> String in
      guard lines.contains(n) else { return "line \(n)\n" }
      return insert ? "line \(n)\nnew\n" : "changed \(n)\n"
    }.joined()
  }
  static let cases: [(String, String, String)] = [
    ("one insertion in a long file", forty, forty(changing: [20], insert: true)),
    ("two changes far apart", forty, forty(changing: [3, 35])),
    ("two changes close together", forty, forty(changing: [10, 15])),
    ("a new file", "", "a\nb\n"),
    ("a removed file", "a\nb\n", ""),
    ("no newline at the end", "a\nb", "a\nc"),
    ("a change at the very start", "a\nb\nc\nd\ne\n", "z\nb\nc\nd\ne\n"),
  ]

  @Test(arguments: cases)
  func matchesDiffU(_ case: (String, String, String)) throws {
    let (_, old, new) = `case`
    #expect(ours(old, new) == (try systemDiff(old, new)))
  }
}
