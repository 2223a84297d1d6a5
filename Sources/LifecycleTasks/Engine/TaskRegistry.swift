internal import Dispatch

/// "Is this code running on the main actor?" without crashing when it is not.
///
/// A thread check is not enough: under an async `main` (the test runner) `dispatch_main()`
/// retires the main thread and a worker thread drains the main queue, so the main actor moves
/// between threads. The main actor is the dispatch main queue on Linux (and under GLib, whose
/// bridge drains that queue), so a queue-specific value marks it wherever it runs.
enum MainQueueMark {
    private static let key = DispatchSpecificKey<UInt8>()
    private static let installed: Bool = {
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return true
    }()

    static func install() { _ = installed }
    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == 1 }
}

/// A task's number in the registry: 1, 2, 3 … in start order.
public struct TaskID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The number.
    public let rawValue: Int
    /// Wraps a number (tests use it to name expected ids: `TaskID(1)`).
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    /// `#1`, `#2` …
    public var description: String { "#\(rawValue)" }
    /// Start order.
    public static func < (lhs: TaskID, rhs: TaskID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Where a registered task is in its life (SPEC §5).
public enum TaskState: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The action runs and nobody asked it to stop.
    case running
    /// Cancel was requested; the action has not returned yet.
    case cancelling
    /// The action returned (or threw `CancellationError`) after a cancel.
    case cancelled
    /// The action returned without a cancel.
    case finished
    /// The action threw an error other than `CancellationError`.
    case failed(String)

    /// `running` or `cancelling`.
    public var isLive: Bool {
        switch self {
        case .running, .cancelling: true
        case .cancelled, .finished, .failed: false
        }
    }

    /// The panel's wording: `running`, `cancelling`, …, `failed(error)`.
    public var description: String {
        switch self {
        case .running: "running"
        case .cancelling: "cancelling"
        case .cancelled: "cancelled"
        case .finished: "finished"
        case .failed(let error): "failed(\(error))"
        }
    }
}

/// One row of the live task panel.
public struct TaskRecord: Sendable, Hashable, Identifiable, Codable {
    /// Start order.
    public let id: TaskID
    /// The task's name (`"task"`, `"dismiss timer"` …).
    public let name: String
    /// How it was started: `".task"`, `"onAppear + Task"`, `"T1"` …
    public let strategy: String
    /// The node that owns it, if any.
    public let owner: NodeID?
    /// The owner node's name (empty without an owner).
    public let ownerName: String
    /// The current or final state.
    public var state: TaskState
    /// Context time at start.
    public var startedAt: Duration
    /// Context time at end; `nil` while live.
    public var endedAt: Duration?
    /// The owner node has disappeared and the task runs on with nobody having asked it to stop.
    public var isOrphan: Bool
    /// The owner's state object should be gone (the host let go of it) and is still alive.
    public var retainsOwner: Bool
    /// `running` or `cancelling`.
    public var isLive: Bool { state.isLive }
}

/// The panel's counters. `started == live + cancelled + finished + failed` always holds;
/// `orphaned` counts the live tasks flagged orphan right now.
public struct RegistryCounters: Sendable, Hashable, Codable {
    /// Tasks running or cancelling.
    public var live = 0
    /// Tasks ever started.
    public var started = 0
    /// Tasks that ended `cancelled`.
    public var cancelled = 0
    /// Tasks that ended `finished`.
    public var finished = 0
    /// Tasks that ended `failed`.
    public var failed = 0
    /// Live tasks flagged orphan.
    public var orphaned = 0

    /// Creates zero counters.
    public init() {}

    /// Whether `started == live + cancelled + finished + failed` and `orphaned <= live`.
    public var addUp: Bool { started == live + cancelled + finished + failed && orphaned <= live && orphaned >= 0 }
}

/// One change of the registry, as the panel's change stream delivers it.
public enum RegistryChange: Sendable, Hashable {
    /// A task started.
    case added(TaskRecord)
    /// A record changed (state, end, flags).
    case updated(TaskRecord)
    /// A record fell out of the bounded history.
    case removed(TaskID)
}

/// Every task started through the core (SPEC §5): its record, flags and counters, a change
/// stream, and cancellation for shutdown.
///
/// Records of ended tasks stay in a bounded history (``historyLimit``) so memory stays flat.
///
/// ```swift
/// let token = context.registry.observe { change in
///     if case .updated(let record) = change, record.isOrphan { print("leak:", record.name) }
/// }
/// let timer = context.registry.unstructuredTask(name: "dismiss", strategy: "T1", owner: node) {
///     try await context.sleep(for: .seconds(3))
///     hide()
/// }
/// print(context.registry.counters)       // live 1, started 1, …
/// ```
@MainActor
public final class TaskRegistry {
    /// Per live task: the record plus what the registry needs to act on it.
    final class Entry {
        @exclusivity(unchecked) var record: TaskRecord
        /// The owner node's index lists (shared with the node; no hashing on the hot path).
        var index: OwnerIndex?
        weak var ownerState: AnyObject?
        var releaseExpected = false
        var ownerDisappeared = false
        var throwingTask: Task<Void, any Error>?
        var task: Task<Void, Never>?
        /// Held strongly until the task ends (a weak reference would give every slot a side
        /// table and slow down every retain of it); the slot only hears `taskEnded`.
        var slot: TaskSlot?

        init(record: TaskRecord) { self.record = record }
    }

    /// The counters (always adding up).
    @exclusivity(unchecked) public private(set) var counters = RegistryCounters()
    /// How many ended records are kept.
    public let historyLimit: Int
    /// Bumped at every change; a cheap "did anything happen" probe for test settling.
    @exclusivity(unchecked) public private(set) var changeCount = 0
    /// Tasks registered whose action has not begun running yet (another settling probe).
    @exclusivity(unchecked) public private(set) var pendingStartCount = 0

    // Hot-path state. Everything here is main-actor isolated and no access overlaps another, so
    // the dynamic exclusivity checks (a tenth of a show/hide cycle in `core.churn`) buy nothing.
    @exclusivity(unchecked) private var live: [TaskID: Entry] = [:]
    @exclusivity(unchecked) private var history: [TaskRecord] = []
    @exclusivity(unchecked) private var historyHead = 0
    @exclusivity(unchecked) private var nextID = 0
    private let log: EventLog
    private let now: @MainActor () -> Duration
    private let observers = ObserverList<RegistryChange>()
    private var endWaiters: [Int: @MainActor () -> Void] = [:]
    private var nextWaiter = 0

    init(historyLimit: Int, log: EventLog, now: @escaping @MainActor () -> Duration) {
        precondition(historyLimit >= 0, "historyLimit must not be negative")
        self.historyLimit = historyLimit
        self.log = log
        self.now = now
        MainQueueMark.install()
    }

    // MARK: Reading

    /// Live records plus the bounded history of ended ones, by id.
    public var records: [TaskRecord] {
        (liveRecords + historyRecords).sorted { $0.id < $1.id }
    }

    /// Notices an outside `cancel()` of an unstructured task that the cancellation handler has
    /// not reported yet (it hops to the main actor when the canceller is not on the main
    /// thread). `Task.isCancelled` on the handle is exact at any moment, so every read and
    /// every orphan decision goes through here first.
    private func syncOutsideCancels() {
        for entry in live.values.sorted(by: { $0.record.id < $1.record.id }) where entry.record.state == .running {
            if entry.throwingTask?.isCancelled ?? false { markCancelling(entry) }
        }
    }

    private func syncOutsideCancel(_ entry: Entry) {
        if entry.record.state == .running, entry.throwingTask?.isCancelled ?? false { markCancelling(entry) }
    }

    /// The running and cancelling tasks, by id.
    public var liveRecords: [TaskRecord] {
        syncOutsideCancels()
        return live.values.map(\.record).sorted { $0.id < $1.id }
    }

    /// The kept ended records, oldest end first.
    public var historyRecords: [TaskRecord] {
        if history.count < historyLimit || historyHead == 0 { return history }
        return Array(history[historyHead...] + history[..<historyHead])
    }

    /// The record with this id, live or still in the history.
    public func record(_ id: TaskID) -> TaskRecord? {
        if let entry = live[id] {
            syncOutsideCancel(entry)
            return entry.record
        }
        return history.first { $0.id == id }
    }

    /// Calls `handler` with every change from now on (no polling). Keep the token.
    public func observe(_ handler: @escaping @MainActor (RegistryChange) -> Void) -> ObservationToken {
        observers.add(handler)
    }

    // MARK: Acting

    /// Asks the live task `id` to cancel: it becomes `cancelling` until its action returns.
    /// Does nothing for an ended or unknown id, or one already cancelling.
    public func cancel(_ id: TaskID) {
        guard let entry = live[id] else { return }
        cancel(entry)
    }

    func cancel(_ entry: Entry) {
        guard entry.record.state.isLive else { return }
        markCancelling(entry)
        entry.task?.cancel()
        entry.throwingTask?.cancel()
    }

    /// Shutdown: asks every live task to cancel.
    public func cancelAll() {
        for id in live.keys.sorted() { cancel(id) }
    }

    /// Waits until no task is live or `timeout` (real time, so a frozen test clock cannot hang
    /// shutdown) has passed; returns the records still live, empty when all ended.
    public func waitForAllToEnd(timeout: Duration) async -> [TaskRecord] {
        if live.isEmpty { return [] }
        let key = nextWaiter
        nextWaiter += 1
        final class Waiter {
            var continuation: CheckedContinuation<Void, Never>?
            var timer: Task<Void, Never>?
        }
        let waiter = Waiter()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            waiter.continuation = continuation
            let finish: @MainActor () -> Void = { [weak self] in
                guard let continuation = waiter.continuation else { return }
                waiter.continuation = nil
                waiter.timer?.cancel()
                self?.endWaiters[key] = nil
                continuation.resume()
            }
            endWaiters[key] = finish
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
    /// The wrapper decides the final state (see the state rules in `docs/core-api.md`) and
    /// notices an outside `cancel()` of the returned task through a cancellation handler.
    func start(
        name: String, strategy: String, owner: LifecycleNode?, priority: TaskPriority?,
        _ operation: @escaping @MainActor @Sendable () async throws -> Void
    ) -> (TaskID, Task<Void, any Error>) {
        let id = nextTaskID()
        // The task holds the registry strongly: a registered task keeps its registry alive until
        // it ends, so its end is always recorded.
        let task = Task<Void, any Error>(priority: priority) { @MainActor in
            self.pendingStartCount -= 1
            do {
                try await withTaskCancellationHandler {
                    try await operation()
                } onCancel: {
                    Self.noteOutsideCancel(id, of: self)
                }
                self.end(id, Task.isCancelled ? .cancelled : .finished)
            } catch is CancellationError {
                self.end(id, .cancelled)
                throw CancellationError()
            } catch {
                self.end(id, .failed(String(describing: error)))
                throw error
            }
        }
        let entry = register(id, name: name, strategy: strategy, owner: owner)
        entry.throwingTask = task
        return (id, task)
    }

    /// The M3/M4/M7 path: a non-throwing action, the slot told when it ends. Cheaper than
    /// ``start(name:strategy:owner:priority:_:)`` (no error plumbing, no closure for the end).
    func startManaged(
        name: String, strategy: String, owner: LifecycleNode, slot: TaskSlot, priority: TaskPriority,
        _ operation: @escaping @MainActor @Sendable () async -> Void
    ) -> Entry {
        let entry = register(nextTaskID(), name: name, strategy: strategy, owner: owner)
        entry.slot = slot
        // No cancellation handler: nobody outside the registry holds this task, so every cancel
        // goes through `cancel(_:)`, which marks `cancelling` itself. The closure holds the
        // entry, so the end needs no lookup.
        entry.task = Task<Void, Never>(priority: priority) { @MainActor in
            self.pendingStartCount -= 1
            await operation()
            self.end(entry, Task.isCancelled ? .cancelled : .finished)
        }
        return entry
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

    private func nextTaskID() -> TaskID {
        nextID += 1
        return TaskID(nextID)
    }

    private func register(_ id: TaskID, name: String, strategy: String, owner: LifecycleNode?) -> Entry {
        let time = now()
        let record = TaskRecord(
            id: id, name: name, strategy: strategy, owner: owner?.id, ownerName: owner?.name ?? "",
            state: .running, startedAt: time, endedAt: nil, isOrphan: false, retainsOwner: false)
        let entry = Entry(record: record)
        if let owner {
            if let state = owner.ownerState { entry.ownerState = state }
            entry.ownerDisappeared = !owner.isAppeared
            entry.index = owner.taskIndex
            owner.taskIndex.running.append(id)
        }
        live[id] = entry
        counters.started += 1
        counters.live += 1
        pendingStartCount += 1
        log.append(.taskStarted(id, name: name), at: time)
        if entry.ownerDisappeared { refreshFlags(entry, notify: false) }
        changed(.added(entry.record))
        return entry
    }

    // MARK: Node hooks

    func ownerDidDisappear(_ node: LifecycleNode) {
        let running = node.taskIndex.running
        if running.isEmpty { return }
        for id in running {
            guard let entry = live[id] else { continue }
            syncOutsideCancel(entry)
            entry.ownerDisappeared = true
            refreshFlags(entry, notify: true)
        }
    }

    func ownerDidAppear(_ node: LifecycleNode) {
        // Tasks that outlived an earlier appearance stay orphans of that appearance: only
        // tasks started from now on count as the new appearance's.
    }

    func ownerStateReleaseExpected(_ node: LifecycleNode) {
        for entry in entries(of: node) {
            entry.releaseExpected = true
            if !node.taskIndex.watched.contains(entry.record.id) {
                node.taskIndex.watched.append(entry.record.id)
            }
            refreshFlags(entry, notify: true)
        }
    }

    // MARK: Private

    private func entries(of node: LifecycleNode) -> [Entry] {
        live.values.filter { $0.record.owner == node.id }.sorted { $0.record.id < $1.record.id }
    }

    fileprivate func cancelRequestedFromOutside(_ id: TaskID) {
        guard let entry = live[id] else { return }
        markCancelling(entry)
    }

    private func markCancelling(_ entry: Entry) {
        guard entry.record.state == .running else { return }
        entry.record.state = .cancelling
        entry.index?.removeRunning(entry.record.id)
        log.append(.taskCancelRequested(entry.record.id))
        refreshFlags(entry, notify: false)
        changed(.updated(entry.record))
    }

    /// Recomputes orphan and retains-owner; tells observers when asked and something changed.
    private func refreshFlags(_ entry: Entry, notify: Bool) {
        let wasOrphan = entry.record.isOrphan
        let wasRetaining = entry.record.retainsOwner
        entry.record.isOrphan = entry.ownerDisappeared && entry.record.state == .running
        entry.record.retainsOwner = entry.releaseExpected && entry.ownerState != nil
        if wasOrphan != entry.record.isOrphan {
            counters.orphaned += entry.record.isOrphan ? 1 : -1
        }
        if notify && (wasOrphan != entry.record.isOrphan || wasRetaining != entry.record.retainsOwner) {
            changed(.updated(entry.record))
        }
    }

    private func end(_ id: TaskID, _ state: TaskState) {
        guard let entry = live[id] else {
            preconditionFailure("task \(id) ended twice or was never registered")
        }
        end(entry, state)
    }

    private func end(_ entry: Entry, _ state: TaskState) {
        let id = entry.record.id
        guard live.removeValue(forKey: id) != nil else {
            preconditionFailure("task \(id) ended twice or was never registered")
        }
        if entry.record.isOrphan { counters.orphaned -= 1 }
        // The orphan flag stays on the ended record: the history shows the task ran as one.
        let time = now()
        entry.record.state = state
        entry.record.endedAt = time
        entry.record.retainsOwner = false
        entry.task = nil
        entry.throwingTask = nil
        let slot = entry.slot
        entry.slot = nil
        counters.live -= 1
        switch state {
        case .cancelled: counters.cancelled += 1
        case .finished: counters.finished += 1
        case .failed: counters.failed += 1
        case .running, .cancelling: preconditionFailure("task \(id) cannot end in state \(state)")
        }
        log.append(.taskEnded(id, state), at: time)
        changed(.updated(entry.record))
        appendHistory(entry.record)
        slot?.taskEnded(id)
        if let index = entry.index {
            index.removeRunning(id)
            index.removeWatched(id)
            // Another record of that owner changed: its retains-owner check may have too.
            if !index.watched.isEmpty {
                for other in index.watched { if let entry = live[other] { refreshFlags(entry, notify: true) } }
            }
        }
        if live.isEmpty && !endWaiters.isEmpty {
            for waiter in endWaiters.values { waiter() }
        }
    }

    private func appendHistory(_ record: TaskRecord) {
        guard historyLimit > 0 else {
            changed(.removed(record.id))
            return
        }
        if history.count < historyLimit {
            history.append(record)
        } else {
            let dropped = history[historyHead].id
            history[historyHead] = record
            historyHead = (historyHead + 1) % historyLimit
            changed(.removed(dropped))
        }
    }

    /// Autoclosure: with nobody observing (benchmarks, most tests) no record is copied.
    private func changed(_ change: @autoclosure () -> RegistryChange) {
        changeCount &+= 1
        if !observers.isEmpty { observers.notify(change()) }
    }
}

extension TaskRegistry {
    /// Starts an *unstructured* task that nobody cancels for you (the buggy strategies use
    /// this, as the seeds use `Task { }`), but registers it so the panel can show the leak.
    ///
    /// The returned `Task` is the real one: cancel it yourself if your strategy keeps it (T4,
    /// B2, `TaskBag`); the record turns `cancelling` at once when you do.
    ///
    /// ```swift
    /// // T1: fire and forget; the timer outlives the toast
    /// node.onAppear {
    ///     registry.unstructuredTask(name: "dismiss", strategy: "T1", owner: node) {
    ///         try await context.sleep(for: .seconds(3))
    ///         toast.hide()
    ///     }
    /// }
    /// ```
    @discardableResult
    public func unstructuredTask(
        name: String, strategy: String, owner: LifecycleNode?,
        priority: TaskPriority? = nil,
        _ operation: @escaping @MainActor @Sendable () async throws -> Void
    ) -> Task<Void, any Error> {
        start(name: name, strategy: strategy, owner: owner, priority: priority, operation).1
    }
}

/// A node's live task ids, shared by the node and its registry entries so the hot path finds
/// them without hashing. `running`: what the node's disappear may flag orphan. `watched`: tasks
/// whose owner state is expected gone, the only ones retains-owner re-checks.
@MainActor
final class OwnerIndex {
    // Small arrays that keep their storage: a node shown and hidden all day allocates nothing.
    @exclusivity(unchecked) var running: [TaskID] = []
    @exclusivity(unchecked) var watched: [TaskID] = []

    func removeRunning(_ id: TaskID) {
        if let position = running.firstIndex(of: id) { running.remove(at: position) }
    }

    func removeWatched(_ id: TaskID) {
        if let position = watched.firstIndex(of: id) { watched.remove(at: position) }
    }
}
