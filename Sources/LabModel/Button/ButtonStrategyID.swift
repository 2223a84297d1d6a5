import Gettext

/// The button-work strategies of SPEC §4 (seed 001).
public enum ButtonStrategyID: String, StrategyIdentifier {
    /// `Button { Task { try await exec() } }`.
    case b1 = "B1"
    /// `currentTask?.cancel(); currentTask = Task {…}` + `onDisappear { currentTask?.cancel() }`.
    case b2 = "B2"
    /// A press flips an optional trigger; `.task(id: trigger) { guard trigger != nil … }`.
    case b3 = "B3"

    /// The page whose repro runs these strategies.
    public static var page: PageID { .button }

    /// The label for the Strategy menu.
    public var title: String {
        switch self {
        case .b1: tr("Button { Task { … } } (bug)")
        case .b2: tr("currentTask + cancel (fix)")
        case .b3: tr(".task(id: trigger) (fix)")
        }
    }

    /// One sentence on what the strategy does and what happens.
    public var explanation: String {
        switch self {
        case .b1:
            tr(
                "Each press starts a Task nobody keeps: closing the page does not stop exec, the page state lives until exec ends, and a thrown error vanishes."
            )
        case .b2:
            tr(
                "The page keeps the current Task, cancels it before starting the next one and in onDisappear, and catches errors."
            )
        case .b3:
            tr(
                "A press flips an optional trigger and .task(id:) restarts the work; the first appear does nothing and closing the page cancels."
            )
        }
    }

    /// Bug or fix, as SPEC §4's table says.
    public var kind: StrategyKind { self == .b1 ? .bug : .fix }

    /// What seed 001 concludes about the strategy.
    public var seedNote: String? {
        switch self {
        case .b1:
            tr(
                "Seed 001: the Task outlives the view and keeps it alive until exec ends, and a thrown error is lost (pitfalls below)."
            )
        case .b2:
            tr("Seed 001's first way: clear, but the Task's initializer and type follow its closure (pitfalls below).")
        case .b3:
            ButtonPitfalls.conclusion
        }
    }

    /// The spec's outcome text for this strategy's row.
    public var expectedOutcome: String {
        switch self {
        case .b1:
            tr(
                "bug: closing the page does not stop exec; the page's state stays alive until exec ends; N presses run N execs at once; a thrown error vanishes unreported"
            )
        case .b2:
            tr(
                "fixed: a press cancels the previous run (one live at most); closing the page cancels; the state is released at once"
            )
        case .b3:
            tr("fixed: the first appear does nothing; each press restarts; closing the page cancels")
        }
    }
}

extension ButtonStrategyID {
    /// The line the spec's row turns on, in the running code and in the SwiftUI shape.
    public var keyMechanism: KeyMechanism {
        switch self {
        case .b1: KeyMechanism(running: "try await self.exec()", swiftUI: "Task {")
        case .b2: KeyMechanism(running: "currentTask?.cancel()", swiftUI: "currentTask?.cancel()")
        case .b3: KeyMechanism(running: "view.node.task(id: state.trigger", swiftUI: ".task(id: triggers)")
        }
    }
}

extension PageID {
    /// Seed 001's button work (B1–B3).
    public static let button = PageID("button")
}

extension SpecDuration {
    /// L, how long the button page's `exec()` works.
    public static let work = SpecDuration("L", seconds: 10)
}

extension LabTiming {
    /// L, how long the button page's `exec()` works (10 s × scale).
    public var workDuration: Duration { self[.work] }
}

extension PageDescriptor {
    /// Seed 001's button page: its repro presses and closes within D, so that is when its
    /// screenshot is taken.
    public static let button = PageDescriptor(
        id: .button, title: { tr("Button") }, strategies: ButtonStrategyID.anyCases, durations: [.work],
        screenshotMoment: { $0.toastDuration }, dependsOnSession: false)
}
