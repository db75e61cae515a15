/// Apple's BOM store: the container of `Assets.car` (and of `.bom` files). Big-endian: a header
/// ("BOMStore", version, block count, the block index's and the variables' offsets and lengths),
/// a block index (address and length of each numbered block), and named variables, each naming
/// a block. Trees ("tree" blocks) map keys to values through path blocks.
///
/// Everything is checked against the file: a block that runs past the end, a tree whose paths
/// loop, or counts larger than the bytes could hold are errors, never a crash or a long walk.
struct BOMStore {
  let bytes: [UInt8]
  let file: String
  /// Each block's byte range, by number (block 0 is unused and empty).
  let blocks: [Range<Int>]
  /// Variable name → block number.
  let variables: [String: Int]
  /// Entries of one tree with distinct key blocks (a car with every idiom and scale of thousands
  /// of images has tens of thousands).
  static let maximumEntries = 1_000_000

  init(bytes: [UInt8], file: String) throws(AssetsCarError) {
    self.bytes = bytes
    self.file = file
    guard bytes.count >= 32, bytes.starts(with: Array("BOMStore".utf8)) else {
      throw .notACar(file: file, reason: "it does not start with \"BOMStore\"")
    }
    let reader = ByteReader(bytes: bytes)
    let indexOffset = reader.bigUInt32(at: 16)!
    let indexLength = reader.bigUInt32(at: 20)!
    let variablesOffset = reader.bigUInt32(at: 24)!
    let variablesLength = reader.bigUInt32(at: 28)!
    func region(_ offset: Int, _ length: Int, _ what: String) throws(AssetsCarError) -> Range<Int> {
      guard offset <= bytes.count, length <= bytes.count - offset else {
        throw .damaged(file: file, reason: "the \(what) runs past the end of the file")
      }
      return offset..<offset + length
    }
    let index = try region(indexOffset, indexLength, "block index")
    guard let count = reader.bigUInt32(at: index.lowerBound), index.count >= 4 else {
      throw .damaged(file: file, reason: "the block index is empty")
    }
    // Each entry takes 8 bytes of the index: a count larger than that is a lie.
    guard count <= (index.count - 4) / 8 else {
      throw .damaged(
        file: file, reason: "the block index claims \(count) blocks in \(index.count) bytes")
    }
    var blocks: [Range<Int>] = []
    blocks.reserveCapacity(count)
    for number in 0..<count {
      let entry = index.lowerBound + 4 + number * 8
      let address = reader.bigUInt32(at: entry)!
      let length = reader.bigUInt32(at: entry + 4)!
      // An unused entry (address and length 0) or one past the end stays empty; using it is
      // the error, with the variable or tree that names it.
      if address <= bytes.count, length <= bytes.count - address {
        blocks.append(address..<address + length)
      } else {
        blocks.append(0..<0)
      }
    }
    self.blocks = blocks

    let vars = try region(variablesOffset, variablesLength, "variables")
    guard let variableCount = reader.bigUInt32(at: vars.lowerBound), vars.count >= 4 else {
      throw .damaged(file: file, reason: "the variables are empty")
    }
    guard variableCount <= (vars.count - 4) / 5 else {
      throw .damaged(
        file: file, reason: "\(variableCount) variables claimed in \(vars.count) bytes")
    }
    var variables: [String: Int] = [:]
    var offset = vars.lowerBound + 4
    for _ in 0..<variableCount {
      guard offset + 5 <= vars.upperBound, let block = reader.bigUInt32(at: offset) else {
        throw .damaged(file: file, reason: "the variables are cut short")
      }
      let length = Int(bytes[offset + 4])
      guard offset + 5 + length <= vars.upperBound else {
        throw .damaged(file: file, reason: "a variable's name runs past the variables")
      }
      let name = String(decoding: bytes[offset + 5..<offset + 5 + length], as: UTF8.self)
      variables[name] = block
      offset += 5 + length
    }
    self.variables = variables
  }

  /// The bytes of the block a variable names; nil when there is no such variable.
  func variable(_ name: String) throws(AssetsCarError) -> Range<Int>? {
    guard let number = variables[name] else { return nil }
    return try block(number, "the variable \(name)")
  }

  /// A block's bytes; `what` names who points at it, for the error.
  func block(_ number: Int, _ what: String) throws(AssetsCarError) -> Range<Int> {
    guard number > 0, number < blocks.count, !blocks[number].isEmpty else {
      throw .damaged(file: file, reason: "\(what) names block \(number), which does not exist")
    }
    return blocks[number]
  }

  /// One key and value of a tree: byte ranges into `bytes`.
  struct Entry {
    let key: Range<Int>
    let value: Range<Int>
  }

  /// Every entry of the tree a variable names, leaf after leaf; nil when there is no such
  /// variable. Each path block is visited at most once (a loop is an error), so the walk is
  /// bounded by the number of blocks, and the entries by the bytes the blocks hold.
  func tree(_ name: String) throws(AssetsCarError) -> [Entry]? {
    guard let header = try variable(name) else { return nil }
    let reader = ByteReader(bytes: bytes)
    guard header.count >= 21,
      bytes[header.lowerBound..<header.lowerBound + 4].elementsEqual("tree".utf8)
    else {
      throw .damaged(file: file, reason: "the variable \(name) is not a tree")
    }
    let root = reader.bigUInt32(at: header.lowerBound + 8)!
    var visited = Set<Int>()
    var number = root
    // Down the first branch to the first leaf.
    while true {
      guard visited.insert(number).inserted else {
        throw .damaged(file: file, reason: "the tree \(name) loops back to block \(number)")
      }
      let path = try block(number, "the tree \(name)")
      guard path.count >= 12 else {
        throw .damaged(file: file, reason: "a path of the tree \(name) is cut short")
      }
      let isLeaf = reader.bigUInt16(at: path.lowerBound)! != 0
      if isLeaf { break }
      let count = reader.bigUInt16(at: path.lowerBound + 2)!
      guard count > 0, path.count >= 12 + 8 else {
        throw .damaged(file: file, reason: "a branch of the tree \(name) is empty")
      }
      number = reader.bigUInt32(at: path.lowerBound + 12)!
    }
    var entries: [Entry] = []
    // A tree holds each key once: an entry naming a key block already read adds nothing, so
    // entries that all share one block cost one entry, and the limit counts distinct keys.
    var keys = Set<Int>()
    while true {
      let path = try block(number, "the tree \(name)")
      let count = reader.bigUInt16(at: path.lowerBound + 2)!
      guard path.count >= 12 + count * 8 else {
        throw .damaged(
          file: file, reason: "a leaf of the tree \(name) claims \(count) entries it cannot hold")
      }
      for index in 0..<count {
        let entry = path.lowerBound + 12 + index * 8
        let keyNumber = reader.bigUInt32(at: entry + 4)!
        let value = try block(reader.bigUInt32(at: entry)!, "an entry of the tree \(name)")
        let key = try block(keyNumber, "an entry of the tree \(name)")
        guard keys.insert(keyNumber).inserted else { continue }
        guard entries.count < BOMStore.maximumEntries else {
          throw .tooLarge(
            file: file, what: "the tree \(name) with more distinct keys",
            limit: BOMStore.maximumEntries)
        }
        entries.append(Entry(key: key, value: value))
      }
      let forward = reader.bigUInt32(at: path.lowerBound + 4)!
      if forward == 0 { break }
      guard visited.insert(forward).inserted else {
        throw .damaged(file: file, reason: "the tree \(name) loops back to block \(forward)")
      }
      number = forward
      guard (try block(number, "the tree \(name)")).count >= 12 else {
        throw .damaged(file: file, reason: "a path of the tree \(name) is cut short")
      }
    }
    return entries
  }
}

/// Reads numbers and strings at offsets of a byte array; nil past its end.
struct ByteReader {
  let bytes: [UInt8]

  func bigUInt32(at offset: Int) -> Int? {
    guard offset >= 0, offset <= bytes.count - 4 else { return nil }
    return Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
      | Int(bytes[offset + 3])
  }

  func bigUInt16(at offset: Int) -> Int? {
    guard offset >= 0, offset <= bytes.count - 2 else { return nil }
    return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
  }

  func uint32(at offset: Int) -> Int? {
    guard offset >= 0, offset <= bytes.count - 4 else { return nil }
    return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16
      | Int(bytes[offset + 3]) << 24
  }

  func uint16(at offset: Int) -> Int? {
    guard offset >= 0, offset <= bytes.count - 2 else { return nil }
    return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
  }

  /// A NUL-terminated string in a fixed field of `length` bytes (clipped to the array).
  func string(at offset: Int, length: Int) -> String {
    guard offset >= 0, offset < bytes.count else { return "" }
    let field = bytes[offset..<min(bytes.count, offset + length)]
    return String(decoding: field.prefix { $0 != 0 }, as: UTF8.self)
  }

  /// Four characters stored reversed (little-endian tags such as `ISTC` for "CSTI"), read back
  /// the right way round.
  func tag(at offset: Int) -> String {
    guard offset >= 0, offset <= bytes.count - 4 else { return "" }
    return String(decoding: bytes[offset..<offset + 4].reversed(), as: UTF8.self)
  }
}
