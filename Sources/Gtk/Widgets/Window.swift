internal import CGtk

/// What a close-request handler decides: the `gboolean` a `GtkWindow::close-request` handler returns.
public enum CloseResponse: Sendable {
    /// Let the window close (destroy, or hide if `hidesOnClose`).
    case close
    /// Keep the window open.
    case keepOpen
}

/// The state a window manager or compositor gives a window's surface. Wraps `GdkToplevelState`.
public struct ToplevelState: OptionSet, Sendable {
    /// The `GdkToplevelState` bits.
    public let rawValue: UInt32
    /// Wraps the `GdkToplevelState` bits `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Minimized (iconified). Wraps `GDK_TOPLEVEL_STATE_MINIMIZED`.
    public static let minimized = ToplevelState(rawValue: GDK_TOPLEVEL_STATE_MINIMIZED.rawValue)
    /// Wraps `GDK_TOPLEVEL_STATE_MAXIMIZED`.
    public static let maximized = ToplevelState(rawValue: GDK_TOPLEVEL_STATE_MAXIMIZED.rawValue)
    /// Wraps `GDK_TOPLEVEL_STATE_FULLSCREEN`.
    public static let fullscreen = ToplevelState(rawValue: GDK_TOPLEVEL_STATE_FULLSCREEN.rawValue)
    /// Drawn as focused (active decorations). Wraps `GDK_TOPLEVEL_STATE_FOCUSED`.
    public static let focused = ToplevelState(rawValue: GDK_TOPLEVEL_STATE_FOCUSED.rawValue)
}

/// A toplevel window. Wraps `GtkWindow` (or `GtkApplicationWindow` with an application).
///
/// GTK keeps each window alive in its toplevel list until ``destroy()`` (or a close); the
/// wrapper holds a reference of its own on top, so it stays valid after destroy.
@MainActor
public class Window: Widget {
    private var held: Widget?
    private var titlebarWidget: Widget?

    /// A plain window. Wraps `gtk_window_new`.
    public init(title: String = "", accessibleRole: AccessibleRole? = nil) {
        super.init(type: gtk_window_get_type(), accessibleRole: accessibleRole)
        self.title = title
    }

    /// A window of `application` (its actions and accelerators work in it, and the app runs
    /// while it is open). Wraps `gtk_application_window_new`.
    public init(application: Application, title: String = "") {
        super.init(sinking: UnsafeMutableRawPointer(gtk_application_window_new(application.c())!))
        self.title = title
    }

    var window: UnsafeMutablePointer<GtkWindow> { c() }

    /// Wraps `gtk_window_set_title`.
    public var title: String {
        get { gtk_window_get_title(window).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(window, newValue) }
    }
    /// Wraps `gtk_window_set_default_size`.
    public func setDefaultSize(width: Int, height: Int) {
        gtk_window_set_default_size(window, gint(width), gint(height))
    }
    /// Wraps `gtk_window_set_child`.
    public var child: Widget? {
        get { held }
        set {
            held = newValue
            gtk_window_set_child(window, newValue?.widget)
        }
    }
    /// Wraps `gtk_window_set_titlebar`.
    public var titlebar: Widget? {
        get { titlebarWidget }
        set {
            titlebarWidget = newValue
            gtk_window_set_titlebar(window, newValue?.widget)
        }
    }
    /// Shows the window and asks the window manager to focus it. Wraps `gtk_window_present`.
    public func present() { gtk_window_present(window) }
    /// Asks the window to close, as the title-bar button does (emits `close-request`).
    /// Wraps `gtk_window_close`.
    public func close() { gtk_window_close(window) }
    /// Destroys the window now: its widgets unmap, GTK drops its reference, and the window is
    /// disposed even though this wrapper still holds one (so `destroy` fires and every signal
    /// handler's closure is released, as `gtk_widget_destroy` did in GTK 3). Idempotent.
    /// Wraps `gtk_window_destroy` + `g_object_run_dispose`.
    public func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        held = nil
        titlebarWidget = nil
        gtk_window_destroy(window)
        g_object_run_dispose(cg_object(raw))
    }
    /// Whether ``destroy()`` (`gtk_window_destroy`) ran. A destroyed window must not be used again.
    public private(set) var isDestroyed = false
    /// Wraps `gtk_window_minimize`. Its widgets stay mapped (no `unmap`).
    public func minimize() { gtk_window_minimize(window) }
    /// Wraps `gtk_window_unminimize`.
    public func unminimize() { gtk_window_unminimize(window) }
    /// Whether the window shows where the keyboard focus is (GTK turns it on after keyboard
    /// navigation and off after a click). Wraps `gtk_window_get_focus_visible` /
    /// `gtk_window_set_focus_visible`.
    public var isFocusVisible: Bool {
        get { gtk_window_get_focus_visible(window) != 0 }
        set { gtk_window_set_focus_visible(window, newValue ? 1 : 0) }
    }
    /// The ``AccessibleNode/identity`` of the widget with the keyboard focus, or `nil` when
    /// none has it. Wraps `gtk_root_get_focus`.
    public var focusIdentity: UInt? {
        gtk_root_get_focus(OpaquePointer(raw)).map { UInt(bitPattern: UnsafeMutableRawPointer($0)) }
    }
    /// Whether the window has the keyboard focus of the desktop. Wraps `gtk_window_is_active`.
    public var isActive: Bool { gtk_window_is_active(window) != 0 }
    /// Whether the window manager minimized it (`GDK_TOPLEVEL_STATE_MINIMIZED` of its surface).
    public var isMinimized: Bool { toplevelState.contains(.minimized) }
    /// Wraps `gtk_window_set_hide_on_close`.
    public var hidesOnClose: Bool {
        get { gtk_window_get_hide_on_close(window) != 0 }
        set { gtk_window_set_hide_on_close(window, newValue ? 1 : 0) }
    }
    /// Wraps `gtk_window_set_transient_for`.
    public func setTransient(for parent: Window?) { gtk_window_set_transient_for(window, parent?.window) }

    /// The titles of the process's toplevel windows that are on screen now, the ones GTK makes
    /// itself included (a file chooser's dialog). Wraps `gtk_window_get_toplevels`.
    public static var mappedToplevelTitles: [String] {
        guard let toplevels = gtk_window_get_toplevels() else { return [] }
        var titles: [String] = []
        for index in 0..<g_list_model_get_n_items(toplevels) {
            guard let item = g_list_model_get_item(toplevels, index) else { continue }
            defer { g_object_unref(item) }
            guard gtk_widget_get_mapped(item.assumingMemoryBound(to: GtkWidget.self)) != 0 else { continue }
            titles.append(
                gtk_window_get_title(item.assumingMemoryBound(to: GtkWindow.self)).map { String(cString: $0) } ?? "")
        }
        return titles
    }

    /// Called when the user (or ``close()``) asks to close. Wraps `GtkWindow::close-request`.
    @discardableResult
    public func onCloseRequest(_ body: @escaping @MainActor () -> CloseResponse) -> SignalConnection {
        connectBool("close-request") { body() == .keepOpen }
    }

    /// Called when ``isActive`` changes. Wraps `notify::is-active`.
    @discardableResult
    public func onActiveChanged(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("is-active", body)
    }

    /// The state of the window's surface, empty before it is realized. Wraps `gdk_toplevel_get_state`.
    public var toplevelState: ToplevelState {
        guard let surface = surface else { return [] }
        return ToplevelState(rawValue: gdk_toplevel_get_state(OpaquePointer(surface)).rawValue)
    }

    /// Called when ``toplevelState`` changes. Wraps `notify::state` of the window's `GdkToplevel`
    /// (`gtk_native_get_surface`).
    ///
    /// The surface exists only between realize and unrealize: this returns `nil` before realize,
    /// and the connection ends with the surface, so connect again from ``Widget/onRealize(_:)``.
    public func onToplevelStateChanged(_ body: @escaping @MainActor () -> Void) -> SignalConnection? {
        guard let surface else { return nil }
        return connectNotify(surface, "state", body)
    }

    /// Called when the window's surface starts being shown on a monitor, with the monitor's
    /// identity. Wraps `GdkSurface::enter-monitor` (see ``onSurfaceLeftMonitor(_:)``).
    public func onSurfaceEnteredMonitor(_ body: @escaping @MainActor (_ monitor: UInt) -> Void) -> SignalConnection? {
        connectSurfaceMonitor("enter-monitor", body)
    }

    /// Called when the window's surface stops being shown on a monitor, with the monitor's
    /// identity. Wraps `GdkSurface::leave-monitor`. On Wayland it follows the compositor's
    /// `wl_surface.leave`: GNOME's mutter takes a minimized window off every monitor about 0.3 s
    /// after the minimize, whether or not the window is drawing, unlike the `suspended` state
    /// (GTK ≥ 4.12), which GDK applies only at a frame a hidden window never gets.
    ///
    /// The surface exists only between realize and unrealize: this returns `nil` before realize,
    /// and the connection ends with the surface, so connect again from ``Widget/onRealize(_:)``.
    public func onSurfaceLeftMonitor(_ body: @escaping @MainActor (_ monitor: UInt) -> Void) -> SignalConnection? {
        connectSurfaceMonitor("leave-monitor", body)
    }

    private func connectSurfaceMonitor(
        _ signal: String, _ body: @escaping @MainActor (UInt) -> Void
    ) -> SignalConnection? {
        guard let surface else { return nil }
        let handler: PointerBody = { monitor in body(UInt(bitPattern: monitor)) }
        return connectSignal(surface, signal, ClosureBox<PointerBody>(handler), cFunction(pointerTrampoline))
    }

    /// Whether this GTK reports a suspended window (GTK ≥ 4.12 has the `suspended` property).
    /// Wraps `g_object_class_find_property(…, "suspended")`.
    public var reportsSuspended: Bool { GtkRuntime.version.minor >= 12 && hasProperty("suspended") }

    /// Whether the compositor suspended the window (it is not seen at all). Wraps
    /// `gtk_window_is_suspended` (GTK ≥ 4.12) through the `suspended` property; `false` where
    /// GTK has none (see ``reportsSuspended``).
    public var isSuspended: Bool { reportsSuspended && booleanProperty("suspended") }

    /// Called when ``isSuspended`` changes. Wraps `notify::suspended`; `nil` where GTK has no
    /// such property (see ``reportsSuspended``).
    public func onSuspendedChanged(_ body: @escaping @MainActor () -> Void) -> SignalConnection? {
        reportsSuspended ? onNotify("suspended", body) : nil
    }

    /// The window's `GdkSurface` (a `GdkToplevel`), present only between realize and unrealize.
    var surface: UnsafeMutableRawPointer? {
        guard isRealized, let surface = gtk_native_get_surface(opaque) else { return nil }
        guard cg_surface_is_toplevel(surface) != 0 else { return nil }
        return UnsafeMutableRawPointer(surface)
    }
}
