internal import CGtk

extension MainLoop {
    /// Calls `body` from the main loop (not from the signal handler) each time the process gets
    /// `signal` (SIGINT, SIGTERM, SIGHUP, SIGUSR1 or SIGUSR2), until it returns `false`.
    /// Wraps `g_unix_signal_add_full`; the closure is released by the source's destroy notify.
    public static func onUnixSignal(_ signal: Int32, _ body: @escaping @MainActor () -> Bool) -> SourceHandle {
        GtkRuntime.requireMainThread()
        let box = ClosureBox<BoolBody>(body)
        let id = g_unix_signal_add_full(G_PRIORITY_HIGH, signal, sourceTrampoline, box.retainForGLib(), destroyNotify)
        return SourceHandle(id: id, box: box)
    }
}
