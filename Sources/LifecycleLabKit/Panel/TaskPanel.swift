public import Gtk
public import LifecycleTasks

/// The live task panel (SPEC §5): counters, one row per registered task, a timeline of bars
/// and the event log, all following the core's ``TaskRegistry`` and ``EventLog``.
///
/// The panel updates on change, not by polling: registry changes and log events are
/// coalesced and applied once per main-loop turn (an idle source), as a handful of edits to
/// virtualized ``ListView``s, so a panel holding 10 000 rows applies one change in well under a
/// frame. The only timers are a 4 Hz tick, running only while a task is live (ages and the
/// timeline's open bars move), and otherwise one timeout for the next ended row to leave.
///
/// ```swift
/// let panel = TaskPanel(context: environment.context)
/// paned.endChild = panel.root             // about 440 px wide, beside the pages
/// …
/// panel.detach()                          // at shutdown: stop observing
/// ```
///
/// Rows of ended tasks stay for ``endedRowGrace`` (3 s by default), dimmed, then leave; a row
/// also leaves when the registry drops the record from its history (`.removed`).
@MainActor
public final class TaskPanel {
    /// How long a row stays visible after its task ended.
    public let endedRowGrace: Duration
    /// How many event-log lines the panel keeps at least; it trims back to this many once
    /// ``logSlack`` more have arrived.
    public let logLimit: Int
    /// How far the log may grow past ``logLimit`` before its oldest lines are trimmed
    /// (a quarter of the limit, at least 16).
    public let logSlack: Int

    private let context: LifecycleContext
    private let box = Box(.vertical, spacing: 6)
    private let counterLabels: [Label]
    private var rows: TaskRowModel
    private var list: ListView<Box>!
    private var rowParts: [ObjectIdentifier: TaskRowParts] = [:]
    private var nextPrune = 512
    private var logList: ListView<Label>!
    private var logOrder: [Int] = []
    private var logTexts: [Int: String] = [:]
    private var nextLogLine = 0
    private let logScroller = ScrolledWindow()
    private var lastLogScroll: ContinuousClock.Instant?
    private var logTrimScheduled = false
    private let timeline: TimelineView

    private var pendingLatest: [TaskID: TaskRecord] = [:]
    private var pendingRemoved: Set<TaskID> = []
    private var pendingEvents: [LifecycleEvent] = []
    private var flushScheduled = false
    private var tickSource: SourceHandle?
    private var detached = false
    private var tokens: [ObservationToken] = []
    private let uiClock = ContinuousClock()

    /// Makes the panel and starts following `context`'s registry and event log; rows for the
    /// tasks already live (and ended ones still within the grace) are there at once.
    /// - Parameters:
    ///   - context: the core's clock, registry and log.
    ///   - endedRowGrace: how long an ended task's row stays (tests pass a short one).
    ///   - logLimit: how many event-log lines are kept (the oldest leave first, in chunks of
    ///     ``logSlack``).
    ///   - timelineCapacity: how many of the newest tasks the timeline draws.
    public init(context: LifecycleContext, endedRowGrace: Duration = .seconds(3),
                logLimit: Int = 500, timelineCapacity: Int = 30) {
        precondition(logLimit > 0, "TaskPanel: logLimit must be at least 1")
        precondition(timelineCapacity > 0, "TaskPanel: timelineCapacity must be at least 1")
        self.context = context
        self.endedRowGrace = endedRowGrace
        self.logLimit = logLimit
        self.logSlack = max(16, logLimit / 4)
        self.rows = TaskRowModel(grace: endedRowGrace)
        self.timeline = TimelineView(capacity: timelineCapacity, now: { context.now })
        self.counterLabels = PanelFormat.counterFields(RegistryCounters()).map { name, _ in
            let label = Label("\(name) 0")
            label.addCssClass("counter")
            label.tooltip = Self.counterTips[name]
            return label
        }
        buildWidgets()
        follow(context)
    }

    /// The panel's widget: a vertical box to put beside the page stack.
    public var root: Widget { box }

    /// Stops following the registry and the log, and stops the tick. The widgets stay as
    /// they are; the panel cannot be re-attached.
    public func detach() {
        detached = true
        stopTicking()
        for token in tokens { token.cancel() }
        tokens = []
        pendingLatest = [:]
        pendingRemoved = []
        pendingEvents = []
    }

    // MARK: Reading (tests, benchmarks, the scenario verdicts)

    /// The counters as shown: the registry's at the last applied batch.
    public private(set) var counters = RegistryCounters()

    /// The counters row as text: `live 1 · started 3 · cancelled 1 · finished 1 · failed 0 · orphaned 1`.
    public var countersText: String { PanelFormat.counters(counters) }

    /// Number of task rows in the list.
    public var rowCount: Int { rows.order.count }

    /// The task ids with a row, ascending.
    public var rowIDs: [TaskID] { rows.order }

    /// The row's text, `#3  dismiss  T1  toast  running  1.2 s  [orphan]`, or `nil` when
    /// the task has no row (not seen yet, or left).
    public func row(for id: TaskID) -> String? {
        rows.records[id].map { PanelFormat.rowText($0, now: context.now) }
    }

    /// The state the row shows, or `nil` without a row.
    public func state(for id: TaskID) -> TaskState? { rows.records[id]?.state }

    /// The row's flags, or `nil` without a row.
    public func flags(for id: TaskID) -> (orphan: Bool, retains: Bool)? {
        rows.records[id].map { ($0.isOrphan, $0.retainsOwner) }
    }

    /// Number of lines in the event log (between ``logLimit`` and ``logLimit`` + ``logSlack``
    /// once that many events happened).
    public var logLineCount: Int { logOrder.count }

    /// The event log's lines, oldest first: `t=1.234 s  appear toast`.
    public var logLines: [String] { logOrder.compactMap { logTexts[$0] } }

    /// Number of bars the timeline draws.
    public var timelineBarCount: Int { timeline.bars.count }

    /// The task ids the timeline draws, ascending.
    public var timelineTaskIDs: [TaskID] { timeline.bars.map(\.id) }

    /// Whether the 4 Hz tick runs (only while a task is live).
    public var isTicking: Bool { timerKind == .tick }

    /// Whether any panel timer is pending: the tick, or the one-shot timeout for the next
    /// ended row to leave. `false` when idle.
    public var hasTimer: Bool { timerKind != .none }

    /// Whether changes (or a trim of the log) are waiting for the next main-loop turn.
    public var hasPendingChanges: Bool {
        !pendingLatest.isEmpty || !pendingRemoved.isEmpty || !pendingEvents.isEmpty || logTrimScheduled
    }

    /// How many row widgets GTK made for the task list (the visible rows and a margin, not
    /// one per task: the list is virtualized).
    public var rowWidgetCount: Int { list.rowWidgetCount }

    /// How many batches were applied (each covers every change since the previous one).
    public private(set) var appliedBatchCount = 0

    // MARK: Applying changes

    /// Applies every change collected since the last batch now, instead of at the next
    /// main-loop turn (the `app.panel_10k` benchmark times this).
    public func flushPendingChanges() {
        guard !detached else { return }
        let hadRowChanges = !pendingLatest.isEmpty || !pendingRemoved.isEmpty
        let hadEvents = !pendingEvents.isEmpty
        if hadRowChanges {
            let latest = pendingLatest, removed = pendingRemoved
            pendingLatest = [:]
            pendingRemoved = []
            let ids = latest.keys.sorted()
            apply(rows.apply(latest: latest, ids: ids, removed: removed, now: uiClock.now))
            if timeline.take(latest, ids: ids) { timeline.redraw() }
        }
        if hadEvents { applyEvents() }
        if hadRowChanges || hadEvents { appliedBatchCount += 1 }
        showCounters(context.registry.counters)
        updateTicking()
    }

    private func follow(_ context: LifecycleContext) {
        let registry = context.registry
        // What is there already: live tasks, and ended ones still within the grace.
        let now = context.now
        var initial: [TaskID: TaskRecord] = [:]
        let known = registry.records
        for record in known where record.isLive || record.endedAt.map({ now - $0 < endedRowGrace }) == true {
            initial[record.id] = record
        }
        for record in known.suffix(timeline.capacity) { timeline.take(record) }
        pendingLatest = initial
        pendingEvents = Array(context.log.entries.suffix(logLimit))
        tokens.append(registry.observe { [weak self] change in self?.collect(change) })
        tokens.append(context.log.observe { [weak self] event in self?.collect(event) })
        flushPendingChanges()
    }

    private func collect(_ change: RegistryChange) {
        switch change {
        case .added(let record), .updated(let record): pendingLatest[record.id] = record
        case .removed(let id): pendingRemoved.insert(id)
        }
        scheduleFlush()
    }

    private func collect(_ event: LifecycleEvent) {
        pendingEvents.append(event)
        scheduleFlush()
    }

    private func scheduleFlush() {
        guard !flushScheduled && !detached else { return }
        flushScheduled = true
        MainLoop.idle { [weak self] in
            guard let self else { return }
            self.flushScheduled = false
            self.flushPendingChanges()
        }
    }

    /// GTK 4.8's list view rebinds every row widget it holds (about 200) when rows before them
    /// move, so a removal above them costs a full rebind; past a few, one replacement of all
    /// rows costs about the same once, unless many rows remain (replacing 10k rows costs more
    /// than a few removals, which are cheap below the rows on screen).
    private static let bulkRemovals = 8
    /// Appends past the last row are cheap one by one; a flood (10k starts) goes in one splice.
    private static let bulkAppends = 256

    private func replacesAllRows(for edit: RowEdit) -> Bool {
        if edit.needsReset || edit.appended.count > Self.bulkAppends { return true }
        let removals = edit.removedIndices.count
        return removals > Self.bulkRemovals && (rows.order.count <= 1_000 || removals * 4 >= rows.order.count)
    }

    private func apply(_ edit: RowEdit) {
        guard !edit.isEmpty else { return }
        if replacesAllRows(for: edit) {
            list.setRows(rows.order.map { String($0.rawValue) })
        } else {
            for index in edit.removedIndices.reversed() { list.remove(at: index) }
            for id in edit.appended { list.append(String(id.rawValue)) }
        }
        assert(list.count == rows.order.count, "TaskPanel: list and model disagree")
        // A changed row needs no model signal: only its widget, if GTK has bound one, shows
        // it; rows bound later read the model. This keeps one update O(visible rows).
        guard !edit.reloaded.isEmpty else { return }
        let changed = Set(edit.reloaded)
        let now = context.now
        for parts in rowParts.values where parts.box != nil {
            guard let id = parts.boundID, changed.contains(id), let record = rows.records[id] else { continue }
            parts.fill(record, now: now)
        }
    }

    private func applyEvents() {
        let events = pendingEvents
        pendingEvents = []
        var timelineChanged = false
        for event in events { timelineChanged = timeline.take(event) || timelineChanged }
        if timelineChanged { timeline.redraw() }
        // Follow new lines only while the newest is in view (the user may have scrolled up).
        // Right after our own scroll GTK may not have laid out yet, so that counts as in view.
        let follow = logOrder.isEmpty || recentlyScrolledLog || logScroller.isScrolledToEnd()
        let kept = events.suffix(logLimit)
        var appended: [Int] = []
        appended.reserveCapacity(kept.count)
        for event in kept {
            nextLogLine += 1
            logTexts[nextLogLine] = PanelFormat.logLine(event)
            appended.append(nextLogLine)
        }
        logOrder.append(contentsOf: appended)
        if appended.count > Self.bulkAppends {
            // A flood: one splice for all, trimmed at once.
            dropOldestLogLines()
            logList.setRows(logOrder.map(String.init))
        } else {
            for line in appended { logList.append(String(line)) }
            if logOrder.count > logLimit + logSlack { scheduleLogTrim() }
        }
        if follow { scrollLogToEnd() }
    }

    /// Trims the log back to ``logLimit`` lines in its own idle pass, apart from applying
    /// changes: a removal at the top makes GTK rebind every row widget of the log (about 200),
    /// so it happens once per ``logSlack`` lines rather than once per line.
    private func scheduleLogTrim() {
        guard !logTrimScheduled else { return }
        logTrimScheduled = true
        MainLoop.idle { [weak self] in
            guard let self else { return }
            self.logTrimScheduled = false
            guard !self.detached, self.logOrder.count > self.logLimit else { return }
            let follow = self.logScroller.isScrolledToEnd() || self.recentlyScrolledLog
            self.dropOldestLogLines()
            self.logList.setRows(self.logOrder.map(String.init))
            if follow { self.scrollLogToEnd() }
        }
    }

    private func dropOldestLogLines() {
        let overflow = max(0, logOrder.count - logLimit)
        for line in logOrder.prefix(overflow) { logTexts[line] = nil }
        logOrder.removeFirst(overflow)
    }

    private var recentlyScrolledLog: Bool {
        lastLogScroll.map { $0.duration(to: uiClock.now) < .milliseconds(300) } ?? false
    }

    private func scrollLogToEnd() {
        guard logList.count > 0 else { return }
        logList.scrollTo(index: logList.count - 1)
        lastLogScroll = uiClock.now
    }

    private func showCounters(_ new: RegistryCounters) {
        guard new != counters || appliedBatchCount <= 1 else { return }
        counters = new
        for (label, field) in zip(counterLabels, PanelFormat.counterFields(new)) {
            label.text = "\(field.0) \(field.1)"
        }
        let orphaned = counterLabels[5], failed = counterLabels[4]
        if new.orphaned > 0 { orphaned.addCssClass("alert") } else { orphaned.removeCssClass("alert") }
        if new.failed > 0 { failed.addCssClass("alert") } else { failed.removeCssClass("alert") }
    }

    // MARK: Timers (the 4 Hz tick while tasks live; one shot for the next row to leave)

    private enum TimerKind { case none, tick, leave }
    private var timerKind = TimerKind.none

    /// Ages and the timeline's open bars move only while a task is live.
    private var hasLiveTasks: Bool { rows.liveCount > 0 || timeline.hasLiveBars }

    /// Starts the timer the panel needs now: the 4 Hz tick while a task is live, else a
    /// single timeout at the next ended row's deadline, else none.
    private func updateTicking() {
        guard !detached else { return }
        switch timerKind {
        case .tick:
            return  // the tick notices by itself when nothing is live any more
        case .leave:
            guard hasLiveTasks else { return }  // the one shot reschedules itself when it fires
            stopTicking()
        case .none:
            break
        }
        if hasLiveTasks {
            timerKind = .tick
            tickSource = MainLoop.timeoutSource(after: .milliseconds(250)) { [weak self] in
                guard let self else { return false }
                if self.tick() { return true }
                self.timerKind = .none
                self.updateTicking()
                return false
            }
        } else if let deadline = rows.nextLeaveDeadline {
            timerKind = .leave
            let wait = max(.milliseconds(1), uiClock.now.duration(to: deadline))
            tickSource = MainLoop.timeoutSource(after: wait) { [weak self] in
                guard let self, !self.detached else { return false }
                self.timerKind = .none
                self.apply(self.rows.expire(now: self.uiClock.now))
                self.updateTicking()
                return false
            }
        }
    }

    private func stopTicking() {
        if let source = tickSource.take() { source.cancel() }
        timerKind = .none
    }

    /// One 4 Hz tick; returns whether to keep ticking (a task is still live).
    private func tick() -> Bool {
        guard !detached else { return false }
        apply(rows.expire(now: uiClock.now))
        let now = context.now
        for parts in rowParts.values where parts.box != nil {
            guard let id = parts.boundID, let record = rows.records[id], record.isLive else { continue }
            parts.refreshAge(record, now: now)
        }
        let live = hasLiveTasks
        // One more redraw after the last live bar ended, so the bar closes.
        timeline.redraw()
        return live
    }

    // MARK: Widgets

    private static let counterTips: [String: String] = [
        "live": "Tasks running or cancelling",
        "started": "Tasks ever started",
        "cancelled": "Tasks that ended cancelled",
        "finished": "Tasks that ended finished",
        "failed": "Tasks that ended with an error",
        "orphaned": "Live tasks whose owner disappeared without cancelling them",
    ]

    private func buildWidgets() {
        box.addCssClass("panel")
        box.setSizeRequest(width: 440, height: -1)
        box.setMargins(top: 6, bottom: 6, start: 6, end: 6)

        // Two rows of three keep the panel narrow (about 440 px) with equal cells.
        let counterRows = Box(.vertical, spacing: 0, accessibleRole: .status)
        counterRows.setAccessibleLabel("Task counters")
        for start in stride(from: 0, to: counterLabels.count, by: 3) {
            let row = Box(.horizontal, spacing: 2)
            row.isHomogeneous = true
            for label in counterLabels[start..<min(start + 3, counterLabels.count)] { row.append(label) }
            counterRows.append(row)
        }
        box.append(counterRows)

        box.append(heading("Tasks"))
        let header = Box(.horizontal, spacing: 6)
        TaskRowParts(row: header).fillHeader()
        header.addCssClass("task-header")
        box.append(header)
        list = ListView(
            setup: { [weak self] in
                let row = Box(.horizontal, spacing: 6)
                let parts = TaskRowParts(row: row)
                self?.register(parts, for: row)
                return row
            },
            bind: { [weak self] widget, id, _ in
                guard let self, let number = Int(id) else { return }
                self.bind(widget, to: TaskID(number))
            })
        list.addCssClass("task-list")
        list.setAccessibleLabel("Tasks")
        let listScroller = ScrolledWindow()
        listScroller.setVerticalOnly()
        listScroller.child = list
        listScroller.vexpand = true
        listScroller.minContentHeight = 140
        box.append(listScroller)

        box.append(heading("Timeline"))
        box.append(timeline.area)

        box.append(heading("Event log"))
        logList = ListView(
            setup: {
                let label = Label()
                label.xalign = 0
                label.ellipsizesEnd = true
                label.addCssClass("event-log")
                return label
            },
            bind: { [weak self] label, id, _ in
                guard let self, let line = Int(id) else { return }
                label.text = self.logTexts[line] ?? ""
            })
        logList.setAccessibleLabel("Event log")
        logScroller.setVerticalOnly()
        logScroller.child = logList
        logScroller.minContentHeight = 150
        box.append(logScroller)
    }

    private func heading(_ text: String) -> Label {
        let label = Label(text, accessibleRole: .heading)
        label.xalign = 0
        label.addCssClass("heading")
        return label
    }

    /// Row widgets come and go with GTK's recycling; entries whose box is gone are dropped
    /// now and then so the table stays about as big as the visible rows.
    private func register(_ parts: TaskRowParts, for row: Box) {
        if rowParts.count >= nextPrune {
            rowParts = rowParts.filter { $0.value.box != nil }
            nextPrune = max(512, rowParts.count * 2)
        }
        rowParts[ObjectIdentifier(row)] = parts
    }

    private func bind(_ widget: Box, to id: TaskID) {
        guard let parts = rowParts[ObjectIdentifier(widget)], parts.box === widget,
              let record = rows.records[id] else { return }
        parts.fill(record, now: context.now)
    }
}
