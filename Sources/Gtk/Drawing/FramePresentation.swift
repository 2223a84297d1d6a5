internal import CGtk

/// Tells whether the compositor still takes a window's frames.
///
/// On Wayland GDK asks for the compositor's frame callback with every frame it commits and
/// freezes the window's frame clock until the callback comes. A compositor may withhold it from
/// a window it does not show: KDE's KWin does for a minimized window (and one on another
/// desktop) until the window is shown again, and sends nothing else that says so to GTK < 4.12.
/// The watch asks the frame clock for one more cycle after each frame that painted; if that
/// cycle has not begun `patience` later, the window's frames are withheld
/// (``framesWithheld``), and the next cycle that begins says they are taken again.
///
/// A window that paints nothing keeps the last answer: GTK commits a frame only when a pixel
/// changed (it renders the difference of the widgets' render nodes), so nothing can make an
/// unchanged window ask the compositor. A window with client-side decorations (a header bar)
/// repaints them in their unfocused look when it loses the focus, which a minimize does; one the
/// compositor decorates may look the same and is then seen hidden only at its next change.
///
/// The verdict waits for the loop to be idle at a low priority after `patience`, so a frame
/// callback already read from the socket (and the cycle it starts) comes first.
///
/// Wraps `gtk_widget_get_frame_clock`, `GdkFrameClock::paint`, `::after-paint` and
/// `::before-paint`, and `gdk_frame_clock_request_phase` (`GDK_FRAME_CLOCK_PHASE_UPDATE`, which
/// runs a cycle without drawing).
@MainActor
public final class FramePresentationWatch {
    /// Whether the last frame the window painted has waited `patience` or more for the
    /// compositor, and still waits.
    public private(set) var framesWithheld = false
    private let patience: Duration
    private let changed: @MainActor () -> Void
    private let windowConnections = SignalConnectionBag()
    private let clockConnections = SignalConnectionBag()
    private var clock: OpaquePointer?
    private var painted = false
    private var awaiting = false
    private var timer: SourceHandle?
    private var verdict: SourceHandle?

    /// Starts watching `window`'s frame clock (from its realize on); `changed` is called when
    /// ``framesWithheld`` changes.
    public init(window: Window, patience: Duration, _ changed: @escaping @MainActor () -> Void) {
        self.patience = patience
        self.changed = changed
        windowConnections.insert(
            window.onRealize { [weak self, weak window] in
                guard let self, let window else { return }
                self.connect(to: window)
            })
        windowConnections.insert(window.onUnrealize { [weak self] in self?.reset() })
        if window.isRealized { connect(to: window) }
    }

    /// Stops watching; ``framesWithheld`` keeps its last value and `changed` is not called again.
    public func stop() {
        reset()
        windowConnections.disconnectAll()
    }

    private func connect(to window: Window) {
        reset()
        guard let clock = gtk_widget_get_frame_clock(window.widget) else { return }
        self.clock = clock
        let instance = UnsafeMutableRawPointer(clock)
        func on(_ signal: String, _ body: @escaping @MainActor (FramePresentationWatch) -> Void) {
            clockConnections.insert(
                connectSignal(
                    instance, signal,
                    ClosureBox<VoidBody>({ [weak self] in
                        guard let self else { return }
                        body(self)
                    }), cFunction(voidTrampoline)))
        }
        // A cycle began: the clock is not frozen, so the compositor answered the frame before.
        on("before-paint") { $0.cycleBegan() }
        on("paint") { $0.painted = true }
        on("after-paint") { $0.framePainted() }
    }

    private func cycleBegan() {
        guard awaiting else { return }
        awaiting = false
        timer.take()?.cancel()
        verdict.take()?.cancel()
        if framesWithheld {
            framesWithheld = false
            changed()
        }
    }

    private func framePainted() {
        guard painted else { return }
        painted = false
        guard !awaiting, let clock else { return }
        awaiting = true
        // GDK froze the clock in its own after-paint handler (connected before this one) if it
        // committed a buffer: the cycle asked for here begins only once the callback came.
        gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_UPDATE)
        timer = MainLoop.timeoutSource(after: patience) { [weak self] in
            guard let self else { return false }
            self.timer = nil
            self.verdict = MainLoop.idleSource(priority: G_PRIORITY_LOW) { [weak self] in
                guard let self else { return false }
                self.verdict = nil
                if self.awaiting, !self.framesWithheld {
                    self.framesWithheld = true
                    self.changed()
                }
                return false
            }
            return false
        }
    }

    /// Forgets the clock (it goes with the surface at unrealize) and any wait.
    private func reset() {
        clockConnections.disconnectAll()
        clock = nil
        painted = false
        awaiting = false
        framesWithheld = false
        timer.take()?.cancel()
        verdict.take()?.cancel()
    }
}
