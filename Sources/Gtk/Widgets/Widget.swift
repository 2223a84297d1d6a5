internal import CGtk

/// Base of every widget wrapper (`GtkWidget`).
///
/// The wrapper holds one reference (taken with `g_object_ref_sink`), so a widget removed
/// from its parent stays usable while Swift holds it, and is finalized when neither Swift
/// nor a parent does.
@MainActor
public class Widget: Object {
    /// Creates a widget of `type` with `g_object_new`, optionally with an accessible role.
    init(type: GType, accessibleRole: AccessibleRole?) {
        GtkRuntime.requireInitialized("Widget.init")
        let pointer = accessibleRole.map { cg_widget_new_with_role(type, $0.c) } ?? cg_widget_new(type)
        super.init(UnsafeMutableRawPointer(pointer!), .sinkFloating)
    }

    /// Wraps an existing widget, taking a reference of our own.
    init(sinking pointer: UnsafeMutableRawPointer) {
        super.init(pointer, .sinkFloating)
    }

    var widget: UnsafeMutablePointer<GtkWidget> { c() }

    // MARK: Visibility, map and realize

    /// Whether the widget is set visible (it may still be unmapped because an ancestor is hidden).
    /// Wraps `gtk_widget_get_visible` / `gtk_widget_set_visible`.
    public var isVisible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
    }
    /// Makes the widget visible. Wraps `gtk_widget_set_visible(TRUE)`.
    public func show() { isVisible = true }
    /// Hides the widget. Wraps `gtk_widget_set_visible(FALSE)`.
    public func hide() { isVisible = false }
    /// Called when ``isVisible`` changes. Wraps `notify::visible`.
    @discardableResult
    public func onVisibleChanged(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("visible", body)
    }
    /// Whether the widget is mapped (it and all its ancestors are visible and on screen).
    /// Wraps `gtk_widget_get_mapped`.
    public var isMapped: Bool { gtk_widget_get_mapped(widget) != 0 }
    /// Whether the widget is realized. Wraps `gtk_widget_get_realized`.
    public var isRealized: Bool { gtk_widget_get_realized(widget) != 0 }
    /// Whether the widget has a parent. Wraps `gtk_widget_get_parent`.
    public var hasParent: Bool { gtk_widget_get_parent(widget) != nil }
    /// Whether the widget is inside `window` (the window is its root). Wraps `gtk_widget_get_root`.
    public func isInside(_ window: Window) -> Bool {
        guard let root = gtk_widget_get_root(widget) else { return false }
        return UnsafeMutableRawPointer(root) == window.raw
    }
    /// The widget's box in `window`'s surface coordinates (what an X client sees as the
    /// window's own coordinates: the window's client-side decoration offset included), or `nil`
    /// when it is not laid out inside `window`. Wraps `gtk_widget_compute_bounds` and
    /// `gtk_native_get_surface_transform`.
    public func bounds(in window: Window) -> (x: Double, y: Double, width: Double, height: Double)? {
        var rect = graphene_rect_t()
        guard isInside(window), gtk_widget_compute_bounds(widget, window.c(), &rect) != 0 else { return nil }
        var dx = 0.0
        var dy = 0.0
        gtk_native_get_surface_transform(window.opaque, &dx, &dy)
        return (
            Double(rect.origin.x) + dx, Double(rect.origin.y) + dy, Double(rect.size.width), Double(rect.size.height)
        )
    }
    /// Removes the widget from its parent, whatever the parent is. Wraps `gtk_widget_unparent`.
    public func unparent() { if hasParent { gtk_widget_unparent(widget) } }

    /// Called when the widget is mapped: it and all its ancestors are visible and in a shown
    /// window. Wraps `GtkWidget::map`.
    @discardableResult
    public func onMap(_ body: @escaping @MainActor () -> Void) -> SignalConnection { connect("map", body) }
    /// Called when the widget is unmapped: it or an ancestor was hidden or removed, or its window
    /// closed (not when the window is minimized). Wraps `GtkWidget::unmap`.
    @discardableResult
    public func onUnmap(_ body: @escaping @MainActor () -> Void) -> SignalConnection { connect("unmap", body) }
    /// Wraps `GtkWidget::realize`.
    @discardableResult
    public func onRealize(_ body: @escaping @MainActor () -> Void) -> SignalConnection { connect("realize", body) }
    /// Wraps `GtkWidget::unrealize`.
    @discardableResult
    public func onUnrealize(_ body: @escaping @MainActor () -> Void) -> SignalConnection { connect("unrealize", body) }
    /// Wraps `GtkWidget::destroy`.
    @discardableResult
    public func onDestroy(_ body: @escaping @MainActor () -> Void) -> SignalConnection { connect("destroy", body) }

    // MARK: Style

    /// Wraps `gtk_widget_add_css_class`.
    public func addCssClass(_ name: String) { gtk_widget_add_css_class(widget, name) }
    /// Wraps `gtk_widget_remove_css_class`.
    public func removeCssClass(_ name: String) { gtk_widget_remove_css_class(widget, name) }
    /// Wraps `gtk_widget_has_css_class`.
    public func hasCssClass(_ name: String) -> Bool { gtk_widget_has_css_class(widget, name) != 0 }
    /// The widget's name, usable as `#name` in CSS. Wraps `gtk_widget_set_name`.
    public var name: String {
        get { String(cString: gtk_widget_get_name(widget)) }
        set { gtk_widget_set_name(widget, newValue) }
    }

    // MARK: Behaviour and layout

    /// Wraps `gtk_widget_set_tooltip_text`.
    ///
    /// On a visible widget GTK 4.8 then re-checks at once whether the pointer rests on a
    /// tooltip, asking the X server (`XIQueryPointer`, `XSync`): building the app's window
    /// cost 42 X replies that way. A widget with no parent yet cannot be under the pointer,
    /// so there the text is set while the widget is briefly hidden, which skips the check.
    /// (Only without a parent: hiding a stack's visible child would switch the stack's page,
    /// and a parent would lay itself out again.)
    public var tooltip: String? {
        get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
        set {
            if gtk_widget_get_parent(widget) == nil && gtk_widget_get_visible(widget) != 0 {
                gtk_widget_set_visible(widget, 0)
                gtk_widget_set_tooltip_text(widget, newValue)
                gtk_widget_set_visible(widget, 1)
            } else {
                gtk_widget_set_tooltip_text(widget, newValue)
            }
        }
    }
    /// Wraps `gtk_widget_set_sensitive`.
    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }
    /// Wraps `gtk_widget_set_hexpand`.
    public var hexpand: Bool {
        get { gtk_widget_get_hexpand(widget) != 0 }
        set { gtk_widget_set_hexpand(widget, newValue ? 1 : 0) }
    }
    /// Wraps `gtk_widget_set_vexpand`.
    public var vexpand: Bool {
        get { gtk_widget_get_vexpand(widget) != 0 }
        set { gtk_widget_set_vexpand(widget, newValue ? 1 : 0) }
    }
    /// Wraps `gtk_widget_set_halign`.
    public var halign: Align {
        get { Align(c: gtk_widget_get_halign(widget), default: .fill) }
        set { gtk_widget_set_halign(widget, newValue.c) }
    }
    /// Wraps `gtk_widget_set_valign`.
    public var valign: Align {
        get { Align(c: gtk_widget_get_valign(widget), default: .fill) }
        set { gtk_widget_set_valign(widget, newValue.c) }
    }
    /// Sets all four margins. Wraps `gtk_widget_set_margin_{top,bottom,start,end}`.
    public func setMargins(top: Int, bottom: Int, start: Int, end: Int) {
        gtk_widget_set_margin_top(widget, gint(top))
        gtk_widget_set_margin_bottom(widget, gint(bottom))
        gtk_widget_set_margin_start(widget, gint(start))
        gtk_widget_set_margin_end(widget, gint(end))
    }
    /// Sets the same margin on all four sides. Wraps `gtk_widget_set_margin_{top,bottom,start,end}`.
    public func setMargins(_ all: Int) { setMargins(top: all, bottom: all, start: all, end: all) }
    /// Wraps `gtk_widget_set_size_request` (-1 leaves a dimension natural).
    public func setSizeRequest(width: Int, height: Int) {
        gtk_widget_set_size_request(widget, gint(width), gint(height))
    }
    /// The allocated width. Wraps `gtk_widget_get_width`.
    public var width: Int { Int(gtk_widget_get_width(widget)) }
    /// The allocated height. Wraps `gtk_widget_get_height`.
    public var height: Int { Int(gtk_widget_get_height(widget)) }
    /// The smallest and the natural size along `orientation` (a height for `.vertical`), given
    /// `forSize` the other way (-1: any). Wraps `gtk_widget_measure`.
    public func measure(_ orientation: Orientation, forSize: Int = -1) -> (minimum: Int, natural: Int) {
        var minimum: gint = 0
        var natural: gint = 0
        gtk_widget_measure(widget, orientation.c, gint(forSize), &minimum, &natural, nil, nil)
        return (Int(minimum), Int(natural))
    }
    /// The widget's CSS colour, which its text is drawn in (the theme's, light or dark, unless
    /// a style sheet says otherwise): red, green, blue and alpha from 0 to 1. Wraps
    /// `gtk_widget_get_color` (GTK 4.10; `gtk_style_context_get_color` before).
    public var color: (red: Double, green: Double, blue: Double, alpha: Double) {
        let rgba = cg_widget_color(widget)
        return (Double(rgba.red), Double(rgba.green), Double(rgba.blue), Double(rgba.alpha))
    }
    /// Schedules a redraw. Wraps `gtk_widget_queue_draw`.
    public func queueDraw() { gtk_widget_queue_draw(widget) }
    /// Wraps `gtk_widget_grab_focus`.
    @discardableResult
    public func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }
    /// Whether the keyboard focus is on this widget or inside it. Wraps `gtk_widget_has_focus`
    /// and `gtk_widget_get_focus_child`.
    public var containsFocus: Bool { gtk_widget_has_focus(widget) != 0 || gtk_widget_get_focus_child(widget) != nil }
    /// Takes the keyboard focus from this widget or the one inside it that has it, if any: the
    /// window keeps the session's focus, no widget of it has the keyboard's. Call it before
    /// removing a widget that may hold the focus. Wraps `gtk_root_set_focus` with no widget.
    public func releaseFocus() {
        guard containsFocus, let root = gtk_widget_get_root(widget) else { return }
        gtk_root_set_focus(root, nil)
    }
    /// Whether this widget itself has the keyboard focus. Wraps `gtk_widget_has_focus`.
    public var hasFocus: Bool { gtk_widget_has_focus(widget) != 0 }
    /// Moves the keyboard focus one step on in Tab order among the widgets inside this one, as
    /// Tab does (from a window: the next control of the window, wrapping around after the last).
    /// Returns `false` when the focus left this widget's end. Wraps
    /// `gtk_widget_child_focus(GTK_DIR_TAB_FORWARD)`.
    @discardableResult
    public func moveFocusForward() -> Bool { gtk_widget_child_focus(widget, GTK_DIR_TAB_FORWARD) != 0 }
    /// Whether the widget draws its focus ring now: it has the focus and the window shows focus
    /// (after keyboard navigation). Wraps `GTK_STATE_FLAG_FOCUS_VISIBLE` of
    /// `gtk_widget_get_state_flags`.
    public var showsFocusRing: Bool {
        gtk_widget_get_state_flags(widget).rawValue & GTK_STATE_FLAG_FOCUS_VISIBLE.rawValue != 0
    }
    /// Activates the widget as a user would (a button emits `clicked`). Wraps `gtk_widget_activate`.
    @discardableResult
    public func activate() -> Bool { gtk_widget_activate(widget) != 0 }
}
