internal import CGtk

/// A reference to the process's D-Bus session bus connection. Wraps the `GDBusConnection`
/// `g_bus_get_sync(G_BUS_TYPE_SESSION)` returns.
///
/// GIO keeps one session bus connection per process only while someone holds it. GTK
/// connects while it starts (GDK asks the settings portal) and lets go when the portal proxy
/// goes; an ``Application`` registered after that connects again, which without
/// `DBUS_SESSION_BUS_ADDRESS` (Xvfb) means spawning `dbus-launch` a second time. Holding the
/// bus from before ``GtkRuntime/initialize()`` until the application is registered makes it
/// one connection:
///
/// ```swift
/// let bus = SessionBus.connect()          // nil without a session bus: nothing changes
/// try GtkRuntime.initialize()
/// let status = withExtendedLifetime(bus) { app.run() }
/// ```
@MainActor
public final class SessionBus: Object {
    private init(connection: UnsafeMutableRawPointer) {
        super.init(connection, .adoptFullGio)
    }

    /// Wraps `g_bus_get_sync(G_BUS_TYPE_SESSION)`.
    ///
    /// The session bus connection (made now, or the one the process has), or `nil` when there
    /// is no session bus (no address and no way to autolaunch one, e.g. no display).
    public static func connect() -> SessionBus? {
        GtkRuntime.requireMainThread("SessionBus.connect")
        guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return nil }
        return SessionBus(connection: UnsafeMutableRawPointer(connection))
    }
}
