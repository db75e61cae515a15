import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One `KEY[condition=pattern]... = value` line of an `.xcconfig` file.
struct XCConfigAssignment: Equatable, Sendable {
  var key: String
  /// In written order, e.g. `[("sdk", "iphoneos*")]`.
  var conditions: [XCConfigCondition]
  /// The raw value: not expanded, `$(inherited)` still in it.
  var value: String
  /// The file the line is in (an included file, not the one that included it).
  var file: URL
}

struct XCConfigCondition: Equatable, Sendable {
  var name: String
  var pattern: String
}

/// A parsed `.xcconfig` file with its `#include`s followed, in the order Xcode reads them.
///
/// Only the syntax lives here; which assignment wins is `BuildSettings`' job.
struct XCConfig: Sendable {
  var file: URL
  /// Every assignment, the included files' ones at the place of their `#include`.
  var assignments: [XCConfigAssignment]
  /// Every file reached through `#include`, directly or not.
  var includedFiles: [URL]
  /// Non-optional `#include`s that find no file: read on without them, as swift-build does.
  var missingIncludes: [MissingInclude] = []
  /// `#include`s that find their file only by ignoring case or Unicode normalization, as a Mac
  /// does (`MacFileLookup`).
  var includesDifferingInCase: [PathDifferingInCase] = []

  /// - Parameter projectFolder: where an include is looked for when it is not next to the including
  ///   file; Xcode also resolves includes against the project folder.
  static func read(_ file: URL, projectFolder: URL? = nil) throws(IconCatalogError) -> XCConfig {
    var config = XCConfig(file: file, assignments: [], includedFiles: [])
    try config.parse(file, projectFolder: projectFolder, including: [])
    return config
  }

  private mutating func parse(_ file: URL, projectFolder: URL?, including: [URL])
    throws(IconCatalogError)
  {
    let text = try FileData.readText(file, limit: FileLimits.text)
    for (index, line) in Self.lines(of: text).enumerated() {
      let trimmed = line.trimmingWhitespace()
      if trimmed.isEmpty { continue }

      if let include = Self.include(in: trimmed) {
        guard let found = Self.locate(include.path, from: file, projectFolder: projectFolder)
        else {
          // swift-build: "could not find included file", and the settings are made without it.
          let missing = MissingInclude(path: include.path, file: file.path, line: index + 1)
          // A file included twice says it once.
          if !include.optional && !missingIncludes.contains(missing) {
            missingIncludes.append(missing)
          }
          continue
        }
        let target = found.url
        let differing = PathDifferingInCase(
          kind: include.optional ? "#include?" : "#include", written: include.path,
          found: target.path, file: file.path, line: index + 1, difference: found.difference)
        if found.differs && !includesDifferingInCase.contains(differing) {
          includesDifferingInCase.append(differing)
        }
        if target.path == file.path || including.contains(where: { $0.path == target.path }) {
          throw .includeCycle(file: target.path, includedFrom: file.path)
        }
        if !includedFiles.contains(where: { $0.path == target.path }) {
          includedFiles.append(target)
        }
        try parse(target, projectFolder: projectFolder, including: including + [file])
        continue
      }

      // Lines Xcode would only warn about (stray text, other directives) are skipped, as it does.
      if let assignment = Self.assignment(in: trimmed, file: file) {
        assignments.append(assignment)
      }
    }
  }

  /// The text's lines, each cut at `//`: Xcode ends a line there even inside a value, which is why
  /// URLs in xcconfigs are written `/$()/`. Worked on bytes, since a single line can hold
  /// thousands of icon names. `\r\n` ends one line, so the index of a line is its number less one.
  static func lines(of text: String) -> [Substring] {
    var lines: [Substring] = []
    let bytes = text.utf8
    var start = bytes.startIndex
    var cut: String.Index?
    var previous: UInt8 = 0
    var index = start
    while index != bytes.endIndex {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") && previous == UInt8(ascii: "\r") {
        // The second half of `\r\n`: the line already ended at `\r`.
        start = bytes.index(after: index)
        previous = 0
      } else if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        lines.append(Substring(bytes[start..<(cut ?? index)]))
        start = bytes.index(after: index)
        cut = nil
        previous = byte
      } else {
        if byte == UInt8(ascii: "/") && previous == UInt8(ascii: "/") && cut == nil {
          cut = bytes.index(before: index)
        }
        previous = byte
      }
      index = bytes.index(after: index)
    }
    lines.append(Substring(bytes[start..<(cut ?? bytes.endIndex)]))
    return lines
  }

  /// `#include "path"` or `#include? "path"` (the `?` makes a missing file fine).
  static func include(in line: String) -> (path: String, optional: Bool)? {
    guard line.hasPrefix("#include") else { return nil }
    var rest = line.dropFirst("#include".count)
    let optional = rest.first == "?"
    if optional { rest = rest.dropFirst() }
    guard rest.first?.isWhitespace == true || rest.first == "\"" else { return nil }
    var path = rest.trimmingWhitespace()
    if path.hasPrefix("\"") {
      path.removeFirst()
      guard let close = path.firstIndex(of: "\"") else { return nil }
      path = String(path[..<close])
    }
    return path.isEmpty ? nil : (path, optional)
  }

  /// Next to the including file first, then in the project folder; Xcode also accepts the name
  /// without `.xcconfig` (`#include "Default"`). Each place as a Mac looks in it (`MacFileLookup`),
  /// ignoring case and Unicode normalization.
  private static func locate(_ path: String, from file: URL, projectFolder: URL?)
    -> MacFileLookup.Found?
  {
    let spellings = path.hasSuffix(".xcconfig") ? [path] : [path, path + ".xcconfig"]
    var candidates: [URL] = []
    for spelling in spellings {
      if spelling.hasPrefix("/") {
        candidates.append(URL(fileURLWithPath: spelling))
      } else {
        candidates.append(file.deletingLastPathComponent().appendingPathComponent(spelling))
        if let projectFolder { candidates.append(projectFolder.appendingPathComponent(spelling)) }
      }
    }
    return candidates.lazy.compactMap { MacFileLookup.find($0, kind: .file) }.first
  }

  /// `KEY = value`, `KEY[sdk=iphoneos*][arch=*] = value`, with an optional `;` at the end.
  static func assignment(in line: String, file: URL) -> XCConfigAssignment? {
    guard let equals = assignmentSign(in: line) else { return nil }
    var value = line[line.index(after: equals)...].trimmingWhitespace()
    if value.hasSuffix(";") {
      value = String(value.dropLast()).trimmingWhitespace()
    }
    guard let (key, conditions) = settingKey(line[..<equals]) else { return nil }
    return XCConfigAssignment(key: key, conditions: conditions, value: value, file: file)
  }

  /// `KEY` or `KEY[sdk=iphoneos*][arch=*]`: the left side of an xcconfig line, or a key of a
  /// `project.pbxproj` `buildSettings` dictionary, which uses the same spelling.
  static func settingKey(_ text: Substring) -> (key: String, conditions: [XCConfigCondition])? {
    var left = text.trimmingWhitespace()[...]
    let keyEnd = left.firstIndex(of: "[") ?? left.endIndex
    let key = String(left[..<keyEnd]).trimmingWhitespace()
    guard isSettingName(key) else { return nil }
    left = left[keyEnd...]

    var conditions: [XCConfigCondition] = []
    while !left.isEmpty {
      guard left.first == "[", let close = left.firstIndex(of: "]") else { return nil }
      let body = left[left.index(after: left.startIndex)..<close]
      guard let sign = body.firstIndex(of: "=") else { return nil }
      conditions.append(
        XCConfigCondition(
          name: body[..<sign].trimmingWhitespace(),
          pattern: body[body.index(after: sign)...].trimmingWhitespace()))
      left = left[left.index(after: close)...].drop(while: \.isWhitespace)
    }
    return (key, conditions)
  }

  /// The first `=` outside `[...]`: conditions hold `=` of their own.
  private static func assignmentSign(in line: String) -> String.Index? {
    var inCondition = false
    for index in line.indices {
      switch line[index] {
      case "[": inCondition = true
      case "]": inCondition = false
      case "=" where !inCondition: return index
      default: continue
      }
    }
    return nil
  }

  static func isSettingName(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first == "_" || isASCIILetter(first) else {
      return false
    }
    return text.unicodeScalars.allSatisfy {
      $0 == "_" || isASCIILetter($0) || ("0"..."9").contains($0)
    }
  }

  private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }
}
