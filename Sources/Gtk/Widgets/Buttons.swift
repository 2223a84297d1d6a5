internal import CGtk

/// A push button. Wraps `GtkButton`.
@MainActor
public final class Button: Widget {
    /// Wraps `gtk_button_new_with_label`.
    public init(_ label: String, accessibleRole: AccessibleRole? = nil) {
        super.init(type: gtk_button_get_type(), accessibleRole: accessibleRole)
        self.label = label
    }
    /// Wraps `gtk_button_new_from_icon_name`.
    public init(iconName: String, accessibleRole: AccessibleRole? = nil) {
        super.init(type: gtk_button_get_type(), accessibleRole: accessibleRole)
        gtk_button_set_icon_name(c(), iconName)
    }
    /// Wraps `gtk_button_get_label` / `gtk_button_set_label`.
    public var label: String {
        get { gtk_button_get_label(c()).map { String(cString: $0) } ?? "" }
        set { gtk_button_set_label(c(), newValue) }
    }
    /// Lets the button's text wrap onto more lines (inside a word too, for a path) when the
    /// button is narrower than it, left-aligned, rather than asking for its whole width. Wraps
    /// `gtk_label_set_wrap` and `gtk_label_set_wrap_mode` on the label `gtk_button_get_child` is.
    public func setLabelWraps() {
        guard let child = gtk_button_get_child(c()),
            g_type_check_instance_is_a(
                UnsafeMutableRawPointer(child).assumingMemoryBound(to: GTypeInstance.self), gtk_label_get_type()) != 0
        else { return }
        let label = OpaquePointer(child)
        gtk_label_set_wrap(label, 1)
        gtk_label_set_wrap_mode(label, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_xalign(label, 0)
    }
    /// Wraps `GtkButton::clicked`.
    @discardableResult
    public func onClicked(_ body: @escaping @MainActor () -> Void) -> SignalConnection { connect("clicked", body) }
    /// Clicks the button programmatically: emits `clicked` now, synchronously, even when the
    /// button is not shown. Wraps `g_signal_emit_by_name(button, "clicked")`.
    ///
    /// ``Widget/activate()`` is the keyboard-user path instead: in GTK 4 it plays the press
    /// animation and emits `clicked` about 250 ms later, and only for a realized button.
    public func click() { cg_emit(raw, "clicked") }
}

/// A check box. Wraps `GtkCheckButton`.
@MainActor
public final class CheckButton: Widget {
    /// Wraps `gtk_check_button_new_with_label`.
    public init(_ label: String) {
        super.init(type: gtk_check_button_get_type(), accessibleRole: nil)
        gtk_check_button_set_label(c(), label)
    }
    /// Wraps `gtk_check_button_get_active` / `set_active`.
    public var isActive: Bool {
        get { gtk_check_button_get_active(c()) != 0 }
        set { gtk_check_button_set_active(c(), newValue ? 1 : 0) }
    }
    /// Wraps `GtkCheckButton::toggled`.
    @discardableResult
    public func onToggled(_ body: @escaping @MainActor () -> Void) -> SignalConnection { connect("toggled", body) }
}

/// An on/off switch. Wraps `GtkSwitch`.
@MainActor
public final class Switch: Widget {
    /// Wraps `gtk_switch_new`.
    public init(accessibleRole: AccessibleRole? = nil) {
        super.init(type: gtk_switch_get_type(), accessibleRole: accessibleRole)
    }
    /// Wraps `gtk_switch_get_active` / `set_active`.
    public var isActive: Bool {
        get { gtk_switch_get_active(opaque) != 0 }
        set { gtk_switch_set_active(opaque, newValue ? 1 : 0) }
    }
    /// Wraps `notify::active`.
    @discardableResult
    public func onActiveChanged(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("active", body)
    }
}

/// A number entry with +/− buttons. Wraps `GtkSpinButton`.
@MainActor
public final class SpinButton: Widget {
    /// Wraps `gtk_spin_button_new_with_range`.
    public init(min: Double, max: Double, step: Double) {
        let pointer = gtk_spin_button_new_with_range(min, max, step)!
        super.init(sinking: UnsafeMutableRawPointer(pointer))
    }
    /// Wraps `gtk_spin_button_get_value` / `set_value`.
    public var value: Double {
        get { gtk_spin_button_get_value(opaque) }
        set { gtk_spin_button_set_value(opaque, newValue) }
    }
    /// Wraps `GtkSpinButton::value-changed`.
    @discardableResult
    public func onValueChanged(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("value-changed", body)
    }
}
