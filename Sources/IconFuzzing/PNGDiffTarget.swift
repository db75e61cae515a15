#if DEBUG
  import FoundationEssentials
  @testable import IconRender

  extension FuzzTarget {
    /// `FastPNG` against libpng on the same bytes, as RGBA from memory and as the preview's RGB
    /// from a file. A difference, or libpng refusing what the fast path decoded, crashes.
    func pngDiff(_ data: Data, _ space: Workspace) -> Outcome {
      let bytes = [UInt8](data)
      let limit = Self.pngMaxDimension
      let fast = bytes.withUnsafeBytes {
        FastPNG.decode($0, maxDimension: limit, opaqueAsRGB: false)
      }
      guard let fast else {
        // Declined: the file is libpng's, which decodes it or refuses it.
        do {
          let image = try PNGDecoder.decode(data: bytes, source: "icon.png", maxDimension: limit)
          return .read(summary: "libpng only, \(image.width)×\(image.height)")
        } catch {
          return .rejected(message: error.description)
        }
      }
      let reference: RGBAImage
      do {
        reference = try PNGDecoder.decode(data: bytes, source: "icon.png", maxDimension: limit)
      } catch {
        fatalError("pngdiff: the fast path decoded what libpng refuses: \(error.description)")
      }
      Self.expectSame(fast, PixelImage(reference), "RGBA from memory")
      let file = space.write(data, to: "icon.png")
      let preview = FastPNG.decode(file: file, maxDimension: limit, opaqueAsRGB: true)
      do {
        let libpng = try PNGDecoder.decodePixels(file: file, maxDimension: limit, opaqueAsRGB: true)
        guard let preview else { fatalError("pngdiff: the fast path declined the same file") }
        Self.expectSame(preview, libpng, "the preview's pixels from a file")
      } catch {
        fatalError("pngdiff: the fast path decoded what libpng refuses: \(error.description)")
      }
      return .read(summary: "fast path, \(fast.width)×\(fast.height)×\(fast.channels)")
    }

    static func expectSame(_ fast: PixelImage, _ libpng: PixelImage, _ what: String) {
      guard fast != libpng else { return }
      let first =
        zip(fast.pixels, libpng.pixels).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? -1
      fatalError(
        "pngdiff: \(what): fast \(fast.width)×\(fast.height)×\(fast.channels), libpng "
          + "\(libpng.width)×\(libpng.height)×\(libpng.channels), first difference at byte \(first)"
      )
    }
  }
#endif
