/// The scene-phase strategies of SPEC §4 (seed 003).
public enum ScenePhaseStrategyID: String, StrategyIdentifier {
    /// Load, poll and take the side effect in `onAppear`; stop in `onDisappear`.
    case p1 = "P1"
    /// `onActive` / `onInactive` (M6).
    case p2 = "P2"
    /// `task(while: .active)` (M7).
    case p3 = "P3"

    /// The page whose repro runs these strategies.
    public static var page: PageID { .scenePhase }

    /// The label for the Strategy menu.
    public var title: String {
        switch self {
        case .p1: "onAppear / onDisappear (bug)"
        case .p2: "onActive / onInactive (fix)"
        case .p3: "task(while: .active) (fix)"
        }
    }

    /// One sentence on what the strategy does and what happens.
    public var explanation: String {
        switch self {
        case .p1:
            "Minimizing the window does not unmap the page, so polling and the side effect go on in the background and coming back does not reload."
        case .p2:
            "Seed 003's ScenePhaseReader: suspending stops polling and releases the side effect, returning reloads and restarts."
        case .p3:
            "A task that runs only while the scene is active: it stops on suspend and starts again on return, with no hand-kept state."
        }
    }

    /// Bug or fix, as SPEC §4's table says.
    public var kind: StrategyKind { self == .p1 ? .bug : .fix }

    /// The spec's outcome text for this strategy's row.
    public var expectedOutcome: String {
        switch self {
        case .p1:
            "bug: minimizing the window (or leaving it) keeps polling and keeps the side effect; coming back does not load again"
        case .p2:
            "fixed: minimize or focus loss stops polling and releases the side effect within one event; return loads again at once and restarts polling; a page that is not shown never starts"
        case .p3:
            "fixed, as P2, with no hand-kept state"
        }
    }
}

extension PageID {
    /// Seed 003's scene phase (P1–P3).
    public static let scenePhase = PageID("scene")
}
