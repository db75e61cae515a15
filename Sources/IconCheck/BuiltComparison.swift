import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `check PROJECT --against APP`: what iconpick predicts the build makes of the sources, compared
/// with what a built `.app`, `.ipa` or `.xcarchive` holds. Both sides are the same model
/// (`AppIcons`); every difference is a `built-differs` error naming both sides, put at the
/// project's file and line where the predicted fact comes from, its message naming the artifact's
/// file and key path or rendition. This is how iconpick's reading is checked against Xcode's.
///
/// What is compared, each at the level where a difference is real:
/// - the platform and the device families (`UIDeviceFamily`);
/// - the icon dictionaries (`CFBundleIcons`, `CFBundleIcons~ipad`, `CFBundleIcons~iphone`): which
///   exist, each one's primary `CFBundleIconName`, and its alternates;
/// - each icon: its name, its `CFBundleIconName`, the devices it works on;
/// - each icon's sizes, as pixels per device (iPhone, iPad) and the 1024×1024 App Store image,
///   in the `any` appearance: actool also stores a slot's image under other scales (a 60pt @3x
///   image again as 90pt @2x), which a size in points would count as a difference. A single-size
///   1024 set or an Icon Composer `.icon` is drawn at sizes of actool's choosing, so it asks
///   only for images on each device and the App Store one; a `.icon` the car holds as an Icon
///   Composer stack (layout 1019/1020) asks for nothing more.
enum BuiltComparison {
  /// The artifact's paths as messages write them: relative to `root` when inside it.
  struct Names {
    var root: URL?

    func shown(_ path: String) -> String {
      guard let root else { return path }
      let base = root.standardizedFileURL.path
      let prefix = base.hasSuffix("/") ? base : base + "/"
      return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
  }

  static func diagnose(
    predicted: AppIcons, facts: ProjectFacts?, built: AppIcons, car: AssetsCar?, root: URL?
  ) -> [Diagnostic] {
    let names = Names(root: root)
    let plist = names.shown(built.location.appendingPathComponent("Info.plist").path)
    let builtPlist = "the built Info.plist (\(plist))"
    guard predicted.platform == built.platform else {
      return [
        differs(
          at: nil,
          "predicted \(article(predicted.platform.rawValue)) \(predicted.platform.rawValue) app; \(builtPlist) is \(article(built.platform.rawValue)) \(built.platform.rawValue) app"
        )
      ]
    }
    var found: [Diagnostic] = []
    if Set(predicted.deviceFamilies) != Set(built.deviceFamilies) {
      found.append(
        differs(
          at: nil,
          "predicted an app for \(devices(predicted.deviceFamilies)) (TARGETED_DEVICE_FAMILY \(predicted.deviceFamilies.map(String.init).joined(separator: ","))); \(builtPlist) has UIDeviceFamily \(built.deviceFamilies.map(String.init).joined(separator: ",")), \(devices(built.deviceFamilies))"
        ))
    }
    var dictionaries = Dictionaries(
      predicted: predicted, built: built, facts: facts, builtPlist: builtPlist)
    found += dictionaries.diagnose()
    found += icons(
      predicted: predicted, built: built, facts: facts, builtPlist: builtPlist,
      mentioned: dictionaries.mentioned, primaryReported: dictionaries.primaryReported,
      iconNamesReported: dictionaries.iconNamesReported)
    if predicted.platform == .iOS {
      found += sizes(predicted: predicted, built: built, car: car, facts: facts, names: names)
    }
    return found
  }

  static func differs(at location: (file: String?, line: Int?)?, _ message: String) -> Diagnostic {
    Diagnostic(
      id: .builtDiffers, file: location?.file, line: location?.line, message: message,
      fix:
        "Rebuild the artifact from these sources (it may be older than they are), or, if it is current, report the difference: iconpick read the sources differently from Xcode."
    )
  }

  /// A difference that `habit` explains (`XcodeHabits`): a note that says so, not an error.
  static func habit(at location: (file: String?, line: Int?)?, _ message: String, _ habit: String)
    -> Diagnostic
  {
    Diagnostic(
      id: .builtDiffers, file: location?.file, line: location?.line,
      message: "\(message); \(habit)",
      fix: "Nothing to change in the sources; a build with a current Xcode does not differ here.",
      isNote: true)
  }

  static func article(_ word: String) -> String {
    word.first.map { "AEIOUaeiou".contains($0) } == true ? "an" : "a"
  }

  static func devices(_ families: [Int]) -> String {
    let words = families.map { family in
      switch family {
      case 1: return "iPhone"
      case 2: return "iPad"
      case 3: return "Apple TV"
      default: return "device family \(family)"
      }
    }
    return list(words)
  }

  /// "a", "a and b", "a, b and c".
  static func list(_ words: [String]) -> String {
    guard let last = words.last else { return "none" }
    return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " and " + last
  }

  static func quoted(_ name: String) -> String { "\"\(IconChecks.escaped(name))\"" }

  // MARK: The icon dictionaries

  struct Dictionaries {
    let predicted: AppIcons
    let built: AppIcons
    let facts: ProjectFacts?
    let builtPlist: String
    /// The icons a finding here already names: the icon-level comparison says no more of them.
    var mentioned = Set<String>()
    var primaryReported = false
    /// The alternates whose `CFBundleIconName` a finding here already names.
    var iconNamesReported = Set<String>()

    init(predicted: AppIcons, built: AppIcons, facts: ProjectFacts?, builtPlist: String) {
      self.predicted = predicted
      self.built = built
      self.facts = facts
      self.builtPlist = builtPlist
    }

    mutating func diagnose() -> [Diagnostic] {
      let ours = predicted.iconDictionaries
      let theirs = built.iconDictionaries
      var found: [Diagnostic] = []
      for dictionary in ours.dictionaries where theirs[dictionary.key] == nil {
        let origin = dictionary.primary?.origin ?? dictionary.alternates.first?.origin
        found.append(
          differs(
            at: origin.map(location) ?? fallback,
            "predicted \(dictionary.key)\(origin.map { " (\(describe($0)))" } ?? ""); \(builtPlist) has no \(dictionary.key)"
          ))
      }
      for dictionary in theirs.dictionaries where ours[dictionary.key] == nil {
        let message =
          "\(builtPlist) has \(dictionary.key); predicted no \(dictionary.key) from the sources"
        if let why = XcodeHabits.extraDictionary(dictionary.key, built: built) {
          found.append(habit(at: fallback, message, why))
        } else {
          found.append(differs(at: fallback, message))
        }
      }
      let common = ours.dictionaries.map(\.key).filter { theirs[$0] != nil }
      found += primaries(common)
      found += alternates(common)
      return found
    }

    /// The project's Info.plist, else what `check` falls back on.
    var fallback: (file: String?, line: Int?)? { facts?.infoPlist.map { ($0.path, nil) } }

    func location(_ origin: BuiltIconDictionaries.Origin) -> (file: String?, line: Int?)? {
      switch origin {
      case .infoPlist(let file, let line, _): return (file, line)
      case .buildSetting(_, let file, let line): return file.map { ($0, line) } ?? fallback
      case .compiledSet(let name):
        if let set = facts?.iconSets.first(where: { $0.name == name }) {
          return (set.file.path, nil)
        }
        return fallback
      }
    }

    func describe(_ origin: BuiltIconDictionaries.Origin) -> String {
      switch origin {
      case .infoPlist: return "written in the Info.plist"
      case .buildSetting(let setting, _, _): return "generated from \(setting)"
      case .compiledSet(let name): return "generated from the set \(quoted(name))"
      }
    }

    /// How a dictionary's primary reads in a message.
    static func primaryText(_ entry: BuiltIconDictionaries.Entry?) -> String {
      guard let entry else { return "no CFBundlePrimaryIcon" }
      return entry.name.isEmpty ? "no CFBundleIconName" : "CFBundleIconName \(quoted(entry.name))"
    }

    mutating func primaries(_ keys: [String]) -> [Diagnostic] {
      // Keys whose primaries differ the same way are one finding.
      var groups: [(ours: String, theirs: String, keys: [String], at: (String?, Int?)?)] = []
      for key in keys {
        let mine = predicted.iconDictionaries[key]?.primary
        let other = built.iconDictionaries[key]?.primary
        guard mine?.name != other?.name else { continue }
        let (ours, theirs) = (Self.primaryText(mine), Self.primaryText(other))
        if let index = groups.firstIndex(where: { $0.ours == ours && $0.theirs == theirs }) {
          groups[index].keys.append(key)
        } else {
          groups.append((ours, theirs, [key], mine.map { location($0.origin) } ?? fallback))
        }
      }
      primaryReported = !groups.isEmpty
      return groups.map { group in
        differs(
          at: group.at,
          "predicted \(list(group.keys)) → CFBundlePrimaryIcon with \(group.ours); \(builtPlist) has \(group.theirs) there"
        )
      }
    }

    mutating func alternates(_ keys: [String]) -> [Diagnostic] {
      var order: [String] = []
      var seen = Set<String>()
      for key in keys {
        for entry in (predicted.iconDictionaries[key]?.alternates ?? [])
          + (built.iconDictionaries[key]?.alternates ?? [])
        where seen.insert(entry.name).inserted {
          order.append(entry.name)
        }
      }
      // Each dictionary's alternates by name, made once: looking a name up in the list for each
      // name was quadratic (100,000 alternates: minutes).
      let predictedByName = Self.alternatesByName(keys, predicted.iconDictionaries)
      let builtByName = Self.alternatesByName(keys, built.iconDictionaries)
      var found: [Diagnostic] = []
      for name in order {
        let ours = keys.filter { predictedByName[$0]?[name] != nil }
        let theirs = keys.filter { builtByName[$0]?[name] != nil }
        let onlyOurs = ours.filter { !theirs.contains($0) }
        let onlyTheirs = theirs.filter { !ours.contains($0) }
        if !onlyOurs.isEmpty {
          let origin = predictedByName[onlyOurs[0]]?[name]?.origin
          let there = theirs.isEmpty ? "" : " there"
          found.append(
            differs(
              at: origin.map(location) ?? fallback,
              "predicted \(list(onlyOurs)) → CFBundleAlternateIcons has \(quoted(name)); \(builtPlist) has no \(quoted(name))\(there)"
            ))
        }
        if !onlyTheirs.isEmpty {
          let there = ours.isEmpty ? "" : " there"
          found.append(
            differs(
              at: declaration(of: name),
              "\(builtPlist) has \(quoted(name)) in \(list(onlyTheirs)) → CFBundleAlternateIcons; predicted no \(quoted(name))\(there)"
            ))
        }
        if !onlyOurs.isEmpty || !onlyTheirs.isEmpty { mentioned.insert(name) }
      }
      found += entryFields(keys, names: order, predictedByName, builtByName)
      return found
    }

    /// The alternates of the dictionary at each key, by name (the first of a name, as a lookup
    /// in the list finds it).
    static func alternatesByName(_ keys: [String], _ dictionaries: BuiltIconDictionaries)
      -> [String: [String: BuiltIconDictionaries.Entry]]
    {
      var found: [String: [String: BuiltIconDictionaries.Entry]] = [:]
      for key in keys {
        guard let dictionary = dictionaries[key] else { continue }
        var byName: [String: BuiltIconDictionaries.Entry] = [:]
        for entry in dictionary.alternates where byName[entry.name] == nil {
          byName[entry.name] = entry
        }
        found[key] = byName
      }
      return found
    }

    /// Each entry both sides have, in the dictionaries both have: an alternate's
    /// `CFBundleIconName`, and the primary's and each alternate's `CFBundleIconFiles`, as far as
    /// the prediction knows them (actool names a generated entry's
    /// files; a value holding `$(…)` is left to the icon-level comparison, which expands it).
    /// Dictionaries that differ the same way make one finding.
    mutating func entryFields(
      _ keys: [String], names: [String],
      _ predictedByName: [String: [String: BuiltIconDictionaries.Entry]],
      _ builtByName: [String: [String: BuiltIconDictionaries.Entry]]
    ) -> [Diagnostic] {
      struct Group {
        var name: String
        var field: String
        var ours: String
        var theirs: String
        var keys: [String]
        var at: (file: String?, line: Int?)?
      }
      var groups: [Group] = []
      // Where each (name, field, ours, theirs) group is in `groups`.
      var positions: [[String]: Int] = [:]
      func add(
        _ name: String, _ field: String, _ ours: String, _ theirs: String, _ key: String,
        _ origin: BuiltIconDictionaries.Origin
      ) {
        if let index = positions[[name, field, ours, theirs]] {
          groups[index].keys.append(key)
        } else {
          positions[[name, field, ours, theirs]] = groups.count
          groups.append(
            Group(
              name: name, field: field, ours: ours, theirs: theirs, keys: [key],
              at: location(origin) ?? fallback))
        }
      }
      // The primary's files (its name is `primaries`'), then each alternate's name and files.
      for key in keys {
        guard let mine = predicted.iconDictionaries[key]?.primary,
          let other = built.iconDictionaries[key]?.primary, mine.name == other.name,
          case .infoPlist = mine.origin, mine.iconFiles != other.iconFiles,
          !mine.iconFiles.contains(where: { $0.contains("$") })
        else { continue }
        add(
          "", "CFBundleIconFiles", Self.text(mine.iconFiles), Self.text(other.iconFiles), key,
          mine.origin)
      }
      for name in names {
        for key in keys {
          guard let mine = predictedByName[key]?[name], let other = builtByName[key]?[name]
          else { continue }
          if mine.iconName != other.iconName, !(mine.iconName ?? "").contains("$") {
            add(
              name, "CFBundleIconName", Self.text(mine.iconName), Self.text(other.iconName), key,
              mine.origin)
          }
          if case .infoPlist = mine.origin, mine.iconFiles != other.iconFiles,
            !mine.iconFiles.contains(where: { $0.contains("$") })
          {
            add(
              name, "CFBundleIconFiles", Self.text(mine.iconFiles), Self.text(other.iconFiles),
              key, mine.origin)
          }
        }
      }
      for group in groups where group.field == "CFBundleIconName" {
        iconNamesReported.insert(group.name)
      }
      return groups.map { group in
        differs(
          at: group.at,
          "predicted \(list(group.keys)) → \(group.name.isEmpty ? "CFBundlePrimaryIcon" : "CFBundleAlternateIcons → \(quoted(group.name))") → \(group.field) \(group.ours); \(builtPlist) has \(group.theirs) there"
        )
      }
    }

    static func text(_ name: String?) -> String { name.map(quoted) ?? "none" }

    static func text(_ files: [String]) -> String {
      files.isEmpty ? "none" : "[" + files.map(quoted).joined(separator: ", ") + "]"
    }

    /// Where the sources declare an alternate, else where they would.
    func declaration(of name: String) -> (file: String?, line: Int?)? {
      guard let facts else { return nil }
      if let icon = predicted.alternate(named: name) {
        let place = facts.declaration(ofIcon: name, assetName: icon.assetName, isPrimary: false)
        return (place.file.path, place.line)
      }
      if let setting = facts.alternateNamesLocation {
        return (setting.file.path, setting.line)
      }
      return fallback
    }
  }

  // MARK: The icons

  /// `mentioned`: the alternates a dictionary finding already names; `primaryReported`: whether
  /// one already names the primary; `iconNamesReported`: the alternates whose `CFBundleIconName`
  /// one already names.
  static func icons(
    predicted: AppIcons, built: AppIcons, facts: ProjectFacts?, builtPlist: String,
    mentioned: Set<String>, primaryReported: Bool, iconNamesReported: Set<String> = []
  ) -> [Diagnostic] {
    func place(_ icon: AppIcon) -> (file: String?, line: Int?)? {
      guard let facts else { return nil }
      let found = facts.declaration(
        ofIcon: icon.name, assetName: icon.assetName, isPrimary: icon.isPrimary)
      return (found.file.path, found.line)
    }
    var found: [Diagnostic] = []
    // With no CFBundlePrimaryIcon on either side (an empty primary set generates none), neither
    // name is the build's: each is the reader's stand-in.
    let primaryNamed = [predicted, built].contains { app in
      app.iconDictionaries.dictionaries.contains { $0.primary != nil }
    }
    if predicted.primary.name != built.primary.name, !primaryReported, primaryNamed {
      found.append(
        differs(
          at: place(predicted.primary),
          "predicted the primary icon \(quoted(predicted.primary.name)); \(builtPlist) makes it \(quoted(built.primary.name))"
        ))
    }
    let theirs = Dictionary(built.alternates.map { ($0.name, $0) }) { first, _ in first }
    let ours = Set(predicted.alternates.map(\.name))
    for icon in predicted.alternates where !mentioned.contains(icon.name) {
      guard let other = theirs[icon.name] else {
        found.append(
          differs(
            at: place(icon),
            "predicted the alternate icon \(quoted(icon.name)); \(builtPlist) declares no \(quoted(icon.name))"
          ))
        continue
      }
      if icon.assetName != other.assetName, !iconNamesReported.contains(icon.name) {
        found.append(
          differs(
            at: place(icon),
            "predicted the alternate \(quoted(icon.name)) → CFBundleIconName \(iconName(icon)); \(builtPlist) has \(iconName(other)) for it"
          ))
      }
      let devices = Set(predicted.deviceIdioms).intersection(built.deviceIdioms)
      let mine = icon.idioms.filter(devices.contains)
      let offered = other.idioms.filter(devices.contains)
      if Set(mine) != Set(offered) {
        found.append(
          differs(
            at: place(icon),
            "predicted the alternate \(quoted(icon.name)) to work on \(list(mine.map(PlatformDecision.deviceName(ofIdiom:)))); \(builtPlist) offers it on \(list(offered.map(PlatformDecision.deviceName(ofIdiom:))))"
          ))
      }
    }
    for icon in built.alternates where !ours.contains(icon.name) && !mentioned.contains(icon.name) {
      found.append(
        differs(
          at: facts?.infoPlist.map { ($0.path, nil) },
          "\(builtPlist) declares the alternate icon \(quoted(icon.name)); predicted no such icon"))
    }
    return found
  }

  static func iconName(_ icon: AppIcon) -> String {
    icon.assetName.map(quoted) ?? "none (loose files only)"
  }

  // MARK: Sizes

  /// One image size on one device: `iphone` 120, or the App Store image (`ios-marketing` 1024).
  struct SizeKey: Hashable, Comparable {
    var idiom: String
    var pixels: Int

    static func < (lhs: SizeKey, rhs: SizeKey) -> Bool {
      (lhs.idiom, lhs.pixels) < (rhs.idiom, rhs.pixels)
    }

    var text: String {
      idiom == "ios-marketing"
        ? "\(pixels)×\(pixels) App Store"
        : "\(pixels)×\(pixels) \(PlatformDecision.deviceName(ofIdiom: idiom))"
    }
  }

  /// Each rendition's sizes, by the devices it serves among `devices`: a 1024×1024 image is the
  /// App Store one whatever its idiom; a universal image serves every device; other idioms
  /// (Mac, watch, CarPlay) and the dark and tinted appearances are left out.
  static func keys(_ renditions: [BuiltRendition], devices: [String]) -> [SizeKey: [BuiltRendition]]
  {
    var keyed: [SizeKey: [BuiltRendition]] = [:]
    for rendition in renditions where rendition.appearance == IconAppearance.any.rawValue {
      guard let pixels = rendition.pixels, pixels > 0 else { continue }
      let idioms: [String]
      if pixels == 1024,
        ["ios-marketing", "universal", "iphone", "ipad"].contains(rendition.idiom)
      {
        idioms = ["ios-marketing"]
      } else if rendition.idiom == "universal" {
        idioms = devices
      } else if devices.contains(rendition.idiom) {
        idioms = [rendition.idiom]
      } else {
        idioms = []
      }
      for idiom in idioms {
        keyed[SizeKey(idiom: idiom, pixels: pixels), default: []].append(rendition)
      }
    }
    return keyed
  }

  static func sizes(
    predicted: AppIcons, built: AppIcons, car: AssetsCar?, facts: ProjectFacts?, names: Names
  ) -> [Diagnostic] {
    let devices = predicted.deviceIdioms.filter(built.deviceIdioms.contains)
    let app = names.shown(built.location.path)
    // A car thinned for one device lacks the other devices' sizes and the App Store image by
    // design: only what it holds beyond the prediction is a difference.
    let thinned = built.build.thinnedFor != nil
    let theirs = Dictionary(built.alternates.map { ($0.name, $0) }) { first, _ in first }
    var found: [Diagnostic] = []
    for icon in predicted.allIcons {
      // The primaries are compared whatever their names (a name that differs is a finding of
      // its own).
      guard let other = icon.isPrimary ? built.primary : theirs[icon.name]
      else { continue }
      let ours = keys(predicted.predictedRenditions(of: icon), devices: devices)
      let builtRenditions = built.builtRenditions(of: other, car: car)
      let held = keys(builtRenditions, devices: devices)
      let located = SizeChecks.location(icon, in: predicted)
      let place = (file: located.file, line: located.line)
      let owner = icon.isPrimary ? "the primary icon" : "the alternate"
      if icon.renditions.contains(where: { $0.kind == .iconComposer }),
        car?.renditions(of: other.assetName ?? other.name).contains(where: \.isIconComposer)
          == true
      {
        // An Icon Composer icon compiled as one: its stack is drawn at whatever size is shown.
        continue
      }
      if SizeChecks.coversEverySize(icon) {
        // Drawn at sizes of actool's choosing: a thinned car holds some of them, for its device.
        if thinned { continue }
        // actool draws the sizes from one image: each device needs some, and the App Store one.
        let wanted = devices + ["ios-marketing"]
        let missing = wanted.filter { idiom in !held.keys.contains { $0.idiom == idiom } }
        guard !missing.isEmpty else { continue }
        let what = missing.map {
          $0 == "ios-marketing" ? "App Store (1024×1024)" : PlatformDecision.deviceName(ofIdiom: $0)
        }
        found.append(
          differs(
            at: place,
            "predicted \(owner) \(quoted(icon.name)) to have every size, drawn by actool from one image; the built app (\(app)) has no \(list(what)) image of it"
          ))
        continue
      }
      let missing = thinned ? [] : ours.keys.filter { held[$0] == nil }.sorted()
      if !missing.isEmpty {
        found.append(
          differs(
            at: place,
            "predicted \(owner) \(quoted(icon.name)) to have \(images(missing)) (\(sourceText(missing, ours, names))); the built app (\(app): Assets.car and its loose PNGs) has none"
          ))
      }
      let extra = held.keys.filter { ours[$0] == nil }.sorted()
      if !extra.isEmpty {
        found.append(
          differs(
            at: place,
            "the built app (\(app)) has \(images(extra)) of \(owner) \(quoted(icon.name)) (\(sourceText(extra, held, names))); predicted none from the sources"
          ))
      }
    }
    return found
  }

  /// "a 180×180 iPhone image", "152×152 and 167×167 iPad images".
  static func images(_ sizes: [SizeKey]) -> String {
    sizes.count == 1 ? "a \(sizes[0].text) image" : "\(list(sizes.map(\.text))) images"
  }

  /// Where the first image of each size comes from: `Icon-60@2x.png`, `Assets.car: iphone 60pt
  /// @3x`.
  static func sourceText(
    _ sizes: [SizeKey], _ keyed: [SizeKey: [BuiltRendition]], _ names: Names
  ) -> String {
    var texts: [String] = []
    for size in sizes {
      guard let rendition = keyed[size]?.first else { continue }
      let text: String
      if rendition.source == "Assets.car" {
        let points = rendition.size.map { $0.rounded() == $0 ? String(Int($0)) : String($0) }
        text =
          "Assets.car: \(rendition.idiom)\(points.map { " \($0)pt" } ?? "") @\(rendition.scale)x"
      } else {
        text = URL(fileURLWithPath: rendition.source).lastPathComponent
      }
      if !texts.contains(text) { texts.append(text) }
    }
    // A whole set missing names its first few files: the sizes say the rest.
    let shown = texts.prefix(3).joined(separator: ", ")
    return texts.count > 3 ? shown + " and \(texts.count - 3) more" : shown
  }
}
