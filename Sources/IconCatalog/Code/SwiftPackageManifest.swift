import FoundationEssentials

/// What a local package's `Package.swift` says about the code an app compiles when it links some
/// of the package's products: each product's targets, each target's dependencies within the
/// package and its folder. Read from the manifest's tokens, never by running it (a manifest is
/// Swift code): every `.library` / `.executable` product and every `.target` /
/// `.executableTarget` / `.macro` declaration is collected wherever it is written (in
/// `Package(...)`, in `package.targets.append(...)`, under an `if`), so a condition can only add
/// code, never hide it.
struct SwiftPackageManifest: Equatable, Sendable {
  struct Module: Equatable, Sendable {
    var name: String
    /// The package's own targets it depends on: by name (`"Core"`, `.target(name:)`,
    /// `.byName(name:)`). Another package's products (`.product(name:package:)`) are not here.
    var dependencies: [String]
    /// `path:` when given, relative to the package's folder.
    var path: String?
  }

  var products: [String: [String]] = [:]
  var modules: [String: Module] = [:]

  /// The manifest of the package in `folder`; nil when it cannot be read or declares nothing.
  static func read(package folder: URL) -> SwiftPackageManifest? {
    let file = folder.appendingPathComponent("Package.swift")
    guard let bytes = try? RegularFile.read(file.path, limit: CodeScanLimits.fileBytes) else {
      return nil
    }
    let manifest = parse(CodeLexer.tokens(of: bytes, language: .swift))
    return manifest.products.isEmpty && manifest.modules.isEmpty ? nil : manifest
  }

  /// The folders of the code an app linking `products` compiles: those products' targets and
  /// every target of the package they depend on. Nil when a product is not in the manifest: then
  /// the caller reads the whole package.
  func sourceFolders(linking products: [String], in folder: URL) -> [URL]? {
    var queue: [String] = []
    for product in products {
      guard let targets = self.products[product] else { return nil }
      queue += targets
    }
    var seen = Set<String>()
    var folders: [URL] = []
    while let name = queue.popLast() {
      guard seen.insert(name).inserted, let module = modules[name] else { continue }
      queue += module.dependencies
      if let path = module.path {
        folders.append(folder.appendingPathComponent(path, isDirectory: true))
      } else {
        // SwiftPM's default folders, in the order it looks.
        let candidates = ["Sources", "Source", "src", "srcs"].map {
          folder.appendingPathComponent("\($0)/\(name)", isDirectory: true)
        }
        folders.append(candidates.first { ReadDisk.isFolder($0.path) } ?? candidates[0])
      }
    }
    return folders.sorted { $0.path < $1.path }
  }

  static let productKinds: Set<String> = ["library", "executable"]
  static let moduleKinds: Set<String> = ["target", "executableTarget", "macro"]

  static func parse(_ tokens: [CodeToken]) -> SwiftPackageManifest {
    var manifest = SwiftPackageManifest()
    var index = 0
    while index + 2 < tokens.count {
      guard tokens[index].isPunctuation("."), tokens[index + 1].kind == .identifier,
        tokens[index + 2].isPunctuation("(")
      else {
        index += 1
        continue
      }
      let kind = tokens[index + 1].text
      guard productKinds.contains(kind) || moduleKinds.contains(kind) else {
        index += 1
        continue
      }
      let arguments = argumentList(tokens, openingAt: index + 2)
      index = arguments.end
      guard let name = arguments.string("name") else { continue }
      if productKinds.contains(kind) {
        manifest.products[name, default: []] += arguments.strings("targets")
      } else {
        manifest.modules[name] = Module(
          name: name, dependencies: arguments.dependencies(), path: arguments.string("path"))
      }
    }
    return manifest
  }

  /// A call's arguments: each label's tokens, up to the next comma at the call's own depth.
  struct Arguments {
    var labelled: [String: ArraySlice<CodeToken>] = [:]
    /// The index after the closing parenthesis.
    var end: Int

    func string(_ label: String) -> String? {
      guard let value = labelled[label], value.count == 1, let token = value.first,
        token.isPlainString
      else { return nil }
      return token.text
    }

    /// The plain strings of an array literal.
    func strings(_ label: String) -> [String] {
      (labelled[label] ?? []).filter(\.isPlainString).map(\.text)
    }

    /// The package's own targets among `dependencies:`: plain strings, `.target(name:)` and
    /// `.byName(name:)`; `.product(...)` left out.
    func dependencies() -> [String] {
      guard let value = labelled["dependencies"] else { return [] }
      let tokens = Array(value)
      var names: [String] = []
      var index = 0
      while index < tokens.count {
        let token = tokens[index]
        if token.isPunctuation("."), index + 2 < tokens.count,
          tokens[index + 1].kind == .identifier, tokens[index + 2].isPunctuation("(")
        {
          let call = argumentList(tokens, openingAt: index + 2)
          if ["target", "byName"].contains(tokens[index + 1].text), let name = call.string("name") {
            names.append(name)
          }
          index = call.end
          continue
        }
        if token.isPlainString { names.append(token.text) }
        index += 1
      }
      return names
    }
  }

  /// The arguments of the call whose `(` is at `open`.
  static func argumentList(_ tokens: [CodeToken], openingAt open: Int) -> Arguments {
    var arguments = Arguments(end: tokens.count)
    var depth = 0
    var index = open
    var label: String?
    var valueStart = open + 1
    func close(at end: Int) {
      if let label, valueStart <= end { arguments.labelled[label] = tokens[valueStart..<end] }
    }
    while index < tokens.count {
      let token = tokens[index]
      if token.kind == .punctuation {
        switch token.text {
        case "(", "[", "{": depth += 1
        case ")", "]", "}":
          depth -= 1
          if depth == 0 {
            close(at: index)
            arguments.end = index + 1
            return arguments
          }
        case "," where depth == 1:
          close(at: index)
          label = nil
          valueStart = index + 1
        default: break
        }
      }
      if depth == 1, index == valueStart, token.kind == .identifier, index + 1 < tokens.count,
        tokens[index + 1].isPunctuation(":")
      {
        label = token.text
        valueStart = index + 2
        index += 2
        continue
      }
      index += 1
    }
    return arguments
  }
}
