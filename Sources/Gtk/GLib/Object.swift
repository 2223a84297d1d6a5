internal import CGtk

/// A reference-counted `GObject` owned by a Swift wrapper.
///
/// Ownership: the wrapper owns exactly one reference and drops it in `deinit`.
/// - Widgets are created floating (or, for windows, owned by GTK's toplevel list); the wrapper
///   takes its reference with `g_object_ref_sink`, so a widget lives while either its Swift
///   wrapper or its parent holds it. Windows additionally live until ``Window/destroy()``.
/// - Non-widget objects returned with full transfer (`g_menu_new`, `gtk_css_provider_new`,
///   `g_simple_action_new`, `gtk_string_list_new`, …) are adopted as they are.
/// The wrapper never outlives its reference, so a wrapper's pointer is always valid
/// (possibly to an object already destroyed — disposed — but never finalized).
///
/// A handler closure that captures the object it is connected to makes a cycle (object →
/// closure → wrapper → object) that only ``Window/destroy()`` of a window breaks, and only for
/// the window itself; capture `[unowned widget]` or `[weak widget]` instead.
@MainActor
public class Object {
    let raw: UnsafeMutableRawPointer

    enum Ownership { case sinkFloating, adoptFull, adoptFullGio, borrow }

    init(_ pointer: UnsafeMutableRawPointer, _ ownership: Ownership) {
        // GIO objects (menus, actions, the application) need no display; GTK ones do.
        if ownership == .adoptFullGio {
            GtkRuntime.requireMainThread("Object.init")
        } else {
            GtkRuntime.requireInitialized("Object.init")
        }
        raw = pointer
        switch ownership {
        case .sinkFloating: g_object_ref_sink(pointer)
        case .adoptFull, .adoptFullGio: break
        case .borrow: g_object_ref(pointer)
        }
    }

    isolated deinit {
        g_object_unref(raw)
    }

    /// The pointer as any typed C pointer (`GtkWidget *`, `GtkWindow *`, …).
    func c<T>(_ type: T.Type = T.self) -> UnsafeMutablePointer<T> { raw.assumingMemoryBound(to: T.self) }
    /// The pointer for C types GTK keeps opaque (`GtkLabel *`, `GtkStringList *`, …).
    var opaque: OpaquePointer { OpaquePointer(raw) }

    /// The GType name, e.g. `GtkButton`. Wraps `G_OBJECT_TYPE_NAME`.
    public var typeName: String { String(cString: cg_type_name_of(raw)) }

    /// The object's current reference count, `GObject.ref_count` (debugging and ownership tests only).
    public var debugReferenceCount: Int { Int(cg_object(raw).pointee.ref_count) }

    /// Connects a handler to any signal with the C signature `(instance, user_data) -> void`,
    /// for example `"map"` or `"clicked"`; use ``onNotify(_:_:)`` for `notify::` signals (they
    /// pass a `GParamSpec` too). Wraps `g_signal_connect_data`.
    @discardableResult
    public func connect(_ signal: String, _ body: @escaping @MainActor () -> Void) -> SignalConnection {
        precondition(!signal.hasPrefix("notify"), "Gtk.Object.connect: use onNotify(\"property\") for \"\(signal)\"")
        return connectSignal(raw, signal, ClosureBox<VoidBody>(body), cFunction(voidTrampoline))
    }

    /// Connects to a signal with the signature `(instance) -> gboolean`.
    func connectBool(_ signal: String, _ body: @escaping @MainActor () -> Bool) -> SignalConnection {
        connectSignal(raw, signal, ClosureBox<BoolBody>(body), cFunction(boolTrampoline))
    }

    /// Connects to a signal with the signature `(instance, pointer) -> void`.
    func connectPointer(_ signal: String, _ body: @escaping PointerBody) -> SignalConnection {
        connectSignal(raw, signal, ClosureBox<PointerBody>(body), cFunction(pointerTrampoline))
    }

    /// Connects to a signal with the signature `(instance, pointer, pointer) -> void`.
    func connectTwoPointers(_ signal: String, _ body: @escaping TwoPointerBody) -> SignalConnection {
        connectSignal(raw, signal, ClosureBox<TwoPointerBody>(body), cFunction(twoPointerTrampoline))
    }

    /// Calls `body` whenever the property `name` changes. Wraps `notify::name`.
    @discardableResult
    public func onNotify(_ name: String, _ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connectNotify(raw, name, body)
    }

    /// Whether the object's class has a property named `name` (`g_object_class_find_property`).
    public func hasProperty(_ name: String) -> Bool { cg_object_has_property(raw, name) != 0 }

    /// Reads a boolean property by name (`g_object_get`).
    public func booleanProperty(_ name: String) -> Bool {
        precondition(hasProperty(name), "Gtk: \(typeName) has no property \"\(name)\"")
        return cg_object_get_boolean(raw, name) != 0
    }
}

extension Object: Hashable {
    /// The same wrapper (so the same `GObject *`: each object has at most one wrapper here).
    nonisolated public static func == (lhs: Object, rhs: Object) -> Bool { lhs === rhs }
    /// Hashes the wrapper's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
