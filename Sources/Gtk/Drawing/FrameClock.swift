internal import CGtk

extension Widget {
    /// Calls `body` once, right after the first frame that includes this widget was painted
    /// (the frame clock's `after-paint`), e.g. to measure start-up to first frame.
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
