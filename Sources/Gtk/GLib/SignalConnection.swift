internal import CGtk

/// A connected signal handler: the handler id `g_signal_connect_data` returned. Not copyable:
/// exactly one owner may disconnect it, once.
///
/// Dropping it without calling ``disconnect()`` leaves the handler connected for the life of
/// the object (like gtk-rs' `SignalHandlerId`); the closure is then released when the object
/// is disposed.
public struct SignalConnection: ~Copyable {
    let instance: UnsafeMutableRawPointer
    let id: UInt
    let box: GLibClosureBox

    /// Whether GLib still holds the handler (false once its `GClosureNotify` ran: after
    /// disconnect or the object's disposal).
    @MainActor public var isConnected: Bool { !box.isReleasedByGLib }

    /// Disconnects the handler and releases its closure. Wraps `g_signal_handler_disconnect`.
    ///
    /// A no-op when the object was already disposed (its handlers are gone with it).
    @MainActor public consuming func disconnect() {
        // The box is released only when GLib destroys the handler (disconnect or dispose),
        // so while it is not, `instance` is still a live object.
        if !box.isReleasedByGLib {
            g_signal_handler_disconnect(instance, gulong(id))
        }
    }
}

/// Connects `box`, called through the C function `trampoline`, to `signal` of `instance`, handing
/// GLib one retain of the box that the closure's destroy notify gives back. Wraps
/// `g_signal_connect_data`.
@MainActor
func connectSignal(
    _ instance: UnsafeMutableRawPointer, _ signal: String, _ box: GLibClosureBox,
    _ trampoline: UnsafeMutableRawPointer
) -> SignalConnection {
    let data = box.retainForGLib()
    let id = cg_signal_connect(instance, signal, trampoline, data, closureNotify)
    precondition(id != 0, "Gtk: no signal \"\(signal)\" on \(String(cString: cg_type_name_of(instance)))")
    return SignalConnection(instance: instance, id: UInt(id), box: box)
}

/// Connects `notify::name`, whose C signature is `(instance, GParamSpec *, user_data)`.
@MainActor
func connectNotify(_ instance: UnsafeMutableRawPointer, _ name: String, _ body: @escaping VoidBody) -> SignalConnection
{
    connectSignal(instance, "notify::\(name)", ClosureBox<VoidBody>(body), cFunction(notifyTrampoline))
}
