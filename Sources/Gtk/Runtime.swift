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

    /// Whether this thread is the process's main thread (`gettid() == getpid()`).
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

/// GTK could not start.
public enum GtkInitError: Error, CustomStringConvertible, Equatable, Sendable {
    /// `gtk_init_check` failed: no display could be opened.
    case noDisplay(String)

    public var description: String {
        switch self {
        case .noDisplay(let detail):
            return "no display: set DISPLAY or WAYLAND_DISPLAY to a running display, or run under "
                + "`scripts/with-display` (Xvfb) (\(detail))"
        }
    }
}

/// A `GError` turned into a Swift error: its domain (as a string), code and message.
public struct GLibError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The error domain, e.g. `g-io-error-quark`.
    public var domain: String
    /// The domain-specific code.
    public var code: Int
    /// The human-readable message GLib produced.
    public var message: String

    /// Creates an error from its parts.
    public init(domain: String, code: Int, message: String) {
        self.domain = domain
        self.code = code
        self.message = message
    }

    /// Converts and frees a `GError`.
    init(consuming error: UnsafeMutablePointer<GError>) {
        domain = String(cString: g_quark_to_string(error.pointee.domain))
        code = Int(error.pointee.code)
        message = error.pointee.message.map { String(cString: $0) } ?? "(no message)"
        g_error_free(error)
    }

    /// Runs `body` with a `GError **` and throws when it sets one.
    static func check<R>(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> R) throws(GLibError) -> R {
        var error: UnsafeMutablePointer<GError>? = nil
        let result = body(&error)
        if let error { throw GLibError(consuming: error) }
        return result
    }

    public var description: String { "\(message) (\(domain) \(code))" }

    /// Builds a real `GError` through GLib and converts it back: the conversion, exercised
    /// end to end (tests use it; it is also how one checks a domain name).
    public static func roundTrip(domain: String, code: Int, message: String) -> GLibError {
        let quark = g_quark_from_string(domain)
        let error = g_error_new_literal(quark, gint(code), message)!
        return GLibError(consuming: error)
    }
}
