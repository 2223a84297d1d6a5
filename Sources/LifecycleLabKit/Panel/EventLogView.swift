import Gettext
import Gtk
import LifecycleTasks

/// The panel's event log (SPEC §5): one line per appear, disappear, scene-phase and task event,
/// with its time, in one read-only ``TextView`` that follows the newest line while the user
/// has not scrolled up. The lines are ``EventLogLines``; the view shows exactly them, and a trim
/// back to the limit runs in its own idle pass once the slack is used up.
///
/// One text view rather than a list of labels: GTK 4.8's list view keeps up to 200 row widgets
/// alive, and every one of them was restyled when the window turned active or inactive — a
/// third of the frame that delays the next scene-phase change (`app.phase_latency`).
///
/// Following the end sets the scroller's adjustment when the extent grows (the text view
/// measures new lines at layout), never GTK's animated scroll to a mark: that animation still
/// running as a window closed made GTK 4.8 report criticals.
@MainActor
final class EventLogView {
    /// The log in its scroller.
    let scroller = ScrolledWindow()
    private(set) var lines: EventLogLines
    /// Whether a trim waits for the next main-loop turn.
    private(set) var isTrimScheduled = false
    private let view = TextView()
    /// Whether the newest line was in view at the last change: the view then stays at the end
    /// as the text grows (the user may have scrolled up to read, and then it stays put).
    private var isFollowing = true
    private var isStopped = false

    /// - Parameter limit: how many lines are kept at least.
    init(limit: Int) {
        lines = EventLogLines(limit: limit)
        view.addCssClass("event-log")
        view.setAccessibleLabel(tr("Event log"))
        scroller.setVerticalOnly()
        scroller.child = view
        scroller.minContentHeight = 150
        scroller.onVerticalExtentChanged { [weak self] in
            guard let self, self.isFollowing else { return }
            self.scroller.scrollToEnd()
        }
    }

    /// The text the view shows: the kept lines, oldest first, one per line.
    var shownText: String { view.text }

    /// Adds a line per event at the bottom.
    func append(_ events: [LifecycleEvent]) {
        // Follow new lines only while the newest is in view (the user may have scrolled up).
        // Until the next layout the extent is the old one, so this reads where the user is.
        isFollowing = scroller.isScrolledToEnd()
        let wasEmpty = lines.count == 0
        let added = lines.append(events)
        guard !added.isEmpty else { return }
        if added.count >= lines.limit {
            // A burst that fills the log alone: the view shows just its lines.
            lines.dropOldest()
            view.text = lines.lines.joined(separator: "\n")
        } else {
            let text = added.compactMap { lines.text(ofLine: $0) }.joined(separator: "\n")
            view.append(wasEmpty ? text : "\n" + text)
        }
        if lines.isPastSlack { scheduleTrim() }
    }

    /// Stops trimming: a trim already asked for does nothing.
    func stop() { isStopped = true }

    /// Trims the log back to its limit in its own idle pass, apart from applying changes, once
    /// per slack's worth of lines rather than once per line.
    private func scheduleTrim() {
        guard !isTrimScheduled else { return }
        isTrimScheduled = true
        MainLoop.idle { [weak self] in
            guard let self else { return }
            self.isTrimScheduled = false
            guard !self.isStopped, self.lines.count > self.lines.limit else { return }
            self.isFollowing = self.scroller.isScrolledToEnd()
            let overflow = self.lines.count - self.lines.limit
            self.lines.dropOldest()
            self.view.removeFirstLines(overflow)
        }
    }
}
