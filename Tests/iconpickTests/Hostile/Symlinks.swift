import Foundation

/// Symbolic links in `.app` and `.xcarchive` folders that leave the artifact: iconpick must
/// refuse them (named), never read what they point to. And a `.app` given through a link, which
/// reads as the app it points to.
enum Symlinks {
  static let cases: [HostileCase] = [
    HostileCase(
      name: "app-info-plist-to-passwd", input: "Passwd.app", kind: .artifact, inner: ["Info.plist"],
      mustRefuse: [.list, .listJSON, .showOutput]
    ) { folder in
      try HostileFiles.app(folder, "Passwd.app", plist: nil)
      try HostileFiles.symlink(folder, "Passwd.app/Info.plist", to: "/etc/passwd")
    },
    // A valid Info.plist beside the app, reached through a link: read, it would list an app.
    HostileCase(
      name: "app-info-plist-outside", input: "PlistOutside.app", kind: .artifact,
      inner: ["Info.plist"], mustRefuse: [.list, .listJSON, .showOutput]
    ) { folder in
      try HostileFiles.app(folder, "PlistOutside.app", plist: nil)
      try HostileFiles.write(folder, "elsewhere/Info.plist", HostileFiles.infoPlist())
      try HostileFiles.symlink(
        folder, "PlistOutside.app/Info.plist",
        to: folder.appendingPathComponent("elsewhere/Info.plist").path)
    },
    HostileCase(
      name: "app-png-to-dev-zero", input: "Zero.app", kind: .artifact,
      inner: ["AppIcon60x60@2x.png"]
    ) { folder in
      try HostileFiles.app(folder, "Zero.app", pngs: [])
      try HostileFiles.symlink(folder, "Zero.app/AppIcon60x60@2x.png", to: "/dev/zero")
    },
    // A PNG beside the app, reached through a link that leaves it.
    HostileCase(
      name: "app-png-outside", input: "Outside.app", kind: .artifact,
      inner: ["AppIcon60x60@2x.png"], mustRefuse: [.showOutput]
    ) { folder in
      try HostileFiles.app(folder, "Outside.app", pngs: [])
      try HostileFiles.write(folder, "elsewhere.png", HostileBytes.smallPNG(120))
      try HostileFiles.symlink(
        folder, "Outside.app/AppIcon60x60@2x.png",
        to: folder.appendingPathComponent("elsewhere.png").path)
    },
    // An Assets.car that is the zero device.
    HostileCase(
      name: "app-car-to-dev-zero", input: "ZeroCar.app", kind: .artifact, inner: ["Assets.car"]
    ) { folder in
      try HostileFiles.app(
        folder, "ZeroCar.app", plist: HostileFiles.infoPlist(primaryName: "AppIcon"))
      try HostileFiles.symlink(folder, "ZeroCar.app/Assets.car", to: "/dev/zero")
    },
    // Products links to the root folder: a real app elsewhere on disk must not be read.
    HostileCase(
      name: "xcarchive-products-to-root", input: "Root.xcarchive", kind: .artifact,
      inner: ["Products"]
    ) { folder in
      try HostileFiles.xcarchive(folder, "Root.xcarchive", app: "Hostile.app")
      try HostileFiles.symlink(folder, "Root.xcarchive/Products", to: "/")
    },
    // Products links to a folder beside the archive that holds a sane app.
    HostileCase(
      name: "xcarchive-products-outside", input: "Beside.xcarchive", kind: .artifact,
      inner: ["Products"], mustRefuse: [.list, .listJSON, .showOutput]
    ) { folder in
      try HostileFiles.xcarchive(folder, "Beside.xcarchive", app: "Hostile.app")
      try HostileFiles.app(folder, "elsewhere/Applications/Hostile.app")
      try HostileFiles.symlink(
        folder, "Beside.xcarchive/Products", to: folder.appendingPathComponent("elsewhere").path)
    },
    // The archive's app is a link to the password file's folder.
    HostileCase(
      name: "xcarchive-app-to-etc", input: "Etc.xcarchive", kind: .artifact, inner: ["Hostile.app"]
    ) { folder in
      try HostileFiles.xcarchive(folder, "Etc.xcarchive", app: "Hostile.app")
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("Etc.xcarchive/Products/Applications"),
        withIntermediateDirectories: true)
      try HostileFiles.symlink(
        folder, "Etc.xcarchive/Products/Applications/Hostile.app", to: "/etc")
    },
    // A sane app given through a link: it reads as the app it points to, loose icons included,
    // and names that app (check's finding about its Info.plist names Real.app).
    HostileCase(
      name: "app-through-symlink", input: "Link.app", kind: .artifact, inner: ["Real.app"],
      mustRead: [.list, .listJSON, .showOutput], mustList: "Real.app/AppIcon60x60@2x.png"
    ) { folder in
      try HostileFiles.app(folder, "Real.app")
      try HostileFiles.symlink(folder, "Link.app", to: "Real.app")
    },
  ]
}
