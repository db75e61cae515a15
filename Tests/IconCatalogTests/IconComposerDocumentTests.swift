import Foundation
import IconCatalog
import Testing

@Suite("icon.json, modelled whole")
struct IconComposerDocumentTests {
  private func parse(_ json: String) throws -> (
    document: IconComposerDocument, problems: [IconComposerProblem]
  ) {
    try IconComposerDocument.parse(Data(json.utf8))
  }

  /// Trimmed from real bundles: a specialized root fill, two groups, every group and layer key.
  private static let real = """
    {
      "color-space-for-untagged-svg-colors" : "display-p3",
      "fill-specializations" : [
        { "value" : { "linear-gradient" : [ "srgb:1,0,0,1", "display-p3:0,0,1,1" ] } },
        { "appearance" : "dark", "value" : { "solid" : "gray:0.25,1" } }
      ],
      "groups" : [
        {
          "blend-mode" : "multiply",
          "blend-mode-specializations" : [ { "appearance" : "tinted", "value" : "plus-lighter" } ],
          "blur-material" : null,
          "hidden" : false,
          "layers" : [
            {
              "fill-specializations" : [
                { "value" : "none" },
                { "appearance" : "dark", "value" : { "solid" : "srgb:0,1,0,1" } }
              ],
              "glass" : true,
              "image-name" : "front.svg",
              "image-name-specializations" : [ { "appearance" : "tinted", "value" : "front-tinted.svg" } ],
              "name" : "front",
              "opacity" : 0.5,
              "position" : { "scale" : 2, "translation-in-points" : [ 10, -20 ] },
              "position-specializations" : [
                { "idiom" : "watchOS", "value" : { "scale" : 1, "translation-in-points" : [ 0, 0 ] } }
              ]
            },
            { "image-name" : "back.png", "hidden" : true }
          ],
          "lighting" : "individual",
          "name" : "Group",
          "opacity" : 0.8,
          "position" : { "scale" : 1.5, "translation-in-points" : [ 0, 30 ] },
          "shadow" : { "kind" : "layer-color", "opacity" : 0.5 },
          "shadow-specializations" : [ { "appearance" : "dark", "value" : { "kind" : "none", "opacity" : 0 } } ],
          "specular" : true,
          "translucency" : { "enabled" : true, "value" : 0.4 }
        },
        { "layers" : [ { "image-name" : "front.svg", "fill" : { "automatic-gradient" : "extended-srgb:1.2,0,0,1" } } ] }
      ],
      "supported-platforms" : { "circles" : [ "watchOS" ], "squares" : "shared" }
    }
    """

  @Test("every key real bundles use reaches the model, in the file's order")
  func wholeDocument() throws {
    let (document, problems) = try parse(Self.real)
    #expect(problems == [])
    #expect(document.colorSpaceForUntaggedSVGColors == "display-p3")
    #expect(
      document.supportedPlatforms == IconSupportedPlatforms(squares: .shared, circles: ["watchOS"]))
    #expect(document.supportedPlatforms?.includesIOS == true)
    #expect(document.groups.count == 2)
    let group = document.groups[0]
    #expect(group.name == "Group")
    #expect(group.blendMode.value(for: .any) == .multiply)
    #expect(group.blendMode.value(for: .tinted) == .plusLighter)
    #expect(group.opacity.base == 0.8)
    #expect(group.position.base == IconPosition(scale: 1.5, translationX: 0, translationY: 30))
    #expect(group.shadow.value(for: .any) == IconShadow(kind: .layerColor, opacity: 0.5))
    #expect(group.shadow.value(for: .dark) == IconShadow(kind: .none, opacity: 0))
    #expect(group.translucency.base == IconTranslucency(enabled: true, value: 0.4))
    #expect(group.specular.base == true)
    #expect(group.blurMaterial.isEmpty)
    #expect(group.lighting.base == "individual")
    #expect(group.hidden.base == false)
    let front = group.layers[0]
    #expect(front.name == "front")
    #expect(front.opacity.base == 0.5)
    #expect(front.glass.base == true)
    #expect(front.imageName.value(for: .any) == "front.svg")
    #expect(front.imageName.value(for: .tinted) == "front-tinted.svg")
    #expect(
      front.position.value(for: .any) == IconPosition(scale: 2, translationX: 10, translationY: -20)
    )
    #expect(front.position.value(for: .any, idiom: "watchOS") == IconPosition.identity)
    #expect(group.layers[1].hidden.base == true)
    #expect(document.imageNames == ["front.svg", "front-tinted.svg", "back.png"])
    guard case .automaticGradient(let base)? = document.groups[1].layers[0].fill.base else {
      Issue.record("expected an automatic gradient")
      return
    }
    #expect(base.red == 1.2)
  }

  @Test(
    "specializations: appearance, tinted falls back to dark, then the default entry, then the base")
  func resolution() throws {
    let (document, _) = try parse(Self.real)
    let layerFill = document.groups[0].layers[0].fill
    #expect(layerFill.value(for: .any) == IconFill.none)
    #expect(layerFill.value(for: .dark) == .solid(IconColor(red: 0, green: 1, blue: 0, alpha: 1)))
    #expect(layerFill.value(for: .tinted) == .solid(IconColor(red: 0, green: 1, blue: 0, alpha: 1)))
    #expect(
      document.background(for: .dark)
        == .solid(IconColor(red: 0.25, green: 0.25, blue: 0.25, alpha: 1)))
    let plain = Specialized<Double>(1, entries: [.init(appearance: .any, value: 2)])
    #expect(plain.value(for: .any) == 2)
    #expect(plain.value(for: .dark) == 1)
    #expect(Specialized<Double>().value(for: .tinted) == nil)
  }

  @Test("no fill: white behind a light icon, near black behind dark and tinted ones")
  func automaticBackground() throws {
    let (document, _) = try parse(#"{"groups": []}"#)
    #expect(document.background(for: .any) == .systemLight)
    #expect(document.background(for: .dark) == .systemDark)
    #expect(document.background(for: .tinted) == .systemDark)
    // A fill written for every appearance is the light look's; dark keeps the system's dark.
    let (written, _) = try parse(#"{"fill": {"solid": "srgb:1,0,0,1"}}"#)
    #expect(written.background(for: .any) == .solid(IconColor(red: 1, green: 0, blue: 0, alpha: 1)))
    #expect(written.background(for: .dark) == .systemDark)
    #expect(written.background(for: .tinted) == .systemDark)
  }

  @Test("colours: sRGB as written, Display P3 converted through linear light, grey")
  func colors() throws {
    #expect(
      try IconColor.parse("srgb:0.1,0.2,0.3,0.4").get()
        == IconColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4))
    #expect(
      try IconColor.parse("gray:0.5,1").get()
        == IconColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))
    let p3Red = try IconColor.parse("display-p3:1,0,0,1").get()
    // P3's red is outside sRGB: more than 1 in red, below 0 in green and blue.
    #expect(p3Red.red > 1.08 && p3Red.red < 1.1)
    #expect(p3Red.green < -0.2 && p3Red.blue < -0.08)
    let p3White = try IconColor.parse("display-p3:1,1,1,1").get()
    #expect(
      abs(p3White.red - 1) < 0.001 && abs(p3White.green - 1) < 0.001
        && abs(p3White.blue - 1) < 0.001)
    for bad in ["red", "srgb:1,0,0", "cmyk:0,0,0,0", "srgb:1,x,0,1", "gray:1,1,1"] {
      #expect(throws: IconComposerProblem.Reason.self) { try IconColor.parse(bad).get() }
    }
  }

  @Test("what is not as Icon Composer writes it is listed with its path, and left out")
  func problems() throws {
    let json = """
      {
        "features" : { "glass" : true },
        "fill" : { "linear-gradient" : [ "srgb:1,0,0,1" ] },
        "groups" : [
          {
            "blend-mode" : "mix",
            "layers" : [
              { "image-name" : "a.svg", "fill" : { "solid" : "srgb:1,0,0" }, "position" : { "scale" : 1 } }
            ],
            "shadow" : { "kind" : "soft" , "opacity" : 1 },
            "specular" : "on",
            "translucency" : { "enabled" : true }
          }
        ],
        "supported-platforms" : { "circles" : [ "watchOS" ] }
      }
      """
    let (document, problems) = try parse(json)
    #expect(
      problems.map(\.description) == [
        "fill.linear-gradient: a linear-gradient needs exactly 2 colours, not 1",
        "groups[0].layers[0].fill.solid: bad colour \"srgb:1,0,0\": srgb takes 4 components (r,g,b,a), not 3",
        "groups[0].layers[0].position: missing \"translation-in-points\"",
        "groups[0].blend-mode: unknown value \"mix\" (expected normal, multiply, screen, overlay, darken, lighten, soft-light, hard-light, color-dodge, color-burn, difference, exclusion, hue, saturation, color, luminosity, plus-lighter, plus-darker)",
        "groups[0].shadow.kind: unknown value \"soft\" (expected neutral, layer-color, none)",
        "groups[0].translucency: missing \"value\"",
        "groups[0].specular: a string \"specular\" (Icon Composer 2) makes Xcode 26's asset compiler (actool) crash",
        "features: \"features\" (an Icon Composer 2 key) makes Xcode 26's asset compiler (actool) crash",
      ])
    #expect(document.fill.isEmpty)
    #expect(document.groups[0].layers[0].fill.isEmpty)
    #expect(document.groups[0].blendMode.isEmpty)
    #expect(document.supportedPlatforms?.includesIOS == false)
    #expect(document.imageNames == ["a.svg"])
  }

  @Test("not JSON, or not an object, stops the reading")
  func notAnObject() {
    #expect(throws: IconComposerProblem.Reason.self) { try parse("{") }
    #expect(throws: IconComposerProblem.Reason.self) { try parse("\"groups\"") }
  }
}
