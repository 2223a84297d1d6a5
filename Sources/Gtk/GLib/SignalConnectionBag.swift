/// Holds signal connections of any objects and disconnects them together
/// (`g_signal_handler_disconnect` on each).
///
/// ``SignalConnection`` is not copyable, so it cannot go in an array; a bag can.
@MainActor
public final class SignalConnectionBag {
    private struct Entry {
        let instance: UnsafeMutableRawPointer
        let id: UInt
        let box: GLibClosureBox
    }
    private var entries: [Entry] = []

    /// Creates an empty bag (no GLib call).
    public init() {}

    /// Takes ownership of a connection (still connected; no GLib call).
    public func insert(_ connection: consuming SignalConnection) {
        entries.append(Entry(instance: connection.instance, id: connection.id, box: connection.box))
    }

    /// Number of connections held (connected or not; no GLib call).
    public var count: Int { entries.count }

    /// Disconnects every connection still connected and empties the bag. Wraps
    /// `g_signal_handler_disconnect`.
    public func disconnectAll() {
        let taken = entries
        entries.removeAll()
        for entry in taken {
            SignalConnection(instance: entry.instance, id: entry.id, box: entry.box).disconnect()
        }
    }

    isolated deinit { disconnectAll() }
}
