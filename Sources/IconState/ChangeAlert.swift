import IconCatalog

/// The system's confirmation alert after an icon change.
public enum ChangeAlert {
  /// `You have changed the icon for “Palette”.`; with `unicode` false, straight ASCII double quotes
  /// for terminals whose locale cannot show curly ones.
  public static func message(appName: String, unicode: Bool = true) -> String {
    let (open, close) = unicode ? ("\u{201C}", "\u{201D}") : ("\"", "\"")
    return "You have changed the icon for \(open)\(MessageText.escaped(appName))\(close)."
  }

  public static let button = "OK"
}
