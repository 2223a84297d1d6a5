internal import CGtk

/// A spinning circle for work under way. Wraps `GtkSpinner`.
@MainActor
public final class Spinner: Widget {
    /// Wraps `gtk_spinner_new`.
    public init() {
        super.init(type: gtk_spinner_get_type(), accessibleRole: nil)
    }
    /// Whether it spins. Wraps `gtk_spinner_get_spinning` / `gtk_spinner_set_spinning`.
    public var isSpinning: Bool {
        get { gtk_spinner_get_spinning(opaque) != 0 }
        set { gtk_spinner_set_spinning(opaque, newValue ? 1 : 0) }
    }
}
