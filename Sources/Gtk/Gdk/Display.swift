internal import CGtk

/// The windowing system a `GdkDisplay` talks to, from the GDK class that implements it.
public enum DisplayBackend: Sendable, Hashable, CustomStringConvertible {
    /// An X server (`GdkX11Display`).
    case x11
    /// A Wayland compositor (`GdkWaylandDisplay`).
    case wayland
    /// Another GDK backend (Broadway, macOS, Windows), by its `GdkDisplay` class name.
    case other(String)

    /// Maps a `GdkDisplay` subclass name to its backend.
    public init(displayTypeName name: String) {
        switch name {
        case "GdkX11Display": self = .x11
        case "GdkWaylandDisplay": self = .wayland
        default: self = .other(name)
        }
    }

    /// "X11", "Wayland", or the class name.
    public var description: String {
        switch self {
        case .x11: "X11"
        case .wayland: "Wayland"
        case .other(let name): name
        }
    }
}

/// The default display GTK opened at start-up. Wraps `gdk_display_get_default`.
///
/// (Whether a Wayland seat has a keyboard cannot be told from here: GDK keeps a logical keyboard
/// on every seat, and `gdk_seat_get_capabilities` reports it under sway without any keyboard.)
///
/// ```swift
/// if Display.backend == .wayland { … }   // nil before GTK is initialized
/// ```
@MainActor
public enum Display {
    /// Which windowing system the default display talks to, or `nil` before GTK opened one.
    /// Wraps `G_OBJECT_TYPE_NAME (gdk_display_get_default ())` (what `GDK_IS_WAYLAND_DISPLAY`
    /// and `GDK_IS_X11_DISPLAY` test, without including the backends' headers).
    public static var backend: DisplayBackend? {
        guard let display = gdk_display_get_default() else { return nil }
        return DisplayBackend(displayTypeName: String(cString: cg_type_name_of(UnsafeMutableRawPointer(display))))
    }

    /// Whether the Wayland compositor offers the global interface `name` (e.g. `gtk_shell1`, GNOME's
    /// own protocol, which mutter offers and sway does not); `false` on other backends. Wraps
    /// `gdk_wayland_display_query_registry`.
    public static func waylandCompositorOffers(_ name: String) -> Bool {
        guard backend == .wayland, let display = gdk_display_get_default() else { return false }
        return cg_wayland_display_query_registry(display, name) != 0
    }

    /// The display's name (`:99` for X11, `wayland-1` for Wayland). Wraps `gdk_display_get_name`.
    public static var name: String? {
        guard let display = gdk_display_get_default(), let name = gdk_display_get_name(display) else { return nil }
        return String(cString: name)
    }
}
