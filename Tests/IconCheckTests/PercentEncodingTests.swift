import Foundation
import Testing

@testable import IconCheck

@Test(
  "SARIF's relative URIs are percent-encoded as addingPercentEncoding(urlPathAllowed minus ;) did")
func sarifPercentEncodingMatchesFoundation() {
  var allowed = CharacterSet.urlPathAllowed
  allowed.remove(charactersIn: ";")
  for path in [
    "App/Assets.xcassets/AppIcon.appiconset/Contents.json", "a b/c#d?e%f;g", "Ünïcode/日本.png",
    "a:b/c", "~user/(x)[y]{z}", "tab\there", "quote\"and'apostrophe",
  ] {
    let expected = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    let first = expected.prefix { $0 != "/" }
    #expect(
      PathStyle.percentEncoded(path) == (first.contains(":") ? "./" + expected : expected),
      "\(path)")
  }
}
