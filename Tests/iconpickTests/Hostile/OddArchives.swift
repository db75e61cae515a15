import Foundation

/// Archives that are not what their names say: an `.ipa` without `Payload/`, an empty zip, a
/// folder named `.ipa`, a truncated zip, an `.xcarchive` without `Products`.
enum OddArchives {
  static let cases: [HostileCase] = [
    HostileCase(name: "ipa-no-payload", input: "NoPayload.ipa", kind: .artifact) { folder in
      var zip = ZipWriter()
      zip.add("Hostile.app/Info.plist", HostileFiles.infoPlist())
      zip.add("README", "no Payload here")
      try HostileFiles.write(folder, "NoPayload.ipa", zip.bytes())
    },
    HostileCase(name: "ipa-empty-zip", input: "Empty.ipa", kind: .artifact) { folder in
      try HostileFiles.write(folder, "Empty.ipa", ZipWriter().bytes())
    },
    HostileCase(name: "ipa-empty-file", input: "Nothing.ipa", kind: .artifact) { folder in
      try HostileFiles.write(folder, "Nothing.ipa", [UInt8]())
    },
    HostileCase(name: "ipa-is-directory", input: "Folder.ipa", kind: .artifact) { folder in
      try HostileFiles.write(
        folder, "Folder.ipa/Payload/Hostile.app/Info.plist", HostileFiles.infoPlist())
    },
    HostileCase(name: "ipa-truncated", input: "Cut.ipa", kind: .artifact) { folder in
      var zip = ZipWriter()
      HostileFiles.payload(&zip, app: "Cut.app")
      let bytes = zip.bytes()
      try HostileFiles.write(folder, "Cut.ipa", Array(bytes[0..<bytes.count - 30]))
    },
    HostileCase(name: "ipa-not-a-zip", input: "Text.ipa", kind: .artifact) { folder in
      try HostileFiles.write(folder, "Text.ipa", String(repeating: "PK not a zip\n", count: 1000))
    },
    HostileCase(name: "ipa-sparse-1gb", input: "Sparse.ipa", kind: .artifact) { folder in
      var zip = ZipWriter()
      HostileFiles.payload(&zip, app: "Sparse.app")
      try HostileFiles.sparse(folder, "Sparse.ipa", head: zip.bytes(), size: 1 << 30)
    },
    HostileCase(name: "xcarchive-no-products", input: "Bare.xcarchive", kind: .artifact) { folder in
      try HostileFiles.xcarchive(folder, "Bare.xcarchive")
    },
    HostileCase(name: "xcarchive-empty", input: "Empty.xcarchive", kind: .artifact) { folder in
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("Empty.xcarchive"), withIntermediateDirectories: true)
    },
    HostileCase(name: "app-empty", input: "Empty.app", kind: .artifact) { folder in
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("Empty.app"), withIntermediateDirectories: true)
    },
    HostileCase(name: "app-is-file", input: "File.app", kind: .artifact) { folder in
      try HostileFiles.write(folder, "File.app", "not a folder")
    },
    // A zip holding one app at its top is read; one with two is refused, naming both.
    HostileCase(
      name: "zip-one-app", input: "Hostile.zip", kind: .artifact,
      mustRead: [.list, .listJSON], mustList: "Hostile.zip/Hostile.app/AppIcon60x60@2x.png"
    ) { folder in
      var zip = ZipWriter()
      zip.add("Hostile.app/Info.plist", HostileFiles.infoPlist())
      zip.add("Hostile.app/AppIcon60x60@2x.png", HostileBytes.smallPNG(120))
      zip.add("__MACOSX/Hostile.app/._Info.plist", [0, 5, 22, 7])
      try HostileFiles.write(folder, "Hostile.zip", zip.bytes())
    },
    HostileCase(
      name: "zip-two-apps", input: "Two.zip", kind: .artifact,
      mustRefuse: [.list, .listJSON, .check, .checkJSON, .showOutput, .against]
    ) { folder in
      var zip = ZipWriter()
      for app in ["One.app", "Two.app"] {
        zip.add("\(app)/Info.plist", HostileFiles.infoPlist())
        zip.add("\(app)/AppIcon60x60@2x.png", HostileBytes.smallPNG(120))
      }
      try HostileFiles.write(folder, "Two.zip", zip.bytes())
    },
    // Payload/ inside one wrapper folder is read; inside folders nested deeper, refused.
    HostileCase(
      name: "ipa-wrapped", input: "Wrapped.ipa", kind: .artifact, mustRead: [.list, .listJSON],
      mustList: "Wrapped.ipa/Wrapped/Payload/Hostile.app/AppIcon60x60@2x.png"
    ) { folder in
      var inner = ZipWriter()
      HostileFiles.payload(&inner)
      var zip = ZipWriter()
      for entry in inner.entries { zip.add("Wrapped/" + entry.name, entry.data) }
      try HostileFiles.write(folder, "Wrapped.ipa", zip.bytes())
    },
    HostileCase(
      name: "ipa-nested-wrappers", input: "Nested.ipa", kind: .artifact,
      mustRefuse: [.list, .listJSON, .check, .checkJSON, .showOutput, .against]
    ) { folder in
      var inner = ZipWriter()
      HostileFiles.payload(&inner)
      var zip = ZipWriter()
      for entry in inner.entries { zip.add("A/B/C/" + entry.name, entry.data) }
      zip.add("A/B/C/Payload/", [])
      try HostileFiles.write(folder, "Nested.ipa", zip.bytes())
    },
  ]
}
