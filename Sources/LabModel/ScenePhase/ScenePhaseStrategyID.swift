import Gettext

/// The scene-phase strategies of SPEC §4 (seed 003), with the seed's literal reader beside M6
/// (P4, as SPEC's M6 row asks), its addendum's variant 3-B (P5), and P1 with Foundation's
/// repeating timer left running (P6, the checker's `timer-never-invalidated`).
public enum ScenePhaseStrategyID: String, StrategyIdentifier {
    /// Load, poll and take the side effect in `onAppear`; stop in `onDisappear`.
    case p1 = "P1"
    /// `onActive` / `onInactive` (M6).
    case p2 = "P2"
    /// `task(while: .active)` (M7).
    case p3 = "P3"
    /// Seed 003's `ScenePhaseReader` and `onActive` extension exactly as written.
    case p4 = "P4"
    /// Seed 003's variant 3-B: the same reader, `onActive` from a will-appear hook.
    case p5 = "P5"
    /// P1 with a repeating `Timer` that nothing invalidates: it polls on after the view is gone.
    case p6 = "P6"

    /// The page whose repro runs these strategies.
    public static var page: PageID { .scenePhase }

    /// The label for the Strategy menu.
    public var title: String {
        switch self {
        case .p1: tr("onAppear / onDisappear (bug)")
        case .p2: tr("onActive / onInactive (fix)")
        case .p3: tr("task(while: .active) (fix)")
        case .p4: tr("seed 003's reader, as written (trap)")
        case .p5: tr("seed 003's 3-B: onActive at willAppear (trap)")
        case .p6: tr("onAppear + repeating Timer, never invalidated (bug)")
        }
    }

    /// One sentence on what the strategy does and what happens.
    public var explanation: String {
        switch self {
        case .p1:
            tr(
                "Minimizing the window does not unmap the page, so polling and the side effect go on in the background and coming back does not reload."
            )
        case .p2:
            tr(
                "Seed 003's ScenePhaseReader: suspending stops polling and releases the side effect, returning reloads and restarts."
            )
        case .p3:
            tr(
                "A task that runs only while the scene is active: it stops on suspend and starts again on return, with no hand-kept state."
            )
        case .p4:
            tr(
                "Seed 003's reader as written: onActive at every appear, even in an unfocused window; it resumes only on inactive → active, so a return straight from background is missed; closed while suspended, it calls onInactive twice."
            )
        case .p5:
            tr(
                "Seed 003's variant 3-B: the same reader, but onActive runs at willAppear, which GTK's realize of the fresh view widget fires before its map. The first load comes before the appear."
            )
        case .p6:
            tr(
                "P1's polling as a repeating Timer scheduled in onAppear that nothing invalidates: it polls in the background as P1 does, and goes on after the view is closed, an orphan of a view that is gone."
            )
        }
    }

    /// Bug, fix or trap, as SPEC §4's table says; the seed's own reader (P4, P5) is a trap on
    /// GTK: suspend works, but a return straight to `.active` is missed.
    public var kind: StrategyKind {
        switch self {
        case .p1, .p6: .bug
        case .p2, .p3: .fix
        case .p4, .p5: .trap
        }
    }

    /// What seed 003 says, and where this lab's M6 differs from it.
    public var seedNote: String? {
        switch self {
        case .p1:
            tr("Seed 003: onAppear and onDisappear do not see the app suspend or return.")
        case .p2:
            tr(
                "M6 is seed 003's reader made suspend-safe: onActive at appear only in an active window, on any return to active; onInactive never twice in a row. P4 is the seed's own."
            )
        case .p3:
            nil
        case .p4:
            tr(
                "On iOS a return from the background always passes inactive, so the seed's check holds there. GTK can go from background straight to active."
            )
        case .p5:
            tr(
                "Seed 003's addendum: run onActive in viewWillAppear so the order of one page's onInactive and the next page's onActive is fixed (N1)."
            )
        case .p6:
            tr(
                "Seed 003 polls from onAppear; with Foundation's Timer the polling is a timer the run loop keeps until invalidate(), which onDisappear forgets here. lifecycle-lab check reports it as timer-never-invalidated."
            )
        }
    }

    /// The spec's outcome text for this strategy's row.
    public var expectedOutcome: String {
        switch self {
        case .p1:
            tr(
                "bug: minimizing the window (or leaving it) keeps polling and keeps the side effect; coming back does not load again"
            )
        case .p2:
            tr(
                "fixed: minimize or focus loss stops polling and releases the side effect within one event; return loads again at once and restarts polling; a page that is not shown never starts"
            )
        case .p3:
            tr("fixed, as P2, with no hand-kept state")
        case .p4:
            tr(
                "trap: minimize or focus loss stops polling and releases the side effect; a return straight from background to active is ignored (no reload, no polling until the next inactive → active); shown in an unfocused window it loads at once; closed while minimized it calls onInactive a second time"
            )
        case .p5:
            tr(
                "trap, as P4, but onActive runs at willAppear (GTK: the fresh view widget's realize, before its map), so each showing loads before it appears"
            )
        case .p6:
            tr(
                "bug: as P1 while the view is shown, and after it is closed the timer still polls every P, flagged orphan; only quitting (or leaving the strategy) stops it"
            )
        }
    }
}

extension ScenePhaseStrategyID {
    /// The line the spec's row turns on, in the running code and in the SwiftUI shape.
    public var keyMechanism: KeyMechanism {
        switch self {
        case .p1: KeyMechanism(running: ".onAppear {", swiftUI: ".onAppear {")
        case .p2: KeyMechanism(running: "view.node.onActive(", swiftUI: ".onActive {")
        case .p3: KeyMechanism(running: "view.node.task(while: .active", swiftUI: ".task(id: scenePhase == .active)")
        case .p4: KeyMechanism(running: "if old == .inactive && self.isSuspended", swiftUI: "scenePhase == .inactive")
        case .p5: KeyMechanism(running: "node.onWillAppear(perform: onActive)", swiftUI: "onWillAppear: onActive")
        case .p6: KeyMechanism(running: "state?.timer = self.scheduledTimer(", swiftUI: "timer = Timer.scheduledTimer(")
        }
    }
}

extension PageID {
    /// Seed 003's scene phase (P1–P5).
    public static let scenePhase = PageID("scene")
}

extension SpecDuration {
    /// P, how often the scene-phase page polls its source.
    public static let poll = SpecDuration("P", seconds: 1)
}

extension LabTiming {
    /// P, how often the scene-phase page polls its source (1 s × scale).
    public var pollInterval: Duration { self[.poll] }
}

extension PageDescriptor {
    /// Seed 003's scene-phase page. Its repro minimizes, restores and moves the focus, so its
    /// outcome depends on the session.
    public static let scenePhase = PageDescriptor(
        id: .scenePhase, title: { tr("Scene phase") }, strategies: ScenePhaseStrategyID.anyCases,
        durations: [.poll], screenshotMoment: { $0.toastDuration }, dependsOnSession: true)
}

/// A line the scene-phase page's screen logs (seed 003). A judge matches these cases, never their text.
public enum ScenePhaseLine: ScreenLine {
    /// Load number `n` ran.
    case load(Int)
    /// The side effect was acquired.
    case sideEffectAcquired
    /// The side effect was released.
    case sideEffectReleased

    /// The line as it reads in the log.
    public var text: String {
        switch self {
        case .load(let n): "load #\(n)"
        case .sideEffectAcquired: "side effect acquired"
        case .sideEffectReleased: "side effect released"
        }
    }
}
