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

/// Performs the scene-phase repro's actions by calling the screen and setting its window
/// scene's phase (no widgets, no window manager).
@MainActor
public final class DirectScenePhaseActuator: ScenarioActuator {
    private let screen: ScenePhaseScreen

    /// Makes an actuator for `screen`, whose scene it moves between phases.
    public init(_ screen: ScenePhaseScreen) { self.screen = screen }

    /// Shows or closes the view, or puts the scene in the phase the window action leads to.
    public func perform(_ action: ScenePhaseAction) async {
        switch action {
        case .view(.show): screen.showView()
        case .view(.close): screen.closeView()
        case .window(let action): screen.scene?.update(phase: action.resultingPhase)
        }
    }
}

extension ScenarioDriver {
    /// Runs seed 003's repro, with P = ``LabTiming/pollInterval``: t = 0 show the view; 3.25P
    /// minimize; 8.75P restore; 11.25P focus another window; 13.25P focus back; 13.75P close the
    /// view; 14.25P minimize and 14.75P restore with the view closed; watch until 15.5P.
    /// Actions and readings fall on quarter periods, away from every poll, so a real clock's
    /// jitter does not change the counts.
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
        precondition(screen.scene != nil, "run(scenePhase:) needs a screen with a window scene to minimize")
        let actuator = actuator ?? DirectScenePhaseActuator(screen)
        let id = screen.strategy
        let p = screen.timing.pollInterval
        let run = ScenarioRun(context: context, pacer: pacer)
        run.begin()

        await run.act(.window(.focus), actuator)   // the repro starts from an active window
        await run.act(.view(.show), actuator)
        await run.wait(until: p / 4)
        let loadsAfterOpen = screen.loads
        let holdingAfterOpen = screen.isHoldingSideEffect
        await run.wait(until: p * 13 / 4)
        let pollsBeforeMinimize = screen.polls
        await run.act(.window(.minimize), actuator)
        await run.wait(until: p * 15 / 4)
        let holdingInBackground = screen.isHoldingSideEffect
        await run.wait(until: p * 35 / 4)
        let pollsInBackground = screen.pollsInBackground
        let pollsAtRestore = screen.polls
        await run.act(.window(.restore), actuator)
        await run.wait(until: p * 37 / 4)
        let loadsAfterRestore = screen.loads
        let holdingAfterRestore = screen.isHoldingSideEffect
        await run.wait(until: p * 45 / 4)
        let pollsAfterRestore = screen.polls - pollsAtRestore
        await run.act(.window(.focusElsewhere), actuator)
        await run.wait(until: p * 47 / 4)
        let holdingWhileInactive = screen.isHoldingSideEffect
        await run.wait(until: p * 53 / 4)
        let pollsWhileInactive = screen.pollsWhileInactive
        await run.act(.window(.focus), actuator)
        await run.wait(until: p * 55 / 4)
        let loadsAfterFocus = screen.loads
        await run.act(.view(.close), actuator)
        await run.wait(until: p * 57 / 4)
        let holdingAfterClose = screen.isHoldingSideEffect
        let loadsAtClose = screen.loads
        let pollsAtClose = screen.polls
        await run.act(.window(.minimize), actuator)
        await run.wait(until: p * 59 / 4)
        await run.act(.window(.restore), actuator)
        await run.wait(until: p * 31 / 2)

        let bug = id == .p1
        run.expect("loads at open", expected: "1", observed: "\(loadsAfterOpen)", loadsAfterOpen == 1)
        run.expect("side effect held while shown", expected: "yes", observed: holdingAfterOpen ? "yes" : "no", holdingAfterOpen)
        run.expect("polls before minimizing", expected: "3", observed: "\(pollsBeforeMinimize)", pollsBeforeMinimize == 3)
        run.expect("side effect held while minimized", expected: bug ? "yes (the bug)" : "no",
                   observed: holdingInBackground ? "yes" : "no", holdingInBackground == bug)
        run.expect("polls while minimized", expected: bug ? "5 (keeps polling)" : "0",
                   observed: "\(pollsInBackground)", pollsInBackground == (bug ? 5 : 0))
        run.expect("loads after restoring", expected: bug ? "1 (no reload)" : "2 (reloads at once)",
                   observed: "\(loadsAfterRestore)", loadsAfterRestore == (bug ? 1 : 2))
        run.expect("side effect held after restoring", expected: "yes", observed: holdingAfterRestore ? "yes" : "no",
                   holdingAfterRestore)
        // P1 polls on its old grid (9P, 10P, 11P); P2/P3 restarted at 8.75P (9.75P, 10.75P).
        run.expect("polls in the 2.5P after restoring", expected: bug ? "3 (never stopped)" : "2 (restarted)",
                   observed: "\(pollsAfterRestore)", pollsAfterRestore == (bug ? 3 : 2))
        run.expect("side effect held while another window has focus", expected: bug ? "yes (the bug)" : "no",
                   observed: holdingWhileInactive ? "yes" : "no", holdingWhileInactive == bug)
        run.expect("polls while another window has focus", expected: bug ? "2" : "0",
                   observed: "\(pollsWhileInactive)", pollsWhileInactive == (bug ? 2 : 0))
        run.expect("loads after focusing back", expected: bug ? "1" : "3", observed: "\(loadsAfterFocus)",
                   loadsAfterFocus == (bug ? 1 : 3))
        run.expect("side effect held after closing the view", expected: "no", observed: holdingAfterClose ? "yes" : "no",
                   !holdingAfterClose)
        run.expect("loads and polls while the view is closed", expected: "0",
                   observed: "\(screen.loads - loadsAtClose + screen.polls - pollsAtClose)",
                   screen.loads == loadsAtClose && screen.polls == pollsAtClose)
        run.expectFlags(orphan: false, retainsOwner: false)
        run.expectNothingLeft()
        run.measure("loads", Double(screen.loads))
        run.measure("polls", Double(screen.polls))
        run.measure("pollsInBackground", Double(pollsInBackground))
        run.measure("pollsWhileInactive", Double(pollsWhileInactive))
        run.measure("sideEffectHeldInBackground", holdingInBackground ? 1 : 0)

        let verdict = run.verdict(AnyStrategyID(id), timeScale: screen.timing.timeScale, hideTimes: [])
        if cleanUp { screen.reset(); await pacer.settle() }
        return verdict
    }
}

extension ScenePhaseStrategyID {
    /// Runs seed 003's repro with this strategy on a scene-phase screen with no display, in an
    /// active window scene of its own, holding a ``CountingSideEffect``.
    @MainActor
    public func runHeadless(context: LifecycleContext, timing: LabTiming, pacer: ScenarioPacer) async -> ScenarioVerdict {
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
