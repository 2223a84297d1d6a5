/// A handle on one observation (an `onChange`, `observe` …); cancel it to stop being called.
///
/// The observation also ends when the token is released, so keep the token for as long as you
/// want the callback (store it next to the object that owns the callback):
///
/// ```swift
/// let token = registry.observe { change in panel.apply(change) }
/// …
/// token.cancel()          // or just drop `token`
/// ```
@MainActor
public final class ObservationToken {
    private var onCancel: (@MainActor () -> Void)?

    init(onCancel: @escaping @MainActor () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops the observation; calling it again does nothing.
    public func cancel() {
        let action = onCancel
        onCancel = nil
        action?()
    }

    /// Whether ``cancel()`` has run (or the token was made already cancelled).
    public var isCancelled: Bool { onCancel == nil }

    isolated deinit {
        onCancel?()
    }
}
