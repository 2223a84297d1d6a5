/// Every task started through the core (SPEC §5): its record, flags and counters, a change
/// stream, and cancellation for shutdown.
///
/// Records of ended tasks stay in a bounded history (``historyLimit``) so memory stays flat.
///
/// ```swift
/// let token = context.registry.observe { change in
///     if case .updated(let record) = change, record.isOrphan { print("leak:", record.name) }
/// }
/// let timer = context.registry.unstructuredTask(name: "dismiss", label: "toast", owner: node) {
///     try await context.sleep(for: .seconds(3))
///     hide()
/// }
/// print(context.registry.counters)       // live 1, started 1, …
/// ```
///
/// Each task's life is a `TaskStateMachine` (where the orphan and retains-owner rules live);
/// the registry is the layer around it that starts and cancels the real tasks, keeps the
/// counters and the event log, and tells the observers.
@MainActor
public final class TaskRegistry {
    /// The counters (always adding up).
    public var counters: RegistryCounters { storage.counters }
    /// How many ended records are kept.
    public let historyLimit: Int
    /// Bumped at every change; a cheap "did anything happen" probe for test settling.
    public var changeCount: Int { storage.changeCount }
    /// Tasks registered whose action has not begun running yet (another settling probe).
    public var pendingStartCount: Int { storage.pendingStartCount }

    private let storage: RegistryStorage
    private let log: EventLog
    private let now: @MainActor () -> Duration
    private let observers = ObserverList<RegistryChange>()
    private var nextWaiter = 0

    /// Where the registered tasks' nonisolated parts run (see
    /// ``LifecycleContext/init(clock:taskExecutor:historyLimit:logLimit:)``); `nil`: the global
    /// concurrent executor.
    let taskExecutor: (any TaskExecutor)?

    init(
        historyLimit: Int, log: EventLog, now: @escaping @MainActor () -> Duration,
        taskExecutor: (any TaskExecutor)? = nil
    ) {
        precondition(historyLimit >= 0, "historyLimit must not be negative")
        self.historyLimit = historyLimit
        self.storage = RegistryStorage(historyLimit: historyLimit)
        self.log = log
        self.now = now
        self.taskExecutor = taskExecutor
        MainQueueMark.install()
    }

    // MARK: Reading

    /// Live records plus the bounded history of ended ones, by id.
    public var records: [TaskRecord] {
        (liveRecords + historyRecords).sorted { $0.id < $1.id }
    }

    /// The running and cancelling tasks, by id.
    public var liveRecords: [TaskRecord] {
        syncOutsideCancels()
        return storage.liveEntries.map(\.record)
    }

    /// The kept ended records, oldest end first.
    public var historyRecords: [TaskRecord] {
        storage.endedEntries.map(\.record)
    }

    /// The record with this id, live or still in the history.
    public func record(_ id: TaskID) -> TaskRecord? {
        if let entry = storage.live(id) {
            syncOutsideCancel(entry)
            return entry.record
        }
        return storage.ended(id)?.record
    }

    /// Calls `handler` with every change from now on (no polling). Keep the token.
    public func observe(_ handler: @escaping @MainActor (RegistryChange) -> Void) -> ObservationToken {
        observers.add(handler)
    }

    // MARK: Acting

    /// Asks the live task `id` to cancel: it becomes `cancelling` until its action returns.
    /// Does nothing for an ended or unknown id, or one already cancelling.
    public func cancel(_ id: TaskID) {
        guard let entry = storage.live(id) else { return }
        markCancelling(entry)
        entry.handle?.cancel()
    }

    /// Shutdown: asks every live task to cancel.
    public func cancelAll() {
        for entry in storage.liveEntries {
            markCancelling(entry)
            entry.handle?.cancel()
        }
    }

    /// Waits until no task is live or `timeout` (real time, so a frozen test clock cannot hang
    /// shutdown) has passed; returns the records still live, empty when all ended.
    public func waitForAllToEnd(timeout: Duration) async -> [TaskRecord] {
        if !storage.hasLive { return [] }
        let key = nextWaiter
        nextWaiter += 1
        final class Waiter {
            var continuation: CheckedContinuation<Void, Never>?
            var timer: Task<Void, Never>?
        }
        let waiter = Waiter()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            waiter.continuation = continuation
            // The cycle through the waiters ends when `finish` runs, at the latest at the
            // timeout.
            let finish: @MainActor () -> Void = {
                guard let continuation = waiter.continuation else { return }
                waiter.continuation = nil
                waiter.timer?.cancel()
                self.storage.endWaiters[key] = nil
                continuation.resume()
            }
            storage.endWaiters[key] = finish
            waiter.timer = Task { @MainActor in
                try? await Task.sleep(for: timeout)
                finish()
            }
        }
        return liveRecords
    }

    // MARK: Starting (internal; strategies use `unstructuredTask`, nodes use `startManaged`)

    /// Registers and starts an unstructured task whose action runs on the main actor.
    ///
    /// The task notices an outside `cancel()` of the returned handle through a cancellation
    /// handler; its end goes through `TaskStateMachine.end(_:at:)`, which decides the final
    /// state.
    func start(
        name: TaskName, label: TaskLabel, owner: LifecycleNode?, priority: TaskPriority?, detached: Bool = false,
        _ operation: @escaping @MainActor @Sendable () async throws -> Void
    ) -> (TaskID, Task<Void, any Error>) {
        let identity = TaskIdentity(name: name, label: label, owner: owner, detached: detached)
        // A detached task is never an orphan, so its owner's disappear need not look at it.
        let entry = register(identity: identity, owner: owner, mayBeOrphan: !detached, at: now())
        // The task holds the registry strongly: a registered task keeps its registry alive until
        // it ends, so its end is always recorded.
        let task: Task<Void, any Error>
        if let taskExecutor {
            // Starts on the preferred executor and hops to the main actor for the body.
            task = Task(executorPreference: taskExecutor, priority: priority) {
                try await self.run(entry, operation)
            }
        } else {
            task = Task(priority: priority) { @MainActor in try await self.run(entry, operation) }
        }
        entry.handle = .unstructured(task)
        return (entry.id, task)
    }

    /// The body of a task from ``start(name:label:owner:priority:detached:_:)``.
    private func run(_ entry: TaskEntry, _ operation: @MainActor @Sendable () async throws -> Void) async throws {
        storage.pendingStartCount -= 1
        let id = entry.id
        do {
            try await withTaskCancellationHandler {
                try await operation()
            } onCancel: {
                Self.noteOutsideCancel(id, of: self)
            }
            end(entry, .returned(taskCancelled: Task.isCancelled))
        } catch is CancellationError {
            end(entry, .threwCancellation)
            throw CancellationError()
        } catch {
            end(entry, .threw(String(describing: error)))
            throw error
        }
    }

    /// The M3/M4/M7 path: a non-throwing action, the slot told when it ends; no cancellation
    /// handler (nobody outside the registry holds the task, so every cancel goes through
    /// ``cancel(_:)``, which marks `cancelling` itself), the slot's shared identity.
    ///
    /// A slot's tasks are never flagged orphan: the node's `disappear()` cancels each of them
    /// before it looks for orphans, so they stay out of the owner's list of running tasks.
    ///
    /// Returns the task's id.
    func startManaged(
        slot: TaskSlot, owner: LifecycleNode, _ operation: @escaping @MainActor @Sendable () async -> Void
    ) -> TaskID {
        let entry = register(identity: slot.identity, owner: owner, mayBeOrphan: false, at: now())
        // The task holds its slot and the registry: a registered task keeps its registry alive
        // until it ends, so its end is always recorded.
        let task: Task<Void, Never>
        if let taskExecutor {
            task = Task(executorPreference: taskExecutor, priority: slot.priority) {
                await self.runManaged(entry, slot, operation)
            }
        } else {
            task = Task(priority: slot.priority) { @MainActor in await self.runManaged(entry, slot, operation) }
        }
        entry.handle = .managed(task)
        return entry.id
    }

    /// The body of a task from ``startManaged(slot:owner:_:)``.
    private func runManaged(_ entry: TaskEntry, _ slot: TaskSlot, _ operation: @MainActor @Sendable () async -> Void)
        async
    {
        storage.pendingStartCount -= 1
        await operation()
        end(entry, .returned(taskCancelled: Task.isCancelled), slot: slot)
    }

    /// Runs synchronously in whoever cancels. On the main actor (the main queue) we mark at
    /// once, so the panel never shows a stale `running` after `onDisappear { task.cancel() }`;
    /// from elsewhere we hop (and reads catch up through `syncOutsideCancels`).
    private nonisolated static func noteOutsideCancel(_ id: TaskID, of registry: TaskRegistry) {
        if MainQueueMark.isCurrent {
            MainActor.assumeIsolated { registry.cancelRequestedFromOutside(id) }
        } else {
            Task { @MainActor in registry.cancelRequestedFromOutside(id) }
        }
    }

    /// `mayBeOrphan`: an unstructured task with an owner goes on the owner's list of running
    /// tasks, which its disappear looks through for orphans.
    private func register(identity: TaskIdentity, owner: LifecycleNode?, mayBeOrphan: Bool, at time: Duration)
        -> TaskEntry
    {
        let entry = TaskEntry(
            id: storage.makeID(), identity: identity, startedAt: time,
            ownerGone: owner.map { !$0.isAppeared && !$0.isAboutToAppear } ?? false)
        if let owner {
            entry.ownerState = owner.ownerState
            // The owner's index: for the orphan check at its disappear, and for the
            // retains-owner look when a task of the owner ends (needed only once a release was
            // announced; the announcement lists the tasks live then).
            if mayBeOrphan {
                owner.taskIndex.running.append(entry.id)
                entry.ownerIndex = owner.taskIndex
            } else if !owner.taskIndex.watched.isEmpty {
                entry.ownerIndex = owner.taskIndex
            }
        }
        storage.insertLive(entry)
        storage.counters.started += 1
        storage.counters.live += 1
        if identity.detached { storage.counters.detached += 1 }
        storage.pendingStartCount += 1
        log.append(.taskStarted(entry.id, name: identity.name), at: time)
        if entry.life.isOrphan { storage.counters.orphaned += 1 }
        changed(.added, entry)
        return entry
    }

    // MARK: Node hooks

    /// The owner node disappeared: its running unstructured tasks become orphans.
    func ownerDidDisappear(_ node: LifecycleNode) {
        for id in node.taskIndex.running {
            guard let entry = storage.live(id) else { continue }
            syncOutsideCancel(entry)
            apply(entry.life.ownerDisappeared(), to: entry)
        }
    }

    /// The host let go of the node's state: every live task of the node is looked at for
    /// retains-owner now, and again whenever another task of the node ends.
    func ownerStateReleaseExpected(_ node: LifecycleNode) {
        for entry in storage.liveEntries where entry.identity.owner == node.id {
            entry.ownerIndex = node.taskIndex
            if !node.taskIndex.watched.contains(entry.id) {
                node.taskIndex.watched.append(entry.id)
            }
            apply(entry.life.ownerReleaseAnnounced(stateAlive: entry.ownerState != nil), to: entry)
        }
    }

    // MARK: Private

    /// Notices an outside `cancel()` of an unstructured task that the cancellation handler has
    /// not reported yet (it hops to the main actor when the canceller is not on the main
    /// thread). `Task.isCancelled` on the handle is exact at any moment, so every read and
    /// every orphan decision goes through here first.
    private func syncOutsideCancels() {
        for entry in storage.liveEntries { syncOutsideCancel(entry) }
    }

    private func syncOutsideCancel(_ entry: TaskEntry) {
        if entry.handle?.isCancelledFromOutside ?? false { markCancelling(entry) }
    }

    private func cancelRequestedFromOutside(_ id: TaskID) {
        guard let entry = storage.live(id) else { return }
        markCancelling(entry)
    }

    /// `running` → `cancelling`; nothing if the task is cancelling already.
    private func markCancelling(_ entry: TaskEntry) {
        let change = entry.life.cancel(stateAlive: entry.ownerState != nil)
        guard change.recordChanged else { return }
        entry.ownerIndex?.removeRunning(entry.id)
        log.append(.taskCancelRequested(entry.id), at: now())
        apply(change, to: entry)
    }

    private func end(_ entry: TaskEntry, _ exit: TaskStateMachine.Exit, slot: TaskSlot? = nil) {
        guard storage.removeLive(entry.id) === entry else {
            preconditionFailure("task \(entry.id) ended twice or was never registered")
        }
        let time = now()
        let change = entry.life.end(exit, at: time)
        entry.handle = nil
        storage.counters.live -= 1
        storage.counters.orphaned += change.orphaned
        if entry.identity.detached { storage.counters.detached -= 1 }
        switch entry.life.state {
        case .ended(.cancelled, _, _): storage.counters.cancelled += 1
        case .ended(.finished, _, _): storage.counters.finished += 1
        case .ended(.failed, _, _): storage.counters.failed += 1
        case .running, .detached, .cancelling: preconditionFailure("task \(entry.id) is live after its end")
        }
        log.append(.taskEnded(entry.id, entry.life.taskState), at: time)
        changed(.updated, entry)
        if let dropped = storage.keepEnded(entry) { changed(.removed, dropped) }
        slot?.taskEnded(entry.id)
        if entry.ownerIndex != nil { ownerTaskEnded(entry) }
        if !storage.endWaiters.isEmpty && !storage.hasLive {
            for waiter in storage.endWaiters.values { waiter() }
        }
    }

    /// A task with an owner index ended: out of its owner's lists, and the owner's watched
    /// tasks looked at again (this task may have been what kept the state alive).
    private func ownerTaskEnded(_ entry: TaskEntry) {
        guard let index = entry.ownerIndex else { return }
        entry.ownerIndex = nil
        index.removeRunning(entry.id)
        if index.watched.isEmpty { return }
        index.removeWatched(entry.id)
        for id in index.watched {
            guard let other = storage.live(id) else { continue }
            apply(other.life.ownerLookedAtAgain(stateAlive: other.ownerState != nil), to: other)
        }
    }

    /// A transition's change: the orphan gauge, and the observers when the record changed.
    private func apply(_ change: TaskStateMachine.Change, to entry: TaskEntry) {
        storage.counters.orphaned += change.orphaned
        if change.recordChanged { changed(.updated, entry) }
    }

    private enum ChangeKind { case added, updated, removed }

    /// Counts a change and tells the observers, if any (with none, no record is built).
    private func changed(_ kind: ChangeKind, _ entry: TaskEntry) {
        storage.changeCount &+= 1
        guard !observers.isEmpty else { return }
        switch kind {
        case .added: observers.notify(.added(entry.record))
        case .updated: observers.notify(.updated(entry.record))
        case .removed: observers.notify(.removed(entry.id))
        }
    }
}

extension TaskRegistry {
    /// Starts an *unstructured* task that nobody cancels for you (the buggy strategies use
    /// this, as the seeds use `Task { }`), but registers it so the panel can show the leak.
    ///
    /// The returned `Task` is the real one: cancel it yourself if you keep it (T4,
    /// B2, `TaskBag`); the record turns `cancelling` at once when you do.
    ///
    /// `detached: true` declares work that must finish although its owner goes (seed 000's
    /// guide: a save that must not be cut off): the task is never flagged orphan, its record says
    /// ``TaskRecord/isDetached``, and ``RegistryCounters/detached`` counts it while it is live.
    /// It still runs on the main actor (this is not `Task.detached`), and a cancel still stops it.
    ///
    /// ```swift
    /// // T1: fire and forget; the timer outlives the toast
    /// node.onAppear {
    ///     registry.unstructuredTask(name: "dismiss", label: "toast", owner: node) {
    ///         try await context.sleep(for: .seconds(3))
    ///         toast.hide()
    ///     }
    /// }
    ///
    /// // Work that must finish: it outlives the toast on purpose, and the panel says so
    /// node.onAppear {
    ///     registry.unstructuredTask(name: "save", label: "editor", owner: node, detached: true) {
    ///         try await store.save(draft)
    ///     }
    /// }
    /// ```
    /// - Parameters:
    ///   - name: the task's name in the registry and the log: what it does.
    ///   - label: where it comes from (see ``TaskLabel``); any string literal is one.
    ///   - owner: the node whose view started it, for the orphan and retains-owner flags.
    ///   - priority: the task's priority.
    ///   - detached: meant to outlive its owner: never flagged orphan.
    ///   - operation: the work, on the main actor.
    /// - Returns: the real task, to cancel it yourself.
    @discardableResult
    public func unstructuredTask(
        name: TaskName, label: TaskLabel, owner: LifecycleNode?,
        priority: TaskPriority? = nil, detached: Bool = false,
        _ operation: @escaping @MainActor @Sendable () async throws -> Void
    ) -> Task<Void, any Error> {
        start(name: name, label: label, owner: owner, priority: priority, detached: detached, operation).1
    }
}
