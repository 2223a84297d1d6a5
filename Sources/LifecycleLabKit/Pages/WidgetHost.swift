import Gtk
import GtkLifecycle
import LabModel

/// Shows a screen's views with real widgets: `present(_:)` builds the view's widget tree and
/// appends it to a container, so the node appears when GTK maps it; `dismiss(_:)` removes it,
/// which unmaps it synchronously (the node disappears before `dismiss` returns).
@MainActor
final class WidgetHost<Hosted: HostedView>: ViewHost {
    /// Where the view's widget goes.
    let container: Box
    /// Makes the widget tree of one view. It must not keep the view's state alive (capture the
    /// page weakly, never the state). Set it once the page exists.
    var build: (@MainActor (Hosted) -> Widget)?
    /// Whether each new view's node gets `willAppear()` from its widget's realize, which GTK
    /// emits before the map (seed 003's 3-B, P5). Each view's widget is made fresh, so it is
    /// realized once, right before it first maps.
    var firesWillAppear = false
    private var shown: [(view: Hosted, widget: Widget, binding: WidgetLifecycle)] = []

    /// Makes a host that appends to `container`.
    init(container: Box) {
        self.container = container
    }

    /// The widget of the view on screen, if any.
    var currentWidget: Widget? { shown.last?.widget }

    func present(_ view: Hosted) {
        guard let build else { preconditionFailure("WidgetHost: set build before presenting a view") }
        let widget = build(view)
        // Bind before appending: appending to a mapped container maps the widget at once.
        let binding = WidgetLifecycle(node: view.node, widget: widget, willAppearAtRealize: firesWillAppear)
        shown.append((view, widget, binding))
        container.append(widget)
    }

    func dismiss(_ view: Hosted) {
        guard let index = shown.firstIndex(where: { $0.view === view }) else { return }
        let entry = shown.remove(at: index)
        // A focused button of the view (Action! just clicked) must not go with the focus: GTK
        // 4.8 then reports a critical at the next key event (seen: Ctrl+3 switching the
        // strategy right after a click on Action!).
        entry.widget.releaseFocus()
        container.remove(entry.widget)  // unmaps now: the node disappears
        entry.binding.detach()
    }
}
