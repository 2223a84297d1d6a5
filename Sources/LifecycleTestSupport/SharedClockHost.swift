public import LifecycleTasks
public import Testing

/// Several contexts on one ``TrackedTestClock``, made at the same instant, settled and advanced
/// together: the sides of a comparison, whose tasks, flags and logs never mix but whose times
/// are on one axis.
///
/// ```swift
/// let host = SharedClockHost(sides: 2)
/// let left = ToastScreen(strategy: .t1, context: host.contexts[0], host: ImmediateHost<ToastView>())
/// let right = ToastScreen(strategy: .t2, context: host.contexts[1], host: ImmediateHost<ToastView>())
/// await host.advance(by: .seconds(3))   // every context's timers due by then fire, in order
/// ```
@MainActor
public final class SharedClockHost {
    /// The one clock.
    public let clock: TrackedTestClock
    /// One context per side, in order.
    public let contexts: [LifecycleContext]

    /// Makes `sides` contexts on a fresh clock.
    public init(sides: Int) {
        precondition(sides > 0, "SharedClockHost: give at least one side")
        let clock = TrackedTestClock()
        self.clock = clock
        contexts = (0..<sides).map { _ in LifecycleContext(clock: clock) }
    }

    /// Lets pending work of every context run to a standstill (as ``Settle/run(context:clock:quietRounds:maxRounds:probe:)``
    /// does for one); records an issue if it does not settle.
    public func settle(sourceLocation: SourceLocation = #_sourceLocation) async {
        var last = fingerprint()
        var quiet = 0
        for _ in 0..<2_000 {
            await Settle.round()
            let now = fingerprint()
            if now == last && isIdle {
                quiet += 1
                if quiet >= 3 { return }
            } else {
                quiet = 0
                last = now
            }
        }
        Issue.record("work kept moving: the contexts did not settle", sourceLocation: sourceLocation)
    }

    /// Advances the clock by `duration` one deadline at a time, settling every context before,
    /// between and after (as ``TrackedTestClock/advance(by:context:)`` does for one).
    public func advance(by duration: Duration) async {
        let target = clock.now.advanced(by: duration)
        await settle()
        while let next = clock.nextDeadline, next <= target {
            await clock.base.advance(to: next)
            await settle()
        }
        if clock.now < target { await clock.base.advance(to: target) }
        await settle()
    }

    /// Every registered task of every context has begun, and every sleep has reached the clock.
    private var isIdle: Bool {
        contexts.allSatisfy { $0.registry.pendingStartCount == 0 } && clock.inFlightCount == 0
            && contexts.map(\.sleepsInProgress).reduce(0, +) <= clock.pendingCount
    }

    private func fingerprint() -> [Int] {
        contexts.flatMap { [$0.registry.changeCount, $0.log.totalAppended] } + [clock.activity]
    }
}
