public import LifecycleTasks

/// Letting main-actor work run to a standstill, deterministically enough for exact assertions.
///
/// The problem: every action in the core runs on the main actor, but the clock's `sleep` is
/// `nonisolated`, so a task hops main → cooperative pool (to register its sleep) → main (when
/// resumed or cancelled). A test that checks state right after `appear()` or `advance` races
/// with those hops. A fixed count of `Task.yield()`s is either too few on a loaded machine or
/// wastefully many.
///
/// The approach: the test runs on the main actor; one *round* yields the main actor a few
/// times (each `Task.yield()` puts the test behind every job already queued on the main
/// actor) and then awaits a round trip through the cooperative pool (so hops in flight there
/// land). A *progress probe* fingerprints everything that can move — the registry's
/// `changeCount`, the log's `totalAppended`, the clock's sleep counters, plus anything the test
/// adds — and settling ends once the probe stays unchanged for `quietRounds` rounds in a row and every
/// registered task has begun running (`pendingStartCount == 0`).
/// It is bounded: after `maxRounds` rounds *and* 20 s of real time (a generous allowance for a
/// slow machine, never slept on) it gives up and returns `false` so the caller can fail the
/// test, as NIO's `EmbeddedEventLoop` fails on left-over work.
@MainActor
public enum Settle {
    /// Runs rounds until nothing observable changes for `quietRounds` rounds.
    /// - Returns: `true` when it settled, `false` when `maxRounds` ran out.
    @discardableResult
    public static func run(
        context: LifecycleContext?, clock trackedClock: TrackedTestClock?,
        quietRounds: Int = 3, maxRounds: Int = 2_000,
        probe: @MainActor () -> Int = { 0 }
    ) async -> Bool {
        func fingerprint() -> [Int] {
            [context?.registry.changeCount ?? 0, context?.log.totalAppended ?? 0, trackedClock?.activity ?? 0, probe()]
        }
        var last = fingerprint()
        var quiet = 0
        var rounds = 0
        // Rounds bound the wait; real time only stretches it when the machine is slow (the
        // thread sanitizer, a starved pool), never shortens it, and is never slept on.
        let wall = ContinuousClock()
        let patience = wall.now.advanced(by: .seconds(20))
        while true {
            await round()
            rounds += 1
            let now = fingerprint()
            if now == last && isIdle(context: context, clock: trackedClock) {
                quiet += 1
                if quiet >= quietRounds { return true }
            } else {
                quiet = 0
                last = now
            }
            if rounds >= maxRounds && wall.now > patience { return false }
        }
    }

    /// Whether nothing is known to be in flight: every registered task has begun, every
    /// `context.sleep` call has reached the clock, and no woken or cancelled sleep is on its
    /// way back.
    public static func isIdle(context: LifecycleContext?, clock: TrackedTestClock?) -> Bool {
        guard let context else { return true }
        if context.registry.pendingStartCount != 0 { return false }
        guard let clock else { return true }
        return clock.inFlightCount == 0 && context.sleepsInProgress <= clock.pendingCount
    }

    /// One round: yield the main actor, then a trip through the cooperative pool.
    public static func round() async {
        for _ in 0..<4 { await Task.yield() }
        await Task.detached(priority: .background) { await Task.yield() }.value
        for _ in 0..<4 { await Task.yield() }
    }
}

extension TrackedTestClock {
    /// Advances time by `duration` one pending deadline at a time, settling before, between
    /// and after, so every timer due in the window fires in deadline order and whatever it
    /// starts (new sleeps included) is handled before the next one fires.
    @MainActor
    public func advance(by duration: Duration, context: LifecycleContext?) async {
        let target = now.advanced(by: duration)
        await Settle.run(context: context, clock: self)
        var steps = 0
        while let next = nextDeadline, next <= target {
            steps += 1
            precondition(
                steps < 1_000_000, "TrackedTestClock.advance: a sleeper keeps rescheduling at the same instant")
            await base.advance(to: next)
            await Settle.run(context: context, clock: self)
        }
        if now < target { await base.advance(to: target) }
        await Settle.run(context: context, clock: self)
    }
}
