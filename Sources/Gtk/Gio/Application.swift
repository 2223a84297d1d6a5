internal import CGtk

/// The application: its ID, actions, accelerators and the main loop. Wraps `GtkApplication`.
///
/// ```swift
/// // main.swift — synchronous main, on the main thread:
/// let app = Application(id: "org.example.Demo")
/// app.onActivate {
///     let window = Window(application: app, title: "Demo")
///     window.present()
/// }
/// exit(app.run())   // g_application_run; the main actor runs inside this loop
/// ```
/// `run` installs the main-actor bridge, so `Task { @MainActor in … }` works from the first
/// signal on. The wrapper owns the reference `gtk_application_new` returned.
@MainActor
public final class Application: Object {
    private var actions: [String: SimpleAction] = [:]

    /// Wraps `gtk_application_new`. `nonUnique` (the default) skips single-instance D-Bus
    /// registration, so tests and several copies can run side by side.
    /// - Precondition: `id` is a valid reverse-DNS application ID (`g_application_id_is_valid`).
    public init(id: String, nonUnique: Bool = true) {
        GtkRuntime.requireMainThread("Application.init")
        precondition(
            g_application_id_is_valid(id) != 0,
            "Gtk.Application: \"\(id)\" is not a valid application ID; use reverse-DNS such as org.example.App")
        let flags = nonUnique ? G_APPLICATION_NON_UNIQUE : G_APPLICATION_DEFAULT_FLAGS
        let app = gtk_application_new(id, flags)!
        // Not `super.init(_:_:)`: GTK is initialized only when the application starts up.
        super.init(UnsafeMutableRawPointer(app), .adoptFullGio)
    }

    var application: UnsafeMutablePointer<GApplication> { c() }

    /// The application ID. Wraps `g_application_get_application_id`.
    public var id: String { String(cString: g_application_get_application_id(application)) }

    /// Wraps `GApplication::startup` (GTK is initialized by then).
    @discardableResult
    public func onStartup(_ body: @escaping @MainActor () -> Void) -> SignalConnection { connect("startup", body) }
    /// Wraps `GApplication::activate`: create and present the main window here.
    @discardableResult
    public func onActivate(_ body: @escaping @MainActor () -> Void) -> SignalConnection { connect("activate", body) }
    /// Wraps `GApplication::shutdown`.
    @discardableResult
    public func onShutdown(_ body: @escaping @MainActor () -> Void) -> SignalConnection { connect("shutdown", body) }

    /// Runs the application's main loop until the last window closes or ``quit()``.
    /// Wraps `g_application_run`.
    ///
    /// Parse your own command line first (swift-argument-parser, or by hand) and pass only
    /// `[CommandLine.arguments[0]]`, unless GApplication should see the options (it rejects
    /// unknown ones).
    /// - Returns: the exit status.
    public func run(arguments: [String] = [CommandLine.arguments.first ?? "app"]) -> Int32 {
        GtkRuntime.requireMainThread("Application.run")
        MainLoop.installDispatchBridge()  // needs only GLib's default context, not GTK
        var argv = arguments.map { strdup($0) }
        let status = argv.withUnsafeMutableBufferPointer { buffer in
            g_application_run(application, gint(buffer.count), buffer.baseAddress)
        }
        argv.forEach { free($0) }
        return status
    }

    /// Registers the application and emits `startup` without running the loop (GTK is
    /// initialized afterwards). For tests that drive the loop with ``MainLoop``.
    /// Wraps `g_application_register`.
    ///
    /// A registered application is not finalized when its wrapper goes (GTK holds a reference
    /// of its own after startup: measured reference count 2 with one wrapper), so it and its
    /// actions' closures live for the process: register one application per process.
    public func register() throws(GLibError) {
        _ = try GLibError.check { g_application_register(application, nil, $0) }
        MainLoop.installDispatchBridge()
    }

    /// Stops ``run(arguments:)``. Wraps `g_application_quit`.
    public func quit() { g_application_quit(application) }

    /// Keeps the application running with no window open. Wraps `g_application_hold`.
    public func hold() { g_application_hold(application) }
    /// Balances ``hold()``. Wraps `g_application_release`.
    public func release() { g_application_release(application) }

    /// Adds an action, reachable as `"app.<name>"`. Wraps `g_action_map_add_action`.
    public func addAction(_ action: SimpleAction) {
        actions[action.name] = action
        g_action_map_add_action(OpaquePointer(raw), action.opaque)
    }
    /// The action added under `name` with ``addAction(_:)`` (the Swift wrapper, not
    /// `g_action_map_lookup_action`'s pointer).
    public func action(named name: String) -> SimpleAction? { actions[name] }

    /// Binds keyboard accelerators (e.g. `"<Control>q"`) to a detailed action name
    /// (e.g. `"app.quit"`). Wraps `gtk_application_set_accels_for_action`.
    public func setAccelerators(_ accels: [String], for detailedAction: String) {
        withCStringArray(accels) { gtk_application_set_accels_for_action(c(), detailedAction, $0) }
    }
    /// The accelerators bound to a detailed action. Wraps `gtk_application_get_accels_for_action`.
    public func accelerators(for detailedAction: String) -> [String] {
        guard let list = gtk_application_get_accels_for_action(c(), detailedAction) else { return [] }
        defer { g_strfreev(list) }
        var result: [String] = []
        var index = 0
        while let item = list[index] {
            result.append(String(cString: item))
            index += 1
        }
        return result
    }

    /// Asks the session not to go idle (screen blank, suspend) while `window` shows something.
    /// Wraps `gtk_application_inhibit(GTK_APPLICATION_INHIBIT_IDLE)`.
    /// - Returns: a cookie for ``uninhibit(_:)``, or `nil` when the session refused (no
    ///   session manager, as under Xvfb): show the state another way then.
    public func inhibitIdle(window: Window?, reason: String) -> UInt32? {
        let cookie = gtk_application_inhibit(c(), window?.window, GTK_APPLICATION_INHIBIT_IDLE, reason)
        return cookie == 0 ? nil : cookie
    }
    /// Wraps `gtk_application_uninhibit`.
    public func uninhibit(_ cookie: UInt32) { gtk_application_uninhibit(c(), cookie) }
}
