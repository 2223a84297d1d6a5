public import Gtk
public import LifecycleTasks

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
        connections.insert(
            widget.onMap { [node] in
                if !node.isAppeared { node.appear() }
            })
        connections.insert(
            widget.onUnmap { [node] in
                if node.isAppeared { node.disappear() }
            })
        if widget.isMapped && !node.isAppeared { node.appear() }
    }

    /// Disconnects from the widget; the node gets no more events from it.
    public func detach() { connections.disconnectAll() }
}
