import Gettext
import Gtk
import LifecycleTasks

/// The panel's event log (SPEC §5): one line per appear, disappear, scene-phase and task event,
/// with its time, in a virtualized ``ListView`` that follows the newest line while the user has
/// not scrolled up. The lines are ``EventLogLines``; a trim back to the limit runs in its own
/// idle pass once the slack is used up.
@MainActor
final class EventLogView {
    /// The log in its scroller.
    let scroller = ScrolledWindow()
    private(set) var lines: EventLogLines
    /// Whether a trim waits for the next main-loop turn.
    private(set) var isTrimScheduled = false
    private var list: ListView<Label>!
    private var lastScroll: ContinuousClock.Instant?
    private var isStopped = false

    /// - Parameter limit: how many lines are kept at least.
    init(limit: Int) {
        lines = EventLogLines(limit: limit)
        list = ListView(
            setup: {
                let label = Label()
                label.xalign = 0
                label.ellipsizesEnd = true
                label.addCssClass("event-log")
                return label
            },
            bind: { [weak self] label, id, _ in
                guard let self, let line = Int(id) else { return }
                label.text = self.lines.text(ofLine: line) ?? ""
            })
        list.setAccessibleLabel(tr("Event log"))
        scroller.setVerticalOnly()
        scroller.child = list
        scroller.minContentHeight = 150
    }

    /// Adds a line per event at the bottom.
    func append(_ events: [LifecycleEvent]) {
        // Follow new lines only while the newest is in view (the user may have scrolled up).
        // Right after our own scroll GTK may not have laid out yet, so that counts as in view.
        let follow = lines.count == 0 || recentlyScrolled || scroller.isScrolledToEnd()
        let added = lines.append(events)
        if ListEditCost.replacesAllRows(appending: added.count, removing: 0, rowsAfter: lines.count) {
            // A flood: one splice for all, trimmed at once.
            lines.dropOldest()
            list.setRows(lines.numbers.map(String.init))
        } else {
            for number in added { list.append(String(number)) }
            if lines.isPastSlack { scheduleTrim() }
        }
        if follow { scrollToEnd() }
    }

    /// Stops trimming: a trim already asked for does nothing.
    func stop() { isStopped = true }

    /// Trims the log back to its limit in its own idle pass, apart from applying changes: a
    /// removal at the top makes GTK rebind every row widget of the log (about 200), so it
    /// happens once per slack's worth of lines rather than once per line.
    private func scheduleTrim() {
        guard !isTrimScheduled else { return }
        isTrimScheduled = true
        MainLoop.idle { [weak self] in
            guard let self else { return }
            self.isTrimScheduled = false
            guard !self.isStopped, self.lines.count > self.lines.limit else { return }
            let follow = self.scroller.isScrolledToEnd() || self.recentlyScrolled
            self.lines.dropOldest()
            self.list.setRows(self.lines.numbers.map(String.init))
            if follow { self.scrollToEnd() }
        }
    }

    private var recentlyScrolled: Bool {
        lastScroll.map { $0.duration(to: .now) < .milliseconds(300) } ?? false
    }

    private func scrollToEnd() {
        guard list.count > 0 else { return }
        list.scrollTo(index: list.count - 1)
        lastScroll = .now
    }
}
