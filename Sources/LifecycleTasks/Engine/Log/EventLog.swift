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
        /// A line of the host's own, such as `"task cancel"` or `"auto-dismissed"`.
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
    private let storage: EventLogStorage
    private let now: @MainActor () -> Duration
    private let observers = ObserverList<LifecycleEvent>()

    /// How many events the log keeps.
    public let limit: Int
    /// How many events were ever appended (including the ones that fell out of the log).
    public var totalAppended: Int { storage.totalAppended }

    init(limit: Int, now: @escaping @MainActor () -> Duration) {
        precondition(limit > 0, "EventLog limit must be positive; pass a logLimit of at least 1")
        self.limit = limit
        self.now = now
        self.storage = EventLogStorage(limit: limit)
    }

    /// The kept events, oldest first.
    public var entries: [LifecycleEvent] { storage.events.inOrder }

    /// Appends an event stamped with the context's current time and tells the observers.
    public func append(_ kind: LifecycleEvent.Kind) {
        append(kind, at: now())
    }

    /// Appends with a time the caller already read (the registry stamps a record and its event
    /// with one clock read). The event is stored before the observers hear of it, so an observer
    /// reading ``entries`` sees it.
    func append(_ kind: LifecycleEvent.Kind, at time: Duration) {
        let event = LifecycleEvent(time: time, kind: kind)
        storage.totalAppended += 1
        storage.events.append(event)
        observers.notify(event)
    }

    /// Calls `handler` with every event appended from now on. Keep the token.
    public func observe(_ handler: @escaping @MainActor (LifecycleEvent) -> Void) -> ObservationToken {
        observers.add(handler)
    }
}
