import FoundationEssentials

/// Checks a binary property list's object graph before Foundation parses it: a hostile file
/// can nest arrays thousands deep, or share one object between many parents so that the tree
/// Foundation builds (and anything walking it) grows exponentially: 60 arrays each naming the
/// next twice are 2^60 nodes in a 1 KB file. Real Info.plists are a few levels deep and have a
/// few thousand values.
///
/// Only the structure is read (the trailer, the offset table, the markers, the lengths of
/// strings and data, and the object references of arrays, sets and dictionaries). A file this
/// cannot follow is refused here too: FoundationEssentials' binary reader traps on some such
/// files (a dictionary whose length is near Int.max) where CoreFoundation's refused them.
enum BinaryPlistLimits {
  /// Deeper than any real plist (Foundation itself gives up somewhere past 500).
  static let maximumDepth = 128
  /// Values counted as a tree (every reference to a shared object counted again).
  static let maximumValues = 1_000_000

  /// Why `bytes` are refused, or nil (including for anything that is not a binary plist).
  static func problem(_ data: Data) -> String? {
    guard data.starts(with: Array("bplist".utf8)) else { return nil }
    guard data.count >= 40 else { return "fewer bytes than its 32-byte trailer needs" }
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
    else { return "a trailer that does not fit the file" }
    let unfollowable = "an object that reaches past the end of its table"

    /// The references an object holds (none for a scalar), or nil when they cannot be read.
    func children(_ object: Int) -> [Int]? {
      guard let offset = number(at: table + object * offsetSize, size: offsetSize),
        offset < trailer
      else { return nil }
      let marker = bytes[offset]
      let kind = marker >> 4
      var length = Int(marker & 0x0F)
      var start = offset + 1
      switch kind {
      case 0x1, 0x2:
        // An integer or a real of 2^n bytes (at most 16).
        guard length <= 4, (1 << length) <= trailer - start else { return nil }
        return []
      case 0x3:
        guard marker == 0x33, 8 <= trailer - start else { return nil }
        return []
      case 0x4, 0x5, 0x6, 0x8, 0xA, 0xB, 0xC, 0xD: break
      default: return []
      }
      if length == 0x0F, kind != 0x8 {
        guard start < trailer, bytes[start] >> 4 == 0x1 else { return nil }
        let size = 1 << Int(bytes[start] & 0x0F)
        guard let value = number(at: start + 1, size: size) else { return nil }
        length = value
        start += 1 + size
      }
      if kind == 0x8 { return length + 1 <= trailer - start ? [] : nil }
      if kind == 0x4 || kind == 0x5 || kind == 0x6 {
        // Data and ASCII text a byte a unit, UTF-16 text two.
        let (bytesNeeded, overflow) = length.multipliedReportingOverflow(by: kind == 0x6 ? 2 : 1)
        return !overflow && bytesNeeded <= trailer - start ? [] : nil
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
    guard let rootChildren = children(top) else { return unfollowable }
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
        guard let grandchildren = children(child) else { return unfollowable }
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
