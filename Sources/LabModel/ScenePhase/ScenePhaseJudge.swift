internal import LifecycleTasks

/// Seed 003's row for `row`, checked on a scene-phase repro's timeline: P1 keeps polling and
/// holding its side effect in the background and while another window has focus; the others
/// stop, and load and poll again on each return to `.active`, the seed's reader (P4, P5) only
/// on `.inactive → .active`. P6 is P1 whose polling is a repeating timer nothing invalidates:
/// it also polls on after the view is closed, its timer an orphan still running at the end. Each count is judged against the ticks of the polling grid that
/// really ran between two moments (see ``ExpectationList/ticks(of:every:after:upTo:)``).
func judgeScenePhase(
    _ timeline: ScenarioTimeline<ScenePhaseReadings>, as row: ScenePhaseStrategyID, tolerance: ScenarioTolerance
) -> [ScenarioVerdict.Expectation] {
    var checks = ExpectationList(for: timeline, tolerance: tolerance)
    let r = timeline.readings
    let (p, grid, seesMinimize) = (r.pollInterval, r.grid, r.seesMinimize)
    let bug = row == .p1 || row == .p6
    let timerLeftRunning = row == .p6
    // The seed's reader misses a return straight from .background to .active.
    let literal = row == .p4 || row == .p5
    let missesRestore = seesMinimize && literal && !r.restoreViaInactive
    checks.expectSchedule(
        ScenePhaseExpectation.scheduleEveryPhase,
        holds: r.missedPhases.isEmpty,
        observed: r.missedPhases.isEmpty
            ? "all reached" : "not reached after: \(r.missedPhases.joined(separator: ", "))")
    checks.expect(ScenePhaseExpectation.loadsAtOpen, count: r.loadsAfterOpen, equals: 1)
    checks.expect(ScenePhaseExpectation.heldWhileShown, holds: r.holdingAfterOpen, expected: true)
    // Polling starts with the view (and, for the others than P1, again at each return to
    // active): a loop started between the step and the reading after it.
    func started(_ start: Duration?, from: Duration, by reading: Moment) -> Bool {
        start.map { $0 >= from && $0 <= reading.at } ?? false
    }
    checks.expect(
        ScenePhaseExpectation.pollingStartedWithView,
        holds: started(r.firstGrid, from: r.showRequested, by: r.afterOpen),
        expected: true)
    checks.expect(
        seesMinimize ? ScenePhaseExpectation.pollsBeforeMinimizing : .pollsInFirstWindow, count: r.pollsBeforeMinimize,
        within: checks.ticks(of: grid, every: p, after: .exact(grid), upTo: r.beforeMinimize),
        note: "ticks since the show")
    if seesMinimize {
        checks.expect(
            ScenePhaseExpectation.heldWhileMinimized, holds: r.holdingInBackground, expected: bug,
            note: bug ? "the bug" : nil)
        checks.expect(
            ScenePhaseExpectation.pollsWhileMinimized, count: r.pollsInBackground,
            within: bug ? checks.ticks(of: grid, every: p, after: r.minimized, upTo: r.beforeRestore) : 0...0,
            note: bug ? "keeps polling" : nil)
        checks.expect(
            ScenePhaseExpectation.loadsAfterRestoring, count: r.loadsAfterRestore, equals: bug || missesRestore ? 1 : 2,
            note: bug ? "no reload" : missesRestore ? "missed: no inactive → active" : "reloads at once")
        checks.expect(
            ScenePhaseExpectation.heldAfterRestoring, holds: r.holdingAfterRestore, expected: !missesRestore,
            note: missesRestore ? "missed" : nil)
        if !bug {
            checks.expect(
                ScenePhaseExpectation.pollingRestartedAtRestore,
                holds: started(r.restartedGrid, from: r.restoreRequested, by: r.afterRestore),
                expected: !missesRestore, note: missesRestore ? "missed" : nil)
        }
        // P1 polls on the grid it started at the show; the others on the one they restarted.
        checks.expect(
            ScenePhaseExpectation.pollsAfterRestoring, count: r.pollsAfterRestore,
            within: missesRestore
                ? 0...0
                : checks.ticks(
                    of: bug ? grid : (r.restartedGrid ?? r.restored.at), every: p, after: r.beforeRestore,
                    upTo: r.afterRestoreWindow),
            note: bug ? "never stopped" : missesRestore ? "not restarted" : "restarted")
    }
    checks.expect(
        ScenePhaseExpectation.heldWhileInactive, holds: r.holdingWhileInactive, expected: bug,
        note: bug ? "the bug" : nil)
    checks.expect(
        ScenePhaseExpectation.pollsWhileInactive, count: r.pollsWhileInactive,
        within: bug ? checks.ticks(of: grid, every: p, after: r.unfocused, upTo: r.beforeFocus) : 0...0)
    if seesMinimize {
        // The seed's reader, having missed the restore, resumes here (inactive → active).
        checks.expect(
            ScenePhaseExpectation.loadsAfterFocusingBack, count: r.loadsAfterFocus,
            equals: bug ? 1 : missesRestore ? 2 : 3)
    } else {
        checks.expect(
            ScenePhaseExpectation.loadsOnFocusingBack, count: r.loadsAfterFocus - r.loadsBeforeFocusLoss,
            equals: bug ? 0 : 1, note: bug ? "no reload" : "reloads at once")
    }
    if bug {
        checks.expect(
            ScenePhaseExpectation.pollingLoopsStarted, count: r.gridsStarted, equals: 1, note: "never stopped")
    } else {
        checks.expect(
            ScenePhaseExpectation.pollingRestartedAtFocus,
            holds: started(r.refocusedGrid, from: r.focusRequested, by: r.afterFocus), expected: true)
        let restartedAtRestore = seesMinimize && !missesRestore
        checks.expect(
            ScenePhaseExpectation.pollingLoopsStarted, count: r.gridsStarted, equals: restartedAtRestore ? 3 : 2,
            note: restartedAtRestore ? "show, restore, focus" : "show, focus")
    }
    checks.expect(ScenePhaseExpectation.heldAfterClosing, holds: r.holdingAfterClose, expected: false)
    if timerLeftRunning {
        checks.expect(
            ScenePhaseExpectation.activityWhileClosed, count: r.activityWhileClosed,
            within: checks.ticks(of: grid, every: p, after: r.closed, upTo: r.endOfClosedWatch),
            note: "the timer fires on")
    } else {
        checks.expect(ScenePhaseExpectation.activityWhileClosed, count: r.activityWhileClosed, equals: 0)
    }
    if let tail = r.tail {
        checks.expect(
            ScenePhaseExpectation.loadsShownInactive, count: tail.loadsShownInactive, equals: literal ? 1 : 0,
            note: literal ? "the seed calls onActive at every appear" : "M6 waits for active")
        checks.expect(
            ScenePhaseExpectation.loadsAtFocus, count: tail.loadsAtFocus, equals: literal ? 0 : 1,
            note: literal ? "not suspended: nothing to resume" : "its first active")
        checks.expect(
            ScenePhaseExpectation.inactiveCallsToClose, count: tail.inactiveCallsToClose, equals: literal ? 2 : 1,
            note: literal ? "twice in a row" : "never twice in a row")
    }
    if row == .p5 {
        let showings = r.tail == nil ? 1 : 2
        checks.expect(
            ScenePhaseExpectation.activeCallsBeforeAppear, count: r.activeCallsBeforeAppear, equals: showings,
            note: "at willAppear, \(showings == 1 ? "its showing" : "both showings")")
    } else if ScenePhaseStrategyID.readers.contains(row) {
        checks.expect(ScenePhaseExpectation.activeCallsBeforeAppear, count: r.activeCallsBeforeAppear, equals: 0)
    }
    checks.expectFlags(orphan: timerLeftRunning, retainsOwner: false, in: timeline)
    if timerLeftRunning {
        checks.expectLeftRunning([.repeatingTimer], in: timeline)
    } else {
        checks.expectNothingLeft(in: timeline)
    }
    return checks.checks
}

extension ScenePhaseStrategyID {
    /// The strategies that read the scene's phase through `onActive`/`onInactive` (P2 beside the
    /// seed's reader, P4 and P5): the repro's tail runs for them.
    static let readers: [ScenePhaseStrategyID] = [.p2, .p4, .p5]
}
