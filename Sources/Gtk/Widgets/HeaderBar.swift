internal import CGtk

/// A title bar with widgets at its ends. Wraps `GtkHeaderBar`.
@MainActor
public final class HeaderBar: Widget {
    /// Wraps `gtk_header_bar_new`.
    public init() { super.init(type: gtk_header_bar_get_type(), accessibleRole: nil) }
    /// Wraps `gtk_header_bar_pack_start`.
    public func packStart(_ child: Widget) { gtk_header_bar_pack_start(opaque, child.widget) }
    /// Wraps `gtk_header_bar_pack_end`.
    public func packEnd(_ child: Widget) { gtk_header_bar_pack_end(opaque, child.widget) }
    /// Wraps `gtk_header_bar_set_title_widget`.
    public func setTitleWidget(_ child: Widget?) { gtk_header_bar_set_title_widget(opaque, child?.widget) }
    /// Wraps `gtk_header_bar_set_show_title_buttons`.
    public var showsTitleButtons: Bool {
        get { gtk_header_bar_get_show_title_buttons(opaque) != 0 }
        set { gtk_header_bar_set_show_title_buttons(opaque, newValue ? 1 : 0) }
    }
}
