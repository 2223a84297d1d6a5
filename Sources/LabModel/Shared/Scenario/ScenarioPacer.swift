/// How a scenario run moves through time: how to let time pass, how to let pending work run,
/// and how much jitter the clock has.
///
/// Headless tests drive a test clock (each advance fires the timers due, in order); the app
/// sleeps on a real, scaled clock.
///
/// ```swift
/// // tests (LifecycleTestSupport's TrackedTestClock and Settle):
/// let pacer = ScenarioPacer(tolerance: .zero,
///     advance: { await clock.advance(by: $0, context: context) },
///     settle: { await Settle.run(context: context, clock: clock) })
/// // the app:
/// let pacer = ScenarioPacer.realTime(clock: ContinuousClock())
/// ```
public struct ScenarioPacer: Sendable {
    /// The clock's own jitter: how far an outcome may be from the time derived from the real
    /// times of what it follows (a timer waking a little late) and still match. Lateness of the
    /// run itself (a wait that overslept, a press delivered late) needs none: every check is
    /// made against the real times of the actions (see ``ScenarioDriver``).
    public var tolerance: Duration
    /// How much later than its derived time an outcome may come and still match (at least
    /// ``tolerance``): a timer on a loaded main loop wakes late, never early, so lateness gets
    /// the larger allowance. The real-time pacer of the app allows D/4, half the D/2 that
    /// separates the toast rows' two possible hides, so a late right outcome still matches and
    /// a wrong one (D/2 off either way) still does not.
    public var lateness: Duration
    private let advanceBy: @MainActor @Sendable (Duration) async -> Void
    private let settleWork: @MainActor @Sendable () async -> Void

    /// Makes a pacer from two operations.
    /// - Parameters:
    ///   - tolerance: the clock's jitter (see ``tolerance``).
    ///   - advance: lets `duration` pass on the context's clock, running whatever falls due.
    ///   - settle: lets work already due run (cancelled actions return, new tasks reach their first sleep).
    public init(
        tolerance: Duration,
        advance: @escaping @MainActor @Sendable (Duration) async -> Void,
        settle: @escaping @MainActor @Sendable () async -> Void
    ) {
        self.tolerance = tolerance
        self.lateness = tolerance
        self.advanceBy = advance
        self.settleWork = settle
    }

    /// A pacer for a real clock: waiting is sleeping on it, settling is a short sleep so the
    /// main loop runs what is due. Use it with the same clock the context was made with.
    /// - Parameters:
    ///   - clock: the context's clock.
    ///   - tolerance: the clock's jitter: how late a timer may wake on a busy main loop.
    ///   - settleTime: how long a settle waits for due work.
    public static func realTime(
        clock: any Clock<Duration>, tolerance: Duration = .milliseconds(150), settleTime: Duration = .milliseconds(20)
    ) -> ScenarioPacer {
        ScenarioPacer(
            tolerance: tolerance,
            advance: { duration in try? await clock.sleep(for: duration) },
            settle: {
                for _ in 0..<8 { await Task.yield() }
                try? await clock.sleep(for: settleTime)
            })
    }

    /// Lets `duration` pass.
    @MainActor
    public func advance(by duration: Duration) async { await advanceBy(duration) }

    /// Lets work that is already due run.
    @MainActor
    public func settle() async { await settleWork() }
}
