public import LifecycleTasks
public import Testing

/// A host for tests: owns a context on a ``TrackedTestClock``, an app scene with one window,
/// and an ``EventRecorder``; drives nodes the way the GTK adapter will (appear, disappear,
/// scene phase) and settles the main actor after each step.
///
/// ```swift
/// let host = FakeHost()
/// let node = host.node("toast").task { try? await host.context.sleep(for: .seconds(3)) }
/// await host.appear(node)
/// await host.advance(by: .seconds(3))
/// #expect(host.recorder.take() == [.appear(node: "toast"), .taskStarted(TaskID(1), name: "task"),
///                                  .taskEnded(TaskID(1), .finished)])
/// await host.expectNoLiveTasks()
/// ```
@MainActor
public final class FakeHost {
    /// The injected clock.
    public let clock: TrackedTestClock
    /// The context every node of this host shares.
    public let context: LifecycleContext
    /// The app-wide scene.
    public let app: AppScene
    /// The one window nodes are put in by default.
    public let window: WindowScene
    /// Everything logged since the host was made.
    public let recorder: EventRecorder

    /// Creates a host whose window starts in `phase`.
    public init(windowName: String = "main", phase: ScenePhase = .active, historyLimit: Int = 500) {
        let clock = TrackedTestClock()
        self.clock = clock
        context = LifecycleContext(clock: clock, historyLimit: historyLimit)
        app = AppScene(context: context)
        window = WindowScene(name: windowName, app: app, context: context, phase: phase)
        recorder = EventRecorder(log: context.log)
        recorder.reset()  // the window joining the app is set-up, not the test's business
    }

    /// Makes a node in ``window`` (or in `scene`).
    public func node(_ name: String, in scene: WindowScene? = nil) -> LifecycleNode {
        LifecycleNode(name: name, scene: scene ?? window, context: context)
    }

    /// Appears `node` and settles.
    public func appear(_ node: LifecycleNode) async {
        node.appear()
        await settle()
    }

    /// Disappears `node` and settles.
    public func disappear(_ node: LifecycleNode) async {
        node.disappear()
        await settle()
    }

    /// Sets the window's phase (or `scene`'s) and settles.
    public func setPhase(_ phase: ScenePhase, of scene: WindowScene? = nil) async {
        (scene ?? window).update(phase: phase)
        await settle()
    }

    /// Advances the clock one deadline at a time (see ``TrackedTestClock/advance(by:context:)``).
    public func advance(by duration: Duration) async {
        await clock.advance(by: duration, context: context)
    }

    /// Lets pending main-actor and clock work run to a standstill; records an issue if it
    /// does not settle.
    public func settle(sourceLocation: SourceLocation = #_sourceLocation) async {
        let settled = await Settle.run(context: context, clock: clock)
        if !settled { Issue.record("work kept moving: the host did not settle", sourceLocation: sourceLocation) }
    }

    /// Settles, then keeps settling (at most `rounds` times) while a task that was asked to
    /// stop has not returned yet. On a slow machine (ThreadSanitizer, a loaded CI) a cancelled
    /// action can take more than one settle to come back; a task still `running` is not waited
    /// for, so a task nobody cancelled still shows.
    public func settleCancelled(rounds: Int = 200, sourceLocation: SourceLocation = #_sourceLocation) async {
        await settle(sourceLocation: sourceLocation)
        for _ in 0..<rounds where context.registry.liveRecords.contains(where: { $0.state == .cancelling }) {
            await settle(sourceLocation: sourceLocation)
        }
    }

    /// Settles, then records an issue for every live task not in `allowed`.
    public func expectNoLiveTasks(allowing allowed: Set<TaskID> = [], sourceLocation: SourceLocation = #_sourceLocation)
        async
    {
        await settle(sourceLocation: sourceLocation)
        LifecycleTestSupport.expectNoLiveTasks(context.registry, allowing: allowed, sourceLocation: sourceLocation)
    }
}

/// Records an issue for every live task of `registry` not in `allowed`, and for counters that
/// do not add up. Call it after settling (``FakeHost/expectNoLiveTasks(allowing:sourceLocation:)``
/// does both).
@MainActor
public func expectNoLiveTasks(
    _ registry: TaskRegistry, allowing allowed: Set<TaskID> = [],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let unexpected = registry.liveRecords.filter { !allowed.contains($0.id) }
    if !unexpected.isEmpty {
        let list = unexpected.map { "\($0.id) \($0.name) [\($0.label)] \($0.state)" }.joined(separator: ", ")
        Issue.record("unexpected live tasks: \(list)", sourceLocation: sourceLocation)
    }
    if !registry.counters.addUp {
        Issue.record("registry counters do not add up: \(registry.counters)", sourceLocation: sourceLocation)
    }
}

/// Collects the kinds of every logged event so a test can assert whole sequences.
///
/// ```swift
/// let recorder = EventRecorder(log: context.log)
/// node.appear()
/// #expect(recorder.take() == [.appear(node: "page"), .taskStarted(TaskID(1), name: "task")])
/// ```
@MainActor
public final class EventRecorder {
    /// Every event recorded since the last ``reset()``, oldest first.
    public private(set) var events: [LifecycleEvent] = []
    private var taken = 0
    private var token: ObservationToken?

    /// Starts recording `log` (events logged before are not seen).
    public init(log: EventLog) {
        token = log.observe { [weak self] event in self?.events.append(event) }
    }

    /// The kinds of every recorded event.
    public var kinds: [LifecycleEvent.Kind] { events.map(\.kind) }

    /// The kinds recorded since the last `take()` (or reset), and moves the mark past them.
    public func take() -> [LifecycleEvent.Kind] {
        let slice = events[taken...].map(\.kind)
        taken = events.count
        return slice
    }

    /// The events recorded since the last `take()` with their times, without moving the mark.
    public var pending: [LifecycleEvent] { Array(events[taken...]) }

    /// Forgets everything recorded.
    public func reset() {
        events.removeAll()
        taken = 0
    }

    /// Stops recording.
    public func stop() {
        token?.cancel()
        token = nil
    }
}
