#if DEBUG
  import FoundationEssentials
  import IconArchive
  @testable import IconCatalog
  @testable import IconRender

  extension FuzzTarget {
    /// CgBI bytes through the decoders: from memory (any PNG decode goes there) and as a
    /// preview from a file. Decoded pixels must fill the size the header gives.
    func cgbi(_ data: Data, _ space: Workspace) -> Outcome {
      let bytes = [UInt8](data)
      var read: [String] = []
      var rejected: [String] = []
      do {
        let image = try PNGDecoder.decode(
          data: bytes, source: "cgbi.png", maxDimension: Self.pngMaxDimension)
        guard image.pixels.count == image.width * image.height * 4 else {
          fatalError("cgbi: \(image.pixels.count) bytes for \(image.width)×\(image.height)")
        }
        read.append("memory \(image.width)×\(image.height)")
      } catch {
        rejected.append(error.description)
      }
      let file = space.write(data, to: "AppIcon60x60@2x.png")
      do {
        let image = try PNGDecoder.decodePreviewPixels(
          file: file, maxDimension: Self.pngMaxDimension, opaqueAsRGB: true)
        read.append("preview \(image.width)×\(image.height)×\(image.channels)")
      } catch {
        rejected.append(error.description)
      }
      return rejected.isEmpty
        ? .read(summary: read.joined(separator: ", "))
        : .rejected(message: rejected.joined(separator: " | "))
    }

    /// An `Assets.car` from memory: everything the reader lists, and each rendition's values.
    func car(_ data: Data) -> Outcome {
      do {
        let car = try AssetsCar.read(bytes: [UInt8](data), file: "Assets.car")
        var multisize = 0
        for rendition in car.renditions {
          _ = (rendition.idiom, rendition.scale, rendition.appearance, rendition.pointSize)
          _ = (rendition.layoutName, rendition.subtype, rendition.identifier)
          if rendition.isMultisizeImageSet { multisize += 1 }
        }
        return .read(
          summary: "\(car.facets.count) facets, \(car.renditions.count) renditions, "
            + "\(multisize) multisize, \(car.versionString)")
      } catch {
        return .rejected(message: error.description)
      }
    }

    /// An `.ipa` written to the workspace, read as the app (libzip through IconArchive), then
    /// every icon file read back from the archive.
    func ipa(_ data: Data, _ space: Workspace) throws(IconCatalogError) -> String {
      IconArchive.install()
      let file = space.write(data, to: "App.ipa")
      let app = try AppIconReader.read(at: file)
      var bytes = 0
      for icon in app.allIcons {
        for image in icon.files {
          bytes += (try? ArchivedFiles.bytes(of: image))??.count ?? 0
        }
      }
      return "app \(app.appName): \(app.allIcons.count) icons, \(bytes) bytes of images, "
        + "\(app.warnings.count) warnings, \(app.notes.count) notes"
    }
  }
#endif
