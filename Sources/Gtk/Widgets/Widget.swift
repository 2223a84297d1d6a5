internal import CGtk

/// Accessible roles a widget can be created with (GTK 4.8 makes the role construct-only).
public enum AccessibleRole: Sendable {
    case alert, button, checkbox, generic, group, heading, img, label, list, listItem, log
    case main, navigation, presentation, progressBar, region, row, status, tabPanel, timer, toolbar

    var c: GtkAccessibleRole {
        switch self {
        case .alert: GTK_ACCESSIBLE_ROLE_ALERT
        case .button: GTK_ACCESSIBLE_ROLE_BUTTON
        case .checkbox: GTK_ACCESSIBLE_ROLE_CHECKBOX
        case .generic: GTK_ACCESSIBLE_ROLE_GENERIC
        case .group: GTK_ACCESSIBLE_ROLE_GROUP
        case .heading: GTK_ACCESSIBLE_ROLE_HEADING
        case .img: GTK_ACCESSIBLE_ROLE_IMG
        case .label: GTK_ACCESSIBLE_ROLE_LABEL
        case .list: GTK_ACCESSIBLE_ROLE_LIST
        case .listItem: GTK_ACCESSIBLE_ROLE_LIST_ITEM
        case .log: GTK_ACCESSIBLE_ROLE_LOG
        case .main: GTK_ACCESSIBLE_ROLE_MAIN
        case .navigation: GTK_ACCESSIBLE_ROLE_NAVIGATION
        case .presentation: GTK_ACCESSIBLE_ROLE_PRESENTATION
        case .progressBar: GTK_ACCESSIBLE_ROLE_PROGRESS_BAR
        case .region: GTK_ACCESSIBLE_ROLE_REGION
        case .row: GTK_ACCESSIBLE_ROLE_ROW
        case .status: GTK_ACCESSIBLE_ROLE_STATUS
        case .tabPanel: GTK_ACCESSIBLE_ROLE_TAB_PANEL
        case .timer: GTK_ACCESSIBLE_ROLE_TIMER
        case .toolbar: GTK_ACCESSIBLE_ROLE_TOOLBAR
        }
    }
}

/// Boolean accessible states (`gtk_accessible_update_state`).
public enum AccessibleState: Sendable {
    case busy, disabled, hidden, selected, expanded, checked

    var c: GtkAccessibleState {
        switch self {
        case .busy: GTK_ACCESSIBLE_STATE_BUSY
        case .disabled: GTK_ACCESSIBLE_STATE_DISABLED
        case .hidden: GTK_ACCESSIBLE_STATE_HIDDEN
        case .selected: GTK_ACCESSIBLE_STATE_SELECTED
        case .expanded: GTK_ACCESSIBLE_STATE_EXPANDED
        case .checked: GTK_ACCESSIBLE_STATE_CHECKED
        }
    }
}

/// Layout orientation (`GtkOrientation`).
public enum Orientation: Sendable {
    case horizontal, vertical
    var c: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
}

/// Alignment in the space a widget is given (`GtkAlign`).
public enum Align: Sendable {
    case fill, start, end, center, baseline
    init(_ c: GtkAlign) {
        self = [Align.fill, .start, .end, .center, .baseline].first { $0.c == c } ?? .fill
    }
    var c: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        case .baseline: GTK_ALIGN_BASELINE
        }
    }
}

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

    // MARK: Visibility and lifecycle signals

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
    /// Whether the widget is mapped (it and all its ancestors are visible and on screen).
    /// Wraps `gtk_widget_get_mapped`.
    public var isMapped: Bool { gtk_widget_get_mapped(widget) != 0 }
    /// Whether the widget is realized. Wraps `gtk_widget_get_realized`.
    public var isRealized: Bool { gtk_widget_get_realized(widget) != 0 }
    /// Whether the widget has a parent. Wraps `gtk_widget_get_parent`.
    public var hasParent: Bool { gtk_widget_get_parent(widget) != nil }
    /// Whether the widget is inside `window` (the window is its root). Wraps `gtk_widget_get_root`.
    /// The adapter uses it to find the window, and so the scene phase, of a widget.
    public func isInside(_ window: Window) -> Bool {
        guard let root = gtk_widget_get_root(widget) else { return false }
        return UnsafeMutableRawPointer(root) == window.raw
    }
    /// Removes the widget from its parent, whatever the parent is. Wraps `gtk_widget_unparent`.
    public func unparent() { if hasParent { gtk_widget_unparent(widget) } }

    /// Called when the widget is mapped: the lifecycle *appear*. Wraps `GtkWidget::map`.
    @discardableResult
    public func onMap(_ body: @escaping @MainActor () -> Void) -> SignalConnection { connect("map", body) }
    /// Called when the widget is unmapped: the lifecycle *disappear*. Wraps `GtkWidget::unmap`.
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
        get { Align(gtk_widget_get_halign(widget)) }
        set { gtk_widget_set_halign(widget, newValue.c) }
    }
    /// Wraps `gtk_widget_set_valign`.
    public var valign: Align {
        get { Align(gtk_widget_get_valign(widget)) }
        set { gtk_widget_set_valign(widget, newValue.c) }
    }
    /// Sets all four margins. Wraps `gtk_widget_set_margin_{top,bottom,start,end}`.
    public func setMargins(top: Int, bottom: Int, start: Int, end: Int) {
        gtk_widget_set_margin_top(widget, gint(top))
        gtk_widget_set_margin_bottom(widget, gint(bottom))
        gtk_widget_set_margin_start(widget, gint(start))
        gtk_widget_set_margin_end(widget, gint(end))
    }
    /// Sets the same margin on all four sides.
    public func setMargins(_ all: Int) { setMargins(top: all, bottom: all, start: all, end: all) }
    /// Wraps `gtk_widget_set_size_request` (-1 leaves a dimension natural).
    public func setSizeRequest(width: Int, height: Int) { gtk_widget_set_size_request(widget, gint(width), gint(height)) }
    /// The allocated width. Wraps `gtk_widget_get_width`.
    public var width: Int { Int(gtk_widget_get_width(widget)) }
    /// The allocated height. Wraps `gtk_widget_get_height`.
    public var height: Int { Int(gtk_widget_get_height(widget)) }
    /// Schedules a redraw. Wraps `gtk_widget_queue_draw`.
    public func queueDraw() { gtk_widget_queue_draw(widget) }
    /// Wraps `gtk_widget_grab_focus`.
    @discardableResult
    public func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }
    /// Activates the widget as a user would (a button emits `clicked`). Wraps `gtk_widget_activate`.
    @discardableResult
    public func activate() -> Bool { gtk_widget_activate(widget) != 0 }

    // MARK: Accessibility

    /// Sets the accessible label. Wraps `gtk_accessible_update_property(LABEL)`.
    public func setAccessibleLabel(_ label: String) { cg_accessible_set_label(raw, label) }
    /// Sets the accessible description. Wraps `gtk_accessible_update_property(DESCRIPTION)`.
    public func setAccessibleDescription(_ text: String) { cg_accessible_set_description(raw, text) }
    /// Sets a boolean accessible state. Wraps `gtk_accessible_update_state`.
    public func updateAccessibleState(_ state: AccessibleState, _ value: Bool) {
        cg_accessible_set_state_boolean(raw, state.c, value ? 1 : 0)
    }
    /// Whether the widget was created with `role`. Wraps `gtk_accessible_get_accessible_role`.
    public func hasAccessibleRole(_ role: AccessibleRole) -> Bool {
        gtk_accessible_get_accessible_role(OpaquePointer(raw)) == role.c
    }

    // MARK: Rendering

    /// Renders the widget as it is now into a PNG file (for `--screenshot`).
    ///
    /// Snapshots a `GtkWidgetPaintable` of the widget, renders the node with the widget's
    /// native renderer (`gsk_renderer_render_texture`) and saves it with `gdk_texture_save_to_png`.
    /// - Throws: ``RenderError`` when the widget is not realized or has no size, or the file
    ///   cannot be written.
    public func savePNG(to path: String) throws(RenderError) {
        guard isRealized, let native = gtk_widget_get_native(widget) else { throw .notRealized }
        let w = gtk_widget_get_width(widget), h = gtk_widget_get_height(widget)
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
    case notRealized, emptySize, cannotWrite(String)
    public var description: String {
        switch self {
        case .notRealized: "the widget is not realized: present its window first"
        case .emptySize: "the widget has no size yet: let the window lay out first"
        case .cannotWrite(let path): "cannot write PNG to \(path)"
        }
    }
}
