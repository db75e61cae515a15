// The FoundationEssentials floor of `make bench`'s start-up table: the same as foundation.swift
// with only FoundationEssentials (no ICU, no Foundation's Objective-C-style classes).
import FoundationEssentials

struct Version: Decodable { var version: String }

let decoded = try! JSONDecoder().decode(Version.self, from: Data(#"{"version":"0.1.0"}"#.utf8))
print("floor \(decoded.version)")
