internal import CGtk

/// A widget Swift draws with cairo. Wraps `GtkDrawingArea`.
///
/// ```swift
/// let area = DrawingArea()
/// area.setDrawFunction { cr, width, height in
///     cr.setSource(red: 0.2, green: 0.4, blue: 0.8)
///     cr.rectangle(x: 0, y: 0, width: Double(width) / 2, height: Double(height))
///     cr.fill()
/// }
/// area.queueDraw()   // after the model changed
/// ```
/// The draw closure is held until it is replaced or the area is finalized (a real destroy
/// notify releases it); capture the model, not the area, to avoid a cycle.
@MainActor
public final class DrawingArea: Widget {
    /// Wraps `gtk_drawing_area_new`.
    public init(accessibleRole: AccessibleRole? = nil) {
        super.init(type: gtk_drawing_area_get_type(), accessibleRole: accessibleRole)
    }
    /// Wraps `gtk_drawing_area_set_content_width` / `_height`.
    public func setContentSize(width: Int, height: Int) {
        gtk_drawing_area_set_content_width(c(), gint(width))
        gtk_drawing_area_set_content_height(c(), gint(height))
    }
    /// Sets the draw function: `(context, width, height)`. Wraps `gtk_drawing_area_set_draw_func`.
    public func setDrawFunction(_ body: @escaping @MainActor (CairoContext, Int, Int) -> Void) {
        let box = ClosureBox<DrawBody>(body)
        gtk_drawing_area_set_draw_func(c(), drawTrampoline, box.retainForGLib(), destroyNotify)
    }
}

typealias DrawBody = @MainActor (CairoContext, Int, Int) -> Void

private let drawTrampoline: GtkDrawingAreaDrawFunc = { _, cr, width, height, data in
    let box = ClosureBox<DrawBody>.from(data)
    // Safe: the cairo context is used synchronously on this (the main) thread inside
    // `assumeIsolated` and not kept after the draw call returns.
    nonisolated(unsafe) let cr = cr
    MainActor.assumeIsolated {
        guard let cr else { return }
        box.body?(CairoContext(cr: cr), Int(width), Int(height))
    }
}
