import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Makes a layer's SVG drawable by librsvg 2.54 before librsvg sees it: `feDropShadow` (SVG
/// Filter Effects 1, which librsvg 2.54 does not know, so it leaves out the whole filtered
/// element) becomes the primitives the specification defines it as, and a filter that still
/// holds a primitive librsvg cannot draw is dropped, so its artwork is drawn without it rather
/// than not at all. Only text is rewritten: nothing is fetched, and the result is no larger than
/// a fixed multiple of the input.
public enum SVGFilterRewrite {
  /// The SVG, rewritten, and what was given up (one line per dropped filter).
  public struct Result: Sendable, Equatable {
    public var bytes: [UInt8]
    /// "filter #glow uses feFoo, which librsvg cannot draw: the artwork is drawn without the
    /// filter".
    public var approximations: [String]
    public var changed: Bool
  }

  /// The filter primitives (and their children) librsvg 2.54 draws.
  static let drawable: Set<String> = [
    "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix",
    "feDiffuseLighting", "feDisplacementMap", "feFlood", "feGaussianBlur", "feImage", "feMerge",
    "feMorphology", "feOffset", "feSpecularLighting", "feTile", "feTurbulence", "feDistantLight",
    "fePointLight", "feSpotLight", "feFuncR", "feFuncG", "feFuncB", "feFuncA", "feMergeNode",
  ]

  /// The most `feDropShadow`s expanded in one file (each grows about 30 times); past them the
  /// rest stay as they are, and their filters are dropped.
  static let maxDropShadows = 256

  public static func rewrite(_ bytes: [UInt8]) -> Result {
    // Most SVGs have no filter: a byte search, no decoding.
    guard contains(bytes, Array("<filter".utf8)) || contains(bytes, Array(":filter".utf8)) else {
      return Result(bytes: bytes, approximations: [], changed: false)
    }
    guard var text = String(validating: bytes, as: UTF8.self) else {
      return Result(bytes: bytes, approximations: [], changed: false)
    }
    var approximations: [String] = []
    var changed = false
    var dropped: [String] = []
    var counter = 0
    var searchFrom = text.startIndex
    while let open = text[searchFrom..<text.endIndex].firstRange(ofText: "<filter") {
      // `<filter` followed by a name character is another element (`<filterX`).
      guard let after = text[open.upperBound...].first,
        after == " " || after == "\t"
          || after == "\n" || after == "\r" || after == ">" || after == "/"
      else {
        searchFrom = open.upperBound
        continue
      }
      guard let headEnd = text[open.upperBound...].firstIndex(of: ">") else { break }
      let head = String(text[open.lowerBound...headEnd])
      let id = attributes(of: head)["id"] ?? ""
      if head.hasSuffix("/>") {
        searchFrom = text.index(after: headEnd)
        continue
      }
      guard let close = text[headEnd..<text.endIndex].firstRange(ofText: "</filter") else { break }
      var body = String(text[text.index(after: headEnd)..<close.lowerBound])
      if body.contains("<feDropShadow") {
        body = rewriteDropShadows(body, counter: &counter)
        changed = true
      }
      let unknown = primitiveNames(in: body).filter { !drawable.contains($0) }
      if !unknown.isEmpty {
        dropped.append(id)
        let names = Array(Set(unknown)).sorted().joined(separator: ", ")
        approximations.append(
          "filter \(id.isEmpty ? "without an id" : "#" + id) uses \(names), which librsvg cannot draw: the artwork is drawn without the filter"
        )
      }
      text.replaceSubrange(text.index(after: headEnd)..<close.lowerBound, with: body)
      // Past this filter's (possibly longer) body.
      guard let closeAgain = text[headEnd..<text.endIndex].firstRange(ofText: "</filter") else {
        break
      }
      searchFrom = closeAgain.upperBound
    }
    for id in dropped where !id.isEmpty {
      let removed = removeReferences(to: id, in: text)
      if removed != text {
        text = removed
        changed = true
      }
    }
    return Result(
      bytes: changed ? Array(text.utf8) : bytes, approximations: approximations, changed: changed)
  }

  /// Each `<feDropShadow>` as the specification defines it: the input's alpha blurred and moved,
  /// flooded with the shadow's colour, under the input.
  static func rewriteDropShadows(_ body: String, counter: inout Int) -> String {
    var result = ""
    var rest = Substring(body)
    while counter < maxDropShadows, let open = rest.firstRange(ofText: "<feDropShadow") {
      result += rest[..<open.lowerBound]
      guard let headEnd = rest[open.upperBound...].firstIndex(of: ">") else {
        // An unfinished tag: left as it is (librsvg reports the file).
        result += rest[open.lowerBound...]
        return result
      }
      let head = String(rest[open.lowerBound...headEnd])
      var end = rest.index(after: headEnd)
      if !head.hasSuffix("/>"),
        let close = rest[end..<rest.endIndex].firstRange(ofText: "</feDropShadow>")
      {
        end = close.upperBound
      }
      counter += 1
      result += expansion(of: attributes(of: head), number: counter)
      rest = rest[end...]
    }
    return result + rest
  }

  static func expansion(of attributes: [String: String], number: Int) -> String {
    let name = "iconpick-drop-shadow-\(number)"
    func attribute(_ key: String, _ value: String?) -> String {
      guard let value else { return "" }
      return " \(key)=\"\(escaped(value))\""
    }
    let shared = attribute("color-interpolation-filters", attributes["color-interpolation-filters"])
    let region = ["x", "y", "width", "height"].map { attribute($0, attributes[$0]) }.joined()
    return
      "<feOffset\(attribute("in", attributes["in"])) dx=\"0\" dy=\"0\" result=\"\(name)-in\"\(shared)/>"
      + "<feGaussianBlur in=\"\(name)-in\" stdDeviation=\"\(escaped(attributes["stdDeviation"] ?? "2"))\"\(shared)/>"
      + "<feOffset dx=\"\(escaped(attributes["dx"] ?? "2"))\" dy=\"\(escaped(attributes["dy"] ?? "2"))\" result=\"\(name)-blur\"\(shared)/>"
      + "<feFlood\(attribute("flood-color", attributes["flood-color"]))\(attribute("flood-opacity", attributes["flood-opacity"]))\(attribute("style", attributes["style"]))\(shared)/>"
      + "<feComposite in2=\"\(name)-blur\" operator=\"in\"\(shared)/>"
      + "<feMerge\(attribute("result", attributes["result"]))\(region)\(shared)>"
      + "<feMergeNode/><feMergeNode in=\"\(name)-in\"/></feMerge>"
  }

  /// The names of the elements in a filter's body (`feGaussianBlur`, ...), namespace prefixes
  /// dropped; comments skipped.
  static func primitiveNames(in body: String) -> [String] {
    var names: [String] = []
    var rest = Substring(body)
    while let open = rest.firstIndex(of: "<") {
      rest = rest[rest.index(after: open)...]
      if rest.hasPrefix("!--") {
        guard let end = rest.firstRange(ofText: "-->") else { break }
        rest = rest[end.upperBound...]
        continue
      }
      if rest.hasPrefix("/") || rest.hasPrefix("!") || rest.hasPrefix("?") { continue }
      let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == ":" || $0 == "-" || $0 == "_" }
      let local = name.split(separator: ":").last.map(String.init) ?? ""
      // Animation elements inside a primitive are not primitives.
      if !local.isEmpty, !["animate", "set", "desc", "title", "metadata"].contains(local) {
        names.append(local)
      }
    }
    return names
  }

  /// An element's attributes from its start tag: `name="value"` or `name='value'`, entities of
  /// the value left as written.
  static func attributes(of tag: String) -> [String: String] {
    var result: [String: String] = [:]
    var rest = Substring(tag)
    // Past the element's name.
    rest = rest.drop { $0 != " " && $0 != "\t" && $0 != "\n" && $0 != "\r" && $0 != ">" }
    while true {
      rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
      let name = rest.prefix { $0 != "=" && $0 != " " && $0 != ">" && $0 != "/" && !$0.isNewline }
      guard !name.isEmpty else { break }
      rest = rest[name.endIndex...].drop { $0 == " " || $0 == "\t" || $0.isNewline }
      guard rest.first == "=" else { continue }
      rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0.isNewline }
      guard let quote = rest.first, quote == "\"" || quote == "'" else { break }
      rest = rest.dropFirst()
      guard let end = rest.firstIndex(of: quote) else { break }
      result[String(name)] = String(rest[..<end])
      rest = rest[rest.index(after: end)...]
    }
    return result
  }

  /// `text` without references to the filter `id`: `filter="url(#id)"` attributes and
  /// `filter: url(#id)` declarations in styles.
  static func removeReferences(to id: String, in text: String) -> String {
    let target = RegexText.escaped(id)
    let reference = #"url\(\s*['"]?#\#(target)['"]?\s*\)"#
    var result = text
    for pattern in [
      #"\sfilter\s*=\s*"\s*\#(reference)\s*""#, #"\sfilter\s*=\s*'\s*\#(reference)\s*'"#,
      #"filter\s*:\s*\#(reference)\s*;?"#,
    ] {
      guard let expression = try? Regex(pattern) else { continue }
      result = result.replacing(expression, with: "")
    }
    return result
  }

  static func escaped(_ value: String) -> String {
    value.replacingAll("\"", with: "&quot;").replacingAll("<", with: "&lt;")
  }

  static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
    guard let first = needle.first, bytes.count >= needle.count else { return false }
    var index = 0
    let last = bytes.count - needle.count
    while index <= last {
      if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) {
        return true
      }
      index += 1
    }
    return false
  }
}
