import Foundation
import Testing

@testable import IconCatalog

/// Every key the reader reads, given every type it is not: the reading goes on, yields what iOS
/// would make of the value, and reports it with its key path and line.
@Suite("Info.plist values of the wrong type")
struct PlistValueTypeTests {
  /// A property-list type. (Not `Any`: the arguments of a test must be `Sendable`.)
  enum ValueType: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case string, number, bool, date, data, array, dict

    var testDescription: String { rawValue }

    /// A value of this type, distinct from anything in `PlistValueTypeTests.base`.
    var value: Any {
      switch self {
      case .string: return "wrong-type"
      case .number: return 4242
      case .bool: return true
      case .date: return Date(timeIntervalSince1970: 1_000_000_000)
      case .data: return Data([1, 2, 3])
      case .array: return ["wrong-item"]
      case .dict: return ["wrong-key": "x"]
      }
    }

    /// What the problem calls it.
    var found: String {
      switch self {
      case .string: return "a string"
      case .number: return "a number"
      case .bool: return "a Boolean"
      case .date: return "a date"
      case .data: return "data"
      case .array: return "an array"
      case .dict: return "a dictionary"
      }
    }

    /// Where the value starts in Foundation's XML: a line to find, and how far before it.
    var marker: (text: String, offset: Int) {
      switch self {
      case .string: return ("<string>wrong-type</string>", 0)
      case .number: return ("<integer>4242</integer>", 0)
      case .bool: return ("<true/>", 0)
      case .date: return ("<date>", 0)
      case .data: return ("<data>", 0)
      case .array: return ("<string>wrong-item</string>", -1)
      case .dict: return ("<key>wrong-key</key>", -1)
      }
    }
  }

  /// A key the reader reads, where it is, the types it may have, and what the reading yields
  /// when it has another.
  enum Key: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case icons, iconsIPad, iconsIPhone
    case primary, primaryIconName, primaryIconFiles, primaryIconFile0, primaryPrerendered
    case alternates, alternateEntry, alternateIconName, alternateIconFiles, alternatePrerendered
    case alternateArrayItem
    case topIconFiles, topIconFile, deviceFamily, deviceFamilyItem

    var testDescription: String { path.joined(separator: " → ") }

    var path: [String] {
      let icons = "CFBundleIcons"
      let primary = [icons, "CFBundlePrimaryIcon"]
      let blue = [icons, "CFBundleAlternateIcons", "Blue"]
      switch self {
      case .icons: return [icons]
      case .iconsIPad: return ["CFBundleIcons~ipad"]
      case .iconsIPhone: return ["CFBundleIcons~iphone"]
      case .primary: return primary
      case .primaryIconName: return primary + ["CFBundleIconName"]
      case .primaryIconFiles: return primary + ["CFBundleIconFiles"]
      case .primaryIconFile0: return primary + ["CFBundleIconFiles", "0"]
      case .primaryPrerendered: return primary + ["UIPrerenderedIcon"]
      case .alternates: return [icons, "CFBundleAlternateIcons"]
      case .alternateEntry: return blue
      case .alternateIconName: return blue + ["CFBundleIconName"]
      case .alternateIconFiles: return blue + ["CFBundleIconFiles"]
      case .alternatePrerendered: return blue + ["UIPrerenderedIcon"]
      case .alternateArrayItem: return [icons, "CFBundleAlternateIcons", "0"]
      case .topIconFiles: return ["CFBundleIconFiles"]
      case .topIconFile: return ["CFBundleIconFile"]
      case .deviceFamily: return ["UIDeviceFamily"]
      case .deviceFamilyItem: return ["UIDeviceFamily", "0"]
      }
    }

    /// The types Apple documents for it (the tvOS forms included).
    var rightTypes: Set<ValueType> {
      switch self {
      case .icons, .iconsIPad, .iconsIPhone, .alternateEntry: return [.dict]
      case .primary: return [.dict, .string]
      case .alternates: return [.dict, .array]
      case .primaryIconName, .alternateIconName, .primaryIconFile0, .topIconFile,
        .alternateArrayItem:
        return [.string]
      case .primaryIconFiles, .alternateIconFiles, .topIconFiles, .deviceFamily: return [.array]
      case .primaryPrerendered, .alternatePrerendered: return [.bool]
      case .deviceFamilyItem: return [.number]
      }
    }

    var expected: String {
      switch self {
      case .icons, .iconsIPad, .iconsIPhone, .alternateEntry: return "a dictionary"
      case .primary: return "a dictionary (or, on tvOS, a string)"
      case .alternates: return "a dictionary (or, on tvOS, an array of names)"
      case .primaryIconName, .alternateIconName, .topIconFile: return "a string"
      case .primaryIconFile0: return "a string (a file name)"
      case .alternateArrayItem: return "a string (an icon name)"
      case .primaryIconFiles, .alternateIconFiles, .topIconFiles: return "an array of file names"
      case .primaryPrerendered, .alternatePrerendered: return "true or false"
      case .deviceFamily: return "an array of numbers"
      case .deviceFamilyItem: return "a number"
      }
    }

    /// The tvOS array of names, for `alternateArrayItem`; else the iOS dictionary.
    var usesNameArray: Bool { self == .alternateArrayItem }
  }

  /// A legacy-and-catalog Info.plist of the forms real apps write: a primary with its name, files
  /// and UIPrerenderedIcon, an alternate, the iPad dictionary, the top-level files, the families.
  static func base(nameArray: Bool) -> [String: Any] {
    let blue: [String: Any] = [
      "CFBundleIconName": "Blue", "CFBundleIconFiles": ["Blue60x60"], "UIPrerenderedIcon": false,
    ]
    let icons: [String: Any] = [
      "CFBundlePrimaryIcon": [
        "CFBundleIconName": "AppIcon", "CFBundleIconFiles": ["AppIcon60x60", "AppIcon76x76"],
        "UIPrerenderedIcon": false,
      ],
      "CFBundleAlternateIcons": nameArray ? ["Blue"] as Any : ["Blue": blue] as Any,
    ]
    return [
      "CFBundleIdentifier": "dev.example.Types",
      "CFBundleIcons": icons,
      "CFBundleIcons~ipad": icons,
      "CFBundleIconFiles": ["Icon"],
      "CFBundleIconFile": "Icon57",
      "UIDeviceFamily": [1, 2],
    ]
  }

  /// `plist` with `value` at `path` (array items by index).
  static func setting(_ value: Any, at path: ArraySlice<String>, in plist: Any?) -> Any {
    guard let key = path.first else { return value }
    if var array = plist as? [Any], let index = Int(key) {
      if index < array.count {
        array[index] = setting(value, at: path.dropFirst(), in: array[index])
      } else {
        array.append(setting(value, at: path.dropFirst(), in: nil))
      }
      return array
    }
    var dictionary = plist as? [String: Any] ?? [:]
    dictionary[key] = setting(value, at: path.dropFirst(), in: dictionary[key])
    return dictionary
  }

  /// What the reading yields, in words: the primary and alternates as Info.plist declares them,
  /// and the device families.
  static func yield(_ plist: InfoPlist) throws -> String {
    func icon(_ declared: DeclaredIcon) -> String {
      "\(declared.iconName ?? "-") \(declared.iconFiles) \(declared.idioms)"
        + (declared.isPrerendered ? " prerendered" : "")
    }
    let primary = plist.primaryIcon().map(icon) ?? "none"
    let alternates = try plist.alternates().map { "\($0.name): \(icon($0.icon))" }
    return "primary \(primary); alternates \(alternates); families \(plist.deviceFamilies ?? [])"
  }

  static let wellTyped =
    "primary AppIcon [\"AppIcon60x60\", \"AppIcon76x76\", \"Icon\", \"Icon57\"] [\"iphone\", \"ipad\"];"
    + " alternates [\"Blue: Blue [\\\"Blue60x60\\\"] [\\\"iphone\\\", \\\"ipad\\\"]\"]; families [1, 2]"

  /// What each key's wrong value leaves of `wellTyped`: the value is passed over, except
  /// UIPrerenderedIcon (read as false, its default) and a UIDeviceFamily item (passed over).
  static func expectedYield(_ key: Key) -> String {
    let files = "[\"AppIcon60x60\", \"AppIcon76x76\", \"Icon\", \"Icon57\"]"
    let blue = "Blue: Blue [\\\"Blue60x60\\\"]"
    switch key {
    case .icons:
      // The iPad dictionary alone declares them; on iPhone nothing does.
      return
        "primary AppIcon \(files) [\"ipad\"]; alternates [\"\(blue) [\\\"ipad\\\"]\"]; families [1, 2]"
    case .iconsIPad:
      // CFBundleIcons serves iPad too when there is no (readable) CFBundleIcons~ipad.
      return wellTyped
    case .iconsIPhone, .primaryPrerendered, .alternatePrerendered, .alternateArrayItem:
      return wellTyped
    case .primary:
      // The iPad dictionary's primary alone; the top-level files join it.
      return wellTyped.replacingOccurrences(
        of: "\"Icon57\"] [\"iphone\", \"ipad\"];", with: "\"Icon57\"] [\"ipad\"];")
    case .primaryIconName, .primaryIconFiles:
      // The iPad dictionary's primary fills in what the iPhone one lacks.
      return wellTyped
    case .primaryIconFile0:
      // The iPhone files first, then the iPad ones it lacks.
      return wellTyped.replacingOccurrences(
        of: "[\"AppIcon60x60\", \"AppIcon76x76\"", with: "[\"AppIcon76x76\", \"AppIcon60x60\"")
    case .alternates:
      // The iPad dictionary still declares Blue.
      return
        "primary AppIcon \(files) [\"iphone\", \"ipad\"]; alternates [\"\(blue) [\\\"ipad\\\"]\"]; families [1, 2]"
    case .alternateEntry:
      return
        "primary AppIcon \(files) [\"iphone\", \"ipad\"]; alternates [\"\(blue) [\\\"ipad\\\"]\"]; families [1, 2]"
    case .alternateIconName, .alternateIconFiles:
      return wellTyped
    case .topIconFiles:
      return wellTyped.replacingOccurrences(of: "\"Icon\", ", with: "")
    case .topIconFile:
      return wellTyped.replacingOccurrences(of: ", \"Icon57\"", with: "")
    case .deviceFamily:
      return wellTyped.replacingOccurrences(of: "families [1, 2]", with: "families []")
    case .deviceFamilyItem:
      return wellTyped.replacingOccurrences(of: "families [1, 2]", with: "families [2]")
    }
  }

  /// One key, one type it is not, in XML or binary.
  struct Case: Sendable, CustomTestStringConvertible {
    var key: Key
    var type: ValueType
    var isBinary: Bool

    var testDescription: String {
      "\(key.testDescription) as \(type.rawValue)\(isBinary ? ", binary" : "")"
    }
  }

  static let cases: [Case] = Key.allCases.flatMap { key in
    ValueType.allCases.filter { !key.rightTypes.contains($0) }.flatMap { type in
      [false, true].map { Case(key: key, type: type, isBinary: $0) }
    }
  }

  @Test("the well-typed base reads as expected and reports nothing")
  func wellTypedBase() throws {
    let fixture = try Fixture()
    let file = try fixture.writePlist("Info.plist", Self.base(nameArray: false))
    let plist = try InfoPlist.read(file)
    #expect(try Self.yield(plist) == Self.wellTyped)
    #expect(plist.valueProblems() == [])
    #expect(try AppIconReader.read(at: fixture.root).plistValueProblems == [])
  }

  @Test(
    "a wrong type is read as iOS reads it and reported at its key path and line",
    arguments: cases)
  func wrongType(_ testCase: Case) throws {
    let (key, type) = (testCase.key, testCase.type)
    let format: PropertyListSerialization.PropertyListFormat = testCase.isBinary ? .binary : .xml
    let fixture = try Fixture()
    let plist = Self.setting(
      type.value, at: key.path[...], in: Self.base(nameArray: key.usesNameArray))
    let file = try fixture.writePlist(
      "Info.plist", try #require(plist as? [String: Any]), format: format)

    // The reading (and every command's, `AppIconReader.read`) goes on.
    let read = try InfoPlist.read(file)
    let app = try AppIconReader.read(at: fixture.root)
    if !key.usesNameArray {
      #expect(try Self.yield(read) == Self.expectedYield(key))
    } else {
      // The tvOS array form: Blue stays, the wrong item names nothing.
      #expect(try read.alternates().map(\.name) == ["Blue"])
    }

    // Reported once, as data: file, key path, type, what was expected, the line in XML.
    let problems = app.plistValueProblems
    #expect(problems == read.valueProblems())
    let problem = try #require(problems.first)
    #expect(problems.count == 1)
    #expect(problem.file == file.path)
    #expect(problem.keyPath == key.path)
    #expect(problem.found == type.found)
    #expect(problem.expected == key.expected)
    let isPrerendered = key == .primaryPrerendered || key == .alternatePrerendered
    #expect(problem.readAs == (isPrerendered ? .value("false") : .passedOver))
    if format == .xml {
      let text = try String(contentsOf: file, encoding: .utf8)
      let lines = text.components(separatedBy: "\n")
      let at = try #require(lines.firstIndex { $0.contains(type.marker.text) })
      #expect(problem.line == at + 1 + type.marker.offset)
    } else {
      #expect(problem.line == nil)
    }
  }

  /// The forms tutorials and real apps write, read as false (QA1614: iOS ignores a value that is
  /// not a Boolean), on a project and on a built app's binary Info.plist alike.
  @Test(
    "UIPrerenderedIcon written as a string or a number reads as false",
    arguments: ["NO", "", "YES", "true", "false", "0", "1"] as [String])
  func prerenderedStrings(text: String) throws {
    for value in [text as Any] + (Int(text).map { [$0 as Any] } ?? []) {
      let plist = Self.setting(
        value, at: Key.primaryPrerendered.path[...], in: Self.base(nameArray: false))
      let fixture = try Fixture()
      try fixture.writePlist("Info.plist", try #require(plist as? [String: Any]))
      let app = try AppIconReader.read(at: fixture.root)
      #expect(app.primary.isPrerendered == false)
      #expect(app.plistValueProblems.map(\.keyPath) == [Key.primaryPrerendered.path])
      #expect(
        app.plistValueProblems.first?.description.contains(
          "no effect on the home screen since iOS 7") == true)

      let built = try Fixture()
      var builtPlist = try #require(plist as? [String: Any])
      builtPlist["CFBundleIcons~ipad"] = nil
      try built.writePlist("Built.app/Info.plist", builtPlist, format: .binary)
      let builtApp = try AppIconReader.read(at: built.url("Built.app"))
      #expect(builtApp.isBuiltArtifact)
      #expect(builtApp.primary.isPrerendered == false)
      #expect(builtApp.plistValueProblems.map(\.keyPath) == [Key.primaryPrerendered.path])
      #expect(builtApp.plistValueProblems.first?.line == nil)
    }
  }

  @Test("a UIDeviceFamily item that spells a number is read as that number, and reported")
  func deviceFamilyStrings() throws {
    let fixture = try Fixture()
    var plist = Self.base(nameArray: false)
    plist["UIDeviceFamily"] = ["1", 2]
    let file = try fixture.writePlist("Info.plist", plist)
    let read = try InfoPlist.read(file)
    #expect(read.deviceFamilies == [1, 2])
    #expect(read.valueProblems().map(\.readAs) == [.value("1")])
  }
}
