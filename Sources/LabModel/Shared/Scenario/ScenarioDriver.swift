/// Runs the spec's documented repros against any strategy and says whether the outcome matches
/// the strategy's row.
///
/// The same driver runs headless (``ImmediateHost``, ``DirectActuator``, a test clock) and in the
/// real window (the app's hosts, an actuator that clicks real buttons, a real scaled clock):
/// only the screen's host, the actuator and the pacer change.
///
/// The toast repro (SPEC §3), with D = ``LabTiming/toastDuration``: t = 0 show, t = D/3 hide,
/// t = D/2 show, watch until t = 2D. The button, scene-phase and server repros are described on
/// ``run(button:actuator:cleanUp:)``, ``run(scenePhase:actuator:cleanUp:)`` and
/// ``run(server:actuator:cleanUp:)``.
///
/// ```swift
/// let context = LifecycleContext(clock: ContinuousClock())
/// let screen = ToastScreen(strategy: .t1, context: context, timing: timing, host: overlayHost)
/// let driver = ScenarioDriver(context: context, pacer: .realTime(clock: context.clock))
/// let verdict = await driver.run(toast: screen, actuator: windowActuator)
/// print(verdict.json())
/// exit(verdict.matchesSpec ? 0 : 1)
/// ```
@MainActor
public final class ScenarioDriver {
    /// The context every screen of the run uses.
    public let context: LifecycleContext
    /// How the run moves through time.
    public let pacer: ScenarioPacer

    /// Makes a driver for screens built on `context`.
    public init(context: LifecycleContext, pacer: ScenarioPacer) {
        self.context = context
        self.pacer = pacer
    }

    // MARK: Toast (SPEC §3)

    /// Runs SPEC §3's repro on `screen` with its strategy: t = 0 show, t = D/3 hide, t = D/2 show,
    /// watch until t = 2D.
    /// - Parameters:
    ///   - screen: a fresh, hidden toast screen built on this driver's context.
    ///   - actuator: presses the buttons; `nil` calls the screen directly.
    ///   - cleanUp: reset the screen after the verdict is taken (cancels what a bug left).
    public func run(toast screen: ToastScreen, actuator: (any ScenarioActuator)? = nil, cleanUp: Bool = true) async
        -> ScenarioVerdict
    {
        let actuator = actuator ?? DirectActuator(toast: screen)
        let id = screen.strategy
        let d = screen.toastDuration
        let run = ScenarioRun(context: context, pacer: pacer)
        run.begin()

        await run.act(.showToast, actuator)
        await run.wait(until: d / 3)
        await run.act(.hideToast, actuator)
        await run.wait(until: d / 2)
        await run.act(.showToast, actuator)
        await run.wait(until: d * 3 / 4)
        let timersAfterSecondShow = run.liveRecords.count { $0.state == .running }
        await run.wait(until: d * 2)

        let hides = screen.hideEvents.map { run.offset($0.time) }
        let bug = id == .t1 || id == .t6
        run.expectTime("toast hidden by the button", at: d / 3, observed: hides.first)
        run.expectTime(
            bug ? "second toast hides early (stale first timer)" : "second toast hides after a full D",
            at: bug ? d : d / 2 + d, observed: hides.count > 1 ? hides[1] : nil,
            expectedText: bug ? "t = D" : "t = D/2 + D")
        run.expect("hides in the run", expected: "2", observed: "\(hides.count)", hides.count == 2)
        let cancels = run.messages("task cancel")
        switch id {
        case .t1, .t6:
            run.expect("\"task cancel\" logged", expected: "never (nothing is cancelled)",
                       observed: cancels.isEmpty ? "never" : "at \(cancels)", cancels.isEmpty)
        case .t2, .t4, .t5:
            run.expectTimes("\"task cancel\" logged", at: [d / 3], observed: cancels)
        case .t3:
            run.expectTimes("\"auto-dismissed\" logged early", at: [d / 3, d / 2 + d], observed: run.messages("auto-dismissed"))
            run.expect("\"task cancel\" logged", expected: "never (try? swallows it)",
                       observed: cancels.isEmpty ? "never" : "at \(cancels)", cancels.isEmpty)
        }
        run.expect("live timers at t = 3D/4 (second toast up)", expected: bug ? "2" : "1",
                   observed: "\(timersAfterSecondShow)", timersAfterSecondShow == (bug ? 2 : 1))
        run.expectFlags(orphan: bug, retainsOwner: id == .t6)
        run.expectNothingLeft()
        run.measure("timersAfterSecondShow", Double(timersAfterSecondShow))
        run.measure("toastsMade", Double(screen.toastsMade))
        run.measure("liveViewStatesAtEnd", Double(screen.liveViewStates))
        run.measure("liveTaskBagsAtEnd", Double(screen.liveTaskBags))

        let verdict = run.verdict(.toast(id), timeScale: screen.timing.timeScale, hideTimes: hides)
        if cleanUp { screen.reset(); await pacer.settle() }
        return verdict
    }

    // MARK: Button work (seed 001)

    /// Runs seed 001's repro, with L = ``LabTiming/workDuration``: t = 0 open the page and press
    /// Action!, press again at L/10 and 2L/10, close the page at L/2; at 1.5L make `exec()`
    /// throw, open the page and press once (it throws at 2.5L); close it at 2.75L, watch until
    /// 2.9L. Readings are taken between actions (3L/10, 6L/10, 1.5L, 2.75L), well clear of
    /// them, so a real main loop's latency does not change them.
    /// - Parameters:
    ///   - screen: a fresh button screen with its page closed, built on this driver's context.
    ///   - actuator: opens, closes and presses; `nil` calls the screen directly.
    ///   - cleanUp: reset the screen after the verdict is taken.
    public func run(button screen: ButtonScreen, actuator: (any ScenarioActuator)? = nil, cleanUp: Bool = true) async
        -> ScenarioVerdict
    {
        let actuator = actuator ?? DirectActuator(button: screen)
        let id = screen.strategy
        let l = screen.timing.workDuration
        let run = ScenarioRun(context: context, pacer: pacer)
        run.begin()

        await run.act(.setExecThrows(false), actuator)
        await run.act(.openPage, actuator)
        let startedByAppear = screen.execsStarted
        await run.act(.pressAction, actuator)
        await run.wait(until: l / 10)
        await run.act(.pressAction, actuator)
        await run.wait(until: l / 5)
        await run.act(.pressAction, actuator)
        await run.wait(until: l * 3 / 10)
        let runningAfterPresses = screen.execsRunning
        await run.wait(until: l / 2)
        await run.act(.closePage, actuator)
        await run.wait(until: l * 6 / 10)
        let runningAfterClose = screen.execsRunning
        let statesAfterClose = screen.liveViewStates
        await run.wait(until: l * 3 / 2)
        let startedPhaseA = screen.execsStarted
        let maxConcurrent = run.maxRunningAtOnce(named: "exec")
        let statesAfterWork = screen.liveViewStates

        await run.act(.setExecThrows(true), actuator)
        await run.act(.openPage, actuator)
        await run.act(.pressAction, actuator)
        await run.wait(until: l * 11 / 4)
        let surfaced = screen.surfacedErrors.count
        let failedInRegistry = run.records.count { if case .failed = $0.state { true } else { false } }
        await run.act(.closePage, actuator)
        await run.wait(until: l * 29 / 10)

        if id == .b3 {
            run.expect("first appear does nothing", expected: "0 execs", observed: "\(startedByAppear) execs",
                       startedByAppear == 0)
        }
        run.expect("execs started by 3 presses", expected: "3", observed: "\(startedPhaseA)", startedPhaseA == 3)
        let expectedConcurrent = id == .b1 ? 3 : 1
        run.expect("most exec tasks running at once (not asked to stop)", expected: "\(expectedConcurrent)", observed: "\(maxConcurrent)",
                   maxConcurrent == expectedConcurrent)
        run.expect("execs running after the presses", expected: "\(expectedConcurrent)",
                   observed: "\(runningAfterPresses)", runningAfterPresses == expectedConcurrent)
        run.expect("execs running after closing the page", expected: id == .b1 ? "3 (closing stops nothing)" : "0",
                   observed: "\(runningAfterClose)", runningAfterClose == (id == .b1 ? 3 : 0))
        run.expect("page states alive after closing", expected: id == .b1 ? "1 (kept by the tasks)" : "0 (released at once)",
                   observed: "\(statesAfterClose)", statesAfterClose == (id == .b1 ? 1 : 0))
        run.expect("page states alive once the work ended", expected: "0", observed: "\(statesAfterWork)",
                   statesAfterWork == 0)
        run.expect("thrown error shown to the user", expected: id == .b1 ? "no (it vanishes)" : "yes",
                   observed: surfaced > 0 ? "yes" : "no", (surfaced > 0) == (id != .b1))
        if id == .b1 {
            run.expect("thrown error recorded by the registry", expected: "failed", observed: "\(failedInRegistry) failed",
                       failedInRegistry == 1)
        }
        run.expectFlags(orphan: id == .b1, retainsOwner: id == .b1)
        run.expectNothingLeft()
        run.measure("execsStarted", Double(screen.execsStarted))
        run.measure("execsCompleted", Double(screen.execsCompleted))
        run.measure("execsCancelled", Double(screen.execsCancelled))
        run.measure("execsFailed", Double(screen.execsFailed))
        run.measure("maxRunningExecTasks", Double(maxConcurrent))
        run.measure("maxOverlappingExecs", Double(screen.maxConcurrentExecs))
        run.measure("errorsShown", Double(surfaced))
        run.measure("pageStatesAliveAfterClose", Double(statesAfterClose))

        let verdict = run.verdict(.button(id), timeScale: screen.timing.timeScale, hideTimes: [])
        if cleanUp { screen.reset(); await pacer.settle() }
        return verdict
    }

    // MARK: Scene phase (seed 003)

    /// Runs seed 003's repro, with P = ``LabTiming/pollInterval``: t = 0 open the page; 3.25P
    /// minimize; 8.75P restore; 11.25P focus another window; 13.25P focus back; 13.75P close the
    /// page; 14.25P minimize and 14.75P restore with the page closed; watch until 15.5P.
    /// Actions and readings fall on quarter periods, away from every poll, so a real clock's
    /// jitter does not change the counts.
    /// - Parameters:
    ///   - screen: a fresh scene-phase screen with its page closed and a window scene, built on
    ///     this driver's context. The run focuses the window first.
    ///   - actuator: opens and closes the page and minimizes, restores and focuses the window;
    ///     `nil` calls the screen and updates its scene directly.
    ///   - cleanUp: reset the screen after the verdict is taken.
    public func run(scenePhase screen: ScenePhaseScreen, actuator: (any ScenarioActuator)? = nil, cleanUp: Bool = true)
        async -> ScenarioVerdict
    {
        precondition(screen.scene != nil, "run(scenePhase:) needs a screen with a window scene to minimize")
        let actuator = actuator ?? DirectActuator(scenePhase: screen, window: screen.scene)
        let id = screen.strategy
        let p = screen.timing.pollInterval
        let run = ScenarioRun(context: context, pacer: pacer)
        run.begin()

        await run.act(.focusWindow, actuator)   // the repro starts from an active window
        await run.act(.openPage, actuator)
        await run.wait(until: p / 4)
        let loadsAfterOpen = screen.loads
        let holdingAfterOpen = screen.isHoldingSideEffect
        await run.wait(until: p * 13 / 4)
        let pollsBeforeMinimize = screen.polls
        await run.act(.minimizeWindow, actuator)
        await run.wait(until: p * 15 / 4)
        let holdingInBackground = screen.isHoldingSideEffect
        await run.wait(until: p * 35 / 4)
        let pollsInBackground = screen.pollsInBackground
        let pollsAtRestore = screen.polls
        await run.act(.restoreWindow, actuator)
        await run.wait(until: p * 37 / 4)
        let loadsAfterRestore = screen.loads
        let holdingAfterRestore = screen.isHoldingSideEffect
        await run.wait(until: p * 45 / 4)
        let pollsAfterRestore = screen.polls - pollsAtRestore
        await run.act(.unfocusWindow, actuator)
        await run.wait(until: p * 47 / 4)
        let holdingWhileInactive = screen.isHoldingSideEffect
        await run.wait(until: p * 53 / 4)
        let pollsWhileInactive = screen.pollsWhileInactive
        await run.act(.focusWindow, actuator)
        await run.wait(until: p * 55 / 4)
        let loadsAfterFocus = screen.loads
        await run.act(.closePage, actuator)
        await run.wait(until: p * 57 / 4)
        let holdingAfterClose = screen.isHoldingSideEffect
        let loadsAtClose = screen.loads
        let pollsAtClose = screen.polls
        await run.act(.minimizeWindow, actuator)
        await run.wait(until: p * 59 / 4)
        await run.act(.restoreWindow, actuator)
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
        run.expect("side effect held after closing the page", expected: "no", observed: holdingAfterClose ? "yes" : "no",
                   !holdingAfterClose)
        run.expect("loads and polls while the page is closed", expected: "0",
                   observed: "\(screen.loads - loadsAtClose + screen.polls - pollsAtClose)",
                   screen.loads == loadsAtClose && screen.polls == pollsAtClose)
        run.expectFlags(orphan: false, retainsOwner: false)
        run.expectNothingLeft()
        run.measure("loads", Double(screen.loads))
        run.measure("polls", Double(screen.polls))
        run.measure("pollsInBackground", Double(pollsInBackground))
        run.measure("pollsWhileInactive", Double(pollsWhileInactive))
        run.measure("sideEffectHeldInBackground", holdingInBackground ? 1 : 0)

        let verdict = run.verdict(.scenePhase(id), timeScale: screen.timing.timeScale, hideTimes: [])
        if cleanUp { screen.reset(); await pacer.settle() }
        return verdict
    }

    // MARK: Server listener (seed 004)

    /// Runs seed 004's repro, with U = ``LabTiming/pollInterval`` (1 s × scale) and the screen's
    /// first two servers A and B: t = 0 open the page (listening to A); U: A posts "Signed In";
    /// 2U: pick B; 3U: A posts "Maintenance"; 4U: B posts "Online"; 5U: close the page; watch
    /// until 6U. Each reading is taken U/2 after its action.
    /// - Parameters:
    ///   - screen: a fresh server screen with its page closed, A picked, at least two servers.
    ///   - actuator: opens, closes and picks; `nil` calls the screen directly.
    ///   - cleanUp: reset the screen after the verdict is taken.
    public func run(server screen: ServerScreen, actuator: (any ScenarioActuator)? = nil, cleanUp: Bool = true) async
        -> ScenarioVerdict
    {
        precondition(screen.servers.count >= 2, "run(server:) needs a screen with at least two servers")
        let actuator = actuator ?? DirectActuator(server: screen)
        let (a, b) = (screen.servers[0], screen.servers[1])
        let u = screen.timing.pollInterval
        let run = ScenarioRun(context: context, pacer: pacer)
        run.begin()

        await run.act(.pickServer(a), actuator)
        await run.act(.openPage, actuator)
        await run.wait(until: u / 2)
        let listenersAfterOpen = screen.listenerCount
        await run.wait(until: u)
        await run.act(.postStatus("Signed In", to: a), actuator)
        await run.wait(until: u * 3 / 2)
        let labelFromA = screen.label
        await run.wait(until: u * 2)
        await run.act(.pickServer(b), actuator)
        await run.wait(until: u * 5 / 2)
        let listenersAfterSwitch = screen.listenerCount
        let listenersOfA = screen.center.listenerCount(for: a)
        let liveListenTasks = run.liveRecords.count
        let firstListener = run.records.first
        await run.wait(until: u * 3)
        await run.act(.postStatus("Maintenance", to: a), actuator)
        await run.wait(until: u * 7 / 2)
        let labelAfterOldPost = screen.label
        await run.wait(until: u * 4)
        await run.act(.postStatus("Online", to: b), actuator)
        await run.wait(until: u * 9 / 2)
        let labelAfterNewPost = screen.label
        await run.wait(until: u * 5)
        await run.act(.closePage, actuator)
        await run.wait(until: u * 11 / 2)
        let listenersAfterClose = screen.listenerCount
        await run.wait(until: u * 6)

        run.expect("live listeners after opening", expected: "1", observed: "\(listenersAfterOpen)", listenersAfterOpen == 1)
        run.expect("label after A posts", expected: "Signed In", observed: labelFromA, labelFromA == "Signed In")
        run.expect("live listeners after switching to B", expected: "1 (of B)",
                   observed: "\(listenersAfterSwitch) (\(listenersOfA) of A)", listenersAfterSwitch == 1 && listenersOfA == 0)
        run.expect("live listening tasks after switching", expected: "1", observed: "\(liveListenTasks)", liveListenTasks == 1)
        run.expect("old listener's task", expected: "cancelled",
                   observed: firstListener.map { "\($0.state)" } ?? "none", firstListener?.state == .cancelled)
        run.expect("label after the old server posts", expected: "Signed In (unchanged)", observed: labelAfterOldPost,
                   labelAfterOldPost == "Signed In")
        run.expect("label after the new server posts", expected: "Online", observed: labelAfterNewPost,
                   labelAfterNewPost == "Online")
        run.expect("live listeners after closing", expected: "0", observed: "\(listenersAfterClose)", listenersAfterClose == 0)
        run.expectFlags(orphan: false, retainsOwner: false)
        run.expectNothingLeft()
        run.measure("listenersAfterSwitch", Double(listenersAfterSwitch))
        run.measure("listenersAfterClose", Double(listenersAfterClose))
        run.measure("statusesPosted", Double(screen.center.postedCount))

        let verdict = run.verdict(.server(screen.strategy), timeScale: screen.timing.timeScale, hideTimes: [])
        if cleanUp { screen.reset(); await pacer.settle() }
        return verdict
    }

    // MARK: Headless

    /// Builds the screen for `strategy` with an ``ImmediateHost`` (and, for the scene-phase page,
    /// an active window scene and a ``CountingSideEffect``), runs its scenario and returns the
    /// verdict. What `lifecycle-lab --scenario` does without a window, and what the tests run.
    public static func runHeadless(
        _ strategy: AnyStrategyID, context: LifecycleContext, timing: LabTiming = .standard, pacer: ScenarioPacer
    ) async -> ScenarioVerdict {
        let driver = ScenarioDriver(context: context, pacer: pacer)
        switch strategy {
        case .toast(let id):
            let screen = ToastScreen(strategy: id, context: context, timing: timing, host: ImmediateHost<ToastView>())
            return await driver.run(toast: screen)
        case .button(let id):
            let screen = ButtonScreen(strategy: id, context: context, timing: timing, host: ImmediateHost<ButtonPageView>())
            return await driver.run(button: screen)
        case .scenePhase(let id):
            let app = AppScene(context: context)
            let window = WindowScene(name: "main", app: app, context: context, phase: .active)
            let screen = ScenePhaseScreen(
                strategy: id, context: context, timing: timing, host: ImmediateHost<ScenePhasePageView>(),
                scene: window, sideEffect: CountingSideEffect())
            let verdict = await driver.run(scenePhase: screen)
            window.close()
            return verdict
        case .server(let id):
            let screen = ServerScreen(
                strategy: id, context: context, timing: timing, host: ImmediateHost<ServerPageView>(),
                center: StatusCenter())
            return await driver.run(server: screen)
        }
    }
}
