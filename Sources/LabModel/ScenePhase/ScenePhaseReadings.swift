import Gettext

/// What seed 003's repro read off the scene-phase screen: the real moments of its steps and the
/// screen's counts at each reading (see `ScenarioDriver.run(scenePhase:…)` for the timeline).
struct ScenePhaseReadings: Sendable, Hashable {
    /// P.
    var pollInterval: Duration
    /// Whether the run minimized and restored the window (a session that cannot see or undo a
    /// minimize leaves those steps out).
    var seesMinimize = true
    /// Window actions whose phase the scene never reached.
    var missedPhases: [String] = []
    /// The view's show: when it was asked for, and the polling loop it started (if any).
    var showRequested: Duration = .zero
    var showDelivered: Duration = .zero
    var firstGrid: Duration?
    var afterOpen = Moment.exact(.zero)
    var loadsAfterOpen = 0
    var holdingAfterOpen = false
    var beforeMinimize = Moment.exact(.zero)
    var pollsBeforeMinimize = 0
    var minimized = Moment.exact(.zero)
    var holdingInBackground = false
    var beforeRestore = Moment.exact(.zero)
    var pollsInBackground = 0
    var restoreRequested: Duration = .zero
    var restored = Moment.exact(.zero)
    var afterRestore = Moment.exact(.zero)
    /// The polling loop started by the restore (if any), and whether the window came back through
    /// `.inactive` (the seed's reader resumes only on `.inactive → .active`).
    var restartedGrid: Duration?
    var restoreViaInactive = false
    var loadsAfterRestore = 0
    var holdingAfterRestore = false
    var afterRestoreWindow = Moment.exact(.zero)
    var pollsAfterRestore = 0
    var loadsBeforeFocusLoss = 0
    var unfocused = Moment.exact(.zero)
    var holdingWhileInactive = false
    var beforeFocus = Moment.exact(.zero)
    var pollsWhileInactive = 0
    var focusRequested: Duration = .zero
    var afterFocus = Moment.exact(.zero)
    var refocusedGrid: Duration?
    var loadsAfterFocus = 0
    var holdingAfterClose = false
    /// The start of the watch after the view's close (P/2 after it), and its end (after a
    /// minimize and a restore with the view closed).
    var closed = Moment.exact(.zero)
    var endOfClosedWatch = Moment.exact(.zero)
    /// Polling loops started from the show to the close.
    var gridsStarted = 0
    var activityWhileClosed = 0
    /// The readers' tail (P2, P4, P5 where a minimize is seen): a view shown in an unfocused
    /// window, then closed while the window is minimized.
    var tail: Tail?
    var activeCallsBeforeAppear = 0

    struct Tail: Sendable, Hashable {
        var loadsShownInactive: Int
        var loadsAtFocus: Int
        var inactiveCallsToClose: Int
    }

    /// The polling grid the show started (the show's delivery when none started).
    var grid: Duration { firstGrid ?? showDelivered }
}

/// The checks of seed 003's repro.
enum ScenePhaseExpectation: ExpectationID, CaseIterable {
    case scheduleEveryPhase
    case loadsAtOpen
    case heldWhileShown
    case pollingStartedWithView
    case pollsBeforeMinimizing
    case pollsInFirstWindow
    case heldWhileMinimized
    case pollsWhileMinimized
    case loadsAfterRestoring
    case heldAfterRestoring
    case pollingRestartedAtRestore
    case pollsAfterRestoring
    case heldWhileInactive
    case pollsWhileInactive
    case loadsAfterFocusingBack
    case loadsOnFocusingBack
    case pollingLoopsStarted
    case pollingRestartedAtFocus
    case heldAfterClosing
    case activityWhileClosed
    case loadsShownInactive
    case loadsAtFocus
    case inactiveCallsToClose
    case activeCallsBeforeAppear
    var message: StaticString {
        switch self {
        case .scheduleEveryPhase: trMark("the window reached every phase the repro asked for")
        case .loadsAtOpen: trMark("loads at open")
        case .heldWhileShown: trMark("side effect held while shown")
        case .pollingStartedWithView: trMark("polling started with the view")
        case .pollsBeforeMinimizing: trMark("polls before minimizing")
        case .pollsInFirstWindow: trMark("polls in the first 3.25P")
        case .heldWhileMinimized: trMark("side effect held while minimized")
        case .pollsWhileMinimized: trMark("polls while minimized")
        case .loadsAfterRestoring: trMark("loads after restoring")
        case .heldAfterRestoring: trMark("side effect held after restoring")
        case .pollingRestartedAtRestore: trMark("polling restarted at the restore")
        case .pollsAfterRestoring: trMark("polls in the 2.5P after restoring")
        case .heldWhileInactive: trMark("side effect held while another window has focus")
        case .pollsWhileInactive: trMark("polls while another window has focus")
        case .loadsAfterFocusingBack: trMark("loads after focusing back")
        case .loadsOnFocusingBack: trMark("loads on focusing back")
        case .pollingLoopsStarted: trMark("polling loops started")
        case .pollingRestartedAtFocus: trMark("polling restarted at focusing back")
        case .heldAfterClosing: trMark("side effect held after closing the view")
        case .activityWhileClosed: trMark("loads and polls while the view is closed")
        case .loadsShownInactive: trMark("loads when shown in an unfocused window")
        case .loadsAtFocus: trMark("loads when that window is focused")
        case .inactiveCallsToClose: trMark("onInactive calls from minimizing to closing while minimized")
        case .activeCallsBeforeAppear: trMark("onActive calls made before the view appeared")
        }
    }
}
