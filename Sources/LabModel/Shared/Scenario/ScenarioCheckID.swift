import Gettext

/// A check a scenario's judge can make: its English name, which the verdict's JSON keeps, and
/// its title, the same words translated for a person (`scripts/update-po` extracts the `tr`
/// literal; each page's enum has a test that the two are the same message).
protocol ScenarioCheckID: Sendable {
    /// The English name, as the verdict's JSON has it.
    var name: String { get }
    /// The name translated.
    var title: String { get }
}

extension ScenarioCheckID where Self: RawRepresentable, RawValue == String {
    var name: String { rawValue }
}

/// The checks every page's judge makes the same way.
enum SharedCheck: String, ScenarioCheckID, CaseIterable {
    case orphanFlag = "orphan flag"
    case retainsOwnerFlag = "retains-owner flag"
    case detachedFlag = "detached flag"
    case tasksLiveAtEnd = "tasks live at the end"

    var title: String {
        switch self {
        case .orphanFlag: tr("orphan flag")
        case .retainsOwnerFlag: tr("retains-owner flag")
        case .detachedFlag: tr("detached flag")
        case .tasksLiveAtEnd: tr("tasks live at the end")
        }
    }
}

/// Every check a judge can make, for turning a verdict's English name back into its title.
let allScenarioChecks: [any ScenarioCheckID] =
    SharedCheck.allCases + ToastCheck.allCases + ButtonCheck.allCases + ScenePhaseCheck.allCases
    + ServerCheck.allCases

extension ScenarioVerdict.Check {
    /// Whether this check is a condition of the repro's schedule (its name has the prefix).
    var isSchedule: Bool { name.hasPrefix(Self.schedulePrefix) }

    /// The title of the check named `name` in English; a name no judge makes is shown as it is.
    static func title(of name: String) -> String {
        allScenarioChecks.first { $0.name == name }?.title ?? name
    }
}
