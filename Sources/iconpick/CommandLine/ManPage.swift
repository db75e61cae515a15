/// The man page's SYNOPSIS and OPTIONS sections, made from the declaration. The rest of
/// `Assets/man/iconpick.1` is written by hand; a test holds these two sections equal to what
/// this prints (`make man` rewrites them).
enum ManPage {
  /// Text for roff: hyphens as `\-`, backslashes as `\e`, `*bold*` and `<italic>` words as
  /// font changes, one sentence a line, and no line starting with a control character.
  static func roff(_ text: String) -> String {
    var result = ""
    var bold = false
    for character in text {
      switch character {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      case "*":
        result += bold ? "\\fP" : "\\fB"
        bold.toggle()
      case "<": result += "\\fI"
      case ">": result += "\\fP"
      default: result.append(character)
      }
    }
    return
      result
      .replacingAll(". ", with: ".\n")
      .split(separator: "\n")
      .map { line in line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line) }
      .joined(separator: "\n")
  }

  /// A word for a request's argument: hyphens escaped.
  static func word(_ text: String) -> String {
    text.replacingAll("-", with: "\\-")
  }

  static func synopsis() -> String {
    var lines = [".SH SYNOPSIS"]
    for spec in Interface.commands {
      for form in spec.forms {
        lines.append(spec.word.map { ".SY \"iconpick \($0)\"" } ?? ".SY iconpick")
        for positional in spec.positionals where form.withPositionals {
          lines.append(
            positional.optional ? ".RI [ \(word(positional.name)) ]" : ".I \(word(positional.name))"
          )
        }
        for (long, required) in form.options {
          let option = Interface.option(long: long)
          switch (option.value.placeholder, required) {
          case (nil, false): lines.append(".RB [ \(word(long)) ]")
          case (nil, true): lines.append(".B \(word(long))")
          case (let placeholder?, false):
            lines.append(".RB [ \(word(long))")
            lines.append(".IR \(word(placeholder)) ]")
          case (let placeholder?, true):
            lines.append(".B \(word(long))")
            lines.append(".I \(word(placeholder))")
          }
        }
        if form.withCommonOptions { lines.append(".RI [ options ]") }
        lines.append(".YS")
      }
    }
    let standalone = Interface.options.filter(\.standsAlone).flatMap(\.names).map(word)
    lines += [".SY iconpick", ".BR " + standalone.joined(separator: " | "), ".YS"]
    return lines.joined(separator: "\n")
  }

  static func options() -> String {
    var lines = [".SH OPTIONS"]
    let ordered =
      Interface.options.filter(\.isGlobal)
      + Interface.options.filter { !$0.isGlobal && !$0.standsAlone }
      + Interface.options.filter(\.standsAlone)
    for option in ordered {
      lines.append(".TP")
      let names = option.names.map(word)
      switch (option.value.placeholder, names.count) {
      case (nil, 1): lines.append(".B \(names[0])")
      case (nil, _): lines.append(".BR " + names.joined(separator: " \", \" "))
      case (let placeholder?, 1): lines.append(".BI \(names[0]) \" \(word(placeholder))\"")
      case (let placeholder?, _):
        lines.append(
          ".BR " + names.joined(separator: " \", \" ") + " \" \\fI\(word(placeholder))\\fP\"")
      }
      if !option.isGlobal && !option.standsAlone {
        lines.append(
          ".RB ( " + option.commands.map(\.rawValue).joined(separator: " \", \" ") + " )")
      }
      lines.append(roff(option.manual))
      let described = option.value.offered.filter { !$0.about.isEmpty }
      if !described.isEmpty {
        lines.append(".RS")
        for choice in described {
          let text =
            choice.manual.isEmpty
            ? choice.about.prefix(1).uppercased() + choice.about.dropFirst() + "." : choice.manual
          lines += [".TP 8", ".B \(word(choice.word))", roff(text)]
        }
        lines.append(".RE")
      }
    }
    lines += [
      ".PP",
      "Options take their value as the next word or after",
      ".BR = ,",
      "as in",
      ".BR \\-\\-color=none .",
      ".B \\-\\-",
      "ends the options.",
    ]
    return lines.joined(separator: "\n")
  }

  /// The man page with its SYNOPSIS and OPTIONS sections replaced by the generated ones.
  static func updating(_ page: String) -> String {
    var result = page
    for section in [synopsis(), options()] {
      let heading = String(section.prefix { $0 != "\n" })
      guard let start = result.firstRange(ofText: "\n" + heading + "\n"),
        let end = result[start.upperBound...].firstRange(ofText: "\n.SH ")
      else { continue }
      result.replaceSubrange(
        result.index(after: start.lowerBound)..<end.lowerBound, with: section)
    }
    return result
  }

  /// The text of a section, from its `.SH` line to the line before the next one.
  static func section(_ heading: String, of page: String) -> String? {
    guard let start = page.firstRange(ofText: "\n.SH \(heading)\n") else { return nil }
    let rest = page[page.index(after: start.lowerBound)...]
    guard let end = rest.firstRange(ofText: "\n.SH ") else { return String(rest) }
    return String(rest[..<end.lowerBound])
  }
}
