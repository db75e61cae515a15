#if DEBUG
  import FoundationEssentials
  @testable import IconCatalog
  @testable import IconState

  extension FuzzTarget {
    /// The payload against a small app, with the primary and with an alternate active. Beyond not
    /// crashing, the outcome must keep `PushPayload`'s promises: a reason only for `failed`, on one
    /// line with no raw control character; a change only for `newData`, and one that
    /// `IconSwitcher.setAlternateIconName` then accepts.
    func push(_ data: Data) -> Outcome {
      let app = Self.pushApp
      var results: [String] = []
      for active in [nil, "Blue"] as [String?] {
        let outcome = PushPayload.evaluate(
          [UInt8](data), source: "payload.json", app: app, activeName: active)
        switch outcome.result {
        case .failed:
          guard let reason = outcome.reason, !reason.isEmpty else {
            preconditionFailure("push: failed without a reason")
          }
          precondition(
            outcome.change == nil, "push: failed but changes \(String(describing: outcome.change))")
          precondition(
            !reason.unicodeScalars.contains { MessageText.isControl($0) },
            "push: the reason holds a control character: \(reason.debugDescription)")
          return .rejected(message: reason)
        case .noData:
          precondition(
            outcome.change == nil, "push: noData but changes \(String(describing: outcome.change))")
          precondition(outcome.reason == nil, "push: noData with a reason")
          results.append("noData")
        case .newData:
          guard let change = outcome.change else {
            preconditionFailure("push: newData without a change")
          }
          precondition(
            change != active, "push: newData to the active icon \(String(describing: change))")
          if let change {
            precondition(
              app.alternate(named: change) != nil, "push: newData to undeclared \(change)")
          }
          results.append("newData \(change ?? "primary")")
        }
      }
      return .read(summary: results.joined(separator: ", "))
    }

    /// Palette's icons, plus names that stress the comparisons: one that differs from another only
    /// in case, one with non-ASCII letters.
    static let pushApp: AppIcons = {
      func icon(_ name: String, primary: Bool = false) -> AppIcon {
        AppIcon(
          name: name, assetName: name, displayName: name, isPrimary: primary, renditions: [])
      }
      return AppIcons(
        appName: "Palette", bundleIdentifier: "dev.iconpick.Palette",
        primary: icon("AppIcon", primary: true),
        alternates: ["Blue", "blue", "Green", "Ünïcødé", "AppIcon-Teal"].map { icon($0) },
        location: URL(fileURLWithPath: "/nonexistent/Palette"))
    }()
  }
#endif
