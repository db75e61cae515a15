import Foundation

/// An iOS app, a new project from Xcode's App template (SwiftUI) as Xcode 12, 14, 15 or 16
/// writes it, after a developer has given it icons: the catalog's `AppIcon` filled with PNGs and
/// an alternate set `Night`, named in `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES` (a setting
/// of Xcode 13 and later: the Xcode 12 project as a later Xcode builds it). Every file
/// is as that Xcode writes it: the pbxproj's sections, identifiers, comments, tabs and sorted
/// build settings (after real projects of each version: thomsmed/ios-examples'
/// CustomInterfaceBuilderView for 12.5, NetworkMonitoring for 14.0, HTTPClient for 15.0,
/// ErrorResponder for 16.0), the catalog's `Contents.json` files, the workspace inside the
/// `.xcodeproj`, the sources.
///
/// - Xcode 12: objectVersion 50, an explicit PBXGroup tree, `Studio/Info.plist` (no
///   CFBundleIcons: actool writes them) named by `INFOPLIST_FILE`, the per-size AppIcon list of
///   18 slots filled as icon generators fill them (one PNG per pixel size, shared by the slots of
///   that size).
/// - Xcode 14: objectVersion 56, no Info.plist (`GENERATE_INFOPLIST_FILE` and
///   `INFOPLIST_KEY_*`), the single-size 1024 AppIcon.
/// - Xcode 15: objectVersion 60 (Project Format "Xcode 15.0"; 15.0's template itself still
///   wrote 56), the 15.0 settings (`ENABLE_USER_SCRIPT_SANDBOXING`, asset symbol extensions,
///   string catalogs, gnu17).
/// - Xcode 16: objectVersion 77, the app folder a `PBXFileSystemSynchronizedRootGroup` (no file
///   references, no build files for its sources), the AppIcon with its dark and tinted slots
///   left empty, no `xcshareddata` in the workspace.
///
/// Each form also comes with its target's configurations based on `Studio.xcconfig`
/// (`baseConfigurationReference`, a file of the project's main group), which then holds the
/// asset catalog settings instead of the target.
public struct XcodeTemplateProject {
  public enum Xcode: Int, CaseIterable, Sendable, CustomStringConvertible {
    case v12 = 12
    case v14 = 14
    case v15 = 15
    case v16 = 16

    public var description: String { "Xcode \(rawValue)" }

    var objectVersion: Int {
      switch self {
      case .v12: 50
      case .v14: 56
      case .v15: 60
      case .v16: 77
      }
    }

    /// `LastUpgradeCheck`, `LastSwiftUpdateCheck` and `CreatedOnToolsVersion`.
    var upgradeCheck: String {
      switch self {
      case .v12: "1250"
      case .v14: "1400"
      case .v15: "1500"
      case .v16: "1600"
      }
    }

    var toolsVersion: String {
      switch self {
      case .v12: "12.5"
      case .v14: "14.0"
      case .v15: "15.0"
      case .v16: "16.0"
      }
    }

    var deploymentTarget: String {
      switch self {
      case .v12: "14.5"
      case .v14: "16.0"
      case .v15: "17.0"
      case .v16: "18.0"
      }
    }

    /// The middle and last eight digits of the template's identifiers (Xcode's come from the
    /// time and the machine); the first eight count.
    var idTail: String {
      switch self {
      case .v12: "26EA5E25001242EE"
      case .v14: "2917C7E20008D5BA"
      case .v15: "2A9BACE2009C289F"
      case .v16: "2C9744B500568A31"
      }
    }
  }

  public struct Form: Sendable, Hashable, CustomStringConvertible {
    public let xcode: Xcode
    /// The asset catalog settings live in `Studio.xcconfig`, the target's base configuration.
    public let settingsInXCConfig: Bool

    public init(_ xcode: Xcode, settingsInXCConfig: Bool = false) {
      self.xcode = xcode
      self.settingsInXCConfig = settingsInXCConfig
    }

    public var description: String {
      "\(xcode)\(settingsInXCConfig ? ", settings in Studio.xcconfig" : "")"
    }

    /// Every version, each plain and with its settings in an `.xcconfig`.
    public static let all: [Form] = Xcode.allCases.flatMap {
      [Form($0), Form($0, settingsInXCConfig: true)]
    }
  }

  public let form: Form
  /// The project's folder (holding `Studio.xcodeproj`).
  public let scratch: ScratchFolder
  public var root: URL { scratch.url }

  /// The project in a scratch folder of its own, removed with the last copy of this value.
  public init(_ form: Form) throws {
    try self.init(form, writingIn: ScratchFolder())
  }

  /// The project in `root` (made if need be), which the caller removes.
  public init(_ form: Form, at root: URL) throws {
    try self.init(form, writingIn: ScratchFolder(at: root))
  }

  private init(_ form: Form, writingIn scratch: ScratchFolder) throws {
    self.form = form
    self.scratch = scratch
    for (path, text) in textFiles() { try scratch.write(path, text) }
    for (path, side) in imageFiles() {
      try scratch.write(
        path, data: OpaquePNG.rgb(side: side, red: path.contains("Night") ? 20 : 200))
    }
  }

  public func file(_ relative: String) -> URL { scratch.file(relative) }

  /// Every folder under the root, the root first (""), in a stable order.
  public func folders() -> [String] {
    var folders: [String] = []
    let walker = FileManager.default.enumerator(atPath: root.path)
    while let relative = walker?.nextObject() as? String {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(
        atPath: root.appendingPathComponent(relative).path, isDirectory: &isFolder),
        isFolder.boolValue
      {
        folders.append(relative)
      }
    }
    return [""] + folders.sorted()
  }

  /// Every file and folder under the root and its bytes.
  public func snapshot() throws -> [String: Data] { try EditProject.snapshot(of: root) }

  // MARK: The files

  var xcode: Xcode { form.xcode }

  func textFiles() -> [(String, String)] {
    var files: [(String, String)] = [
      ("Studio.xcodeproj/project.pbxproj", pbxproj()),
      ("Studio.xcodeproj/project.xcworkspace/contents.xcworkspacedata", Self.workspace),
      ("Studio/StudioApp.swift", appSource()),
      ("Studio/ContentView.swift", contentViewSource()),
      ("Studio/Assets.xcassets/Contents.json", Self.catalogContents),
      ("Studio/Assets.xcassets/AccentColor.colorset/Contents.json", Self.accentColorContents),
      ("Studio/Assets.xcassets/AppIcon.appiconset/Contents.json", iconSetContents("AppIcon")),
      ("Studio/Assets.xcassets/Night.appiconset/Contents.json", iconSetContents("Night")),
      ("Studio/Preview Content/Preview Assets.xcassets/Contents.json", Self.catalogContents),
    ]
    if xcode != .v16 {
      files.append(
        (
          "Studio.xcodeproj/project.xcworkspace/xcshareddata/IDEWorkspaceChecks.plist",
          Self.workspaceChecks
        ))
    }
    if xcode == .v12 { files.append(("Studio/Info.plist", Self.infoPlist)) }
    if form.settingsInXCConfig { files.append(("Studio.xcconfig", xcconfig())) }
    return files
  }

  /// The per-size slots of Xcode 12's iOS AppIcon: idiom, points, scale.
  static let perSizeSlots: [(idiom: String, points: String, scale: Int)] = [
    ("iphone", "20", 2), ("iphone", "20", 3), ("iphone", "29", 2), ("iphone", "29", 3),
    ("iphone", "40", 2), ("iphone", "40", 3), ("iphone", "60", 2), ("iphone", "60", 3),
    ("ipad", "20", 1), ("ipad", "20", 2), ("ipad", "29", 1), ("ipad", "29", 2), ("ipad", "40", 1),
    ("ipad", "40", 2), ("ipad", "76", 1), ("ipad", "76", 2), ("ipad", "83.5", 2),
    ("ios-marketing", "1024", 1),
  ]

  static func pixels(_ points: String, _ scale: Int) -> Int {
    Int((Double(points)! * Double(scale)).rounded())
  }

  func imageFiles() -> [(String, Int)] {
    var images: [(String, Int)] = []
    for set in ["AppIcon", "Night"] {
      let folder = "Studio/Assets.xcassets/\(set).appiconset"
      if xcode == .v12 {
        let sides = Set(Self.perSizeSlots.map { Self.pixels($0.points, $0.scale) })
        images += sides.sorted().map { ("\(folder)/\($0).png", $0) }
      } else {
        images.append(("\(folder)/\(set).png", 1024))
      }
    }
    return images
  }

  func iconSetContents(_ set: String) -> String {
    var entries: [String] = []
    if xcode == .v12 {
      for slot in Self.perSizeSlots {
        let size = "\(slot.points)x\(slot.points)"
        entries.append(
          """
              {
                "filename" : "\(Self.pixels(slot.points, slot.scale)).png",
                "idiom" : "\(slot.idiom)",
                "scale" : "\(slot.scale)x",
                "size" : "\(size)"
              }
          """)
      }
    } else {
      entries.append(
        """
            {
              "filename" : "\(set).png",
              "idiom" : "universal",
              "platform" : "ios",
              "size" : "1024x1024"
            }
        """)
      if xcode == .v16 {
        for look in ["dark", "tinted"] {
          entries.append(
            """
                {
                  "appearances" : [
                    {
                      "appearance" : "luminosity",
                      "value" : "\(look)"
                    }
                  ],
                  "idiom" : "universal",
                  "platform" : "ios",
                  "size" : "1024x1024"
                }
            """)
        }
      }
    }
    return """
      {
        "images" : [
      \(entries.joined(separator: ",\n"))
        ],
        "info" : {
          "author" : "xcode",
          "version" : 1
        }
      }

      """
  }

  static let catalogContents = """
    {
      "info" : {
        "author" : "xcode",
        "version" : 1
      }
    }

    """

  static let accentColorContents = """
    {
      "colors" : [
        {
          "idiom" : "universal"
        }
      ],
      "info" : {
        "author" : "xcode",
        "version" : 1
      }
    }

    """

  static let workspace = """
    <?xml version="1.0" encoding="UTF-8"?>
    <Workspace
       version = "1.0">
       <FileRef
          location = "self:">
       </FileRef>
    </Workspace>

    """

  static let workspaceChecks = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    	<key>IDEDidComputeMac32BitWarning</key>
    	<true/>
    </dict>
    </plist>

    """

  /// Xcode 12's Info.plist for a SwiftUI app: no CFBundleIcons.
  static let infoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    	<key>CFBundleDevelopmentRegion</key>
    	<string>$(DEVELOPMENT_LANGUAGE)</string>
    	<key>CFBundleExecutable</key>
    	<string>$(EXECUTABLE_NAME)</string>
    	<key>CFBundleIdentifier</key>
    	<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    	<key>CFBundleInfoDictionaryVersion</key>
    	<string>6.0</string>
    	<key>CFBundleName</key>
    	<string>$(PRODUCT_NAME)</string>
    	<key>CFBundlePackageType</key>
    	<string>$(PRODUCT_BUNDLE_PACKAGE_TYPE)</string>
    	<key>CFBundleShortVersionString</key>
    	<string>1.0</string>
    	<key>CFBundleVersion</key>
    	<string>1</string>
    	<key>LSRequiresIPhoneOS</key>
    	<true/>
    	<key>UIApplicationSceneManifest</key>
    	<dict>
    		<key>UIApplicationSupportsMultipleScenes</key>
    		<true/>
    	</dict>
    	<key>UIApplicationSupportsIndirectInputEvents</key>
    	<true/>
    	<key>UILaunchScreen</key>
    	<dict/>
    	<key>UIRequiredDeviceCapabilities</key>
    	<array>
    		<string>armv7</string>
    	</array>
    	<key>UISupportedInterfaceOrientations</key>
    	<array>
    		<string>UIInterfaceOrientationPortrait</string>
    		<string>UIInterfaceOrientationLandscapeLeft</string>
    		<string>UIInterfaceOrientationLandscapeRight</string>
    	</array>
    	<key>UISupportedInterfaceOrientations~ipad</key>
    	<array>
    		<string>UIInterfaceOrientationPortrait</string>
    		<string>UIInterfaceOrientationPortraitUpsideDown</string>
    		<string>UIInterfaceOrientationLandscapeLeft</string>
    		<string>UIInterfaceOrientationLandscapeRight</string>
    	</array>
    </dict>
    </plist>

    """

  static func header(_ file: String) -> String {
    """
    //
    //  \(file)
    //  Studio
    //
    //  Created by Developer on 12/7/26.
    //

    """
  }

  func appSource() -> String {
    Self.header("StudioApp.swift") + """

      import SwiftUI

      @main
      struct StudioApp: App {
          var body: some Scene {
              WindowGroup {
                  ContentView()
              }
          }
      }

      """
  }

  func contentViewSource() -> String {
    let body: String
    switch xcode {
    case .v12:
      body = """
        struct ContentView: View {
            var body: some View {
                Text("Hello, world!")
                    .padding()
            }
        }

        struct ContentView_Previews: PreviewProvider {
            static var previews: some View {
                ContentView()
            }
        }

        """
    case .v14:
      body = """
        struct ContentView: View {
            var body: some View {
                VStack {
                    Image(systemName: "globe")
                        .imageScale(.large)
                        .foregroundColor(.accentColor)
                    Text("Hello, world!")
                }
                .padding()
            }
        }

        struct ContentView_Previews: PreviewProvider {
            static var previews: some View {
                ContentView()
            }
        }

        """
    case .v15, .v16:
      body = """
        struct ContentView: View {
            var body: some View {
                VStack {
                    Image(systemName: "globe")
                        .imageScale(.large)
                        .foregroundStyle(.tint)
                    Text("Hello, world!")
                }
                .padding()
            }
        }

        #Preview {
            ContentView()
        }

        """
    }
    return Self.header("ContentView.swift") + "\nimport SwiftUI\n\n" + body
  }

  /// The asset catalog settings, as the target's lines (`KEY = VALUE;`) or the xcconfig's.
  static let catalogSettings: [(key: String, value: String)] = [
    ("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES", "Night"),
    ("ASSETCATALOG_COMPILER_APPICON_NAME", "AppIcon"),
    ("ASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME", "AccentColor"),
  ]

  func xcconfig() -> String {
    Self.header("Studio.xcconfig") + """

      // Configuration settings file format documentation can be found at:
      // https://help.apple.com/xcode/#/dev745c5c974

      ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon
      ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Night
      ASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME = AccentColor

      """
  }

  // MARK: project.pbxproj

  /// The template's objects, numbered in the order Xcode makes them.
  enum Object: Int {
    case mainGroup = 0
    case project = 1
    case projectConfigurations = 4
    case sourcesPhase = 5
    case frameworksPhase = 6
    case resourcesPhase = 7
    case target = 8
    case product = 9
    case productsGroup = 10
    case appGroup = 11
    case appSource = 12
    case appSourceBuild = 13
    case contentView = 14
    case contentViewBuild = 15
    case catalog = 16
    case catalogBuild = 17
    case previewGroup = 18
    case previewCatalog = 19
    case previewCatalogBuild = 20
    case infoPlist = 21
    case projectDebug = 22
    case projectRelease = 23
    case targetConfigurations = 24
    case targetDebug = 25
    case targetRelease = 26
  }

  func id(_ object: Object) -> String {
    let first: [Xcode: UInt32] = [
      .v12: 0xED29_E778, .v14: 0xED0D_A159, .v15: 0xED4A_E2CB, .v16: 0xED3C_28C3,
    ]
    return String(format: "%08X", first[xcode]! + UInt32(object.rawValue)) + xcode.idTail
  }

  /// The xcconfig's reference, made later than the template's objects (a later time in the
  /// middle of its identifier).
  var xcconfigID: String {
    String(id(.mainGroup).prefix(6)) + "F0" + "2DB14A7F" + xcode.idTail.suffix(8)
  }

  func pbxproj() -> String {
    let synchronized = xcode == .v16
    var sections: [String: [(id: String, text: String)]] = [:]
    func add(_ isa: String, _ id: String, _ text: String) {
      sections[isa, default: []].append((id, text))
    }
    func ref(_ object: Object, _ comment: String) -> String { "\(id(object)) /* \(comment) */" }

    // Files and their build files.
    add(
      "PBXFileReference", id(.product),
      "\t\t\(ref(.product, "Studio.app")) = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = Studio.app; sourceTree = BUILT_PRODUCTS_DIR; };\n"
    )
    if form.settingsInXCConfig {
      add(
        "PBXFileReference", xcconfigID,
        "\t\t\(xcconfigID) /* Studio.xcconfig */ = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = Studio.xcconfig; sourceTree = \"<group>\"; };\n"
      )
    }
    if !synchronized {
      let files: [(Object, Object?, String, String, String)] = [
        (.appSource, .appSourceBuild, "StudioApp.swift", "sourcecode.swift", "Sources"),
        (.contentView, .contentViewBuild, "ContentView.swift", "sourcecode.swift", "Sources"),
        (.catalog, .catalogBuild, "Assets.xcassets", "folder.assetcatalog", "Resources"),
        (
          .previewCatalog, .previewCatalogBuild, "Preview Assets.xcassets", "folder.assetcatalog",
          "Resources"
        ),
      ]
      for (file, build, name, type, phase) in files {
        let path = name.contains(" ") ? "\"\(name)\"" : name
        add(
          "PBXFileReference", id(file),
          "\t\t\(ref(file, name)) = {isa = PBXFileReference; lastKnownFileType = \(type); path = \(path); sourceTree = \"<group>\"; };\n"
        )
        if let build {
          add(
            "PBXBuildFile", id(build),
            "\t\t\(ref(build, "\(name) in \(phase)")) = {isa = PBXBuildFile; fileRef = \(ref(file, name)); };\n"
          )
        }
      }
      if xcode == .v12 {
        add(
          "PBXFileReference", id(.infoPlist),
          "\t\t\(ref(.infoPlist, "Info.plist")) = {isa = PBXFileReference; lastKnownFileType = text.plist.xml; path = Info.plist; sourceTree = \"<group>\"; };\n"
        )
      }
    }

    // Groups.
    func group(_ object: Object, _ comment: String?, _ children: [String], _ tail: String) -> String
    {
      let name = comment.map { "\(id(object)) /* \($0) */" } ?? id(object)
      return "\t\t\(name) = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n"
        + children.map { "\t\t\t\t\($0),\n" }.joined() + "\t\t\t);\n\(tail)\t\t};\n"
    }
    var mainChildren = [ref(.appGroup, "Studio"), ref(.productsGroup, "Products")]
    if form.settingsInXCConfig { mainChildren.insert("\(xcconfigID) /* Studio.xcconfig */", at: 0) }
    add(
      "PBXGroup", id(.mainGroup),
      group(.mainGroup, nil, mainChildren, "\t\t\tsourceTree = \"<group>\";\n"))
    add(
      "PBXGroup", id(.productsGroup),
      group(
        .productsGroup, "Products", [ref(.product, "Studio.app")],
        "\t\t\tname = Products;\n\t\t\tsourceTree = \"<group>\";\n"))
    if synchronized {
      add(
        "PBXFileSystemSynchronizedRootGroup", id(.appGroup),
        "\t\t\(ref(.appGroup, "Studio")) = {\n\t\t\tisa = PBXFileSystemSynchronizedRootGroup;\n\t\t\tpath = Studio;\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n"
      )
    } else {
      var children = [
        ref(.appSource, "StudioApp.swift"), ref(.contentView, "ContentView.swift"),
        ref(.catalog, "Assets.xcassets"),
      ]
      if xcode == .v12 { children.append(ref(.infoPlist, "Info.plist")) }
      children.append(ref(.previewGroup, "Preview Content"))
      add(
        "PBXGroup", id(.appGroup),
        group(
          .appGroup, "Studio", children, "\t\t\tpath = Studio;\n\t\t\tsourceTree = \"<group>\";\n"))
      add(
        "PBXGroup", id(.previewGroup),
        group(
          .previewGroup, "Preview Content", [ref(.previewCatalog, "Preview Assets.xcassets")],
          "\t\t\tpath = \"Preview Content\";\n\t\t\tsourceTree = \"<group>\";\n"))
    }

    // Build phases.
    func phase(_ object: Object, _ isa: String, _ name: String, _ files: [String]) {
      add(
        isa, id(object),
        "\t\t\(ref(object, name)) = {\n\t\t\tisa = \(isa);\n\t\t\tbuildActionMask = 2147483647;\n\t\t\tfiles = (\n"
          + files.map { "\t\t\t\t\($0),\n" }.joined()
          + "\t\t\t);\n\t\t\trunOnlyForDeploymentPostprocessing = 0;\n\t\t};\n")
    }
    phase(
      .sourcesPhase, "PBXSourcesBuildPhase", "Sources",
      synchronized
        ? []
        : [
          ref(.contentViewBuild, "ContentView.swift in Sources"),
          ref(.appSourceBuild, "StudioApp.swift in Sources"),
        ])
    phase(.frameworksPhase, "PBXFrameworksBuildPhase", "Frameworks", [])
    phase(
      .resourcesPhase, "PBXResourcesBuildPhase", "Resources",
      synchronized
        ? []
        : [
          ref(.previewCatalogBuild, "Preview Assets.xcassets in Resources"),
          ref(.catalogBuild, "Assets.xcassets in Resources"),
        ])

    // The target and the project.
    let targetList = ref(
      .targetConfigurations, "Build configuration list for PBXNativeTarget \"Studio\"")
    let projectList = ref(
      .projectConfigurations, "Build configuration list for PBXProject \"Studio\"")
    add(
      "PBXNativeTarget", id(.target),
      """
      \t\t\(ref(.target, "Studio")) = {
      \t\t\tisa = PBXNativeTarget;
      \t\t\tbuildConfigurationList = \(targetList);
      \t\t\tbuildPhases = (
      \t\t\t\t\(ref(.sourcesPhase, "Sources")),
      \t\t\t\t\(ref(.frameworksPhase, "Frameworks")),
      \t\t\t\t\(ref(.resourcesPhase, "Resources")),
      \t\t\t);
      \t\t\tbuildRules = (
      \t\t\t);
      \t\t\tdependencies = (
      \t\t\t);

      """
        + (synchronized
          ? "\t\t\tfileSystemSynchronizedGroups = (\n\t\t\t\t\(ref(.appGroup, "Studio")),\n\t\t\t);\n"
          : "")
        + "\t\t\tname = Studio;\n"
        + (synchronized ? "\t\t\tpackageProductDependencies = (\n\t\t\t);\n" : "")
          + """
          \t\t\tproductName = Studio;
          \t\t\tproductReference = \(ref(.product, "Studio.app"));
          \t\t\tproductType = "com.apple.product-type.application";
          \t\t};

          """)
    let compatibility: String =
      switch xcode {
      case .v12: "\t\t\tcompatibilityVersion = \"Xcode 9.3\";\n"
      case .v14: "\t\t\tcompatibilityVersion = \"Xcode 14.0\";\n"
      case .v15: "\t\t\tcompatibilityVersion = \"Xcode 15.0\";\n"
      case .v16: ""
      }
    add(
      "PBXProject", id(.project),
      """
      \t\t\(ref(.project, "Project object")) = {
      \t\t\tisa = PBXProject;
      \t\t\tattributes = {

      """
        + (xcode == .v12 ? "" : "\t\t\t\tBuildIndependentTargetsInParallel = 1;\n")
          + """
          \t\t\t\tLastSwiftUpdateCheck = \(xcode.upgradeCheck);
          \t\t\t\tLastUpgradeCheck = \(xcode.upgradeCheck);
          \t\t\t\tTargetAttributes = {
          \t\t\t\t\t\(id(.target)) = {
          \t\t\t\t\t\tCreatedOnToolsVersion = \(xcode.toolsVersion);
          \t\t\t\t\t};
          \t\t\t\t};
          \t\t\t};
          \t\t\tbuildConfigurationList = \(projectList);

          """
        + compatibility
          + """
          \t\t\tdevelopmentRegion = en;
          \t\t\thasScannedForEncodings = 0;
          \t\t\tknownRegions = (
          \t\t\t\ten,
          \t\t\t\tBase,
          \t\t\t);
          \t\t\tmainGroup = \(id(.mainGroup));

          """
        + (synchronized
          ? "\t\t\tminimizedProjectReferenceProxies = 1;\n\t\t\tpreferredProjectObjectVersion = 77;\n"
          : "")
          + """
          \t\t\tproductRefGroup = \(ref(.productsGroup, "Products"));
          \t\t\tprojectDirPath = "";
          \t\t\tprojectRoot = "";
          \t\t\ttargets = (
          \t\t\t\t\(ref(.target, "Studio")),
          \t\t\t);
          \t\t};

          """)

    // Configurations and their lists.
    func configuration(_ object: Object, _ name: String, _ settings: [String: String], base: Bool)
      -> String
    {
      "\t\t\(ref(object, name)) = {\n\t\t\tisa = XCBuildConfiguration;\n"
        + (base ? "\t\t\tbaseConfigurationReference = \(xcconfigID) /* Studio.xcconfig */;\n" : "")
        + "\t\t\tbuildSettings = {\n"
        + settings.keys.sorted().map { Self.settingLines($0, settings[$0]!) }.joined()
        + "\t\t\t};\n\t\t\tname = \(name);\n\t\t};\n"
    }
    add(
      "XCBuildConfiguration", id(.projectDebug),
      configuration(.projectDebug, "Debug", projectSettings(debug: true), base: false))
    add(
      "XCBuildConfiguration", id(.projectRelease),
      configuration(.projectRelease, "Release", projectSettings(debug: false), base: false))
    add(
      "XCBuildConfiguration", id(.targetDebug),
      configuration(.targetDebug, "Debug", targetSettings(), base: form.settingsInXCConfig))
    add(
      "XCBuildConfiguration", id(.targetRelease),
      configuration(.targetRelease, "Release", targetSettings(), base: form.settingsInXCConfig))
    func list(_ object: Object, _ comment: String, _ debug: Object, _ release: Object) {
      add(
        "XCConfigurationList", id(object),
        """
        \t\t\(ref(object, comment)) = {
        \t\t\tisa = XCConfigurationList;
        \t\t\tbuildConfigurations = (
        \t\t\t\t\(ref(debug, "Debug")),
        \t\t\t\t\(ref(release, "Release")),
        \t\t\t);
        \t\t\tdefaultConfigurationIsVisible = 0;
        \t\t\tdefaultConfigurationName = Release;
        \t\t};

        """)
    }
    list(
      .projectConfigurations, "Build configuration list for PBXProject \"Studio\"", .projectDebug,
      .projectRelease)
    list(
      .targetConfigurations, "Build configuration list for PBXNativeTarget \"Studio\"",
      .targetDebug, .targetRelease)

    // Sections by isa, objects by identifier, as Xcode orders them.
    let body = sections.keys.sorted().map { isa in
      "/* Begin \(isa) section */\n"
        + sections[isa]!.sorted { $0.id < $1.id }.map(\.text).joined()
        + "/* End \(isa) section */\n"
    }.joined(separator: "\n")
    return """
      // !$*UTF8*$!
      {
      \tarchiveVersion = 1;
      \tclasses = {
      \t};
      \tobjectVersion = \(xcode.objectVersion);
      \tobjects = {

      \(body)\t};
      \trootObject = \(ref(.project, "Project object"));
      }

      """
  }

  /// `KEY = VALUE;` in a configuration's buildSettings; a list (a value holding a newline) one
  /// item a line.
  static func settingLines(_ key: String, _ value: String) -> String {
    if value.contains("\n") {
      return "\t\t\t\t\(key) = (\n"
        + value.split(separator: "\n").map { "\t\t\t\t\t\($0),\n" }.joined() + "\t\t\t\t);\n"
    }
    return "\t\t\t\t\(key) = \(value);\n"
  }

  func projectSettings(debug: Bool) -> [String: String] {
    var settings: [String: String] = [
      "ALWAYS_SEARCH_USER_PATHS": "NO",
      "CLANG_ANALYZER_NONNULL": "YES",
      "CLANG_ANALYZER_NUMBER_OBJECT_CONVERSION": "YES_AGGRESSIVE",
      "CLANG_CXX_LANGUAGE_STANDARD": xcode == .v12 ? "\"gnu++14\"" : "\"gnu++20\"",
      "CLANG_ENABLE_MODULES": "YES",
      "CLANG_ENABLE_OBJC_ARC": "YES",
      "CLANG_ENABLE_OBJC_WEAK": "YES",
      "CLANG_WARN_BLOCK_CAPTURE_AUTORELEASING": "YES",
      "CLANG_WARN_BOOL_CONVERSION": "YES",
      "CLANG_WARN_COMMA": "YES",
      "CLANG_WARN_CONSTANT_CONVERSION": "YES",
      "CLANG_WARN_DEPRECATED_OBJC_IMPLEMENTATIONS": "YES",
      "CLANG_WARN_DIRECT_OBJC_ISA_USAGE": "YES_ERROR",
      "CLANG_WARN_DOCUMENTATION_COMMENTS": "YES",
      "CLANG_WARN_EMPTY_BODY": "YES",
      "CLANG_WARN_ENUM_CONVERSION": "YES",
      "CLANG_WARN_INFINITE_RECURSION": "YES",
      "CLANG_WARN_INT_CONVERSION": "YES",
      "CLANG_WARN_NON_LITERAL_NULL_CONVERSION": "YES",
      "CLANG_WARN_OBJC_IMPLICIT_RETAIN_SELF": "YES",
      "CLANG_WARN_OBJC_LITERAL_CONVERSION": "YES",
      "CLANG_WARN_OBJC_ROOT_CLASS": "YES_ERROR",
      "CLANG_WARN_QUOTED_INCLUDE_IN_FRAMEWORK_HEADER": "YES",
      "CLANG_WARN_RANGE_LOOP_ANALYSIS": "YES",
      "CLANG_WARN_STRICT_PROTOTYPES": "YES",
      "CLANG_WARN_SUSPICIOUS_MOVE": "YES",
      "CLANG_WARN_UNGUARDED_AVAILABILITY": "YES_AGGRESSIVE",
      "CLANG_WARN_UNREACHABLE_CODE": "YES",
      "CLANG_WARN__DUPLICATE_METHOD_MATCH": "YES",
      "COPY_PHASE_STRIP": "NO",
      "ENABLE_STRICT_OBJC_MSGSEND": "YES",
      "GCC_C_LANGUAGE_STANDARD": xcode >= .v15 ? "gnu17" : "gnu11",
      "GCC_NO_COMMON_BLOCKS": "YES",
      "GCC_WARN_64_TO_32_BIT_CONVERSION": "YES",
      "GCC_WARN_ABOUT_RETURN_TYPE": "YES_ERROR",
      "GCC_WARN_UNDECLARED_SELECTOR": "YES",
      "GCC_WARN_UNINITIALIZED_AUTOS": "YES_AGGRESSIVE",
      "GCC_WARN_UNUSED_FUNCTION": "YES",
      "GCC_WARN_UNUSED_VARIABLE": "YES",
      "IPHONEOS_DEPLOYMENT_TARGET": xcode.deploymentTarget,
      "MTL_FAST_MATH": "YES",
      "SDKROOT": "iphoneos",
    ]
    if xcode == .v12 { settings["CLANG_CXX_LIBRARY"] = "\"libc++\"" }
    if xcode >= .v15 {
      settings["ASSETCATALOG_COMPILER_GENERATE_SWIFT_ASSET_SYMBOL_EXTENSIONS"] = "YES"
      settings["ENABLE_USER_SCRIPT_SANDBOXING"] = "YES"
      settings["LOCALIZATION_PREFERS_STRING_CATALOGS"] = "YES"
    }
    if debug {
      settings["DEBUG_INFORMATION_FORMAT"] = "dwarf"
      settings["ENABLE_TESTABILITY"] = "YES"
      settings["GCC_DYNAMIC_NO_PIC"] = "NO"
      settings["GCC_OPTIMIZATION_LEVEL"] = "0"
      settings["GCC_PREPROCESSOR_DEFINITIONS"] = "\"DEBUG=1\"\n\"$(inherited)\""
      settings["MTL_ENABLE_DEBUG_INFO"] = "INCLUDE_SOURCE"
      settings["ONLY_ACTIVE_ARCH"] = "YES"
      settings["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] =
        xcode >= .v15 ? "\"DEBUG $(inherited)\"" : "DEBUG"
      settings["SWIFT_OPTIMIZATION_LEVEL"] = "\"-Onone\""
    } else {
      settings["DEBUG_INFORMATION_FORMAT"] = "\"dwarf-with-dsym\""
      settings["ENABLE_NS_ASSERTIONS"] = "NO"
      settings["MTL_ENABLE_DEBUG_INFO"] = "NO"
      settings["SWIFT_COMPILATION_MODE"] = "wholemodule"
      if xcode < .v15 { settings["SWIFT_OPTIMIZATION_LEVEL"] = "\"-O\"" }
      settings["VALIDATE_PRODUCT"] = "YES"
    }
    return settings
  }

  func targetSettings() -> [String: String] {
    var settings: [String: String] = [
      "CODE_SIGN_STYLE": "Automatic",
      "DEVELOPMENT_ASSET_PATHS": "\"\\\"Studio/Preview Content\\\"\"",
      "ENABLE_PREVIEWS": "YES",
      "LD_RUNPATH_SEARCH_PATHS": "\"$(inherited)\"\n\"@executable_path/Frameworks\"",
      "PRODUCT_BUNDLE_IDENTIFIER": "dev.example.Studio",
      "PRODUCT_NAME": "\"$(TARGET_NAME)\"",
      "SWIFT_VERSION": "5.0",
      "TARGETED_DEVICE_FAMILY": "\"1,2\"",
    ]
    if !form.settingsInXCConfig {
      for setting in Self.catalogSettings { settings[setting.key] = setting.value }
    }
    if xcode != .v16 { settings["DEVELOPMENT_TEAM"] = "\"\"" }
    if xcode == .v12 {
      settings["INFOPLIST_FILE"] = "Studio/Info.plist"
    } else {
      settings["CURRENT_PROJECT_VERSION"] = "1"
      settings["GENERATE_INFOPLIST_FILE"] = "YES"
      settings["INFOPLIST_KEY_UIApplicationSceneManifest_Generation"] = "YES"
      settings["INFOPLIST_KEY_UIApplicationSupportsIndirectInputEvents"] = "YES"
      settings["INFOPLIST_KEY_UILaunchScreen_Generation"] = "YES"
      settings["INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad"] =
        "\"UIInterfaceOrientationPortrait UIInterfaceOrientationPortraitUpsideDown UIInterfaceOrientationLandscapeLeft UIInterfaceOrientationLandscapeRight\""
      settings["INFOPLIST_KEY_UISupportedInterfaceOrientations_iPhone"] =
        "\"UIInterfaceOrientationPortrait UIInterfaceOrientationLandscapeLeft UIInterfaceOrientationLandscapeRight\""
      settings["MARKETING_VERSION"] = "1.0"
      settings["SWIFT_EMIT_LOC_STRINGS"] = "YES"
    }
    return settings
  }
}

extension XcodeTemplateProject.Xcode: Comparable {
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
