import Glibc
import Testing

@testable import SharedLibrary

@Suite struct SharedLibraryTests {
  @Test func aLibraryThatIsNotThereSaysWhatToInstall() {
    let library = SharedLibrary(
      name: "librsvg", sonames: ["libiconpick-not-there.so.9"], package: "librsvg2-2")
    #expect(throws: SharedLibraryError.self) { try library.load() }
    do {
      try library.load()
    } catch {
      #expect(error.description.hasPrefix("librsvg is not installed: apt-get install librsvg2-2 ("))
      #expect(error.description.contains("libiconpick-not-there.so.9"))
    }
    #expect(library.function("cos", as: (@convention(c) (Double) -> Double).self) == nil)
  }
}

@Suite struct SharedLibraryLoadingTests {
  typealias Cosine = @convention(c) (Double) -> Double

  @Test func aFunctionIsFoundAndCalled() throws {
    let library = SharedLibrary(name: "libm", sonames: ["libm.so.6"], package: "libc6")
    try library.load()
    let cosine = try #require(library.function("cos", as: Cosine.self))
    #expect(cosine(0) == 1)
    #expect(library.function("iconpick_no_such_function", as: Cosine.self) == nil)
  }

  @Test func theFirstFileThatOpensIsUsed() throws {
    let library = SharedLibrary(
      name: "libm", sonames: ["libiconpick-not-there.so.9", "libm.so.6"], package: "libc6")
    try library.load()
    #expect(library.function("cos", as: Cosine.self) != nil)
  }

  @Test func aLibraryWithoutARequiredFunctionIsTooOld() {
    let library = SharedLibrary(
      name: "libm", sonames: ["libm.so.6"], package: "libc6",
      requiredFunctions: ["cos", "iconpick_no_such_function"])
    #expect(
      throws: SharedLibraryError.tooOld(
        library: "libm", package: "libc6", missingFunction: "iconpick_no_such_function")
    ) { try library.load() }
    #expect(library.function("cos", as: Cosine.self) == nil)
  }

  @Test func theOverrideVariableNamesTheOnlyFileTried() throws {
    let variable = "ICONPICK_TEST_SONAME_\(getpid())"
    setenv(variable, "libiconpick-not-there.so.9", 1)
    defer { unsetenv(variable) }
    let library = SharedLibrary(
      name: "libm", sonames: ["libm.so.6"], package: "libc6", overrideVariable: variable)
    #expect(throws: SharedLibraryError.self) { try library.load() }
  }

  @Test func manyThreadsLoadItOnceAndFindTheSameFunction() async throws {
    let library = SharedLibrary(name: "libm", sonames: ["libm.so.6"], package: "libc6")
    let results = await withTaskGroup(of: Double?.self) { group in
      for index in 0..<64 {
        group.addTask {
          let name = index.isMultiple(of: 2) ? "cos" : "sin"
          return library.function(name, as: Cosine.self).map { $0(0) }
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 64)
    #expect(results.filter { $0 == 1 }.count == 32)
    #expect(results.filter { $0 == 0 }.count == 32)
  }
}
