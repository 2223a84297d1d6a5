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
    public func rectangle(x: Double, y: Double, width: Double, height: Double) {
        cairo_rectangle(cr, x, y, width, height)
    }
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
        cairo_select_font_face(
            cr, family, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
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
