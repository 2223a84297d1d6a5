/// The thin layer over ``ActiveReaderMachine``.
@MainActor
final class ActiveReader {
    var machine = ActiveReaderMachine()
    private let onActive: @MainActor () -> Void
    private let onInactive: @MainActor () -> Void

    init(onActive: @escaping @MainActor () -> Void, onInactive: @escaping @MainActor () -> Void) {
        self.onActive = onActive
        self.onInactive = onInactive
    }

    func perform(_ actions: [ActiveReaderMachine.Action]) {
        for action in actions {
            switch action {
            case .fireActive: onActive()
            case .fireInactive: onInactive()
            }
        }
    }
}
