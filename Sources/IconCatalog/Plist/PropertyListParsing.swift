import FoundationEssentials

/// FoundationEssentials' parse of a property list's bytes behind the checks IconCatalog's readers make
/// first (binary plist limits, nesting depth, binary sets that crash Foundation on Linux), for
/// modules that parse plists of their own (IconEdit checks each edit by parsing it again).
public enum PropertyListParsing {
  /// The parsed value and its format; `file` names it in errors.
  public static func parse(_ bytes: [UInt8], file: URL) throws(IconCatalogError) -> (
    value: Any, format: PropertyListValue.Format
  ) {
    let data = Data(bytes)
    return (try PropertyListFile.parse(data, file: file), PropertyListValue.format(of: data))
  }
}
