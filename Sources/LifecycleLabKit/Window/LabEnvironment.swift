import Gettext
public import Gtk
public import GtkLifecycle
public import LabModel
public import LifecycleTasks

/// What every page of the app shares: the GTK application and main window, the core's
/// context (clock, task registry, event log), the spec's durations and the scenes. What only one
/// page needs (the server page's status centre) stays in that page.
///
/// Made once at start-up by ``LabApp``; pages get it in their initializer.
@MainActor
public final class LabEnvironment {
    /// The running application (for actions and the idle inhibitor).
    public let application: Application
    /// The clock, task registry and event log every page's tasks use.
    public let context: LifecycleContext
    /// The spec's durations (D, L, P), scaled by `--time-scale`.
    public let timing: LabTiming
    /// GTK windows → core scenes.
    public let scenes: GtkScenes
    /// The main window. Set by ``LabApp`` before any page is built.
    public internal(set) var window: Window!
    /// The main window's scene (its phase follows the window). Set with ``window``.
    public internal(set) var windowScene: WindowScene!
    /// A small second window that takes the focus away from the main one (scene phase
    /// `.inactive`); made on first use.
    private var elsewhere: Window?

    /// What this session can detect of a window's scene phase (backend, GTK version).
    public var sceneDetection: SceneDetection { scenes.detection }

    /// A program that minimizes and restores the main window from outside (`COMMAND minimize`,
    /// `COMMAND restore`), as a person does with the compositor's own keys; `nil`: the app asks
    /// GTK, which a Wayland compositor obeys for a minimize but not for a restore.
    /// `--window-actions-by` sets it.
    public var outsideWindowActions: String?

    /// The same, as the lab model's scenarios take it.
    public var scenePhaseDetection: ScenePhaseDetection {
        ScenePhaseDetection(
            canSeeMinimize: sceneDetection.canSeeMinimize,
            canRestore: sceneDetection.canRestoreItself || outsideWindowActions != nil)
    }

    /// Makes the environment; ``LabApp`` fills in the window once it exists.
    public init(application: Application, context: LifecycleContext, timing: LabTiming) {
        self.application = application
        self.context = context
        self.timing = timing
        self.scenes = GtkScenes(context: context)
    }

    /// Gives the focus to a second window, so the main window becomes `.inactive` (SPEC §1).
    public func focusElsewhere() {
        let other: Window
        if let elsewhere {
            other = elsewhere
        } else {
            other = Window(title: tr("Elsewhere"))
            other.setDefaultSize(width: 260, height: 120)
            let label = Label(tr("The main window lost the focus.\nClose this window or click the main one."))
            label.setMargins(18)
            other.child = label
            other.hidesOnClose = true
            elsewhere = other
        }
        other.present()
    }

    /// Gives the focus back to the main window (`.active`).
    public func focusMainWindow() {
        elsewhere?.hide()
        window.present()
    }

    /// Closes the second window for good (shutdown).
    func closeElsewhere() {
        elsewhere?.destroy()
        elsewhere = nil
    }
}

extension LabEnvironment {
    /// Makes `window` the main window the pages use and gives it its scene (named "main").
    ///
    /// ``LabApp`` does the same at start-up; the GTK tests call this to build the pages in a
    /// window of their own.
    public func attachMainWindowForPages(_ window: Window) {
        self.window = window
        self.windowScene = scenes.scene(for: window, name: "main")
    }
}
