import Gettext
import Gtk
import LifecycleTasks

/// The panel's task list (SPEC §5): one row per registered task in id order, over a
/// virtualized ``ListView`` whose model holds only the ids; GTK makes row widgets for the rows
/// in view, and they read the ``TaskRowModel``.
///
/// A batch reaches the list view as the fewest edits that mirror it (or as one replacement of
/// all rows when ``ListEditCost`` says that is cheaper), and a changed row is refilled only if
/// GTK has bound a widget to it, so one change costs O(visible rows), not O(rows).
@MainActor
final class TaskListView {
    /// The column titles above the list.
    let header = Box(.horizontal, spacing: 6)
    /// The list in its scroller.
    let scroller = ScrolledWindow()

    private(set) var model: TaskRowModel
    private var list: ListView<Box>!
    private var rowParts = RowPartsTable<TaskRowParts>(leastPrune: 512)
    /// The header's columns; its map measures the monospace cell for the tab stops.
    private let headerParts: TaskRowParts
    /// The tab stops every row's label has, once the header has been on screen to measure the
    /// font (nil before).
    private(set) var tabStops: [Label.TabStop]?
    /// The core's time, which ages are measured in.
    private let coreNow: @MainActor () -> Duration

    /// - Parameters:
    ///   - grace: how long an ended task's row stays.
    ///   - now: the core's time, which ages are measured in.
    init(grace: Duration, now: @escaping @MainActor () -> Duration) {
        model = TaskRowModel(grace: grace)
        coreNow = now
        headerParts = TaskRowParts(row: header, header: true)
        headerParts.fillHeader()
        header.addCssClass("task-header")
        list = ListView(
            setup: { [weak self] in
                let row = Box(.horizontal, spacing: 6)
                let parts = TaskRowParts(row: row)
                if let stops = self?.tabStops { parts.columns.setTabStops(stops) }
                self?.rowParts.register(parts, for: row)
                return row
            },
            bind: { [weak self] widget, id, _ in
                guard let self, let number = Int(id) else { return }
                self.bind(widget, to: TaskID(number))
            })
        headerParts.columns.onMap { [weak self] in self?.measureTabStops() }
        list.addCssClass("task-list")
        list.setAccessibleLabel(tr("Tasks"))
        scroller.setVerticalOnly()
        scroller.child = list
        scroller.vexpand = true
        scroller.minContentHeight = 140
    }

    /// Sets every row's tab stops from the width of a cell in the rows' monospace font, read
    /// from the header now that it is styled and on screen (again at each map, so a changed
    /// font size is picked up when the window comes back).
    private func measureTabStops() {
        let sample = 20
        let layout = TextLayout(for: headerParts.columns)
        layout.text = String(repeating: "0", count: sample)
        guard layout.width > 0 else { return }
        let stops = PanelFormat.tabStops(cellWidth: layout.width / Double(sample))
        guard stops != tabStops else { return }
        tabStops = stops
        headerParts.columns.setTabStops(stops)
        for parts in rowParts.alive { parts.columns.setTabStops(stops) }
    }

    /// The header's label, styled as the rows' are.
    var headerLabel: Label { headerParts.columns }

    /// How many row widgets GTK made (the rows in view and a margin, not one per task).
    var rowWidgetCount: Int { list.rowWidgetCount }

    /// Applies one coalesced batch of registry changes.
    func apply(_ batch: PanelBatch, ids: [TaskID]) {
        apply(model.apply(latest: batch.latest, ids: ids, removed: batch.removed, now: .now))
    }

    /// Removes the rows whose grace has passed.
    func expireEndedRows() {
        apply(model.expire(now: .now))
    }

    /// Moves the ages of the live rows in view on (the 4 Hz tick).
    func refreshLiveAges() {
        let now = coreNow()
        forEachBoundRow { parts, record in
            if record.isLive { parts.refreshAge(record, now: now) }
        }
    }

    private func apply(_ edit: RowEdit) {
        guard !edit.isEmpty else { return }
        let replacesAll =
            edit.needsReset
            || ListEditCost.replacesAllRows(
                appending: edit.appended.count, removing: edit.removedIndices.count, rowsAfter: model.order.count)
        if replacesAll {
            list.setRows(model.order.map { String($0.rawValue) })
        } else {
            for index in edit.removedIndices.reversed() { list.remove(at: index) }
            for id in edit.appended { list.append(String(id.rawValue)) }
        }
        assert(list.count == model.order.count, "TaskPanel: list and model disagree")
        // A changed row needs no model signal: only its widget, if GTK has bound one, shows
        // it; rows bound later read the model. This keeps one update O(visible rows).
        guard !edit.reloaded.isEmpty else { return }
        let changed = Set(edit.reloaded)
        let now = coreNow()
        forEachBoundRow(showing: changed.contains) { parts, record in parts.fill(record, now: now) }
    }

    /// Calls `body` for each row widget GTK holds that shows a task `wanted` picks and that
    /// still has a row. The id is checked before the record is looked up: a change refills a
    /// row or two out of about 200 widgets.
    private func forEachBoundRow(
        showing wanted: (TaskID) -> Bool = { _ in true }, _ body: (TaskRowParts, TaskRecord) -> Void
    ) {
        for parts in rowParts.alive {
            guard let id = parts.boundID, wanted(id), let record = model.records[id] else { continue }
            body(parts, record)
        }
    }

    private func bind(_ widget: Box, to id: TaskID) {
        guard let parts = rowParts.parts(of: widget), let record = model.records[id]
        else { return }
        parts.fill(record, now: coreNow())
    }
}
