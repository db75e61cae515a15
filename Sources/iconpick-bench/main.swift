// Times the preview pipeline inside one process, for `make bench`: per 1024×1024 icon,
// cold (decode, render, store in the cache) and warm (read back from the cache).
// Usage: iconpick-bench RUNS COLSxROWS PNG...  → one line per figure: name median min max (ms).
import Foundation
import IconCatalog
import IconRender

let arguments = CommandLine.arguments.dropFirst()
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

func icon(_ file: URL) -> AppIcon {
  AppIcon(
    name: file.lastPathComponent, assetName: nil, displayName: "", isPrimary: false,
    renditions: [IconRendition(file: file, idiom: "universal", pointSize: 1024, scale: 1)])
}

func milliseconds(_ work: () -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  work()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

var cold: [Double] = []
var warm: [Double] = []
for _ in 0..<runs {
  for file in files {
    try? FileManager.default.removeItem(at: cacheFolder)
    let subject = icon(file)
    cold.append(
      milliseconds { _ = thumbnailer.thumbnail(for: subject, columns: size[0], rows: size[1]) })
    warm.append(
      milliseconds { _ = thumbnailer.thumbnail(for: subject, columns: size[0], rows: size[1]) })
  }
}

func report(_ name: String, _ samples: [Double]) {
  let sorted = samples.sorted()
  let median =
    sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
  print(name, String(format: "%.3f %.3f %.3f", median, sorted.first!, sorted.last!))
}
report("cold", cold)
report("warm", warm)
