import Gtk

#if canImport(Glibc)
    import Glibc
#endif

/// Frame diagnostics: with `LIFECYCLE_LAB_FRAME_TRACE=PATH` set, every frame of the main
/// window and every main-loop stall is written to the file at PATH, one line each, as it
/// happens (the `app.frame_stall` benchmark reads it):
///
///     renderer NAME          (once, at the first frame: GskGLRenderer, GskCairoRenderer…)
///     frame COUNTER START_NS update=MS layout=MS paint=MS cpu=MS total=MS
///     gap START_NS MS        (the loop did not reach a 4 ms timer for MS past its due time)
///     mark NAME NS           (e.g. scenario-start, scenario-end)
///
/// A phase's milliseconds are from the end of the phase before it (update from the frame's
/// start); `cpu` is the CPU time every thread of the process used during the frame (a software
/// GL driver rasterizes on threads of its own).
@MainActor
final class FrameTrace {
    /// The tracer asked for by the environment, or nil.
    static func fromEnvironment() -> FrameTrace? {
        guard let path = EnvironmentVariables.current.frameTracePath else { return nil }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            writeStandardError("lifecycle-lab: warning: cannot write the frame trace to \(path)\n")
            return nil
        }
        return FrameTrace(fd: fd)
    }

    /// The loop-stall probe's period: a gap is how late this timer ran.
    static let probeInterval: UInt64 = 4_000_000
    private let fd: Int32
    private var monitor: FrameClockMonitor?
    private var probe: SourceHandle?
    private var lastProbe: UInt64 = 0
    private weak var window: Widget?
    private var wroteRenderer = false

    private init(fd: Int32) { self.fd = fd }

    /// Traces `window`'s frames and the main loop's stalls from now on.
    func start(window: Widget) {
        self.window = window
        monitor = FrameClockMonitor(widget: window) { [weak self] frame in self?.write(frame) }
        lastProbe = Self.now()
        probe = MainLoop.timeoutSource(after: .nanoseconds(Self.probeInterval)) { [weak self] in
            guard let self else { return false }
            let now = Self.now()
            let late = now &- self.lastProbe
            if late > 2 * Self.probeInterval {
                let ms = Double(late - Self.probeInterval) / 1e6
                writeUnbuffered("gap \(self.lastProbe) \(Self.format(ms))\n", to: self.fd)
            }
            self.lastProbe = now
            return true
        }
    }

    /// Writes `mark NAME NS`.
    func mark(_ name: StaticString) {
        writeUnbuffered("mark \(name) \(Self.now())\n", to: fd)
    }

    /// Stops tracing and closes the file.
    func stop() {
        monitor?.stop()
        monitor = nil
        probe.take()?.cancel()
        close(fd)
    }

    private func write(_ frame: FramePhases) {
        if !wroteRenderer, let window {
            wroteRenderer = true
            writeUnbuffered("renderer \(window.rendererName ?? "none")\n", to: fd)
        }
        let update = Double(frame.updated - frame.start) / 1e6
        let layout = Double(frame.laidOut - frame.updated) / 1e6
        let paint = frame.paintMilliseconds
        writeUnbuffered(
            "frame \(frame.counter) \(frame.start) update=\(Self.format(update)) layout=\(Self.format(layout)) "
                + "paint=\(Self.format(paint)) cpu=\(Self.format(frame.cpuMilliseconds)) "
                + "total=\(Self.format(frame.totalMilliseconds))\n", to: fd)
    }

    private static func now() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    private static func format(_ ms: Double) -> String {
        let tenths = (ms * 10).rounded() / 10
        return "\(tenths)"
    }
}
