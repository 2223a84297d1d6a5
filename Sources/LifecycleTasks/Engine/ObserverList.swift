// Storage of callbacks, walled off from the observers' rules.
//
// The one speed trick here is the registry's (see `RegistryStorage.swift`): every event and
// every registry change asks whether anyone listens, so the handler list skips the runtime's
// dynamic exclusivity checks. It is main-actor isolated and a handler that adds or removes a
// handler runs on a copy (see `notify`), so no access overlaps another.

/// An ordered list of main-actor callbacks; the building block of every `observe`/`onChange`.
@MainActor
final class ObserverList<Value> {
    @exclusivity(unchecked) private var handlers: [(key: Int, handler: @MainActor (Value) -> Void)] = []
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
