internal import CGtk

extension Widget {
    /// Renders the widget as it is now into a PNG file (for `--screenshot`).
    ///
    /// Snapshots a `GtkWidgetPaintable` of the widget, renders the node with the widget's
    /// native renderer (`gsk_renderer_render_texture`) and saves it with `gdk_texture_save_to_png`.
    /// - Throws: ``RenderError`` when the widget is not realized or has no size, or the file
    ///   cannot be written.
    public func savePNG(to path: String) throws(RenderError) {
        guard isRealized, let native = gtk_widget_get_native(widget) else { throw .notRealized }
        let w = gtk_widget_get_width(widget)
        let h = gtk_widget_get_height(widget)
        guard w > 0, h > 0 else { throw .emptySize }
        let paintable = gtk_widget_paintable_new(widget)!
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot, Double(w), Double(h))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { throw .emptySize }
        defer { gsk_render_node_unref(node) }
        guard let renderer = gtk_native_get_renderer(native),
            let texture = gsk_renderer_render_texture(renderer, node, nil)
        else { throw .notRealized }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        guard gdk_texture_save_to_png(texture, path) != 0 else { throw .cannotWrite(path) }
    }
}

/// Why ``Widget/savePNG(to:)`` failed.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    /// The widget has no native surface or renderer yet (`gtk_widget_get_native`).
    case notRealized
    /// The widget has no allocated size, or drew nothing (`gtk_snapshot_free_to_node`).
    case emptySize
    /// `gdk_texture_save_to_png` could not write the file at this path.
    case cannotWrite(String)
    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .notRealized: "the widget is not realized: present its window first"
        case .emptySize: "the widget has no size yet: let the window lay out first"
        case .cannotWrite(let path): "cannot write PNG to \(path)"
        }
    }
}
