import Gettext

/// The toast strategies of SPEC §3 (seeds 000 and 002), and two the seeds imply: T7, seed 002's
/// own one-task bag, and T8, seed 000's "must finish" case.
public enum ToastStrategyID: String, StrategyIdentifier {
    /// `onAppear { Task { sleep D; hide } }`, fire and forget.
    case t1 = "T1"
    /// `.task { do { sleep D; hide } catch is CancellationError { … } }`.
    case t2 = "T2"
    /// `.task { try? await sleep D; hide; log "auto-dismissed" }`.
    case t3 = "T3"
    /// `onAppear { task = Task {…} }` + `onDisappear { task?.cancel() }`.
    case t4 = "T4"
    /// A `TaskBag` in the view's state that cancels in `deinit`; the closure captures nothing of the view.
    case t5 = "T5"
    /// The same `TaskBag`, but the closure calls a method of the view state (captures it).
    case t6 = "T6"
    /// Seed 002's literal `TaskBag`, which keeps one task; the toast adds its countdown, then its timer.
    case t7 = "T7"
    /// Seed 000's guide: a save that must finish in `onAppear { Task {…} }` (detached on purpose),
    /// the timer in `.task`.
    case t8 = "T8"

    /// The page whose repro runs these strategies.
    public static var page: PageID { .toast }

    /// The label for the Strategy menu.
    public var title: String {
        switch self {
        case .t1: tr("onAppear + Task (bug)")
        case .t2: tr(".task (fix)")
        case .t3: tr(".task + try? (trap)")
        case .t4: tr("onAppear + onDisappear cancel (fix)")
        case .t5: tr("TaskBag, no capture (works, fragile)")
        case .t6: tr("TaskBag capturing the view (bug)")
        case .t7: tr("seed 002's one-task TaskBag (trap)")
        case .t8: tr("save in onAppear + Task, timer in .task (must finish)")
        }
    }

    /// One sentence on what the strategy does and what happens.
    public var explanation: String {
        switch self {
        case .t1:
            tr(
                "The timer Task started in onAppear is never cancelled, so a toast hidden early still fires its hide later and cuts the next toast short."
            )
        case .t2:
            tr(
                "The .task timer is cancelled when the toast disappears, logs \"task cancel\", and a new toast gets a fresh full timer."
            )
        case .t3:
            tr(
                "The .task timer is cancelled on hide, but try? swallows the CancellationError, so the code after the sleep runs at once and logs \"auto-dismissed\" though no timer elapsed."
            )
        case .t4:
            tr("The Task is kept in the view's state and cancelled in onDisappear, which behaves like .task.")
        case .t5:
            tr(
                "The Task lives in a TaskBag in the view's state; hiding drops the state, the bag deinits and cancels the timer. It works, but one method call in the closure breaks it (T6)."
            )
        case .t6:
            tr(
                "The TaskBag's closure calls a method of the view state, so the task keeps the state and the bag alive: nothing is cancelled and the old timer cuts the next toast short."
            )
        case .t7:
            tr(
                "Seed 002's own bag keeps one task. The toast adds its countdown, then its timer: the second add drops the countdown's handle without cancelling it, so at the hide only the timer is cancelled and the countdown runs on."
            )
        case .t8:
            tr(
                "The save starts in onAppear as a Task nobody cancels, on purpose: it must finish although the toast goes. The panel marks it detached, not orphan. The timer is a .task, as in T2."
            )
        }
    }

    /// Bug, trap, fix or fragile, as SPEC §3's table says; T7 is a trap (its toast looks right,
    /// its countdown leaks), T8 must finish.
    public var kind: StrategyKind {
        switch self {
        case .t1, .t6: .bug
        case .t3, .t7: .trap
        case .t2, .t4: .fix
        case .t5: .fragile
        case .t8: .mustFinish
        }
    }

    /// What seeds 000 and 002 conclude about the strategy.
    public var seedNote: String? {
        switch self {
        case .t1:
            tr("Seed 000: nothing cancels a Task started in onAppear, so its catch never runs.")
        case .t2:
            tr("Seed 000: async work that should stop with the view belongs in .task.")
        case .t3:
            tr("Seed 000's warning: try? swallows the CancellationError, so the code after the sleep still runs.")
        case .t4:
            tr("Seed 000's way without .task; seed 002 recommends it over a TaskBag.")
        case .t5:
            tr(
                "Seed 002's verdict: avoid it. A method call in the closure captures the view and nothing is cancelled (T6), and a review does not see it. Cancel in onDisappear instead (T4)."
            )
        case .t6:
            tr("Seed 002: calling a method of the view captures the view, so the bag lives as long as the task.")
        case .t7:
            tr(
                "Seed 002's bag holds one task: add replaces the handle and never cancels the old one. This app's TaskBag (T5, T6) keeps every task."
            )
        case .t8:
            tr(
                "Seed 000: onAppear for synchronous work and for async work that must finish; .task for work that should stop with the view."
            )
        }
    }

    /// The spec's outcome text for this strategy's row.
    public var expectedOutcome: String {
        switch self {
        case .t1:
            tr(
                "bug: the toast hides at t = D, only D/2 after the second show; the first timer was never cancelled and its catch never runs"
            )
        case .t2:
            tr("fixed: hides at t = D/2 + D; \"task cancel\" logged at t = D/3")
        case .t3:
            tr(
                "trap: toast timing right, but at t = D/3 the cancelled action runs on and logs \"auto-dismissed\" though no timer elapsed"
            )
        case .t4:
            tr("fixed, same outcome as T2: hides at t = D/2 + D; \"task cancel\" logged at t = D/3")
        case .t5:
            tr(
                "works, fragile: hiding drops the view state, the bag deinits and cancels; hides at t = D/2 + D; seed 002 concludes the bag is too easy to break (T6) and recommends cancelling in onDisappear"
            )
        case .t6:
            tr(
                "bug: the closure keeps the view state and so the bag alive until the task ends; nothing is cancelled; the repro ends as in T1; the owner is flagged as retained by the task"
            )
        case .t7:
            tr(
                "trap: the toast hides on time (t = D/2 + D, \"task cancel\" at t = D/3), but the second add dropped the countdown's handle: at the hide (t = D/3) the countdown is not cancelled and runs on as an orphan until it ends by itself (t = 0.9 D)"
            )
        case .t8:
            tr(
                "must finish: each save runs to its end although its toast went (\"saved\" at t = 2D/3 and t = D/2 + 2D/3), flagged detached, never orphan; the timer is a .task: hides at t = D/2 + D, \"task cancel\" at t = D/3"
            )
        }
    }
}

extension ToastStrategyID {
    /// The strategy that teaches most beside this one in the compare window: the seed's own
    /// contrast. T1 ↔ T2 (seed 000: the leak and its fix), T3 → T2 (`try?` against catching the
    /// cancel), T4 → T1 (a kept `Task` against one nobody keeps), T5 ↔ T6 (seed 002: the bag that
    /// works and the capture that breaks it), T7 → T5 (the seed's one-task bag against one that
    /// keeps every task), T8 → T1 (a task detached on purpose against an orphan).
    public var counterpart: ToastStrategyID {
        switch self {
        case .t1: .t2
        case .t2: .t1
        case .t3: .t2
        case .t4: .t1
        case .t5: .t6
        case .t6: .t5
        case .t7: .t5
        case .t8: .t1
        }
    }
}

extension ToastStrategyID {
    /// The line the spec's row turns on, in the running code and in the SwiftUI shape.
    public var keyMechanism: KeyMechanism {
        switch self {
        case .t1: KeyMechanism(running: "ledger.start(", swiftUI: "Task {")
        case .t2: KeyMechanism(running: "view.node.task(name:", swiftUI: ".task {")
        case .t3: KeyMechanism(running: "try? await context.sleep", swiftUI: "try? await Task.sleep")
        case .t4: KeyMechanism(running: "state?.task?.cancel()", swiftUI: "task?.cancel()")
        case .t5: KeyMechanism(running: "for task in tasks { task.cancel() }", swiftUI: "taskBag.add {")
        case .t6: KeyMechanism(running: "await state.dismissAfterDelay()", swiftUI: "await startCounting()")
        case .t7: KeyMechanism(running: "task = start(name, operation)", swiftUI: "task = Task { await op() }")
        case .t8: KeyMechanism(running: "detached: true", swiftUI: "Task { await save() }")
        }
    }
}

extension PageID {
    /// SPEC §3's toast page (T1–T8).
    public static let toast = PageID("toast")
}

extension SpecDuration {
    /// D, how long a toast stays up before it dismisses itself.
    public static let toast = SpecDuration("D", seconds: 3)
}

extension LabTiming {
    /// D, how long a toast stays up before it dismisses itself (3 s × scale).
    public var toastDuration: Duration { self[.toast] }
}

extension PageDescriptor {
    /// SPEC §3's toast page. Its screenshot is taken at 0.9 D: after the second show and just
    /// before a stale T1/T6 timer would hide it.
    public static let toast = PageDescriptor(
        id: .toast, title: { tr("Toast") }, strategies: ToastStrategyID.anyCases, durations: [.toast],
        screenshotMoment: { $0.toastDuration * 0.9 }, dependsOnSession: true)
}
