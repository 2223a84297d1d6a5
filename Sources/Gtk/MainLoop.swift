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
/// CPU in 2 s of idle, against 0.3 ms with the read),
/// then drains the queue. Jobs enqueued while draining write the fd again, so nothing is lost.
///
/// With nothing to do the process sleeps in `poll`: no timer, no spinning. Wake latency is one
/// `poll` return. Alternatives considered: Swift 6.3's experimental custom main executor
/// (`MainExecutor` backed by GLib) is cleaner but experimental and would need a fallback
/// anyway; a periodic timer that calls the drain is simple but both burns CPU and adds up to
/// one period of latency.
///
/// Reentrancy: ``run(timeout:until:)`` (or any nested `g_main_context_iteration`) must not be
/// called from main-actor *async* code, because libdispatch does not drain the main queue
/// re-entrantly and the nested loop would wait for jobs that cannot run.
@MainActor
public enum MainLoop {
    private static var bridgeSource: guint = 0

    /// Adds the dispatch main-queue source to GLib's default main context. Idempotent;
    /// ``GtkRuntime/initialize()`` and ``Application`` call it.
    public static func installDispatchBridge() {
        GtkRuntime.requireMainThread()
        guard bridgeSource == 0 else { return }
        let fd = _dispatch_get_main_queue_handle_4CF()
        precondition(fd >= 0, "Gtk: libdispatch returned no main-queue handle")
        bridgeSource = g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, G_IO_IN, { fd, _, _ in
            // Drain the eventfd first: libdispatch only writes it. Jobs enqueued while we drain
            // the queue below write it again and wake the next poll.
            var counter: UInt64 = 0
            _ = read(fd, &counter, MemoryLayout<UInt64>.size)
            _dispatch_main_queue_callback_4CF(nil)
            return 1  // G_SOURCE_CONTINUE
        }, nil, nil)
        g_source_set_name_by_id(bridgeSource, "swift-main-actor-bridge")
    }

    /// Whether ``installDispatchBridge()`` ran.
    public static var isBridgeInstalled: Bool { bridgeSource != 0 }

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
    /// Re-checks every 5 ms of a GLib timeout; no busy spin.
    /// - Returns: whether the condition held.
    @discardableResult
    public static func waitUntil(timeout: Duration = .seconds(5), _ condition: @escaping @MainActor () -> Bool) async -> Bool {
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
    public static func sleep(for duration: Duration) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let source = timeoutSource(after: duration) {
                continuation.resume()
                return false
            }
            _ = consume source
        }
    }

    /// Calls `body` once from the loop when nothing of higher priority is pending.
    /// Wraps `g_idle_add_full`.
    @discardableResult
    public static func idle(_ body: @escaping @MainActor () -> Void) -> SourceHandle {
        idleSource { body(); return false }
    }

    /// Calls `body` from the loop while idle until it returns `false`. Wraps `g_idle_add_full`.
    public static func idleSource(priority: Int32 = 200, _ body: @escaping @MainActor () -> Bool) -> SourceHandle {
        let box = ClosureBox<BoolBody>(body)
        let id = g_idle_add_full(priority, sourceTrampoline, box.retainForGLib(), destroyNotify)
        return SourceHandle(id: id, box: box)
    }

    /// Calls `body` after `interval`, and again every `interval` while it returns `true`.
    /// Wraps `g_timeout_add_full` (millisecond resolution, rounded up).
    public static func timeoutSource(after interval: Duration, _ body: @escaping @MainActor () -> Bool) -> SourceHandle {
        let box = ClosureBox<BoolBody>(body)
        let (seconds, attoseconds) = interval.components
        let ms = max(0, seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
        let id = g_timeout_add_full(G_PRIORITY_DEFAULT, guint(clamping: ms), sourceTrampoline,
                                    box.retainForGLib(), destroyNotify)
        return SourceHandle(id: id, box: box)
    }
}

/// Why ``MainLoop/run(timeout:until:)`` gave up.
public enum MainLoopError: Error, Equatable, CustomStringConvertible {
    /// The body did not finish in time.
    case timedOut(Duration)

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
