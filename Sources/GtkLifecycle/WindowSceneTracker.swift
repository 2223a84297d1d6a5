import Gtk
import LifecycleTasks

/// Follows one GTK window and keeps its ``WindowScene``'s phase as SPEC §1 derives it.
///
/// Sources: `notify::is-active` and `notify::visible` of the window, `map`/`unmap`, and the
/// `GdkToplevel` state of its surface (`notify::state`; the surface exists only between
/// `realize` and `unrealize`, so the tracker connects to it at realize). On GTK ≥ 4.12 it
/// also watches the window's `suspended` property (GTK 4.8 has none); under GNOME's mutter it
/// counts the monitors the surface is shown on (`enter-monitor`, `leave-monitor`): a mapped
/// window that was shown and is now on none is hidden by the compositor (minimized, or on
/// another workspace; a monitor unplugged before the window enters the next one gives a
/// moment of `.background` too). Under KDE's KWin it watches whether the compositor still takes
/// the window's frames (`FramePresentationWatch`): KWin withholds a hidden window's frame
/// callbacks (minimized, or on another desktop). What `.active` follows
/// (`is-active` or the `FOCUSED` state) is the session's ``SceneDetection``. Every source re-derives
/// the phase from the current state, and the scene ignores an unchanged phase, so duplicate
/// notifications are harmless.
///
/// Minimizing does not unmap the window's widgets (no disappear); it only makes the phase
/// `.background`. The tracker holds the window and its scene; the window's handlers hold the
/// tracker weakly.
@MainActor
final class WindowSceneTracker {
    /// The followed window.
    let window: Window
    /// The scene the window's phase goes to.
    let scene: WindowScene
    private let watchesSuspended: Bool
    private let watchesMonitors: Bool
    /// Under KWin: whether the compositor still takes the window's frames.
    private var frames: FramePresentationWatch?
    private let activeSource: SceneDetection.ActiveSource
    /// The monitors the surface is shown on, and whether it was shown on one since it mapped
    /// (before its first `enter-monitor` a new window is on none, yet not hidden).
    private var monitors = MonitorPresence()
    /// On Wayland: the keyboard focus and the FOCUSED state, the later of which says the focus.
    private var focus = WaylandFocus()
    /// The idle after an `is-active` change that reads its settled value.
    private var keyboardSettle: SourceHandle?
    private let windowConnections = SignalConnectionBag()
    private let surfaceConnections = SignalConnectionBag()

    /// Starts following `window`; its new scene starts at the window's phase now.
    init(window: Window, name: String, app: AppScene, context: LifecycleContext, detection: SceneDetection) {
        self.window = window
        let watchesSuspended = detection.followsSuspended && window.reportsSuspended
        self.watchesSuspended = watchesSuspended
        activeSource = detection.activeSource
        watchesMonitors = detection.followsMonitors
        scene = WindowScene(
            name: name, app: app, context: context,
            phase: Self.phase(
                of: window, watchingSuspended: watchesSuspended, hiddenByCompositor: false,
                activeSource: detection.activeSource, focus: WaylandFocus()))
        if detection.followsWithheldFrames {
            frames = FramePresentationWatch(window: window, patience: SceneDetection.withheldFramesPatience) {
                [weak self] in self?.refresh()
            }
        }
        windowConnections.insert(window.onActiveChanged { [weak self] in self?.activeChanged() })
        windowConnections.insert(window.onVisibleChanged { [weak self] in self?.refresh() })
        if watchesSuspended, let connection = window.onSuspendedChanged({ [weak self] in self?.refresh() }) {
            windowConnections.insert(connection)
        }
        windowConnections.insert(window.onMap { [weak self] in self?.refresh() })
        windowConnections.insert(
            window.onUnmap { [weak self] in
                self?.monitors = MonitorPresence()
                if self?.activeSource == .focusedState { self?.focus.unmapped() }
                self?.refresh()
            })
        windowConnections.insert(
            window.onRealize { [weak self] in
                self?.connectSurface()
                self?.refresh()
            })
        windowConnections.insert(
            window.onUnrealize { [weak self] in
                self?.surfaceConnections.disconnectAll()
                self?.refresh()
            })
        if window.isRealized { connectSurface() }
    }

    /// Re-derives the phase and hands it to the scene (which reports only a change).
    func refresh() {
        let hidden = (watchesMonitors && monitors.offEveryMonitor) || frames?.framesWithheld == true
        scene.update(
            phase: Self.phase(
                of: window, watchingSuspended: watchesSuspended, hiddenByCompositor: hidden,
                activeSource: activeSource, focus: focus))
    }

    /// `is-active` changed. On Wayland it is read once the events already queued have been
    /// handled: a menu (a popover) taking the keyboard makes GTK report the window inactive and
    /// active again in one go, which is no focus change.
    private func activeChanged() {
        guard activeSource == .focusedState else { return refresh() }
        guard keyboardSettle == nil else { return }
        keyboardSettle = MainLoop.idleSource(priority: MainLoop.highIdlePriority) { [weak self] in
            guard let self else { return false }
            self.keyboardSettle = nil
            self.focus.keyboardSettled(self.window.isActive)
            self.refresh()
            return false
        }
    }

    /// The surface's state changed (GDK applies it at the window's next frame).
    private func stateChanged() {
        if activeSource == .focusedState { focus.stateApplied(focused: window.toplevelState.contains(.focused)) }
        refresh()
    }

    /// Disconnects from the window; the scene gets no further phases from it.
    func invalidate() {
        windowConnections.disconnectAll()
        surfaceConnections.disconnectAll()
        frames?.stop()
        keyboardSettle.take()?.cancel()
    }

    private func connectSurface() {
        surfaceConnections.disconnectAll()
        if let connection = window.onToplevelStateChanged({ [weak self] in self?.stateChanged() }) {
            surfaceConnections.insert(connection)
        }
        guard watchesMonitors else { return }
        monitors = MonitorPresence()
        if let connection = window.onSurfaceEnteredMonitor({ [weak self] monitor in
            self?.monitors.enter(monitor)
            self?.refresh()
        }) {
            surfaceConnections.insert(connection)
        }
        if let connection = window.onSurfaceLeftMonitor({ [weak self] monitor in
            self?.monitors.leave(monitor)
            self?.refresh()
        }) {
            surfaceConnections.insert(connection)
        }
    }

    /// SPEC §1's table: `.background` when the window is hidden (or not mapped), minimized,
    /// suspended or hidden by the compositor (off every monitor, its frames withheld); else
    /// `.active` when it has the focus (as `activeSource` tells), `.inactive` when it has not.
    /// On Wayland a window with the focus is shown (a compositor focuses no hidden window):
    /// GDK applies a state (FOCUSED, suspended) only at the window's next frame, and the frames
    /// watch learns of that frame after GDK, so for a moment the signals of the hidden window
    /// are older than the focus that came with its return.
    private static func phase(
        of window: Window, watchingSuspended: Bool, hiddenByCompositor: Bool,
        activeSource: SceneDetection.ActiveSource, focus: WaylandFocus
    ) -> ScenePhase {
        guard window.isVisible, window.isMapped else { return .background }
        if window.isMinimized { return .background }
        let focused =
            switch activeSource {
            case .isActive: window.isActive
            case .focusedState:
                focus.focused(stateFocused: window.toplevelState.contains(.focused), keyboard: window.isActive)
            }
        if activeSource == .focusedState, focused { return .active }
        if hiddenByCompositor { return .background }
        if watchingSuspended && window.isSuspended { return .background }
        return focused ? .active : .inactive
    }
}

/// The monitors a window's surface is shown on, from its `enter-monitor` and `leave-monitor`.
struct MonitorPresence: Equatable {
    private(set) var shownOn: Set<UInt> = []
    private(set) var wasShown = false

    /// Whether the surface was shown on a monitor and is now on none (GNOME took it away).
    var offEveryMonitor: Bool { wasShown && shownOn.isEmpty }

    mutating func enter(_ monitor: UInt) {
        shownOn.insert(monitor)
        wasShown = true
    }

    mutating func leave(_ monitor: UInt) { shownOn.remove(monitor) }
}

/// A Wayland window's focus from its two signals: the surface's FOCUSED state (xdg-shell's
/// "activated"), which GDK applies only at the window's next frame, and the keyboard focus
/// (`is-active`), which comes as soon as the compositor's event is read, but only where the seat
/// has a keyboard. Whichever changed last says the focus (each is read as it is now: only the
/// order is kept here); until the keyboard has once been on the window, the seat may have none,
/// and FOCUSED alone does. GTK keeps both as they were when a window is hidden: shown again, the
/// window has the focus only once the compositor says so anew.
struct WaylandFocus: Equatable {
    private var keyboardSeen = false
    private var keyboardIsNewer = false
    private var lastState: Bool?
    private var staleSinceUnmap = false

    /// `is-active` settled at `active`.
    mutating func keyboardSettled(_ active: Bool) {
        if active {
            keyboardSeen = true
            staleSinceUnmap = false
        }
        if keyboardSeen { keyboardIsNewer = true }
    }

    /// The window was unmapped: what GTK says of its focus is stale until the compositor speaks
    /// to its next surface (where the seat has a keyboard, which then says so; without one,
    /// FOCUSED is trusted as before).
    mutating func unmapped() {
        keyboardIsNewer = false
        lastState = nil
        staleSinceUnmap = keyboardSeen
    }

    /// GDK applied a surface state in which FOCUSED is `focused`; only a change of it counts.
    mutating func stateApplied(focused: Bool) {
        guard focused != lastState else { return }
        lastState = focused
        keyboardIsNewer = false
        staleSinceUnmap = false
    }

    /// Whether the window has the focus, given the surface's FOCUSED state and `is-active` now.
    func focused(stateFocused: Bool, keyboard: Bool) -> Bool {
        guard !staleSinceUnmap else { return false }
        return keyboardIsNewer ? keyboard : stateFocused
    }
}
