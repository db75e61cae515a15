import Testing

@testable import BenchCommandLine

@Suite struct BenchCommandTests {
  func parse(_ words: [String]) throws(BenchUsageError) -> BenchCommand {
    try BenchCommand(arguments: words)
  }

  func error(_ words: [String]) -> BenchUsageError? {
    do {
      _ = try parse(words)
      return nil
    } catch {
      return error
    }
  }

  @Test func runsAndASizeTimeThePipelineOnTheFiles() throws {
    #expect(
      try parse(["15", "12x6", "a.png", "b.png"])
        == .time(runs: 15, columns: 12, rows: 6, files: ["a.png", "b.png"]))
    #expect(
      try parse(["1", "16X8", "Palette.icon"])
        == .time(runs: 1, columns: 16, rows: 8, files: ["Palette.icon"]))
  }

  @Test func carTimeTakesItsRunsThenTheFile() throws {
    // The words after the program's name, as a fresh array: the slice this replaces kept its
    // original indices, so `car-time 50 FILE` read its command name as the run count.
    let words = Array(["iconpick-bench", "car-time", "50", "Assets.car"].dropFirst())
    #expect(try parse(words) == .carTime(runs: 50, file: "Assets.car"))
  }

  @Test func compareAndCarTakeOneFileOrMore() throws {
    #expect(try parse(["compare", "a.png"]) == .compare(files: ["a.png"]))
    #expect(try parse(["compare", "a.png", "b.png"]) == .compare(files: ["a.png", "b.png"]))
    #expect(try parse(["car", "x.car", "y.car"]) == .car(files: ["x.car", "y.car"]))
  }

  @Test func sameTakesTwoImagesAndAnOptionalTolerance() throws {
    #expect(
      try parse(["same", "a.png", "b.png"]) == .same(first: "a.png", second: "b.png", tolerance: 0))
    #expect(
      try parse(["same", "a.png", "b.png", "3"])
        == .same(first: "a.png", second: "b.png", tolerance: 3))
  }

  @Test func fidelityTakesThePairsAndTheSheet() throws {
    #expect(
      try parse(["fidelity", "pairs", "sheet.png"]) == .fidelity(pairs: "pairs", sheet: "sheet.png")
    )
  }

  @Test func pickerMovesTakesTheMovesThenTheApp() throws {
    #expect(
      try parse(["picker-moves", "40", "Palette"]) == .pickerMoves(moves: 40, app: "Palette"))
    #expect(
      error(["picker-moves", "0", "Palette"])
        == .badValue(
          "0", name: "MOVES", expected: "a whole number of at least 1",
          form: "iconpick-bench picker-moves MOVES APP"))
    #expect(
      error(["picker-moves", "40"]) == .wrongCount(form: "iconpick-bench picker-moves MOVES APP"))
  }

  @Test(arguments: [
    ([], BenchUsageError.noCommand),
    (["compare"], .wrongCount(form: "iconpick-bench compare PNG...")),
    (["car"], .wrongCount(form: "iconpick-bench car CAR...")),
    (["car-time"], .wrongCount(form: "iconpick-bench car-time RUNS CAR")),
    (["car-time", "50"], .wrongCount(form: "iconpick-bench car-time RUNS CAR")),
    (["car-time", "50", "a.car", "b.car"], .wrongCount(form: "iconpick-bench car-time RUNS CAR")),
    (["same", "a.png"], .wrongCount(form: "iconpick-bench same A B [TOLERANCE]")),
    (["same", "a", "b", "1", "2"], .wrongCount(form: "iconpick-bench same A B [TOLERANCE]")),
    (["fidelity", "pairs"], .wrongCount(form: "iconpick-bench fidelity PAIRS SHEET.png")),
    (["fidelity", "p", "s", "t"], .wrongCount(form: "iconpick-bench fidelity PAIRS SHEET.png")),
    (["15"], .wrongCount(form: "iconpick-bench RUNS COLSxROWS FILE...")),
    (["15", "12x6"], .wrongCount(form: "iconpick-bench RUNS COLSxROWS FILE...")),
    (["time", "15", "12x6", "a.png"], .unknownCommand("time")),
    (["car-times", "50", "a.car"], .unknownCommand("car-times")),
  ])
  func aWrongNumberOfWordsIsRefused(words: [String], expected: BenchUsageError) {
    #expect(error(words) == expected)
  }

  @Test(arguments: [
    (["car-time", "0", "a.car"], "RUNS", "0"),
    (["car-time", "many", "a.car"], "RUNS", "many"),
    (["car-time", "a.car", "50"], "RUNS", "a.car"),
    (["same", "a.png", "b.png", "-1"], "TOLERANCE", "-1"),
    (["same", "a.png", "b.png", "close"], "TOLERANCE", "close"),
    (["0", "12x6", "a.png"], "RUNS", "0"),
    (["-3", "12x6", "a.png"], "RUNS", "-3"),
    (["15", "12", "a.png"], "COLSxROWS", "12"),
    (["15", "12x", "a.png"], "COLSxROWS", "12x"),
    (["15", "0x6", "a.png"], "COLSxROWS", "0x6"),
    (["15", "12x6x2", "a.png"], "COLSxROWS", "12x6x2"),
    (["15", "a.png", "12x6"], "COLSxROWS", "a.png"),
  ])
  func aWrongValueIsNamed(words: [String], name: String, value: String) throws {
    let refusal = try #require(error(words))
    guard case .badValue(let text, let named, _, let form) = refusal else {
      Issue.record("expected a bad value, got \(refusal)")
      return
    }
    #expect(text == value)
    #expect(named == name)
    #expect(BenchCommand.usage.contains(form))
    #expect(refusal.description.hasPrefix("iconpick-bench: \(name) \"\(value)\" is not "))
    #expect(refusal.description.hasSuffix("\nusage: \(form)"))
  }

  @Test func theUsageListsEveryForm() {
    let text = BenchUsageError.noCommand.description
    for form in BenchCommand.usage { #expect(text.contains(form)) }
    #expect(BenchUsageError.unknownCommand("x").description.contains("\"x\" is neither a command"))
  }
}
