internal import CGtk
internal import Dispatch
import Glibc

// The bridge that runs the Swift main actor inside GLib's loop; ``MainLoop``'s doc comment
// explains the design.
extension MainLoop {
    private static var bridgeSource: guint = 0

    /// Adds the dispatch main-queue source to GLib's default main context. Idempotent;
    /// ``GtkRuntime/initialize()`` and ``Application`` call it.
    public static func installDispatchBridge() {
        GtkRuntime.requireMainThread()
        guard bridgeSource == 0 else { return }
        let fd = _dispatch_get_main_queue_handle_4CF()
        precondition(fd >= 0, "Gtk: libdispatch returned no main-queue handle")
        bridgeSource = g_unix_fd_add_full(
            G_PRIORITY_DEFAULT, fd, G_IO_IN,
            { fd, _, _ in
                MainLoop.drainMainQueue(fd: fd)
                return 1  // G_SOURCE_CONTINUE
            }, nil, nil)
        g_source_set_name_by_id(bridgeSource, "swift-main-actor-bridge")
    }

    /// How long one dispatch of the bridge source may keep draining main-queue work that
    /// enqueues more main-queue work (a chain of `Task.yield()`s, a task resuming another),
    /// before it lets GTK handle input and paint again.
    nonisolated static let drainBudgetNanoseconds: UInt64 = 1_000_000

    /// After a drain, how long the bridge waits — spinning for the first ``spinMicroseconds``,
    /// then blocked in `select` on the eventfd — for the next main-actor job before it returns
    /// to GLib. A main actor that ping-pongs with other threads (a `Task.yield()`, an `await`
    /// on another actor in a loop, an `AsyncStream` fed from a worker) then skips one whole
    /// GLib iteration per hop (measured: about 3 µs of 12 on the benchmark host). It only ever
    /// delays GTK's own events by this much right after main-actor work, within the 1 ms drain
    /// budget; only the spin part costs CPU. A constant: to tune it, change it here and
    /// compare `lifecycle-bench bridge.` before and after (0 returns to GLib at once).
    nonisolated static let lingerMicroseconds = 50

    /// The first part of ``lingerMicroseconds`` that the bridge spends spinning (a
    /// non-blocking `poll` of the eventfd in a loop) rather than blocked in `select`: a worker
    /// hands the main actor back faster than the kernel wakes a blocked thread, so a short spin
    /// catches the hand-over on a running thread (figures in the Swift-concurrency article of
    /// this module's documentation; `lifecycle-bench bridge.hop` measures it). It spins only
    /// right after main-actor work, never while idle, and at most this long per drain. A
    /// constant, as ``lingerMicroseconds``.
    nonisolated static let spinMicroseconds = 20

    /// The bridge source's callback. Reads the eventfd first (libdispatch only writes it; jobs
    /// enqueued while we drain write it again), drains the main queue, and while more work
    /// arrives — enqueued by the drain itself, or by another thread within
    /// ``lingerMicroseconds`` — and the budget lasts, drains again right here: a main-actor
    /// hop then costs a `read` and a drain instead of a whole GLib loop iteration (poll,
    /// prepare and check of every source, GDK's X11 source reading the X socket twice).
    /// Wraps `_dispatch_main_queue_callback_4CF`.
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
        precondition(
            !isDraining,
            "Gtk.MainLoop.\(function) was called from main-actor async code (a Task); "
                + "libdispatch cannot drain the main queue re-entrantly, so the nested loop would hang. "
                + "Call it from synchronous code (main.swift, a signal handler) or `await` instead")
    }

    /// Whether ``installDispatchBridge()`` ran (its `g_unix_fd_add_full` source exists).
    public static var isBridgeInstalled: Bool { bridgeSource != 0 }
}
