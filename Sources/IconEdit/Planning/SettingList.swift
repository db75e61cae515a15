import IconCatalog

/// Adds or removes one name in a list build setting's text (`ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES
/// = A B "C D"`) without touching the rest: the other names keep their spelling, quotes and
/// spacing, so removing a name added by `appending` gives the text back byte for byte.
enum SettingList {
  /// The items of `text` with their ranges, split as the build splits them
  /// (`EditPlaces.listItems`): whitespace separates, quotes group, a backslash escapes.
  static func items(_ text: String) -> [(value: String, range: Range<String.Index>)] {
    var items: [(String, Range<String.Index>)] = []
    var index = text.startIndex
    while index < text.endIndex {
      guard !text[index].isWhitespace else {
        index = text.index(after: index)
        continue
      }
      let start = index
      var value = ""
      var quote: Character?
      var escaped = false
      while index < text.endIndex {
        let character = text[index]
        if escaped {
          value.append(character)
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if let open = quote {
          if character == open { quote = nil } else { value.append(character) }
        } else if character == "\"" || character == "'" {
          quote = character
        } else if character.isWhitespace {
          break
        } else {
          value.append(character)
        }
        index = text.index(after: index)
      }
      items.append((value, start..<index))
    }
    return items
  }

  /// The item as written in a list: quoted when it holds whitespace.
  static func written(_ name: String) -> String {
    name.contains(where: \.isWhitespace)
      ? "\"" + name.replacingAll("\"", with: "\\\"") + "\"" : name
  }

  static func appending(_ name: String, to text: String) -> String {
    let trimmed = text.trimmingTrailingWhitespace()
    return trimmed.isEmpty ? written(name) : trimmed + " " + written(name)
  }

  /// `text` without `name` (every occurrence) and the space before it (after it, for the first);
  /// nil when `name` is not in it.
  static func removing(_ name: String, from text: String) -> String? {
    let found = items(text).filter { $0.value == name }
    guard !found.isEmpty else { return nil }
    var result = text
    for item in found.reversed() {
      var lower = item.range.lowerBound
      var upper = item.range.upperBound
      // Take the separator before the item, or after it when it is the first.
      if lower > result.startIndex, result[result.index(before: lower)].isWhitespace {
        lower = result.index(before: lower)
      } else if upper < result.endIndex, result[upper].isWhitespace {
        upper = result.index(after: upper)
      }
      result.removeSubrange(lower..<upper)
    }
    return result
  }
}

extension String {
  func trimmingTrailingWhitespace() -> String {
    var text = self
    while let last = text.last, last.isWhitespace { text.removeLast() }
    return text
  }
}
