import Foundation

/// Names that carry terminal escape sequences (clear screen, a window title, the C1 CSI) or run
/// to 10 MB: nothing read from an artifact may reach the terminal as an escape, in any format,
/// and no line of standard error may run on.
enum Names {
  static let clear = "\u{1B}[2J"
  static let title = "\u{1B}]0;pwned\u{07}"
  static let c1 = "\u{9B}2J"
  static let red = "Red\u{1B}[31m"

  static let alternates: [(String, [String])] = [
    (clear, [clear]), (title, ["Title" + title]), (c1, [c1]), (red, ["AppIcon60x60"]),
  ]

  static let every: [HostileCommand] = [
    .list, .listJSON, .check, .checkJSON, .checkGitHub, .checkSARIF, .checkJUnit, .showOutput,
    .showCells,
  ]

  static let long = String(repeating: "A", count: 10 << 20)

  static let cases: [HostileCase] = [
    HostileCase(
      name: "names-escapes-app", input: "Escapes.app", kind: .artifact, commands: every + [.against]
    ) { folder in
      try HostileFiles.app(folder, "Escapes.app", plist: nil, pngs: ["AppIcon60x60@2x.png"])
      try HostileFiles.write(
        folder, "Escapes.app/Info.plist",
        try HostileFiles.binaryInfoPlist(
          displayName: title + "Hostile" + clear, alternates: alternates))
      try HostileFiles.write(folder, "Escapes.app/Title\(title)@2x.png", HostileBytes.smallPNG(120))
    },
    HostileCase(
      name: "names-escapes-ipa", input: "Escapes.ipa", kind: .artifact, commands: every + [.against]
    ) { folder in
      var zip = ZipWriter()
      zip.add(
        "Payload/Escapes.app/Info.plist",
        [UInt8](
          try HostileFiles.binaryInfoPlist(displayName: clear + "Hostile", alternates: alternates)))
      zip.add("Payload/Escapes.app/AppIcon60x60@2x.png", HostileBytes.smallPNG(120))
      zip.add("Payload/Escapes.app/Title\(title)@2x.png", [0x89, 0x50, 0x4E, 0x47, 0x1B, 0x5B])
      zip.add("Payload/Escapes.app/\(clear)@2x.png", Array("not a png \(title)".utf8))
      try HostileFiles.write(folder, "Escapes.ipa", zip.bytes())
    },
    // The app folder inside Payload/ is named with escapes (several apps: the message lists them).
    HostileCase(
      name: "names-escapes-ipa-app-names", input: "Apps.ipa", kind: .artifact,
      commands: every + [.against]
    ) { folder in
      var zip = ZipWriter()
      HostileFiles.payload(&zip, app: "\(clear).app")
      HostileFiles.payload(&zip, app: "\(title)\(c1).app")
      try HostileFiles.write(folder, "Apps.ipa", zip.bytes())
    },
    HostileCase(
      name: "names-escapes-project", input: "Project", kind: .project, commands: every
    ) { folder in
      try HostileFiles.write(
        folder, "Project/Info.plist",
        try HostileFiles.binaryInfoPlist(
          bundleIdentifier: "com.example.hostile", displayName: title, alternates: alternates))
      try HostileFiles.write(
        folder, "Project/App.xcconfig",
        "PRODUCT_BUNDLE_IDENTIFIER = com.example.hostile\nASSETCATALOG_COMPILER_APPICON_NAME = \(clear)Icon\n"
          + "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \(title) \(c1)\n")
      try HostileFiles.write(
        folder, "Project/Assets.xcassets/\(clear)Icon.appiconset/Contents.json",
        """
        {"images":[{"filename":"\\u001b]0;x\\u0007.png","idiom":"universal","platform":"ios","size":"1024x1024"}]}
        """)
      try HostileFiles.write(
        folder, "Project/Assets.xcassets/\(title).appiconset/Contents.json",
        """
        {"images":[{"filename":"\(title).png","idiom":"universal","platform":"ios","size":"60x60","scale":"2x"}]}
        """.replacingOccurrences(of: "\u{1B}", with: "\\u001b").replacingOccurrences(
          of: "\u{07}", with: "\\u0007"))
      try HostileFiles.write(
        folder, "Project/Assets.xcassets/\(title).appiconset/\(title).png",
        HostileBytes.smallPNG(100))
    },
    HostileCase(
      name: "names-escape-bundle-id", input: "Identifier.app", kind: .artifact,
      mustRead: [.list, .listJSON, .showOutput]
    ) { folder in
      try HostileFiles.app(folder, "Identifier.app", plist: nil)
      try HostileFiles.write(
        folder, "Identifier.app/Info.plist",
        try HostileFiles.binaryInfoPlist(bundleIdentifier: "com.example.\(clear)\(title)"))
    },
    // A 10 MB alternate name, display name and file name.
    HostileCase(
      name: "names-10mb", input: "Long.app", kind: .artifact,
      commands: [.list, .listJSON, .check, .checkJSON, .checkGitHub, .showOutput, .against]
    ) { folder in
      try HostileFiles.app(folder, "Long.app", plist: nil)
      try HostileFiles.write(
        folder, "Long.app/Info.plist",
        try HostileFiles.binaryInfoPlist(
          displayName: long, alternates: [(long, [long]), ("Short", [long])]))
    },
  ]
}
