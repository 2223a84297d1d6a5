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
        let l = screen.timing.workDuration
        let run = ScenarioRun(context: context, pacer: pacer)
        run.begin(journal: screen.journal)
        var readings = ButtonReadings(workDuration: l)

        await run.act(.setExecThrows(false), actuator)
        await run.act(.view(.show), actuator)
        readings.startedByAppear = screen.execsStarted
        readings.firstPress = await run.act(.pressAction, actuator)
        await run.wait(l / 10, after: readings.firstPress)
        readings.secondPress = await run.act(.pressAction, actuator)
        await run.wait(l / 5, after: readings.firstPress)
        let thirdPress = await run.act(.pressAction, actuator)
        let lastExecStart = run.firstLine(from: thirdPress, where: \ButtonLine.isExecStart) ?? thirdPress
        await run.wait(l / 10, after: thirdPress)
        readings.runningAfterPresses = screen.execsRunning
        await run.wait(l / 2, after: readings.firstPress)
        await run.act(.view(.close), actuator)
        readings.afterClose = await run.wait(l / 10, after: run.now)
        readings.runningAfterClose = screen.execsRunning
        readings.statesAfterClose = screen.liveViewStates
        readings.afterWork = await run.wait(l * 13 / 10, after: lastExecStart)
        readings.startedPhaseA = screen.execsStarted
        readings.statesAfterWork = screen.liveViewStates

        await run.act(.setExecThrows(true), actuator)
        await run.act(.view(.show), actuator)
        readings.throwingPress = await run.act(.pressAction, actuator)
        readings.afterThrow = await run.wait(l * 5 / 4, after: readings.throwingPress)
        readings.errorsShown = screen.surfacedErrors.count
        readings.failedInRegistry = run.records.count { if case .failed = $0.state { true } else { false } }
        await run.act(.view(.close), actuator)
        await run.wait(l * 3 / 20, after: run.now)

        let timeline = run.timeline(readings)
        let checks = judgeButton(timeline, as: row, tolerance: pacer.judgeTolerance)
        let maxConcurrent = timeline.maxRunningAtOnce(.exec, startedBy: readings.afterWork)
        run.measure("execsStarted", Double(screen.execsStarted))
        run.measure("execsCompleted", Double(screen.execsCompleted))
        run.measure("execsCancelled", Double(screen.execsCancelled))
        run.measure("execsFailed", Double(screen.execsFailed))
        run.measure("maxRunningExecTasks", Double(maxConcurrent))
        run.measure("maxOverlappingExecs", Double(screen.maxConcurrentExecs))
        run.measure("errorsShown", Double(readings.errorsShown))
        run.measure("viewStatesAliveAfterClose", Double(readings.statesAfterClose))

        return await run.finish(screen, judgedAs: AnyStrategyID(row), checks: checks, cleanUp: cleanUp)
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
