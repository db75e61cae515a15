// The Foundation floor of `make bench`'s start-up table: what any Swift tool that imports
// Foundation pays to start, decode a little JSON and print a line.
import Foundation

struct Version: Decodable { var version: String }

let decoded = try! JSONDecoder().decode(Version.self, from: Data(#"{"version":"0.1.0"}"#.utf8))
print("floor \(decoded.version)")
