// Times the preview pipeline inside one process, for `make bench`: per 1024×1024 icon,
// on one thread cold (decode, render, store in the cache), the decode alone three ways (the
// previews' fast path `fast`, libpng's `decode`, and the fast path's stages: libdeflate's
// `inflate` alone, the floor, then `unfilter` and the plain `unfilter-reference`),
// warm (read back from the cache), and all the icons at once on a RenderQueue as the picker
// renders them (cold; the wall time of the whole batch divided by the number of icons).
// Usage: iconpick-bench RUNS COLSxROWS PNG...  → one line per figure: name median min max (ms);
// then `threads N`, the batch's width. With Icon Composer `.icon` folders instead of PNGs, the
// figures are `cold` (draw the bundle with librsvg and cairo, render, store) and `warm` per bundle.
import Foundation
import IconCatalog
import IconRender

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "fidelity" { exit(Fidelity.run(Array(arguments.dropFirst()))) }
// `iconpick-bench compare PNG...`: the previews' fast path against libpng, pixel for pixel, on
// each file (`make corpus-png`); exits 1 if any differs.
if arguments.first == "compare" {
  var differing = 0
  var fast = 0
  for path in arguments.dropFirst() {
    let (agree, verdict) = FastPNGStages.compareWithLibpng(file: URL(fileURLWithPath: path))
    if !agree { differing += 1 }
    if verdict.hasPrefix("same") { fast += 1 }
    print("\(agree ? "ok  " : "FAIL") \(path): \(verdict)")
  }
  let total = arguments.count - 1
  print(
    "\(total) PNGs: \(fast) through the fast path with libpng's pixels, \(total - fast - differing) "
      + "declined (libpng's), \(differing) differing")
  exit(differing == 0 ? 0 : 1)
}
// `iconpick-bench car FILE...`: what each Assets.car lists (versions, facets, renditions), for
// `make builtapps`; exits 1 if any cannot be read. `iconpick-bench car-time RUNS FILE` times the
// listing in process (CPU ms: median min max).
if arguments.first == "car" {
  var failed = false
  for path in arguments.dropFirst() {
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
  exit(failed ? 1 : 0)
}
if arguments.first == "car-time", arguments.count == 3, let runs = Int(arguments[1]), runs >= 1 {
  let file = URL(fileURLWithPath: arguments.last!)
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
      print("FAIL: not a car")
      exit(1)
    }
    times.append(after - before)
  }
  times.sort()
  print(String(format: "car %.3f %.3f %.3f", times[times.count / 2], times.first!, times.last!))
  exit(0)
}
// `iconpick-bench same A B [TOLERANCE]`: both images decoded as previews decode them (A may be
// a CgBI PNG), as RGBA; exits 1 unless every sample is the same, or within TOLERANCE of it
// (`make builtapps`).
if arguments.first == "same", arguments.count == 3 || arguments.count == 4 {
  let paths = Array(arguments.dropFirst().prefix(2))
  let tolerance = arguments.count == 4 ? Int(arguments.last!) ?? 0 : 0
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
    exit(same ? 0 : 1)
  } catch {
    print("FAIL \(error)")
    exit(1)
  }
}
guard arguments.count >= 3, let runs = Int(arguments.first!),
  case let size = arguments.dropFirst().first!.split(separator: "x").compactMap({ Int($0) }),
  size.count == 2
else {
  FileHandle.standardError.write(Data("usage: iconpick-bench RUNS COLSxROWS PNG...\n".utf8))
  exit(2)
}
let files = arguments.dropFirst(2).map { URL(fileURLWithPath: $0) }
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

func milliseconds(_ work: () -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  work()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
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
      milliseconds { _ = thumbnailer.thumbnail(for: subject, columns: size[0], rows: size[1]) })
    warm.append(
      milliseconds { _ = thumbnailer.thumbnail(for: subject, columns: size[0], rows: size[1]) })
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
    _ = thumbnailer.thumbnails(for: icons, columns: size[0], rows: size[1], on: queue)
  }
  batch.append(whole / Double(icons.count))
}

func report(_ name: String, _ samples: [Double]) {
  let sorted = samples.sorted()
  let median =
    sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
  print(name, String(format: "%.3f %.3f %.3f", median, sorted.first!, sorted.last!))
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
