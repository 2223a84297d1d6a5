internal import CGtk

/// Wraps `GtkProgressBar`.
@MainActor
public final class ProgressBar: Widget {
    /// Wraps `gtk_progress_bar_new`.
    public init(accessibleRole: AccessibleRole? = nil) {
        super.init(type: gtk_progress_bar_get_type(), accessibleRole: accessibleRole)
    }
    /// 0 … 1. Wraps `gtk_progress_bar_set_fraction`.
    public var fraction: Double {
        get { gtk_progress_bar_get_fraction(opaque) }
        set { gtk_progress_bar_set_fraction(opaque, newValue) }
    }
    /// Wraps `gtk_progress_bar_set_text`.
    public var text: String? {
        get { gtk_progress_bar_get_text(opaque).map { String(cString: $0) } }
        set { gtk_progress_bar_set_text(opaque, newValue) }
    }
    /// Wraps `gtk_progress_bar_set_show_text`.
    public var showsText: Bool {
        get { gtk_progress_bar_get_show_text(opaque) != 0 }
        set { gtk_progress_bar_set_show_text(opaque, newValue ? 1 : 0) }
    }
    /// Wraps `gtk_progress_bar_pulse`.
    public func pulse() { gtk_progress_bar_pulse(opaque) }
}
