internal import CGtk

/// An icon from the icon theme. Wraps `GtkImage`.
@MainActor
public final class Image: Widget {
    /// An image of the icon `iconName` (e.g. "folder-open-symbolic"). Wraps `gtk_image_new` and
    /// `gtk_image_set_from_icon_name`; a decorative icon takes the `presentation` role.
    /// - Parameters:
    ///   - iconName: the icon's name in the theme.
    ///   - accessibleRole: the role, fixed at creation.
    public init(iconName: String, accessibleRole: AccessibleRole? = nil) {
        super.init(type: gtk_image_get_type(), accessibleRole: accessibleRole)
        self.iconName = iconName
    }
    /// Wraps `gtk_image_get_icon_name` / `gtk_image_set_from_icon_name`.
    public var iconName: String {
        get { gtk_image_get_icon_name(opaque).map { String(cString: $0) } ?? "" }
        set { gtk_image_set_from_icon_name(opaque, newValue) }
    }
    /// The icon's size in pixels. Wraps `gtk_image_set_pixel_size`.
    public var pixelSize: Int {
        get { Int(gtk_image_get_pixel_size(opaque)) }
        set { gtk_image_set_pixel_size(opaque, gint(newValue)) }
    }
}
