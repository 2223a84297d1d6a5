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
/// the widget's handlers hold the node, not the binding. Keep a binding when the node must
/// stop following the widget before the widget goes (a host that reuses widgets); otherwise
/// ``Gtk/Widget/lifecycle(_:in:scenes:_:)`` binds for the widget's whole life in one call.
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
        Self.connect(node, to: widget, willAppearAtRealize: willAppearAtRealize) { connections.insert($0) }
    }

    /// Connects `widget`'s realize (if asked), map and unmap to `node`, hands each connection to
    /// `keep`, and makes the node appear now if the widget is mapped already. The handlers hold
    /// `node` and `extra`.
    static func connect(
        _ node: LifecycleNode, to widget: Widget, willAppearAtRealize: Bool, extra: AnyObject? = nil,
        keep: (consuming SignalConnection) -> Void
    ) {
        if willAppearAtRealize {
            precondition(
                !widget.isRealized,
                "WidgetLifecycle: willAppearAtRealize needs a widget not realized yet; bind it before adding it")
            keep(widget.onRealize { [node] in node.willAppear() })
        }
        keep(
            widget.onMap { [node, extra] in
                withExtendedLifetime(extra) {
                    if !node.isAppeared { node.appear() }
                }
            })
        keep(
            widget.onUnmap { [node] in
                if node.isAppeared { node.disappear() }
            })
        if widget.isMapped && !node.isAppeared { node.appear() }
    }

    /// Disconnects from the widget; the node gets no more events from it.
    public func detach() { connections.disconnectAll() }
}

extension Widget {
    /// Gives the widget a lifecycle node for as long as the widget lives, in the scene of
    /// `window`: the widget's map is the node's appear, its unmap the node's disappear, and the
    /// window's focus, minimize and visibility the node's scene phase (SPEC §1).
    ///
    /// ```swift
    /// label.lifecycle("ticker", in: window, scenes: scenes) { node in
    ///     node.task(while: .active) {
    ///         var seconds = 0
    ///         while !Task.isCancelled {
    ///             label.text = "\(seconds) s"
    ///             try? await context.sleep(for: .seconds(1))
    ///             seconds += 1
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// Nothing needs keeping: the widget's own signal handlers hold the node and `scenes` until
    /// GTK disposes of the widget or `window` is destroyed, whichever comes first (a window's
    /// widgets are unmapped before it goes, so the node has disappeared by then). An action may
    /// capture the widget; the node appears at once if the widget is mapped already.
    ///
    /// - Parameters:
    ///   - name: the node's name, as the event log and the task panel show it.
    ///   - window: the window the widget is shown in; followed by `scenes` from now on (its
    ///     scene named after its title, if `scenes` did not follow it yet).
    ///   - scenes: the scenes the window's phase feeds; its context is the node's.
    ///   - modifiers: adds the node's modifiers (`task`, `onAppear` …) before the node is bound.
    /// - Returns: the node, to read or add to later.
    @discardableResult
    public func lifecycle(
        _ name: String, in window: Window, scenes: GtkScenes, _ modifiers: (LifecycleNode) -> Void
    ) -> LifecycleNode {
        let scene = scenes.scene(for: window, name: window.title.isEmpty ? name : window.title)
        let node = LifecycleNode(name: name, scene: scene, context: scenes.context)
        modifiers(node)
        // The widget's handlers are the node's only owner. They go when GLib disposes of the
        // widget or when the window is destroyed, whichever comes first: an action that captures
        // the widget would otherwise keep the widget, and so the handlers, alive for good. Each
        // side's destroy drops the other's handler, so a window outliving many bound widgets
        // keeps nothing of them.
        let widgetHandlers = SignalConnectionBag()
        let windowHandler = SignalConnectionBag()
        WidgetLifecycle.connect(node, to: self, willAppearAtRealize: false, extra: scenes) { widgetHandlers.insert($0) }
        windowHandler.insert(window.onDestroy { [widgetHandlers] in widgetHandlers.disconnectAll() })
        widgetHandlers.insert(onDestroy { [windowHandler] in windowHandler.disconnectAll() })
        return node
    }

    /// Gives the widget a lifecycle node for as long as the widget lives, in no scene (its scene
    /// phase is always `.active`): the widget's map is the node's appear, its unmap the node's
    /// disappear (SPEC §1).
    ///
    /// ```swift
    /// spinner.lifecycle("loader", context: context) { node in
    ///     node.task { await model.load() }
    /// }
    /// ```
    ///
    /// The widget's signal handlers hold the node until GTK disposes of the widget. Unlike
    /// ``lifecycle(_:in:scenes:_:)`` no window ends the binding, so an action that captures the
    /// widget keeps both for good: capture what the action needs instead.
    ///
    /// - Parameters:
    ///   - name: the node's name, as the event log and the task panel show it.
    ///   - context: the lifecycle context whose clock, registry and log the node uses.
    ///   - modifiers: adds the node's modifiers (`task`, `onAppear` …) before the node is bound.
    /// - Returns: the node, to read or add to later.
    @discardableResult
    public func lifecycle(
        _ name: String, context: LifecycleContext, _ modifiers: (LifecycleNode) -> Void
    ) -> LifecycleNode {
        let node = LifecycleNode(name: name, scene: nil, context: context)
        modifiers(node)
        WidgetLifecycle.connect(node, to: self, willAppearAtRealize: false) { _ in }
        return node
    }
}
