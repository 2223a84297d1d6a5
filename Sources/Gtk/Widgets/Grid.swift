internal import CGtk

/// Children in rows and columns. Wraps `GtkGrid`.
///
/// Unlike a horizontal ``Box``, a grid lays out a wrapping label beside other widgets by
/// asking its height for the width it gets (height-for-width) only, never its width for a
/// height, which makes `GtkLabel` search for a width by laying its text out again and again.
@MainActor
public final class Grid: Widget {
    /// Wraps `gtk_grid_new` (through `g_object_new`, so a role can be given).
    public init(accessibleRole: AccessibleRole? = nil) {
        super.init(type: gtk_grid_get_type(), accessibleRole: accessibleRole)
    }
    /// Puts `child` at `column`, `row`, spanning `width` columns and `height` rows.
    /// Wraps `gtk_grid_attach`.
    public func attach(_ child: Widget, column: Int, row: Int, width: Int = 1, height: Int = 1) {
        gtk_grid_attach(c(), child.widget, gint(column), gint(row), gint(width), gint(height))
    }
    /// Wraps `gtk_grid_remove`.
    public func remove(_ child: Widget) { gtk_grid_remove(c(), child.widget) }
    /// Pixels between columns. Wraps `gtk_grid_set_column_spacing`.
    public var columnSpacing: Int {
        get { Int(gtk_grid_get_column_spacing(c())) }
        set { gtk_grid_set_column_spacing(c(), guint(newValue)) }
    }
    /// Pixels between rows. Wraps `gtk_grid_set_row_spacing`.
    public var rowSpacing: Int {
        get { Int(gtk_grid_get_row_spacing(c())) }
        set { gtk_grid_set_row_spacing(c(), guint(newValue)) }
    }
}
