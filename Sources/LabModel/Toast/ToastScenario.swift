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
    /// watch until the second toast's timer ran out and D/2 more (t = 2D).
    ///
    /// The presses are timed from the first show's real time and every outcome is judged
    /// against the real times of what it follows, so a late main loop does not change the
    /// verdict: the button's hide comes at the Hide press; T1's and T6's second hide comes D
    /// after the *first* show's timer really started (its "sleep start"), T2–T5's D after the
    /// second's; "task cancel" (T2, T4, T5) and T3's early "auto-dismissed" at the Hide press.
    /// T3 logs nothing when its timer starts, so the show's real time stands for it.
    /// - Parameters:
    ///   - screen: a fresh, hidden toast screen built on this driver's context.
    ///   - actuator: presses the buttons; `nil` calls the screen directly.
    ///   - cleanUp: reset the screen after the verdict is taken (cancels what a bug left).
    public func run(
        toast screen: ToastScreen, actuator: (any ScenarioActuator<ToastAction>)? = nil, cleanUp: Bool = true
    ) async -> ScenarioVerdict {
        await run(toast: screen, judgedAs: screen.strategy, actuator: actuator, cleanUp: cleanUp)
    }

    /// The repro, judged against `row`'s outcome (tests judge one strategy's behaviour by
    /// another's row to show a wrong behaviour fails).
    func run(
        toast screen: ToastScreen, judgedAs row: ToastStrategyID, actuator: (any ScenarioActuator<ToastAction>)?,
        cleanUp: Bool
    ) async -> ScenarioVerdict {
        let actuator = actuator ?? screen
        let d = screen.toastDuration
        let run = ScenarioRun(context: context, pacer: pacer)
        run.begin()

        let firstShow = await run.act(.show, actuator)
        let firstTimer = timerStart(in: run, after: firstShow)
        await run.wait(d / 3, after: firstShow)
        let hidePress = await run.act(.hide, actuator)
        await run.wait(d / 2, after: firstShow)
        let secondShow = await run.act(.show, actuator)
        let secondTimer = timerStart(in: run, after: secondShow)
        let timersAfterSecondShow = run.liveRecords.count { $0.state == .running }
        await run.wait(d * 3 / 2, after: secondTimer)

        let hideTimes = screen.hideEvents.map(\.time)
        let bug = row == .t1 || row == .t6
        // The repro shows T1's bug only if the first toast's timer is still pending when the
        // second toast is up: both presses must come before its D runs out.
        run.expectSchedule(
            "the Hide press and the second show came before the first toast's D ran out",
            holds: secondShow + pacer.tolerance < firstTimer + d,
            observed: "second show at t = \(run.offset(secondShow)), D ran out at t = \(run.offset(firstTimer + d))")
        run.expectTime(
            "toast hidden by the button", at: hidePress, observed: hideTimes.first, reason: "the Hide press")
        run.expectTime(
            bug ? "second toast hides early (stale first timer)" : "second toast hides after a full D",
            at: (bug ? firstTimer : secondTimer) + d, observed: hideTimes.count > 1 ? hideTimes[1] : nil,
            reason: bug ? "D after the first show's timer started" : "D after the second show's timer started")
        run.expect("hides in the run", count: hideTimes.count, equals: 2)
        let cancels = run.messages("task cancel")
        switch row {
        case .t1, .t6:
            run.expectTimes("\"task cancel\" logged", at: [], observed: cancels)
        case .t2, .t4, .t5:
            run.expectTimes("\"task cancel\" logged", at: [(hidePress, "the Hide press")], observed: cancels)
        case .t3:
            run.expectTimes(
                "\"auto-dismissed\" logged early",
                at: [(hidePress, "the Hide press"), (secondTimer + d, "D after the second show")],
                observed: run.messages("auto-dismissed"))
            run.expectTimes("\"task cancel\" logged (try? swallows it)", at: [], observed: cancels)
        }
        run.expect("live timers once the second toast is up", count: timersAfterSecondShow, equals: bug ? 2 : 1)
        run.expectFlags(orphan: bug, retainsOwner: row == .t6)
        run.expectNothingLeft()
        run.measure("timersAfterSecondShow", Double(timersAfterSecondShow))
        run.measure("toastsMade", Double(screen.toastsMade))
        run.measure("liveViewStatesAtEnd", Double(screen.liveViewStates))
        run.measure("liveTaskBagsAtEnd", Double(screen.liveTaskBags))

        let verdict = run.verdict(
            AnyStrategyID(row), timeScale: screen.timing.timeScale, hideTimes: hideTimes.map { run.offset($0) })
        if cleanUp {
            screen.reset()
            await pacer.settle()
        }
        return verdict
    }

    /// When the timer of the toast shown at `show` really started: its "sleep start" line
    /// (T1, T2, T4–T6), or the show itself for T3, whose timer logs nothing.
    private func timerStart(in run: ScenarioRun, after show: Duration) -> Duration {
        run.firstMessage(from: show) { $0 == "sleep start" } ?? show
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
