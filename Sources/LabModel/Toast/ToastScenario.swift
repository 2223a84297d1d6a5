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
        let actuator = actuator ?? screen
        let id = screen.strategy
        let d = screen.toastDuration
        let run = ScenarioRun(context: context, pacer: pacer)
        run.begin()

        await run.act(.show, actuator)
        await run.wait(until: d / 3)
        await run.act(.hide, actuator)
        await run.wait(until: d / 2)
        await run.act(.show, actuator)
        await run.wait(until: d * 3 / 4)
        // Timers only: T7's countdowns and T8's saves run beside them on purpose.
        let timersAfterSecondShow = run.liveRecords.count { $0.state == .running && $0.name.hasSuffix("then hide") }
        await run.wait(until: d * 2)

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

        return await run.finish(screen, hideTimes: hides, cleanUp: cleanUp)
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
