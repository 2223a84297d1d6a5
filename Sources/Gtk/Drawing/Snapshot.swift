internal import CGtk

extension Widget {
    /// Renders the widget as it is now into a PNG file (for `--screenshot`), at the screen's
    /// pixel density: a window on a 2× screen (`GDK_SCALE=2`) gives a picture twice its size in
    /// each direction, as the screen shows it.
    ///
    /// Snapshots a `GtkWidgetPaintable` of the widget, renders the node with the widget's
    /// native renderer (`gsk_renderer_render_texture`) and saves it with `gdk_texture_save_to_png`.
    /// - Throws: ``RenderError`` when the widget is not realized or has no size, or the file
    ///   cannot be written.
    public func savePNG(to path: String) throws(RenderError) {
        let texture = try renderTextureAndOrigin(scale: Double(gtk_widget_get_scale_factor(widget))).texture
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        guard gdk_texture_save_to_png(texture, path) != 0 else { throw .cannotWrite(path) }
    }

    /// The widget's pixels as it is drawn now, as ``savePNG(to:)`` renders it but one pixel a
    /// unit of the widget's coordinates whatever the screen's scale: four bytes a pixel, row by row, in cairo's ARGB32 order on this machine (blue, green, red, alpha on a
    /// little-endian one), premultiplied; for a test that looks at what a person would see. The
    /// picture covers what the widget draws, which may start away from its own origin (a
    /// window's resize border): `x` and `y` are where its top-left pixel is in the widget.
    /// Wraps `gdk_texture_download`.
    /// - Throws: ``RenderError`` when the widget is not realized or has no size.
    public func renderedPixels() throws(RenderError) -> (x: Int, y: Int, width: Int, height: Int, bgra: [UInt8]) {
        let (texture, origin) = try renderTextureAndOrigin()
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        let width = Int(gdk_texture_get_width(texture))
        let height = Int(gdk_texture_get_height(texture))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(width * 4)) }
        return (origin.x, origin.y, width, height, pixels)
    }

    /// Renders at `scale` device pixels a unit; the origin is in the widget's units.
    private func renderTextureAndOrigin(
        scale: Double = 1
    ) throws(RenderError) -> (texture: OpaquePointer, origin: (x: Int, y: Int)) {
        guard isRealized, let native = gtk_widget_get_native(widget) else { throw .notRealized }
        // The paintable scales what the widget draws, its own bounds (a window's include the
        // frame around its content), to the size asked for: asked for the widget's width and
        // height, a window came out at 99 % (1190/1200 by 730/740), every glyph resampled and
        // some lines' top row lost (the i's dots, GTK 4.8's cairo). Asked for the bounds' own
        // size, it draws at 1:1, as the window is on screen.
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, widget, &bounds) != 0 else { throw .notRealized }
        let w = Double(bounds.size.width)
        let h = Double(bounds.size.height)
        guard w >= 1, h >= 1 else { throw .emptySize }
        let paintable = gtk_widget_paintable_new(widget)!
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()!
        if scale != 1 { gtk_snapshot_scale(snapshot, Float(scale), Float(scale)) }
        gdk_paintable_snapshot(paintable, snapshot, w, h)
        guard let node = gtk_snapshot_free_to_node(snapshot) else { throw .emptySize }
        defer { gsk_render_node_unref(node) }
        guard let renderer = gtk_native_get_renderer(native),
            let texture = gsk_renderer_render_texture(renderer, node, nil)
        else { throw .notRealized }
        var drawn = graphene_rect_t()
        gsk_render_node_get_bounds(node, &drawn)
        let unit = Float(scale)
        return (texture, (Int((drawn.origin.x / unit).rounded(.down)), Int((drawn.origin.y / unit).rounded(.down))))
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
