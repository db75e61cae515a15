/// A property of `icon.json` with its `*-specializations`: a base value (`fill`) and entries
/// that replace it for an appearance, an idiom or both (`fill-specializations`).
public struct Specialized<Value: Sendable & Equatable & Hashable>: Sendable, Equatable, Hashable {
  public struct Entry: Sendable, Equatable, Hashable {
    /// Nil for an entry for every appearance. Icon Composer writes `light`, read as `.any`.
    public var appearance: IconAppearance?
    /// Nil for every idiom; otherwise Icon Composer's idiom (`square`, `watchOS`, `macOS`, ...).
    public var idiom: String?
    public var value: Value

    public init(appearance: IconAppearance? = nil, idiom: String? = nil, value: Value) {
      self.appearance = appearance
      self.idiom = idiom
      self.value = value
    }
  }

  /// The plain key's value; nil when only specializations (or nothing) are written.
  public var base: Value?
  public var entries: [Entry]

  public init(_ base: Value? = nil, entries: [Entry] = []) {
    self.base = base
    self.entries = entries
  }

  /// True when nothing is written for this property.
  public var isEmpty: Bool { base == nil && entries.isEmpty }

  /// The value for `appearance` on `idiom` (nil: an iPhone or iPad, which has no idiom entry):
  /// appearance and idiom, then appearance, then (tinted only) the same for dark, then the
  /// entry for every appearance, then the base; nil when none applies and the caller's
  /// built-in default stands.
  public func value(for appearance: IconAppearance, idiom: String? = nil) -> Value? {
    func entry(_ wanted: IconAppearance?) -> Value? {
      if let idiom,
        let match = entries.first(where: { $0.appearance == wanted && $0.idiom == idiom })
      {
        return match.value
      }
      return entries.first { $0.appearance == wanted && $0.idiom == nil }?.value
    }
    if appearance != .any, let found = entry(appearance) { return found }
    // Tinted icons start from the dark look.
    if appearance == .tinted, let found = entry(.dark) { return found }
    if appearance == .any, let found = entry(.any) { return found }
    return entry(nil) ?? base
  }

  /// Every value written, the base first: for checks that look at each one.
  public var allValues: [Value] { (base.map { [$0] } ?? []) + entries.map(\.value) }
}
