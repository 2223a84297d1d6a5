import Gettext
import Gtk
import LabModel
import LifecycleTasks

/// Compare mode's timelines: one per side, each following its own context's registry and log
/// as the panel's timeline does, all drawn on one time axis (the union of their ranges), so the
/// stale T1 timer on one side lines up with T2's cancelled one on the other.
///
/// The sides' contexts must share one clock and have been made at the same moment: a bar's x is
/// its time since its context was made.
@MainActor
final class CompareTimelines {
    /// The timelines with a caption each, one row per side.
    let root = Grid()
    /// The timelines, one per side, in order.
    private(set) var timelines: [TimelineView] = []
    private var captions: [Label] = []
    private var batchers: [ChangeBatcher] = []
    private var ticker: PanelTicker?

    init() {
        root.columnSpacing = 8
        root.rowSpacing = 4
        root.hexpand = true
    }

    /// Follows `sides` from now on (their contexts fresh), replacing what was followed before.
    func follow(_ sides: [(caption: String, kind: StrategyKind, context: LifecycleContext)]) {
        stop()
        for label in captions { root.remove(label) }
        for timeline in timelines { root.remove(timeline.area) }
        captions = []
        timelines = []
        for (row, side) in sides.enumerated() {
            let caption = PageKit.badge()
            PageKit.setBadge(caption, id: side.caption, kind: side.kind, text: side.caption)
            caption.valign = .start
            let context = side.context
            let timeline = TimelineView(capacity: TaskPanel.standardTimelineCapacity, now: { context.now })
            timeline.area.setContentSize(width: 300, height: 96)
            timeline.area.setAccessibleLabel(tr("Task timeline of %{side}", ["side": side.caption]))
            timeline.sharedRange = { [weak self] in self?.sharedRange() }
            root.attach(caption, column: 0, row: row)
            root.attach(timeline.area, column: 1, row: row)
            captions.append(caption)
            timelines.append(timeline)
            let batcher = ChangeBatcher()
            batcher.follow(context, from: PanelBatch()) { [weak self, weak batcher, weak timeline] in
                guard let self, let batcher, let timeline else { return }
                self.apply(batcher.take(), to: timeline)
            }
            batchers.append(batcher)
        }
        ticker = PanelTicker(
            hasLive: { [weak self] in self?.timelines.contains { $0.hasLiveBars } ?? false },
            nextLeave: { nil },
            onTick: { [weak self] in self?.redraw() },
            onLeave: {})
    }

    /// Stops following (and the tick); the bars drawn stay.
    func stop() {
        for batcher in batchers { batcher.stop() }
        batchers = []
        ticker?.stop()
        ticker = nil
    }

    /// The seconds every timeline draws: from the earliest start on any side to the latest end.
    func sharedRange() -> (start: Double, end: Double)? {
        let ranges = timelines.compactMap { timeline in timeline.dataRange(now: timeline.nowValue) }
        guard let start = ranges.map(\.start).min(), let end = ranges.map(\.end).max() else { return nil }
        return (start, end)
    }

    /// Applies every change collected so far now (tests and screenshots).
    func flushPendingChanges() {
        for (batcher, timeline) in zip(batchers, timelines) { apply(batcher.take(), to: timeline) }
    }

    private func apply(_ batch: PanelBatch, to timeline: TimelineView) {
        var changed = false
        if batch.hasRowChanges { changed = timeline.take(batch.latest, ids: batch.latest.keys.sorted()) }
        for event in batch.events { changed = timeline.take(event) || changed }
        // Another side's range may have grown: every timeline redraws on the shared axis.
        if changed { redraw() }
        ticker?.update()
    }

    private func redraw() {
        for timeline in timelines { timeline.redraw() }
    }
}
