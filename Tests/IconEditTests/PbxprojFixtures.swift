import Foundation

/// Small projects written the way Xcode writes them, for the pbxproj tests.
enum PbxprojFixtures {
  /// An app target "Sample" with a Sample group (folder Sample), an asset catalog in Copy Bundle
  /// Resources, and Debug and Release at both levels. `targetSettings` replaces the target's
  /// Release settings lines; `extraObjects` adds sections at the end.
  static func project(
    targetDebugSettings: String? = nil,
    resourcesFiles: String =
      "\t\t\t\tA10000000000000000000002 /* Assets.xcassets in Resources */,\n",
    withBuildFileSection: Bool = true
  ) -> String {
    let buildFiles =
      withBuildFileSection
      ? "\n"
        + """
        /* Begin PBXBuildFile section */
        \t\tA10000000000000000000001 /* SampleApp.swift in Sources */ = {isa = PBXBuildFile; fileRef = B10000000000000000000001 /* SampleApp.swift */; };
        \t\tA10000000000000000000002 /* Assets.xcassets in Resources */ = {isa = PBXBuildFile; fileRef = B10000000000000000000002 /* Assets.xcassets */; };
        /* End PBXBuildFile section */


        """ : "\n"
    let debugSettings =
      targetDebugSettings ?? """
        \t\t\t\tASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;
        \t\t\t\tCODE_SIGN_STYLE = Automatic;
        \t\t\t\tINFOPLIST_KEY_CFBundleDisplayName = "Sample App";
        \t\t\t\tLD_RUNPATH_SEARCH_PATHS = (
        \t\t\t\t\t"$(inherited)",
        \t\t\t\t\t"@executable_path/Frameworks",
        \t\t\t\t);
        \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = dev.example.Sample;
        \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";

        """
    return """
      // !$*UTF8*$!
      {
      \tarchiveVersion = 1;
      \tclasses = {
      \t};
      \tobjectVersion = 56;
      \tobjects = {
      \(buildFiles)/* Begin PBXFileReference section */
      \t\tB10000000000000000000001 /* SampleApp.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = SampleApp.swift; sourceTree = "<group>"; };
      \t\tB10000000000000000000002 /* Assets.xcassets */ = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = Assets.xcassets; sourceTree = "<group>"; };
      \t\tB10000000000000000000003 /* Sample.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = Sample.app; sourceTree = BUILT_PRODUCTS_DIR; };
      /* End PBXFileReference section */

      /* Begin PBXGroup section */
      \t\tC10000000000000000000001 = {
      \t\t\tisa = PBXGroup;
      \t\t\tchildren = (
      \t\t\t\tC10000000000000000000002 /* Sample */,
      \t\t\t\tC10000000000000000000003 /* Products */,
      \t\t\t);
      \t\t\tsourceTree = "<group>";
      \t\t};
      \t\tC10000000000000000000002 /* Sample */ = {
      \t\t\tisa = PBXGroup;
      \t\t\tchildren = (
      \t\t\t\tB10000000000000000000001 /* SampleApp.swift */,
      \t\t\t\tB10000000000000000000002 /* Assets.xcassets */,
      \t\t\t);
      \t\t\tpath = Sample;
      \t\t\tsourceTree = "<group>";
      \t\t};
      \t\tC10000000000000000000003 /* Products */ = {
      \t\t\tisa = PBXGroup;
      \t\t\tchildren = (
      \t\t\t\tB10000000000000000000003 /* Sample.app */,
      \t\t\t);
      \t\t\tname = Products;
      \t\t\tsourceTree = "<group>";
      \t\t};
      \t\tC10000000000000000000004 /* Icons */ = {
      \t\t\tisa = PBXGroup;
      \t\t\tchildren = (
      \t\t\t);
      \t\t\tpath = Icons;
      \t\t\tsourceTree = SOURCE_ROOT;
      \t\t};
      /* End PBXGroup section */

      /* Begin PBXNativeTarget section */
      \t\tD10000000000000000000001 /* Sample */ = {
      \t\t\tisa = PBXNativeTarget;
      \t\t\tbuildConfigurationList = E10000000000000000000002 /* Build configuration list for PBXNativeTarget "Sample" */;
      \t\t\tbuildPhases = (
      \t\t\t\tD20000000000000000000001 /* Sources */,
      \t\t\t\tD20000000000000000000002 /* Resources */,
      \t\t\t);
      \t\t\tbuildRules = (
      \t\t\t);
      \t\t\tdependencies = (
      \t\t\t);
      \t\t\tname = Sample;
      \t\t\tproductName = Sample;
      \t\t\tproductReference = B10000000000000000000003 /* Sample.app */;
      \t\t\tproductType = "com.apple.product-type.application";
      \t\t};
      /* End PBXNativeTarget section */

      /* Begin PBXProject section */
      \t\tD30000000000000000000001 /* Project object */ = {
      \t\t\tisa = PBXProject;
      \t\t\tbuildConfigurationList = E10000000000000000000001 /* Build configuration list for PBXProject "Sample" */;
      \t\t\tcompatibilityVersion = "Xcode 14.0";
      \t\t\tmainGroup = C10000000000000000000001;
      \t\t\tproductRefGroup = C10000000000000000000003 /* Products */;
      \t\t\tprojectDirPath = "";
      \t\t\tprojectRoot = "";
      \t\t\ttargets = (
      \t\t\t\tD10000000000000000000001 /* Sample */,
      \t\t\t);
      \t\t};
      /* End PBXProject section */

      /* Begin PBXResourcesBuildPhase section */
      \t\tD20000000000000000000002 /* Resources */ = {
      \t\t\tisa = PBXResourcesBuildPhase;
      \t\t\tbuildActionMask = 2147483647;
      \t\t\tfiles = (
      \(resourcesFiles)\t\t\t);
      \t\t\trunOnlyForDeploymentPostprocessing = 0;
      \t\t};
      /* End PBXResourcesBuildPhase section */

      /* Begin PBXSourcesBuildPhase section */
      \t\tD20000000000000000000001 /* Sources */ = {
      \t\t\tisa = PBXSourcesBuildPhase;
      \t\t\tbuildActionMask = 2147483647;
      \t\t\tfiles = (
      \(withBuildFileSection ? "\t\t\t\tA10000000000000000000001 /* SampleApp.swift in Sources */,\n" : "")\t\t\t);
      \t\t\trunOnlyForDeploymentPostprocessing = 0;
      \t\t};
      /* End PBXSourcesBuildPhase section */

      /* Begin XCBuildConfiguration section */
      \t\tE20000000000000000000001 /* Debug */ = {
      \t\t\tisa = XCBuildConfiguration;
      \t\t\tbuildSettings = {
      \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 17.0;
      \t\t\t\tSDKROOT = iphoneos;
      \t\t\t};
      \t\t\tname = Debug;
      \t\t};
      \t\tE20000000000000000000002 /* Release */ = {
      \t\t\tisa = XCBuildConfiguration;
      \t\t\tbuildSettings = {
      \t\t\t};
      \t\t\tname = Release;
      \t\t};
      \t\tE20000000000000000000003 /* Debug */ = {
      \t\t\tisa = XCBuildConfiguration;
      \t\t\tbuildSettings = {
      \(debugSettings)\t\t\t};
      \t\t\tname = Debug;
      \t\t};
      \t\tE20000000000000000000004 /* Release */ = {
      \t\t\tisa = XCBuildConfiguration;
      \t\t\tbuildSettings = {
      \t\t\t\tASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;
      \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";
      \t\t\t};
      \t\t\tname = Release;
      \t\t};
      /* End XCBuildConfiguration section */

      /* Begin XCConfigurationList section */
      \t\tE10000000000000000000001 /* Build configuration list for PBXProject "Sample" */ = {
      \t\t\tisa = XCConfigurationList;
      \t\t\tbuildConfigurations = (
      \t\t\t\tE20000000000000000000001 /* Debug */,
      \t\t\t\tE20000000000000000000002 /* Release */,
      \t\t\t);
      \t\t\tdefaultConfigurationIsVisible = 0;
      \t\t\tdefaultConfigurationName = Release;
      \t\t};
      \t\tE10000000000000000000002 /* Build configuration list for PBXNativeTarget "Sample" */ = {
      \t\t\tisa = XCConfigurationList;
      \t\t\tbuildConfigurations = (
      \t\t\t\tE20000000000000000000003 /* Debug */,
      \t\t\t\tE20000000000000000000004 /* Release */,
      \t\t\t);
      \t\t\tdefaultConfigurationIsVisible = 0;
      \t\t\tdefaultConfigurationName = Release;
      \t\t};
      /* End XCConfigurationList section */
      \t};
      \trootObject = D30000000000000000000001 /* Project object */;
      }

      """
  }

  static let projectFile = URL(fileURLWithPath: "/work/Sample/Sample.xcodeproj/project.pbxproj")

  /// The lines of `after` that differ from `before` (a line diff): removed ones with "-", then
  /// added ones with "+", each in file order.
  static func changedLines(_ before: String, _ after: String) -> [String] {
    let old = before.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let new = after.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var removed: [(Int, String)] = []
    var added: [(Int, String)] = []
    for change in new.difference(from: old) {
      switch change {
      case .remove(let offset, let line, _): removed.append((offset, "-" + line))
      case .insert(let offset, let line, _): added.append((offset, "+" + line))
      }
    }
    return (removed.sorted { $0.0 < $1.0 } + added.sorted { $0.0 < $1.0 }).map(\.1)
  }
}
