public import Gtk
import GtkLifecycle
public import LabModel

/// Shows toasts in an overlay: each toast is a revealer that slides up from the bottom edge.
///
/// Two ways out, as in seed 000 (SPEC §3): the *Hide toast* button's hide removes the toast at
/// once (``dismiss(_:)``), so its unmap — the node's disappear — happens inside the click; a
/// timer's hide slides it out first (``dismissAnimated(_:removed:)``, seed 000's
/// `withAnimation`) and removes it when the slide ends, so the node disappears then.
@MainActor
public final class ToastOverlayHost: ViewHost {
    /// One toast on screen.
    private final class Entry {
        let view: ToastView
        let revealer: Revealer
        let remaining: Label
        let binding: WidgetLifecycle
        /// Moves the countdown on while the toast is on screen; cancelled when it is removed.
        var countdown: SourceHandleBox?
        /// Set while it slides out: what to call once it is removed.
        var removed: (@MainActor () -> Void)?
        var isLeaving: Bool { removed != nil }

        init(view: ToastView, revealer: Revealer, remaining: Label, binding: WidgetLifecycle) {
            self.view = view
            self.revealer = revealer
            self.remaining = remaining
            self.binding = binding
        }
    }

    /// The overlay toasts are added to.
    public let overlay: Overlay
    /// The toasts' text.
    public let message: String
    /// How long the slide-out of a timer's hide takes, in milliseconds.
    public let slideOutMilliseconds: Int
    private var shown: [Entry] = []
    /// The time left before the shown toast's D runs out (``ToastScreen/remainingTime``); each
    /// toast on screen counts it down itself, ten times a second.
    var remainingTime: (@MainActor () -> Duration?)?

    init(overlay: Overlay, message: String, slideOut: Duration) {
        self.overlay = overlay
        self.message = message
        let (seconds, attoseconds) = slideOut.components
        slideOutMilliseconds = max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }

    /// The toast widgets on screen now, sliding out ones included (a test reads it).
    public var shownWidgets: [Widget] { shown.map(\.revealer) }

    /// The toast widgets sliding out now.
    public var leavingWidgets: [Widget] { shown.filter(\.isLeaving).map(\.revealer) }

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
        let binding = WidgetLifecycle(node: view.node, widget: revealer)
        let entry = Entry(view: view, revealer: revealer, remaining: remaining, binding: binding)
        // Reveal once mapped so GTK animates the slide; revealing before would jump. A toast
        // already sliding out stays out.
        revealer.onMap { [weak entry] in
            MainLoop.idle {
                guard let entry, !entry.isLeaving else { return }
                entry.revealer.revealsChild = true
            }
        }
        // The slide-out ended: remove the toast (after the notification, not inside it).
        revealer.onChildRevealed { [weak self, weak entry] in
            guard let entry, entry.isLeaving, !entry.revealer.isChildRevealed else { return }
            MainLoop.idle { self?.remove(entry) }
        }
        entry.countdown = SourceHandleBox(
            MainLoop.timeoutSource(after: .milliseconds(100)) { [weak self] in
                self?.updateRemaining()
                return true
            })
        shown.append(entry)
        updateRemaining()
        overlay.addOverlay(revealer)  // maps now if the page is shown: the node appears
    }

    /// The button's hide (and a reset): removes the toast at once, also one still sliding out.
    public func dismiss(_ view: ToastView) {
        guard let entry = shown.first(where: { $0.view === view }) else { return }
        remove(entry)
    }

    /// A timer's hide: slides the toast out, then removes it (its node disappears then) and calls
    /// `removed`. A toast that never finished appearing (not revealed yet) goes at once.
    public func dismissAnimated(_ view: ToastView, removed: @escaping @MainActor () -> Void) {
        guard let entry = shown.first(where: { $0.view === view }) else {
            removed()
            return
        }
        entry.removed = removed
        guard entry.revealer.revealsChild, entry.revealer.isMapped else {
            remove(entry)
            return
        }
        entry.revealer.transitionDuration = slideOutMilliseconds
        // GTK animates back to hidden and notifies `child-revealed` at the end (at once when
        // animations are off).
        entry.revealer.revealsChild = false
    }

    private func updateRemaining() {
        guard let remaining = remainingTime?() else { return }
        shown.last { !$0.isLeaving }?.remaining.text = LabFormat.seconds(remaining)
    }

    private func remove(_ entry: Entry) {
        guard let index = shown.firstIndex(where: { $0 === entry }) else { return }
        shown.remove(at: index)
        entry.countdown?.cancel()
        overlay.removeOverlay(entry.revealer)  // unmaps now: the node disappears
        entry.binding.detach()
        let removed = entry.removed
        entry.removed = nil
        removed?()
    }
}
