public import Gtk
public import LifecycleTasks

/// Feeds the core's scenes from GTK windows: each window's `is-active`, `GdkToplevel` state and
/// visibility become its `WindowScene`'s phase, and the `AppScene` aggregates them (SPEC §1).
/// Which of those this session reports is its ``detection``: on Wayland with GTK < 4.12 a
/// minimize cannot be seen, and `.active` follows the `FOCUSED` state.
///
/// ```swift
/// let scenes = GtkScenes(context: context)
/// let scene = scenes.scene(for: window, name: "main")
/// let token = scene.onChange { old, new in print("\(old) → \(new)") }
/// ```
@MainActor
public final class GtkScenes {
    /// The app-wide scene over every window given to ``scene(for:name:)``.
    public let app: AppScene
    /// What this session can detect: backend, GTK version, minimize, active's source.
    public let detection: SceneDetection
    /// The context the scenes log to; nodes bound with ``Gtk/Widget/lifecycle(_:in:scenes:_:)`` use it.
    let context: LifecycleContext
    private var trackers: [WindowSceneTracker] = []
    private let connections = SignalConnectionBag()

    /// Makes the app scene; windows are added with ``scene(for:name:)``.
    /// - Parameters:
    ///   - context: the lifecycle context whose scenes and log the windows' phases feed.
    ///   - detection: what the session can detect; by default ``SceneDetection/current``
    ///     (GTK must have opened its display).
    public init(context: LifecycleContext, detection: SceneDetection? = nil) {
        self.context = context
        self.detection = detection ?? .current
        self.app = AppScene(context: context)
    }

    /// The scene of `window`, made on first request. Its phase follows the window from now on;
    /// when the window is destroyed the scene leaves the app aggregate.
    public func scene(for window: Window, name: String) -> WindowScene {
        if let tracker = tracker(of: window) { return tracker.scene }
        let tracker = WindowSceneTracker(window: window, name: name, app: app, context: context, detection: detection)
        trackers.append(tracker)
        connections.insert(
            window.onDestroy { [weak self, weak window] in
                guard let self, let window else { return }
                self.forget(window)
            })
        return tracker.scene
    }

    /// Re-derives `window`'s phase from GTK now and reports it to its scene if it changed;
    /// does nothing for a window that is not followed.
    public func refresh(_ window: Window) {
        tracker(of: window)?.refresh()
    }

    private func tracker(of window: Window) -> WindowSceneTracker? {
        trackers.first { $0.window === window }
    }

    private func forget(_ window: Window) {
        trackers.removeAll { tracker in
            guard tracker.window === window else { return false }
            tracker.invalidate()
            tracker.scene.update(phase: .background)
            tracker.scene.close()
            return true
        }
    }
}
