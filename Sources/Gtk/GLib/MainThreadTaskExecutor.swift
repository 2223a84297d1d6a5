internal import Dispatch

extension MainLoop {
    /// A `TaskExecutor` that runs jobs on the main thread, inside GTK's loop (through the
    /// main-queue bridge), for `Task(executorPreference:)` and `withTaskExecutorPreference`.
    /// Each job is a `dispatch_async` onto the main queue, which the bridge drains with
    /// `_dispatch_main_queue_callback_4CF`.
    ///
    /// What it is for: on Linux a task's nonisolated work — the inside of `clock.sleep`, and the
    /// resumption of any continuation, a cancelled sleep's included — runs on the global pool
    /// before the task hops back to the main actor. Right after a UI event the main thread and
    /// the X server often hold both cores of a small machine, so the pool thread that must run
    /// that resumption waits for a core: measured in an app, a task cancelled when its widget
    /// was unmapped reached its `catch` 0.5–6 ms later in 2–3 % of hides. A task that prefers
    /// this executor never leaves the main thread: the cancel and the `catch` are two main-queue
    /// jobs in a row.
    ///
    /// Only for tasks whose nonisolated parts are short (sleeps, awaits): anything CPU-bound in
    /// them would now block the window. Actor-isolated code (the main actor, other actors with
    /// their own executors) is not affected.
    nonisolated public static let taskExecutor: any TaskExecutor = MainThreadTaskExecutor()
}

/// ``MainLoop/taskExecutor``: every job goes onto libdispatch's main queue, which the GLib
/// bridge drains on the main thread.
final class MainThreadTaskExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        DispatchQueue.main.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
