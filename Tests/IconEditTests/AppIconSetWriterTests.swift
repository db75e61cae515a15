import Foundation
import IconRender
import Testing

@testable import IconEdit

@Suite struct AppIconSetWriterTests {
  private func text(_ change: FileChange?) -> String {
    String(decoding: change?.updated ?? [], as: UTF8.self)
  }

  private func change(_ output: AppIconSetWriter.Output, _ name: String) -> FileChange? {
    output.changes.first { $0.path.lastPathComponent == name }
  }

  @Test func singleSizeSetInXcodesForm() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    let file = try fixtures.png("art/Blue Icon.png", width: 1024, height: 1024)
    let catalog = try fixtures.folder("Assets.xcassets")
    let output = try AppIconSetWriter.files(
      name: "Blue", in: catalog, image: try IconImageInput.load(file, root: nil))
    let set = catalog.appendingPathComponent("Blue.appiconset", isDirectory: true)
    #expect(
      output.changes.map(\.path.lastPathComponent) == [
        "Blue.appiconset", "Blue Icon.png", "Contents.json",
      ])
    #expect(output.changes.first == .createDirectory(set, "new app icon set \"Blue\""))
    #expect(output.changes.dropFirst().allSatisfy { $0.isCreation && !$0.isDirectory })
    #expect(
      text(change(output, "Contents.json")) == """
        {
          "images" : [
            {
              "filename" : "Blue Icon.png",
              "idiom" : "universal",
              "platform" : "ios",
              "size" : "1024x1024"
            }
          ],
          "info" : {
            "author" : "xcode",
            "version" : 1
          }
        }

        """)
    // Exactly 1024: the file's own bytes.
    #expect(change(output, "Blue Icon.png")?.updated == [UInt8](try Data(contentsOf: file)))
    #expect(output.warnings.isEmpty)
  }

  @Test func darkAndTintedGetXcodesAppearancesAndNames() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    let any = try IconImageInput.load(
      try fixtures.png("a/AppIcon.png", width: 1024, height: 1024), root: nil)
    let dark = try IconImageInput.load(
      try fixtures.png("b/AppIcon.png", width: 1024, height: 1024), root: nil)
    let tinted = try IconImageInput.load(
      try fixtures.png("c/AppIcon.png", width: 2048, height: 2048, alpha: 0), root: nil)
    let output = try AppIconSetWriter.files(
      name: "Night", in: fixtures.folder, image: any, dark: dark, tinted: tinted)
    #expect(
      text(change(output, "Contents.json")) == """
        {
          "images" : [
            {
              "filename" : "AppIcon.png",
              "idiom" : "universal",
              "platform" : "ios",
              "size" : "1024x1024"
            },
            {
              "appearances" : [
                {
                  "appearance" : "luminosity",
                  "value" : "dark"
                }
              ],
              "filename" : "AppIcon 1.png",
              "idiom" : "universal",
              "platform" : "ios",
              "size" : "1024x1024"
            },
            {
              "appearances" : [
                {
                  "appearance" : "luminosity",
                  "value" : "tinted"
                }
              ],
              "filename" : "AppIcon 2.png",
              "idiom" : "universal",
              "platform" : "ios",
              "size" : "1024x1024"
            }
          ],
          "info" : {
            "author" : "xcode",
            "version" : 1
          }
        }

        """)
    // The tinted image, 2048 wide, resampled to 1024; its transparency is the tinted look's
    // own, so no App Store warning.
    #expect(try decodedSize(change(output, "AppIcon 2.png")?.updated) == (1024, 1024))
    #expect(output.warnings.isEmpty)
  }

  @Test func aLargerImageIsResampledTo1024WithoutAlpha() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    let file = try fixtures.png("big.png", width: 2048, height: 2048, rgba: true)
    let output = try AppIconSetWriter.files(
      name: "Big", in: fixtures.folder, image: try IconImageInput.load(file, root: nil))
    let bytes = change(output, "big.png")?.updated ?? []
    #expect(try decodedSize(bytes) == (1024, 1024))
    #expect(!IconImageInput.pngHasAlphaChannel(bytes))
    let pixels = try PNGDecoder.decode(data: bytes, source: "big.png")
    #expect(pixels.pixel(x: 1023, y: 1023).r > 250)
  }

  @Test func transparencyIsKeptWithAWarning() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    let file = try fixtures.png("see-through.png", width: 1024, height: 1024, alpha: 128)
    let output = try AppIconSetWriter.files(
      name: "Glass", in: fixtures.folder, image: try IconImageInput.load(file, root: nil))
    #expect(change(output, "see-through.png")?.updated == [UInt8](try Data(contentsOf: file)))
    #expect(
      output.warnings == [
        "see-through.png has transparent pixels, kept as they are: App Store Connect refuses an app icon with transparency or an alpha channel (ITMS-90717); put the icon on an opaque background and save it without alpha"
      ])
    let opaqueRGBA = try fixtures.png("rgba.png", width: 1024, height: 1024, rgba: true)
    let copied = try AppIconSetWriter.files(
      name: "Copied", in: fixtures.folder, image: try IconImageInput.load(opaqueRGBA, root: nil))
    #expect(
      copied.warnings.first?.hasPrefix("rgba.png has an alpha channel (every pixel is opaque)")
        == true)
  }

  static let perSizeTemplate = """
    {
      "images" : [
        {
          "filename" : "AppIcon-20@2x.png",
          "idiom" : "iphone",
          "scale" : "2x",
          "size" : "20x20"
        },
        {
          "filename" : "AppIcon-60@2x.png",
          "idiom" : "iphone",
          "scale" : "2x",
          "size" : "60x60"
        },
        {
          "filename" : "AppIcon-60@3x.png",
          "idiom" : "iphone",
          "scale" : "3x",
          "size" : "60x60"
        },
        {
          "filename" : "icon-40@3x.png",
          "idiom" : "iphone",
          "scale" : "3x",
          "size" : "40x40"
        },
        {
          "filename" : "AppIcon-60@2x.png",
          "idiom" : "iphone",
          "scale" : "2x",
          "size" : "40x40"
        },
        {
          "idiom" : "ipad",
          "scale" : "1x",
          "size" : "20x20"
        },
        {
          "filename" : "AppIcon-83.5@2x.png",
          "idiom" : "ipad",
          "scale" : "2x",
          "size" : "83.5x83.5"
        },
        {
          "filename" : "AppIcon-1024.png",
          "idiom" : "ios-marketing",
          "scale" : "1x",
          "size" : "1024x1024"
        }
      ],
      "info" : {
        "author" : "xcode",
        "version" : 1
      }
    }

    """

  @Test func perSizeTemplateGivesTheSameSlotsAtTheirSizes() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    let file = try fixtures.png("new.png", width: 1024, height: 1024)
    let template = try AppIconSetWriter.Template(
      name: "AppIcon", contentsJSON: Array(Self.perSizeTemplate.utf8),
      file: "AppIcon.appiconset/Contents.json")
    #expect(!template.isSingleSize)
    let output = try AppIconSetWriter.files(
      name: "Blue", in: fixtures.folder, image: try IconImageInput.load(file, root: nil),
      template: template)
    let expected = Self.perSizeTemplate.replacingOccurrences(of: "AppIcon-", with: "Blue-")
      // The template put one file in two slots of different sizes (a mistake Xcode warns
      // about): the second gets its own.
      .replacingOccurrences(
        of:
          "\"Blue-60@2x.png\",\n      \"idiom\" : \"iphone\",\n      \"scale\" : \"2x\",\n      \"size\" : \"40x40\"",
        with:
          "\"Blue-60@2x 1.png\",\n      \"idiom\" : \"iphone\",\n      \"scale\" : \"2x\",\n      \"size\" : \"40x40\""
      )
    #expect(text(change(output, "Contents.json")) == expected)
    let sizes = try output.changes.filter { $0.path.pathExtension == "png" }.map {
      ($0.path.lastPathComponent, try decodedSize($0.updated).width)
    }
    #expect(
      sizes.map(\.0) == [
        "Blue-20@2x.png", "Blue-60@2x.png", "Blue-60@3x.png", "icon-40@3x.png", "Blue-60@2x 1.png",
        "Blue-83.5@2x.png", "Blue-1024.png",
      ])
    #expect(sizes.map(\.1) == [40, 120, 180, 120, 80, 167, 1024])
    #expect(change(output, "Blue-1024.png")?.updated == [UInt8](try Data(contentsOf: file)))
  }

  @Test func aTemplateFileForTwoSlotsOfOneSizeStaysOneFile() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    let template = AppIconSetWriter.Template(
      name: "AppIcon",
      slots: [
        ["filename": "AppIcon-120.png", "idiom": "iphone", "scale": "2x", "size": "60x60"],
        ["filename": "AppIcon-120.png", "idiom": "iphone", "scale": "3x", "size": "40x40"],
      ])
    let output = try AppIconSetWriter.files(
      name: "Red", in: fixtures.folder,
      image: try IconImageInput.load(
        try fixtures.png("r.png", width: 1024, height: 1024), root: nil),
      template: template)
    #expect(
      output.changes.map(\.path.lastPathComponent) == [
        "Red.appiconset", "Red-120.png", "Contents.json",
      ])
  }

  @Test func singleSizeTemplateLendsItsNaming() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    let template = AppIconSetWriter.Template(
      name: "AppIcon-dark-red",
      slots: [
        [
          "filename": "AppIcon-dark-red.png", "idiom": "universal", "platform": "ios",
          "size": "1024x1024",
        ]
      ])
    #expect(template.isSingleSize)
    let output = try AppIconSetWriter.files(
      name: "AppIcon-dark-blue", in: fixtures.folder,
      image: try IconImageInput.load(
        try fixtures.png("x.png", width: 1024, height: 1024), root: nil),
      template: template)
    #expect(change(output, "AppIcon-dark-blue.png") != nil)
    #expect(
      text(change(output, "Contents.json")).contains("\"filename\" : \"AppIcon-dark-blue.png\""))
  }

  @Test func xcode16TemplatesEmptyAppearanceSlotsAreFilledWhenGiven() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    let dark: ContentsJSONValue = [["appearance": "luminosity", "value": "dark"]]
    let tinted: ContentsJSONValue = [["appearance": "luminosity", "value": "tinted"]]
    let template = AppIconSetWriter.Template(
      name: "AppIcon",
      slots: [
        ["filename": "AppIcon.png", "idiom": "universal", "platform": "ios", "size": "1024x1024"],
        ["appearances": dark, "idiom": "universal", "platform": "ios", "size": "1024x1024"],
        ["appearances": tinted, "idiom": "universal", "platform": "ios", "size": "1024x1024"],
      ])
    let output = try AppIconSetWriter.files(
      name: "Moon", in: fixtures.folder,
      image: try IconImageInput.load(
        try fixtures.png("moon.png", width: 1024, height: 1024), root: nil),
      dark: try IconImageInput.load(
        try fixtures.png("moon-dark.png", width: 1024, height: 1024), root: nil),
      template: template)
    let images = output.contents["images"]?.arrayValue ?? []
    #expect(images.map { $0["filename"]?.stringValue } == ["Moon.png", "moon-dark.png", nil])
    #expect(images.map { $0["appearances"] } == [nil, dark, tinted])
  }

  @Test func refusesAnExistingSetAndAnIconComposerBundle() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    let image = try IconImageInput.load(
      try fixtures.png("x.png", width: 1024, height: 1024), root: nil)
    #expect(throws: EditError.invalidName(name: "../x", reason: "it cannot be a folder name")) {
      try AppIconSetWriter.files(name: "../x", in: fixtures.folder, image: image)
    }
    let taken = try fixtures.folder("Taken.appiconset")
    #expect(throws: EditError.exists(file: taken.path)) {
      try AppIconSetWriter.files(name: "Taken", in: fixtures.folder, image: image)
    }
    try fixtures.write("B.icon/icon.json", IconFileFixtures.iconJSON)
    let bundle = try IconImageInput.load(
      fixtures.folder.appendingPathComponent("B.icon"), root: nil)
    #expect(throws: EditError.self) {
      try AppIconSetWriter.files(name: "B", in: fixtures.folder, image: bundle)
    }
  }

  @Test func slotSizes() throws {
    #expect(
      try AppIconSetWriter.pixelSide(of: ["size": "83.5x83.5", "scale": "2x"], set: "A") == 167)
    #expect(try AppIconSetWriter.pixelSide(of: ["size": "1024x1024"], set: "A") == 1024)
    #expect(throws: EditError.self) {
      try AppIconSetWriter.pixelSide(of: ["size": "2320x720", "scale": "1x"], set: "A")
    }
  }
}
