import Gettext
public import LifecycleTasks

/// What the session running a scene-phase repro can report of its window (SPEC §1), as a plain
/// value the app derives from its display and GTK version. Headless runs see everything.
///
/// On X11, and with GTK ≥ 4.12 where the compositor suspends a minimized window, a minimize
/// gives `.background`. On Wayland with GTK < 4.12 (Debian 12's GNOME) it cannot be seen: the
/// window looks unfocused (GNOME) or nothing happens at all (sway has no minimize), so the
/// repro leaves its minimize and restore out and judges what that session can show, focus loss.
///
/// ```swift
/// let detection = ScenePhaseDetection(canSeeMinimize: false)   // Wayland, GTK 4.8
/// await driver.run(scenePhase: screen, detection: detection)
/// ```
public struct ScenePhaseDetection: Sendable, Hashable, CustomStringConvertible {
    /// Whether a minimized window's scene goes `.background`.
    public var canSeeMinimize: Bool
    /// Whether the run can bring a minimized window back: the app itself on X11; on Wayland only
    /// the compositor, for a person or for an outside driver (`--window-actions-by`).
    public var canRestore: Bool

    /// Describes a session.
    public init(canSeeMinimize: Bool, canRestore: Bool = true) {
        self.canSeeMinimize = canSeeMinimize
        self.canRestore = canRestore
    }

    /// Whether the repro minimizes and restores: only where both can be done and seen (on GNOME
    /// without an outside driver the app could minimize but never bring the window back).
    public var runsMinimize: Bool { canSeeMinimize && canRestore }

    /// A session that reports every phase SPEC §1's table names (X11; headless runs).
    public static let everything = ScenePhaseDetection(canSeeMinimize: true)

    /// The phase `action` leads to as this session reports it, or `nil` when it cannot report
    /// the action at all (a minimize it cannot see).
    public func reportedPhase(after action: WindowAction) -> ScenePhase? {
        if action == .minimize && !canSeeMinimize { return nil }
        return action.resultingPhase
    }

    /// "sees minimize" or "cannot see a minimize".
    public var description: String {
        !canSeeMinimize
            ? tr("cannot see a minimize") : canRestore ? tr("sees minimize") : tr("sees minimize, cannot restore")
    }
}
