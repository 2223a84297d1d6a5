import Gtk
import LabModel
import LifecycleTasks

/// The window actions of the scenarios, done on the real main window: each waits until the
/// window's scene reports the phase the action leads to, so when it returns the action has
/// been delivered (SPEC §1: minimize → `.background`, focus elsewhere → `.inactive`).
///
/// A session reports only what it can detect (``LabEnvironment/scenePhaseDetection``): under
/// sway a minimize still asks the compositor, which has none, so that action does not wait. On
/// Wayland the restore is the compositor's to do: with `--window-actions-by` the minimize and the
/// restore go to that program instead of to GTK.
@MainActor
enum WindowActions {
    /// How long a window manager may take to minimize, restore or move the focus (mutter's
    /// minimize animation and the surface leaving the monitor take about 0.4 s).
    static let timeout: Duration = .seconds(3)

    /// Performs `action` on the main window and waits for the scene phase this session reports
    /// for it.
    static func perform(_ action: WindowAction, environment: LabEnvironment) async {
        switch action {
        case .minimize:
            if let program = environment.outsideWindowActions {
                _ = await OutsideWindowActions.run(program, "minimize")
            } else {
                environment.window.minimize()
            }
        case .restore:
            if let program = environment.outsideWindowActions {
                _ = await OutsideWindowActions.run(program, "restore")
            } else {
                environment.window.unminimize()
                environment.window.present()
            }
        case .focusElsewhere:
            environment.focusElsewhere()
        case .focus:
            environment.focusMainWindow()
        }
        guard let scene = environment.windowScene,
            let phase = environment.scenePhaseDetection.reportedPhase(after: action)
        else { return }
        _ = await MainLoop.waitUntil(timeout: timeout) { scene.phase == phase }
    }
}
