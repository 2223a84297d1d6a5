internal import CGtk
internal import Dispatch
import Glibc

/// The GLib main loop, and the bridge that runs the Swift main actor inside it.
///
/// ## Design: libdispatch's main-queue eventfd, watched by a GLib fd source
///
/// On Linux the main actor's executor is libdispatch's main queue: `Task { @MainActor in … }`,
/// `await MainActor.run`, `Task.sleep` resumptions and continuations resumed from other
/// threads all end up as `dispatch_async` onto the main queue. Normally `dispatchMain()`
/// drains that queue, but it never returns, and GTK needs `g_application_run` on the same
/// thread. libdispatch has the hook CoreFoundation's run loop uses for exactly this:
/// `_dispatch_get_main_queue_handle_4CF()` returns an `eventfd` that libdispatch writes to
/// whenever the main queue gets work, and `_dispatch_main_queue_callback_4CF()` drains the
/// queue. ``installDispatchBridge()`` adds a `g_unix_fd_add` source for that fd to the
/// default main context; its callback first reads the eventfd (libdispatch does not drain it
/// itself: measured, a source that skips the read stays readable and spins a core — 1.95 s of
/// CPU in 2 s of idle, against 0.3 ms with the read), then drains the queue. Jobs enqueued
/// while draining write the fd again, so nothing is lost; when more main-actor work arrives at
/// once (or within `lingerMicroseconds`: a short spin, then blocked) the callback drains
/// again (within a 1 ms budget) instead of going round the whole GLib loop.
///
/// With nothing to do the process sleeps in `poll`: no timer, no spinning. Wake latency is one
/// `poll` return. The source has `G_PRIORITY_DEFAULT`, like GDK's event source, so a burst of
/// main-actor work and user input share the loop fairly (a higher priority would starve input).
///
/// Cost compared with `dispatchMain()`: on Linux `dispatchMain()` parks the main thread and
/// lets worker threads drain the main queue, so "main-actor" jobs there run off the main
/// thread and hand over between workers without waking a particular thread. GTK needs the
/// real main thread, so every hop from another thread to the main actor here wakes the main
/// thread out of `poll`; `lifecycle-bench bridge.` measures what that costs. Alternatives considered: Swift 6.3's experimental custom main executor
/// (`MainExecutor` backed by GLib) is cleaner but experimental and would need a fallback
/// anyway; a periodic timer that calls the drain is simple but both burns CPU and adds up to
/// one period of latency.
///
/// Reentrancy: ``run(timeout:until:)`` (or any nested `g_main_context_iteration`) must not be
/// called from main-actor *async* code, because libdispatch does not drain the main queue
/// re-entrantly and the nested loop would wait for jobs that cannot run.
@MainActor
public enum MainLoop {
    /// Runs one iteration of the default main context. Wraps `g_main_context_iteration`.
    /// - Returns: whether any source was dispatched.
    @discardableResult
    public static func iterate(mayBlock: Bool = true) -> Bool {
        g_main_context_iteration(nil, mayBlock ? 1 : 0) != 0
    }

    /// Runs the GLib loop on the main thread until `body` (a main-actor task) completes,
    /// rethrowing its error. For tests, benchmarks and tools that run without `g_application_run`.
    ///
    /// Call it from synchronous main-thread code (e.g. `main.swift`), never from async code.
    /// - Throws: `body`'s error, or ``MainLoopError/timedOut(_:)`` when `timeout` passes first
    ///   (the task is cancelled and given up to a second to finish).
    public static func run(
        timeout: Duration = .seconds(60),
        until body: @escaping @MainActor () async throws -> Void
    ) throws {
        GtkRuntime.requireMainThread()
        requireNotDraining("run(timeout:until:)")
        installDispatchBridge()
        let state = RunState()
        let task = Task { @MainActor in
            do {
                try await body()
                state.result = .success(())
            } catch {
                state.result = .failure(error)
            }
            g_main_context_wakeup(nil)
        }
        let timer = timeoutSource(after: timeout) {
            state.timedOut = true
            return false
        }
        while state.result == nil && !state.timedOut { iterate() }
        if state.timedOut && state.result == nil {
            task.cancel()
            let grace = timeoutSource(after: .seconds(1)) {
                state.graceOver = true
                return false
            }
            while state.result == nil && !state.graceOver { iterate() }
            grace.cancel()
            throw MainLoopError.timedOut(timeout)
        }
        timer.cancel()
        if case .failure(let error) = state.result { throw error }
    }

    /// Runs the loop until `condition` holds or `timeout` passes. The loop sleeps between
    /// checks (a 5 ms GLib timeout pokes it, so conditions changed by no GLib event are seen).
    /// Synchronous; for async code use ``waitUntil(timeout:_:)``.
    /// - Returns: whether the condition held.
    @discardableResult
    public static func iterate(until condition: () -> Bool, timeout: Duration = .seconds(5)) -> Bool {
        requireNotDraining("iterate(until:timeout:)")
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        let poke = timeoutSource(after: .milliseconds(5)) { true }
        var held = true
        while !condition() {
            if clock.now >= deadline {
                held = false
                break
            }
            iterate()
        }
        poke.cancel()
        return held
    }

    /// Waits (suspending, the GLib loop keeps running) until `condition` holds or `timeout` passes.
    /// Re-checks every 5 ms of a GLib timeout (`g_timeout_add_full`); no busy spin.
    /// - Returns: whether the condition held.
    @discardableResult
    public static func waitUntil(timeout: Duration = .seconds(5), _ condition: @escaping @MainActor () -> Bool) async
        -> Bool
    {
        if condition() { return true }
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let poll = timeoutSource(after: .milliseconds(5)) {
                if condition() {
                    continuation.resume(returning: true)
                    return false
                }
                if clock.now >= deadline {
                    continuation.resume(returning: false)
                    return false
                }
                return true
            }
            _ = consume poll  // runs until it returns false
        }
    }

    /// Sleeps `duration` on a GLib timeout (not the Swift clock): the loop keeps running.
    /// Wraps `g_timeout_add_full`.
    public static func sleep(for duration: Duration) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let source = timeoutSource(after: duration) {
                continuation.resume()
                return false
            }
            _ = consume source
        }
    }
}

/// Why ``MainLoop/run(timeout:until:)`` gave up (its `g_timeout_add_full` deadline passed).
public enum MainLoopError: Error, Equatable, CustomStringConvertible {
    /// The body did not finish in time.
    case timedOut(Duration)

    /// "timed out after …".
    public var description: String {
        switch self {
        case .timedOut(let duration): return "timed out after \(duration)"
        }
    }
}

@MainActor
private final class RunState {
    var result: Result<Void, any Error>?
    var timedOut = false
    var graceOver = false
}
