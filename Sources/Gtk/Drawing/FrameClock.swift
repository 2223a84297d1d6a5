internal import CGtk

extension Widget {
    /// Calls `body` once, right after the first frame that includes this widget was painted
    /// (the frame clock's `after-paint`), e.g. to measure start-up to first frame. On a widget
    /// already on screen, that is the next frame painted from now.
    ///
    /// Wraps `gtk_widget_get_frame_clock` and `GdkFrameClock::after-paint`; the frame clock
    /// exists from `realize` on, so the handler is connected then. Both handlers are released
    /// after the first call.
    public func onFirstFramePainted(_ body: @escaping @MainActor () -> Void) {
        let state = FirstFrameState(body)
        if isRealized {
            state.connect(to: self)
        } else {
            state.realize = onRealize { [weak self, state] in
                guard let self else { return }
                state.connect(to: self)
            }
        }
    }
}

/// The handlers of one ``Widget/onFirstFramePainted(_:)`` request.
@MainActor
private final class FirstFrameState {
    var body: (@MainActor () -> Void)?
    var realize: SignalConnection?
    var paint: SignalConnection?

    init(_ body: @escaping @MainActor () -> Void) { self.body = body }

    func connect(to widget: Widget) {
        realize.take()?.disconnect()
        guard paint == nil, let clock = gtk_widget_get_frame_clock(widget.widget) else { return }
        paint = connectSignal(
            UnsafeMutableRawPointer(clock), "after-paint",
            ClosureBox<VoidBody>({ [self] in self.fire() }), cFunction(voidTrampoline))
    }

    private func fire() {
        guard let body else { return }
        self.body = nil
        body()
        // Disconnect from the loop, not from inside the signal emission.
        MainLoop.idle { [self] in self.paint.take()?.disconnect() }
    }
}

/// When each phase of one frame of a window's frame clock ended, in `CLOCK_MONOTONIC`
/// nanoseconds: what a frame cost and where (see ``FrameClockMonitor``).
public struct FramePhases: Sendable, Equatable {
    /// The frame clock's frame counter. Wraps `gdk_frame_clock_get_frame_counter`.
    public var counter: Int64
    /// The frame began (`before-paint`).
    public var start: UInt64
    /// Animations and tick callbacks ran (`update`: a revealer's slide steps here).
    public var updated: UInt64
    /// Sizes were measured and allocated (`layout`).
    public var laidOut: UInt64
    /// The window was snapshotted, rendered and its buffer swapped (`paint`: GSK's work).
    public var painted: UInt64
    /// The frame ended (`after-paint`).
    public var end: UInt64
    /// CPU time the whole process (every thread: a GL driver's rasterizer threads too) used
    /// from `start` to `end`, in nanoseconds (`CLOCK_PROCESS_CPUTIME_ID`): less swayed by other
    /// work on the machine than the wall time.
    public var cpu: UInt64 = 0

    /// Milliseconds from `start` to `end`.
    public var totalMilliseconds: Double { Double(end &- start) / 1e6 }
    /// Milliseconds of CPU the process used during the frame (see ``cpu``).
    public var cpuMilliseconds: Double { Double(cpu) / 1e6 }
    /// Milliseconds of the paint phase (snapshot + render + swap).
    public var paintMilliseconds: Double { Double(painted &- laidOut) / 1e6 }
}

/// Watches a widget's frame clock and reports every frame's phases, for diagnostics and
/// benchmarks (how long a frame held the main loop, and in which phase).
///
/// The handlers are connected after GTK's own (GTK connects when the surface is created), so
/// each time stamp is when GTK's work for that phase had returned. Wraps the
/// `GdkFrameClock` signals `before-paint`, `update`, `layout`, `paint`, `after-paint`.
@MainActor
public final class FrameClockMonitor {
    private var connections: [SignalConnectionBox] = []
    private var current = FramePhases(counter: 0, start: 0, updated: 0, laidOut: 0, painted: 0, end: 0)
    private var cpuAtStart: UInt64 = 0
    private let body: @MainActor (FramePhases) -> Void

    /// Starts reporting each frame of `widget`'s frame clock to `body`, from when the widget is
    /// realized (its frame clock exists from then on).
    public init(widget: Widget, _ body: @escaping @MainActor (FramePhases) -> Void) {
        self.body = body
        if widget.isRealized {
            connect(to: widget)
        } else {
            let realize = SignalConnectionBox()
            realize.connection = widget.onRealize { [weak self, weak widget, weak realize] in
                realize?.connection.take()?.disconnect()
                guard let self, let widget else { return }
                self.connect(to: widget)
            }
            connections.append(realize)
        }
    }

    /// Disconnects from the frame clock; no frame is reported after this.
    public func stop() {
        for box in connections { box.connection.take()?.disconnect() }
        connections.removeAll()
    }

    private func connect(to widget: Widget) {
        guard let clock = gtk_widget_get_frame_clock(widget.widget) else { return }
        let instance = UnsafeMutableRawPointer(clock)
        func on(_ signal: String, _ record: @escaping @MainActor (FrameClockMonitor, UInt64) -> Void) {
            let box = SignalConnectionBox()
            box.connection = connectSignal(
                instance, signal,
                ClosureBox<VoidBody>({ [weak self] in
                    guard let self else { return }
                    record(self, monotonicNow())
                }), cFunction(voidTrampoline))
            connections.append(box)
        }
        on("before-paint") { monitor, now in
            monitor.cpuAtStart = processCPUNow()
            monitor.current = FramePhases(
                counter: Int64(gdk_frame_clock_get_frame_counter(clock)), start: now, updated: now, laidOut: now,
                painted: now, end: now)
        }
        on("update") { monitor, now in monitor.current.updated = now }
        on("layout") { monitor, now in monitor.current.laidOut = now }
        on("paint") { monitor, now in monitor.current.painted = now }
        on("after-paint") { monitor, now in
            guard monitor.current.start != 0 else { return }
            monitor.current.end = now
            monitor.current.cpu = processCPUNow() &- monitor.cpuAtStart
            // A phase that did not run this frame takes the time of the one before it.
            monitor.current.updated = max(monitor.current.updated, monitor.current.start)
            monitor.current.laidOut = max(monitor.current.laidOut, monitor.current.updated)
            monitor.current.painted = max(monitor.current.painted, monitor.current.laidOut)
            monitor.body(monitor.current)
            monitor.current.start = 0
        }
    }
}

/// Holds one optional ``SignalConnection`` in a class, so it can sit in an array and be taken.
@MainActor
private final class SignalConnectionBox {
    var connection: SignalConnection?
}

/// CPU time of the whole process in nanoseconds (`CLOCK_PROCESS_CPUTIME_ID`).
func processCPUNow() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// `CLOCK_MONOTONIC` in nanoseconds.
func monotonicNow() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}
