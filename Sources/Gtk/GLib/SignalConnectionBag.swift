internal import CGtk

/// A window's lifecycle phase, as SPEC §1 derives it from GTK. The adapter maps it to the
/// core's scene phase one to one.
public enum WindowPhase: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The window has the focus (`is-active`) and is not minimized.
    case active
    /// The window is mapped and not minimized, but focus is elsewhere.
    case inactive
    /// The window is minimized (`GDK_TOPLEVEL_STATE_MINIMIZED`), hidden, not yet shown,
    /// destroyed, or (GTK ≥ 4.12) suspended.
    case background

    public var description: String {
        switch self {
        case .active: "active"
        case .inactive: "inactive"
        case .background: "background"
        }
    }

    /// The app-wide phase of a set of window phases: `.active` if any window is active, else
    /// `.inactive` if any is not in the background, else `.background` (also for no windows).
    public static func aggregate<S: Sequence<WindowPhase>>(_ phases: S) -> WindowPhase {
        var result = WindowPhase.background
        for phase in phases {
            if phase == .active { return .active }
            if phase == .inactive { result = .inactive }
        }
        return result
    }
}

/// Holds signal connections of any objects and disconnects them together.
///
/// ``SignalConnection`` is not copyable, so it cannot go in an array; a bag can.
@MainActor
public final class SignalConnectionBag {
    private struct Entry { let instance: UnsafeMutableRawPointer; let id: UInt; let box: GLibClosureBox }
    private var entries: [Entry] = []

    /// Creates an empty bag.
    public init() {}

    /// Takes ownership of a connection.
    public func insert(_ connection: consuming SignalConnection) {
        entries.append(Entry(instance: connection.instance, id: connection.id, box: connection.box))
    }

    /// Number of connections held (connected or not).
    public var count: Int { entries.count }

    /// Disconnects every connection still connected and empties the bag. Wraps
    /// `g_signal_handler_disconnect`.
    public func disconnectAll() {
        let taken = entries
        entries.removeAll()
        for entry in taken {
            SignalConnection(instance: entry.instance, id: entry.id, box: entry.box).disconnect()
        }
    }

    isolated deinit { disconnectAll() }
}

/// Follows one window's phase (SPEC §1) and reports each change once.
///
/// Sources: `notify::is-active` and `notify::visible` of the window, `map`/`unmap`, and the
/// `GdkToplevel` state of its surface (`notify::state`; the surface exists only between
/// `realize` and `unrealize`, so the tracker connects to it at realize). On GTK ≥ 4.12 it
/// also watches the window's `suspended` property, found at run time with
/// `g_object_class_find_property` (GTK 4.8 has none). Every source re-derives the phase from
/// the current state and reports only a change, so duplicate notifications are harmless.
///
/// ```swift
/// let tracker = WindowPhaseTracker(window: window)
/// tracker.onPhaseChange { old, new in print("window: \(old) → \(new)") }
/// ```
/// Minimizing does not unmap the window's widgets (no disappear); it only makes the phase
/// `.background`. The tracker holds the window; the window's handlers hold the tracker weakly.
@MainActor
public final class WindowPhaseTracker {
    /// The tracked window.
    public let window: Window
    /// The current phase.
    public private(set) var phase: WindowPhase
    private var observers: [@MainActor (WindowPhase, WindowPhase) -> Void] = []
    private let windowConnections = SignalConnectionBag()
    private let surfaceConnections = SignalConnectionBag()
    private let watchesSuspended: Bool

    /// Starts tracking `window`; ``phase`` is its phase now.
    public init(window: Window) {
        self.window = window
        watchesSuspended = GtkRuntime.version.minor >= 12 && window.hasProperty("suspended")
        phase = .background
        phase = derivePhase()
        for property in ["is-active", "visible"] {
            windowConnections.insert(window.onNotify(property) { [weak self] in self?.refresh() })
        }
        if watchesSuspended {
            windowConnections.insert(window.onNotify("suspended") { [weak self] in self?.refresh() })
        }
        windowConnections.insert(window.onMap { [weak self] in self?.refresh() })
        windowConnections.insert(window.onUnmap { [weak self] in self?.refresh() })
        windowConnections.insert(window.onRealize { [weak self] in
            self?.connectSurface()
            self?.refresh()
        })
        windowConnections.insert(window.onUnrealize { [weak self] in
            self?.surfaceConnections.disconnectAll()
            self?.refresh()
        })
        if window.isRealized { connectSurface() }
    }

    /// Calls `body(old, new)` after every phase change.
    public func onPhaseChange(_ body: @escaping @MainActor (_ old: WindowPhase, _ new: WindowPhase) -> Void) {
        observers.append(body)
    }

    /// Disconnects from the window; no further changes are reported.
    public func invalidate() {
        windowConnections.disconnectAll()
        surfaceConnections.disconnectAll()
        observers.removeAll()
    }

    private func connectSurface() {
        surfaceConnections.disconnectAll()
        guard let surface = window.surface else { return }
        surfaceConnections.insert(connectNotify(surface, "state") { [weak self] in self?.refresh() })
    }

    private func derivePhase() -> WindowPhase {
        guard window.isVisible, window.isMapped else { return .background }
        let state = window.toplevelState
        if state & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue != 0 { return .background }
        if watchesSuspended && window.booleanProperty("suspended") { return .background }
        return window.isActive ? .active : .inactive
    }

    /// Re-derives the phase and reports it if it changed.
    public func refresh() {
        let new = derivePhase()
        guard new != phase else { return }
        let old = phase
        phase = new
        for observer in observers { observer(old, new) }
    }
}

/// The app-wide phase over every tracked window (SPEC §1 "app scene phase"), reported once
/// per change.
///
/// ```swift
/// let appPhase = AppPhaseAggregator()
/// appPhase.track(mainWindow)
/// appPhase.onPhaseChange { old, new in … }
/// ```
/// A window is untracked automatically when it is destroyed.
@MainActor
public final class AppPhaseAggregator {
    /// The current app-wide phase (`.background` with no windows).
    public private(set) var phase: WindowPhase = .background
    private var trackers: [WindowPhaseTracker] = []
    private var observers: [@MainActor (WindowPhase, WindowPhase) -> Void] = []
    private let connections = SignalConnectionBag()

    /// Creates an aggregator with no windows.
    public init() {}

    /// The trackers of the windows followed now.
    public var windows: [WindowPhaseTracker] { trackers }

    /// Starts following `window` (again returns the existing tracker if already followed).
    @discardableResult
    public func track(_ window: Window) -> WindowPhaseTracker {
        if let existing = trackers.first(where: { $0.window === window }) { return existing }
        let tracker = WindowPhaseTracker(window: window)
        tracker.onPhaseChange { [weak self] _, _ in self?.refresh() }
        trackers.append(tracker)
        connections.insert(window.onDestroy { [weak self, weak window] in
            guard let self, let window else { return }
            self.untrack(window)
        })
        refresh()
        return tracker
    }

    /// Stops following `window`.
    public func untrack(_ window: Window) {
        trackers.removeAll { tracker in
            guard tracker.window === window else { return false }
            tracker.invalidate()
            return true
        }
        refresh()
    }

    /// Calls `body(old, new)` after every app-wide phase change.
    public func onPhaseChange(_ body: @escaping @MainActor (_ old: WindowPhase, _ new: WindowPhase) -> Void) {
        observers.append(body)
    }

    private func refresh() {
        let new = WindowPhase.aggregate(trackers.map(\.phase))
        guard new != phase else { return }
        let old = phase
        phase = new
        for observer in observers { observer(old, new) }
    }
}
