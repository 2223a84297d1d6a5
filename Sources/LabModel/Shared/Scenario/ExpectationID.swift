import Gettext

/// An expectation a scenario's judge checks: its English name, which the verdict's JSON keeps, and
/// its title, the same words translated for a person. Each page's enum gives each check's
/// message once, marked with `trMark` so `scripts/ci/update-po` extracts it.
protocol ExpectationID: Sendable {
    /// The English name, marked for translation.
    var message: StaticString { get }
}

extension ExpectationID {
    /// The English name, as the verdict's JSON has it.
    var name: String { message.description }
    /// The name translated.
    var title: String { tr(message) }
}

/// The expectations every page's judge checks the same way.
enum SharedExpectation: ExpectationID, CaseIterable {
    case orphanFlag
    case retainsOwnerFlag
    case detachedFlag
    case tasksLiveAtEnd
    var message: StaticString {
        switch self {
        case .orphanFlag: trMark("orphan flag")
        case .retainsOwnerFlag: trMark("retains-owner flag")
        case .detachedFlag: trMark("detached flag")
        case .tasksLiveAtEnd: trMark("tasks live at the end")
        }
    }
}

extension ScenarioVerdict.Expectation {
    /// Whether this check is a condition of the repro's schedule (its name has the prefix).
    var isSchedule: Bool { name.hasPrefix(Self.schedulePrefix) }

    /// The title of the check named `name` in English: its translation (a name is its check's
    /// message); a name the catalogue lacks is shown as it is.
    static func title(of name: String) -> String { Gettext.translation(of: name) }
}
