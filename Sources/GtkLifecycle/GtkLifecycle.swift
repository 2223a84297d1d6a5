public import Gtk
public import LifecycleTasks

extension ScenePhase {
    /// The core's phase for a window phase GTK reported (SPEC §1): one to one.
    public init(_ phase: WindowPhase) {
        switch phase {
        case .active: self = .active
        case .inactive: self = .inactive
        case .background: self = .background
        }
    }
}

/// Ties a lifecycle node to a widget: `GtkWidget::map` is the node's appear and
/// `GtkWidget::unmap` its disappear (SPEC §1).
///
/// Hiding the widget or an ancestor, removing it from its parent and closing its window all
/// unmap it; minimizing the window does not, so a node does not disappear on minimize (the
/// scene phase says `.background` instead, see ``GtkScenes``). A node can appear again after
/// it disappeared, and then its `.task` starts again.
///
/// ```swift
/// let node = LifecycleNode(name: "toast", scene: scene, context: context)
/// node.task { try? await context.sleep(for: .seconds(3)) }
/// let binding = WidgetLifecycle(node: node, widget: toastLabel)   // appears at map
/// ```
/// The binding keeps its signal handlers until ``detach()`` or until the binding is released;
/// the widget's handlers hold the node, not the binding.
@MainActor
public final class WidgetLifecycle {
    /// The node the widget drives.
    public let node: LifecycleNode
    private let connections = SignalConnectionBag()

    /// Connects `widget`'s map and unmap to `node`. If the widget is mapped already, the node
    /// appears now, as it would have at map.
    public init(node: LifecycleNode, widget: Widget) {
        self.node = node
        connections.insert(widget.onMap { [node] in
            if !node.isAppeared { node.appear() }
        })
        connections.insert(widget.onUnmap { [node] in
            if node.isAppeared { node.disappear() }
        })
        if widget.isMapped && !node.isAppeared { node.appear() }
    }

    /// Disconnects from the widget; the node gets no more events from it.
    public func detach() { connections.disconnectAll() }
}

/// Feeds the core's scenes from GTK windows: each window's `is-active`, `GdkToplevel` state and
/// visibility become its ``WindowScene``'s phase, and the ``AppScene`` aggregates them (SPEC §1).
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
    private let context: LifecycleContext
    private var entries: [(window: WeakBox<Window>, tracker: WindowPhaseTracker, scene: WindowScene)] = []
    private let connections = SignalConnectionBag()

    /// Makes the app scene; windows are added with ``scene(for:name:)``.
    public init(context: LifecycleContext) {
        self.context = context
        self.app = AppScene(context: context)
    }

    /// The scene of `window`, made on first request. Its phase follows the window from now on;
    /// when the window is destroyed the scene leaves the app aggregate.
    public func scene(for window: Window, name: String) -> WindowScene {
        if let entry = entries.first(where: { $0.window.value === window }) { return entry.scene }
        let tracker = WindowPhaseTracker(window: window)
        let scene = WindowScene(name: name, app: app, context: context, phase: ScenePhase(tracker.phase))
        tracker.onPhaseChange { [weak scene] _, new in scene?.update(phase: ScenePhase(new)) }
        entries.append((WeakBox(window), tracker, scene))
        connections.insert(window.onDestroy { [weak self, weak window] in
            guard let self, let window else { return }
            self.forget(window)
        })
        return scene
    }

    /// Re-derives `window`'s phase from GTK now and reports it to its scene if it changed;
    /// does nothing for a window that is not followed.
    public func refresh(_ window: Window) {
        entries.first(where: { $0.window.value === window })?.tracker.refresh()
    }

    private func forget(_ window: Window) {
        entries.removeAll { entry in
            guard entry.window.value === window else { return false }
            entry.tracker.invalidate()
            entry.scene.update(phase: .background)
            entry.scene.close()
            return true
        }
    }
}
