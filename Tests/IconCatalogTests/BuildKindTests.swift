import Foundation
import Testing

@testable import IconCatalog

/// What kind of build a built app is: the Xcode and SDK its Info.plist names (`DTXcode`,
/// `DTXcodeBuild`, `DTPlatformName`) and the device its `Assets.car` was thinned for, read once
/// into the built app (`AppIcons.build`).
@Suite struct BuildKindTests {
  /// The thinning arguments real cars hold (assetutil's `ThinningParameters`): Xcode's for the
  /// device it builds for, App Store thinning's (carutil), and a car for every device.
  @Test func thinningArgumentsNameOneDeviceOrNone() throws {
    let iPhone = try #require(CarThinning(arguments: CarWriter.iPhoneThinning))
    #expect(iPhone.idiom == 1 && iPhone.subtype == 2622 && iPhone.scale == 3)
    #expect(iPhone.description == "iPhone @3x")
    let iPad = try #require(
      CarThinning(
        arguments:
          "optimized <idiom 2> <subtype 2420> <scale 2> <gamut 1> <graphics 11> <graphicsfallback (10,9,8,7,6,5,4,3,2,1,0)> <memory 12> <deployment 12> <hostedIdioms *>"
      ))
    #expect(iPad.description == "iPad @2x")
    let store = try #require(CarThinning(arguments: CarWriter.appStoreThinning))
    #expect(store.idiom == 1 && store.subtype == 2436 && store.scale == 3)
    // carutil's pass over a car for every device, and a car built for every device.
    #expect(
      CarThinning(
        arguments:
          "carutil 738.100000, thinned <mode app> <idiom *> <subtype *> <subtypefallback *> <scale *> <gamut *> <graphics *> <graphicsfallback *> <memory *> <deployment+ *> <hostedIdioms *> <removed none>"
      ) == nil)
    #expect(CarThinning(arguments: "") == nil)
    #expect(CarThinning(arguments: "<idiom 1>") == nil)
  }

  @Test func theCarsMetadataHoldsTheThinning() throws {
    let car = try AssetsCar.read(
      bytes: CarWriter.appIconCar(thinning: CarWriter.iPhoneThinning).bytes(), file: "Assets.car")
    #expect(car.metadata?.thinningArguments == CarWriter.iPhoneThinning)
    let plain = try AssetsCar.read(bytes: CarWriter.appIconCar().bytes(), file: "Assets.car")
    #expect(plain.metadata?.thinningArguments == "")
  }

  @Test(arguments: [
    ("1520", "15C500b", "iphonesimulator", "15.2", "a simulator build by Xcode 15.2 (15C500b)"),
    ("2620", "17C52", "iphoneos", "26.2", "a device build by Xcode 26.2 (17C52)"),
    ("1000", "10A255", "iphoneos", "10.0", "a device build by Xcode 10.0 (10A255)"),
    ("0941", "9F2000", "iphoneos", "9.4.1", "a device build by Xcode 9.4.1 (9F2000)"),
  ])
  func theXcodeAndThePlatformAreRead(
    xcode: String, build: String, platform: String, version: String, said: String
  ) {
    let kind = BuildKind(
      infoPlist: ["DTXcode": xcode, "DTXcodeBuild": build, "DTPlatformName": platform])
    #expect(kind.xcodeVersion == version)
    #expect(kind.isSimulator == platform.hasSuffix("simulator"))
    #expect(kind.description == said)
  }

  @Test func valuesXcodeDoesNotWriteAreNotGuessedAt() {
    #expect(BuildKind(infoPlist: ["DTXcode": "15.2"]).xcodeVersion == nil)
    #expect(BuildKind(infoPlist: ["DTXcode": 1520]).xcode == nil)
    #expect(BuildKind(infoPlist: [:]).description == nil)
  }

  /// A built `.app` folder whose car was thinned for an iPhone @3x: the built app says so once,
  /// with its Xcode and platform, however the car is reached.
  @Test func aBuiltAppCarriesWhatKindOfBuildItIs() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kind-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = folder.appendingPathComponent("Seed.app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    let plist: [String: Any] = [
      "CFBundleIdentifier": "dev.iconpick.Seed", "UIDeviceFamily": [1, 2],
      "DTXcode": "1520", "DTXcodeBuild": "15C500b", "DTPlatformName": "iphonesimulator",
      "CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"]],
    ]
    try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
      .write(to: app.appendingPathComponent("Info.plist"))
    try Data(CarWriter.appIconCar(thinning: CarWriter.iPhoneThinning).bytes())
      .write(to: app.appendingPathComponent("Assets.car"))

    let listed = try AppIconReader.read(at: app)
    #expect(listed.build.xcodeDescription == "Xcode 15.2 (15C500b)")
    #expect(listed.build.isSimulator == true)
    // The car is part of the one reading: list, show and the picker see what check sees.
    #expect(listed.build.thinnedFor?.description == "iPhone @3x")
    #expect(listed.compiledAppIcons?.sets.map(\.name) == ["AppIcon"])
    #expect(listed.appIconAssets?.names == ["AppIcon"])
    let (checked, _) = try AppIconReader.readWithFacts(at: app, target: nil, configuration: nil)
    #expect(checked.build.thinnedFor?.description == "iPhone @3x")
    #expect(checked.build.xcodeVersion == "15.2")
    let car = try listed.compiledAssetCatalog()
    #expect(listed.withCompiledAppIcons(car: car).build == checked.build)
  }
}
