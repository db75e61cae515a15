import Foundation
import SpecYAML
import Testing

@testable import IconCatalog

/// Issue 36, part 4: the names an app's code passes to the calls that change its icon, read from
/// literals and enum raw values of each language's call forms; comments, strings that merely
/// hold the text, interpolations and values built at run time give none.
@Suite("Names in the app's code")
struct CodeIconNamesTests {
  /// The names read from one file of code, named `name` (its extension says the language).
  static func names(_ name: String, _ code: String) throws -> [String] {
    try reading([name: code]).names.map(\.name)
  }

  /// What reading `files` (path → text) finds.
  static func reading(_ files: [String: String]) throws -> CodeReading {
    let fixture = try Fixture()
    let urls = try files.keys.sorted().map { try fixture.write($0, files[$0]!) }
    return CodeIconNames.read(urls)
  }

  // MARK: Swift and Objective-C

  @Test func swiftLiteralsInEachCallForm() throws {
    let code = """
      import UIKit

      func choose() async throws {
        UIApplication.shared.setAlternateIconName("Blue")
        UIApplication.shared.setAlternateIconName("Red") { error in print(error as Any) }
        try await UIApplication.shared.setAlternateIconName("Green")
        UIApplication.shared.setAlternateIconName(
          "Purple",
          completionHandler: nil
        )
        UIApplication.shared.setAlternateIconName(#"Raw"#)
        UIApplication.shared.setAlternateIconName(nil)
      }
      """
    let reading = try Self.reading(["App/Settings.swift": code])
    #expect(reading.names.map(\.name) == ["Blue", "Red", "Green", "Purple", "Raw"])
    #expect(reading.names.map(\.line) == [4, 5, 6, 8, 11])
    #expect(reading.names.allSatisfy { $0.origin == .literal && $0.call == .setAlternateIconName })
    #expect(reading.calls == 6)
  }

  @Test func swiftCommentsStringsAndInterpolationsGiveNoName() throws {
    let code = #"""
      // UIApplication.shared.setAlternateIconName("InALineComment")
      /* setAlternateIconName("InABlock") /* nested */ setAlternateIconName("StillInTheBlock") */
      let help = "call setAlternateIconName(\"InAString\") to change it"
      func setAlternateIconName(_ name: String?) {}
      let selector = #selector(UIApplication.setAlternateIconName(_:completionHandler:))
      func apply(_ number: Int, _ name: String) {
        UIApplication.shared.setAlternateIconName("Icon\(number)")
        UIApplication.shared.setAlternateIconName(name)
        UIApplication.shared.setAlternateIconName("""
          Multi
          """)
        UIApplication.shared.setAlternateIconName("Prefix" + name)
      }
      """#
    let reading = try Self.reading(["Settings.swift": code])
    #expect(reading.names.isEmpty)
    #expect(reading.calls == 4)
  }

  @Test func objectiveCLiterals() throws {
    let code = """
      // [app setAlternateIconName:@"Commented" completionHandler:nil];
      - (void)setAlternateIconName:(NSString *)name { }
      - (void)choose {
          [[UIApplication sharedApplication] setAlternateIconName:@"Blue" completionHandler:nil];
          [UIApplication.sharedApplication setAlternateIconName:nil completionHandler:^(NSError *e) {}];
          [[UIApplication sharedApplication] setAlternateIconName:[self name] completionHandler:nil];
          NSString *text = @"setAlternateIconName:@\\"InAString\\"";
      }
      """
    let reading = try Self.reading(["Settings.m": code])
    #expect(reading.names.map(\.name) == ["Blue"])
    #expect(reading.names.first?.line == 4)
    #expect(reading.calls == 3)
  }

  // MARK: Flutter, React Native, Expo, Capacitor, .NET

  @Test func dartCalls() throws {
    let code = """
      import 'package:flutter_dynamic_icon/flutter_dynamic_icon.dart';
      // FlutterDynamicIcon.setAlternateIconName("commented");
      Future<void> choose(String prefix) async {
        await FlutterDynamicIcon.setAlternateIconName("blue");
        await FlutterDynamicIconPlus.setAlternateIconName(iconName: 'red', blacklistBrands: []);
        await FlutterDynamicIcon.setAlternateIconName('$prefix-green');
        await FlutterDynamicIcon.setAlternateIconName(null);
        final text = 'FlutterDynamicIcon.setAlternateIconName("quoted")';
      }
      """
    let reading = try Self.reading(["lib/main.dart": code])
    #expect(reading.names.map(\.name) == ["blue", "red"])
    #expect(reading.names.map(\.call) == [.flutterDynamicIcon, .flutterDynamicIcon])
    #expect(reading.calls == 4)
  }

  @Test func reactNativeChangeIconCountsOnlyWhereImported() throws {
    let imported = """
      import { changeIcon, resetIcon } from 'react-native-change-icon';
      import { changeIcon as switchTo } from "react-native-change-icon";
      export function Picker({ name }) {
        return <Text onPress={() => changeIcon('Blue')}>Don't tap</Text>;
      }
      changeIcon('Default');
      switchTo("Green");
      changeIcon(`Plain`);
      changeIcon(`${name}Icon`);
      changeIcon(name);
      """
    let reading = try Self.reading(["src/Picker.tsx": imported])
    #expect(reading.names.map(\.name) == ["Blue", "Green", "Plain"])
    #expect(reading.names.allSatisfy { $0.call == .reactNativeChangeIcon })
    // A function of the same name the file does not import from the library is not the library's.
    let own = """
      import { Something } from 'react-native-change-icon';
      function changeIcon(name) { return name }
      changeIcon('Mine');
      """
    #expect(try Self.names("src/Own.js", own) == [])
  }

  @Test func expoAndCapacitorCalls() throws {
    let expo = """
      import { setAlternateAppIcon } from "expo-alternate-app-icons";
      await setAlternateAppIcon("Red");
      await setAlternateAppIcon(null);
      """
    let capacitor = """
      import { AppIcon as CapAppIcon } from '@capacitor-community/app-icon';
      const name = 'x';
      await CapAppIcon.change({ name: 'Blue', suppressNotification: true });
      await CapAppIcon.change({ suppressNotification: false, 'name': "Green" });
      await CapAppIcon.change({ name: isAndroid() ? name : `${name}_v2` });
      const pattern = /'/g;
      await CapAppIcon.change({ name: name });
      """
    let reading = try Self.reading(["app/icon.ts": expo, "src/slice.ts": capacitor])
    #expect(reading.names.map(\.name) == ["Red", "Blue", "Green"])
    #expect(
      reading.names.map(\.call) == [
        .expoAlternateAppIcons, .capacitorAppIcon, .capacitorAppIcon,
      ])
  }

  @Test func dotnetCalls() throws {
    let code = """
      // UIApplication.SharedApplication.SetAlternateIconNameAsync("Commented");
      await UIApplication.SharedApplication.SetAlternateIconNameAsync("Blue");
      UIApplication.SharedApplication.SetAlternateIconName(@"Red", (error) => { });
      await UIApplication.SharedApplication.SetAlternateIconNameAsync($"Icon{number}");
      await UIApplication.SharedApplication.SetAlternateIconNameAsync(null);
      """
    let reading = try Self.reading(["Platforms/iOS/IconService.cs": code])
    #expect(reading.names.map(\.name) == ["Blue", "Red"])
    #expect(reading.calls == 4)
  }

  // MARK: Swift enums

  /// Raw values written and not written; the case the call's function sends to `nil` is left out.
  @Test func enumRawValuesThroughAParameter() throws {
    let icons = """
      enum AppIcon: String, CaseIterable {
        case primary = "AppIcon"
        case blue = "BlueIcon"
        case red
        var title: String { rawValue.capitalized }
      }
      """
    let picker = """
      final class Picker {
        func apply(_ icon: AppIcon) {
          if icon == .primary {
            UIApplication.shared.setAlternateIconName(nil)
          } else {
            UIApplication.shared.setAlternateIconName(icon.rawValue)
          }
        }
      }
      """
    let reading = try Self.reading(["App/AppIcon.swift": icons, "App/Picker.swift": picker])
    #expect(reading.names.map(\.name) == ["BlueIcon", "red"])
    let blue = try #require(reading.names.first)
    #expect(blue.origin == .rawValue(type: "AppIcon", caseName: "blue"))
    #expect(blue.file.lastPathComponent == "AppIcon.swift")
    #expect(blue.line == 3)
    #expect(blue.callFile.lastPathComponent == "Picker.swift")
    #expect(blue.callLine == 6)
  }

  /// `AppIcon.blue.rawValue` names one case; `rawValue` inside the enum, every case but the first
  /// (the default a picker lists first), since nothing shows which one goes to `nil`.
  @Test func enumCaseAndSelfRawValues() throws {
    let code = """
      enum Theme: String {
        case standard, night = "Night", sunset
        func apply() {
          UIApplication.shared.setAlternateIconName(rawValue)
        }
      }
      func night() {
        UIApplication.shared.setAlternateIconName(Theme.standard.rawValue)
      }
      """
    let reading = try Self.reading(["Theme.swift": code])
    #expect(reading.names.map(\.name) == ["Night", "sunset", "standard"])
  }

  /// An optional chain's `nil` is the default: every case counts. A closure over `allCases`
  /// declares its parameter's type.
  @Test func optionalChainAndAllCasesClosure() throws {
    let code = """
      enum AppIcon: String, CaseIterable { case one = "icon-1", two = "icon-2" }
      struct Settings { var appIcon: AppIcon? }
      func changed(_ appIcon: AppIcon?) async throws {
        try await client.setAlternateIconName(appIcon?.rawValue)
      }
      func list() {
        ForEach(AppIcon.allCases, id: \\.self) { choice in
          Button("") { UIApplication.shared.setAlternateIconName(choice.rawValue) }
        }
      }
      """
    let reading = try Self.reading(["Settings.swift": code])
    #expect(reading.names.map(\.name) == ["icon-1", "icon-2", "icon-2"])
  }

  /// A property whose `switch self` returns literals and `nil` (Yattee, Clendar), or `rawValue`
  /// with `nil` for the default (Bike Index).
  @Test func propertiesReturningLiteralsOrRawValues() throws {
    let literals = """
      enum AppIcon: Int, CaseIterable {
        case `default`, classic, mascot
        var alternateIconName: String? {
          switch self {
          case .default: return nil
          case .classic: return "YatteeClassic"
          case .mascot: "YatteeMascot"
          }
        }
      }
      func set(_ icon: AppIcon) { UIApplication.shared.setAlternateIconName(icon.alternateIconName) }
      """
    let reading = try Self.reading(["Yattee.swift": literals])
    #expect(reading.names.map(\.name) == ["YatteeClassic", "YatteeMascot"])
    #expect(
      reading.names.first?.origin
        == .property(type: "AppIcon", property: "alternateIconName", caseName: "classic"))
    #expect(reading.names.map(\.line) == [6, 7])

    let rawValues = """
      enum BikeIcon: String, CaseIterable {
        case primary = "AppIcon"
        case shadow = "Shadow"
        case pride = "Pride"
        var iconName: String? {
          switch self {
          case .primary:
            return nil
          default:
            return rawValue
          }
        }
      }
      """
    let call =
      "func go(icon: BikeIcon) { UIApplication.shared.setAlternateIconName(icon.iconName) }"
    #expect(try Self.names("Bike.swift", rawValues + "\n" + call) == ["Shadow", "Pride"])

    let ternary = """
      enum Icon: String { case main, dark = "Dark"
        var name: String? { self == .main ? nil : rawValue } }
      func go(icon: Icon) { UIApplication.shared.setAlternateIconName(icon.name) }
      """
    #expect(try Self.names("Ternary.swift", ternary) == ["Dark"])
  }

  /// DuckDuckGo's form: a ternary beside `nil` whose condition names the default through a
  /// static property; a ternary whose condition names no case gives nothing.
  @Test func ternariesBesideNil() throws {
    let code = """
      enum AppIcon: String, CaseIterable {
        case red = "AppIcon-red"
        case blue = "AppIcon-blue"
        static var defaultAppIcon: AppIcon { return .red }
      }
      final class Manager {
        func change(_ appIcon: AppIcon) {
          let alternateIconName = appIcon != AppIcon.defaultAppIcon ? appIcon.rawValue : nil
          UIApplication.shared.setAlternateIconName(alternateIconName) { _ in }
        }
        func unknown(_ appIcon: AppIcon, isFirst: Bool) {
          UIApplication.shared.setAlternateIconName(isFirst ? nil : appIcon.rawValue)
        }
      }
      """
    #expect(try Self.names("Manager.swift", code) == ["AppIcon-blue"])
  }

  /// Apple's sample, as iAPS and MedoDelirioBrasilia keep it: the function's parameter gives the
  /// type, though other code declares `icon` with other types.
  @Test func theFunctionsParameterGivesTheType() throws {
    let code = """
      enum Icon: String, CaseIterable {
        case primary = "AppIcon"
        case dark = "AppIcon-Dark"
      }
      struct Row { let icon: UIImage }
      class AppIcon {
        func setAlternateAppIcon(icon: Icon) {
          let iconName: String? = (icon != .primary) ? icon.rawValue : nil
          guard UIApplication.shared.alternateIconName != iconName else { return }
          UIApplication.shared.setAlternateIconName(iconName) { error in }
        }
      }
      """
    #expect(try Self.names("AppIcon.swift", code) == ["AppIcon-Dark"])
  }

  /// What is not an enum's raw value, or not one enum's: an Int enum, an interpolated property, a
  /// variable declared with two types, a property declared twice.
  @Test func valuesNotKnownGiveNoName() throws {
    let code = #"""
      enum Numbered: Int { case zero, one
        var appIconName: String { "AppIconAlternate\(rawValue)" } }
      enum Flavour: String { case vanilla, lemon }
      struct A { var icon: Flavour }
      struct B { var icon: String }
      struct C { var iconName: String? { nil } }
      struct D { var iconName: String? { "x" } }
      func go(n: Numbered, f: Flavour) {
        UIApplication.shared.setAlternateIconName(n.appIconName)
        UIApplication.shared.setAlternateIconName(String(n.rawValue))
        UIApplication.shared.setAlternateIconName(icon.rawValue)
        UIApplication.shared.setAlternateIconName(f.iconName)
      }
      """#
    let reading = try Self.reading(["Values.swift": code])
    #expect(reading.names.isEmpty)
    #expect(reading.calls == 4)
  }

  /// A call under `#if os(tvOS)` is compiled for tvOS only; `#else` and `!` read as the
  /// opposite; other conditions keep every platform.
  @Test func platformConditions() throws {
    let code = """
      #if os(tvOS)
      let a = UIApplication.shared.setAlternateIconName("TV")
      #elseif os(iOS) || os(visionOS)
      let b = UIApplication.shared.setAlternateIconName("Phone")
      #else
      let c = UIApplication.shared.setAlternateIconName("Mac")
      #endif
      #if DEBUG && !os(tvOS)
      let d = UIApplication.shared.setAlternateIconName("Debug")
      #endif
      let e = UIApplication.shared.setAlternateIconName("Everywhere")
      """
    let reading = try Self.reading(["Platforms.swift": code])
    let platforms = Dictionary(
      uniqueKeysWithValues: reading.names.map { ($0.name, $0.platforms) })
    #expect(platforms["TV"] == [.tvOS])
    #expect(platforms["Phone"] == [.iOS])
    #expect(platforms["Mac"] == [])
    #expect(platforms["Debug"] == [.iOS])
    #expect(platforms["Everywhere"] == [.iOS, .tvOS])
  }

  // MARK: Lexer

  @Test func lexerReadsEscapesAndKeepsLines() {
    let source = #"a = "B\"lue\u{21}" /* x"y */ // "z""# + "\n" + "'q' `default`"
    let tokens = CodeLexer.tokens(of: Array(source.utf8), language: .swift)
    #expect(tokens.map(\.text) == ["a", "=", "B\"lue!", "'", "q", "'", "default"])
    #expect(tokens[2].isPlainString)
    let dart = CodeLexer.tokens(
      of: Array("x = r'a$b'; y = 'c${d}'; z = '$e';".utf8), language: .dart)
    let strings = dart.filter { $0.kind == .string }
    #expect(strings.map(\.text) == ["a$b", "c", ""])
    #expect(strings.map(\.isInterpolated) == [false, true, true])
    let javaScript = CodeLexer.tokens(
      of: Array("a = b / c; d = /\"/g; e = 'f'\ng = \"unclosed\nh = 'i'".utf8),
      language: .javaScript)
    #expect(javaScript.filter(\.isPlainString).map(\.text) == ["f", "i"])
    #expect(javaScript.last?.line == 3)
  }

  // MARK: Which files

  /// A Flutter app: the iOS project in `ios/`, the Dart in `lib/`; tests and build output left
  /// out.
  @Test func flutterAppAroundItsIOSFolder() throws {
    let fixture = try Fixture()
    try fixture.write("pubspec.yaml", "name: app\n")
    try fixture.write("lib/main.dart", "void main() {}\n")
    try fixture.write("lib/src/icons.dart", "\n")
    try fixture.write("test/widget_test.dart", "\n")
    try fixture.write("build/generated.dart", "\n")
    try fixture.write("ios/Runner/AppDelegate.swift", "\n")
    let found = try #require(CodeFiles.crossPlatformApp(around: fixture.url("ios")))
    #expect(found.1 == .dart)
    #expect(found.0.standardizedFileURL.path == fixture.root.standardizedFileURL.path)
    let location = AppLocation(root: fixture.url("ios"), files: ProjectFiles(), givenInfoPlist: nil)
    let files = CodeFiles.of(location).map {
      $0.path.replacingOccurrences(of: fixture.root.standardizedFileURL.path + "/", with: "")
    }
    #expect(files == ["ios/Runner/AppDelegate.swift", "lib/main.dart", "lib/src/icons.dart"])
  }

  /// A .NET MAUI app read from its `Platforms/iOS` Info.plist: the C# of the project around it,
  /// not its Android platform folder or build output.
  @Test func dotnetProjectAroundItsInfoPlist() throws {
    let fixture = try Fixture()
    try fixture.write(
      "App.csproj", "<Project><PropertyGroup><UseMaui>true</UseMaui></PropertyGroup></Project>\n")
    try fixture.write("Platforms/iOS/Info.plist", "<plist/>\n")
    try fixture.write("Services/IconService.cs", "\n")
    try fixture.write("Platforms/Android/MainActivity.cs", "\n")
    try fixture.write("obj/Generated.cs", "\n")
    let location = AppLocation(
      root: fixture.url("Platforms/iOS"), files: ProjectFiles(), givenInfoPlist: nil)
    let root = fixture.root.standardizedFileURL.path + "/"
    let files = CodeFiles.of(location).map { $0.path.replacingOccurrences(of: root, with: "") }
    #expect(files == ["Services/IconService.cs"])
  }

  /// An XcodeGen spec: the Swift files under its target's `sources`, not its excludes.
  @Test func anXcodeGenTargetsSources() throws {
    SpecYAML.install()
    let fixture = try Fixture()
    try fixture.write(
      "project.yml",
      """
      name: Solo
      targets:
        Solo:
          type: application
          platform: iOS
          sources:
            - path: Solo
              excludes: ["Old/**"]
          settings:
            ASSETCATALOG_COMPILER_APPICON_NAME: AppIcon
            GENERATE_INFOPLIST_FILE: YES
      """)
    try fixture.writeSingleSizeIconSet("AppIcon", catalog: "Solo/Assets.xcassets")
    try fixture.write("Solo/Settings.swift", "let a = app.setAlternateIconName(\"Dusk\")\n")
    try fixture.write("Solo/Old/Gone.swift", "let a = app.setAlternateIconName(\"Gone\")\n")
    try fixture.write("Elsewhere/Other.swift", "let a = app.setAlternateIconName(\"Other\")\n")
    let facts = try AppIconReader.facts(at: fixture.root, target: nil, configuration: nil)
    #expect(facts.codeIconNames.map(\.name) == ["Dusk"])
  }

  /// A project target: its Compile Sources files and synchronized folders, not the other files
  /// under its folder.
  @Test func aTargetsCompiledSources() throws {
    let fixture = try Fixture.sunrise()
    try fixture.write(
      "Sunrise/SunriseApp.swift", "UIApplication.shared.setAlternateIconName(\"Dusk\")\n")
    try fixture.write("Unused/Old.swift", "UIApplication.shared.setAlternateIconName(\"Old\")\n")
    let facts = try AppIconReader.facts(at: fixture.root, target: "Sunrise", configuration: nil)
    #expect(facts.codeIconNames.map(\.name) == ["Dusk"])
    #expect(facts.codeReading.filesRead == 1)
  }
}
