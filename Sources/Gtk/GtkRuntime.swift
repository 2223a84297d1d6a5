internal import CGtk

/// Process-wide GTK state: start-up, version and the thread checks every wrapper call makes.
///
/// ```swift
/// try GtkRuntime.initialize()        // throws GtkInitError.noDisplay without a display
/// let window = Window(title: "Demo")
/// window.present()
/// ```
/// An ``Application`` initializes GTK itself when it starts, so apps built on it never call
/// ``initialize()``; tests and benchmarks that run without an application do.
@MainActor
public enum GtkRuntime {
    /// Initializes GTK and installs the main-actor bridge (``MainLoop/installDispatchBridge()``).
    ///
    /// Wraps `gtk_init_check`. Safe to call more than once.
    /// - Throws: ``GtkInitError/noDisplay(_:)`` when no display can be opened.
    public static func initialize() throws(GtkInitError) {
        requireMainThread()
        if gtk_is_initialized() == 0 {
            guard gtk_init_check() != 0 else {
                throw .noDisplay(displayDescription)
            }
        }
        MainLoop.installDispatchBridge()
    }

    /// Whether GTK has been initialized. Wraps `gtk_is_initialized`.
    public static var isInitialized: Bool { gtk_is_initialized() != 0 }

    /// The GTK library version this process runs against (`gtk_get_major_version` and friends).
    public nonisolated static var version: (major: Int, minor: Int, micro: Int) {
        (Int(gtk_get_major_version()), Int(gtk_get_minor_version()), Int(gtk_get_micro_version()))
    }

    /// Whether this thread is the process's main thread. Compares `gettid()` with `getpid()`.
    public nonisolated static var isMainThread: Bool { cg_is_main_thread() != 0 }

    static var displayDescription: String {
        let display = getenv("DISPLAY").map { String(cString: $0) }
        let wayland = getenv("WAYLAND_DISPLAY").map { String(cString: $0) }
        switch (display, wayland) {
        case (nil, nil): return "neither DISPLAY nor WAYLAND_DISPLAY is set"
        default: return "DISPLAY=\(display ?? "(unset)") WAYLAND_DISPLAY=\(wayland ?? "(unset)") could not be opened"
        }
    }

    /// Crashes with a message saying what to do when called off the main thread.
    nonisolated static func requireMainThread(_ function: StaticString = #function) {
        precondition(
            cg_is_main_thread() != 0,
            "Gtk.\(function) was called off the main thread; GTK may only be used on the main thread "
                + "(hop there with `await MainActor.run { … }` or `Task { @MainActor in … }`)")
    }

    /// Crashes with a message saying what to do when GTK is not initialized yet.
    /// Checked separately from the thread, so each mistake gets its own message.
    nonisolated static func requireInitialized(_ function: StaticString = #function) {
        requireMainThread(function)
        precondition(
            gtk_is_initialized() != 0,
            "Gtk.\(function) was called before GTK was initialized; call `try GtkRuntime.initialize()` "
                + "first, or create widgets from `Application.onActivate`")
    }
}

/// GTK could not start (`gtk_init_check` failed).
public enum GtkInitError: Error, CustomStringConvertible, Equatable, Sendable {
    /// `gtk_init_check` failed: no display could be opened.
    case noDisplay(String)

    /// What went wrong and how to get a display.
    public var description: String {
        switch self {
        case .noDisplay(let detail):
            return "no display: set DISPLAY or WAYLAND_DISPLAY to a running display, or run under "
                + "`scripts/sessions/with-display` (Xvfb) (\(detail))"
        }
    }
}
