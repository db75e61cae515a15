import Foundation
import Testing

@testable import IconEdit

@Suite struct IconImageInputTests {
  private func refusal(_ file: URL, root: URL? = nil) -> String? {
    do {
      _ = try IconImageInput.load(file, root: root)
      return nil
    } catch {
      guard case .badImage(let path, let reason) = error else { return "unexpected: \(error)" }
      #expect(path == file.path)
      return reason
    }
  }

  @Test func keepsTheBytesAndPixelsOfA1024PNG() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    let file = try fixtures.png("icon.png", width: 1024, height: 1024)
    let input = try IconImageInput.load(file, root: fixtures.folder)
    #expect(input.bytes == [UInt8](try Data(contentsOf: file)))
    #expect(input.side == 1024)
    #expect(input.pixels?.pixel(x: 1023, y: 0).r == 255)
    #expect(!input.hasTransparentPixels)
    #expect(
      input.content == .png(bytes: input.bytes ?? [], pixels: input.pixels!, hasAlphaChannel: false)
    )
  }

  @Test func takesALargerSquareAndSeesTransparency() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    let file = try fixtures.png("big.png", width: 2048, height: 2048, alpha: 200)
    let input = try IconImageInput.load(file, root: nil)
    #expect(input.side == 2048)
    #expect(input.hasTransparentPixels)
  }

  @Test func refusesANonSquareImageSayingItsSize() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    let file = try fixtures.png("wide.png", width: 1200, height: 1024)
    #expect(
      refusal(file)
        == "the image is 1200×1024 pixels, not square: an app icon is square (1024×1024)")
  }

  @Test func refusesA1000PixelImage() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    let file = try fixtures.png("small.png", width: 1000, height: 1000)
    #expect(
      refusal(file)
        == "the image is 1000×1000 pixels, smaller than the 1024×1024 App Store icon: export it at 1024×1024"
    )
    let message = EditError.badImage(file: file.path, reason: refusal(file) ?? "").description
    #expect(message.hasPrefix(file.path + ": the image is 1000×1000 pixels"))
    #expect(message.hasSuffix("; nothing was written"))
  }

  @Test func refusesWhatIsNotAPNG() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    let jpeg = try fixtures.write(
      "photo.png", [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10] + Array("JFIF".utf8))
    #expect(refusal(jpeg) == "a JPEG image, not a PNG: export the icon as a PNG")
    let text = try fixtures.write("notes.png", "hello")
    #expect(
      refusal(text)
        == "not a PNG image (the contents are not a known image format): export the icon as a PNG")
    let empty = try fixtures.write("empty.png", [UInt8]())
    #expect(refusal(empty) == "an empty file, not a PNG image")
  }

  @Test func refusesADamagedPNGWithLibpngsReason() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    let whole = try fixtures.png("whole.png", width: 1024, height: 1024)
    let bytes = [UInt8](try Data(contentsOf: whole))
    let cut = try fixtures.write("cut.png", Array(bytes.prefix(bytes.count / 2)))
    let reason = refusal(cut) ?? ""
    #expect(reason.hasPrefix("a PNG that cannot be decoded (libpng: "))
    #expect(reason.hasSuffix("): export it again"))
  }

  @Test func refusesAMissingFile() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    #expect(
      refusal(fixtures.url("nowhere.png"))
        == "no such file: check the path (IMAGE is a PNG or an Icon Composer .icon folder)")
  }

  @Test func refusesALinkOutOfTheProject() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    let outside = try fixtures.png("outside/icon.png", width: 1024, height: 1024)
    let project = try fixtures.folder("project")
    let link = try fixtures.link("project/icon.png", to: outside.path)
    let real = IconImageInput.realPath(outside.path) ?? ""
    #expect(
      refusal(link, root: project)
        == "reached through a symbolic link to \(real), outside the project (\(project.path)): name the image itself, not a link to it"
    )
    // Through a linked folder too.
    let linkedFolder = try fixtures.link(
      "project/art", to: fixtures.folder.appendingPathComponent("outside").path)
    #expect(
      refusal(linkedFolder.appendingPathComponent("icon.png"), root: project)?.hasPrefix(
        "reached through a symbolic link") == true)
    // A link that stays inside is followed.
    try fixtures.png("project/art-real/icon.png", width: 1024, height: 1024)
    let inside = try fixtures.link("project/inside.png", to: "art-real/icon.png")
    #expect(try IconImageInput.load(inside, root: project).side == 1024)
  }

  @Test func withoutARootALinkStaysInItsFolder() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    try fixtures.png("a/b/icon.png", width: 1024, height: 1024)
    let down = try fixtures.link("a/down.png", to: "b/icon.png")
    #expect(try IconImageInput.load(down, root: nil).side == 1024)
    let up = try fixtures.link("a/b/c-up.png", to: "../../a/b/icon.png")
    #expect(try IconImageInput.load(up, root: nil).side == 1024)
    _ = try fixtures.folder("a/b/c")
    let out = try fixtures.link("a/b/c/up.png", to: "../icon.png")
    #expect(refusal(out)?.contains("outside the folder it is in") == true)
  }

  @Test func refusesAFIFO() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    let fifo = fixtures.url("pipe.png")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    #expect(refusal(fifo) == "a FIFO, not a PNG image or an Icon Composer .icon folder")
  }

  @Test func readsAnIconComposerBundle() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    try fixtures.write("Blue.icon/icon.json", IconFileFixtures.iconJSON)
    let input = try IconImageInput.load(
      fixtures.folder.appendingPathComponent("Blue.icon"), root: nil)
    guard case .iconComposer(let document) = input.content else {
      Issue.record("not read as an Icon Composer bundle")
      return
    }
    #expect(document.imageNames == ["front.png"])
    #expect(input.pixels == nil)
  }

  @Test func refusesABundleWithoutIconJSONAndOtherFolders() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    let empty = try fixtures.folder("Empty.icon")
    #expect(refusal(empty)?.hasPrefix("its icon.json cannot be read: no such file") == true)
    try fixtures.write("Bad.icon/icon.json", "[1, 2]")
    #expect(
      refusal(fixtures.folder.appendingPathComponent("Bad.icon"))?.hasPrefix(
        "its icon.json is not Icon Composer's (") == true)
    let plain = try fixtures.folder("Pictures")
    #expect(
      refusal(plain)
        == "a folder, not a PNG image or an Icon Composer .icon folder (its name ends in .icon)")
  }

  @Test func seesAnOpaqueAlphaChannel() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    let rgba = try fixtures.png("rgba.png", width: 1024, height: 1024, rgba: true)
    guard case .png(_, _, let hasAlpha) = try IconImageInput.load(rgba, root: nil).content else {
      Issue.record("not a PNG")
      return
    }
    #expect(hasAlpha)
    #expect(!(try IconImageInput.load(rgba, root: nil).hasTransparentPixels))
  }
}

@Suite struct IconImageInputCorpusSweep {
  /// Every PNG and `.icon` folder under ICONPICK_CORPUS (nothing when unset), loaded as IMAGE:
  /// how many are taken, and why the others are refused.
  @Test func corpusSweep() throws {
    guard let corpus = ProcessInfo.processInfo.environment["ICONPICK_CORPUS"] else { return }
    guard let walker = FileManager.default.enumerator(atPath: corpus) else { return }
    var taken = 0
    var refusals: [String: Int] = [:]
    while let relative = walker.nextObject() as? String {
      let isBundle = relative.hasSuffix(".icon")
      guard isBundle || relative.lowercased().hasSuffix(".png") else { continue }
      do {
        _ = try IconImageInput.load(URL(fileURLWithPath: corpus + "/" + relative), root: nil)
        taken += 1
      } catch {
        guard case .badImage(_, let reason) = error else { continue }
        // The reason without its numbers, so that refusals of one kind count together.
        let kind = String(reason.prefix { $0 != ":" && $0 != "(" }).replacing(/\d+/, with: "N")
        refusals[kind, default: 0] += 1
      }
    }
    print("IMAGE sweep of \(corpus): \(taken) taken")
    for (kind, count) in refusals.sorted(by: { $0.value > $1.value }) {
      print("  \(count) refused: \(kind)")
    }
    #expect(taken + refusals.values.reduce(0, +) > 0)
  }
}
