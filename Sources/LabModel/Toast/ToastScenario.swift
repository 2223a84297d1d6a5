public import LifecycleTasks

/// What the toast repro does: the page's two buttons.
public enum ToastAction: Sendable, Hashable, CustomStringConvertible {
    /// Press *Show toast*.
    case show
    /// Press *Hide toast*.
    case hide

    /// How the action reads in a verdict's log.
    public var description: String {
        switch self {
        case .show: "press Show toast"
        case .hide: "press Hide toast"
        }
    }
}

extension ToastScreen: ScenarioActuator {
    /// Shows or hides the toast (the scenario's direct actuator: no widgets).
    public func perform(_ action: ToastAction) async {
        switch action {
        case .show: show()
        case .hide: hide(cause: .button)
        }
    }
}

extension ScenarioDriver {
    /// Runs SPEC §3's repro on `screen` with its strategy: t = 0 show, t = D/3 hide, t = D/2 show,
    /// watch until the second toast's timer ran out and D/2 more (t = 2D). Hide times are when
    /// each hide starts (a timer's hide then slides out).
    ///
    /// The presses are timed from the first show's real time and every outcome is judged
    /// against the real times of what it follows (`judgeToast`), so a late main loop does not
    /// change the verdict. T3 logs nothing when its timer starts, so the show's real time stands
    /// for it.
    /// - Parameters:
    ///   - screen: a fresh, hidden toast screen built on this driver's context.
    ///   - actuator: presses the buttons; `nil` calls the screen directly.
    ///   - cleanUp: reset the screen after the verdict is taken (cancels what a bug left).
    public func run(
        toast screen: ToastScreen, actuator: (any ScenarioActuator<ToastAction>)? = nil, cleanUp: Bool = true
    ) async -> ScenarioVerdict {
        await run(toast: [screen], judgedAs: [screen.strategy], actuator: actuator ?? screen, cleanUp: cleanUp)[0]
    }

    /// Runs SPEC §3's repro on several toast screens at once, side by side (compare mode): the
    /// same presses at the same moments on every screen, each screen judged against its own
    /// strategy's row, exactly as a run of that screen alone would be.
    ///
    /// Each screen must have its own context (so tasks, flags and logs never mix), every context
    /// on the one clock this driver's pacer moves, made at the same moment; `actuator` performs
    /// each action on every screen in the same turn (``FanOutActuator`` over the screens, or a
    /// button that drives them all).
    ///
    /// ```swift
    /// let clock = LabClock()
    /// let left = ToastScreen(strategy: .t1, context: LifecycleContext(clock: clock), host: leftHost)
    /// let right = ToastScreen(strategy: .t2, context: LifecycleContext(clock: clock), host: rightHost)
    /// let verdicts = await driver.run(toast: [left, right], actuator: FanOutActuator([left, right]))
    /// ScenarioComparison(verdicts: verdicts).matchesSpec   // both rows hold
    /// ```
    /// - Returns: one verdict per screen, in order.
    public func run(
        toast screens: [ToastScreen], actuator: any ScenarioActuator<ToastAction>, cleanUp: Bool = true
    ) async -> [ScenarioVerdict] {
        await run(toast: screens, judgedAs: screens.map(\.strategy), actuator: actuator, cleanUp: cleanUp)
    }

    /// The repro on one screen, judged against `row`'s outcome (tests judge one strategy's
    /// behaviour by another's row to show a wrong behaviour fails).
    func run(
        toast screen: ToastScreen, judgedAs row: ToastStrategyID, actuator: (any ScenarioActuator<ToastAction>)?,
        cleanUp: Bool
    ) async -> ScenarioVerdict {
        await run(toast: [screen], judgedAs: [row], actuator: actuator ?? screen, cleanUp: cleanUp)[0]
    }

    /// The repro on `screens` in lockstep, each judged against its row in `rows`.
    private func run(
        toast screens: [ToastScreen], judgedAs rows: [ToastStrategyID], actuator: any ScenarioActuator<ToastAction>,
        cleanUp: Bool
    ) async -> [ScenarioVerdict] {
        precondition(!screens.isEmpty, "ScenarioDriver.run(toast:): give at least one screen")
        precondition(
            Set(screens.map(\.toastDuration)).count == 1,
            "ScenarioDriver.run(toast:): side-by-side screens must share one timing (one D)")
        let d = screens[0].toastDuration
        let runs = screens.map { ScenarioRun(context: $0.context, pacer: pacer) }
        for (run, screen) in zip(runs, screens) { run.begin(journal: screen.journal) }

        let firstShow = await ScenarioRun.act(.show, actuator, runs: runs)
        _ = await ScenarioRun.pass(d / 3, after: firstShow, runs: runs)
        let hide = await ScenarioRun.act(.hide, actuator, runs: runs)
        _ = await ScenarioRun.pass(d / 2, after: firstShow, runs: runs)
        let secondShow = await ScenarioRun.act(.show, actuator, runs: runs)
        // Timers only: T7's countdowns and T8's saves run beside them on purpose.
        let timersAfterSecondShow = runs.map { run in
            run.liveRecords.count { $0.state == .running && $0.kind == .toastTimer }
        }
        // Watch until the latest side's second timer ran out, and D/2 more.
        let lastTimer =
            runs.map { $0.firstLine(from: secondShow) { (line: ToastLine) in line == .sleepStart } ?? secondShow }.max()
            ?? secondShow
        _ = await ScenarioRun.pass(d * 3 / 2, after: lastTimer, runs: runs)

        var verdicts: [ScenarioVerdict] = []
        for (index, screen) in screens.enumerated() {
            let (run, row) = (runs[index], rows[index])
            let timeline = run.timeline(
                ToastReadings(
                    toastDuration: d, saveDuration: screen.saveDuration, firstShow: firstShow, hide: hide,
                    secondShow: secondShow, hides: screen.hideEvents.map(\.time),
                    timersAfterSecondShow: timersAfterSecondShow[index]))
            let checks = judgeToast(timeline, as: row, tolerance: pacer.judgeTolerance)
            run.measure("timersAfterSecondShow", Double(timersAfterSecondShow[index]))
            run.measure("toastsMade", Double(screen.toastsMade))
            run.measure("liveViewStatesAtEnd", Double(screen.liveViewStates))
            run.measure("liveTaskBagsAtEnd", Double(screen.liveTaskBags))
            if row == .t7 { run.measure("countdownTicks", Double(screen.countdownTicks)) }
            if row == .t8 { run.measure("savesFinished", Double(screen.savesFinished.count)) }
            let hideTimes = timeline.readings.hides.map { run.offset($0) }
            verdicts.append(
                run.verdict(
                    AnyStrategyID(row), timeScale: screen.timing.timeScale, hideTimes: hideTimes, checks: checks))
        }
        if cleanUp {
            for screen in screens { screen.reset() }
            await pacer.settle()
        }
        return verdicts
    }
}

extension ToastStrategyID {
    /// Runs SPEC §3's repro with this strategy on a toast screen with no display.
    @MainActor
    public func runHeadless(context: LifecycleContext, timing: LabTiming, pacer: ScenarioPacer) async -> ScenarioVerdict
    {
        let screen = ToastScreen(strategy: self, context: context, timing: timing, host: ImmediateHost<ToastView>())
        return await ScenarioDriver(context: context, pacer: pacer).run(toast: screen)
    }
}
