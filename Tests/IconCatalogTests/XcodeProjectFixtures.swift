import Foundation

/// Xcode projects written the way Xcode writes them (old-style ASCII plists), for the project tests.
extension Fixture {
  /// A classic project (groups and a Copy Bundle Resources phase), Xcode 14 style:
  ///
  ///     Sunrise.xcodeproj            app target Sunrise, extension SunriseWidget, tests SunriseTests
  ///     Config/Base.xcconfig         the project's base configuration (a SOURCE_ROOT reference)
  ///     Config/Shared.xcconfig       included as `#include "Config/Shared"` (no extension)
  ///     Sunrise/Sunrise.xcconfig     the app target's base configuration
  ///     Sunrise/Info.plist
  ///     Sunrise/Assets.xcassets      AppIcon, AppIcon-Night, AppIcon-Dawn (in Sunrise's resources)
  ///     Sunrise/Branding.xcassets    BrandIcon (in a group that has no folder of its own)
  ///     Sunrise/Preview Content/Preview Assets.xcassets   PreviewIcon (a development asset)
  ///     Widget/Widget.xcassets       WidgetIcon (the extension's, not the app's)
  ///     Unused/Old.xcassets          OldIcon (in no target)
  ///
  /// Release: primary AppIcon (a device-only setting beats the plain one), every set included.
  /// Debug: alternates AppIcon-Night (project xcconfig, `[config=Debug]`) + AppIcon-Dawn (target).
  ///
  /// `under` puts it all in a subfolder, as in a repository whose app is not at the top.
  static func sunrise(under folder: String = "") throws -> Fixture {
    let fixture = try Fixture()
    let prefix = folder.isEmpty ? "" : folder + "/"
    try fixture.write("\(prefix)Sunrise.xcodeproj/project.pbxproj", sunriseProject)
    try fixture.write(
      "\(prefix)Config/Base.xcconfig",
      """
      // The project's settings, for every configuration.
      BUNDLE_PREFIX = dev.example
      GCC_PREPROCESSOR_DEFINITIONS = BASE=1
      ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES[config=Debug] = AppIcon-Night
      """)
    try fixture.write("\(prefix)Config/Shared.xcconfig", "MARKETING_VERSION = 1.0\n")
    try fixture.write(
      "\(prefix)Sunrise/Sunrise.xcconfig",
      """
      #include "Config/Shared"
      GCC_PREPROCESSOR_DEFINITIONS = $(inherited) TARGET_CONFIG=1
      """)
    try fixture.writePlist(
      "\(prefix)Sunrise/Info.plist",
      [
        "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)",
        "CFBundleName": "$(PRODUCT_NAME)",
        "CFBundleExecutable": "$(EXECUTABLE_NAME)",
      ])
    for name in ["AppIcon", "AppIcon-Night", "AppIcon-Dawn"] {
      try fixture.writeSingleSizeIconSet(name, catalog: "\(prefix)Sunrise/Assets.xcassets")
    }
    try fixture.writeSingleSizeIconSet("BrandIcon", catalog: "\(prefix)Sunrise/Branding.xcassets")
    try fixture.writeSingleSizeIconSet(
      "PreviewIcon", catalog: "\(prefix)Sunrise/Preview Content/Preview Assets.xcassets")
    try fixture.writeSingleSizeIconSet("WidgetIcon", catalog: "\(prefix)Widget/Widget.xcassets")
    try fixture.writeSingleSizeIconSet("OldIcon", catalog: "\(prefix)Unused/Old.xcassets")
    try fixture.writePlist("\(prefix)Widget/Info.plist", ["CFBundleIdentifier": "w"])
    return fixture
  }

  static let sunriseProject = """
    // !$*UTF8*$!
    {
    	archiveVersion = 1;
    	classes = {
    	};
    	objectVersion = 56;
    	objects = {

    /* Begin PBXBuildFile section */
    		5A10000000000000000000B1 /* Assets.xcassets in Resources */ = {isa = PBXBuildFile; fileRef = 5A10000000000000000000F1 /* Assets.xcassets */; };
    		5A10000000000000000000B2 /* SunriseApp.swift in Sources */ = {isa = PBXBuildFile; fileRef = 5A10000000000000000000F2 /* SunriseApp.swift */; };
    		5A10000000000000000000B3 /* Branding.xcassets in Resources */ = {isa = PBXBuildFile; fileRef = 5A10000000000000000000F3 /* Branding.xcassets */; };
    		5A10000000000000000000B4 /* Widget.xcassets in Resources */ = {isa = PBXBuildFile; fileRef = 5A10000000000000000000F4 /* Widget.xcassets */; };
    		5A10000000000000000000B5 /* Gone.xcassets in Resources */ = {isa = PBXBuildFile; fileRef = 5A10000000000000000000FF /* Gone.xcassets */; };
    		5A10000000000000000000B6 /* Preview Assets.xcassets in Resources */ = {isa = PBXBuildFile; fileRef = 5A10000000000000000000FC /* Preview Assets.xcassets */; };
    /* End PBXBuildFile section */

    /* Begin PBXFileReference section */
    		5A10000000000000000000F1 /* Assets.xcassets */ = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = Assets.xcassets; sourceTree = "<group>"; };
    		5A10000000000000000000F2 /* SunriseApp.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = SunriseApp.swift; sourceTree = "<group>"; };
    		5A10000000000000000000F3 /* Branding.xcassets */ = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = Branding.xcassets; sourceTree = "<group>"; };
    		5A10000000000000000000F4 /* Widget.xcassets */ = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = Widget.xcassets; sourceTree = "<group>"; };
    		5A10000000000000000000F5 /* Info.plist */ = {isa = PBXFileReference; lastKnownFileType = text.plist.xml; path = Info.plist; sourceTree = "<group>"; };
    		5A10000000000000000000F6 /* Base.xcconfig */ = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; name = Base.xcconfig; path = Config/Base.xcconfig; sourceTree = SOURCE_ROOT; };
    		5A10000000000000000000F7 /* Sunrise.xcconfig */ = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = Sunrise.xcconfig; sourceTree = "<group>"; };
    		5A10000000000000000000F8 /* Sunrise.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = Sunrise.app; sourceTree = BUILT_PRODUCTS_DIR; };
    		5A10000000000000000000F9 /* SunriseWidget.appex */ = {isa = PBXFileReference; explicitFileType = "wrapper.app-extension"; includeInIndex = 0; path = SunriseWidget.appex; sourceTree = BUILT_PRODUCTS_DIR; };
    		5A10000000000000000000FA /* SunriseTests.xctest */ = {isa = PBXFileReference; explicitFileType = wrapper.cfbundle; includeInIndex = 0; path = SunriseTests.xctest; sourceTree = BUILT_PRODUCTS_DIR; };
    		5A10000000000000000000FC /* Preview Assets.xcassets */ = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = "Preview Assets.xcassets"; sourceTree = "<group>"; };
    		5A10000000000000000000FB /* WidgetKit.framework */ = {isa = PBXFileReference; lastKnownFileType = wrapper.framework; name = WidgetKit.framework; path = System/Library/Frameworks/WidgetKit.framework; sourceTree = SDKROOT; };
    /* End PBXFileReference section */

    /* Begin PBXFrameworksBuildPhase section */
    		5A10000000000000000000C3 /* Frameworks */ = {
    			isa = PBXFrameworksBuildPhase;
    			buildActionMask = 2147483647;
    			files = (
    			);
    			runOnlyForDeploymentPostprocessing = 0;
    		};
    /* End PBXFrameworksBuildPhase section */

    /* Begin PBXGroup section */
    		5A10000000000000000000A0 = {
    			isa = PBXGroup;
    			children = (
    				5A10000000000000000000F6 /* Base.xcconfig */,
    				5A10000000000000000000A1 /* Sunrise */,
    				5A10000000000000000000A3 /* Widget */,
    				5A10000000000000000000A4 /* Frameworks */,
    				5A10000000000000000000A5 /* Products */,
    			);
    			sourceTree = "<group>";
    		};
    		5A10000000000000000000A1 /* Sunrise */ = {
    			isa = PBXGroup;
    			children = (
    				5A10000000000000000000F2 /* SunriseApp.swift */,
    				5A10000000000000000000F1 /* Assets.xcassets */,
    				5A10000000000000000000F5 /* Info.plist */,
    				5A10000000000000000000F7 /* Sunrise.xcconfig */,
    				5A10000000000000000000A2 /* Branding */,
    				5A10000000000000000000A6 /* Preview Content */,
    			);
    			path = Sunrise;
    			sourceTree = "<group>";
    		};
    		5A10000000000000000000A2 /* Branding */ = {
    			isa = PBXGroup;
    			children = (
    				5A10000000000000000000F3 /* Branding.xcassets */,
    			);
    			name = Branding;
    			sourceTree = "<group>";
    		};
    		5A10000000000000000000A6 /* Preview Content */ = {
    			isa = PBXGroup;
    			children = (
    				5A10000000000000000000FC /* Preview Assets.xcassets */,
    			);
    			path = "Preview Content";
    			sourceTree = "<group>";
    		};
    		5A10000000000000000000A3 /* Widget */ = {
    			isa = PBXGroup;
    			children = (
    				5A10000000000000000000F4 /* Widget.xcassets */,
    			);
    			path = Widget;
    			sourceTree = "<group>";
    		};
    		5A10000000000000000000A4 /* Frameworks */ = {
    			isa = PBXGroup;
    			children = (
    				5A10000000000000000000FB /* WidgetKit.framework */,
    			);
    			name = Frameworks;
    			sourceTree = "<group>";
    		};
    		5A10000000000000000000A5 /* Products */ = {
    			isa = PBXGroup;
    			children = (
    				5A10000000000000000000F8 /* Sunrise.app */,
    				5A10000000000000000000F9 /* SunriseWidget.appex */,
    				5A10000000000000000000FA /* SunriseTests.xctest */,
    			);
    			name = Products;
    			sourceTree = "<group>";
    		};
    /* End PBXGroup section */

    /* Begin PBXNativeTarget section */
    		5A10000000000000000000D1 /* Sunrise */ = {
    			isa = PBXNativeTarget;
    			buildConfigurationList = 5A10000000000000000000E2 /* Build configuration list for PBXNativeTarget "Sunrise" */;
    			buildPhases = (
    				5A10000000000000000000C1 /* Sources */,
    				5A10000000000000000000C3 /* Frameworks */,
    				5A10000000000000000000C2 /* Resources */,
    			);
    			buildRules = (
    			);
    			dependencies = (
    			);
    			name = Sunrise;
    			productName = Sunrise;
    			productReference = 5A10000000000000000000F8 /* Sunrise.app */;
    			productType = "com.apple.product-type.application";
    		};
    		5A10000000000000000000D2 /* SunriseWidget */ = {
    			isa = PBXNativeTarget;
    			buildConfigurationList = 5A10000000000000000000E3 /* Build configuration list for PBXNativeTarget "SunriseWidget" */;
    			buildPhases = (
    				5A10000000000000000000C4 /* Resources */,
    			);
    			buildRules = (
    			);
    			dependencies = (
    			);
    			name = SunriseWidget;
    			productName = SunriseWidget;
    			productReference = 5A10000000000000000000F9 /* SunriseWidget.appex */;
    			productType = "com.apple.product-type.app-extension";
    		};
    		5A10000000000000000000D3 /* SunriseTests */ = {
    			isa = PBXNativeTarget;
    			buildConfigurationList = 5A10000000000000000000E4 /* Build configuration list for PBXNativeTarget "SunriseTests" */;
    			buildPhases = (
    			);
    			buildRules = (
    			);
    			dependencies = (
    			);
    			name = SunriseTests;
    			productName = SunriseTests;
    			productReference = 5A10000000000000000000FA /* SunriseTests.xctest */;
    			productType = "com.apple.product-type.bundle.unit-test";
    		};
    /* End PBXNativeTarget section */

    /* Begin PBXProject section */
    		5A1000000000000000000001 /* Project object */ = {
    			isa = PBXProject;
    			attributes = {
    				BuildIndependentTargetsInParallel = 1;
    				LastSwiftUpdateCheck = 1430;
    				LastUpgradeCheck = 1430;
    			};
    			buildConfigurationList = 5A10000000000000000000E1 /* Build configuration list for PBXProject "Sunrise" */;
    			compatibilityVersion = "Xcode 14.0";
    			developmentRegion = en;
    			hasScannedForEncodings = 0;
    			knownRegions = (
    				en,
    				Base,
    			);
    			mainGroup = 5A10000000000000000000A0;
    			productRefGroup = 5A10000000000000000000A5 /* Products */;
    			projectDirPath = "";
    			projectRoot = "";
    			targets = (
    				5A10000000000000000000D1 /* Sunrise */,
    				5A10000000000000000000D2 /* SunriseWidget */,
    				5A10000000000000000000D3 /* SunriseTests */,
    			);
    		};
    /* End PBXProject section */

    /* Begin PBXResourcesBuildPhase section */
    		5A10000000000000000000C2 /* Resources */ = {
    			isa = PBXResourcesBuildPhase;
    			buildActionMask = 2147483647;
    			files = (
    				5A10000000000000000000B1 /* Assets.xcassets in Resources */,
    				5A10000000000000000000B3 /* Branding.xcassets in Resources */,
    				5A10000000000000000000B5 /* Gone.xcassets in Resources */,
    				5A10000000000000000000B6 /* Preview Assets.xcassets in Resources */,
    			);
    			runOnlyForDeploymentPostprocessing = 0;
    		};
    		5A10000000000000000000C4 /* Resources */ = {
    			isa = PBXResourcesBuildPhase;
    			buildActionMask = 2147483647;
    			files = (
    				5A10000000000000000000B4 /* Widget.xcassets in Resources */,
    			);
    			runOnlyForDeploymentPostprocessing = 0;
    		};
    /* End PBXResourcesBuildPhase section */

    /* Begin PBXSourcesBuildPhase section */
    		5A10000000000000000000C1 /* Sources */ = {
    			isa = PBXSourcesBuildPhase;
    			buildActionMask = 2147483647;
    			files = (
    				5A10000000000000000000B2 /* SunriseApp.swift in Sources */,
    			);
    			runOnlyForDeploymentPostprocessing = 0;
    		};
    /* End PBXSourcesBuildPhase section */

    /* Begin XCBuildConfiguration section */
    		5A1000000000000000000011 /* Debug */ = {
    			isa = XCBuildConfiguration;
    			baseConfigurationReference = 5A10000000000000000000F6 /* Base.xcconfig */;
    			buildSettings = {
    				ALWAYS_SEARCH_USER_PATHS = NO;
    				GCC_PREPROCESSOR_DEFINITIONS = (
    					"$(inherited)",
    					"PROJECT=1",
    				);
    				IPHONEOS_DEPLOYMENT_TARGET = 16.4;
    				SDKROOT = iphoneos;
    			};
    			name = Debug;
    		};
    		5A1000000000000000000012 /* Release */ = {
    			isa = XCBuildConfiguration;
    			baseConfigurationReference = 5A10000000000000000000F6 /* Base.xcconfig */;
    			buildSettings = {
    				ALWAYS_SEARCH_USER_PATHS = NO;
    				GCC_PREPROCESSOR_DEFINITIONS = (
    					"$(inherited)",
    					"PROJECT=1",
    				);
    				IPHONEOS_DEPLOYMENT_TARGET = 16.4;
    				SDKROOT = iphoneos;
    				VALIDATE_PRODUCT = YES;
    			};
    			name = Release;
    		};
    		5A1000000000000000000021 /* Debug */ = {
    			isa = XCBuildConfiguration;
    			baseConfigurationReference = 5A10000000000000000000F7 /* Sunrise.xcconfig */;
    			buildSettings = {
    				ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = "$(inherited) AppIcon-Dawn";
    				ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;
    				CODE_SIGN_STYLE = Automatic;
    				CURRENT_PROJECT_VERSION = 1;
    				DEVELOPMENT_ASSET_PATHS = "\\"Sunrise/Preview Content\\"";
    				GCC_PREPROCESSOR_DEFINITIONS = (
    					"$(inherited)",
    					"TARGET=1",
    				);
    				INFOPLIST_FILE = Sunrise/Info.plist;
    				LD_RUNPATH_SEARCH_PATHS = (
    					"$(inherited)",
    					"@executable_path/Frameworks",
    				);
    				PRODUCT_BUNDLE_IDENTIFIER = "$(BUNDLE_PREFIX).sunrise.debug";
    				PRODUCT_NAME = "$(TARGET_NAME)";
    				SWIFT_VERSION = 5.0;
    				TARGETED_DEVICE_FAMILY = "1,2";
    			};
    			name = Debug;
    		};
    		5A1000000000000000000022 /* Release */ = {
    			isa = XCBuildConfiguration;
    			baseConfigurationReference = 5A10000000000000000000F7 /* Sunrise.xcconfig */;
    			buildSettings = {
    				ASSETCATALOG_COMPILER_APPICON_NAME = "AppIcon-Night";
    				"ASSETCATALOG_COMPILER_APPICON_NAME[sdk=iphoneos*][arch=*]" = AppIcon;
    				"ASSETCATALOG_COMPILER_APPICON_NAME[sdk=iphonesimulator*]" = "AppIcon-Dawn";
    				ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES;
    				CODE_SIGN_STYLE = Automatic;
    				CURRENT_PROJECT_VERSION = 1;
    				DEVELOPMENT_ASSET_PATHS = "\\"Sunrise/Preview Content\\"";
    				GCC_PREPROCESSOR_DEFINITIONS = (
    					"$(inherited)",
    					"TARGET=1",
    				);
    				INFOPLIST_FILE = Sunrise/Info.plist;
    				LD_RUNPATH_SEARCH_PATHS = (
    					"$(inherited)",
    					"@executable_path/Frameworks",
    				);
    				PRODUCT_BUNDLE_IDENTIFIER = "$(BUNDLE_PREFIX).sunrise";
    				PRODUCT_NAME = "$(TARGET_NAME)";
    				SWIFT_VERSION = 5.0;
    				TARGETED_DEVICE_FAMILY = "1,2";
    			};
    			name = Release;
    		};
    		5A1000000000000000000031 /* Debug */ = {
    			isa = XCBuildConfiguration;
    			buildSettings = {
    				INFOPLIST_FILE = Widget/Info.plist;
    				PRODUCT_BUNDLE_IDENTIFIER = dev.example.sunrise.widget;
    				PRODUCT_NAME = "$(TARGET_NAME)";
    			};
    			name = Debug;
    		};
    		5A1000000000000000000032 /* Release */ = {
    			isa = XCBuildConfiguration;
    			buildSettings = {
    				INFOPLIST_FILE = Widget/Info.plist;
    				PRODUCT_BUNDLE_IDENTIFIER = dev.example.sunrise.widget;
    				PRODUCT_NAME = "$(TARGET_NAME)";
    			};
    			name = Release;
    		};
    		5A1000000000000000000041 /* Debug */ = {
    			isa = XCBuildConfiguration;
    			buildSettings = {
    				GENERATE_INFOPLIST_FILE = YES;
    				PRODUCT_BUNDLE_IDENTIFIER = dev.example.sunrise.tests;
    				PRODUCT_NAME = "$(TARGET_NAME)";
    			};
    			name = Debug;
    		};
    		5A1000000000000000000042 /* Release */ = {
    			isa = XCBuildConfiguration;
    			buildSettings = {
    				GENERATE_INFOPLIST_FILE = YES;
    				PRODUCT_BUNDLE_IDENTIFIER = dev.example.sunrise.tests;
    				PRODUCT_NAME = "$(TARGET_NAME)";
    			};
    			name = Release;
    		};
    /* End XCBuildConfiguration section */

    /* Begin XCConfigurationList section */
    		5A10000000000000000000E1 /* Build configuration list for PBXProject "Sunrise" */ = {
    			isa = XCConfigurationList;
    			buildConfigurations = (
    				5A1000000000000000000011 /* Debug */,
    				5A1000000000000000000012 /* Release */,
    			);
    			defaultConfigurationIsVisible = 0;
    			defaultConfigurationName = Release;
    		};
    		5A10000000000000000000E2 /* Build configuration list for PBXNativeTarget "Sunrise" */ = {
    			isa = XCConfigurationList;
    			buildConfigurations = (
    				5A1000000000000000000021 /* Debug */,
    				5A1000000000000000000022 /* Release */,
    			);
    			defaultConfigurationIsVisible = 0;
    			defaultConfigurationName = Release;
    		};
    		5A10000000000000000000E3 /* Build configuration list for PBXNativeTarget "SunriseWidget" */ = {
    			isa = XCConfigurationList;
    			buildConfigurations = (
    				5A1000000000000000000031 /* Debug */,
    				5A1000000000000000000032 /* Release */,
    			);
    			defaultConfigurationIsVisible = 0;
    			defaultConfigurationName = Release;
    		};
    		5A10000000000000000000E4 /* Build configuration list for PBXNativeTarget "SunriseTests" */ = {
    			isa = XCConfigurationList;
    			buildConfigurations = (
    				5A1000000000000000000041 /* Debug */,
    				5A1000000000000000000042 /* Release */,
    			);
    			defaultConfigurationIsVisible = 0;
    			defaultConfigurationName = Release;
    		};
    /* End XCConfigurationList section */
    	};
    	rootObject = 5A1000000000000000000001 /* Project object */;
    }

    """

  /// An Xcode 16 project whose targets are synchronized with folders (objectVersion 77):
  ///
  ///     Harbor.xcodeproj       app targets Harbor (iOS) and HarborTV (tvOS), extension HarborWidget
  ///     Harbor/                Harbor's folder: Info.plist and Preview Content are exceptions
  ///       Assets.xcassets      AppIcon, Lighthouse
  ///       AppIcons/*.icon      Storm, Sunset (Icon Composer)
  ///       Preview Content/Preview Assets.xcassets   PreviewIcon (an exception: not in the app)
  ///     Shared/                HarborTV's folder; Shared.xcassets is also ticked for Harbor
  ///       Shared.xcassets      SharedIcon
  ///       Other.xcassets       OtherIcon (HarborTV's only)
  ///     HarborTV/Assets.xcassets    TVIcon.appiconset
  ///     HarborWidget/Widget.xcassets WidgetIcon (the extension's)
  ///     Config/TV.xcconfig     HarborTV's base configuration, anchored in the Config folder
  ///
  /// Harbor generates its Info.plist (`INFOPLIST_KEY_CFBundleDisplayName`) on top of Harbor/Info.plist.
  static func harbor() throws -> Fixture {
    let fixture = try Fixture()
    try fixture.write("Harbor.xcodeproj/project.pbxproj", harborProject)
    try fixture.writePlist("Harbor/Info.plist", ["UIBackgroundModes": ["fetch"]])
    for name in ["AppIcon", "Lighthouse"] {
      try fixture.writeSingleSizeIconSet(name, catalog: "Harbor/Assets.xcassets")
    }
    for name in ["Storm", "Sunset"] {
      try fixture.write(
        "Harbor/AppIcons/\(name).icon/icon.json",
        #"{ "groups" : [ { "layers" : [ { "image-name" : "wave.png", "name" : "wave" } ] } ] }"#)
      try fixture.write(
        "Harbor/AppIcons/\(name).icon/Assets/wave.png", data: Data([0x89, 0x50, 0x4E, 0x47]))
    }
    try fixture.writeSingleSizeIconSet(
      "PreviewIcon", catalog: "Harbor/Preview Content/Preview Assets.xcassets")
    try fixture.writeSingleSizeIconSet("SharedIcon", catalog: "Shared/Shared.xcassets")
    try fixture.writeSingleSizeIconSet("OtherIcon", catalog: "Shared/Other.xcassets")
    try fixture.writeSingleSizeIconSet("TVIcon", catalog: "HarborTV/Assets.xcassets", tv: true)
    try fixture.writeSingleSizeIconSet("WidgetIcon", catalog: "HarborWidget/Widget.xcassets")
    try fixture.write("Config/TV.xcconfig", "PRODUCT_BUNDLE_IDENTIFIER = dev.example.harbor.tv\n")
    return fixture
  }

  static let harborProject = """
    // !$*UTF8*$!
    {
    	archiveVersion = 1;
    	classes = {
    	};
    	objectVersion = 77;
    	objects = {

    /* Begin PBXFileReference section */
    		7B20000000000000000000F1 /* Harbor.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = Harbor.app; sourceTree = BUILT_PRODUCTS_DIR; };
    		7B20000000000000000000F2 /* HarborTV.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = HarborTV.app; sourceTree = BUILT_PRODUCTS_DIR; };
    		7B20000000000000000000F3 /* HarborWidget.appex */ = {isa = PBXFileReference; explicitFileType = "wrapper.app-extension"; includeInIndex = 0; path = HarborWidget.appex; sourceTree = BUILT_PRODUCTS_DIR; };
    /* End PBXFileReference section */

    /* Begin PBXFileSystemSynchronizedBuildFileExceptionSet section */
    		7B20000000000000000000B1 /* Exceptions for "Harbor" folder in "Harbor" target */ = {
    			isa = PBXFileSystemSynchronizedBuildFileExceptionSet;
    			membershipExceptions = (
    				Info.plist,
    				"Preview Content/Preview Assets.xcassets",
    			);
    			target = 7B20000000000000000000D1 /* Harbor */;
    		};
    		7B20000000000000000000B2 /* Exceptions for "Shared" folder in "Harbor" target */ = {
    			isa = PBXFileSystemSynchronizedBuildFileExceptionSet;
    			membershipExceptions = (
    				Shared.xcassets,
    			);
    			target = 7B20000000000000000000D1 /* Harbor */;
    		};
    		7B20000000000000000000B3 /* Exceptions for "Config" folder in "Harbor" target */ = {
    			isa = PBXFileSystemSynchronizedBuildFileExceptionSet;
    			membershipExceptions = (
    				TV.xcconfig,
    			);
    			target = 7B20000000000000000000D1 /* Harbor */;
    		};
    		7B20000000000000000000B4 /* Exceptions for "Config" folder in "HarborTV" target */ = {
    			isa = PBXFileSystemSynchronizedBuildFileExceptionSet;
    			membershipExceptions = (
    				TV.xcconfig,
    			);
    			target = 7B20000000000000000000D2 /* HarborTV */;
    		};
    /* End PBXFileSystemSynchronizedBuildFileExceptionSet section */

    /* Begin PBXFileSystemSynchronizedRootGroup section */
    		7B2000000000000000000901 /* Harbor */ = {
    			isa = PBXFileSystemSynchronizedRootGroup;
    			exceptions = (
    				7B20000000000000000000B1 /* Exceptions for "Harbor" folder in "Harbor" target */,
    			);
    			path = Harbor;
    			sourceTree = "<group>";
    		};
    		7B2000000000000000000902 /* Shared */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (7B20000000000000000000B2 /* Exceptions for "Shared" folder in "Harbor" target */, ); explicitFileTypes = {}; explicitFolders = (); path = Shared; sourceTree = "<group>"; };
    		7B2000000000000000000903 /* HarborTV */ = {
    			isa = PBXFileSystemSynchronizedRootGroup;
    			path = HarborTV;
    			sourceTree = "<group>";
    		};
    		7B2000000000000000000904 /* HarborWidget */ = {
    			isa = PBXFileSystemSynchronizedRootGroup;
    			path = HarborWidget;
    			sourceTree = "<group>";
    		};
    		7B2000000000000000000905 /* Config */ = {
    			isa = PBXFileSystemSynchronizedRootGroup;
    			exceptions = (
    				7B20000000000000000000B3 /* Exceptions for "Config" folder in "Harbor" target */,
    				7B20000000000000000000B4 /* Exceptions for "Config" folder in "HarborTV" target */,
    			);
    			path = Config;
    			sourceTree = "<group>";
    		};
    /* End PBXFileSystemSynchronizedRootGroup section */

    /* Begin PBXGroup section */
    		7B20000000000000000000A0 = {
    			isa = PBXGroup;
    			children = (
    				7B2000000000000000000901 /* Harbor */,
    				7B2000000000000000000902 /* Shared */,
    				7B2000000000000000000903 /* HarborTV */,
    				7B2000000000000000000904 /* HarborWidget */,
    				7B2000000000000000000905 /* Config */,
    				7B20000000000000000000A1 /* Products */,
    			);
    			sourceTree = "<group>";
    		};
    		7B20000000000000000000A1 /* Products */ = {
    			isa = PBXGroup;
    			children = (
    				7B20000000000000000000F1 /* Harbor.app */,
    				7B20000000000000000000F2 /* HarborTV.app */,
    				7B20000000000000000000F3 /* HarborWidget.appex */,
    			);
    			name = Products;
    			sourceTree = "<group>";
    		};
    /* End PBXGroup section */

    /* Begin PBXNativeTarget section */
    		7B20000000000000000000D1 /* Harbor */ = {
    			isa = PBXNativeTarget;
    			buildConfigurationList = 7B20000000000000000000E2 /* Build configuration list for PBXNativeTarget "Harbor" */;
    			buildPhases = (
    				7B20000000000000000000C1 /* Resources */,
    			);
    			buildRules = (
    			);
    			dependencies = (
    			);
    			fileSystemSynchronizedGroups = (
    				7B2000000000000000000901 /* Harbor */,
    				7B2000000000000000000905 /* Config */,
    			);
    			name = Harbor;
    			packageProductDependencies = (
    			);
    			productName = Harbor;
    			productReference = 7B20000000000000000000F1 /* Harbor.app */;
    			productType = "com.apple.product-type.application";
    		};
    		7B20000000000000000000D2 /* HarborTV */ = {
    			isa = PBXNativeTarget;
    			buildConfigurationList = 7B20000000000000000000E3 /* Build configuration list for PBXNativeTarget "HarborTV" */;
    			buildPhases = (
    			);
    			buildRules = (
    			);
    			dependencies = (
    			);
    			fileSystemSynchronizedGroups = (
    				7B2000000000000000000902 /* Shared */,
    				7B2000000000000000000903 /* HarborTV */,
    				7B2000000000000000000905 /* Config */,
    			);
    			name = HarborTV;
    			productName = HarborTV;
    			productReference = 7B20000000000000000000F2 /* HarborTV.app */;
    			productType = "com.apple.product-type.application";
    		};
    		7B20000000000000000000D3 /* HarborWidget */ = {
    			isa = PBXNativeTarget;
    			buildConfigurationList = 7B20000000000000000000E4 /* Build configuration list for PBXNativeTarget "HarborWidget" */;
    			buildPhases = (
    			);
    			buildRules = (
    			);
    			dependencies = (
    			);
    			fileSystemSynchronizedGroups = (
    				7B2000000000000000000904 /* HarborWidget */,
    			);
    			name = HarborWidget;
    			productName = HarborWidget;
    			productReference = 7B20000000000000000000F3 /* HarborWidget.appex */;
    			productType = "com.apple.product-type.app-extension";
    		};
    /* End PBXNativeTarget section */

    /* Begin PBXProject section */
    		7B2000000000000000000001 /* Project object */ = {
    			isa = PBXProject;
    			attributes = {
    				BuildIndependentTargetsInParallel = 1;
    				LastSwiftUpdateCheck = 1600;
    				LastUpgradeCheck = 1600;
    			};
    			buildConfigurationList = 7B20000000000000000000E1 /* Build configuration list for PBXProject "Harbor" */;
    			developmentRegion = en;
    			hasScannedForEncodings = 0;
    			knownRegions = (
    				en,
    				Base,
    			);
    			mainGroup = 7B20000000000000000000A0;
    			minimizedProjectReferenceProxies = 1;
    			preferredProjectObjectVersion = 77;
    			productRefGroup = 7B20000000000000000000A1 /* Products */;
    			projectDirPath = "";
    			projectRoot = "";
    			targets = (
    				7B20000000000000000000D1 /* Harbor */,
    				7B20000000000000000000D2 /* HarborTV */,
    				7B20000000000000000000D3 /* HarborWidget */,
    			);
    		};
    /* End PBXProject section */

    /* Begin PBXResourcesBuildPhase section */
    		7B20000000000000000000C1 /* Resources */ = {
    			isa = PBXResourcesBuildPhase;
    			buildActionMask = 2147483647;
    			files = (
    			);
    			runOnlyForDeploymentPostprocessing = 0;
    		};
    /* End PBXResourcesBuildPhase section */

    /* Begin XCBuildConfiguration section */
    		7B2000000000000000000011 /* Debug */ = {
    			isa = XCBuildConfiguration;
    			buildSettings = {
    				SDKROOT = iphoneos;
    			};
    			name = Debug;
    		};
    		7B2000000000000000000012 /* Release */ = {
    			isa = XCBuildConfiguration;
    			buildSettings = {
    				SDKROOT = iphoneos;
    			};
    			name = Release;
    		};
    		7B2000000000000000000021 /* Debug */ = {
    			isa = XCBuildConfiguration;
    			buildSettings = {
    				ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;
    				ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES;
    				GENERATE_INFOPLIST_FILE = YES;
    				INFOPLIST_FILE = Harbor/Info.plist;
    				INFOPLIST_KEY_CFBundleDisplayName = "Harbor Lights";
    				INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad = "UIInterfaceOrientationPortrait UIInterfaceOrientationLandscapeLeft";
    				PRODUCT_BUNDLE_IDENTIFIER = dev.example.harbor.debug;
    				PRODUCT_NAME = "$(TARGET_NAME)";
    			};
    			name = Debug;
    		};
    		7B2000000000000000000022 /* Release */ = {
    			isa = XCBuildConfiguration;
    			buildSettings = {
    				ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;
    				ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES;
    				GENERATE_INFOPLIST_FILE = YES;
    				INFOPLIST_FILE = Harbor/Info.plist;
    				INFOPLIST_KEY_CFBundleDisplayName = "Harbor Lights";
    				INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad = "UIInterfaceOrientationPortrait UIInterfaceOrientationLandscapeLeft";
    				PRODUCT_BUNDLE_IDENTIFIER = dev.example.harbor;
    				PRODUCT_NAME = "$(TARGET_NAME)";
    			};
    			name = Release;
    		};
    		7B2000000000000000000031 /* Debug */ = {
    			isa = XCBuildConfiguration;
    			baseConfigurationReferenceAnchor = 7B2000000000000000000905 /* Config */;
    			baseConfigurationReferenceRelativePath = TV.xcconfig;
    			buildSettings = {
    				ASSETCATALOG_COMPILER_APPICON_NAME = WrongIcon;
    				"ASSETCATALOG_COMPILER_APPICON_NAME[sdk=appletvos*]" = TVIcon;
    				GENERATE_INFOPLIST_FILE = YES;
    				PRODUCT_NAME = "$(TARGET_NAME)";
    				SDKROOT = appletvos;
    				TARGETED_DEVICE_FAMILY = 3;
    			};
    			name = Debug;
    		};
    		7B2000000000000000000032 /* Release */ = {
    			isa = XCBuildConfiguration;
    			baseConfigurationReferenceAnchor = 7B2000000000000000000905 /* Config */;
    			baseConfigurationReferenceRelativePath = TV.xcconfig;
    			buildSettings = {
    				ASSETCATALOG_COMPILER_APPICON_NAME = WrongIcon;
    				"ASSETCATALOG_COMPILER_APPICON_NAME[sdk=appletvos*]" = TVIcon;
    				GENERATE_INFOPLIST_FILE = YES;
    				PRODUCT_NAME = "$(TARGET_NAME)";
    				SDKROOT = appletvos;
    				TARGETED_DEVICE_FAMILY = 3;
    			};
    			name = Release;
    		};
    		7B2000000000000000000041 /* Debug */ = {
    			isa = XCBuildConfiguration;
    			buildSettings = {
    				GENERATE_INFOPLIST_FILE = YES;
    				PRODUCT_BUNDLE_IDENTIFIER = dev.example.harbor.widget;
    				PRODUCT_NAME = "$(TARGET_NAME)";
    			};
    			name = Debug;
    		};
    		7B2000000000000000000042 /* Release */ = {
    			isa = XCBuildConfiguration;
    			buildSettings = {
    				GENERATE_INFOPLIST_FILE = YES;
    				PRODUCT_BUNDLE_IDENTIFIER = dev.example.harbor.widget;
    				PRODUCT_NAME = "$(TARGET_NAME)";
    			};
    			name = Release;
    		};
    /* End XCBuildConfiguration section */

    /* Begin XCConfigurationList section */
    		7B20000000000000000000E1 /* Build configuration list for PBXProject "Harbor" */ = {
    			isa = XCConfigurationList;
    			buildConfigurations = (
    				7B2000000000000000000011 /* Debug */,
    				7B2000000000000000000012 /* Release */,
    			);
    			defaultConfigurationIsVisible = 0;
    			defaultConfigurationName = Release;
    		};
    		7B20000000000000000000E2 /* Build configuration list for PBXNativeTarget "Harbor" */ = {
    			isa = XCConfigurationList;
    			buildConfigurations = (
    				7B2000000000000000000021 /* Debug */,
    				7B2000000000000000000022 /* Release */,
    			);
    			defaultConfigurationIsVisible = 0;
    			defaultConfigurationName = Release;
    		};
    		7B20000000000000000000E3 /* Build configuration list for PBXNativeTarget "HarborTV" */ = {
    			isa = XCConfigurationList;
    			buildConfigurations = (
    				7B2000000000000000000031 /* Debug */,
    				7B2000000000000000000032 /* Release */,
    			);
    			defaultConfigurationIsVisible = 0;
    			defaultConfigurationName = Release;
    		};
    		7B20000000000000000000E4 /* Build configuration list for PBXNativeTarget "HarborWidget" */ = {
    			isa = XCConfigurationList;
    			buildConfigurations = (
    				7B2000000000000000000041 /* Debug */,
    				7B2000000000000000000042 /* Release */,
    			);
    			defaultConfigurationIsVisible = 0;
    			defaultConfigurationName = Release;
    		};
    /* End XCConfigurationList section */
    	};
    	rootObject = 7B2000000000000000000001 /* Project object */;
    }

    """
}
