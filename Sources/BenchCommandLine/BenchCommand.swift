// iconpick-bench's command line, read in one place: a pure function from the words after the
// program's name to what to do, so that `make bench`, `make corpus-png`, `make builtapps` and
// `make fidelity` cannot drift from the tool without a test failing.

/// What `iconpick-bench` is asked to do, with its values.
public enum BenchCommand: Equatable, Sendable {
  /// `RUNS COLSxROWS FILE...`: the preview pipeline timed in one process, per icon (PNG files
  /// or Icon Composer `.icon` folders).
  case time(runs: Int, columns: Int, rows: Int, files: [String])
  /// `compare PNG...`: the previews' fast path against libpng, pixel for pixel.
  case compare(files: [String])
  /// `car CAR...`: what each Assets.car lists.
  case car(files: [String])
  /// `car-time RUNS CAR`: the CPU time of listing one Assets.car, RUNS times.
  case carTime(runs: Int, file: String)
  /// `same A B [TOLERANCE]`: both images decoded as previews decode them, sample by sample.
  case same(first: String, second: String, tolerance: Int)
  /// `fidelity PAIRS SHEET.png`: Icon Composer's exports beside iconpick's drawings.
  case fidelity(pairs: String, sheet: String)
  /// `picker-moves MOVES APP`: a cursor move's image bytes and CPU time, per protocol, with the
  /// list rows' thumbnails in cells and as images.
  case pickerMoves(moves: Int, app: String)

  /// Each form, as the usage prints it.
  public static let usage = [
    "iconpick-bench RUNS COLSxROWS FILE...",
    "iconpick-bench compare PNG...",
    "iconpick-bench car CAR...",
    "iconpick-bench car-time RUNS CAR",
    "iconpick-bench same A B [TOLERANCE]",
    "iconpick-bench fidelity PAIRS SHEET.png",
    "iconpick-bench picker-moves MOVES APP",
  ]

  /// The command `arguments` (the words after the program's name) ask for.
  public init(arguments: [String]) throws(BenchUsageError) {
    guard let first = arguments.first else { throw .noCommand }
    let values = Array(arguments.dropFirst())
    switch first {
    case "compare":
      guard !values.isEmpty else { throw .wrongCount(form: Self.usage[1]) }
      self = .compare(files: values)
    case "car":
      guard !values.isEmpty else { throw .wrongCount(form: Self.usage[2]) }
      self = .car(files: values)
    case "car-time":
      guard values.count == 2 else { throw .wrongCount(form: Self.usage[3]) }
      self = .carTime(
        runs: try Self.runs(values[0], form: Self.usage[3]), file: values[1])
    case "same":
      guard values.count == 2 || values.count == 3 else {
        throw .wrongCount(form: Self.usage[4])
      }
      var tolerance = 0
      if values.count == 3 {
        guard let number = Int(values[2]), number >= 0 else {
          throw .badValue(
            values[2], name: "TOLERANCE", expected: "a whole number, 0 or more",
            form: Self.usage[4])
        }
        tolerance = number
      }
      self = .same(first: values[0], second: values[1], tolerance: tolerance)
    case "fidelity":
      guard values.count == 2 else { throw .wrongCount(form: Self.usage[5]) }
      self = .fidelity(pairs: values[0], sheet: values[1])
    case "picker-moves":
      guard values.count == 2 else { throw .wrongCount(form: Self.usage[6]) }
      guard let moves = Int(values[0]), moves >= 1 else {
        throw .badValue(
          values[0], name: "MOVES", expected: "a whole number of at least 1", form: Self.usage[6])
      }
      self = .pickerMoves(moves: moves, app: values[1])
    default:
      guard Int(first) != nil else { throw .unknownCommand(first) }
      guard arguments.count >= 3 else { throw .wrongCount(form: Self.usage[0]) }
      let runs = try Self.runs(first, form: Self.usage[0])
      let size = arguments[1].lowercased().split(separator: "x", omittingEmptySubsequences: false)
      guard size.count == 2, let columns = Int(size[0]), let rows = Int(size[1]), columns >= 1,
        rows >= 1
      else {
        throw .badValue(
          arguments[1], name: "COLSxROWS", expected: "two whole numbers of at least 1, e.g. 12x6",
          form: Self.usage[0])
      }
      self = .time(runs: runs, columns: columns, rows: rows, files: Array(arguments.dropFirst(2)))
    }
  }

  private static func runs(_ text: String, form: String) throws(BenchUsageError) -> Int {
    guard let runs = Int(text), runs >= 1 else {
      throw .badValue(text, name: "RUNS", expected: "a whole number of at least 1", form: form)
    }
    return runs
  }
}

/// A command line iconpick-bench cannot run (exit 2); the description is what to print.
public enum BenchUsageError: Error, Equatable, CustomStringConvertible {
  /// No words at all.
  case noCommand
  /// The first word is neither a command nor a number of runs.
  case unknownCommand(String)
  /// Too few or too many words for the command `form` shows.
  case wrongCount(form: String)
  /// The value `text` of `name` is not what the command takes.
  case badValue(String, name: String, expected: String, form: String)

  public var description: String {
    switch self {
    case .noCommand:
      return "usage:\n" + BenchCommand.usage.map { "  " + $0 }.joined(separator: "\n")
    case .unknownCommand(let word):
      return "iconpick-bench: \"\(word)\" is neither a command nor a number of runs\nusage:\n"
        + BenchCommand.usage.map { "  " + $0 }.joined(separator: "\n")
    case .wrongCount(let form):
      return "usage: \(form)"
    case .badValue(let text, let name, let expected, let form):
      return "iconpick-bench: \(name) \"\(text)\" is not \(expected)\nusage: \(form)"
    }
  }
}
