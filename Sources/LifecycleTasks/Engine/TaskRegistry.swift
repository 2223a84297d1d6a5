#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

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
        var record: TaskRecord
        weak var node: LifecycleNode?
        weak var ownerState: AnyObject?
        var releaseExpected = false
        var ownerDisappeared = false
        var cancel: (() -> Void)?
        var onEnd: (@MainActor (TaskID) -> Void)?

        init(record: TaskRecord) { self.record = record }
    }

    /// The counters (always adding up).
    public private(set) var counters = RegistryCounters()
    /// How many ended records are kept.
    public let historyLimit: Int
    /// Bumped at every change; a cheap "did anything happen" probe for test settling.
    public private(set) var changeCount = 0
    /// Tasks registered whose action has not begun running yet (another settling probe).
    public private(set) var pendingStartCount = 0

    private var live: [TaskID: Entry] = [:]
    private var history: [TaskRecord] = []
    private var historyHead = 0
    private var nextID = 0
    private let log: EventLog
    private let now: @MainActor () -> Duration
    private let observers = ObserverList<RegistryChange>()
    private var endWaiters: [Int: @MainActor () -> Void] = [:]
    private var nextWaiter = 0
    nonisolated private let mainThread: pthread_t

    init(historyLimit: Int, log: EventLog, now: @escaping @MainActor () -> Duration) {
        precondition(historyLimit >= 0, "historyLimit must not be negative")
        self.historyLimit = historyLimit
        self.log = log
        self.now = now
        self.mainThread = pthread_self()
    }

    // MARK: Reading

    /// Live records plus the bounded history of ended ones, by id.
    public var records: [TaskRecord] {
        (liveRecords + historyRecords).sorted { $0.id < $1.id }
    }

    /// The running and cancelling tasks, by id.
    public var liveRecords: [TaskRecord] {
        live.values.map(\.record).sorted { $0.id < $1.id }
    }

    /// The kept ended records, oldest end first.
    public var historyRecords: [TaskRecord] {
        if history.count < historyLimit || historyHead == 0 { return history }
        return Array(history[historyHead...] + history[..<historyHead])
    }

    /// The record with this id, live or still in the history.
    public func record(_ id: TaskID) -> TaskRecord? {
        if let entry = live[id] { return entry.record }
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
        markCancelling(entry)
        entry.cancel?()
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

    /// Registers and starts a task whose action runs on the main actor.
    ///
    /// The wrapper decides the final state (see the state rules in `docs/core-api.md`) and
    /// notices an outside `cancel()` of the returned task through a cancellation handler.
    func start(
        name: String, strategy: String, owner: LifecycleNode?, priority: TaskPriority?,
        onEnd: (@MainActor (TaskID) -> Void)? = nil,
        _ operation: @escaping @MainActor @Sendable () async throws -> Void
    ) -> (TaskID, Task<Void, any Error>) {
        nextID += 1
        let id = TaskID(nextID)
        let mainThread = self.mainThread
        let task = Task<Void, any Error>(priority: priority) { @MainActor [weak self] in
            self?.pendingStartCount -= 1
            do {
                try await withTaskCancellationHandler {
                    try await operation()
                } onCancel: {
                    // Runs synchronously in whoever cancels. On the main thread we are on the
                    // main actor already and mark at once, so the panel never shows a stale
                    // `running` after `onDisappear { task.cancel() }`; elsewhere we hop.
                    if pthread_equal(pthread_self(), mainThread) != 0 {
                        MainActor.assumeIsolated { self?.cancelRequestedFromOutside(id) }
                    } else {
                        Task { @MainActor in self?.cancelRequestedFromOutside(id) }
                    }
                }
                self?.end(id, Task.isCancelled ? .cancelled : .finished)
            } catch is CancellationError {
                self?.end(id, .cancelled)
                throw CancellationError()
            } catch {
                self?.end(id, .failed(String(describing: error)))
                throw error
            }
        }
        let record = TaskRecord(
            id: id, name: name, strategy: strategy, owner: owner?.id, ownerName: owner?.name ?? "",
            state: .running, startedAt: now(), endedAt: nil, isOrphan: false, retainsOwner: false)
        let entry = Entry(record: record)
        entry.node = owner
        entry.ownerState = owner?.ownerState
        entry.ownerDisappeared = owner.map { !$0.isAppeared } ?? false
        entry.cancel = { task.cancel() }
        entry.onEnd = onEnd
        live[id] = entry
        counters.started += 1
        counters.live += 1
        pendingStartCount += 1
        log.append(.taskStarted(id, name: name))
        refreshFlags(entry, notify: false)
        changed(.added(entry.record))
        return (id, task)
    }

    // MARK: Node hooks

    func ownerDidDisappear(_ node: LifecycleNode) {
        for entry in entries(of: node) {
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
            refreshFlags(entry, notify: true)
        }
    }

    // MARK: Private

    private func entries(of node: LifecycleNode) -> [Entry] {
        live.values.filter { $0.node === node }.sorted { $0.record.id < $1.record.id }
    }

    private func cancelRequestedFromOutside(_ id: TaskID) {
        guard let entry = live[id] else { return }
        markCancelling(entry)
    }

    private func markCancelling(_ entry: Entry) {
        guard entry.record.state == .running else { return }
        entry.record.state = .cancelling
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
        guard let entry = live.removeValue(forKey: id) else {
            preconditionFailure("task \(id) ended twice or was never registered")
        }
        if entry.record.isOrphan { counters.orphaned -= 1 }
        // The orphan flag stays on the ended record: the history shows the task ran as one.
        entry.record.state = state
        entry.record.endedAt = now()
        entry.record.retainsOwner = false
        entry.cancel = nil
        counters.live -= 1
        switch state {
        case .cancelled: counters.cancelled += 1
        case .finished: counters.finished += 1
        case .failed: counters.failed += 1
        case .running, .cancelling: preconditionFailure("task \(id) cannot end in state \(state)")
        }
        log.append(.taskEnded(id, state))
        changed(.updated(entry.record))
        appendHistory(entry.record)
        entry.onEnd?(id)
        if let node = entry.node {
            // Another record of that owner changed: its retains-owner check may have too.
            for other in entries(of: node) where other.releaseExpected { refreshFlags(other, notify: true) }
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

    private func changed(_ change: RegistryChange) {
        changeCount &+= 1
        observers.notify(change)
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
