import Gtk
package import LifecycleTasks

/// What the panel has not applied yet, coalesced: the newest record of each task that
/// changed, the tasks the registry dropped from its history, and the log's events in order.
package struct PanelBatch {
    /// The newest record of every task that changed (an older one is replaced, not queued).
    package var latest: [TaskID: TaskRecord] = [:]
    /// Tasks whose record fell out of the registry's history (`.removed`).
    package var removed: Set<TaskID> = []
    /// Log events, oldest first.
    package var events: [LifecycleEvent] = []

    package init(latest: [TaskID: TaskRecord] = [:], removed: Set<TaskID> = [], events: [LifecycleEvent] = []) {
        self.latest = latest
        self.removed = removed
        self.events = events
    }

    /// Whether any row is to be added, changed or removed.
    package var hasRowChanges: Bool { !latest.isEmpty || !removed.isEmpty }
    /// Whether there is nothing to apply.
    package var isEmpty: Bool { !hasRowChanges && events.isEmpty }
}

/// The panel's change batcher (SPEC §5: the panel follows changes, it never polls): it
/// observes the registry and the event log, coalesces what arrives, and asks for one turn of
/// the main loop however many changes arrive before it runs, so 10 000 task starts in one turn
/// cost one batch.
///
/// ```swift
/// let batcher = ChangeBatcher()
/// batcher.follow(context, from: PanelBatch()) { apply(batcher.take()) }
/// …
/// batcher.stop()      // no more turns; what was pending is dropped
/// ```
@MainActor
package final class ChangeBatcher {
    private var pending = PanelBatch()
    private var turnScheduled = false
    package private(set) var isStopped = false
    private var tokens: [ObservationToken] = []
    private var onTurn: (@MainActor () -> Void)?
    private let schedule: @MainActor (@escaping @MainActor () -> Void) -> Void

    /// - Parameter schedule: runs its closure at a later loop turn; the main loop's idle
    ///   source unless a test drives the turns itself.
    package init(schedule: @escaping @MainActor (@escaping @MainActor () -> Void) -> Void = { MainLoop.idle($0) }) {
        self.schedule = schedule
    }

    /// Starts observing `context`'s registry and log, with `initial` already pending (what
    /// was there before the panel). `onTurn` runs at the loop turn after changes arrived.
    package func follow(
        _ context: LifecycleContext, from initial: PanelBatch,
        onTurn: @escaping @MainActor () -> Void
    ) {
        precondition(tokens.isEmpty && !isStopped, "ChangeBatcher.follow: call it once, before stop()")
        pending = initial
        self.onTurn = onTurn
        tokens.append(context.registry.observe { [weak self] change in self?.collect(change) })
        tokens.append(context.log.observe { [weak self] event in self?.collect(event) })
    }

    /// Whether changes wait for the next turn.
    package var hasPending: Bool { !pending.isEmpty }

    /// Hands over everything collected since the last call.
    package func take() -> PanelBatch {
        defer { pending = PanelBatch() }
        return pending
    }

    /// Stops observing and drops what was pending; a turn already asked for does nothing.
    package func stop() {
        isStopped = true
        for token in tokens { token.cancel() }
        tokens = []
        pending = PanelBatch()
    }

    private func collect(_ change: RegistryChange) {
        switch change {
        case .added(let record), .updated(let record): pending.latest[record.id] = record
        case .removed(let id): pending.removed.insert(id)
        }
        scheduleTurn()
    }

    private func collect(_ event: LifecycleEvent) {
        pending.events.append(event)
        scheduleTurn()
    }

    private func scheduleTurn() {
        guard !turnScheduled && !isStopped else { return }
        turnScheduled = true
        schedule { [weak self] in
            guard let self else { return }
            self.turnScheduled = false
            guard !self.isStopped else { return }
            self.onTurn?()
        }
    }
}
