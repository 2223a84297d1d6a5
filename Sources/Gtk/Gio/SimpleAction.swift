internal import CGtk

/// A named action, added to an ``Application`` (then `"app.name"`). Wraps `GSimpleAction`.
///
/// Plain actions call ``onActivate(_:)``. A *radio* action (``init(name:radioState:)``) holds a
/// string state; menu items target it with `"app.name::value"`, GTK draws them as radio
/// items, and activating one changes the state and calls ``onStateChanged(_:)``.
/// The wrapper owns the reference `g_simple_action_new` returned.
@MainActor
public final class SimpleAction: Object {
    /// The action's name without the `app.` prefix (as given to `g_simple_action_new`).
    public let name: String

    /// A stateless action without a parameter. Wraps `g_simple_action_new`.
    public init(name: String) {
        self.name = name
        super.init(UnsafeMutableRawPointer(g_simple_action_new(name, nil)!), .adoptFullGio)
    }

    /// A stateful radio action with a string parameter and a string state.
    /// Wraps `g_simple_action_new_stateful`; accepting a change (`g_simple_action_set_state`)
    /// is done for you before ``onStateChanged(_:)`` runs.
    public init(name: String, radioState initial: String) {
        self.name = name
        let state = g_variant_new_string(initial)
        super.init(
            UnsafeMutableRawPointer(g_simple_action_new_stateful(name, cg_variant_type_string(), state)!), .adoptFullGio
        )
        stateConnection = connectPointer("change-state") { [weak self] value in
            guard let self, let value else { return }
            let variant = OpaquePointer(value)
            g_simple_action_set_state(self.opaque, variant)
            let string = String(cString: g_variant_get_string(variant, nil))
            self.stateHandler?(string)
        }
    }

    private var stateConnection: SignalConnection?
    private var stateHandler: (@MainActor (String) -> Void)?

    /// Called on activation with the string parameter, if the action has one.
    /// Wraps `GSimpleAction::activate`.
    @discardableResult
    public func onActivate(_ body: @escaping @MainActor (String?) -> Void) -> SignalConnection {
        connectPointer("activate") { parameter in
            body(parameter.map { String(cString: g_variant_get_string(OpaquePointer($0), nil)) })
        }
    }

    /// Called with the new state after a radio action's state changed (menu item, accelerator
    /// or ``activate(_:)``). Only for actions made with ``init(name:radioState:)``. Runs from
    /// its `GSimpleAction::change-state` handler, after `g_simple_action_set_state`.
    public func onStateChanged(_ body: @escaping @MainActor (String) -> Void) {
        precondition(
            stateConnection != nil,
            "Gtk.SimpleAction.onStateChanged: \"\(name)\" is not a radio action; create it with init(name:radioState:)")
        stateHandler = body
    }

    /// The radio state. Reading wraps `g_action_get_state`; setting wraps
    /// `g_simple_action_set_state`, which moves the menu's radio mark without a change request
    /// (``onStateChanged(_:)`` is not called), for keeping the action in step with its model.
    public var state: String? {
        get {
            guard let variant = g_action_get_state(opaque) else { return nil }
            defer { g_variant_unref(variant) }
            return String(cString: g_variant_get_string(variant, nil))
        }
        set {
            precondition(stateConnection != nil, "Gtk.SimpleAction.state: \"\(name)\" is not a radio action")
            g_simple_action_set_state(opaque, g_variant_new_string(newValue ?? ""))
        }
    }

    /// Activates the action as a menu item would, with an optional string parameter.
    /// Wraps `g_action_activate`.
    public func activate(_ parameter: String? = nil) {
        g_action_activate(opaque, parameter.map { g_variant_new_string($0) })
    }

    /// Wraps `g_simple_action_set_enabled`.
    public var isEnabled: Bool {
        get { g_action_get_enabled(opaque) != 0 }
        set { g_simple_action_set_enabled(opaque, newValue ? 1 : 0) }
    }
}
