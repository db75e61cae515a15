import Foundation
import Testing

@testable import IconEdit

@Suite struct LooseIconWriterTests {
  @Test func detectsTheNamingOfExistingFiles() {
    #expect(
      LooseIconWriter.Naming.detect(fileNames: [
        "AppIcons/2024Crescendo/2024Crescendo@2x.png", "icon-1@3x.png",
      ])
        == .scaleSuffixes)
    #expect(LooseIconWriter.Naming.detect(fileNames: ["Blue60x60@2x.png"]) == .pointSizes)
    #expect(LooseIconWriter.Naming.detect(fileNames: ["Blue83.5x83.5@2x~ipad.png"]) == .pointSizes)
    #expect(LooseIconWriter.Naming.detect(fileNames: []) == .scaleSuffixes)
  }

  @Test func scaleSuffixesForIPhoneAndIPad() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    let image = try IconImageInput.load(
      try fixtures.png("in.png", width: 1024, height: 1024), root: nil)
    let folder = fixtures.folder.appendingPathComponent("AppIcons/2025Reefscape", isDirectory: true)
    let output = try LooseIconWriter.files(
      name: "2025Reefscape", image: image, in: folder, runsOnIPad: true, naming: .scaleSuffixes,
      createFolder: true)
    #expect(
      output.changes.first == .createDirectory(folder, "a folder for the icon \"2025Reefscape\""))
    let files = try output.changes.dropFirst().map {
      ($0.path.lastPathComponent, try decodedSize($0.updated).width)
    }
    #expect(
      files.map(\.0) == [
        "2025Reefscape@2x.png", "2025Reefscape@3x.png", "2025Reefscape~ipad.png",
        "2025Reefscape@2x~ipad.png", "2025Reefscape83.5x83.5@2x~ipad.png",
      ])
    #expect(files.map(\.1) == [120, 180, 76, 152, 167])
    #expect(
      output.changes.dropFirst().allSatisfy {
        $0.path.deletingLastPathComponent().path == folder.path
      })
    #expect(output.iPhoneIconFiles == ["2025Reefscape"])
    #expect(output.iPadIconFiles == ["2025Reefscape", "2025Reefscape83.5x83.5"])
    #expect(output.warnings.isEmpty)
  }

  @Test func pointSizesAsActoolNamesThem() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    let image = try IconImageInput.load(
      try fixtures.png("in.png", width: 2048, height: 2048), root: nil)
    let output = try LooseIconWriter.files(
      name: "Blue", image: image, in: fixtures.folder, runsOnIPad: true, naming: .pointSizes)
    let files = try output.changes.map {
      ($0.path.lastPathComponent, try decodedSize($0.updated).width)
    }
    #expect(
      files.map(\.0) == [
        "Blue60x60@2x.png", "Blue60x60@3x.png", "Blue76x76~ipad.png", "Blue76x76@2x~ipad.png",
        "Blue83.5x83.5@2x~ipad.png",
      ])
    #expect(files.map(\.1) == [120, 180, 76, 152, 167])
    #expect(output.iPhoneIconFiles == ["Blue60x60"])
    #expect(output.iPadIconFiles == ["Blue60x60", "Blue76x76", "Blue83.5x83.5"])
  }

  @Test func iPhoneOnlyAppsGetNoIPadFiles() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    let image = try IconImageInput.load(
      try fixtures.png("in.png", width: 1024, height: 1024, alpha: 100), root: nil)
    let output = try LooseIconWriter.files(
      name: "icon-9", image: image, in: fixtures.folder, runsOnIPad: false, naming: .scaleSuffixes)
    #expect(output.changes.map(\.path.lastPathComponent) == ["icon-9@2x.png", "icon-9@3x.png"])
    #expect(output.iPadIconFiles.isEmpty)
    #expect(output.warnings.first?.hasPrefix("in.png has transparent pixels") == true)
  }

  @Test func refusesTakenFilesAndBadNames() throws {
    let fixtures = try IconFileFixtures()
    defer { fixtures.remove() }
    let image = try IconImageInput.load(
      try fixtures.png("in.png", width: 1024, height: 1024), root: nil)
    let taken = try fixtures.write("Red@3x.png", "x")
    #expect(throws: EditError.exists(file: taken.path)) {
      try LooseIconWriter.files(
        name: "Red", image: image, in: fixtures.folder, runsOnIPad: false, naming: .scaleSuffixes)
    }
    #expect(throws: EditError.invalidName(name: "a/b", reason: "it cannot be a file name")) {
      try LooseIconWriter.files(
        name: "a/b", image: image, in: fixtures.folder, runsOnIPad: false, naming: .scaleSuffixes)
    }
  }
}
