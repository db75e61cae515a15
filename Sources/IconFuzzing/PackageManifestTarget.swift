import FoundationEssentials

#if DEBUG
  @testable import IconCatalog

  extension FuzzTarget {
    /// The bytes as `Package.swift` in the workspace: the manifest parsed from its tokens and
    /// from the file, which must agree; each product's folders found, and the folders of all of
    /// them.
    func packageManifest(_ data: Data, _ space: Workspace) -> Outcome {
      let bytes = [UInt8](data)
      let parsed = SwiftPackageManifest.parse(CodeLexer.tokens(of: bytes, language: .swift))
      let package = space.root.appendingPathComponent("package", isDirectory: true)
      try? FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
      try? Data(bytes).write(to: package.appendingPathComponent("Package.swift"))
      let read = SwiftPackageManifest.read(package: package)
      let empty = parsed.products.isEmpty && parsed.modules.isEmpty
      precondition(empty ? read == nil : read == parsed, "reading the file differs from parsing it")
      var folders = 0
      for product in parsed.products.keys.sorted() {
        let found = parsed.sourceFolders(linking: [product], in: package) ?? []
        folders += found.count
      }
      // Linking every product reads at least what linking any one does.
      let all = CodeFiles.packageFolders(package, linking: parsed.products.keys.sorted())
      precondition(parsed.products.isEmpty || all.count >= 1 || folders == 0)
      return .read(
        summary:
          "\(parsed.products.count) products, \(parsed.modules.count) targets, \(folders) folders")
    }
  }
#endif
