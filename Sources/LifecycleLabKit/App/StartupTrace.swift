#if canImport(Glibc)
    import Glibc
#endif

/// Start-up diagnostics: with `LIFECYCLE_LAB_STARTUP_TRACE` set, ``mark(_:)`` writes
/// `trace NAME <CLOCK_MONOTONIC ns>` to standard output at once (unbuffered, so the lines
/// also line up with `strace` output), and a launcher that notes its own spawn time (as the
/// `app.startup` benchmark does) can tell where the time to the first frame went.
enum StartupTrace {
    static let isEnabled = EnvironmentVariables.current.startupTrace

    /// Writes the phase `name` with the current monotonic time, when tracing is on.
    static func mark(_ name: StaticString) {
        guard isEnabled else { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        writeUnbuffered("trace \(name) \(Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec))\n", to: 1)
    }
}
