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
    /// against the real times of what it follows, so a late main loop does not change the
    /// verdict: the button's hide comes at the Hide press; T1's and T6's second hide comes D
    /// after the *first* show's timer really started (its "sleep start"), the others' D after the
    /// second's; "task cancel" (T2, T4, T5, T7, T8) and T3's early "auto-dismissed" at the Hide
    /// press; T7's countdown ends 9 steps after it started, T8's "saved" a save's length after its
    /// "save start". T3 logs nothing when its timer starts, so the show's real time stands for it.
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
        for run in runs { run.begin() }

        var presses = Presses()
        presses.firstShow = await ScenarioRun.act(.show, actuator, runs: runs)
        _ = await ScenarioRun.pass(d / 3, after: presses.firstShow, runs: runs)
        presses.hide = await ScenarioRun.act(.hide, actuator, runs: runs)
        _ = await ScenarioRun.pass(d / 2, after: presses.firstShow, runs: runs)
        presses.secondShow = await ScenarioRun.act(.show, actuator, runs: runs)
        // Timers only: T7's countdowns and T8's saves run beside them on purpose.
        let timersAfterSecondShow = runs.map { run in
            run.liveRecords.count { $0.state == .running && $0.name.hasSuffix("then hide") }
        }
        // Watch until the latest side's second timer ran out, and D/2 more.
        let lastTimer = runs.map { timerStart(in: $0, after: presses.secondShow) }.max() ?? presses.secondShow
        _ = await ScenarioRun.pass(d * 3 / 2, after: lastTimer, runs: runs)

        var verdicts: [ScenarioVerdict] = []
        for (index, screen) in screens.enumerated() {
            let hides = judge(
                screen, as: rows[index], runs[index], presses: presses,
                timersAfterSecondShow: timersAfterSecondShow[index])
            let verdict = runs[index].verdict(
                AnyStrategyID(rows[index]), timeScale: screen.timing.timeScale, hideTimes: hides)
            verdicts.append(verdict)
        }
        if cleanUp {
            for screen in screens { screen.reset() }
            await pacer.settle()
        }
        return verdicts
    }

    /// When the repro's presses were really delivered (context times).
    private struct Presses {
        var firstShow = Duration.zero
        var hide = Duration.zero
        var secondShow = Duration.zero
    }

    /// SPEC §3's `row`, checked on what `run` saw of `screen`; returns the hide times.
    private func judge(
        _ screen: ToastScreen, as row: ToastStrategyID, _ run: ScenarioRun, presses: Presses,
        timersAfterSecondShow: Int
    ) -> [Double] {
        let d = screen.toastDuration
        let firstTimer = timerStart(in: run, after: presses.firstShow)
        let secondTimer = timerStart(in: run, after: presses.secondShow)
        let hideTimes = screen.hideEvents.map(\.time)
        let bug = row == .t1 || row == .t6
        // The repro shows T1's bug only if the first toast's timer is still pending when the
        // second toast is up: both presses must come before its D runs out.
        run.expectSchedule(
            "the Hide press and the second show came before the first toast's D ran out",
            holds: presses.secondShow + pacer.tolerance < firstTimer + d,
            observed:
                "second show at t = \(run.offset(presses.secondShow)), D ran out at t = \(run.offset(firstTimer + d))")
        run.expectTime(
            "toast hidden by the button", at: presses.hide, observed: hideTimes.first, reason: "the Hide press")
        // Each check's name is its own literal, so that both are extracted for translation.
        let secondHide = hideTimes.count > 1 ? hideTimes[1] : nil
        if bug {
            run.expectTime(
                "second toast hides early (stale first timer)", at: firstTimer + d, observed: secondHide,
                reason: "D after the first show's timer started")
        } else {
            run.expectTime(
                "second toast hides after a full D", at: secondTimer + d, observed: secondHide,
                reason: "D after the second show's timer started")
        }
        run.expect("hides in the run", count: hideTimes.count, equals: 2)
        let cancels = run.messages("task cancel")
        let atHide = [(time: presses.hide, reason: "the Hide press")]
        switch row {
        case .t1, .t6:
            run.expectTimes("\"task cancel\" logged (nothing is cancelled)", at: [], observed: cancels)
        case .t2, .t4, .t5:
            run.expectTimes("\"task cancel\" logged", at: atHide, observed: cancels)
        case .t7:
            run.expectTimes("\"task cancel\" logged (the timer, the bag's one task)", at: atHide, observed: cancels)
            let countdown = run.records.first { $0.name == "countdown every D/10" }
            run.expect(
                "first countdown after the hide", expected: "finished (never cancelled)",
                observed: countdown.map { "\($0.state)" } ?? "never started", countdown?.state == .finished)
            // Nine sleeps of D/10, each from the last one's wake-up: each wake-up may be a jitter
            // late, so the end may be up to nine jitters after 0.9 D (never before it).
            let countdownDue = (countdown?.startedAt ?? presses.firstShow) + d * 9 / 10
            let countdownLatest = countdownDue + pacer.tolerance * 9
            let countdownEnd = countdown?.endedAt
            run.expect(
                "first countdown ends by itself",
                expected:
                    "t = \(run.offset(countdownDue)) (nine steps of D/10 after it started), "
                    + "by t = \(run.offset(countdownLatest)) (each step may wake a jitter late)",
                observed: countdownEnd.map { "t = \(run.offset($0))" } ?? "never",
                countdownEnd.map { $0 >= countdownDue - pacer.tolerance && $0 <= countdownLatest } ?? false)
            run.expectTimes(
                "\"countdown cancelled\" logged", at: [], observed: run.messages("countdown cancelled"))
        case .t8:
            run.expectTimes("\"task cancel\" logged (the .task timer)", at: atHide, observed: cancels)
            let saves = [presses.firstShow, presses.secondShow].map { show in
                (
                    time: (run.firstMessage(from: show) { $0 == "save start" } ?? show) + screen.saveDuration,
                    reason: "2D/3 after its save started"
                )
            }
            run.expectTimes(
                "\"saved\" logged (each save runs to its end)", at: saves, observed: run.messages("saved"))
            run.expectTimes("\"save cancelled\" logged", at: [], observed: run.messages("save cancelled"))
        case .t3:
            run.expectTimes(
                "\"auto-dismissed\" logged early",
                at: [(presses.hide, "the Hide press"), (secondTimer + d, "D after the second show")],
                observed: run.messages("auto-dismissed"))
            run.expectTimes("\"task cancel\" logged (try? swallows it)", at: [], observed: cancels)
        }
        run.expect("live timers once the second toast is up", count: timersAfterSecondShow, equals: bug ? 2 : 1)
        run.expectFlags(orphan: bug || row == .t7, retainsOwner: row == .t6)
        run.expectDetached(row == .t8)
        run.expectNothingLeft()
        run.measure("timersAfterSecondShow", Double(timersAfterSecondShow))
        run.measure("toastsMade", Double(screen.toastsMade))
        run.measure("liveViewStatesAtEnd", Double(screen.liveViewStates))
        run.measure("liveTaskBagsAtEnd", Double(screen.liveTaskBags))
        if row == .t7 { run.measure("countdownTicks", Double(screen.countdownTicks)) }
        if row == .t8 { run.measure("savesFinished", Double(screen.savesFinished.count)) }
        return hideTimes.map { run.offset($0) }
    }

    /// When the timer of the toast shown at `show` really started: its "sleep start" line
    /// (T1, T2, T4–T8), or the show itself for T3, whose timer logs nothing.
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
