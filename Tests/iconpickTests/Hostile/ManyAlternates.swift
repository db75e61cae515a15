import Foundation

/// Many alternates sharing one PNG: up to InfoPlist.maximumAlternates (10,000) every command reads
/// them, linear in time and memory; past it, one line naming the Info.plist and the limit.
enum ManyAlternates {
  static func app(_ folder: URL, _ name: String, count: Int) throws {
    let alternates = (1...count).map { ("Alternate \($0)", ["Shared"]) }
    try HostileFiles.app(
      folder, name, plist: HostileFiles.infoPlist(alternates: alternates),
      pngs: ["AppIcon60x60@2x.png", "Shared@2x.png"])
  }

  static let cases: [HostileCase] = [
    HostileCase(
      name: "alternates-10000", input: "Many.app", kind: .artifact,
      commands: [.list, .check, .against], mustRead: [.list]
    ) { folder in try app(folder, "Many.app", count: 10_000) },
    // Past the limit by count (a 2 MB Info.plist), then by the Info.plist's size (10 MB).
    HostileCase(
      name: "alternates-20000", input: "Many.app", kind: .artifact, inner: ["Info.plist"],
      commands: [.list, .check, .against], mustRefuse: [.list, .check]
    ) { folder in try app(folder, "Many.app", count: 20_000) },
    HostileCase(
      name: "alternates-100000", input: "Many.app", kind: .artifact, inner: ["Info.plist"],
      commands: [.list, .check, .against], mustRefuse: [.list, .check]
    ) { folder in try app(folder, "Many.app", count: 100_000) },
  ]
}
