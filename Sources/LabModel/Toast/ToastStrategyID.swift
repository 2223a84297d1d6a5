/// The toast strategies of SPEC §3 (seeds 000 and 002).
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

    /// The page whose repro runs these strategies.
    public static var page: PageID { .toast }

    /// The label for the Strategy menu.
    public var title: String {
        switch self {
        case .t1: "onAppear + Task (bug)"
        case .t2: ".task (fix)"
        case .t3: ".task + try? (trap)"
        case .t4: "onAppear + onDisappear cancel (fix)"
        case .t5: "TaskBag, no capture (fix)"
        case .t6: "TaskBag capturing the view (bug)"
        }
    }

    /// One sentence on what the strategy does and what happens.
    public var explanation: String {
        switch self {
        case .t1:
            "The timer Task started in onAppear is never cancelled, so a toast hidden early still fires its hide later and cuts the next toast short."
        case .t2:
            "The .task timer is cancelled when the toast disappears, logs \"task cancel\", and a new toast gets a fresh full timer."
        case .t3:
            "The .task timer is cancelled on hide, but try? swallows the CancellationError, so the code after the sleep runs at once and logs \"auto-dismissed\" though no timer elapsed."
        case .t4:
            "The Task is kept in the view's state and cancelled in onDisappear, which behaves like .task."
        case .t5:
            "The Task lives in a TaskBag in the view's state; hiding drops the state, the bag deinits and cancels the timer."
        case .t6:
            "The TaskBag's closure calls a method of the view state, so the task keeps the state and the bag alive: nothing is cancelled and the old timer cuts the next toast short."
        }
    }

    /// Bug, trap or fix, as SPEC §3's table says.
    public var kind: StrategyKind {
        switch self {
        case .t1, .t6: .bug
        case .t3: .trap
        case .t2, .t4, .t5: .fix
        }
    }

    /// The spec's outcome text for this strategy's row.
    public var expectedOutcome: String {
        switch self {
        case .t1:
            "bug: the toast hides at t = D, only D/2 after the second show; the first timer was never cancelled and its catch never runs"
        case .t2:
            "fixed: hides at t = D/2 + D; \"task cancel\" logged at t = D/3"
        case .t3:
            "trap: toast timing right, but at t = D/3 the cancelled action runs on and logs \"auto-dismissed\" though no timer elapsed"
        case .t4:
            "fixed, same outcome as T2: hides at t = D/2 + D; \"task cancel\" logged at t = D/3"
        case .t5:
            "fixed: hiding drops the view state, the bag deinits and cancels; hides at t = D/2 + D"
        case .t6:
            "bug: the closure keeps the view state and so the bag alive until the task ends; nothing is cancelled; the repro ends as in T1; the owner is flagged as retained by the task"
        }
    }
}

extension PageID {
    /// SPEC §3's toast page (T1–T6).
    public static let toast = PageID("toast")
}
