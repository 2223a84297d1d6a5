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
    /// its polling started, minimize; restore 8.75P after it started; 2.5P after the restore,
    /// focus another window; 2P later focus back; close the view P/2 later, then minimize and
    /// restore with the view closed; watch 0.75P more. With an `onActive` reader (P2, and the
    /// seed's own, P4 and P5) it goes on: focus another window; P/4 later show the view; P/4
    /// later focus back; P/2 later minimize; P/4 later close the view; P/4 later restore; watch
    /// P/4 more.
    ///
    /// Each wait is measured from a real time (the polling loop's start, a window's real phase
    /// change), and each count is judged against the ticks of the polling grid that really ran
    /// in the real window between two moments: P1's one grid from the show, the readers' grid
    /// restarted at every return to `.active`. A count can go either way only for a tick within
    /// the clock's jitter of an edge, or due while the loop was late at that edge (a reading
    /// taken late has seen every tick due by its schedule, maybe more). Phase times are the
    /// scene's own phase changes.
    ///
    /// A session that cannot see a minimize (`detection`; sway, which has none), or one where the
    /// run cannot restore the window (GNOME on Wayland without an outside driver: the app cannot
    /// bring a minimized window back there), gets the same timeline without the minimize and
    /// restore steps; its verdict judges the rest: P2 and P3 stop on focus loss and load again
    /// on return, P1 does not.
    /// - Parameters:
    ///   - screen: a fresh scene-phase screen with its view closed and a window scene, built on
    ///     this driver's context. The run focuses the window first, before t = 0.
    ///   - actuator: shows and closes the view and minimizes, restores and focuses the window;
    ///     `nil` calls the screen and updates its scene directly.
    ///   - detection: what the session can report of the window; a headless run sees everything.
    ///   - cleanUp: reset the screen after the verdict is taken.
    public func run(
        scenePhase screen: ScenePhaseScreen, actuator: (any ScenarioActuator<ScenePhaseAction>)? = nil,
        detection: ScenePhaseDetection = .everything, cleanUp: Bool = true
    ) async -> ScenarioVerdict {
        await run(
            scenePhase: screen, judgedAs: screen.strategy, actuator: actuator, detection: detection, cleanUp: cleanUp)
    }

    /// The repro, judged against `row`'s outcome (tests judge one strategy's behaviour by
    /// another's row to show a wrong behaviour fails).
    func run(
        scenePhase screen: ScenePhaseScreen, judgedAs row: ScenePhaseStrategyID,
        actuator: (any ScenarioActuator<ScenePhaseAction>)?, detection: ScenePhaseDetection = .everything,
        cleanUp: Bool
    ) async -> ScenarioVerdict {
        guard let scene = screen.scene else {
            preconditionFailure("run(scenePhase:) needs a screen with a window scene to minimize")
        }
        let actuator = actuator ?? screen
        let p = screen.timing.pollInterval
        // The repro starts from an active window: focusing it is set-up, before t = 0, so a slow
        // first focus (a window manager's round trip, a first GL frame) is not part of the run.
        await actuator.perform(.window(.focus))
        await pacer.settle()
        let run = ScenarioRun(context: context, pacer: pacer)
        run.begin(journal: screen.journal)
        // The phases the window goes through: the seed's reader (P4, P5) resumes only on
        // .inactive → .active, so its restore depends on the path the toolkit reports.
        var phases: [(old: ScenePhase, new: ScenePhase)] = []
        let phaseToken = scene.onChange { old, new in phases.append((old, new)) }
        defer { phaseToken.cancel() }
        let seesMinimize = detection.runsMinimize
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
        // A minimize or restore, or, in a session that cannot see one, nothing (said in the log):
        // the timeline goes on from now.
        func minimizeOrNote(_ action: WindowAction) async -> Moment {
            guard seesMinimize else {
                let reason =
                    detection.canSeeMinimize
                    ? "the app cannot restore a minimized window in this session" : "this session cannot see a minimize"
                context.log.append(.message("\(action): left out, \(reason)"))
                return .exact(run.now)
            }
            return await window(action)
        }
        // A view action: when it was asked for (work it starts comes after) and delivered.
        func view(_ action: ViewAction) async -> (requested: Duration, at: Duration) {
            let requested = run.now
            return (requested, await run.act(.view(action), actuator))
        }
        @discardableResult
        func pass(_ delay: Duration, after anchor: Duration) async -> Moment {
            let moment = await run.pass(delay, after: anchor)
            lastDue = moment.due
            return moment
        }
        // The polling loop started by the step that began at `time`, if any.
        func pollingStart(from time: Duration) -> Duration? { screen.pollingStarts.first { $0 >= time } }

        var r = ScenePhaseReadings(pollInterval: p, seesMinimize: seesMinimize)
        let shown = await view(.show)
        (r.showRequested, r.showDelivered) = shown
        r.firstGrid = pollingStart(from: shown.requested)
        let grid = r.grid
        r.afterOpen = await pass(p / 4, after: shown.at)
        r.loadsAfterOpen = screen.loads
        r.holdingAfterOpen = screen.isHoldingSideEffect
        r.beforeMinimize = await pass(p * 13 / 4, after: grid)
        r.pollsBeforeMinimize = screen.polls
        r.minimized = await minimizeOrNote(.minimize)
        await pass(p / 2, after: r.minimized.at)
        r.holdingInBackground = screen.isHoldingSideEffect
        r.beforeRestore = await pass(p * 35 / 4, after: grid)
        r.pollsInBackground = screen.pollsInBackground
        let pollsAtRestore = screen.polls
        let phasesBeforeRestore = phases.count
        r.restoreRequested = run.now
        r.restored = await minimizeOrNote(.restore)
        r.afterRestore = await pass(p / 2, after: r.restored.at)
        r.restartedGrid = pollingStart(from: r.restoreRequested)
        r.restoreViaInactive = phases.dropFirst(phasesBeforeRestore).contains {
            $0.old == .background && $0.new == .inactive
        }
        r.loadsAfterRestore = screen.loads
        r.holdingAfterRestore = screen.isHoldingSideEffect
        r.afterRestoreWindow = await pass(p * 5 / 2, after: r.restored.at)
        r.pollsAfterRestore = screen.polls - pollsAtRestore
        r.loadsBeforeFocusLoss = screen.loads
        // GNOME on Wayland passes a minimize through .inactive (the focus goes at once, the window
        // leaves its monitor about 0.3 s later): only polls from here count as the focus loss's.
        let inactivePollsBeforeFocusLoss = screen.pollsWhileInactive
        r.unfocused = await window(.focusElsewhere)
        await pass(p / 2, after: r.unfocused.at)
        r.holdingWhileInactive = screen.isHoldingSideEffect
        r.beforeFocus = await pass(p * 2, after: r.unfocused.at)
        r.pollsWhileInactive = screen.pollsWhileInactive - inactivePollsBeforeFocusLoss
        r.focusRequested = run.now
        let focused = await window(.focus)
        r.afterFocus = await pass(p / 2, after: focused.at)
        r.refocusedGrid = pollingStart(from: r.focusRequested)
        r.loadsAfterFocus = screen.loads
        let closed = await view(.close)
        // The closed view's activity is counted from here, P/2 after the close.
        r.closed = await pass(p / 2, after: closed.at)
        r.holdingAfterClose = screen.isHoldingSideEffect
        let loadsAtClose = screen.loads
        let pollsAtClose = screen.polls
        r.gridsStarted = screen.pollingStarts.count { $0 >= shown.requested && $0 <= closed.at }
        let minimizedClosed = await minimizeOrNote(.minimize)
        await pass(p / 2, after: minimizedClosed.at)
        let restoredClosed = await minimizeOrNote(.restore)
        r.endOfClosedWatch = await pass(p * 3 / 4, after: restoredClosed.at)
        r.activityWhileClosed = screen.loads - loadsAtClose + screen.polls - pollsAtClose

        // P2 beside the seed's reader (P4, P5): a view shown in an unfocused window, then closed
        // while the window is minimized (so only where the session can see a minimize). P1 and
        // P3 stop above.
        if ScenePhaseStrategyID.readers.contains(row) && seesMinimize {
            let unfocusedAgain = await window(.focusElsewhere)
            await pass(p / 4, after: unfocusedAgain.at)
            let loadsBeforeShow = screen.loads
            let shownInactive = await view(.show)
            await pass(p / 4, after: shownInactive.at)
            let loadsShownInactive = screen.loads - loadsBeforeShow
            let focusedAgain = await window(.focus)
            await pass(p / 2, after: focusedAgain.at)
            let loadsAtFocus = screen.loads - loadsBeforeShow - loadsShownInactive
            let inactiveBefore = screen.inactiveCalls
            let minimizedAgain = await window(.minimize)
            await pass(p / 4, after: minimizedAgain.at)
            let closedMinimized = await view(.close)
            await pass(p / 4, after: closedMinimized.at)
            r.tail = .init(
                loadsShownInactive: loadsShownInactive, loadsAtFocus: loadsAtFocus,
                inactiveCallsToClose: screen.inactiveCalls - inactiveBefore)
            let restoredAgain = await window(.restore)
            await pass(p / 4, after: restoredAgain.at)
        }
        r.missedPhases = missedPhases
        r.activeCallsBeforeAppear = screen.activeCallsBeforeAppear

        let checks = judgeScenePhase(run.timeline(r), as: row, tolerance: pacer.judgeTolerance)
        if seesMinimize { run.measure("restoreViaInactive", r.restoreViaInactive ? 1 : 0) }
        run.measure("loads", Double(screen.loads))
        run.measure("polls", Double(screen.polls))
        run.measure("pollsInBackground", Double(r.pollsInBackground))
        run.measure("pollsWhileInactive", Double(r.pollsWhileInactive))
        run.measure("sideEffectHeldInBackground", r.holdingInBackground ? 1 : 0)
        run.measure("canSeeMinimize", seesMinimize ? 1 : 0)

        return await run.finish(screen, judgedAs: AnyStrategyID(row), checks: checks, cleanUp: cleanUp)
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
            strategy: self, context: context, timing: timing,
            host: ImmediateHost<ScenePhaseView>(firesWillAppear: self == .p5), scene: window,
            sideEffect: CountingSideEffect())
        let verdict = await ScenarioDriver(context: context, pacer: pacer).run(scenePhase: screen)
        window.close()
        return verdict
    }
}
