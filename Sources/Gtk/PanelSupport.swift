internal import CGtk

// The two wrapper additions the live task panel needs (Sources/LifecycleLabKit/Panel).

extension ScrolledWindow {
    /// Keeps the view at the end of its content while it is there, like a terminal: when the
    /// content grows the view follows, until the user scrolls away (and again once they scroll
    /// back to the end). Connects `GtkAdjustment::changed` and `::value-changed` of
    /// `gtk_scrolled_window_get_vadjustment`; call it after setting ``child``.
    public func followEnd() {
        guard let adjustment = gtk_scrolled_window_get_vadjustment(opaque) else { return }
        let state = FollowEndState()
        nonisolated(unsafe) let pointer = adjustment
        func atEnd() -> Bool {
            gtk_adjustment_get_value(pointer) + gtk_adjustment_get_page_size(pointer)
                >= gtk_adjustment_get_upper(pointer) - 4
        }
        // Both closures belong to the adjustment (released when it is disposed), so the
        // pointer they capture is valid whenever they run.
        _ = connectSignal(UnsafeMutableRawPointer(adjustment), "changed", ClosureBox<VoidBody> {
            guard state.following, !atEnd() else { return }
            state.moving = true
            gtk_adjustment_set_value(pointer, gtk_adjustment_get_upper(pointer) - gtk_adjustment_get_page_size(pointer))
            state.moving = false
        }, cFunction(voidTrampoline))
        _ = connectSignal(UnsafeMutableRawPointer(adjustment), "value-changed", ClosureBox<VoidBody> {
            if !state.moving { state.following = atEnd() }
        }, cFunction(voidTrampoline))
    }
}

@MainActor
private final class FollowEndState {
    var following = true
    var moving = false
}
