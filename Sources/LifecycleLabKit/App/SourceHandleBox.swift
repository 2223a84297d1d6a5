import Gtk

/// Holds a non-copyable ``SourceHandle`` so it can live in an array.
@MainActor
final class SourceHandleBox {
    private var handle: SourceHandle?
    init(_ handle: consuming SourceHandle) { self.handle = consume handle }
    func cancel() {
        if let handle = handle.take() { handle.cancel() }
    }
}
