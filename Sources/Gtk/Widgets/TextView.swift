internal import CGtk

/// Read-only lines of text in one widget, for a log that grows at the end and is trimmed at
/// the start. Wraps `GtkTextView` and its `GtkTextBuffer`.
///
/// One widget however many lines: a window style change (the backdrop state when the window
/// loses the focus) restyles one node, not one per line as a list of labels does, and the
/// text view lays out only the lines in view before the frame (the rest in idle time). The
/// text can be selected and copied. To follow the end, put it in a ``ScrolledWindow`` and call
/// its ``ScrolledWindow/scrollToEnd()`` (no animation) when the extent grows.
///
/// ```swift
/// let log = TextView()
/// log.append("t=0.081 s  appear toast #1\n")
/// log.removeFirstLines(1)
/// ```
@MainActor
public final class TextView: Widget {
    /// Wraps `gtk_text_view_new`; not editable, no cursor, no wrapping.
    public init(accessibleRole: AccessibleRole? = nil) {
        super.init(type: gtk_text_view_get_type(), accessibleRole: accessibleRole)
        gtk_text_view_set_editable(c(), 0)
        gtk_text_view_set_cursor_visible(c(), 0)
        gtk_text_view_set_wrap_mode(c(), GTK_WRAP_NONE)
    }

    private var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(c()) }

    /// The whole text. Wraps `gtk_text_buffer_get_text` / `gtk_text_buffer_set_text`.
    public var text: String {
        get {
            var start = GtkTextIter()
            var end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            guard let chars = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
            defer { g_free(chars) }
            return String(cString: chars)
        }
        set { gtk_text_buffer_set_text(buffer, newValue, -1) }
    }

    /// Adds `text` at the end. Wraps `gtk_text_buffer_insert` at the end iterator.
    public func append(_ text: String) {
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        gtk_text_buffer_insert(buffer, &end, text, -1)
    }

    /// Removes the first `count` lines (all of them if there are fewer). Wraps
    /// `gtk_text_buffer_get_iter_at_line` and `gtk_text_buffer_delete`.
    public func removeFirstLines(_ count: Int) {
        guard count > 0 else { return }
        var start = GtkTextIter()
        var cut = GtkTextIter()
        gtk_text_buffer_get_start_iter(buffer, &start)
        if gtk_text_buffer_get_iter_at_line(buffer, &cut, gint(count)) == 0 {
            gtk_text_buffer_get_end_iter(buffer, &cut)
        }
        gtk_text_buffer_delete(buffer, &start, &cut)
    }
}
