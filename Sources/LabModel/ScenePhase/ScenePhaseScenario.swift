public import LifecycleTasks

/// What seed 003's repro does on the scene-phase page.
public enum ScenePhaseAction: Sendable, Hashable, CustomStringConvertible {
    /// Show or close the inner view.
    case view(ViewAction)
    /// Minimize, restore or focus the main window, or focus another one.
    case window(WindowAction)

    /// How the action reads in a verdict's log.
    public var description: String {
        switch self {
        case .view(let action): action.description
        case .window(let action): action.description
        }
    }
}

extension ScenePhaseScreen: ScenarioActuator {
    /// Shows or closes the view, or puts the scene in the phase a window action leads to (the
    /// scenario's direct actuator: no widgets, no window manager).
    public func perform(_ action: ScenePhaseAction) async {
        switch action {
        case .view(.show): showView()
        case .view(.close): closeView()
        case .window(let action): scene?.update(phase: action.resultingPhase)
        }
    }
}

extension ScenarioDriver {
    /// Runs seed 003's repro, with P = ``LabTiming/pollInterval``: show the view; 3.25P after
    /// its polling started, minimize; restore at 8.75P; 2.5P after the restore, focus another
    /// window; 2P later focus back; close the view P/2 later, then minimize and restore with the
    /// view closed; watch 0.75P more.
    ///
    /// Each wait is measured from a real time (the polling loop's start, a window's real phase
    /// change), and each count is judged against the ticks of the polling grid that really ran
    /// in the real window between two moments: P1's one grid from the show, P2's and P3's grid
    /// restarted at every return to `.active`. A count can go either way only for a tick within
    /// the clock's jitter of an edge, or due while the loop was late at that edge (a reading
    /// taken late has seen every tick due by its schedule, maybe more). Phase times are the
    /// scene's own phase changes.
    /// - Parameters:
    ///   - screen: a fresh scene-phase screen with its view closed and a window scene, built on
    ///     this driver's context. The run focuses the window first.
    ///   - actuator: shows and closes the view and minimizes, restores and focuses the window;
    ///     `nil` calls the screen and updates its scene directly.
    ///   - cleanUp: reset the screen after the verdict is taken.
    public func run(
        scenePhase screen: ScenePhaseScreen, actuator: (any ScenarioActuator<ScenePhaseAction>)? = nil,
        cleanUp: Bool = true
    ) async -> ScenarioVerdict {
        await run(scenePhase: screen, judgedAs: screen.strategy, actuator: actuator, cleanUp: cleanUp)
    }

    /// The repro, judged against `row`'s outcome (tests judge one strategy's behaviour by
    /// another's row to show a wrong behaviour fails).
    func run(
        scenePhase screen: ScenePhaseScreen, judgedAs row: ScenePhaseStrategyID,
        actuator: (any ScenarioActuator<ScenePhaseAction>)?, cleanUp: Bool
    ) async -> ScenarioVerdict {
        guard let scene = screen.scene else {
            preconditionFailure("run(scenePhase:) needs a screen with a window scene to minimize")
        }
        let actuator = actuator ?? screen
        let p = screen.timing.pollInterval
        let run = ScenarioRun(context: context, pacer: pacer)
        run.begin()
        var missedPhases: [String] = []
        var lastDue = run.now
        // A window action's real time is the scene's phase change it led to. Work queued before
        // the action may have waited as long as the action itself was late (its `due`).
        func window(_ action: WindowAction) async -> Moment {
            let requested = run.now
            let lateness = max(.zero, requested - lastDue)
            let delivered = await run.act(.window(action), actuator)
            let changed = run.phaseChange(of: scene.name, to: action.resultingPhase, from: requested)
            if changed == nil, scene.phase != action.resultingPhase { missedPhases.append("\(action)") }
            let at = changed ?? delivered
            return Moment(due: at - lateness, at: at)
        }
        @discardableResult
        func pass(_ delay: Duration, after anchor: Duration) async -> Moment {
            let moment = await run.pass(delay, after: anchor)
            lastDue = moment.due
            return moment
        }
        // The polling loop started by the step that began at `time`, if any.
        func pollingStart(from time: Duration) -> Duration? { screen.pollingStarts.first { $0 >= time } }

        _ = await window(.focus)  // the repro starts from an active window
        let shown = await run.act(.view(.show), actuator)
        let firstGrid = pollingStart(from: shown)
        let grid = firstGrid ?? shown
        let afterOpen = await pass(p / 4, after: shown)
        let loadsAfterOpen = screen.loads
        let holdingAfterOpen = screen.isHoldingSideEffect
        let beforeMinimize = await pass(p * 13 / 4, after: grid)
        let pollsBeforeMinimize = screen.polls
        let minimized = await window(.minimize)
        await pass(p / 2, after: minimized.at)
        let holdingInBackground = screen.isHoldingSideEffect
        let beforeRestore = await pass(p * 35 / 4, after: grid)
        let pollsInBackground = screen.pollsInBackground
        let pollsAtRestore = screen.polls
        let restoreRequested = run.now
        let restored = await window(.restore)
        let afterRestore = await pass(p / 2, after: restored.at)
        let restartedGrid = pollingStart(from: restoreRequested)
        let loadsAfterRestore = screen.loads
        let holdingAfterRestore = screen.isHoldingSideEffect
        let afterRestoreWindow = await pass(p * 5 / 2, after: restored.at)
        let pollsAfterRestore = screen.polls - pollsAtRestore
        let unfocused = await window(.focusElsewhere)
        await pass(p / 2, after: unfocused.at)
        let holdingWhileInactive = screen.isHoldingSideEffect
        let beforeFocus = await pass(p * 2, after: unfocused.at)
        let pollsWhileInactive = screen.pollsWhileInactive
        let focusRequested = run.now
        let focused = await window(.focus)
        let afterFocus = await pass(p / 2, after: focused.at)
        let refocusedGrid = pollingStart(from: focusRequested)
        let loadsAfterFocus = screen.loads
        let closed = await run.act(.view(.close), actuator)
        await pass(p / 2, after: closed)
        let holdingAfterClose = screen.isHoldingSideEffect
        let loadsAtClose = screen.loads
        let pollsAtClose = screen.polls
        let minimizedClosed = await window(.minimize)
        await pass(p / 2, after: minimizedClosed.at)
        let restoredClosed = await window(.restore)
        await pass(p * 3 / 4, after: restoredClosed.at)

        let bug = row == .p1
        let gridsStarted = screen.pollingStarts.count { $0 >= shown }
        run.expectSchedule(
            "the window reached every phase the repro asked for",
            holds: missedPhases.isEmpty,
            observed: missedPhases.isEmpty
                ? "all reached" : "not reached after: \(missedPhases.joined(separator: ", "))")
        run.expect("loads at open", count: loadsAfterOpen, equals: 1)
        run.expect("side effect held while shown", holds: holdingAfterOpen, expected: true)
        // Polling starts with the view (and, for P2 and P3, again at each return to active):
        // a loop started between the step and the reading after it.
        func started(_ start: Duration?, from: Duration, by reading: Moment) -> Bool {
            start.map { $0 >= from && $0 <= reading.at } ?? false
        }
        run.expect(
            "polling started with the view", holds: started(firstGrid, from: shown, by: afterOpen), expected: true)
        run.expect(
            "polls before minimizing", count: pollsBeforeMinimize,
            within: run.ticks(of: grid, every: p, after: .exact(grid), upTo: beforeMinimize),
            note: "ticks since the show")
        run.expect(
            "side effect held while minimized", holds: holdingInBackground, expected: bug, note: bug ? "the bug" : nil)
        run.expect(
            "polls while minimized", count: pollsInBackground,
            within: bug ? run.ticks(of: grid, every: p, after: minimized, upTo: beforeRestore) : 0...0,
            note: bug ? "keeps polling" : nil)
        run.expect(
            "loads after restoring", count: loadsAfterRestore, equals: bug ? 1 : 2,
            note: bug ? "no reload" : "reloads at once")
        run.expect("side effect held after restoring", holds: holdingAfterRestore, expected: true)
        if bug {
            run.expect("polling loops started", count: gridsStarted, equals: 1, note: "never stopped")
        } else {
            run.expect(
                "polling restarted at the restore",
                holds: started(restartedGrid, from: restoreRequested, by: afterRestore), expected: true)
            run.expect(
                "polling restarted at focusing back",
                holds: started(refocusedGrid, from: focusRequested, by: afterFocus), expected: true)
            run.expect("polling loops started", count: gridsStarted, equals: 3, note: "show, restore, focus")
        }
        // P1 polls on the grid it started at the show; P2 and P3 on the one they restarted.
        run.expect(
            "polls in the 2.5P after restoring", count: pollsAfterRestore,
            within: run.ticks(
                of: bug ? grid : (restartedGrid ?? restored.at), every: p, after: beforeRestore,
                upTo: afterRestoreWindow),
            note: bug ? "never stopped" : "restarted")
        run.expect(
            "side effect held while another window has focus", holds: holdingWhileInactive, expected: bug,
            note: bug ? "the bug" : nil)
        run.expect(
            "polls while another window has focus", count: pollsWhileInactive,
            within: bug ? run.ticks(of: grid, every: p, after: unfocused, upTo: beforeFocus) : 0...0)
        run.expect("loads after focusing back", count: loadsAfterFocus, equals: bug ? 1 : 3)
        run.expect("side effect held after closing the view", holds: holdingAfterClose, expected: false)
        run.expect(
            "loads and polls while the view is closed",
            count: screen.loads - loadsAtClose + screen.polls - pollsAtClose, equals: 0)
        run.expectFlags(orphan: false, retainsOwner: false)
        run.expectNothingLeft()
        run.measure("loads", Double(screen.loads))
        run.measure("polls", Double(screen.polls))
        run.measure("pollsInBackground", Double(pollsInBackground))
        run.measure("pollsWhileInactive", Double(pollsWhileInactive))
        run.measure("sideEffectHeldInBackground", holdingInBackground ? 1 : 0)

        let verdict = run.verdict(AnyStrategyID(row), timeScale: screen.timing.timeScale, hideTimes: [])
        if cleanUp {
            screen.reset()
            await pacer.settle()
        }
        return verdict
    }
}

extension ScenePhaseStrategyID {
    /// Runs seed 003's repro with this strategy on a scene-phase screen with no display, in an
    /// active window scene of its own, holding a ``CountingSideEffect``.
    @MainActor
    public func runHeadless(context: LifecycleContext, timing: LabTiming, pacer: ScenarioPacer) async -> ScenarioVerdict
    {
        let app = AppScene(context: context)
        let window = WindowScene(name: "main", app: app, context: context, phase: .active)
        let screen = ScenePhaseScreen(
            strategy: self, context: context, timing: timing, host: ImmediateHost<ScenePhaseView>(),
            scene: window, sideEffect: CountingSideEffect())
        let verdict = await ScenarioDriver(context: context, pacer: pacer).run(scenePhase: screen)
        window.close()
        return verdict
    }
}
