public import Clocks
internal import Foundation

/// A `TestClock` that also knows who sleeps on it, so tests can advance time one deadline at a
/// time and know when every sleeper has gone to sleep.
///
/// `TestClock` keeps its sleepers private. This wrapper counts sleeps entered and left and
/// remembers each pending deadline; ``settle(_:maxRounds:)`` uses the counters as a progress
/// probe and ``advance(by:context:)`` steps through the pending deadlines in order, settling
/// after each, so a timer that fires and starts another timer inside the same advance is
/// handled the same way on every run.
///
/// ```swift
/// let clock = TrackedTestClock()
/// let context = LifecycleContext(clock: clock)
/// node.appear()
/// await clock.advance(by: .seconds(3), context: context)
/// ```
public final class TrackedTestClock: Clock, Sendable {
    /// `Swift.Duration`, as `LifecycleContext` wants.
    public typealias Duration = Swift.Duration
    /// The wrapped `TestClock`'s instant.
    public typealias Instant = TestClock<Swift.Duration>.Instant

    struct State {
        var nextKey = 0
        var pending: [Int: (deadline: Instant, cancelled: Bool)] = [:]
        var entered = 0
        var left = 0
    }

    /// The wrapped clock; advancing it directly works too, without the per-deadline stepping.
    public let base: TestClock<Swift.Duration>
    private let state = LockedState(State())

    /// Creates a clock at offset zero.
    public init() {
        base = TestClock()
    }

    /// The current instant of ``base``.
    public var now: Instant { base.now }
    /// Zero, as `TestClock`.
    public var minimumResolution: Duration { base.minimumResolution }
    /// Time since the clock was made.
    public var elapsed: Duration { Instant().duration(to: base.now) }

    /// Sleeps on ``base``, recorded while pending.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let key = state.withLock { state in
            state.nextKey += 1
            state.entered += 1
            state.pending[state.nextKey] = (deadline, false)
            return state.nextKey
        }
        defer {
            state.withLock { state in
                state.pending[key] = nil
                state.left += 1
            }
        }
        try await withTaskCancellationHandler {
            try await base.sleep(until: deadline, tolerance: tolerance)
        } onCancel: {
            // Runs synchronously in whoever cancels: from now until this sleep returns, the
            // cancel is in flight on the cooperative pool.
            state.withLock { $0.pending[key]?.cancelled = true }
        }
    }

    /// How many sleeps are pending now.
    public var pendingCount: Int { state.withLock { $0.pending.count } }

    /// The earliest pending deadline, if any.
    public var nextDeadline: Instant? { state.withLock { $0.pending.values.map(\.deadline).min() } }

    /// Sleeps that are woken (deadline reached) or cancelled but have not returned yet: work in
    /// flight between the clock and the sleeping task.
    public var inFlightCount: Int {
        let now = base.now
        return state.withLock { $0.pending.values.count { $0.cancelled || $0.deadline <= now } }
    }

    /// A number that changes whenever a sleep starts or ends (for progress probes).
    public var activity: Int { state.withLock { $0.entered &* 1_000_003 &+ $0.left } }
}

/// State behind an `NSLock`. Not `Synchronization.Mutex`: on Linux it waits with raw futex
/// calls that ThreadSanitizer does not see, so every access under it was reported as a race.
final class LockedState<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
