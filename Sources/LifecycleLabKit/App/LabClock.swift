/// The app's clock: `ContinuousClock`, except that a sleep with no tolerance gets none.
///
/// On Linux, Swift's `Task.sleep` without a tolerance becomes libdispatch's `dispatch_after`,
/// which gives a timer a leeway of a tenth of its delay: a 3 s toast timer may fire 300 ms
/// late, and then T1's stale timer no longer hides the second toast at t = D. The strategies
/// sleep as the seeds' `Task.sleep(for: D)` does, through `context.sleep(for: D)` on this
/// clock; this clock makes that sleep mean "D", as it does on Apple platforms.
public struct LabClock: Clock {
    public typealias Duration = Swift.Duration
    public typealias Instant = ContinuousClock.Instant

    private let base = ContinuousClock()

    /// Makes the clock.
    public init() {}

    public var now: Instant { base.now }

    public var minimumResolution: Duration { base.minimumResolution }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await base.sleep(until: deadline, tolerance: tolerance ?? .zero)
    }
}
