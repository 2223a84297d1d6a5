internal import CGtk

// The two wrapper additions the live task panel needs (Sources/LifecycleLabKit/Panel).

extension ScrolledWindow {
    /// Whether the view shows the end of its content (within `slack` pixels), for a log that
    /// follows new lines only while the user has not scrolled up. Reads the
    /// `gtk_scrolled_window_get_vadjustment` value, page size and upper bound.
    public func isScrolledToEnd(slack: Double = 24) -> Bool {
        guard let adjustment = gtk_scrolled_window_get_vadjustment(opaque) else { return true }
        return gtk_adjustment_get_value(adjustment) + gtk_adjustment_get_page_size(adjustment)
            >= gtk_adjustment_get_upper(adjustment) - slack
    }
}

extension ListView {
    /// Scrolls as little as needed to show the row at `index`. Activates GtkListBase's
    /// `list.scroll-to-item` action (`gtk_widget_activate_action_variant`).
    public func scrollTo(index: Int) {
        precondition(index >= 0 && index < count, "Gtk.ListView.scrollTo: row \(index) out of range 0..<\(count)")
        _ = gtk_widget_activate_action_variant(widget, "list.scroll-to-item", g_variant_new_uint32(guint32(index)))
    }
}
