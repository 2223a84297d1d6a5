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

/// The process's peak resident memory so far in KiB (`VmHWM` in `/proc/self/status`), or nil
/// where that file does not say.
func peakResidentKiB() -> Int? {
    guard let file = fopen("/proc/self/status", "r") else { return nil }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard text.hasPrefix("VmHWM:") else { continue }
        return Int(text.dropFirst("VmHWM:".count).filter(\.isNumber))
    }
    return nil
}
