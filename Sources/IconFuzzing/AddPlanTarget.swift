import FoundationEssentials
import IconCatalog
import IconEdit
import IconRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FuzzTarget {
  /// `add` planned on a fuzzed `project.pbxproj`, beside an Info.plist that declares one loose
  /// alternate and a catalog holding the primary: the plan is refused (an `IconCatalogError` or
  /// an `EditError`), or every file it would write parses as what it is. A planned file that does
  /// not parse is a crash, which is what libFuzzer looks for.
  func addPlan(_ data: Data, _ space: Workspace) -> Outcome {
    space.write(data, to: "App.xcodeproj/project.pbxproj")
    space.write(Data(Self.addPlanInfoPlist.utf8), to: "App/Info.plist")
    space.write(
      Data(
        #"{"images":[{"filename":"AppIcon.png","idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#
          .utf8), to: "Assets.xcassets/AppIcon.appiconset/Contents.json")
    let png = Self.addPlanPNG(side: 1024)
    space.write(png, to: "Assets.xcassets/AppIcon.appiconset/AppIcon.png")
    space.write(Self.addPlanPNG(side: 120), to: "App/Blue@2x.png")
    let image = space.write(png, to: "Night.png")

    let context: EditContext
    do {
      context = try EditContext.read(at: space.root, target: nil)
    } catch {
      return .rejected(message: error.description)
    }
    let plan: EditPlan
    do {
      plan = try AddPlanner.plan(AddRequest(name: "Night", image: image), in: context)
    } catch {
      return .rejected(message: error.description)
    }
    for change in plan.changes.changes where !change.isDirectory {
      guard let bytes = change.updated else { continue }
      let name = change.path.lastPathComponent
      if name == "project.pbxproj" || name.hasSuffix(".plist") {
        guard (try? PropertyListValue.decode(Data(bytes))) != nil
        else { fatalError("addplan: the planned \(name) does not parse") }
      } else if name == "Contents.json" {
        guard (try? JSONTree.decode(Data(bytes))) != nil else {
          fatalError("addplan: the planned Contents.json does not parse")
        }
      }
    }
    return .read(summary: "planned: \(plan.form)")
  }

  static let addPlanInfoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    	<key>CFBundleIdentifier</key>
    	<string>dev.iconpick.fuzz</string>
    	<key>CFBundleIcons</key>
    	<dict>
    		<key>CFBundleAlternateIcons</key>
    		<dict>
    			<key>Blue</key>
    			<dict>
    				<key>CFBundleIconFiles</key>
    				<array>
    					<string>Blue</string>
    				</array>
    			</dict>
    		</dict>
    	</dict>
    </dict>
    </plist>

    """

  /// An opaque square PNG, made once per size.
  static func addPlanPNG(side: Int) -> Data {
    let pixels = [UInt8](repeating: 200, count: side * side * 4)
    guard let image = RGBAImage(width: side, height: side, pixels: pixels),
      let bytes = try? PNGMemoryEncoder.encode(image)
    else { fatalError("addplan: cannot make the fixture PNG") }
    return Data(bytes)
  }
}
