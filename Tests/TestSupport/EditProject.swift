import Foundation
import IconRender

/// Small iOS projects written the way Xcode writes them, one per form `add` must handle, for the
/// planners' tests, the round trip and the binary's tests. Each is a folder `Studio/` holding
/// `Studio.xcodeproj`, `Studio/Info.plist`, `Studio/Assets.xcassets` and whatever the form needs,
/// in a scratch folder of its own (`init(_:)`) or in a folder the caller gives (`init(at:_:)`,
/// so that images and other files a test makes lie outside it).
public struct EditProject {
  /// The project's folder: its own scratch folder, or the one given.
  public let scratch: ScratchFolder
  public var root: URL { scratch.url }
  public var pbxproj: URL { file("Studio.xcodeproj/project.pbxproj") }

  /// What each form varies.
  public struct Options: Sendable {
    /// Lines for the target's buildSettings (each configuration), e.g.
    /// `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = "Blue";`.
    public var targetSettings: [String]
    public var projectSettings: [String]
    /// An `.xcconfig` (path under the root) the target's configurations are based on, and its text.
    public var baseConfiguration: (path: String, text: String)?
    /// The app folder is an Xcode 16 synchronized folder instead of a group.
    public var synchronized: Bool
    /// Info.plist's text; nil writes a plain one.
    public var infoPlist: String?
    /// Alternate sets to write in the catalog besides AppIcon (single-size form).
    public var sets: [String]
    /// Write the sets per-size (iPhone 60@2x/@3x, iPad 76@1x/@2x, 83.5@2x, marketing).
    public var perSize: Bool
    /// Loose PNGs in `Studio/Icons/`, as members of the target's resources.
    public var looseFiles: [String]
    /// TARGETED_DEVICE_FAMILY.
    public var deviceFamily: String

    public init(
      targetSettings: [String] = [], projectSettings: [String] = [],
      baseConfiguration: (path: String, text: String)? = nil, synchronized: Bool = false,
      infoPlist: String? = nil, sets: [String] = [], perSize: Bool = false,
      looseFiles: [String] = [], deviceFamily: String = "\"1,2\""
    ) {
      self.targetSettings = targetSettings
      self.projectSettings = projectSettings
      self.baseConfiguration = baseConfiguration
      self.synchronized = synchronized
      self.infoPlist = infoPlist
      self.sets = sets
      self.perSize = perSize
      self.looseFiles = looseFiles
      self.deviceFamily = deviceFamily
    }
  }

  /// The usual form: a single-size `Blue` set named in the target's settings.
  public static let blueInTheTarget = Options(
    targetSettings: [
      "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue;",
      "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;",
    ], sets: ["Blue"])

  /// The project in a scratch folder of its own, removed with the last copy of this value.
  public init(_ options: Options = Options()) throws {
    try self.init(writingIn: ScratchFolder(), options)
  }

  /// The project in `root` (made if need be), which the caller removes.
  public init(at root: URL, _ options: Options = blueInTheTarget) throws {
    try self.init(writingIn: ScratchFolder(at: root), options)
  }

  private init(writingIn scratch: ScratchFolder, _ options: Options) throws {
    self.scratch = scratch
    try write("Studio.xcodeproj/project.pbxproj", Self.project(options))
    try write("Studio/Info.plist", options.infoPlist ?? Self.plist(iconsXML: ""))
    try write(
      "Studio/Assets.xcassets/Contents.json",
      "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n")
    for name in ["AppIcon"] + options.sets {
      try writeSet(name, perSize: options.perSize)
    }
    for file in options.looseFiles {
      try write(file: "Studio/Icons/\(file)", Self.png(side: Self.looseSide(file), red: 200))
    }
    if let base = options.baseConfiguration { try write(base.path, base.text) }
  }

  public func file(_ relative: String) -> URL { scratch.file(relative) }

  public func write(_ relative: String, _ text: String) throws {
    try scratch.write(relative, text)
  }

  public func write(file relative: String, _ data: Data) throws {
    try scratch.write(relative, data: data)
  }

  /// A loose file's side from its name: `@2x` of 60 points, `~ipad` of 76.
  public static func looseSide(_ file: String) -> Int {
    let points = file.contains("~ipad") ? 76 : 60
    if file.contains("@3x") { return points * 3 }
    if file.contains("@2x") { return points * 2 }
    return points
  }

  public func writeSet(_ name: String, perSize: Bool) throws {
    let folder = "Studio/Assets.xcassets/\(name).appiconset"
    if perSize {
      let slots: [(idiom: String, size: String, scale: Int, pixels: Int)] = [
        ("iphone", "60x60", 2, 120), ("iphone", "60x60", 3, 180), ("ipad", "76x76", 1, 76),
        ("ipad", "76x76", 2, 152), ("ipad", "83.5x83.5", 2, 167),
        ("ios-marketing", "1024x1024", 1, 1024),
      ]
      var entries: [String] = []
      for slot in slots {
        let file = "\(name)-\(slot.pixels).png"
        try write(file: "\(folder)/\(file)", Self.png(side: slot.pixels, red: 90))
        entries.append(
          "    {\n      \"filename\" : \"\(file)\",\n      \"idiom\" : \"\(slot.idiom)\",\n      \"scale\" : \"\(slot.scale)x\",\n      \"size\" : \"\(slot.size)\"\n    }"
        )
      }
      try write(
        "\(folder)/Contents.json",
        "{\n  \"images\" : [\n\(entries.joined(separator: ",\n"))\n  ],\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"
      )
    } else {
      try write(file: "\(folder)/\(name).png", Self.png(side: 1024, red: 30))
      try write(
        "\(folder)/Contents.json",
        "{\n  \"images\" : [\n    {\n      \"filename\" : \"\(name).png\",\n      \"idiom\" : \"universal\",\n      \"platform\" : \"ios\",\n      \"size\" : \"1024x1024\"\n    }\n  ],\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"
      )
    }
  }

  /// An opaque PNG, `width` by `height` (square unless given).
  public static func png(side: Int, height: Int? = nil, red: UInt8) throws -> Data {
    let height = height ?? side
    var pixels = [UInt8](repeating: 255, count: side * height * 4)
    for index in stride(from: 0, to: pixels.count, by: 4) {
      pixels[index] = red
      pixels[index + 1] = UInt8((index / 4) % 251)
    }
    guard let image = RGBAImage(width: side, height: height, pixels: pixels) else {
      throw CocoaError(.fileWriteUnknown)
    }
    return Data(try PNGMemoryEncoder.encode(image))
  }

  /// Every file and folder under the root and its bytes (a link: where it leads), so that two
  /// snapshots are equal only when nothing under the root changed.
  public func snapshot() throws -> [String: Data] {
    try Self.snapshot(of: root)
  }

  public static func snapshot(of root: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let walker = FileManager.default.enumerator(atPath: root.path)
    while let relative = walker?.nextObject() as? String {
      let path = root.appendingPathComponent(relative).path
      if let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
        files[relative + " -> "] = Data(destination.utf8)
        continue
      }
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
      files[relative + (isFolder.boolValue ? "/" : "")] =
        isFolder.boolValue ? Data() : FileManager.default.contents(atPath: path)
    }
    return files
  }

  public static func plist(iconsXML: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    	<key>CFBundleIdentifier</key>
    	<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    	<key>CFBundleName</key>
    	<string>Studio</string>
    \(iconsXML)</dict>
    </plist>

    """
  }

  public static func project(_ options: Options) -> String {
    let targetSettings =
      (options.targetSettings + [
        "INFOPLIST_FILE = Studio/Info.plist;",
        "PRODUCT_BUNDLE_IDENTIFIER = dev.example.studio;",
        "PRODUCT_NAME = \"$(TARGET_NAME)\";",
        "SDKROOT = iphoneos;",
        "TARGETED_DEVICE_FAMILY = \(options.deviceFamily);",
      ]).sorted().map { "\t\t\t\t" + $0 }.joined(separator: "\n")
    let projectSettings = (options.projectSettings + ["SDKROOT = iphoneos;"]).sorted()
      .map { "\t\t\t\t" + $0 }.joined(separator: "\n")
    let base =
      options.baseConfiguration.map {
        "\t\t\tbaseConfigurationReference = 7B00000000000000000000C9 /* \(($0.path as NSString).lastPathComponent) */;\n"
      } ?? ""
    let baseReference =
      options.baseConfiguration.map {
        "\t\t7B00000000000000000000C9 /* \(($0.path as NSString).lastPathComponent) */ = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = \($0.path); sourceTree = \"<group>\"; };\n"
      } ?? ""
    let looseReferences = options.looseFiles.enumerated().map { index, file in
      "\t\t7B0000000000000000000F\(String(format: "%02X", index)) /* \(file) */ = {isa = PBXFileReference; lastKnownFileType = image.png; path = \"\(file)\"; sourceTree = \"<group>\"; };\n"
    }.joined()
    let looseBuildFiles = options.looseFiles.enumerated().map { index, file in
      "\t\t7B0000000000000000000E\(String(format: "%02X", index)) /* \(file) in Resources */ = {isa = PBXBuildFile; fileRef = 7B0000000000000000000F\(String(format: "%02X", index)) /* \(file) */; };\n"
    }.joined()
    let looseChildren = options.looseFiles.enumerated().map { index, file in
      "\t\t\t\t7B0000000000000000000F\(String(format: "%02X", index)) /* \(file) */,\n"
    }.joined()
    let looseResources = options.looseFiles.enumerated().map { index, file in
      "\t\t\t\t7B0000000000000000000E\(String(format: "%02X", index)) /* \(file) in Resources */,\n"
    }.joined()
    let iconsGroup =
      options.looseFiles.isEmpty
      ? ""
      : """
      		7B00000000000000000000A3 /* Icons */ = {
      			isa = PBXGroup;
      			children = (
      \(looseChildren)			);
      			path = Icons;
      			sourceTree = "<group>";
      		};

      """
    let appGroup: String
    let synchronizedSection: String
    let targetGroups: String
    let appChild: String
    if options.synchronized {
      appGroup = ""
      appChild = "\t\t\t\t7B00000000000000000000A8 /* Studio */,\n"
      synchronizedSection = """
        /* Begin PBXFileSystemSynchronizedRootGroup section */
        		7B00000000000000000000A8 /* Studio */ = {
        			isa = PBXFileSystemSynchronizedRootGroup;
        			path = Studio;
        			sourceTree = "<group>";
        		};
        /* End PBXFileSystemSynchronizedRootGroup section */


        """
      targetGroups = """
        			fileSystemSynchronizedGroups = (
        				7B00000000000000000000A8 /* Studio */,
        			);

        """
    } else {
      appChild = "\t\t\t\t7B00000000000000000000A1 /* Studio */,\n"
      appGroup = """
        		7B00000000000000000000A1 /* Studio */ = {
        			isa = PBXGroup;
        			children = (
        				7B00000000000000000000F1 /* Assets.xcassets */,
        				7B00000000000000000000F2 /* Info.plist */,
        \(options.looseFiles.isEmpty ? "" : "\t\t\t\t7B00000000000000000000A3 /* Icons */,\n")			);
        			path = Studio;
        			sourceTree = "<group>";
        		};

        """
      synchronizedSection = ""
      targetGroups = ""
    }
    let catalogBuildFile =
      options.synchronized
      ? ""
      : "\t\t7B00000000000000000000B1 /* Assets.xcassets in Resources */ = {isa = PBXBuildFile; fileRef = 7B00000000000000000000F1 /* Assets.xcassets */; };\n"
    let catalogResource =
      options.synchronized
      ? "" : "\t\t\t\t7B00000000000000000000B1 /* Assets.xcassets in Resources */,\n"
    let configuration = { (id: String, name: String) in
      """
      		\(id) /* \(name) */ = {
      			isa = XCBuildConfiguration;
      \(base)			buildSettings = {
      \(targetSettings)
      			};
      			name = \(name);
      		};

      """
    }
    let projectConfiguration = { (id: String, name: String) in
      """
      		\(id) /* \(name) */ = {
      			isa = XCBuildConfiguration;
      			buildSettings = {
      \(projectSettings)
      			};
      			name = \(name);
      		};

      """
    }
    return """
      // !$*UTF8*$!
      {
      	archiveVersion = 1;
      	classes = {
      	};
      	objectVersion = \(options.synchronized ? 77 : 56);
      	objects = {

      /* Begin PBXBuildFile section */
      \(catalogBuildFile)\(looseBuildFiles)/* End PBXBuildFile section */

      /* Begin PBXFileReference section */
      \(baseReference)		7B00000000000000000000F0 /* Studio.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = Studio.app; sourceTree = BUILT_PRODUCTS_DIR; };
      		7B00000000000000000000F1 /* Assets.xcassets */ = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = Assets.xcassets; sourceTree = "<group>"; };
      		7B00000000000000000000F2 /* Info.plist */ = {isa = PBXFileReference; lastKnownFileType = text.plist.xml; path = Info.plist; sourceTree = "<group>"; };
      \(looseReferences)/* End PBXFileReference section */

      \(synchronizedSection)/* Begin PBXGroup section */
      		7B00000000000000000000A0 = {
      			isa = PBXGroup;
      			children = (
      \(options.baseConfiguration == nil ? "" : "\t\t\t\t7B00000000000000000000C9 /* \((options.baseConfiguration!.path as NSString).lastPathComponent) */,\n")\(appChild)				7B00000000000000000000A2 /* Products */,
      			);
      			sourceTree = "<group>";
      		};
      \(appGroup)\(iconsGroup)		7B00000000000000000000A2 /* Products */ = {
      			isa = PBXGroup;
      			children = (
      				7B00000000000000000000F0 /* Studio.app */,
      			);
      			name = Products;
      			sourceTree = "<group>";
      		};
      /* End PBXGroup section */

      /* Begin PBXNativeTarget section */
      		7B00000000000000000000D1 /* Studio */ = {
      			isa = PBXNativeTarget;
      			buildConfigurationList = 7B00000000000000000000E2 /* Build configuration list for PBXNativeTarget "Studio" */;
      			buildPhases = (
      				7B00000000000000000000C2 /* Resources */,
      			);
      			buildRules = (
      			);
      			dependencies = (
      			);
      \(targetGroups)			name = Studio;
      			productName = Studio;
      			productReference = 7B00000000000000000000F0 /* Studio.app */;
      			productType = "com.apple.product-type.application";
      		};
      /* End PBXNativeTarget section */

      /* Begin PBXProject section */
      		7B00000000000000000000D0 /* Project object */ = {
      			isa = PBXProject;
      			attributes = {
      				LastUpgradeCheck = 1500;
      			};
      			buildConfigurationList = 7B00000000000000000000E1 /* Build configuration list for PBXProject "Studio" */;
      			developmentRegion = en;
      			hasScannedForEncodings = 0;
      			knownRegions = (
      				en,
      				Base,
      			);
      			mainGroup = 7B00000000000000000000A0;
      			productRefGroup = 7B00000000000000000000A2 /* Products */;
      			projectDirPath = "";
      			projectRoot = "";
      			targets = (
      				7B00000000000000000000D1 /* Studio */,
      			);
      		};
      /* End PBXProject section */

      /* Begin PBXResourcesBuildPhase section */
      		7B00000000000000000000C2 /* Resources */ = {
      			isa = PBXResourcesBuildPhase;
      			buildActionMask = 2147483647;
      			files = (
      \(catalogResource)\(looseResources)			);
      			runOnlyForDeploymentPostprocessing = 0;
      		};
      /* End PBXResourcesBuildPhase section */

      /* Begin XCBuildConfiguration section */
      \(projectConfiguration("7B00000000000000000000E5", "Debug"))\(projectConfiguration("7B00000000000000000000E6", "Release"))\(configuration("7B00000000000000000000E7", "Debug"))\(configuration("7B00000000000000000000E8", "Release"))/* End XCBuildConfiguration section */

      /* Begin XCConfigurationList section */
      		7B00000000000000000000E1 /* Build configuration list for PBXProject "Studio" */ = {
      			isa = XCConfigurationList;
      			buildConfigurations = (
      				7B00000000000000000000E5 /* Debug */,
      				7B00000000000000000000E6 /* Release */,
      			);
      			defaultConfigurationIsVisible = 0;
      			defaultConfigurationName = Release;
      		};
      		7B00000000000000000000E2 /* Build configuration list for PBXNativeTarget "Studio" */ = {
      			isa = XCConfigurationList;
      			buildConfigurations = (
      				7B00000000000000000000E7 /* Debug */,
      				7B00000000000000000000E8 /* Release */,
      			);
      			defaultConfigurationIsVisible = 0;
      			defaultConfigurationName = Release;
      		};
      /* End XCConfigurationList section */
      	};
      	rootObject = 7B00000000000000000000D0 /* Project object */;
      }

      """
  }
}
