import IconCatalog

/// XcodeGen's `project.yml` read with libyaml, for IconCatalog, which stays Foundation only.
public enum SpecYAML {
  /// Makes IconCatalog read YAML with `YAMLDocument.parse`; once, at start-up.
  public static func install() {
    ProjectSpecYAML.install { bytes throws(ProjectSpecYAML.Problem) in
      try YAMLDocument.parse(bytes)
    }
  }
}
