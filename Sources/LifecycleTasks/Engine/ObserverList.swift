// Storage of callbacks. Its one speed trick is the registry's (see `RegistryStorage.swift`):
// every event and registry change asks whether anyone listens, so the handler list skips the
// runtime's dynamic exclusivity checks; it is main-actor isolated and `notify` iterates a copy.

/// An ordered list of main-actor callbacks; the building block of every `observe`/`onChange`.
///
/// ```swift
/// let observers = ObserverList<Int>()
/// let token = observers.add { value in print(value) }
/// observers.notify(1)     // prints 1
/// token.cancel()
/// ```
@MainActor
public final class ObserverList<Value> {
    @exclusivity(unchecked) private var handlers: [(key: Int, handler: @MainActor (Value) -> Void)] = []
    @exclusivity(unchecked) private var nextKey = 0

    /// Makes an empty list.
    public init() {}

    /// Whether nobody observes.
    public var isEmpty: Bool { handlers.isEmpty }

    /// Calls `handler` at every ``notify(_:)`` until the token is cancelled or released.
    public func add(_ handler: @escaping @MainActor (Value) -> Void) -> ObservationToken {
        let key = nextKey
        nextKey += 1
        handlers.append((key, handler))
        return ObservationToken { [weak self] in
            self?.handlers.removeAll { $0.key == key }
        }
    }

    /// Calls every handler registered before this call; handlers added or removed by a handler
    /// take effect from the next notification.
    public func notify(_ value: Value) {
        if handlers.isEmpty { return }
        for entry in handlers { entry.handler(value) }
    }
}
