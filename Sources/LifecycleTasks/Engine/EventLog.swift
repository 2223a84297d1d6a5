#if canImport(Glibc)
internal import Glibc
#endif

/// One line of the lifecycle event log: what happened and when (time since the context began).
public struct LifecycleEvent: Sendable, Hashable, Codable {
    /// Time since the ``LifecycleContext`` was made, read from its clock.
    public var time: Duration
    /// What happened.
    public var kind: Kind

    /// Creates an event.
    public init(time: Duration, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    /// The kinds of event the core and the strategies log.
    public enum Kind: Sendable, Hashable, Codable {
        /// The node's `willAppear` hook ran (N1: the page was chosen, before any map/unmap).
        case willAppear(node: String)
        /// The node appeared (GTK: `map`).
        case appear(node: String)
        /// The node disappeared (GTK: `unmap`).
        case disappear(node: String)
        /// A window's or the app's scene phase changed (the app scene is named `"app"`).
        case scenePhase(scene: String, old: ScenePhase, new: ScenePhase)
        /// A task was registered and started.
        case taskStarted(TaskID, name: String)
        /// Someone asked a live task to cancel; it is `cancelling` until its action returns.
        case taskCancelRequested(TaskID)
        /// A task's action returned (or threw); the state is its final one.
        case taskEnded(TaskID, TaskState)
        /// A strategy's own log line, such as `"task cancel"` or `"auto-dismissed"`.
        case message(String)
    }
}

/// A bounded, observable log of lifecycle events.
///
/// Only the newest `limit` events are kept, so the log's memory stays flat however long the
/// app runs; ``totalAppended`` keeps counting.
///
/// ```swift
/// let token = context.log.observe { event in print(event.time, event.kind) }
/// context.log.append(.message("auto-dismissed"))
/// ```
@MainActor
public final class EventLog {
    private let ring: EventRing
    private let now: @MainActor () -> Duration
    private let observers = ObserverList<LifecycleEvent>()
    /// How many observations are active: with none, an append only stores the event.
    private let observerCount = ObserverCount()

    /// How many events the log keeps.
    public let limit: Int
    /// How many events were ever appended (including the ones that fell out of the log).
    @exclusivity(unchecked) public private(set) var totalAppended = 0

    init(limit: Int, now: @escaping @MainActor () -> Duration) {
        precondition(limit > 0, "EventLog limit must be positive; pass a logLimit of at least 1")
        self.limit = limit
        self.now = now
        self.ring = EventRing(limit: limit)
    }

    /// The kept events, oldest first.
    public var entries: [LifecycleEvent] { ring.inOrder }

    /// Appends an event stamped with the context's current time and tells the observers.
    public func append(_ kind: LifecycleEvent.Kind) {
        append(kind, at: now())
    }

    /// Appends with a time the caller already read (the registry stamps a record and its event
    /// with one clock read).
    ///
    /// One out-of-line copy for every caller: the show/hide path appends five events, and five
    /// inlined copies cost more in instruction cache than the calls cost in time.
    @inline(never)
    func append(_ kind: consuming LifecycleEvent.Kind, at time: Duration) {
        let event = LifecycleEvent(time: time, kind: kind)
        totalAppended += 1
        if observerCount.value != 0 {
            appendAndNotify(event)
        } else {
            ring.append(event)
        }
    }

    /// Out of line: the show/hide path stays short in code when nobody observes. The event is
    /// stored first, so an observer reading ``entries`` sees it.
    @inline(never)
    private func appendAndNotify(_ event: consuming LifecycleEvent) {
        ring.append(copy event)
        observers.notify(event)
    }

    /// Whether anyone observes the log (outside code runs at every append).
    var hasObservers: Bool { observerCount.value != 0 }

    /// Calls `handler` with every event appended from now on. Keep the token.
    public func observe(_ handler: @escaping @MainActor (LifecycleEvent) -> Void) -> ObservationToken {
        observerCount.add(observers.add(handler))
    }
}

/// Elapsed-time stamps for the clocks apps really use, read straight from the OS.
///
/// Every event and every task record is stamped, several times per show/hide. On Linux
/// `ContinuousClock.now` is `clock_gettime(CLOCK_BOOTTIME)` and `SuspendingClock.now` is
/// `clock_gettime(CLOCK_MONOTONIC)` (the runtime's `swift_get_time`); going through them adds
/// generic `Instant`/`Duration` arithmetic that costs as much as the clock read itself. Reading
/// the same OS clock and subtracting nanoseconds gives exactly the same durations. Other
/// clocks (a `TestClock`) and other systems keep the generic path (`nil`).
enum SystemElapsed {
    static func make(for clock: any Clock<Duration>) -> (@Sendable () -> Duration)? {
        #if os(Linux) && canImport(Glibc)
        let id: clockid_t
        if clock is ContinuousClock {
            id = CLOCK_BOOTTIME
        } else if clock is SuspendingClock {
            id = CLOCK_MONOTONIC
        } else {
            return nil
        }
        let start = nanoseconds(id)
        return { .nanoseconds(nanoseconds(id) &- start) }
        #else
        return nil
        #endif
    }

    #if os(Linux) && canImport(Glibc)
    private static func nanoseconds(_ id: clockid_t) -> Int64 {
        var spec = timespec()
        clock_gettime(id, &spec)
        return Int64(spec.tv_sec) &* 1_000_000_000 &+ Int64(spec.tv_nsec)
    }
    #endif
}

/// The log's ring of events, in memory it manages itself: once full, an append is one store
/// over the oldest event, with none of an array's uniqueness and bounds checks. It grows by
/// doubling up to `limit`, so a big limit costs memory only once the events are there.
final class EventRing {
    private var base: UnsafeMutablePointer<LifecycleEvent>
    private var capacity: Int
    private var count = 0
    /// The oldest event once full (`count == limit`); the next one is written there.
    private var head = 0
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
        capacity = min(limit, 256)
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    @inline(__always)
    func append(_ event: consuming LifecycleEvent) {
        if count == limit {
            (base + head).pointee = event
            head += 1
            if head == limit { head = 0 }
            return
        }
        if count == capacity { grow() }
        (base + count).initialize(to: event)
        count += 1
    }

    @inline(never)
    private func grow() {
        let larger = min(capacity * 2, limit)
        let moved = UnsafeMutablePointer<LifecycleEvent>.allocate(capacity: larger)
        moved.moveInitialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    /// The kept events, oldest first.
    var inOrder: [LifecycleEvent] {
        let all = UnsafeBufferPointer(start: base, count: count)
        if count < limit || head == 0 { return Array(all) }
        return Array(all[head...]) + Array(all[..<head])
    }
}

/// How many observations of a log or registry are active, so a change with nobody watching
/// skips the notification work. The tokens hold this box, not the observed object: a weak
/// reference to the log or registry would give it a side table and make every retain of it
/// slower.
@MainActor
final class ObserverCount {
    @exclusivity(unchecked) private(set) var value = 0

    /// Counts the observation `inner` until its token is cancelled or released.
    func add(_ inner: ObservationToken) -> ObservationToken {
        value += 1
        return ObservationToken { [self] in
            inner.cancel()
            value -= 1
        }
    }
}
