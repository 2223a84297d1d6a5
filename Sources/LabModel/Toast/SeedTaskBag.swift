internal import LifecycleTasks

/// Seed 002's `TaskBag` as the seed writes it: it keeps **one** task. `add` replaces the kept
/// handle and never cancels the one it replaces; `deinit` cancels only the last task added.
///
/// The seed's author used it with one `add` per view, where it works as ``TaskBag`` does (T5).
/// A second `add` to the same bag silently drops the first handle: nobody can cancel that task
/// any more, and it runs on after the view went (T7). This project's ``TaskBag`` keeps every
/// task, which quietly fixes that.
///
/// ```swift
/// bag.add(name: "countdown") { await screen.countDown() }   // kept…
/// bag.add(name: "timer") { await screen.dismissAfterDelay() }  // …and dropped here, not cancelled
/// // the view goes, the bag deinits: the timer is cancelled, the countdown runs on
/// ```
@MainActor
final class SeedTaskBag {
    // Read in the nonisolated deinit: a Task handle is Sendable and cancel() is thread-safe.
    private var task: Task<Void, any Error>?
    private let start: @MainActor (TaskName, @escaping @MainActor @Sendable () async -> Void) -> Task<Void, any Error>

    /// Makes an empty bag; `start` starts and registers a task with the view's node as owner.
    init(
        start: @escaping @MainActor (TaskName, @escaping @MainActor @Sendable () async -> Void) -> Task<Void, any Error>
    ) {
        self.start = start
    }

    // lab-code: T7 part 3
    deinit { task?.cancel() }

    /// The seed's `add`: `task = Task(priority: priority, operation: operation)`.
    func add(name: TaskName, operation: @escaping @MainActor @Sendable () async -> Void) {
        task = start(name, operation)  // lab-code-key
    }
    // lab-code-end
}
