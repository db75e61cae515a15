import Foundation

/// 100,000 alternates sharing one PNG: every command must stay linear in time and memory.
enum ManyAlternates {
  static let count = 100_000

  static let cases: [HostileCase] = [
    HostileCase(
      name: "alternates-100000", input: "Many.app", kind: .artifact,
      commands: [.list, .check, .against], mustRead: [.list]
    ) { folder in
      let alternates = (1...count).map { ("Alternate \($0)", ["Shared"]) }
      try HostileFiles.app(
        folder, "Many.app", plist: HostileFiles.infoPlist(alternates: alternates),
        pngs: ["AppIcon60x60@2x.png", "Shared@2x.png"])
    }
  ]
}
