import Foundation
import Testing

@testable import IconCatalog

/// Issue 36, part 2: a repository whose app Bazel, Buck, .NET, Unity, Godot or Kotlin
/// Multiplatform builds, with Xcode-era leftovers lying around, is refused in one line; a
/// committed Xcode project for the app is read as before.
@Suite struct OtherBuildSystemsTests {
  /// What an old Xcode layout leaves behind: an Info.plist, an `.xcconfig` and a catalog.
  static func writeLeftovers(_ fixture: Fixture, in folder: String) throws {
    try fixture.writePlist(
      "\(folder)/Info.plist",
      ["CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)", "CFBundleDisplayName": "Leftover"])
    try fixture.write("\(folder)/Config.xcconfig", "PRODUCT_BUNDLE_IDENTIFIER = old.leftover\n")
    try fixture.writeSingleSizeIconSet("AppIcon", catalog: "\(folder)/Assets.xcassets")
  }

  func refusal(_ path: URL) throws -> (
    folder: String, tool: String, file: String, reason: String, remedy: String, line: String
  ) {
    let error = try #require(throws: IconCatalogError.self) { try AppIconReader.read(at: path) }
    guard case .otherBuildSystem(let folder, let tool, let file, let reason, let remedy) = error
    else {
      Issue.record("not refused as another build system's: \(error)")
      throw error
    }
    return (folder, tool, file, reason, remedy, error.description)
  }

  static let bazelBuild = """
    load("@build_bazel_rules_apple//apple:ios.bzl", "ios_application")

    # ios_application(name = "Commented") is no rule.
    NOTE = "ios_application(name = 'InAString')"

    filegroup(
        name = "AppIcons",
        srcs = glob(["Telegram-iOS/Assets.xcassets/**"], exclude = ["**/.*"]),
    )

    ios_application(
        name = "Telegram",
        bundle_id = "{id}".format(id = telegram_bundle_id),
        families = ["iphone", "ipad"],
        app_icons = [":AppIcons"],
    )
    """

  static func bazelRepository() throws -> Fixture {
    let fixture = try Fixture()
    try fixture.write("MODULE.bazel", "bazel_dep(name = \"rules_apple\", version = \"3.16.0\")\n")
    try fixture.write("Telegram/BUILD", bazelBuild)
    try writeLeftovers(fixture, in: "Telegram/Telegram-iOS")
    return fixture
  }

  @Test("Bazel: refused naming Bazel and the command, from the root, the package or the leftovers")
  func bazel() throws {
    let repository = try Self.bazelRepository()
    for path in ["", "Telegram", "Telegram/Telegram-iOS"] {
      let found = try refusal(repository.url(path))
      #expect(found.folder == repository.url(path).path)
      #expect(found.tool == "Bazel")
      #expect(found.file == repository.url("Telegram/BUILD").path)
      #expect(found.reason == #"ios_application "Telegram""#)
      #expect(
        found.remedy
          == "run `bazel build //Telegram:Telegram` in \(repository.root.standardizedFileURL.path), then pass the .ipa it writes (bazel-bin/Telegram/Telegram.ipa)"
      )
      #expect(!found.line.contains("\n"))
      #expect(found.line.contains("this app is built with Bazel"))
    }
    #expect(AppIconReader.containsApp(repository.root))
  }

  @Test("Bazel: a committed .xcodeproj for the app wins and is read as before")
  func bazelWithProject() throws {
    let sunrise = try Fixture.sunrise()
    try sunrise.write("MODULE.bazel", "bazel_dep(name = \"rules_apple\", version = \"3.16.0\")\n")
    try sunrise.write("Telegram/BUILD", Self.bazelBuild)
    try Self.writeLeftovers(sunrise, in: "Telegram/Telegram-iOS")
    let icons = try AppIconReader.read(at: sunrise.root)
    #expect(icons.bundleIdentifier == "dev.example.sunrise")
    #expect(icons.primary.name == "AppIcon")
  }

  @Test("Bazel: a rule in a comment or a string is no rule; rules_apple in MODULE.bazel is")
  func bazelWithoutRule() throws {
    let fixture = try Fixture()
    try fixture.write("WORKSPACE", "workspace(name = \"plain\")\n")
    try fixture.write(
      "App/BUILD", "# ios_application(name = \"Commented\")\nx = \"ios_application(\"\n")
    try Self.writeLeftovers(fixture, in: "App")
    #expect(try AppIconReader.read(at: fixture.root).bundleIdentifier == "old.leftover")

    // The app rule behind a macro: the workspace loading rules_apple says Bazel builds it.
    try fixture.write("MODULE.bazel", "bazel_dep(name = \"rules_apple\", version = \"3.16.0\")\n")
    let found = try refusal(fixture.root)
    #expect(found.tool == "Bazel")
    #expect(found.file == fixture.url("MODULE.bazel").path)
    #expect(found.reason == "rules_apple")
    #expect(found.remedy.contains("run `bazel build` with the app's ios_application target"))
  }

  @Test("Bazel: an ios_application with no workspace around it is not taken for Bazel's")
  func bazelWithoutWorkspace() throws {
    let fixture = try Fixture()
    try fixture.write("App/BUILD", "ios_application(name = \"App\")\n")
    try Self.writeLeftovers(fixture, in: "App")
    #expect(try AppIconReader.read(at: fixture.root).bundleIdentifier == "old.leftover")
  }

  @Test("Buck: the app's apple_bundle (not the watch app's), with buck or buck2")
  func buck() throws {
    let fixture = try Fixture()
    try fixture.write(".buckconfig", "[project]\n")
    try fixture.write(
      "App/BUCK",
      """
      load("//Config:configs.bzl", "info_plist_substitutions")
      apple_binary(name = "ExampleAppBinary", srcs = ["Dummy.swift"])
      apple_bundle(
          name = "ExampleWatchApp",
          extension = "app",
          xcode_product_type = "com.apple.product-type.application.watchapp2",
      )
      apple_bundle(
          name = intent_bundle_name,
          extension = "appex",
      )
      apple_bundle(
          name = "ExampleApp",
          extension = "app",
          binary = ":ExampleAppBinary",
          info_plist = "Info.plist",
          info_plist_substitutions = info_plist_substitutions("ExampleApp"),
      )
      """)
    try Self.writeLeftovers(fixture, in: "App")
    var found = try refusal(fixture.root)
    #expect(found.tool == "Buck")
    #expect(found.reason == #"apple_bundle "ExampleApp""#)
    #expect(
      found.remedy
        == "run `buck build //App:ExampleApp --show-output` in \(fixture.root.standardizedFileURL.path), then pass the .app or .ipa it names"
    )
    try fixture.write(".buckroot", "")
    found = try refusal(fixture.url("App"))
    #expect(found.remedy.hasPrefix("run `buck2 build //App:ExampleApp --show-output`"))

    // The app's bundle behind a macro, and a test host (airbnb/BuckSample today): no target is
    // named as the app's.
    try fixture.write(
      "App/BUCK",
      """
      load("//Config:buck_local.bzl", "buck_local_bundle")
      apple_binary(name = "ExampleAppBinary", srcs = ["Dummy.swift"])
      buck_local_bundle(name = "ExampleApp", extension = "app")
      apple_bundle(name = "XCUITestsHostApp", extension = "app")
      """)
    found = try refusal(fixture.root)
    #expect(found.reason == #"apple_binary "ExampleAppBinary""#)
    #expect(
      found.remedy
        == "run `buck2 build --show-output` with the app's bundle target in \(fixture.root.standardizedFileURL.path) (none is declared plainly here: a macro may declare it), then pass the .app or .ipa it names"
    )
  }

  @Test("Bazel: several app rules: the first app is named with the others, test hosts last")
  func bazelSeveral() throws {
    let fixture = try Fixture()
    try fixture.write("WORKSPACE", "")
    try fixture.write(
      "Telegram/BUILD",
      """
      ios_application(name = "webrtc_build_test")
      ios_application(name = "Telegram")
      ios_extension(name = "Share")
      """)
    try fixture.write("Watch/BUILD", "tvos_application(name = \"TV\")\n")
    try Self.writeLeftovers(fixture, in: "Telegram/Telegram-iOS")
    let found = try refusal(fixture.root)
    #expect(found.reason == #"ios_application "Telegram""#)
    #expect(
      found.remedy
        == "run `bazel build //Telegram:Telegram` in \(fixture.root.standardizedFileURL.path), or build another of its 3 app targets (//Watch:TV, //Telegram:webrtc_build_test), then pass the .ipa it writes under bazel-bin"
    )
  }

  @Test(".NET: MAUI, .NET for iOS and Xamarin.iOS projects; a library's .csproj is not")
  func dotnet() throws {
    let maui = try Fixture()
    try maui.write(
      "src/Weather/Weather.csproj",
      """
      <Project Sdk="Microsoft.NET.Sdk">
        <PropertyGroup>
          <TargetFrameworks>net8.0-android;net8.0-ios;net8.0-maccatalyst</TargetFrameworks>
          <UseMaui>true</UseMaui>
        </PropertyGroup>
        <ItemGroup>
          <MauiIcon Include="Resources\\AppIcon\\appicon.svg" ForegroundFile="Resources\\AppIcon\\appiconfg.svg" />
        </ItemGroup>
      </Project>
      """)
    try maui.write(
      "src/Tests/Tests.csproj", "<Project><TargetFramework>net8.0</TargetFramework></Project>")
    try Self.writeLeftovers(maui, in: "src/Weather/Platforms/iOS")
    let found = try refusal(maui.root)
    #expect(found.tool == ".NET MAUI")
    #expect(found.file == maui.url("src/Weather/Weather.csproj").path)
    #expect(found.reason == "<UseMaui>")
    #expect(
      found.remedy
        == "run `dotnet build Weather.csproj -f net8.0-ios` in \(maui.url("src/Weather").path), then pass the .app it writes under bin"
    )
    // The leftovers' own folder, inside the project: the .csproj above says what builds it.
    #expect(try refusal(maui.url("src/Weather/Platforms/iOS")).tool == ".NET MAUI")

    let net = try Fixture()
    try net.write(
      "App.csproj", "<Project><TargetFramework>net9.0-ios18.0</TargetFramework></Project>")
    try Self.writeLeftovers(net, in: "App")
    let plain = try refusal(net.root)
    #expect(plain.tool == ".NET")
    #expect(plain.reason == "TargetFramework net9.0-ios18.0")
    #expect(plain.remedy.hasPrefix("run `dotnet build App.csproj -f net9.0-ios18.0`"))

    let xamarin = try Fixture()
    try xamarin.write(
      "Todo.iOS/Todo.iOS.csproj",
      #"<Project><Import Project="$(MSBuildExtensionsPath)\Xamarin\iOS\Xamarin.iOS.CSharp.targets" /></Project>"#
    )
    try Self.writeLeftovers(xamarin, in: "Todo.iOS")
    let old = try refusal(xamarin.root)
    #expect(old.tool == "Xamarin.iOS")
    #expect(
      old.remedy.hasPrefix(
        "run `msbuild Todo.iOS.csproj /p:Platform=iPhone /p:Configuration=Release`"))

    let library = try Fixture()
    try library.write(
      "Server/Server.csproj", "<Project><TargetFramework>net8.0</TargetFramework></Project>")
    try Self.writeLeftovers(library, in: "App")
    #expect(try AppIconReader.read(at: library.root).bundleIdentifier == "old.leftover")
  }

  @Test("Unity: ProjectVersion.txt beside Assets/; a generated Unity-iPhone.xcodeproj is read")
  func unity() throws {
    let fixture = try Fixture()
    try fixture.write(
      "ProjectSettings/ProjectVersion.txt",
      "m_EditorVersion: 2022.3.10f1\nm_EditorVersionWithRevision: 2022.3.10f1 (ff3792e53c62)\n")
    try Self.writeLeftovers(fixture, in: "Assets/Plugins/iOS")
    let found = try refusal(fixture.root)
    #expect(found.tool == "Unity")
    #expect(found.reason == "editor 2022.3.10f1")
    #expect(found.remedy.contains("Unity-iPhone.xcodeproj"))
    #expect(try refusal(fixture.url("Assets/Plugins/iOS")).tool == "Unity")

    // No Assets folder: a file of that name is no Unity project.
    let stray = try Fixture()
    try stray.write("ProjectSettings/ProjectVersion.txt", "m_EditorVersion: 2022.3.10f1\n")
    try Self.writeLeftovers(stray, in: "App")
    #expect(try AppIconReader.read(at: stray.root).bundleIdentifier == "old.leftover")

    let built = try Fixture.sunrise(under: "Builds/iOS")
    try built.write("ProjectSettings/ProjectVersion.txt", "m_EditorVersion: 2022.3.10f1\n")
    try built.makeFolder("Assets")
    #expect(try AppIconReader.read(at: built.root).bundleIdentifier == "dev.example.sunrise")
  }

  @Test("Godot: the iOS export preset's command; without one, how to add it")
  func godot() throws {
    let fixture = try Fixture()
    try fixture.write("project.godot", "config_version=5\n\n[application]\nconfig/name=\"Dodge\"\n")
    try fixture.write(
      "export_presets.cfg",
      """
      [preset.0]

      name="Android"
      platform="Android"
      export_path="build/android/Dodge.apk"

      [preset.0.options]

      [preset.1]

      name="iPhone release"
      platform="iOS"
      export_path="build/ios/Dodge.ipa"

      [preset.1.options]

      application/bundle_identifier="com.example.dodge"
      """)
    try Self.writeLeftovers(fixture, in: "ios")
    let found = try refusal(fixture.root)
    #expect(found.tool == "Godot")
    #expect(found.file == fixture.url("export_presets.cfg").path)
    #expect(found.reason == #"iOS export preset "iPhone release""#)
    #expect(
      found.remedy
        == "run `godot --headless --export-release 'iPhone release' build/ios/Dodge.ipa` in \(fixture.root.standardizedFileURL.path), which writes its Xcode project, then pass the folder of build/ios/Dodge.ipa"
    )

    try FileManager.default.removeItem(at: fixture.url("export_presets.cfg"))
    let bare = try refusal(fixture.root)
    #expect(bare.file == fixture.url("project.godot").path)
    #expect(bare.remedy.hasPrefix("add an iOS export preset"))
  }

  @Test(
    "Kotlin Multiplatform: iosApp without a project is refused; with iosApp.xcodeproj it is read")
  func kotlinMultiplatform() throws {
    let fixture = try Fixture()
    try fixture.write("settings.gradle.kts", "include(\":composeApp\")\n")
    try fixture.write(
      "build.gradle.kts",
      "plugins {\n    alias(libs.plugins.kotlinMultiplatform) apply false\n}\n")
    try fixture.write(
      "composeApp/build.gradle.kts",
      "plugins {\n    alias(libs.plugins.kotlinMultiplatform)\n}\nkotlin {\n    iosArm64()\n}\n")
    try Self.writeLeftovers(fixture, in: "iosApp/iosApp")
    for path in ["", "iosApp", "iosApp/iosApp"] {
      let found = try refusal(fixture.url(path))
      #expect(found.tool == "Kotlin Multiplatform")
      #expect(found.file == fixture.url("build.gradle.kts").path)
      #expect(
        found.remedy.contains("its iOS app, \(fixture.url("iosApp").path), has no Xcode project"))
    }

    let committed = try Fixture.sunrise(under: "iosApp")
    try committed.write(
      "composeApp/build.gradle.kts", "plugins {\n    kotlin(\"multiplatform\")\n}\n")
    #expect(try AppIconReader.read(at: committed.root).bundleIdentifier == "dev.example.sunrise")
  }

  @Test("Flutter or React Native Android's Gradle files are no Kotlin Multiplatform")
  func androidGradle() throws {
    let fixture = try Fixture()
    try fixture.write(
      "android/app/build.gradle",
      "plugins {\n    id \"com.android.application\"\n    id \"kotlin-android\"\n}\n")
    try fixture.write("android/build.gradle.kts", "plugins { kotlin(\"android\") }\n")
    try Self.writeLeftovers(fixture, in: "ios/Runner")
    #expect(try AppIconReader.read(at: fixture.root).bundleIdentifier == "old.leftover")
  }

  @Test("the Godot preset reader takes only a preset's own section")
  func godotPresets() {
    let text = """
      [preset.0]
      name="Web"
      platform="Web"
      [preset.0.options]
      platform="iOS"
      [preset.1]
      name = "Phone"
      platform = "iOS"
      """
    let preset = OtherBuildSystems.iOSPreset(text)
    #expect(preset?.name == "Phone")
    #expect(preset?.path == "")
    #expect(OtherBuildSystems.iOSPreset("[preset.0]\nplatform=\"Android\"\n") == nil)
  }
}

/// The minimal Starlark reading: plain values kept, anything else named, nothing run.
@Suite struct StarlarkCallsTests {
  @Test("plain arguments: strings, lists, globs, sums, None, booleans")
  func plain() throws {
    let calls = StarlarkCalls.calls(
      in: """
        load("@rules//apple:ios.bzl", "ios_application")
        ios_application(
            name = "App",  # the app
            families = ["iphone", "ipad",],
            app_icons = glob(["A.xcassets/**"], exclude = ["**/.*"]) + ["B.icon/icon.json"],
            primary_app_icon = "Ap" "pIcon",
            provisioning_profile = None,
            testonly = True,
            doc = '''a (tricky) "string"
        over ) lines''',
            minimum_os_version = r"15.0",
        )
        """)
    #expect(calls.map(\.rule) == ["load", "ios_application"])
    let app = try #require(calls.last)
    #expect(app.name == "App")
    #expect(app.line == 2)
    #expect(app.arguments["families"] == .list([.string("iphone"), .string("ipad")]))
    #expect(
      app.arguments["app_icons"]
        == .list([
          .glob(include: ["A.xcassets/**"], exclude: ["**/.*"]), .string("B.icon/icon.json"),
        ]))
    #expect(app.arguments["primary_app_icon"] == .string("AppIcon"))
    #expect(app.arguments["provisioning_profile"] == StarlarkCalls.Value.none)
    #expect(app.arguments["testonly"] == .bool(true))
    #expect(app.arguments["doc"] == .string("a (tricky) \"string\"\nover ) lines"))
    #expect(app.arguments["minimum_os_version"] == .string("15.0"))
  }

  @Test("what is not plain says what it is")
  func notPlain() {
    let calls = StarlarkCalls.calls(
      in: """
        ios_application(
            name = NAME,
            bundle_id = "{}".format(bundle_id),
            app_icons = [":{}_icon".format(name) for name in icons],
            extensions = select({":x": [], "//conditions:default": [":Share"]}),
            infoplists = base_plists + ["Info.plist"],
            resources = glob(patterns),
            watch_application = ":Watch" if watch else None,
        )
        x = ios_application(name = "NotAStatement")
        """)
    #expect(calls.count == 1)
    let arguments = calls.first?.arguments ?? [:]
    #expect(calls.first?.name == nil)
    #expect(arguments["name"] == .notPlain("the variable NAME"))
    #expect(arguments["bundle_id"] == .notPlain("a method call on a string"))
    #expect(arguments["app_icons"] == .notPlain("a list comprehension"))
    #expect(arguments["extensions"] == .notPlain("a call to select()"))
    #expect(arguments["infoplists"] == .notPlain("the variable base_plists"))
    #expect(
      arguments["resources"] == .notPlain("a glob() with patterns that are not string literals"))
    #expect(arguments["watch_application"] == .notPlain("an expression with `if`"))
  }

  @Test("text that is not Starlark gives what could be read, and never traps")
  func malformed() {
    for text in [
      "ios_application(", "((((", "\"unterminated", "a(b=)", ")))]]]", "'''", "f(*a, **k)",
    ] {
      _ = StarlarkCalls.calls(in: text)
    }
    #expect(StarlarkCalls.calls(in: "ios_application(name = \"A\"").first?.name == "A")
  }
}
