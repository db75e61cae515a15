// Times the preview pipeline inside one process, for `make bench`: per 1024×1024 icon,
// on one thread cold (decode, render, store in the cache), the decode alone three ways (the
// previews' fast path `fast`, libpng's `decode`, and the fast path's stages: libdeflate's
// `inflate` alone, the floor, then `unfilter` and the plain `unfilter-reference`),
// warm (read back from the cache), and all the icons at once on a RenderQueue as the picker
// renders them (cold; the wall time of the whole batch divided by the number of icons).
// Usage: iconpick-bench RUNS COLSxROWS PNG...  → one line per figure: name median min max (ms);
// then `threads N`, the batch's width. With Icon Composer `.icon` folders instead of PNGs, the
// figures are `cold` (draw the bundle with librsvg and cairo, render, store) and `warm` per bundle.
// The other commands and their usage: BenchCommand (Sources/BenchCommandLine), which reads the
// command line.
import BenchCommandLine
import Dispatch
import FoundationEssentials
import IconCatalog
import IconRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let command: BenchCommand
do {
  command = try BenchCommand(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
  StandardErrorStream.write(error.description + "\n")
  exit(2)
}
switch command {
case .time(let runs, let columns, let rows, let files):
  timePipeline(runs: runs, columns: columns, rows: rows, files: files)
case .compare(let files): exit(compare(files))
case .car(let files): exit(listCars(files))
case .carTime(let runs, let file): exit(timeCar(runs: runs, file: file))
case .same(let first, let second, let tolerance):
  exit(same(first, second, tolerance: tolerance))
case .fidelity(let pairs, let sheet): exit(Fidelity.run(pairs: pairs, sheet: sheet))
case .pickerMoves(let moves, let app): exit(PickerMoves.run(moves: moves, app: app))
}

/// `iconpick-bench compare PNG...`: the previews' fast path against libpng, pixel for pixel, on
/// each file (`make corpus-png`); 1 if any differs.
func compare(_ paths: [String]) -> Int32 {
  var differing = 0
  var fast = 0
  for path in paths {
    let (agree, verdict) = FastPNGStages.compareWithLibpng(file: URL(fileURLWithPath: path))
    if !agree { differing += 1 }
    if verdict.hasPrefix("same") { fast += 1 }
    print("\(agree ? "ok  " : "FAIL") \(path): \(verdict)")
  }
  let total = paths.count
  print(
    "\(total) PNGs: \(fast) through the fast path with libpng's pixels, \(total - fast - differing) "
      + "declined (libpng's), \(differing) differing")
  return differing == 0 ? 0 : 1
}

/// `iconpick-bench car FILE...`: what each Assets.car lists (versions, facets, renditions), for
/// `make builtapps`; 1 if any cannot be read.
func listCars(_ paths: [String]) -> Int32 {
  var failed = false
  for path in paths {
    do {
      let car = try AssetsCar.read(URL(fileURLWithPath: path))
      print("\(path): \(car.versionString.isEmpty ? car.mainVersion : car.versionString)")
      if let metadata = car.metadata {
        print(
          "  platform \(metadata.deploymentPlatform) \(metadata.deploymentPlatformVersion), \(metadata.authoringTool)"
        )
      }
      print(
        "  \(car.facets.count) facets, \(car.renditions.count) renditions (header: \(car.declaredRenditionCount))"
      )
      for rendition in car.renditions
      where rendition.width > 0 || rendition.isMultisizeImageSet || rendition.isIconComposer {
        print(
          "  \(rendition.facet ?? "?") \(rendition.idiom) \(rendition.width)×\(rendition.height) @\(rendition.scale)x "
            + "\(rendition.appearance) layout \(rendition.layout)\(rendition.layoutName.map { " (\($0))" } ?? "") "
            + "\(rendition.pixelFormat) \(rendition.name)")
      }
    } catch {
      print("FAIL \(error.description)")
      failed = true
    }
  }
  return failed ? 1 : 0
}

/// `iconpick-bench car-time RUNS FILE`: the CPU time of listing one Assets.car in process,
/// RUNS times (`car MEDIAN MIN MAX`, ms); 1 if it cannot be read.
func timeCar(runs: Int, file path: String) -> Int32 {
  let file = URL(fileURLWithPath: path)
  var times: [Double] = []
  for _ in 0..<runs {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let before =
      Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000
    let car = try? AssetsCar.read(file)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let after =
      Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000
    guard car != nil else {
      print("FAIL: \(path) is not a car")
      return 1
    }
    times.append(after - before)
  }
  times.sort()
  print(String(printf: "car %.3f %.3f %.3f", times[times.count / 2], times.first!, times.last!))
  return 0
}

/// `iconpick-bench same A B [TOLERANCE]`: both images decoded as previews decode them (A may be
/// a CgBI PNG), as RGBA; 1 unless every sample is the same, or within TOLERANCE of it
/// (`make builtapps`).
func same(_ first: String, _ second: String, tolerance: Int) -> Int32 {
  let paths = [first, second]
  do {
    let images = try paths.map {
      try PNGDecoder.decodePreviewPixels(file: URL(fileURLWithPath: $0), opaqueAsRGB: false)
    }
    let (a, b) = (images[0], images[1])
    let sameSize = a.width == b.width && a.height == b.height
    let differences = zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }
    let largest = differences.max() ?? 0
    let differing = differences.filter { $0 != 0 }.count
    let same = sameSize && largest <= tolerance
    print(
      "\(same ? "ok  " : "FAIL") \(paths[0]) (\(a.width)×\(a.height)) against \(paths[1]) "
        + "(\(b.width)×\(b.height)): "
        + (differing == 0 && sameSize
          ? "the same pixels"
          : "\(differing) samples differ, by at most \(largest) (tolerance \(tolerance))"))
    return same ? 0 : 1
  } catch {
    print("FAIL \(error)")
    return 1
  }
}

func milliseconds(_ work: () -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  work()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

/// `iconpick-bench RUNS COLSxROWS FILE...`: the figures the header describes.
func timePipeline(runs: Int, columns: Int, rows: Int, files paths: [String]) {
  let files = paths.map { URL(fileURLWithPath: $0) }
  let cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "iconpick-bench-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: cacheFolder) }
  let thumbnailer = Thumbnailer(mode: .palette256, cache: ThumbnailCache(directory: cacheFolder))
  let queue = RenderQueue()

  func icon(_ file: URL) -> AppIcon {
    let kind: IconRendition.Kind = file.pathExtension == "icon" ? .iconComposer : .image
    return AppIcon(
      name: file.lastPathComponent, assetName: nil, displayName: "", isPrimary: false,
      renditions: [
        IconRendition(file: file, idiom: "universal", pointSize: 1024, scale: 1, kind: kind)
      ])
  }

  let icons = files.map(icon)
  var cold: [Double] = []
  var decode: [Double] = []
  var fast: [Double] = []
  var inflate: [Double] = []
  var unfilter: [Double] = []
  var unfilterReference: [Double] = []
  let stages = files.map { $0.pathExtension == "icon" ? nil : FastPNGStages.stages(file: $0) }
  var warm: [Double] = []
  var batch: [Double] = []
  for _ in 0..<runs {
    for (file, subject) in zip(files, icons) {
      try? FileManager.default.removeItem(at: cacheFolder)
      cold.append(
        milliseconds { _ = thumbnailer.thumbnail(for: subject, columns: columns, rows: rows) })
      warm.append(
        milliseconds { _ = thumbnailer.thumbnail(for: subject, columns: columns, rows: rows) })
      if file.pathExtension != "icon" {
        decode.append(
          milliseconds { _ = try? PNGDecoder.decodePixels(file: file, opaqueAsRGB: true) })
        fast.append(milliseconds { _ = FastPNGStages.decode(file: file) })
      }
    }
    for case let stage? in stages {
      inflate.append(milliseconds { _ = stage.inflate() })
      unfilter.append(milliseconds { _ = stage.unfilter() })
      unfilterReference.append(milliseconds { _ = stage.reference() })
    }
    try? FileManager.default.removeItem(at: cacheFolder)
    let whole = milliseconds {
      _ = thumbnailer.thumbnails(for: icons, columns: columns, rows: rows, on: queue)
    }
    batch.append(whole / Double(icons.count))
  }

  func report(_ name: String, _ samples: [Double]) {
    let sorted = samples.sorted()
    let median =
      sorted.count % 2 == 1
      ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    print(name, String(printf: "%.3f %.3f %.3f", median, sorted.first!, sorted.last!))
  }
  report("cold", cold)
  if !decode.isEmpty { report("decode", decode) }
  if stages.allSatisfy({ $0 != nil }) && !fast.isEmpty {
    report("fast", fast)
    report("inflate", inflate)
    report("unfilter", unfilter)
    report("unfilter-reference", unfilterReference)
  }
  report("warm", warm)
  report("batch", batch)
  print("threads", queue.width)
}
