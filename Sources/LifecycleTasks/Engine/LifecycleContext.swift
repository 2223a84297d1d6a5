/// Everything the core shares: the clock, the task registry and the event log.
///
/// Inject the clock so tests drive time with `TestClock` and never sleep for real:
///
/// ```swift
/// let clock = TestClock()
/// let context = LifecycleContext(clock: clock)
/// let node = LifecycleNode(name: "toast", scene: nil, context: context)
///     .task { try? await context.sleep(for: .seconds(3)) }
/// node.appear()
/// await clock.advance(by: .seconds(3))
/// ```
@MainActor
public final class LifecycleContext {
    /// The clock every task sleeps on and every event is stamped by.
    public let clock: any Clock<Duration>
    /// Every task started through the core.
    public let registry: TaskRegistry
    /// Appear, disappear, scene-phase and task events, bounded.
    public let log: EventLog

    private let elapsed: @Sendable () -> Duration
    private var nextNode = 0

    /// Creates a context.
    /// - Parameters:
    ///   - clock: the clock for every sleep and time stamp; tests pass a `TestClock`.
    ///   - taskExecutor: where the registered tasks run the parts of their work that are not
    ///     isolated to an actor — a `clock.sleep`, and the resumption of a cancelled one — as
    ///     `Task(executorPreference:)`. `nil` (the default) leaves them on the global concurrent
    ///     executor. A UI host whose actions are main-actor code can pass an executor on its
    ///     main thread, so that a cancelled sleep comes straight back to the action's `catch`
    ///     instead of waiting for a pool thread (the GTK app passes `MainLoop.taskExecutor`).
    ///   - historyLimit: how many ended task records the registry keeps.
    ///   - logLimit: how many events the log keeps.
    public init(
        clock: any Clock<Duration> = ContinuousClock(), taskExecutor: (any TaskExecutor)? = nil,
        historyLimit: Int = 500, logLimit: Int = 2_000
    ) {
        self.clock = clock
        let elapsed = Self.makeElapsed(clock)
        self.elapsed = elapsed
        let log = EventLog(limit: logLimit, now: elapsed)
        self.log = log
        self.registry = TaskRegistry(historyLimit: historyLimit, log: log, now: elapsed, taskExecutor: taskExecutor)
    }

    /// Time since the context was made, read from ``clock``.
    public var now: Duration { elapsed() }

    /// How many ``sleep(for:)`` calls have begun and not yet returned to their caller.
    ///
    /// Test support compares it with the clock's registered sleepers: when they differ, a task
    /// is between the main actor and the clock (a sleep on its way in, or a wake-up or cancel
    /// on its way back), so the system is not idle yet.
    public private(set) var sleepsInProgress = 0

    /// Sleeps on the context's clock (throws `CancellationError` when the task is cancelled).
    ///
    /// Prefer it to `clock.sleep` in actions: it keeps ``sleepsInProgress`` so tests driving a
    /// `TestClock` know when every sleeper has really gone to sleep.
    public func sleep(for duration: Duration) async throws {
        sleepsInProgress += 1
        defer { sleepsInProgress -= 1 }
        try await clock.sleep(for: duration)
    }

    func makeNodeID() -> NodeID {
        nextNode += 1
        return NodeID(rawValue: nextNode)
    }

    /// Time since now on `clock`: what the log and the registry call for every stamp.
    private static func makeElapsed<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }
}
