import Foundation

/// FIFOs, a socket and a device where iconpick expects a regular file: opening a FIFO blocks
/// until a writer comes, which none will; every command must refuse them without waiting.
enum SpecialFiles {
  static let cases: [HostileCase] = [
    HostileCase(name: "fifo-info-plist", input: "Fifo.app", kind: .artifact, inner: ["Info.plist"])
    {
      folder in
      try HostileFiles.app(folder, "Fifo.app", plist: nil)
      try HostileFiles.fifo(folder, "Fifo.app/Info.plist")
    },
    HostileCase(
      name: "fifo-png", input: "FifoPNG.app", kind: .artifact, inner: ["AppIcon60x60@2x.png"]
    ) {
      folder in
      try HostileFiles.app(folder, "FifoPNG.app", pngs: [])
      try HostileFiles.fifo(folder, "FifoPNG.app/AppIcon60x60@2x.png")
    },
    HostileCase(
      name: "fifo-assets-car", input: "FifoCar.app", kind: .artifact, inner: ["Assets.car"]
    ) {
      folder in
      try HostileFiles.app(
        folder, "FifoCar.app", plist: HostileFiles.infoPlist(primaryName: "AppIcon"))
      try HostileFiles.fifo(folder, "FifoCar.app/Assets.car")
    },
    HostileCase(
      name: "socket-png", input: "Sock.app", kind: .artifact, inner: ["AppIcon60x60@2x.png"]
    ) {
      folder in
      try HostileFiles.app(folder, "Sock.app", pngs: [])
      try HostileFiles.socket(folder, "Sock.app/AppIcon60x60@2x.png")
    },
    HostileCase(
      name: "xcarchive-fifo-info-plist", input: "Fifo.xcarchive", kind: .artifact,
      inner: ["Info.plist"]
    ) { folder in
      try HostileFiles.app(folder, "Fifo.xcarchive/Products/Applications/Hostile.app")
      try HostileFiles.fifo(folder, "Fifo.xcarchive/Info.plist")
    },
    HostileCase(name: "ipa-is-fifo", input: "Fifo.ipa", kind: .artifact) { folder in
      try HostileFiles.fifo(folder, "Fifo.ipa")
    },
    HostileCase(
      name: "project-fifo-info-plist", input: "Project", kind: .project, inner: ["Info.plist"]
    ) {
      folder in
      try HostileFiles.write(
        folder, "Project/App.xcconfig", "PRODUCT_BUNDLE_IDENTIFIER = com.example.x\n")
      try HostileFiles.fifo(folder, "Project/Info.plist")
    },
    HostileCase(
      name: "project-fifo-contents-json", input: "Project", kind: .project, inner: ["Contents.json"]
    ) { folder in
      try PNGBombs.project(folder, "Project", png: HostileBytes.smallPNG(1024))
      let contents = "Project/Assets.xcassets/AppIcon.appiconset/Contents.json"
      try FileManager.default.removeItem(at: folder.appendingPathComponent(contents))
      try HostileFiles.fifo(folder, contents)
    },
    HostileCase(
      name: "project-fifo-png", input: "Project", kind: .project, inner: ["AppIcon.png"]
    ) { folder in
      try PNGBombs.project(folder, "Project", png: [])
      let png = "Project/Assets.xcassets/AppIcon.appiconset/AppIcon.png"
      try FileManager.default.removeItem(at: folder.appendingPathComponent(png))
      try HostileFiles.fifo(folder, png)
    },
    HostileCase(
      name: "project-fifo-icon-json", input: "Project", kind: .project, inner: ["icon.json"]
    ) { folder in
      try PNGBombs.project(folder, "Project", png: HostileBytes.smallPNG(1024))
      try FileManager.default.removeItem(
        at: folder.appendingPathComponent("Project/Assets.xcassets/AppIcon.appiconset"))
      try HostileFiles.fifo(folder, "Project/AppIcon.icon/icon.json")
      try HostileFiles.write(folder, "Project/AppIcon.icon/Assets/.keep", "")
    },
    // An Icon Composer bundle whose layer image is a FIFO.
    HostileCase(
      name: "project-fifo-icon-layer", input: "Project", kind: .project, inner: ["a.png"]
    ) { folder in
      try PNGBombs.project(folder, "Project", png: HostileBytes.smallPNG(1024))
      try FileManager.default.removeItem(
        at: folder.appendingPathComponent("Project/Assets.xcassets/AppIcon.appiconset"))
      try HostileFiles.write(
        folder, "Project/AppIcon.icon/icon.json",
        #"{"groups":[{"layers":[{"image-name":"a.png","name":"a"}]}]}"#)
      try HostileFiles.fifo(folder, "Project/AppIcon.icon/Assets/a.png")
    },
    HostileCase(
      name: "project-sparse-contents-json", input: "Project", kind: .project,
      inner: ["Contents.json"]
    ) { folder in
      try PNGBombs.project(folder, "Project", png: HostileBytes.smallPNG(1024))
      let contents = "Project/Assets.xcassets/AppIcon.appiconset/Contents.json"
      try HostileFiles.sparse(folder, contents, head: Array("{\"images\":[".utf8), size: 1 << 30)
    },
    HostileCase(
      name: "project-sparse-icon-json", input: "Project", kind: .project, inner: ["icon.json"]
    ) { folder in
      try PNGBombs.project(folder, "Project", png: HostileBytes.smallPNG(1024))
      try FileManager.default.removeItem(
        at: folder.appendingPathComponent("Project/Assets.xcassets/AppIcon.appiconset"))
      try HostileFiles.sparse(
        folder, "Project/AppIcon.icon/icon.json", head: Array("{\"groups\":[".utf8), size: 1 << 30)
    },
  ]
}
