/// How a run moves through its repro: actions delivered and logged, waits measured from real
/// times, each followed by a settle and a look at the registry's flags.
///
/// A run judges behaviour, not the main loop's punctuality. Every action records when it
/// really happened (``ScenarioRun/act(_:_:)`` returns that context time), every wait is
/// measured from a real time (``ScenarioRun/wait(_:after:)``), and every time check compares
/// an outcome with the real time of what it follows: "the second hide comes D after the first
/// show's timer really started", not "at t = D". The pacer's tolerance is left for the clock's
/// own jitter (a wake-up a few milliseconds late). Where lateness broke the repro itself (the
/// second toast shown after the first one's D ran out, so T1's stale timer has nothing left to
/// hide), the judge's schedule checks say so (``ScenarioVerdict/scheduleHeld``) rather than
/// judge the strategy.
extension ScenarioRun {
    /// Does `action` now, then lets its effects settle.
    /// - Returns: the context time the action was delivered (the actuator returned: a click has
    ///   run its handler, a window action has seen its phase), before the settle.
    @discardableResult
    func act<Action>(_ action: Action, _ actuator: any ScenarioActuator<Action>) async -> Duration {
        await Self.act(action, actuator, runs: [self])
    }

    /// Lets time pass until `delay` after `anchor` (a real time: an action's, a timer's start),
    /// then settles. Already past (the loop was late): only settles.
    /// - Returns: the context time after the settle, when the caller takes its readings.
    @discardableResult
    func wait(_ delay: Duration, after anchor: Duration) async -> Duration {
        await pass(delay, after: anchor).at
    }

    /// ``wait(_:after:)``, returning also when the wait was due: on a late loop a reading
    /// taken at `at` has seen every timer due by `due`, and maybe some due up to `at`.
    func pass(_ delay: Duration, after anchor: Duration) async -> Moment {
        await Self.pass(delay, after: anchor, runs: [self])
    }

    /// Does `action` once for `runs` in lockstep (compare mode: one run per side, their contexts
    /// on one clock, begun at the same moment): every run logs it at the same moment, `actuator`
    /// performs it on every side in the same turn, one settle, then every run checks its flags.
    /// With one run this is ``act(_:_:)``.
    /// - Returns: the clock's time the action was delivered on every side, before the settle.
    @discardableResult
    static func act<Action>(_ action: Action, _ actuator: any ScenarioActuator<Action>, runs: [ScenarioRun]) async
        -> Duration
    {
        for run in runs { run.logAction(String(describing: action)) }
        await actuator.perform(action)
        let delivered = runs[0].context.now
        await runs[0].pacer.settle()
        for run in runs { run.checkpoint() }
        return delivered
    }

    /// Lets time pass until `delay` after `anchor` (a real time on the clock `runs` share), then
    /// settles; already past: only settles. With one run this is ``pass(_:after:)``.
    /// - Returns: when the wait was due and when the readings after it are taken.
    static func pass(_ delay: Duration, after anchor: Duration, runs: [ScenarioRun]) async -> Moment {
        let first = runs[0]
        let due = anchor + delay
        let remaining = due - first.context.now
        if remaining > .zero { await first.pacer.advance(by: remaining) }
        await first.pacer.settle()
        for run in runs { run.checkpoint() }
        return Moment(due: due, at: first.context.now)
    }
}
