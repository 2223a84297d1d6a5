internal import CGtk
internal import Dispatch
import Glibc

// Entry points only `lifecycle-bench` uses: `package`, so they are not part of Gtk's API.
extension MainLoop {
    /// Benchmark reference: drains the main queue on this (main) thread forever with a bare
    /// `poll` loop on libdispatch's eventfd — the bridge without GLib and GTK around it. It
    /// separates what the GTK loop adds from what running the main actor on the real main
    /// thread costs (which `dispatchMain()`, whose workers drain the main queue, never pays).
    /// End the process from a main-actor task (`exit`). Wraps `poll` on
    /// `_dispatch_get_main_queue_handle_4CF`.
    package static func runBareDispatchLoop() -> Never {
        GtkRuntime.requireMainThread()
        precondition(
            !isBridgeInstalled, "Gtk.MainLoop.runBareDispatchLoop: the GLib bridge is installed; use one or the other")
        let fd = _dispatch_get_main_queue_handle_4CF()
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            _ = poll(&entry, 1, -1)
            drainMainQueue(fd: fd)
        }
    }

    /// Benchmark support: the floor for one loop hop. A plain C `g_idle_add` callback (no
    /// Swift closure, no dispatch) re-adds itself `iterations` times while the loop runs.
    /// Wraps `g_idle_add`.
    /// - Returns: nanoseconds per round trip.
    package static func measureCIdleRoundTrip(iterations: Int) -> Double {
        let remaining = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        defer { remaining.deallocate() }
        remaining.initialize(to: iterations)
        let clock = ContinuousClock()
        let start = clock.now
        g_idle_add(
            { data in
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
