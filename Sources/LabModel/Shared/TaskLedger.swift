internal import LifecycleTasks

/// The tasks a screen started without anyone keeping them (T1, B1, P1, T7's dropped countdown,
/// T8's save), so that switching
/// strategy or closing the app can still cancel them. Keeping the handles here does not change
/// what the strategy does: nothing cancels them until ``cancelAll()``.
@MainActor
final class TaskLedger {
    private var tasks: [Int: Task<Void, any Error>] = [:]
    private var nextKey = 0

    /// Starts `operation` through the registry and keeps its handle until it ends. `detached`:
    /// the task is meant to outlive its owner (see ``TaskRegistry/unstructuredTask(name:label:owner:priority:detached:_:)``).
    @discardableResult
    func start(
        registry: TaskRegistry, name: TaskName, label: TaskLabel, owner: LifecycleNode?, priority: TaskPriority? = nil,
        detached: Bool = false, _ operation: @escaping @MainActor @Sendable () async throws -> Void
    ) -> Task<Void, any Error> {
        let key = nextKey
        nextKey += 1
        let task = registry.unstructuredTask(
            name: name, label: label, owner: owner, priority: priority, detached: detached
        ) { [weak self] in
            defer { self?.tasks[key] = nil }
            try await operation()
        }
        tasks[key] = task
        return task
    }

    /// Requests cancellation of every task started here that has not ended.
    func cancelAll() {
        for task in tasks.values { task.cancel() }
    }

    /// How many tasks started here have not ended.
    var liveCount: Int { tasks.count }
}
