import Foundation
import Testing

@testable import IconEdit

@Suite struct ContentsJSONWriterTests {
  /// Texts in the form Xcode writes (copied by hand from that form, not from any project).
  static let xcodeTexts: [String] = [
    // A folder of an asset catalog.
    """
    {
      "info" : {
        "author" : "xcode",
        "version" : 1
      }
    }

    """,
    // A single-size set with dark and tinted images.
    """
    {
      "images" : [
        {
          "filename" : "Icon.png",
          "idiom" : "universal",
          "platform" : "ios",
          "size" : "1024x1024"
        },
        {
          "appearances" : [
            {
              "appearance" : "luminosity",
              "value" : "dark"
            }
          ],
          "filename" : "Icon 1.png",
          "idiom" : "universal",
          "platform" : "ios",
          "size" : "1024x1024"
        },
        {
          "appearances" : [
            {
              "appearance" : "luminosity",
              "value" : "tinted"
            }
          ],
          "idiom" : "universal",
          "platform" : "ios",
          "size" : "1024x1024"
        }
      ],
      "info" : {
        "author" : "xcode",
        "version" : 1
      }
    }

    """,
    // A per-size set, a group with a namespace, and an empty set.
    """
    {
      "images" : [
        {
          "filename" : "Icon-60@2x.png",
          "idiom" : "iphone",
          "scale" : "2x",
          "size" : "60x60"
        },
        {
          "idiom" : "ipad",
          "scale" : "2x",
          "size" : "83.5x83.5"
        },
        {
          "filename" : "Icon-1024.png",
          "idiom" : "ios-marketing",
          "scale" : "1x",
          "size" : "1024x1024"
        }
      ],
      "info" : {
        "author" : "xcode",
        "version" : 1
      }
    }

    """,
    """
    {
      "info" : {
        "author" : "xcode",
        "version" : 1
      },
      "properties" : {
        "on-demand-resource-tags" : [
          "one",
          "two"
        ],
        "provides-namespace" : true
      }
    }

    """,
    """
    {
      "images" : [

      ],
      "info" : {
        "author" : "xcode",
        "version" : 1
      }
    }

    """,
  ]

  @Test(arguments: xcodeTexts)
  func xcodeFormReencodesByteForByte(_ text: String) throws {
    let parsed = try ContentsJSONWriter.parse(Array(text.utf8), file: "Contents.json")
    #expect(String(decoding: ContentsJSONWriter.encode(parsed), as: UTF8.self) == text)
  }

  @Test func keysAreSortedWhateverTheOrderGiven() {
    let value: ContentsJSONValue = ["size": "1024x1024", "idiom": "universal", "filename": "a.png"]
    #expect(
      String(decoding: ContentsJSONWriter.encode(value), as: UTF8.self)
        == "{\n  \"filename\" : \"a.png\",\n  \"idiom\" : \"universal\",\n  \"size\" : \"1024x1024\"\n}\n"
    )
  }

  @Test func parseKeepsBooleansNumbersAndStringsApart() throws {
    let parsed = try ContentsJSONWriter.parse(
      Array(#"{"a":true,"b":1,"c":"1","d":1.5,"e":null}"#.utf8), file: "x")
    #expect(
      parsed
        == .object(["a": .bool(true), "b": .integer(1), "c": "1", "d": .number(1.5), "e": .null]))
  }

  @Test func stringsAreEscapedAsNSJSONSerializationDoes() {
    #expect(ContentsJSONWriter.quoted("a\"b\\c/d\u{1}é") == #""a\"b\\c\/d\u0001é""#)
  }

  @Test func invalidJSONIsRefusedNamingTheFile() {
    #expect(
      throws: EditError.cannotEdit(
        file: "Sets/A.appiconset/Contents.json",
        reason: "not valid JSON: fix it, or re-save the set in Xcode")
    ) {
      try ContentsJSONWriter.parse(
        Array("{\"images\" : [".utf8), file: "Sets/A.appiconset/Contents.json")
    }
  }

  /// Every `Contents.json` under the folder named by ICONPICK_CORPUS (nothing when unset):
  /// how many re-encode byte for byte, and which do not.
  @Test func corpusSweep() throws {
    guard let corpus = ProcessInfo.processInfo.environment["ICONPICK_CORPUS"] else { return }
    guard let walker = FileManager.default.enumerator(atPath: corpus) else { return }
    var same = 0
    var different: [String] = []
    var unreadable: [String] = []
    while let relative = walker.nextObject() as? String {
      guard (relative as NSString).lastPathComponent == "Contents.json" else { continue }
      guard let data = FileManager.default.contents(atPath: corpus + "/" + relative) else {
        unreadable.append(relative)
        continue
      }
      let bytes = [UInt8](data)
      guard let parsed = try? ContentsJSONWriter.parse(bytes, file: relative) else {
        unreadable.append(relative)
        continue
      }
      if ContentsJSONWriter.encode(parsed) == bytes {
        same += 1
      } else {
        different.append(relative)
      }
    }
    print(
      "Contents.json sweep of \(corpus): \(same) of \(same + different.count + unreadable.count) re-encode byte for byte"
    )
    for file in different { print("  differs: \(file)") }
    for file in unreadable { print("  unreadable: \(file)") }
    #expect(same + different.count + unreadable.count > 0)
  }
}

/// An edit of a Contents.json an older Xcode wrote with its keys unsorted changes only what it
/// changes (qianlima210210/AlternateIconsDemo: 58 lines rewritten for two new entries, now 12).
@Suite struct ContentsJSONKeyOrderTests {
  static let original = """
    {
      "images" : [
        {
          "idiom" : "iphone",
          "size" : "60x60",
          "scale" : "2x"
        },
        {
          "size" : "60x60",
          "idiom" : "iphone",
          "filename" : "icon60@3x.png",
          "scale" : "3x"
        }
      ],
      "info" : {
        "version" : 1,
        "author" : "xcode"
      }
    }
    """

  @Test func unchangedEntriesKeepTheirTextAndNewOnesAreSorted() throws {
    let bytes = Array(Self.original.utf8)
    let parsed = try ContentsJSONWriter.parse(bytes, file: "Contents.json")
    guard var members = parsed.objectValue, var images = members["images"]?.arrayValue,
      var first = images[0].objectValue
    else {
      Issue.record("not parsed")
      return
    }
    first["filename"] = .string("icon60@2x.png")
    images[0] = .object(first)
    images.append(
      .object([
        "filename": .string("icon76@2x.png"), "idiom": .string("ipad"), "scale": .string("2x"),
        "size": .string("76x76"),
      ]))
    members["images"] = .array(images)
    let written = String(
      decoding: ContentsJSONWriter.encode(.object(members), keepingOrderOf: bytes), as: UTF8.self)
    let expected = """
      {
        "images" : [
          {
            "idiom" : "iphone",
            "size" : "60x60",
            "scale" : "2x",
            "filename" : "icon60@2x.png"
          },
          {
            "size" : "60x60",
            "idiom" : "iphone",
            "filename" : "icon60@3x.png",
            "scale" : "3x"
          },
          {
            "filename" : "icon76@2x.png",
            "idiom" : "ipad",
            "scale" : "2x",
            "size" : "76x76"
          }
        ],
        "info" : {
          "version" : 1,
          "author" : "xcode"
        }
      }
      """
    // No final line end in the original: none added.
    #expect(written == expected, "\(written)")
    // Without an original to follow, Xcode's sorted form.
    #expect(
      String(decoding: ContentsJSONWriter.encode(.object(members)), as: UTF8.self).contains(
        "\"author\" : \"xcode\",\n    \"version\" : 1"))
  }
}
