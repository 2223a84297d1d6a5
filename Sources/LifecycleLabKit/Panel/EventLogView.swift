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
@MainActor
final class EventLogView {
    /// The log in its scroller.
    let scroller = ScrolledWindow()
    private(set) var lines: EventLogLines
    /// Whether a trim waits for the next main-loop turn.
    private(set) var isTrimScheduled = false
    private let view = TextView()
    /// How many lines the view holds (the same as ``lines`` between changes).
    private var shownCount = 0
    private var lastScroll: ContinuousClock.Instant?
    private var isStopped = false

    /// - Parameter limit: how many lines are kept at least.
    init(limit: Int) {
        lines = EventLogLines(limit: limit)
        view.addCssClass("event-log")
        view.setAccessibleLabel(tr("Event log"))
        scroller.setVerticalOnly()
        scroller.child = view
        scroller.minContentHeight = 150
    }

    /// The text the view shows: the kept lines, oldest first, one per line.
    var shownText: String { view.text }

    /// Adds a line per event at the bottom.
    func append(_ events: [LifecycleEvent]) {
        // Follow new lines only while the newest is in view (the user may have scrolled up).
        // Right after our own scroll GTK may not have laid out yet, so that counts as in view.
        let follow = lines.count == 0 || recentlyScrolled || scroller.isScrolledToEnd()
        let added = lines.append(events)
        guard !added.isEmpty else { return }
        if added.count >= lines.limit {
            // A burst that fills the log alone: the view shows just its lines.
            lines.dropOldest()
            view.text = lines.lines.joined(separator: "\n")
        } else {
            let text = added.compactMap { lines.text(ofLine: $0) }.joined(separator: "\n")
            view.append(shownCount == 0 ? text : "\n" + text)
        }
        shownCount = lines.count
        if lines.isPastSlack { scheduleTrim() }
        if follow { scrollToEnd() }
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
            let follow = self.scroller.isScrolledToEnd() || self.recentlyScrolled
            let overflow = self.lines.count - self.lines.limit
            self.lines.dropOldest()
            self.view.removeFirstLines(overflow)
            self.shownCount = self.lines.count
            if follow { self.scrollToEnd() }
        }
    }

    private var recentlyScrolled: Bool {
        lastScroll.map { $0.duration(to: .now) < .milliseconds(300) } ?? false
    }

    private func scrollToEnd() {
        guard shownCount > 0 else { return }
        view.scrollToEnd()
        lastScroll = .now
    }
}
