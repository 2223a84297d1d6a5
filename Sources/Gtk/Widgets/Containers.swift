internal import CGtk

/// A row or column of children. Wraps `GtkBox`.
@MainActor
public final class Box: Widget {
    /// Wraps `gtk_box_new` (through `g_object_new`, so a role can be given).
    public init(_ orientation: Orientation = .vertical, spacing: Int = 0, accessibleRole: AccessibleRole? = nil) {
        super.init(type: gtk_box_get_type(), accessibleRole: accessibleRole)
        gtk_orientable_set_orientation(opaque, orientation.c)
        gtk_box_set_spacing(c(), gint(spacing))
    }
    /// Wraps `gtk_box_append`.
    public func append(_ child: Widget) { gtk_box_append(c(), child.widget) }
    /// Wraps `gtk_box_prepend`.
    public func prepend(_ child: Widget) { gtk_box_prepend(c(), child.widget) }
    /// Wraps `gtk_box_remove`; the child is unmapped.
    public func remove(_ child: Widget) { gtk_box_remove(c(), child.widget) }
    /// Wraps `gtk_box_set_homogeneous`.
    public var isHomogeneous: Bool {
        get { gtk_box_get_homogeneous(c()) != 0 }
        set { gtk_box_set_homogeneous(c(), newValue ? 1 : 0) }
    }
}

/// Children stacked over a main child. Wraps `GtkOverlay`.
@MainActor
public final class Overlay: Widget {
    private var mainChild: Widget?
    /// Wraps `gtk_overlay_new`.
    public init(accessibleRole: AccessibleRole? = nil) {
        super.init(type: gtk_overlay_get_type(), accessibleRole: accessibleRole)
    }
    /// Wraps `gtk_overlay_set_child`.
    public var child: Widget? {
        get { mainChild }
        set {
            mainChild = newValue
            gtk_overlay_set_child(opaque, newValue?.widget)
        }
    }
    /// Wraps `gtk_overlay_add_overlay`.
    public func addOverlay(_ widget: Widget) { gtk_overlay_add_overlay(opaque, widget.widget) }
    /// Wraps `gtk_overlay_remove_overlay`.
    public func removeOverlay(_ widget: Widget) { gtk_overlay_remove_overlay(opaque, widget.widget) }
}

/// Two children with a draggable divider. Wraps `GtkPaned`.
@MainActor
public final class Paned: Widget {
    private var start: Widget?, end: Widget?
    /// Wraps `gtk_paned_new`.
    public init(_ orientation: Orientation = .horizontal) {
        super.init(type: gtk_paned_get_type(), accessibleRole: nil)
        gtk_orientable_set_orientation(opaque, orientation.c)
    }
    /// Wraps `gtk_paned_set_start_child`.
    public var startChild: Widget? {
        get { start }
        set {
            start = newValue
            gtk_paned_set_start_child(opaque, newValue?.widget)
        }
    }
    /// Wraps `gtk_paned_set_end_child`.
    public var endChild: Widget? {
        get { end }
        set {
            end = newValue
            gtk_paned_set_end_child(opaque, newValue?.widget)
        }
    }
    /// Divider position in pixels. Wraps `gtk_paned_set_position`.
    public var position: Int {
        get { Int(gtk_paned_get_position(opaque)) }
        set { gtk_paned_set_position(opaque, gint(newValue)) }
    }
    /// Whether the start child may be made narrower (or shorter) than it asks to be (GTK's
    /// default); if not, the divider stops there. Wraps `gtk_paned_set_shrink_start_child`.
    public var shrinksStartChild: Bool {
        get { gtk_paned_get_shrink_start_child(opaque) != 0 }
        set { gtk_paned_set_shrink_start_child(opaque, newValue ? 1 : 0) }
    }
    /// Whether the end child may be made narrower (or shorter) than it asks to be (GTK's
    /// default); if not, the divider stops there. Wraps `gtk_paned_set_shrink_end_child`.
    public var shrinksEndChild: Bool {
        get { gtk_paned_get_shrink_end_child(opaque) != 0 }
        set { gtk_paned_set_shrink_end_child(opaque, newValue ? 1 : 0) }
    }
}

/// Wraps `GtkSeparator`.
@MainActor
public final class Separator: Widget {
    /// Wraps `gtk_separator_new`.
    public init(_ orientation: Orientation = .horizontal) {
        super.init(type: gtk_separator_get_type(), accessibleRole: nil)
        gtk_orientable_set_orientation(opaque, orientation.c)
    }
}
