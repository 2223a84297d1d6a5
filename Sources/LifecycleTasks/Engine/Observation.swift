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

/// An ordered list of main-actor callbacks; the building block of every `observe`/`onChange`.
@MainActor
final class ObserverList<Value> {
    private var handlers: [(key: Int, handler: @MainActor (Value) -> Void)] = []
    private var nextKey = 0

    var isEmpty: Bool { handlers.isEmpty }

    func add(_ handler: @escaping @MainActor (Value) -> Void) -> ObservationToken {
        let key = nextKey
        nextKey += 1
        handlers.append((key, handler))
        return ObservationToken { [weak self] in
            self?.handlers.removeAll { $0.key == key }
        }
    }

    /// Calls every handler registered before this call; handlers added or removed by a handler
    /// take effect from the next notification.
    func notify(_ value: Value) {
        if handlers.isEmpty { return }
        for entry in handlers { entry.handler(value) }
    }
}
