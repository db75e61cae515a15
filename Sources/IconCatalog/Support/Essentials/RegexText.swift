/// Text for the standard library's `Regex(_:)`, where iconpick used NSRegularExpression.
public enum RegexText {
  /// A pattern that matches `text` literally: every ASCII character other than a letter, digit
  /// or `_` escaped, as `NSRegularExpression.escapedPattern(for:)` did for the metacharacters.
  public static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      if character.isASCII, !(character.isLetter || character.isNumber || character == "_") {
        result.append("\\")
      }
      result.append(character)
    }
    return result
  }
}
