internal import CGtk

/// Wraps `GtkScrolledWindow`.
@MainActor
public final class ScrolledWindow: Widget {
    private var held: Widget?
    /// Wraps `gtk_scrolled_window_new`.
    public init(accessibleRole: AccessibleRole? = nil) {
        super.init(type: gtk_scrolled_window_get_type(), accessibleRole: accessibleRole)
    }
    /// Wraps `gtk_scrolled_window_set_child`.
    public var child: Widget? {
        get { held }
        set {
            held = newValue
            gtk_scrolled_window_set_child(opaque, newValue?.widget)
        }
    }
    /// Wraps `gtk_scrolled_window_set_min_content_height`.
    public var minContentHeight: Int {
        get { Int(gtk_scrolled_window_get_min_content_height(opaque)) }
        set { gtk_scrolled_window_set_min_content_height(opaque, gint(newValue)) }
    }
    /// Never scroll horizontally; scroll vertically when needed. Wraps `gtk_scrolled_window_set_policy`.
    public func setVerticalOnly() { gtk_scrolled_window_set_policy(opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC) }
    /// Scroll horizontally when needed; never vertically (the view is as tall as its content).
    /// Wraps `gtk_scrolled_window_set_policy`.
    public func setHorizontalOnly() {
        gtk_scrolled_window_set_policy(opaque, GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
    }
    /// Whether the view asks for its content's natural width. Wraps
    /// `gtk_scrolled_window_set_propagate_natural_width`.
    public var propagatesNaturalWidth: Bool {
        get { gtk_scrolled_window_get_propagate_natural_width(opaque) != 0 }
        set { gtk_scrolled_window_set_propagate_natural_width(opaque, newValue ? 1 : 0) }
    }
    /// Whether the view shows the end of its content (within `slack` pixels), for a log that
    /// follows new lines only while the user has not scrolled up. Reads the
    /// `gtk_scrolled_window_get_vadjustment` value, page size and upper bound.
    public func isScrolledToEnd(slack: Double = 24) -> Bool {
        guard let adjustment = gtk_scrolled_window_get_vadjustment(opaque) else { return true }
        return gtk_adjustment_get_value(adjustment) + gtk_adjustment_get_page_size(adjustment)
            >= gtk_adjustment_get_upper(adjustment) - slack
    }

    /// How far the view is scrolled down, in pixels from the top of the content. Wraps
    /// `gtk_adjustment_get_value` / `gtk_adjustment_set_value` on the vertical adjustment.
    public var verticalOffset: Double {
        get { gtk_scrolled_window_get_vadjustment(opaque).map { gtk_adjustment_get_value($0) } ?? 0 }
        set {
            guard let adjustment = gtk_scrolled_window_get_vadjustment(opaque) else { return }
            gtk_adjustment_set_value(adjustment, newValue)
        }
    }

    /// How far the view can scroll down: the content's height less the view's, in pixels (0
    /// when all of it is in view). Wraps `gtk_adjustment_get_upper` and
    /// `gtk_adjustment_get_page_size` of the vertical adjustment.
    public var verticalScrollRange: Double {
        guard let adjustment = gtk_scrolled_window_get_vadjustment(opaque) else { return 0 }
        return max(0, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
    }

    /// Shows the end of the content at once, without GTK's scroll animation: sets the vertical
    /// adjustment's value to its upper bound minus the page size. Wraps `gtk_adjustment_set_value`.
    ///
    /// No animation means no frame-clock tick callback outlives the call: an animated scroll
    /// (`gtk_text_view_scroll_to_mark` with GTK 4.8) still running when its window closes made
    /// GTK report a `g_signal_handler_disconnect` critical and a frame clock updating count
    /// below zero.
    public func scrollToEnd() {
        guard let adjustment = gtk_scrolled_window_get_vadjustment(opaque) else { return }
        gtk_adjustment_set_value(
            adjustment, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
    }

    /// Calls `body` when the vertical extent changes: the content grew or shrank (a text view
    /// measured lines it had only estimated) or the view was resized. Wraps the vertical
    /// `GtkAdjustment`'s `changed` signal.
    @discardableResult
    public func onVerticalExtentChanged(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        let adjustment = gtk_scrolled_window_get_vadjustment(opaque)!
        return connectSignal(
            UnsafeMutableRawPointer(adjustment), "changed", ClosureBox<VoidBody>(body), cFunction(voidTrampoline))
    }

    /// Calls `body` when the horizontal extent changes: the view was made wider or narrower,
    /// or its content's width changed. GTK calls it while it allocates the view: change no
    /// widget's content from `body` (queue the change, e.g. with ``MainLoop/idle(_:)``). Wraps
    /// the horizontal `GtkAdjustment`'s `changed` signal.
    @discardableResult
    public func onHorizontalExtentChanged(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        let adjustment = gtk_scrolled_window_get_hadjustment(opaque)!
        return connectSignal(
            UnsafeMutableRawPointer(adjustment), "changed", ClosureBox<VoidBody>(body), cFunction(voidTrampoline))
    }
}
