import FoundationEssentials

/// Checks a binary property list's object graph before Foundation parses it: a hostile file
/// can nest arrays thousands deep, or share one object between many parents so that the tree
/// Foundation builds (and anything walking it) grows exponentially: 60 arrays each naming the
/// next twice are 2^60 nodes in a 1 KB file. Real Info.plists are a few levels deep and have a
/// few thousand values.
///
/// Only the structure is read (the trailer, the offset table, the markers and object references
/// of arrays, sets and dictionaries); a file this cannot follow is left to Foundation, which
/// refuses it with its own message.
enum BinaryPlistLimits {
  /// Deeper than any real plist (Foundation itself gives up somewhere past 500).
  static let maximumDepth = 128
  /// Values counted as a tree (every reference to a shared object counted again).
  static let maximumValues = 1_000_000

  /// Why `bytes` are refused, or nil (including for anything that is not a binary plist).
  static func problem(_ data: Data) -> String? {
    guard data.count >= 40, data.starts(with: Array("bplist00".utf8)) else { return nil }
    let bytes = [UInt8](data)
    func number(at start: Int, size: Int) -> Int? {
      guard start >= 0, size >= 1, size <= 8, start <= bytes.count - size else { return nil }
      var value: UInt64 = 0
      for index in start..<start + size { value = value << 8 | UInt64(bytes[index]) }
      return Int(exactly: value)
    }
    let trailer = bytes.count - 32
    let offsetSize = Int(bytes[trailer + 6])
    let referenceSize = Int(bytes[trailer + 7])
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
      let count = number(at: trailer + 8, size: 8), count > 0, count <= trailer,
      let top = number(at: trailer + 16, size: 8), top < count,
      let table = number(at: trailer + 24, size: 8), table <= trailer,
      count <= (trailer - table) / offsetSize
    else { return nil }

    /// The references an object holds (none for a scalar), or nil when they cannot be read.
    func children(_ object: Int) -> [Int]? {
      guard let offset = number(at: table + object * offsetSize, size: offsetSize),
        offset < trailer
      else { return nil }
      let marker = bytes[offset]
      let kind = marker >> 4
      guard kind == 0xA || kind == 0xC || kind == 0xD else { return [] }
      var length = Int(marker & 0x0F)
      var start = offset + 1
      if length == 0x0F {
        guard start < trailer, bytes[start] >> 4 == 0x1 else { return nil }
        let size = 1 << Int(bytes[start] & 0x0F)
        guard let value = number(at: start + 1, size: size) else { return nil }
        length = value
        start += 1 + size
      }
      // A dictionary holds a key and a value per entry; a hostile length must not overflow.
      let (references, overflow) =
        kind == 0xD ? length.multipliedReportingOverflow(by: 2) : (length, false)
      guard !overflow, references <= (trailer - start) / referenceSize else { return nil }
      var found: [Int] = []
      found.reserveCapacity(references)
      for index in 0..<references {
        guard let reference = number(at: start + index * referenceSize, size: referenceSize),
          reference < count
        else { return nil }
        found.append(reference)
      }
      return found
    }

    // Depth-first from the top object, without recursion: each object's depth and tree size
    // are worked out once (memoized), so shared objects cost nothing more to check.
    var depth = [Int32](repeating: -1, count: count)
    var values = [Int](repeating: 0, count: count)
    var onPath = [Bool](repeating: false, count: count)
    var stack: [(object: Int, children: [Int], next: Int)] = []
    guard let rootChildren = children(top) else { return nil }
    stack.append((top, rootChildren, 0))
    onPath[top] = true
    while let last = stack.last {
      if stack.count > maximumDepth {
        return "values nested more than \(maximumDepth) deep"
      }
      if last.next < last.children.count {
        let child = last.children[last.next]
        stack[stack.count - 1].next += 1
        if depth[child] >= 0 { continue }
        if onPath[child] { return "a value that contains itself" }
        guard let grandchildren = children(child) else { return nil }
        onPath[child] = true
        stack.append((child, grandchildren, 0))
        continue
      }
      stack.removeLast()
      onPath[last.object] = false
      var deepest: Int32 = 0
      var total = 1
      for child in last.children {
        deepest = max(deepest, depth[child] + 1)
        total += values[child]
        if total > maximumValues {
          return
            "more than \(maximumValues) values once shared ones are counted each time they are used"
        }
      }
      depth[last.object] = deepest
      values[last.object] = total
    }
    return nil
  }
}
