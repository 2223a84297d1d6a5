/// The rules of `lifecycle-lab check`: the seeds' task mistakes as they look in a person's
/// SwiftUI code. Each rule's words, examples and search live in `LifecycleCheck`, one file a
/// rule; the report carries what a reader of it needs.
public enum RuleID: String, CaseIterable, Sendable, Codable, CustomStringConvertible {
    /// An unstructured `Task { … }` started in view code, whose handle nobody keeps, that never
    /// ends, hides a later showing with a stale timer, or pops the navigation stack late (T1, B1).
    case taskNeverCancelled = "task-never-cancelled"
    /// Runs of an unstructured task that can overlap, the later one's result at risk of being
    /// overwritten by the earlier one, or a push made once per run; a note (B1 → B3, I1).
    case overlappingTaskRuns = "overlapping-task-runs"
    /// `onAppear { Task { … } }` (or `Task` inside `.task`) doing one-shot work: a note, since
    /// `.task` would tie it to the view and `// lifecycle: must-finish` would say it is meant (T1, T8).
    case taskOutlivesView = "task-outlives-view"
    /// The handle is kept in the view's state but not cancelled when the view goes (T4 half done).
    case taskKeptNotCancelled = "task-kept-not-cancelled"
    /// `try?` on a cancellable `await`, with code after it that acts once cancelled (T3, a trap:
    /// a note).
    case tryOptionalSwallowsCancel = "try-optional-swallows-cancel"
    /// `try?` on a cancellable wait in an endless loop: once cancelled, the loop spins without
    /// waiting.
    case cancelledLoopSpins = "cancelled-loop-spins"
    /// A cancel-in-`deinit` holder handed a closure that captures the view (T6).
    case bagCapturesView = "bag-captures-view"
    /// A one-slot task holder that replaces its handle without cancelling the task it held (T7).
    case bagDropsHandle = "bag-drops-handle"
    /// A throwing `Task { try … }` with no `do`/`catch` whose error nobody reads (B1).
    case taskErrorDropped = "task-error-dropped"
    /// An unstructured `Task { }` started inside `.task { }`: not cancelled with the view (T1 vs T2).
    case taskInsideTaskModifier = "task-inside-task-modifier"
    /// An unstructured `Task { }` in `.refreshable { }`: the refresh ends at once.
    case taskInRefreshable = "task-in-refreshable"
    /// `DispatchQueue.main.asyncAfter` in view code, which nobody can cancel, later writing state
    /// that shows or hides a view (T1 with GCD's timer).
    case delayedWriteNeverCancelled = "delayed-write-never-cancelled"
    /// A repeating `Timer` or timer publisher started with the view, never stopped when it goes
    /// (P6, seed 003's P1 with Foundation's timer).
    case timerNeverInvalidated = "timer-never-invalidated"
    /// Polling started in `onAppear` and stopped in `onDisappear`, no scene phase (P1); a note.
    case noScenePhase = "no-scene-phase"
    /// A file the checker could not judge whole: too large, or nested too deep to walk.
    case fileNotJudged = "file-not-judged"

    public var description: String { rawValue }
}
