// The registry's storage: what ``TaskRegistry`` keeps per task and in total, and nothing of its
// rules (those are in `TaskStateMachine` and `TaskRegistry`).
//
// `@exclusivity(unchecked)` on the stored fields, as in the other storage files: all of it is
// main-actor isolated and no access overlaps, so the runtime's exclusivity checks can never
// fire, and they were `core.churn`'s largest removable cost (docs/engine.md).

/// The registry's tallies, its live tasks by id and the bounded history of ended ones.
@MainActor
final class RegistryStorage {
    /// See ``TaskRegistry/counters``.
    @exclusivity(unchecked) var counters = RegistryCounters()
    /// See ``TaskRegistry/changeCount``.
    @exclusivity(unchecked) var changeCount = 0
    /// See ``TaskRegistry/pendingStartCount``.
    @exclusivity(unchecked) var pendingStartCount = 0
    @exclusivity(unchecked) private var lastID = 0
    @exclusivity(unchecked) private var live: [TaskID: TaskEntry] = [:]
    /// Ended entries, oldest first; memory stays flat.
    @exclusivity(unchecked) private var history: BoundedRing<TaskEntry>
    /// Who waits for every task to end (``TaskRegistry/waitForAllToEnd(timeout:)``), by key.
    @exclusivity(unchecked) var endWaiters: [Int: @MainActor () -> Void] = [:]

    init(historyLimit: Int) {
        history = BoundedRing(limit: historyLimit)
    }

    /// The next task id: 1, 2, 3 … in start order.
    func makeID() -> TaskID {
        lastID += 1
        return TaskID(lastID)
    }

    var hasLive: Bool { !live.isEmpty }

    /// The live entry with this id.
    func live(_ id: TaskID) -> TaskEntry? { live[id] }

    /// Every live entry, by id.
    var liveEntries: [TaskEntry] { live.values.sorted { $0.id < $1.id } }

    /// The kept ended entries, oldest end first.
    var endedEntries: [TaskEntry] { history.inOrder }

    /// The ended entry with this id, while the history keeps it.
    func ended(_ id: TaskID) -> TaskEntry? { history.first { $0.id == id } }

    func insertLive(_ entry: TaskEntry) {
        let previous = live.updateValue(entry, forKey: entry.id)
        precondition(previous == nil, "task \(entry.id) registered twice")
    }

    /// Takes the entry out of the live ones; `nil` if it was not live.
    func removeLive(_ id: TaskID) -> TaskEntry? {
        live.removeValue(forKey: id)
    }

    /// Keeps an ended entry; returns the one that fell out of the history (`entry` itself with a
    /// history limit of 0).
    func keepEnded(_ entry: TaskEntry) -> TaskEntry? {
        history.append(entry)
    }
}

/// One registered task as the registry keeps it: what its ``TaskRecord`` is made of (its life
/// is a ``TaskStateMachine``), plus what the registry needs to act on it while it is live.
@MainActor
final class TaskEntry {
    let id: TaskID
    let identity: TaskIdentity
    let startedAt: Duration
    @exclusivity(unchecked) var life: TaskStateMachine
    /// The real task, to cancel it; dropped at the end, so an ended entry in the history holds
    /// nothing of the task's world.
    @exclusivity(unchecked) var handle: TaskHandle?
    /// The owner's state object (the view's @State), watched weakly for retains-owner.
    @exclusivity(unchecked) weak var ownerState: AnyObject?
    /// The owner node's index while the entry may be listed in it (see ``OwnerIndex``).
    @exclusivity(unchecked) var ownerIndex: OwnerIndex?

    init(id: TaskID, identity: TaskIdentity, startedAt: Duration, ownerGone: Bool) {
        self.id = id
        self.identity = identity
        self.startedAt = startedAt
        self.life = identity.detached ? .detachedOnPurpose : TaskStateMachine(ownerGone: ownerGone)
    }

    /// The panel's row.
    var record: TaskRecord {
        TaskRecord(
            id: id, name: identity.name, kind: identity.kind, label: identity.label, owner: identity.owner,
            ownerName: identity.ownerName,
            state: life.taskState, startedAt: startedAt, endedAt: life.endedAt,
            isOrphan: life.isOrphan, retainsOwner: life.retainsOwner, isDetached: identity.detached)
    }
}

/// A registered task's real `Task`.
enum TaskHandle {
    /// M3/M4/M7: nobody outside the registry holds it, so every cancel goes through the registry.
    case managed(Task<Void, Never>)
    /// ``TaskRegistry/unstructuredTask(name:label:owner:priority:detached:_:)``: the caller holds it
    /// too and may cancel it from any thread.
    case unstructured(Task<Void, any Error>)

    func cancel() {
        switch self {
        case .managed(let task): task.cancel()
        case .unstructured(let task): task.cancel()
        }
    }

    /// A cancel the registry may not have heard of yet: only the caller of an unstructured task
    /// can cancel it behind the registry's back.
    var isCancelledFromOutside: Bool {
        if case .unstructured(let task) = self { task.isCancelled } else { false }
    }
}

/// A node's live task ids, shared by the node and its registry entries so that neither a node's
/// disappear nor a task's end searches every live task.
@MainActor
final class OwnerIndex {
    /// Unstructured tasks of the node that nobody asked to stop: the ones its disappear may
    /// flag orphan. (Its M3/M4/M7 tasks are cancelled at disappear, so they are never here.)
    @exclusivity(unchecked) var running: [TaskID] = []
    /// Live tasks whose owner-state release was announced: the only ones retains-owner looks
    /// at again when a task of the node ends.
    @exclusivity(unchecked) var watched: [TaskID] = []

    func removeRunning(_ id: TaskID) {
        if let position = running.firstIndex(of: id) { running.remove(at: position) }
    }

    func removeWatched(_ id: TaskID) {
        if let position = watched.firstIndex(of: id) { watched.remove(at: position) }
    }
}
