internal import CGtk

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

    /// Wraps `gtk_widget_create_pango_layout`.
    ///
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

    /// Lays tabs in the text out at these stops, as a ``Label`` with the same stops does.
    /// Wraps `pango_layout_set_tabs`.
    public func setTabStops(_ stops: [Label.TabStop]) {
        guard let array = Label.TabStop.pangoTabArray(stops) else { return }
        pango_layout_set_tabs(layout, array)
        pango_tab_array_free(array)
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
