internal import CGtk

/// A cairo context, valid only during a ``DrawingArea`` draw callback. Wraps `cairo_t`.
///
/// Do not keep it after the callback returns.
@MainActor
public struct CairoContext {
    let cr: OpaquePointer

    /// Wraps `cairo_set_source_rgba` (components 0 … 1).
    public func setSource(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        cairo_set_source_rgba(cr, red, green, blue, alpha)
    }
    /// Wraps `cairo_rectangle`.
    public func rectangle(x: Double, y: Double, width: Double, height: Double) { cairo_rectangle(cr, x, y, width, height) }
    /// Wraps `cairo_arc` (angles in radians).
    public func arc(centerX: Double, centerY: Double, radius: Double, from start: Double, to end: Double) {
        cairo_arc(cr, centerX, centerY, radius, start, end)
    }
    /// Wraps `cairo_fill`.
    public func fill() { cairo_fill(cr) }
    /// Wraps `cairo_fill_preserve`.
    public func fillPreserve() { cairo_fill_preserve(cr) }
    /// Wraps `cairo_paint`.
    public func paint() { cairo_paint(cr) }
    /// Wraps `cairo_move_to`.
    public func move(toX x: Double, y: Double) { cairo_move_to(cr, x, y) }
    /// Wraps `cairo_line_to`.
    public func line(toX x: Double, y: Double) { cairo_line_to(cr, x, y) }
    /// Wraps `cairo_stroke`.
    public func stroke() { cairo_stroke(cr) }
    /// Wraps `cairo_set_line_width`.
    public func setLineWidth(_ width: Double) { cairo_set_line_width(cr, width) }
    /// Wraps `cairo_select_font_face` (normal slant).
    public func selectFontFace(_ family: String, bold: Bool = false) {
        cairo_select_font_face(cr, family, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
    }
    /// Wraps `cairo_set_font_size`.
    public func setFontSize(_ size: Double) { cairo_set_font_size(cr, size) }
    /// Draws text with its baseline at the current point. Wraps `cairo_show_text`.
    public func showText(_ text: String) { cairo_show_text(cr, text) }
    /// The advance width of `text` in the current font. Wraps `cairo_text_extents`.
    public func textWidth(_ text: String) -> Double {
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        return extents.x_advance
    }
    /// Draws `layout` with its top-left corner at the current point. Wraps
    /// `pango_cairo_show_layout`.
    public func show(_ layout: TextLayout) { pango_cairo_show_layout(cr, layout.layout) }
    /// Wraps `cairo_save`.
    public func save() { cairo_save(cr) }
    /// Wraps `cairo_restore`.
    public func restore() { cairo_restore(cr) }
}

/// A line of text laid out with a widget's font, for drawing with ``CairoContext/show(_:)``.
/// Wraps the `PangoLayout` of `gtk_widget_create_pango_layout`.
///
/// The font is the widget's, from CSS (`.timeline { font-family: monospace; font-size: 9pt }`),
/// so a drawing shares the fonts its labels already loaded, follows the user's font settings,
/// and shapes every script (cairo's toy text API does none of that).
///
/// ```swift
/// area.setDrawFunction { cr, width, height in
///     let layout = TextLayout(for: area)
///     layout.text = "1.5 s"
///     cr.move(toX: 4, y: Double(height) - layout.height)
///     cr.show(layout)
/// }
/// ```
@MainActor
public final class TextLayout {
    let layout: OpaquePointer
    private let baseFont: OpaquePointer?

    /// A layout using `widget`'s Pango context: its CSS font as it is now. Make one in each draw
    /// call (it is cheap) so a changed style or font setting is picked up.
    public init(for widget: Widget) {
        layout = gtk_widget_create_pango_layout(widget.widget, nil)
        baseFont = pango_font_description_copy(pango_context_get_font_description(pango_layout_get_context(layout)))
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
        if let baseFont { pango_font_description_free(baseFont) }
    }

    /// The text. Wraps `pango_layout_set_text` / `pango_layout_get_text`.
    public var text: String {
        get { String(cString: pango_layout_get_text(layout)) }
        set { pango_layout_set_text(layout, newValue, -1) }
    }

    /// Width in pixels of the laid-out text. Wraps `pango_layout_get_pixel_size`.
    public var width: Double {
        var width: gint = 0
        pango_layout_get_pixel_size(layout, &width, nil)
        return Double(width)
    }

    /// Height in pixels of the laid-out text. Wraps `pango_layout_get_pixel_size`.
    public var height: Double {
        var height: gint = 0
        pango_layout_get_pixel_size(layout, nil, &height)
        return Double(height)
    }

    /// Distance in pixels from the top to the first line's baseline. Wraps `pango_layout_get_baseline`.
    public var baseline: Double { Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE) }

    /// The widget's font size in pixels (its CSS size: points at the context's resolution, or
    /// pixels). Wraps `pango_font_description_get_size` and `pango_cairo_context_get_resolution`.
    public var widgetFontPixels: Double {
        guard let baseFont else { return 0 }
        let size = Double(pango_font_description_get_size(baseFont)) / Double(PANGO_SCALE)
        if pango_font_description_get_size_is_absolute(baseFont) != 0 { return size }
        let resolution = pango_cairo_context_get_resolution(pango_layout_get_context(layout))
        return size * (resolution > 0 ? resolution : 96) / 72
    }

    /// Sets the font size in pixels (nil: the widget's own size). Wraps
    /// `pango_font_description_set_absolute_size` on a copy of the widget's font.
    public func setFontSize(pixels: Double?) {
        guard let pixels, let baseFont else {
            pango_layout_set_font_description(layout, nil)
            return
        }
        let font = pango_font_description_copy(baseFont)
        pango_font_description_set_absolute_size(font, pixels * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
    }
}

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
