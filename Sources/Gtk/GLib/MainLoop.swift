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
/// once (or within ``lingerMicroseconds``: a short spin, then blocked) the callback drains
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
    private static var bridgeSource: guint = 0

    /// Adds the dispatch main-queue source to GLib's default main context. Idempotent;
    /// ``GtkRuntime/initialize()`` and ``Application`` call it.
    public static func installDispatchBridge() {
        GtkRuntime.requireMainThread()
        guard bridgeSource == 0 else { return }
        let fd = _dispatch_get_main_queue_handle_4CF()
        precondition(fd >= 0, "Gtk: libdispatch returned no main-queue handle")
        bridgeSource = g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, G_IO_IN, { fd, _, _ in
            MainLoop.drainMainQueue(fd: fd)
            return 1  // G_SOURCE_CONTINUE
        }, nil, nil)
        g_source_set_name_by_id(bridgeSource, "swift-main-actor-bridge")
    }

    /// How long one dispatch of the bridge source may keep draining main-queue work that
    /// enqueues more main-queue work (a chain of `Task.yield()`s, a task resuming another),
    /// before it lets GTK handle input and paint again.
    nonisolated static let drainBudgetNanoseconds: UInt64 = 1_000_000

    /// The bridge source's callback. Reads the eventfd first (libdispatch only writes it; jobs
    /// enqueued while we drain write it again), drains the main queue, and while more work
    /// arrives — enqueued by the drain itself, or by another thread within
    /// ``lingerMicroseconds`` — and the budget lasts, drains again right here: a main-actor
    /// hop then costs a `read` and a drain instead of a whole GLib loop iteration (poll,
    /// prepare and check of every source, GDK's X11 source reading the X socket twice).
    /// After a drain, how long the bridge waits — spinning for the first
    /// ``spinMicroseconds``, then blocked in `select` on the eventfd — for the next main-actor
    /// job before it returns to GLib. A main actor that
    /// ping-pongs with other threads (a `Task.yield()`, an `await` on another actor in a loop,
    /// an `AsyncStream` fed from a worker) then skips one whole GLib iteration per hop
    /// (measured: about 3 µs of 12 on the benchmark host). It only ever delays GTK's own
    /// events by this much right after main-actor work, within the 1 ms drain budget; only
    /// the spin part costs CPU. Set it to 0 to return to GLib at once. Main thread only.
    // nonisolated(unsafe): read by the bridge callback, which GLib runs on the main thread, and
    // set by callers on that thread; no other thread touches it, so no lock is needed.
    nonisolated(unsafe) public static var lingerMicroseconds = 50
    nonisolated static func drainMainQueue(fd: Int32) {
        isDraining = true
        defer { isDraining = false }
        var counter: UInt64 = 0
        _ = read(fd, &counter, MemoryLayout<UInt64>.size)
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        while true {
            _dispatch_main_queue_callback_4CF(nil)
            // Non-blocking (libdispatch creates the eventfd with EFD_NONBLOCK): 8 bytes when
            // the drain enqueued more work, EAGAIN when it did not.
            var more = read(fd, &counter, MemoryLayout<UInt64>.size) == MemoryLayout<UInt64>.size
            if !more, lingerMicroseconds > 0, lingerWait(fd) {
                // Another thread handed the main actor more work while we waited.
                more = read(fd, &counter, MemoryLayout<UInt64>.size) == MemoryLayout<UInt64>.size
            }
            guard more else { return }
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let elapsed = (now.tv_sec - start.tv_sec) * 1_000_000_000 + (now.tv_nsec - start.tv_nsec)
            if elapsed >= Int(drainBudgetNanoseconds) {
                // Out of budget: leave the rest for the next loop iteration. We consumed the
                // wake-up, so give it back or the remaining jobs would wait for the next poke.
                var one: UInt64 = 1
                _ = write(fd, &one, MemoryLayout<UInt64>.size)
                return
            }
        }
    }

    /// The first part of ``lingerMicroseconds`` that the bridge spends spinning (a
    /// non-blocking `poll` of the eventfd in a loop) rather than blocked in `select`. Waking a
    /// thread blocked in the kernel costs several microseconds on top of the hand-over itself;
    /// a main actor ping-ponging with a worker thread hands back within a few microseconds, so
    /// a short spin catches it on a running thread. Measured with `lifecycle-bench bridge.hop`
    /// (30,000 `Task.yield()` round trips, 11 rounds): 0 µs of spin 16.6 µs per hop (ratio
    /// 1.16 against `dispatchMain()`), 20 µs 8.95 µs (0.67), 50 µs 7.6 µs (0.86, more CPU).
    /// It spins only right after main-actor work, never while idle (`bridge.idle_cpu` is
    /// unchanged), and at most this long per drain. Main thread only; 0 turns it off.
    // nonisolated(unsafe): as for `lingerMicroseconds`.
    nonisolated(unsafe) public static var spinMicroseconds = 20

    /// Waits up to ``lingerMicroseconds`` for the eventfd to become readable: spinning for
    /// the first ``spinMicroseconds``, then blocked in `select`.
    nonisolated static func lingerWait(_ fd: Int32) -> Bool {
        let spin = min(spinMicroseconds, lingerMicroseconds)
        if spin > 0, cg_spin_readable(fd, spin) != 0 { return true }
        let rest = lingerMicroseconds - spin
        return rest > 0 && cg_wait_readable(fd, rest) != 0
    }

    /// Set while the bridge runs main-queue jobs (main thread only), to catch a nested loop
    /// started from main-actor async code, which could never run the jobs it waits for.
    // nonisolated(unsafe): written and read only on the main thread (the bridge callback and
    // the nested-loop entry points it guards), never concurrently.
    nonisolated(unsafe) static var isDraining = false

    static func requireNotDraining(_ function: StaticString) {
        precondition(!isDraining, "Gtk.MainLoop.\(function) was called from main-actor async code (a Task); "
            + "libdispatch cannot drain the main queue re-entrantly, so the nested loop would hang. "
            + "Call it from synchronous code (main.swift, a signal handler) or `await` instead")
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

extension MainLoop {
    /// Benchmark reference: drains the main queue on this (main) thread forever with a bare
    /// `poll` loop on libdispatch's eventfd — the bridge without GLib and GTK around it. It
    /// separates what the GTK loop adds from what running the main actor on the real main
    /// thread costs (which `dispatchMain()`, whose workers drain the main queue, never pays).
    /// End the process from a main-actor task (`exit`).
    public static func runBareDispatchLoop() -> Never {
        GtkRuntime.requireMainThread()
        precondition(!isBridgeInstalled, "Gtk.MainLoop.runBareDispatchLoop: the GLib bridge is installed; use one or the other")
        let fd = _dispatch_get_main_queue_handle_4CF()
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            _ = poll(&entry, 1, -1)
            drainMainQueue(fd: fd)
        }
    }

    /// Benchmark support: the floor for one loop hop. A plain C `g_idle_add` callback (no
    /// Swift closure, no dispatch) re-adds itself `iterations` times while the loop runs.
    /// - Returns: nanoseconds per round trip.
    public static func measureCIdleRoundTrip(iterations: Int) -> Double {
        let remaining = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        defer { remaining.deallocate() }
        remaining.initialize(to: iterations)
        let clock = ContinuousClock()
        let start = clock.now
        g_idle_add({ data in
            let remaining = data!.assumingMemoryBound(to: Int.self)
            remaining.pointee -= 1
            return remaining.pointee > 0 ? 1 : 0
        }, remaining)
        while remaining.pointee > 0 { iterate() }
        let elapsed = clock.now - start
        let (seconds, attoseconds) = elapsed.components
        return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(iterations)
    }
}
