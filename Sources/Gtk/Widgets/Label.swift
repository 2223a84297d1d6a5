internal import CGtk

/// Text. Wraps `GtkLabel`.
@MainActor
public final class Label: Widget {
    /// Wraps `gtk_label_new`.
    public init(_ text: String = "", accessibleRole: AccessibleRole? = nil) {
        super.init(type: gtk_label_get_type(), accessibleRole: accessibleRole)
        self.text = text
    }
    /// The plain text (markup is not parsed). Wraps `gtk_label_get_text` / `gtk_label_set_text`.
    public var text: String {
        get { String(cString: gtk_label_get_text(opaque)) }
        set { gtk_label_set_text(opaque, newValue) }
    }
    /// Sets Pango markup. Wraps `gtk_label_set_markup`.
    public func setMarkup(_ markup: String) { gtk_label_set_markup(opaque, markup) }
    /// Wraps `gtk_label_set_wrap`.
    public var wraps: Bool {
        get { gtk_label_get_wrap(opaque) != 0 }
        set { gtk_label_set_wrap(opaque, newValue ? 1 : 0) }
    }
    /// Whether a wrapping label may break a line inside a word that does not fit (code,
    /// paths), so its narrowest is a few characters, not its longest word. Wraps
    /// `gtk_label_set_wrap_mode(PANGO_WRAP_WORD_CHAR)`.
    public var wrapsInsideWords: Bool {
        get { gtk_label_get_wrap_mode(opaque) == PANGO_WRAP_WORD_CHAR }
        set { gtk_label_set_wrap_mode(opaque, newValue ? PANGO_WRAP_WORD_CHAR : PANGO_WRAP_WORD) }
    }
    /// Horizontal alignment of the text, 0 (start) … 1 (end). Wraps `gtk_label_set_xalign`.
    public var xalign: Double {
        get { Double(gtk_label_get_xalign(opaque)) }
        set { gtk_label_set_xalign(opaque, Float(newValue)) }
    }
    /// Wraps `gtk_label_set_selectable`.
    public var isSelectable: Bool {
        get { gtk_label_get_selectable(opaque) != 0 }
        set { gtk_label_set_selectable(opaque, newValue ? 1 : 0) }
    }
    /// Ellipsizes at the end when too narrow. Wraps `gtk_label_set_ellipsize(PANGO_ELLIPSIZE_END)`.
    public var ellipsizesEnd: Bool {
        get { gtk_label_get_ellipsize(opaque) == PANGO_ELLIPSIZE_END }
        set { gtk_label_set_ellipsize(opaque, newValue ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE) }
    }
    /// Width in characters the label asks for. Wraps `gtk_label_set_width_chars`.
    public var widthChars: Int {
        get { Int(gtk_label_get_width_chars(opaque)) }
        set { gtk_label_set_width_chars(opaque, gint(newValue)) }
    }
    /// Where a tab in the text moves to: `position` pixels from the label's start; at a
    /// right-aligned stop the text after the tab ends there.
    public struct TabStop: Equatable, Sendable {
        public var position: Int
        public var alignsRight: Bool
        public init(position: Int, alignsRight: Bool = false) {
            self.position = position
            self.alignsRight = alignsRight
        }
    }
    /// Sets the tab stops, in pixels. Wraps `gtk_label_set_tabs` (GTK 4.8).
    public func setTabStops(_ stops: [TabStop]) {
        guard let array = TabStop.pangoTabArray(stops) else { return }
        gtk_label_set_tabs(opaque, array)
        pango_tab_array_free(array)
    }
}

extension Label.TabStop {
    /// A new `PangoTabArray` in pixels (`pango_tab_array_new`, `pango_tab_array_set_tab`); the
    /// caller frees it.
    static func pangoTabArray(_ stops: [Label.TabStop]) -> OpaquePointer? {
        guard let array = pango_tab_array_new(gint(stops.count), 1) else { return nil }
        for (index, stop) in stops.enumerated() {
            pango_tab_array_set_tab(
                array, gint(index), stop.alignsRight ? PANGO_TAB_RIGHT : PANGO_TAB_LEFT, gint(stop.position))
        }
        return array
    }
}
