internal import CGtk
import Synchronization

/// A Swift closure handed to GLib (signal handler, idle or timeout source, draw func, list
/// factory callback).
///
/// GLib receives the box with one retain (`Unmanaged.passRetained`) and gives it back through
/// a real destroy notify (`GClosureNotify` for signals, `GDestroyNotify` for sources and draw
/// funcs), which releases it and drops the closure, so whatever the closure captured is
/// released the moment GLib is done with it: on disconnect, on source removal, or when the
/// object that owns the handler is disposed.
///
/// Boxes are created, called and released on the main thread only (GLib dispatches the
/// default main context there); the `@unchecked Sendable` lets trampolines hand them to
/// `MainActor.assumeIsolated`. The counter itself is atomic.
///
/// ``liveCount`` counts the boxes GLib holds right now; tests and leak checks compare it
/// before and after a scenario.
public class GLibClosureBox: @unchecked Sendable {
    private static let live = Atomic<Int>(0)

    /// How many Swift closures GLib holds right now (retained in, not yet destroy-notified).
    public static var liveCount: Int { live.load(ordering: .relaxed) }

    /// Set once GLib's destroy notify ran: the closure is gone and the handler is disconnected.
    final var isReleasedByGLib = false

    init() {}

    /// Returns a +1 pointer for GLib's `user_data`; balanced by ``releaseFromGLib(_:)``.
    final func retainForGLib() -> UnsafeMutableRawPointer {
        Self.live.add(1, ordering: .relaxed)
        return Unmanaged.passRetained(self).toOpaque()
    }

    /// The destroy notify's body: balances ``retainForGLib()`` and drops the closure.
    static func releaseFromGLib(_ data: UnsafeMutableRawPointer?) {
        guard let data else { return }
        let box = Unmanaged<GLibClosureBox>.fromOpaque(data).takeRetainedValue()
        box.isReleasedByGLib = true
        box.dropBody()
        live.subtract(1, ordering: .relaxed)
    }

    func dropBody() {}
}

/// A box for one closure of type `Body`.
///
/// `@unchecked Sendable` for the same reason as ``GLibClosureBox``: `body` is set at creation,
/// called and dropped on the main thread only (GLib dispatches and destroy-notifies there).
final class ClosureBox<Body>: GLibClosureBox, @unchecked Sendable {
    var body: Body?
    init(_ body: Body) { self.body = body }
    override func dropBody() { body = nil }

    static func from(_ data: UnsafeMutableRawPointer?) -> ClosureBox<Body> {
        Unmanaged<ClosureBox<Body>>.fromOpaque(data!).takeUnretainedValue()
    }
}

/// `GClosureNotify`: releases the box when GLib destroys a signal handler's closure.
let closureNotify: GClosureNotify = { data, _ in GLibClosureBox.releaseFromGLib(data) }
/// `GDestroyNotify`: releases the box when GLib destroys a source or a draw func.
let destroyNotify: GDestroyNotify = { data in GLibClosureBox.releaseFromGLib(data) }

/// A connected signal handler. Not copyable: exactly one owner may disconnect it, once.
///
/// Dropping it without calling ``disconnect()`` leaves the handler connected for the life of
/// the object (like gtk-rs' `SignalHandlerId`); the closure is then released when the object
/// is disposed.
public struct SignalConnection: ~Copyable {
    let instance: UnsafeMutableRawPointer
    let id: UInt
    let box: GLibClosureBox

    /// Whether GLib still holds the handler (false after disconnect or the object's disposal).
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

/// An idle or timeout source added to the default main context. Not copyable.
///
/// Dropping it without ``cancel()`` leaves the source running until its closure says stop.
public struct SourceHandle: ~Copyable {
    let id: UInt32
    let box: GLibClosureBox

    /// Whether the source is still attached (false once it stopped or was cancelled).
    @MainActor public var isActive: Bool { !box.isReleasedByGLib }

    /// Removes the source and releases its closure. Wraps `g_source_remove`; a no-op when the
    /// source already stopped.
    @MainActor public consuming func cancel() {
        if !box.isReleasedByGLib { g_source_remove(guint(id)) }
    }
}

// MARK: - Trampolines (C callbacks recovering the Swift closure from user_data)

typealias VoidBody = @MainActor () -> Void
typealias BoolBody = @MainActor () -> Bool
typealias PointerBody = @MainActor (UnsafeMutableRawPointer?) -> Void
typealias TwoPointerBody = @MainActor (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void

/// (instance, user_data) → void
let voidTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
    let box = ClosureBox<VoidBody>.from(data)
    MainActor.assumeIsolated { box.body?() }
}
/// (instance, user_data) → gboolean
let boolTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, data in
    let box = ClosureBox<BoolBody>.from(data)
    return MainActor.assumeIsolated { (box.body?() ?? false) ? 1 : 0 }
}
/// (instance, arg, user_data) → void
let pointerTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, arg, data in
    let box = ClosureBox<PointerBody>.from(data)
    // Safe: `assumeIsolated` runs the closure synchronously on this (the main) thread, so the
    // raw pointer never crosses a thread; the annotation only satisfies the Sendable check.
    nonisolated(unsafe) let arg = arg
    MainActor.assumeIsolated { box.body?(arg) }
}
/// (instance, arg1, arg2, user_data) → void
let twoPointerTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, a, b, data in
    let box = ClosureBox<TwoPointerBody>.from(data)
    // Safe: used synchronously on this thread inside `assumeIsolated` (see pointerTrampoline).
    nonisolated(unsafe) let a = a, b = b
    MainActor.assumeIsolated { box.body?(a, b) }
}
/// GSourceFunc: user_data → gboolean (G_SOURCE_CONTINUE / G_SOURCE_REMOVE)
let sourceTrampoline: @convention(c) (UnsafeMutableRawPointer?) -> gboolean = { data in
    let box = ClosureBox<BoolBody>.from(data)
    return MainActor.assumeIsolated { (box.body?() ?? false) ? 1 : 0 }
}

@MainActor
func connectSignal(_ instance: UnsafeMutableRawPointer, _ signal: String, _ box: GLibClosureBox,
                   _ trampoline: UnsafeMutableRawPointer) -> SignalConnection {
    let data = box.retainForGLib()
    let id = cg_signal_connect(instance, signal, trampoline, data, closureNotify)
    precondition(id != 0, "Gtk: no signal \"\(signal)\" on \(String(cString: cg_type_name_of(instance)))")
    return SignalConnection(instance: instance, id: UInt(id), box: box)
}

func cFunction<F>(_ f: F) -> UnsafeMutableRawPointer {
    unsafeBitCast(f, to: UnsafeMutableRawPointer.self)
}

/// Connects `notify::name`, whose C signature is `(instance, GParamSpec *, user_data)`.
@MainActor
func connectNotify(_ instance: UnsafeMutableRawPointer, _ name: String, _ body: @escaping VoidBody) -> SignalConnection {
    connectSignal(instance, "notify::\(name)", ClosureBox<VoidBody>(body), cFunction(notifyTrampoline))
}

/// (instance, pspec, user_data) → void
let notifyTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, _, data in
    let box = ClosureBox<VoidBody>.from(data)
    MainActor.assumeIsolated { box.body?() }
}
