public import LifecycleTasks

/// Seed 002's `TaskBag`: keeps the tasks it starts and cancels them in `deinit`.
///
/// Kept in a view's state, it is meant to cancel the view's work when the view goes away and its
/// state is dropped. That works only while no task closure captures the state that holds the bag
/// (T5). A closure that calls a method of the view state keeps the state, and so the bag, alive
/// until the task ends on its own, and nothing is cancelled (T6). The bag has no flag for either:
/// the difference is only what the closure captures.
///
/// ```swift
/// final class ViewState {
///     let taskBag: TaskBag
///     func countDown() async { … }
/// }
/// state.taskBag.add(name: "timer") { try await context.sleep(for: d) }   // T5: captures nothing of the view
/// state.taskBag.add(name: "timer") { await state.countDown() }         // T6: the task now owns the state
/// ```
@MainActor
public final class TaskBag {
    private let registry: TaskRegistry
    private weak var owner: LifecycleNode?
    private let strategy: String
    private let census: LiveCounter?
    // Read in the nonisolated deinit: Task handles are Sendable and cancel() is thread-safe.
    private var tasks: [Task<Void, any Error>] = []

    /// Makes an empty bag whose tasks are registered with `owner` as their owner node.
    /// - Parameters:
    ///   - registry: where the tasks are recorded for the panel.
    ///   - owner: the node of the view whose state keeps the bag.
    ///   - strategy: the strategy label the registry shows, e.g. "T5".
    ///   - census: counts live bags, so a screen can show how many are still alive.
    public init(registry: TaskRegistry, owner: LifecycleNode?, strategy: String = "TaskBag", census: LiveCounter? = nil)
    {
        self.registry = registry
        self.owner = owner
        self.strategy = strategy
        self.census = census
        census?.increment()
    }

    deinit {
        // lab-code: T5 T6 part 3
        for task in tasks { task.cancel() }  // lab-code-key: T5
        // lab-code-end
        census?.decrement()
    }

    /// Starts `operation` as an unstructured task that the bag cancels when it deinits.
    /// - Parameters:
    ///   - name: the name the registry shows.
    ///   - priority: the task's priority.
    ///   - operation: the work; whatever it captures lives as long as the task.
    public func add(
        name: TaskName = "TaskBag task", priority: TaskPriority? = nil,
        operation: @escaping @MainActor @Sendable () async -> Void
    ) {
        // lab-code: T5 T6 part 2
        let task = registry.unstructuredTask(name: name, label: TaskLabel(strategy), owner: owner, priority: priority) {
            await operation()
        }
        tasks.append(task)
        // lab-code-end
    }

    /// How many tasks the bag has started.
    public var count: Int { tasks.count }

    /// Cancels every task the bag started, as its `deinit` would (the screens' `reset()` uses it
    /// for bags a captured closure keeps alive).
    public func cancelAll() {
        for task in tasks { task.cancel() }
    }
}
