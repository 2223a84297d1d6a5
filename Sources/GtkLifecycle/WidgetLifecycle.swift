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
    ///
    /// `willAppearAtRealize`: the node's `willAppear()` runs at the widget's `realize` (seed 003's
    /// 3-B hook). GTK realizes a widget before its first map — in `gtk_widget_map`, or already
    /// when it is added to a realized parent — and never again while it lives, so this is a
    /// will-appear only for a widget made fresh for each showing (`if isPresented { View() }`),
    /// not for one that is shown, hidden and shown again.
    public init(node: LifecycleNode, widget: Widget, willAppearAtRealize: Bool = false) {
        self.node = node
        if willAppearAtRealize {
            precondition(
                !widget.isRealized,
                "WidgetLifecycle: willAppearAtRealize needs a widget not realized yet; bind it before adding it")
            connections.insert(widget.onRealize { [node] in node.willAppear() })
        }
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
