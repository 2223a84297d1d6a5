public import LifecycleTasks

/// What seed 001's repro does on the button page.
public enum ButtonAction: Sendable, Hashable, CustomStringConvertible {
    /// Show or close the inner view.
    case view(ViewAction)
    /// Press *Action!* on the inner view.
    case pressAction
    /// Make `exec()` throw (or stop throwing) from its next run.
    case setExecThrows(Bool)

    /// How the action reads in a verdict's log.
    public var description: String {
        switch self {
        case .view(let action): action.description
        case .pressAction: "press Action!"
        case .setExecThrows(let value): value ? "make exec() throw" : "make exec() succeed"
        }
    }
}

extension ButtonScreen: ScenarioActuator {
    /// Shows or closes the view, presses, or sets whether exec throws (the scenario's direct actuator: no widgets).
    public func perform(_ action: ButtonAction) async {
        switch action {
        case .view(.show): showView()
        case .view(.close): closeView()
        case .pressAction: press()
        case .setExecThrows(let value): execShouldThrow = value
        }
    }
}

extension ScenarioDriver {
    /// Runs seed 001's repro, with L = ``LabTiming/workDuration``: t = 0 show the view and press
    /// Action!, press again at L/10 and 2L/10, close the view at L/2; once every exec has run
    /// its L (1.3L after the third press), make `exec()` throw, show the view and press once
    /// (it throws L later); close it 1.25L after that press, watch 0.15L more.
    ///
    /// Every wait is measured from the real time of the action (or exec start) it follows, and
    /// readings are taken well clear of when an exec ends (L after its "exec #n start" line), so
    /// a late main loop does not change them; where it was so late that the first exec ended
    /// before the close was read, or the throwing exec had not run its L at the reading, the
    /// run says its schedule did not hold instead of judging.
    /// - Parameters:
    ///   - screen: a fresh button screen with its view closed, built on this driver's context.
    ///   - actuator: shows, closes and presses; `nil` calls the screen directly.
    ///   - cleanUp: reset the screen after the verdict is taken.
    public func run(
        button screen: ButtonScreen, actuator: (any ScenarioActuator<ButtonAction>)? = nil, cleanUp: Bool = true
    ) async -> ScenarioVerdict {
        await run(button: screen, judgedAs: screen.strategy, actuator: actuator, cleanUp: cleanUp)
    }

    /// The repro, judged against `row`'s outcome (tests judge one strategy's behaviour by
    /// another's row to show a wrong behaviour fails).
    func run(
        button screen: ButtonScreen, judgedAs row: ButtonStrategyID, actuator: (any ScenarioActuator<ButtonAction>)?,
        cleanUp: Bool
    ) async -> ScenarioVerdict {
        let actuator = actuator ?? screen
        let id = row
        let l = screen.timing.workDuration
        let run = ScenarioRun(context: context, pacer: pacer)
        run.begin()
        let isExecStart: (String) -> Bool = { $0.hasPrefix("exec #") && $0.hasSuffix(" start") }

        await run.act(.setExecThrows(false), actuator)
        await run.act(.view(.show), actuator)
        let startedByAppear = screen.execsStarted
        let firstPress = await run.act(.pressAction, actuator)
        let firstExec = run.firstMessage(from: firstPress, where: isExecStart)
        await run.wait(l / 10, after: firstPress)
        await run.act(.pressAction, actuator)
        await run.wait(l / 5, after: firstPress)
        let thirdPress = await run.act(.pressAction, actuator)
        let lastExecStart = run.firstMessage(from: thirdPress, where: isExecStart) ?? thirdPress
        await run.wait(l / 10, after: thirdPress)
        let runningAfterPresses = screen.execsRunning
        await run.wait(l / 2, after: firstPress)
        await run.act(.view(.close), actuator)
        let afterClose = await run.wait(l / 10, after: run.now)
        let runningAfterClose = screen.execsRunning
        let statesAfterClose = screen.liveViewStates
        await run.wait(l * 13 / 10, after: lastExecStart)
        let startedPhaseA = screen.execsStarted
        let maxConcurrent = run.maxRunningAtOnce(named: "exec")
        let statesAfterWork = screen.liveViewStates

        await run.act(.setExecThrows(true), actuator)
        await run.act(.view(.show), actuator)
        let throwingPress = await run.act(.pressAction, actuator)
        let throwingExec = run.firstMessage(from: throwingPress, where: isExecStart) ?? throwingPress
        let afterThrow = await run.wait(l * 5 / 4, after: throwingPress)
        let surfaced = screen.surfacedErrors.count
        let failedInRegistry = run.records.count { if case .failed = $0.state { true } else { false } }
        await run.act(.view(.close), actuator)
        await run.wait(l * 3 / 20, after: run.now)

        // The readings after the presses and after the close show what closing does only while
        // the first exec still has work left; the later readings need every exec to have run its L.
        let firstExecEnds = (firstExec ?? firstPress) + l
        run.expectSchedule(
            "the presses, the close and its reading came before the first exec's L ran out",
            holds: afterClose + pacer.tolerance < firstExecEnds,
            observed: "reading at t = \(run.offset(afterClose)), L ran out at t = \(run.offset(firstExecEnds))")
        run.expectSchedule(
            "the throwing exec had run its L at the reading",
            holds: afterThrow >= throwingExec + l + pacer.tolerance,
            observed: "reading at t = \(run.offset(afterThrow)), exec due at t = \(run.offset(throwingExec + l))")
        if id == .b3 {
            run.expect(
                "first appear does nothing", expected: "0 execs", observed: "\(startedByAppear) execs",
                startedByAppear == 0)
        }
        run.expect("execs started by 3 presses", count: startedPhaseA, equals: 3)
        let expectedConcurrent = id == .b1 ? 3 : 1
        run.expect(
            "most exec tasks running at once (not asked to stop)", count: maxConcurrent, equals: expectedConcurrent)
        run.expect("execs running after the presses", count: runningAfterPresses, equals: expectedConcurrent)
        run.expect(
            "execs running after closing the view", count: runningAfterClose, equals: id == .b1 ? 3 : 0,
            note: id == .b1 ? "closing stops nothing" : nil)
        run.expect(
            "view states alive after closing", count: statesAfterClose, equals: id == .b1 ? 1 : 0,
            note: id == .b1 ? "kept by the tasks" : "released at once")
        run.expect("view states alive once the work ended", count: statesAfterWork, equals: 0)
        run.expect(
            "thrown error shown to the user", holds: surfaced > 0, expected: id != .b1,
            note: id == .b1 ? "it vanishes" : nil)
        if id == .b1 {
            run.expect(
                "thrown error recorded by the registry", expected: "failed", observed: "\(failedInRegistry) failed",
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
        run.measure("viewStatesAliveAfterClose", Double(statesAfterClose))

        return await run.finish(screen, judgedAs: AnyStrategyID(row), cleanUp: cleanUp)
    }
}

extension ButtonStrategyID {
    /// Runs seed 001's repro with this strategy on a button screen with no display.
    @MainActor
    public func runHeadless(context: LifecycleContext, timing: LabTiming, pacer: ScenarioPacer) async -> ScenarioVerdict
    {
        let screen = ButtonScreen(strategy: self, context: context, timing: timing, host: ImmediateHost<ButtonView>())
        return await ScenarioDriver(context: context, pacer: pacer).run(button: screen)
    }
}
