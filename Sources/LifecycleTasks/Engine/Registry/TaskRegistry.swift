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
    /// Per task: what its ``TaskRecord`` is made of, plus what the registry needs to act on it.
    /// Live entries sit in ``LiveTable``; ended ones stay in the history ring as they are (no
    /// record copy) holding nothing of the task any more, and are then reused for new tasks.
    @MainActor
    final class Entry {
        // Field order is deliberate (Swift lays a class out in declaration order): what every
        // start, cancel and end touches sits in the first two cache lines, and an M3/M4/M7 task
        // never touches the rest. The first line: identity, handle, state and flags, start time.
        @exclusivity(unchecked) private(set) var id: TaskID
        @exclusivity(unchecked) private(set) var label: TaskLabel
        @exclusivity(unchecked) var task: Task<Void, Never>?
        /// Where the task is, in one byte: the hot checks (`running`? live?) read this, not the
        /// `TaskState` enum (whose `failed(String)` payload makes every copy and compare slow).
        @exclusivity(unchecked) var phase: Phase = .running
        @exclusivity(unchecked) var isOrphan = false
        @exclusivity(unchecked) var retainsOwner = false
        /// The registry asked the task to cancel (for M3/M4/M7 tasks, whose handle nobody else
        /// holds, the same as `Task.isCancelled` and cheaper to read).
        @exclusivity(unchecked) var cancelRequested = false
        @exclusivity(unchecked) var ownerDisappeared = false
        @exclusivity(unchecked) var releaseExpected = false
        /// Whether `ownerState` was ever set (saves a weak store when the entry is reused).
        @exclusivity(unchecked) var watchesOwnerState = false
        /// Whether `throwingTask` is set (an unstructured task): M3/M4/M7 entries never touch it.
        @exclusivity(unchecked) var isUnstructured = false
        @exclusivity(unchecked) var startedAt: Duration
        // The second line: the end, and the links.
        @exclusivity(unchecked) var endedAt: Duration?
        /// The final state, once `phase == .ended`.
        @exclusivity(unchecked) private var endState: TaskState = .finished
        /// The next spare entry while this one waits in the registry's spare list.
        @exclusivity(unchecked) var nextSpare: Entry?
        /// The owner node's index lists (shared with the node; no hashing on the hot path).
        @exclusivity(unchecked) var index: OwnerIndex?
        // Rarely touched.
        @exclusivity(unchecked) var throwingTask: Task<Void, any Error>? {
            didSet { isUnstructured = throwingTask != nil }
        }
        weak var ownerState: AnyObject?

        init(id: TaskID, label: TaskLabel, startedAt: Duration) {
            self.id = id
            self.label = label
            self.startedAt = startedAt
        }

        enum Phase: UInt8 { case running, cancelling, ended }

        /// The current or final state.
        var state: TaskState {
            switch phase {
            case .running: .running
            case .cancelling: .cancelling
            case .ended: endState
            }
        }

        func markEnded(_ state: TaskState, at time: Duration) {
            endState = state
            phase = .ended
            endedAt = time
        }

        /// The panel's row.
        var record: TaskRecord {
            TaskRecord(
                id: id, name: label.name, strategy: label.strategy, owner: label.owner, ownerName: label.ownerName,
                state: state, startedAt: startedAt, endedAt: endedAt, isOrphan: isOrphan, retainsOwner: retainsOwner)
        }

        /// Makes a spare entry (an ended one nobody else holds) stand for a new task.
        func reuse(id: TaskID, label: TaskLabel, startedAt: Duration) {
            self.id = id
            // Usually the same slot's label again: then no reference to swap.
            if self.label !== label { self.label = label }
            self.startedAt = startedAt
            phase = .running
            endedAt = nil
            isOrphan = false
            retainsOwner = false
            if index != nil { index = nil }
            if watchesOwnerState {
                ownerState = nil
                watchesOwnerState = false
            }
            releaseExpected = false
            ownerDisappeared = false
            cancelRequested = false
        }

        /// The task ended: let go of everything that could keep the task's world alive (the
        /// entry may stay in the history for a long time).
        func dropTask() {
            task = nil
            if isUnstructured { throwingTask = nil }
        }
    }

    /// The live entries, found by id without hashing. Ids are handed out 1, 2, 3 … and every id
    /// is registered at once, in order, so the entry of id `n` sits at `slots[n - base]`;
    /// ended ones leave a `nil`. The table empties whenever no task is live (show/hide churn
    /// ends its tasks in start order, so `head` simply walks forward). Should a long-lived task
    /// keep it from emptying, the live entries move to `stragglers` (hashed, rarely touched)
    /// when the array would grow while mostly holes, so memory follows the live count.
    @MainActor
    struct LiveTable {
        private var slots: [Entry?] = []
        /// Id of `slots[0]`.
        private var base = 1
        /// `slots[..<head]` are all `nil`.
        private var head = 0
        /// Non-nil entries in `slots`.
        private var inSlots = 0
        private var stragglers: [Int: Entry] = [:]

        var count: Int { inSlots + stragglers.count }
        var isEmpty: Bool { inSlots == 0 && stragglers.isEmpty }

        mutating func insert(_ entry: Entry) {
            let id = entry.id.rawValue
            if id != base + slots.count {
                // Ids always arrive in order (see above); anything else goes to the side table.
                stragglers[id] = entry
                return
            }
            if slots.count == slots.capacity && slots.count >= 64 && inSlots * 2 <= slots.count {
                // About to grow, and at least half of it is holes: move the live ones aside.
                for position in head..<slots.count {
                    if let live = slots[position] { stragglers[base + position] = live }
                }
                base = id
                slots.removeAll(keepingCapacity: true)
                head = 0
                inSlots = 0
            }
            slots.append(entry)
            inSlots += 1
        }

        func lookup(_ id: TaskID) -> Entry? {
            let position = id.rawValue - base
            if position >= 0 {
                return position < slots.count ? slots[position] : nil
            }
            return stragglers.isEmpty ? nil : stragglers[id.rawValue]
        }

        /// Removes `entry`; `false` if it was not live.
        mutating func remove(_ entry: Entry) -> Bool {
            let id = entry.id.rawValue
            let position = id - base
            guard position >= 0 else {
                return stragglers.removeValue(forKey: id) != nil
            }
            guard position < slots.count, slots[position] === entry else { return false }
            slots[position] = nil
            inSlots -= 1
            if inSlots == 0 {
                base += slots.count
                slots.removeAll(keepingCapacity: true)
                head = 0
            } else if position == head {
                head += 1
                while slots[head] == nil { head += 1 }
            }
            return true
        }

        /// Every live entry, by id.
        func ordered() -> [Entry] {
            var result: [Entry] = []
            result.reserveCapacity(count)
            if !stragglers.isEmpty {
                result.append(contentsOf: stragglers.values.sorted { $0.id < $1.id })
            }
            for position in head..<slots.count {
                if let entry = slots[position] { result.append(entry) }
            }
            return result
        }
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
    @exclusivity(unchecked) private var live = LiveTable()
    /// Ended entries, a ring of at most `historyLimit` (oldest at `historyHead` once full).
    @exclusivity(unchecked) private var history: [Entry] = []
    @exclusivity(unchecked) private var historyHead = 0
    /// Entries that left the history, ready to stand for new tasks: show/hide all day allocates
    /// no entry. An entry only comes back after its task ended and its record left the history,
    /// so there are never more spares than tasks were once live at the same time; and at most
    /// ``spareLimit``. A singly linked list through ``Entry/nextSpare`` (no array bookkeeping
    /// per task).
    @exclusivity(unchecked) private var spareHead: Entry?
    @exclusivity(unchecked) private var spareCount = 0
    private static let spareLimit = 4_096
    @exclusivity(unchecked) private var nextID = 0
    private let log: EventLog
    private let now: @MainActor () -> Duration
    private let observers = ObserverList<RegistryChange>()
    /// How many observations are active: with none (benchmarks, most tests) a change costs a
    /// counter bump and builds no record.
    private let observerCount = ObserverCount()
    private var endWaiters: [Int: @MainActor () -> Void] = [:]
    @exclusivity(unchecked) private var endWaiterCount = 0
    private var nextWaiter = 0

    /// Where the registered tasks' nonisolated parts run (see
    /// ``LifecycleContext/init(clock:taskExecutor:historyLimit:logLimit:)``); `nil`: the global
    /// concurrent executor.
    let taskExecutor: (any TaskExecutor)?

    init(historyLimit: Int, log: EventLog, now: @escaping @MainActor () -> Duration, taskExecutor: (any TaskExecutor)? = nil) {
        precondition(historyLimit >= 0, "historyLimit must not be negative")
        self.historyLimit = historyLimit
        self.log = log
        self.now = now
        self.taskExecutor = taskExecutor
        MainQueueMark.install()
    }

    /// Whether anyone observes the registry (a node reuses one clock reading for its event and
    /// its task starts only when no outside code can run in between).
    var hasObservers: Bool { observerCount.value != 0 }

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
        if live.isEmpty { return }
        for entry in live.ordered() where entry.phase == .running {
            if entry.isUnstructured, entry.throwingTask?.isCancelled ?? false { markCancelling(entry) }
        }
    }

    private func syncOutsideCancel(_ entry: Entry) {
        if entry.phase == .running, entry.isUnstructured, entry.throwingTask?.isCancelled ?? false {
            markCancelling(entry)
        }
    }

    /// The running and cancelling tasks, by id.
    public var liveRecords: [TaskRecord] {
        syncOutsideCancels()
        return live.ordered().map(\.record)
    }

    /// The kept ended records, oldest end first.
    public var historyRecords: [TaskRecord] {
        if history.count < historyLimit || historyHead == 0 { return history.map(\.record) }
        return (history[historyHead...] + history[..<historyHead]).map(\.record)
    }

    /// The record with this id, live or still in the history.
    public func record(_ id: TaskID) -> TaskRecord? {
        if let entry = live.lookup(id) {
            syncOutsideCancel(entry)
            return entry.record
        }
        return history.first { $0.id == id }?.record
    }

    /// Calls `handler` with every change from now on (no polling). Keep the token.
    public func observe(_ handler: @escaping @MainActor (RegistryChange) -> Void) -> ObservationToken {
        observerCount.add(observers.add(handler))
    }

    // MARK: Acting

    /// Asks the live task `id` to cancel: it becomes `cancelling` until its action returns.
    /// Does nothing for an ended or unknown id, or one already cancelling.
    public func cancel(_ id: TaskID) {
        cancel(id, at: nil)
    }

    /// `time`: a clock reading the caller took a moment ago with no outside code run since
    /// (so it stands for now); `nil` reads the clock.
    func cancel(_ id: TaskID, at time: Duration?) {
        guard let entry = live.lookup(id) else { return }
        cancel(entry, at: time)
    }

    private func cancel(_ entry: Entry, at time: Duration? = nil) {
        guard entry.phase != .ended else { return }
        markCancelling(entry, at: time)
        // Moved out and back (`take`): the handle needs no retain around `cancel()`.
        if let task = entry.task.take() {
            task.cancel()
            entry.task = task
        }
        if entry.isUnstructured { entry.throwingTask?.cancel() }
    }

    /// Shutdown: asks every live task to cancel.
    public func cancelAll() {
        for entry in live.ordered() { cancel(entry) }
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
            // Strong `self`: a weak reference would give the registry a side table and slow every
            // retain of it. The cycle through `endWaiters` ends when `finish` runs, at the latest
            // at the timeout.
            let finish: @MainActor () -> Void = {
                guard let continuation = waiter.continuation else { return }
                waiter.continuation = nil
                waiter.timer?.cancel()
                self.endWaiters[key] = nil
                self.endWaiterCount = self.endWaiters.count
                continuation.resume()
            }
            endWaiters[key] = finish
            endWaiterCount = endWaiters.count
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
        let label = TaskLabel(name: name, strategy: strategy, owner: owner)
        let entry = register(id, label: label, owner: owner, tracksOrphan: true, at: now())
        // The task holds the registry strongly: a registered task keeps its registry alive until
        // it ends, so its end is always recorded.
        let task: Task<Void, any Error>
        if let taskExecutor {
            // Starts on the preferred executor and hops to the main actor for the body.
            task = Task(executorPreference: taskExecutor, priority: priority) {
                try await self.run(entry, id, operation)
            }
        } else {
            task = Task(priority: priority) { @MainActor in try await self.run(entry, id, operation) }
        }
        entry.throwingTask = task
        return (id, task)
    }

    /// The body of a task from ``start(name:strategy:owner:priority:_:)``.
    private func run(_ entry: Entry, _ id: TaskID, _ operation: @MainActor @Sendable () async throws -> Void) async throws {
        pendingStartCount -= 1
        do {
            try await withTaskCancellationHandler {
                try await operation()
            } onCancel: {
                Self.noteOutsideCancel(id, of: self)
            }
            end(entry, Task.isCancelled ? .cancelled : .finished)
        } catch is CancellationError {
            end(entry, .cancelled)
            throw CancellationError()
        } catch {
            end(entry, .failed(String(describing: error)))
            throw error
        }
    }

    /// The M3/M4/M7 path: a non-throwing action, the slot told when it ends. Cheaper than
    /// ``start(name:strategy:owner:priority:_:)``: no error plumbing, no cancellation handler
    /// (nobody outside the registry holds the task, so every cancel goes through
    /// `cancel(_:at:)`, which marks `cancelling` itself), the slot's shared label.
    ///
    /// A slot's tasks are never flagged orphan: the node's `disappear()` cancels each of them
    /// before it looks for orphans, so they skip the owner's list of running tasks.
    ///
    /// `time`: a clock reading the node took a moment ago with no outside code run since, or
    /// `nil` to read the clock. Returns the task's id.
    func startManaged(
        slot: TaskSlot, owner: LifecycleNode, at time: Duration?,
        _ operation: @escaping @MainActor @Sendable () async -> Void
    ) -> TaskID {
        let id = nextTaskID()
        let entry = register(id, label: slot.label, owner: owner, tracksOrphan: false, at: time ?? now())
        // The body is inline (no async method to call: one frame less per task). The task holds
        // its slot, and through it the registry: a registered task keeps its registry alive until
        // it ends, so its end is always recorded. (A weak reference to the slot would give every
        // slot a side table and slow down every retain of it.)
        if let taskExecutor {
            entry.task = Task(executorPreference: taskExecutor, priority: slot.priority) {
                await Self.runManaged(slot, entry, operation)
            }
            return id
        }
        entry.task = Task<Void, Never>(priority: slot.priority) { @MainActor in
            let registry = slot.registry
            registry.pendingStartCount -= 1
            await operation()
            registry.end(entry, entry.cancelRequested ? .cancelled : .finished, slot: slot)
        }
        return id
    }

    /// The body of a managed task started with a preferred executor: the same as the inline
    /// body above, which stays inline for the common case (one frame less per task).
    private static func runManaged(
        _ slot: TaskSlot, _ entry: Entry, _ operation: @MainActor @Sendable () async -> Void
    ) async {
        let registry = slot.registry
        registry.pendingStartCount -= 1
        await operation()
        registry.end(entry, entry.cancelRequested ? .cancelled : .finished, slot: slot)
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

    private func register(
        _ id: TaskID, label: TaskLabel, owner: LifecycleNode?, tracksOrphan: Bool, at time: Duration
    ) -> Entry {
        let entry = makeEntry(id: id, label: label, startedAt: time)
        if let owner {
            if owner.mayHaveOwnerState, let state = owner.ownerState {
                entry.ownerState = state
                entry.watchesOwnerState = true
            }
            entry.ownerDisappeared = !owner.isAppeared
            // The owner's index: for the orphan check at its disappear (unstructured tasks), and
            // for the retains-owner re-check when a task of the owner ends (only once the host
            // announced the release; `ownerStateReleaseExpected` gives it to the entries live
            // then). A node's own tasks usually need neither: no reference to keep up.
            if tracksOrphan {
                entry.index = owner.taskIndex
                owner.taskIndex.running.append(id)
            } else if owner.taskIndex.isWatching {
                entry.index = owner.taskIndex
            }
        }
        live.insert(entry)
        counters.started += 1
        counters.live += 1
        pendingStartCount += 1
        log.append(.taskStarted(id, name: label.name), at: time)
        if entry.ownerDisappeared { refreshFlags(entry, notify: false) }
        changed(.added, entry)
        return entry
    }

    /// A spare entry if one is free (nobody else holds it), else a new one.
    private func makeEntry(id: TaskID, label: TaskLabel, startedAt: Duration) -> Entry {
        // Unlinking by moves (`take`, `swap`): no reference counting on the way.
        while var spare = spareHead.take() {
            swap(&spareHead, &spare.nextSpare)
            spareCount -= 1
            if isKnownUniquelyReferenced(&spare) {
                spare.reuse(id: id, label: label, startedAt: startedAt)
                return spare
            }
        }
        return Entry(id: id, label: label, startedAt: startedAt)
    }

    private func addSpare(_ entry: consuming Entry) {
        guard spareCount < Self.spareLimit else { return }
        swap(&entry.nextSpare, &spareHead)
        spareHead = entry
        spareCount += 1
    }

    // MARK: Node hooks

    func ownerDidDisappear(_ node: LifecycleNode) {
        let running = node.taskIndex.running
        if running.isEmpty { return }
        for id in running {
            guard let entry = live.lookup(id) else { continue }
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
            entry.index = node.taskIndex
            entry.releaseExpected = true
            if !node.taskIndex.watched.contains(entry.id) {
                node.taskIndex.watched.append(entry.id)
            }
            refreshFlags(entry, notify: true)
        }
    }

    // MARK: Private

    private func entries(of node: LifecycleNode) -> [Entry] {
        live.ordered().filter { $0.label.owner == node.id }
    }

    fileprivate func cancelRequestedFromOutside(_ id: TaskID) {
        guard let entry = live.lookup(id) else { return }
        markCancelling(entry)
    }

    private func markCancelling(_ entry: Entry, at time: Duration? = nil) {
        guard entry.phase == .running else { return }
        entry.phase = .cancelling
        entry.cancelRequested = true
        entry.index?.removeRunning(entry.id)
        log.append(.taskCancelRequested(entry.id), at: time ?? now())
        // Only a flag that is up can change here: a cancelled task is no orphan, and
        // retains-owner is only checked once the release was announced.
        if entry.isOrphan || entry.releaseExpected { refreshFlags(entry, notify: false) }
        changed(.updated, entry)
    }

    /// Recomputes orphan and retains-owner; tells observers when asked and something changed.
    private func refreshFlags(_ entry: Entry, notify: Bool) {
        let wasOrphan = entry.isOrphan
        let wasRetaining = entry.retainsOwner
        let isOrphan = entry.ownerDisappeared && entry.phase == .running
        let retainsOwner = entry.releaseExpected && entry.ownerState != nil
        if wasOrphan == isOrphan && wasRetaining == retainsOwner { return }
        entry.isOrphan = isOrphan
        entry.retainsOwner = retainsOwner
        if wasOrphan != isOrphan {
            counters.orphaned += isOrphan ? 1 : -1
        }
        if notify { changed(.updated, entry) }
    }

    fileprivate func end(_ entry: Entry, _ state: TaskState, slot: TaskSlot? = nil) {
        let id = entry.id
        guard live.remove(entry) else {
            preconditionFailure("task \(id) ended twice or was never registered")
        }
        if entry.isOrphan { counters.orphaned -= 1 }
        // The orphan flag stays on the ended record: the history shows the task ran as one.
        let time = now()
        entry.markEnded(state, at: time)
        entry.retainsOwner = false
        entry.dropTask()
        counters.live -= 1
        switch state {
        case .cancelled: counters.cancelled += 1
        case .finished: counters.finished += 1
        case .failed: counters.failed += 1
        case .running, .cancelling: Self.badEnd(id, state)
        }
        log.append(.taskEnded(id, state), at: time)
        changed(.updated, entry)
        appendHistory(entry)
        slot?.taskEnded(id)
        if entry.index != nil { ownerTaskEnded(entry) }
        if endWaiterCount != 0 && live.isEmpty { wakeEndWaiters() }
    }

    /// A task with an owner index ended: out of its owner's lists, and the owner's watched tasks
    /// re-checked (another record of that owner changed: its retains-owner check may have too).
    @inline(never)
    private func ownerTaskEnded(_ entry: Entry) {
        guard let index = entry.index else { return }
        let id = entry.id
        entry.index = nil
        index.removeRunning(id)
        if !index.watched.isEmpty {
            index.removeWatched(id)
            for other in index.watched { if let entry = live.lookup(other) { refreshFlags(entry, notify: true) } }
        }
    }

    @inline(never)
    private func wakeEndWaiters() {
        for waiter in endWaiters.values { waiter() }
    }

    @inline(never)
    private static func badEnd(_ id: TaskID, _ state: TaskState) -> Never {
        preconditionFailure("task \(id) cannot end in state \(state)")
    }

    private func appendHistory(_ entry: Entry) {
        guard historyLimit > 0 else {
            changed(.removed, entry)
            addSpare(entry)
            return
        }
        if history.count < historyLimit {
            history.append(entry)
        } else {
            // Swap the entry in and the oldest out: no reference counting beyond the one the
            // history takes on `entry`.
            var dropped = entry
            swap(&history[historyHead], &dropped)
            historyHead += 1
            if historyHead == historyLimit { historyHead = 0 }
            changed(.removed, dropped)
            addSpare(dropped)
        }
    }

    private enum ChangeKind { case added, updated, removed }

    /// Counts a change and tells the observers, if any. With nobody observing (benchmarks, most
    /// tests) no record is built; the telling lives out of line, keeping the show/hide path
    /// short in code as well as in time.
    private func changed(_ kind: ChangeKind, _ entry: Entry) {
        changeCount &+= 1
        if observerCount.value != 0 { notifyObservers(kind, entry) }
    }

    @inline(never)
    private func notifyObservers(_ kind: ChangeKind, _ entry: Entry) {
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
