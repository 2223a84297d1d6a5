public import Gtk
import GtkLifecycle
public import LabModel

/// Shows toasts in an overlay: each toast is a revealer that slides up from the bottom edge
/// and is removed at once on hide (no animation), so its unmap — the node's disappear —
/// happens inside *Hide toast*'s click.
@MainActor
public final class ToastOverlayHost: ViewHost {
    /// The overlay toasts are added to.
    public let overlay: Overlay
    /// The toasts' text.
    public let message: String
    private var shown: [(view: ToastView, revealer: Revealer, remaining: Label, binding: WidgetLifecycle)] = []

    init(overlay: Overlay, message: String) {
        self.overlay = overlay
        self.message = message
    }

    /// The toast widgets on screen now (0 or 1; a test reads it).
    public var shownWidgets: [Widget] { shown.map(\.revealer) }

    public func present(_ view: ToastView) {
        let revealer = Revealer()
        revealer.transition = .slideUp
        revealer.transitionDuration = 250
        revealer.halign = .center
        revealer.valign = .end
        let toast = Box(.horizontal, spacing: 0, accessibleRole: .status)
        toast.addCssClass("toast")
        toast.setAccessibleLabel(message)
        let text = Label(message)
        let remaining = Label()
        remaining.addCssClass("toast-remaining")
        toast.append(text)
        toast.append(remaining)
        revealer.child = toast
        // Reveal once mapped so GTK animates the slide; revealing before would jump.
        revealer.onMap { [weak revealer] in
            MainLoop.idle { revealer?.revealsChild = true }
        }
        let binding = WidgetLifecycle(node: view.node, widget: revealer)
        shown.append((view, revealer, remaining, binding))
        overlay.addOverlay(revealer)  // maps now if the page is shown: the node appears
    }

    public func dismiss(_ view: ToastView) {
        guard let index = shown.firstIndex(where: { $0.view === view }) else { return }
        let entry = shown.remove(at: index)
        overlay.removeOverlay(entry.revealer)  // unmaps now: the node disappears
        entry.binding.detach()
    }

    func updateRemaining(_ remaining: Duration) {
        shown.last?.remaining.text = LabFormat.seconds(remaining)
    }
}
