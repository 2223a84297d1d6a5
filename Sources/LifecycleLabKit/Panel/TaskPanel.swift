import Gettext
public import Gtk
public import LifecycleTasks

/// The live task panel (SPEC §5): counters, one row per registered task, a timeline of bars
/// and the event log, all following the core's ``TaskRegistry`` and ``EventLog``.
///
/// The panel updates on change, not by polling: registry changes and log events are
/// coalesced and applied once per main-loop turn (an idle source), as a handful of edits to the
/// task list's virtualized ``ListView`` and to the log's one ``TextView``, so a panel holding
/// 10 000 rows applies one change in well under a frame. The only timers are a 4 Hz tick,
/// running only while a task is live (ages and the timeline's open bars move), and otherwise
/// one timeout for the next ended row to leave.
///
/// ```swift
/// let panel = TaskPanel(context: environment.context)
/// paned.endChild = panel.root             // about 440 px wide, beside the pages
/// …
/// panel.detach()                          // at shutdown: stop observing
/// ```
///
/// Rows of ended tasks stay for 3 s, dimmed, then leave; a row also leaves when the registry
/// drops the record from its history (`.removed`).
///
/// Each job has its own type: `ChangeBatcher` collects and coalesces, `TaskListView` keeps
/// the rows, `TimelineView` the bars, `EventLogView` the log, `CountersView` the counters and
/// `PanelTicker` the one timer; the panel lays them out and hands each batch on.
@MainActor
public final class TaskPanel {
    /// How long a row stays visible after its task ended.
    package let endedRowGrace: Duration

    private let context: LifecycleContext
    private let box = Box(.vertical, spacing: 6)
    private let countersView = CountersView()
    private let tasks: TaskListView
    private let timeline: TimelineView
    private let log: EventLogView
    private let batcher = ChangeBatcher()
    private let ticker: PanelTicker

    /// The app's bounds: an ended row stays 3 s, the log keeps 500 lines, the timeline draws
    /// the newest 30 tasks.
    package static let standardGrace = Duration.seconds(3)
    package static let standardLogLimit = 500
    package static let standardTimelineCapacity = 30

    /// Makes the panel and starts following `context`'s registry and event log; rows for the
    /// tasks already live (and ended ones still within the grace) are there at once.
    public convenience init(context: LifecycleContext) {
        self.init(
            context: context, endedRowGrace: Self.standardGrace, logLimit: Self.standardLogLimit,
            timelineCapacity: Self.standardTimelineCapacity)
    }

    /// Makes the panel with other bounds (tests pass a short grace or a small log).
    /// - Parameters:
    ///   - context: the core's clock, registry and log.
    ///   - endedRowGrace: how long an ended task's row stays.
    ///   - logLimit: how many event-log lines are kept (the oldest leave first, in chunks of
    ///     ``logSlack``).
    ///   - timelineCapacity: how many of the newest tasks the timeline draws.
    package init(
        context: LifecycleContext, endedRowGrace: Duration = standardGrace,
        logLimit: Int = standardLogLimit, timelineCapacity: Int = standardTimelineCapacity
    ) {
        precondition(timelineCapacity > 0, "TaskPanel: timelineCapacity must be at least 1")
        self.context = context
        self.endedRowGrace = endedRowGrace
        let tasks = TaskListView(grace: endedRowGrace, now: { context.now })
        let timeline = TimelineView(capacity: timelineCapacity, now: { context.now })
        self.tasks = tasks
        self.timeline = timeline
        log = EventLogView(limit: logLimit)
        ticker = PanelTicker(
            hasLive: { tasks.model.liveCount > 0 || timeline.hasLiveBars },
            nextLeave: { tasks.model.nextLeaveDeadline },
            onTick: {
                tasks.expireEndedRows()
                tasks.refreshLiveAges()
                // Also once after the last live bar ended, so the bar closes.
                timeline.redraw()
            },
            onLeave: { tasks.expireEndedRows() })
        layOut()
        follow(context)
    }

    /// The panel's widget: a vertical box to put beside the page stack.
    public var root: Widget { box }

    /// Stops following the registry and the log, and stops the timers. The widgets stay as
    /// they are; the panel cannot be re-attached.
    public func detach() {
        batcher.stop()
        ticker.stop()
        log.stop()
    }

    /// Applies every change collected since the last batch now, instead of at the next
    /// main-loop turn (the `app.panel_10k` benchmark times this).
    public func flushPendingChanges() {
        guard !batcher.isStopped else { return }
        let batch = batcher.take()
        if batch.hasRowChanges {
            let ids = batch.latest.keys.sorted()
            tasks.apply(batch, ids: ids)
            if timeline.take(batch.latest, ids: ids) { timeline.redraw() }
        }
        if !batch.events.isEmpty {
            var timelineChanged = false
            for event in batch.events { timelineChanged = timeline.take(event) || timelineChanged }
            if timelineChanged { timeline.redraw() }
            log.append(batch.events)
        }
        if !batch.isEmpty { appliedBatchCount += 1 }
        countersView.show(context.registry.counters)
        ticker.update()
    }

    private func follow(_ context: LifecycleContext) {
        // What is there already: live tasks, and ended ones still within the grace.
        let now = context.now
        var initial: [TaskID: TaskRecord] = [:]
        let known = context.registry.records
        for record in known where record.isLive || record.endedAt.map({ now - $0 < endedRowGrace }) == true {
            initial[record.id] = record
        }
        for record in known.suffix(timeline.capacity) { timeline.take(record) }
        let events = Array(context.log.entries.suffix(log.lines.limit))
        batcher.follow(context, from: PanelBatch(latest: initial, events: events)) { [weak self] in
            self?.flushPendingChanges()
        }
        flushPendingChanges()
    }

    /// The narrowest the panel is laid out: the task list's columns and the counters fit.
    nonisolated package static let minimumWidth = 440

    private func layOut() {
        box.addCssClass("panel")
        box.setSizeRequest(width: Self.minimumWidth, height: -1)
        box.setMargins(top: 6, bottom: 6, start: 6, end: 6)
        box.append(countersView.widget)
        box.append(heading(tr("Tasks")))
        box.append(tasks.header)
        box.append(tasks.scroller)
        box.append(heading(tr("Timeline")))
        box.append(timeline.area)
        box.append(heading(tr("Event log")))
        box.append(log.scroller)
    }

    private func heading(_ text: String) -> Label {
        let label = Label(text, accessibleRole: .heading)
        label.xalign = 0
        label.addCssClass("heading")
        return label
    }

    // MARK: Reading (tests and benchmarks, inside this package)

    /// The counters as shown: the registry's at the last applied batch.
    package var counters: RegistryCounters { countersView.shown }

    /// The counters row as text: `live 1 · started 3 · cancelled 1 · finished 1 · failed 0 · orphaned 1 · detached 0`.
    package var countersText: String { PanelFormat.counters(counters) }

    /// The task rows' tab stops (nil until the list's header has been on screen).
    package var rowTabStops: [Label.TabStop]? { tasks.tabStops }

    /// What the task rows GTK has made show now: each bound row's columns, as its label has
    /// them (tabs between the columns), by task.
    package var shownRows: [(id: TaskID, text: String)] { tasks.shownRows }

    /// How the task rows are laid out now: on one line, or on two where one does not fit.
    package var rowLayout: TaskColumns.Layout { tasks.layout }

    /// The task list's header label, in the rows' font.
    package var taskHeader: Label { tasks.headerLabel }

    /// Number of task rows in the list.
    package var rowCount: Int { tasks.model.order.count }

    /// The task ids with a row, ascending.
    package var rowIDs: [TaskID] { tasks.model.order }

    /// The row's text, `#3  dismiss  T1  toast  running  1.2 s  [orphan]`, or `nil` when
    /// the task has no row (not seen yet, or left).
    package func row(for id: TaskID) -> String? {
        tasks.model.records[id].map { PanelFormat.rowText($0, now: context.now) }
    }

    /// The row's fields, whole: id, name, strategy, owner, state, age; `nil` without a row.
    package func fields(for id: TaskID) -> [String]? {
        tasks.model.records[id].map { PanelFormat.fields($0, now: context.now) }
    }

    /// The state the row shows, or `nil` without a row.
    package func state(for id: TaskID) -> TaskState? { tasks.model.records[id]?.state }

    /// The row's flags, or `nil` without a row.
    package func flags(for id: TaskID) -> (orphan: Bool, retains: Bool)? {
        tasks.model.records[id].map { ($0.isOrphan, $0.retainsOwner) }
    }

    /// Whether the row is marked detached on purpose, or `nil` without a row.
    package func isDetached(_ id: TaskID) -> Bool? { tasks.model.records[id]?.isDetached }

    /// How many event-log lines the panel keeps at least.
    package var logLimit: Int { log.lines.limit }

    /// How far the log may grow past ``logLimit`` before its oldest lines are trimmed
    /// (a quarter of the limit, at least 16).
    package var logSlack: Int { log.lines.slack }

    /// Number of lines in the event log (between ``logLimit`` and ``logLimit`` + ``logSlack``
    /// once that many events happened).
    package var logLineCount: Int { log.lines.count }

    /// The event log's lines, oldest first: `t=1.234 s  appear toast`.
    package var logLines: [String] { log.lines.lines }

    /// The event log's scroller (tests scroll it as a reader would).
    package var logScroller: ScrolledWindow { log.scroller }

    /// The event log's text as its view shows it (``logLines``, one per line, once applied).
    package var logShownText: String { log.shownText }

    /// Number of bars the timeline draws.
    package var timelineBarCount: Int { timeline.bars.count }

    /// The task ids the timeline draws, ascending.
    package var timelineTaskIDs: [TaskID] { timeline.bars.map(\.id) }

    /// Whether the 4 Hz tick runs (only while a task is live).
    package var isTicking: Bool { ticker.running == .tick }

    /// Whether any panel timer is pending: the tick, or the one-shot timeout for the next
    /// ended row to leave. `false` when idle.
    package var hasTimer: Bool { ticker.running != .none }

    /// Whether changes (a trim of the log, the rows' layout for a new width) are waiting for the
    /// next main-loop turn.
    package var hasPendingChanges: Bool { batcher.hasPending || log.isTrimScheduled || tasks.isRelayoutQueued }

    /// How many row widgets GTK made for the task list (the visible rows and a margin, not
    /// one per task: the list is virtualized).
    package var rowWidgetCount: Int { tasks.rowWidgetCount }

    /// How many batches were applied (each covers every change since the previous one).
    package private(set) var appliedBatchCount = 0
}
