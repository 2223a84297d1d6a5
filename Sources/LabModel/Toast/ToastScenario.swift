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
    /// watch until t = 2D. Hide times are when each hide starts (a timer's hide then slides out).
    /// - Parameters:
    ///   - screen: a fresh, hidden toast screen built on this driver's context.
    ///   - actuator: presses the buttons; `nil` calls the screen directly.
    ///   - cleanUp: reset the screen after the verdict is taken (cancels what a bug left).
    public func run(
        toast screen: ToastScreen, actuator: (any ScenarioActuator<ToastAction>)? = nil, cleanUp: Bool = true
    ) async -> ScenarioVerdict {
        await run(toast: [screen], actuator: actuator ?? screen, cleanUp: cleanUp)[0]
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
        precondition(!screens.isEmpty, "ScenarioDriver.run(toast:): give at least one screen")
        precondition(
            Set(screens.map(\.toastDuration)).count == 1,
            "ScenarioDriver.run(toast:): side-by-side screens must share one timing (one D)")
        let d = screens[0].toastDuration
        let runs = screens.map { ScenarioRun(context: $0.context, pacer: pacer) }
        for run in runs { run.begin() }

        await ScenarioRun.act(.show, actuator, runs: runs)
        await ScenarioRun.wait(until: d / 3, runs: runs)
        await ScenarioRun.act(.hide, actuator, runs: runs)
        await ScenarioRun.wait(until: d / 2, runs: runs)
        await ScenarioRun.act(.show, actuator, runs: runs)
        await ScenarioRun.wait(until: d * 3 / 4, runs: runs)
        // Timers only: T7's countdowns and T8's saves run beside them on purpose.
        let timersAfterSecondShow = runs.map { run in
            run.liveRecords.count { $0.state == .running && $0.name.hasSuffix("then hide") }
        }
        await ScenarioRun.wait(until: d * 2, runs: runs)

        var verdicts: [ScenarioVerdict] = []
        for (index, screen) in screens.enumerated() {
            let hides = judge(screen, runs[index], timersAfterSecondShow: timersAfterSecondShow[index])
            verdicts.append(await runs[index].finish(screen, hideTimes: hides, cleanUp: false))
        }
        if cleanUp {
            for screen in screens { screen.reset() }
            await pacer.settle()
        }
        return verdicts
    }

    /// SPEC §3's row for `screen`'s strategy, checked on what `run` saw; returns the hide times.
    private func judge(_ screen: ToastScreen, _ run: ScenarioRun, timersAfterSecondShow: Int) -> [Double] {
        let id = screen.strategy
        let d = screen.toastDuration
        let hides = screen.hideEvents.map { run.offset($0.time) }
        let bug = id == .t1 || id == .t6
        run.expectTime("toast hidden by the button", at: d / 3, observed: hides.first)
        run.expectTime(
            bug ? "second toast hides early (stale first timer)" : "second toast hides after a full D",
            at: bug ? d : d / 2 + d, observed: hides.count > 1 ? hides[1] : nil,
            expectedText: bug ? "t = D" : "t = D/2 + D")
        run.expect("hides in the run", count: hides.count, equals: 2)
        let cancels = run.messages("task cancel")
        switch id {
        case .t1, .t6:
            run.expect(
                "\"task cancel\" logged", expected: "never (nothing is cancelled)",
                observed: cancels.isEmpty ? "never" : "at \(cancels)", cancels.isEmpty)
        case .t2, .t4, .t5:
            run.expectTimes("\"task cancel\" logged", at: [d / 3], observed: cancels)
        case .t7:
            run.expectTimes("\"task cancel\" logged (the timer, the bag's one task)", at: [d / 3], observed: cancels)
            let countdown = run.records.first { $0.name == "countdown every D/10" }
            run.expect(
                "first countdown after the hide", expected: "finished (never cancelled)",
                observed: countdown.map { "\($0.state)" } ?? "never started", countdown?.state == .finished)
            run.expectTime(
                "first countdown ends by itself", at: d * 9 / 10, observed: countdown?.endedAt.map(run.offset),
                expectedText: "0.9 D")
            run.expectTimes(
                "\"countdown cancelled\" logged", at: [], observed: run.messages("countdown cancelled"))
        case .t8:
            run.expectTimes("\"task cancel\" logged (the .task timer)", at: [d / 3], observed: cancels)
            run.expectTimes(
                "\"saved\" logged (each save runs to its end)", at: [screen.saveDuration, d / 2 + screen.saveDuration],
                observed: run.messages("saved"))
            run.expectTimes("\"save cancelled\" logged", at: [], observed: run.messages("save cancelled"))
        case .t3:
            run.expectTimes(
                "\"auto-dismissed\" logged early", at: [d / 3, d / 2 + d], observed: run.messages("auto-dismissed"))
            run.expect(
                "\"task cancel\" logged", expected: "never (try? swallows it)",
                observed: cancels.isEmpty ? "never" : "at \(cancels)", cancels.isEmpty)
        }
        run.expect("live timers at t = 3D/4 (second toast up)", count: timersAfterSecondShow, equals: bug ? 2 : 1)
        run.expectFlags(orphan: bug || id == .t7, retainsOwner: id == .t6)
        run.expectDetached(id == .t8)
        run.expectNothingLeft()
        run.measure("timersAfterSecondShow", Double(timersAfterSecondShow))
        run.measure("toastsMade", Double(screen.toastsMade))
        run.measure("liveViewStatesAtEnd", Double(screen.liveViewStates))
        run.measure("liveTaskBagsAtEnd", Double(screen.liveTaskBags))
        if id == .t7 { run.measure("countdownTicks", Double(screen.countdownTicks)) }
        if id == .t8 { run.measure("savesFinished", Double(screen.savesFinished.count)) }
        return hides
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
